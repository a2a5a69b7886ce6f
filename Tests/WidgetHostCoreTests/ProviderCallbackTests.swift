import Foundation
import Synchronization
import Testing
import TestSupport
import WidgetABI
@testable import WidgetHostCore

/// `ProviderDriver`'s callback path, the one the worker answers calls with: every call ends
/// exactly once, and a completion that comes wrong is reported exactly once.
@Suite("Provider callbacks")
struct ProviderCallbackTests {
    /// What one call's callbacks saw.
    private final class Recorder: Sendable {
        let outcomes = EventLog<RequestOutcome.Summary>()
        let payloads = Mutex<[[UInt8]]>([])
        let violations = Mutex<[CompletionViolation]>([])

        func finished(_ outcome: RequestOutcome) {
            // The payload first: once the outcome is in the log, a waiting test may look.
            if case .completed(let payload) = outcome { payloads.withLock { $0.append(payload) } }
            outcomes.append(outcome.summary)
        }
    }

    /// Prepares the call and runs its provider on a thread of the test's own, as `start` does
    /// on a provider thread, returning when the provider path returns. TestWidget's functions
    /// call back only before they return, so by then every callback they cause has come, the
    /// wrong extra ones included.
    private func run(_ call: ProviderCall, timeout: Double = 10, recorder: Recorder) async throws {
        let prepared = ProviderDriver(limits: CallLimits(timeout: timeout)).prepare(
            call, on: TestWidget.entryPoints, context: CallContext(family: .systemSmall),
            onViolation: { violation in recorder.violations.withLock { $0.append(violation) } },
            onFinish: { outcome, _ in recorder.finished(outcome) })
        try await offThePool { prepared.run() }
    }

    @Test("A provider that completes twice ends its call once, and the second completion is reported once")
    func secondCompletionReportedOnce() async throws {
        let recorder = Recorder()
        try await run(.timeline, recorder: recorder)  // TestWidget's timeline completes twice
        #expect(recorder.outcomes.all == [.completed])
        #expect(recorder.payloads.withLock { $0 } == [Array(TestWidget.firstAnswer.utf8)])
        let violations = recorder.violations.withLock { $0 }
        #expect(violations.count == 1)
        #expect(violations.first?.isSecondCompletion == true)
        #expect(violations.first?.call == .timeline)
    }

    @Test("A placeholder that returns without completing ends as such, once")
    func placeholderReturnsWithoutCompleting() async throws {
        let recorder = Recorder()
        try await run(.placeholder, recorder: recorder)  // TestWidget's placeholder never completes
        #expect(recorder.outcomes.all == [.returnedWithoutCompleting])
        #expect(recorder.violations.withLock { $0 }.isEmpty)
    }

    @Test("A call that never completes times out once")
    func timeoutEndsOffTheSweeperThread() async throws {
        let recorder = Recorder()
        try await run(.snapshot, timeout: 0.05, recorder: recorder)  // TestWidget's snapshot never completes
        try await recorder.outcomes.wait(for: "the call's timeout") { !$0.isEmpty }
        // A deadline of the test's own, due now: the sweeper fires deadlines in order, so by the
        // time it fires, a second firing of the call's timeout would have come too.
        let later = EventLog<Void>()
        DeadlineSweeper.shared.schedule(after: .zero) { later.append(()) }
        try await later.wait(for: "a deadline after the call's") { !$0.isEmpty }
        #expect(recorder.outcomes.all == [.timedOut])
        #expect(recorder.violations.withLock { $0 }.isEmpty)
    }

    @Test("The async perform still returns the provider's first answer")
    func performWrapsStart() async {
        let (outcome, duration) = await ProviderDriver(limits: .hangGuard).perform(
            .timeline, on: TestWidget.entryPoints, context: CallContext(family: .systemSmall), onViolation: { _ in })
        guard case .completed(let payload) = outcome else {
            Issue.record("expected the first answer, got \(outcome)")
            return
        }
        #expect(payload == Array(TestWidget.firstAnswer.utf8))
        #expect(duration >= .zero)
    }
}

/// A widget made here, not loaded from a bundle: its timeline completes twice, its placeholder
/// returns without completing and its snapshot never completes.
private enum TestWidget {
    static let firstAnswer = #"{"first":true}"#
    static let secondAnswer = #"{"second":true}"#

    private struct Widget: @unchecked Sendable {
        // Unchecked: written once here, never freed, and only read afterwards.
        let pointer: UnsafePointer<wk_widget_t>
    }

    private static let widget: Widget = {
        var widget = wk_widget_t()
        widget.struct_size = UInt32(MemoryLayout<wk_widget_t>.size)
        widget.placeholder = { _, _, _, _ in }
        widget.snapshot = { _, _, _, _ in }
        widget.timeline = { _, _, completion, token in
            for answer in [TestWidget.firstAnswer, TestWidget.secondAnswer] {
                answer.withCString { completion?.pointee.complete(token, $0, strlen($0)) }
            }
        }
        let pointer = UnsafeMutablePointer<wk_widget_t>.allocate(capacity: 1)
        pointer.initialize(to: widget)
        return Widget(pointer: UnsafePointer(pointer))
    }()

    static var entryPoints: ProviderEntryPoints { ProviderEntryPoints(widget: widget.pointer) }
}
