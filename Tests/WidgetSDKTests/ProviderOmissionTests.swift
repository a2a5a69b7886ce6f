import Foundation
import Testing
import TestSupport
import WidgetABI
@testable import WidgetSDK
import WidgetPayload

// A provider that writes neither form of getSnapshot/snapshot or getTimeline/timeline compiles
// (Swift cannot require one of two), but its calls are answered at once with an error naming
// the provider and the method to write, instead of hanging until the host's timeout.

private struct OmittingEntry: TimelineEntry, Encodable {
    let date: Date
}

/// Only the required placeholder: both pairs are left to the defaults.
private struct ForgetfulProvider: TimelineProvider {
    func placeholder(in context: Context) -> OmittingEntry { OmittingEntry(date: context.now) }
}

/// Writes the snapshot, forgets the timeline.
private struct HalfProvider: TimelineProvider {
    func placeholder(in context: Context) -> OmittingEntry { OmittingEntry(date: context.now) }
    func snapshot(in context: Context) async -> OmittingEntry { OmittingEntry(date: context.now.addingTimeInterval(1)) }
}

private struct ForgetfulWidget: Widget {
    var body: some WidgetConfiguration { StaticConfiguration(kind: "Forgetful", provider: ForgetfulProvider()) }
}

private struct HalfWidget: Widget {
    var body: some WidgetConfiguration { StaticConfiguration(kind: "Half", provider: HalfProvider()) }
}

private struct ForgetfulBundle: WidgetBundle {
    var body: some Widget {
        ForgetfulWidget()
        HalfWidget()
    }
}

/// Tells the test when the task the SDK runs a provider's call on has ended. Set as a task-local
/// around the call: `Task {}` copies task-locals, so that task holds the witness until its body
/// has returned, past the point where a second answer would go out.
private final class ProviderTaskWitness: Sendable {
    static let ended = EventLog<UInt64>()
    @TaskLocal static var current: ProviderTaskWitness?

    let token: UInt64

    init(token: UInt64) {
        self.token = token
    }

    deinit { Self.ended.append(token) }
}

@Suite struct ProviderOmissionTests {
    private func widget(_ index: Int) throws -> UnsafePointer<wk_widget_t> {
        var host = ABINegotiation.sdk
        let raw = try #require(ForgetfulBundle.export(version: "1", hostABIVersion: &host))
        return try #require(raw.assumingMemoryBound(to: wk_bundle_t.self).pointee.widgets[index])
    }

    /// Calls `function` and waits for the answer. Without the check the defaults call each other
    /// for ever and no answer ever comes: the wait's hang guard then fails the test.
    private func call(
        _ function: KeyPath<wk_widget_t, ProviderEntryPoint?>, of widget: UnsafePointer<wk_widget_t>, token: UInt64
    ) async throws -> ProviderReply {
        let entryPoint = try #require(widget.pointee[keyPath: function])
        "systemSmall".withCString { family in
            var context = wk_context_t(
                struct_size: UInt32(MemoryLayout<wk_context_t>.size), family: family,
                display_width: 170, display_height: 170, is_preview: false, now: 1_000, configuration_json: nil)
            entryPoint(widget, &context, recordingCompletion, token)
        }
        let bytes = try await completionReplies.firstReply(to: token)
        return try JSONDecoder().decode(ProviderReply.self, from: Data(bytes))
    }

    @Test func aTimelineNeitherFormWritesIsAnsweredAtOnceWithWhatToWrite() async throws {
        let reply = try await call(\.timeline, of: widget(0), token: 9_101)
        #expect(reply.error?.message == "ForgetfulProvider implements neither getTimeline(in:completion:) nor timeline(in:) async; write one of them")
        #expect(reply.entries == nil)
    }

    @Test func aSnapshotNeitherFormWritesIsAnsweredAtOnceWithWhatToWrite() async throws {
        let reply = try await call(\.snapshot, of: widget(0), token: 9_102)
        #expect(reply.error?.message == "ForgetfulProvider implements neither getSnapshot(in:completion:) nor snapshot(in:) async; write one of them")
        #expect(reply.entry == nil)
    }

    @Test func theCallIsAnsweredExactlyOnce() async throws {
        let token: UInt64 = 9_103
        try await ProviderTaskWitness.$current.withValue(ProviderTaskWitness(token: token)) {
            _ = try await call(\.timeline, of: widget(0), token: token)
        }
        // The stand-in that unwinds the defaults comes back on the provider's task after the
        // first answer; once that task has ended, it has had its chance to reach the host.
        try await ProviderTaskWitness.ended.wait(for: "the provider's task for call \(token) to end") { $0.contains(token) }
        #expect(completionReplies.replies(to: token).count == 1)
    }

    @Test func theFormAProviderWroteStillWorksBesideTheOneItForgot() async throws {
        let snapshot = try await call(\.snapshot, of: widget(1), token: 9_104)
        #expect(snapshot.entry?.date == 1_001)
        let timeline = try await call(\.timeline, of: widget(1), token: 9_105)
        #expect(timeline.error?.message.contains("HalfProvider implements neither getTimeline(in:completion:) nor timeline(in:) async") == true)
    }

    @Test func callingTheDefaultsDirectlyReturnsInsteadOfSpinning() async throws {
        // No export layer: the omission goes to standard error and the call unwinds.
        let context = TimelineProviderContext(
            family: .systemSmall, displaySize: DisplaySize(width: 1, height: 1), isPreview: false,
            now: Date(timeIntervalSince1970: 5))
        let timeline = await ForgetfulProvider().timeline(in: context)
        #expect(timeline.entries.isEmpty)
        let entry = await ForgetfulProvider().snapshot(in: context)
        #expect(entry.date == Date(timeIntervalSince1970: 5))
    }
}
