import Foundation
import Synchronization
import Testing
import WidgetABI
@testable import WidgetHostCore

/// `ProviderDriver.start`, the callback path the worker answers calls with: every call ends
/// exactly once, and a completion that comes wrong is reported exactly once.
@Suite("Provider callbacks")
struct ProviderCallbackTests {
    /// What one call's callbacks saw.
    private final class Recorder: Sendable {
        let outcomes = Mutex<[RequestOutcome.Summary]>([])
        let payloads = Mutex<[[UInt8]]>([])
        let violations = Mutex<[CompletionViolation]>([])

        func finished(_ outcome: RequestOutcome) {
            outcomes.withLock { $0.append(outcome.summary) }
            if case .completed(let payload) = outcome { payloads.withLock { $0.append(payload) } }
        }
    }

    private func start(_ call: ProviderCall, timeout: Double = 10, recorder: Recorder) {
        ProviderDriver(limits: CallLimits(timeout: timeout)).start(
            call, on: TestWidget.entryPoints, context: CallContext(family: .systemSmall),
            onViolation: { violation in recorder.violations.withLock { $0.append(violation) } },
            onFinish: { outcome, _ in recorder.finished(outcome) })
    }

    @Test("A provider that completes twice ends its call once, and the second completion is reported once")
    func secondCompletionReportedOnce() async throws {
        let recorder = Recorder()
        start(.timeline, recorder: recorder)  // TestWidget's timeline completes twice
        let reported = try await poll(within: .seconds(10)) { recorder.violations.withLock { $0.count } == 1 }
        #expect(reported)
        try await Task.sleep(for: .milliseconds(100))  // room for a wrong extra callback
        #expect(recorder.outcomes.withLock { $0 } == [.completed])
        #expect(recorder.payloads.withLock { $0 } == [Array(TestWidget.firstAnswer.utf8)])
        let violations = recorder.violations.withLock { $0 }
        #expect(violations.count == 1)
        #expect(violations.first?.isSecondCompletion == true)
        #expect(violations.first?.call == .timeline)
    }

    @Test("A placeholder that returns without completing ends as such, once")
    func placeholderReturnsWithoutCompleting() async throws {
        let recorder = Recorder()
        start(.placeholder, recorder: recorder)  // TestWidget's placeholder never completes
        let ended = try await poll(within: .seconds(10)) { !recorder.outcomes.withLock { $0.isEmpty } }
        #expect(ended)
        try await Task.sleep(for: .milliseconds(100))
        #expect(recorder.outcomes.withLock { $0 } == [.returnedWithoutCompleting])
        #expect(recorder.violations.withLock { $0 }.isEmpty)
    }

    @Test("A call that never completes times out once")
    func timeoutEndsOffTheSweeperThread() async throws {
        let recorder = Recorder()
        start(.snapshot, timeout: 0.05, recorder: recorder)  // TestWidget's snapshot never completes
        let ended = try await poll(within: .seconds(10)) { !recorder.outcomes.withLock { $0.isEmpty } }
        #expect(ended)
        try await Task.sleep(for: .milliseconds(100))
        #expect(recorder.outcomes.withLock { $0 } == [.timedOut])
    }

    @Test("The async perform still returns the provider's first answer")
    func performWrapsStart() async {
        let (outcome, duration) = await ProviderDriver(limits: CallLimits(timeout: 10)).perform(
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
