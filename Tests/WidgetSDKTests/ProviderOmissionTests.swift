import Foundation
import Synchronization
import Testing
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

/// Replies by token, and how many each token got.
private let omissionReplies = Mutex<[UInt64: [[UInt8]]]>([:])

// Unsafe is fine: written once here, only read afterwards.
nonisolated(unsafe) private let omissionCompletion: UnsafePointer<wk_completion_t> = {
    let completion = UnsafeMutablePointer<wk_completion_t>.allocate(capacity: 1)
    completion.initialize(to: wk_completion_t(
        struct_size: UInt32(MemoryLayout<wk_completion_t>.size),
        complete: { token, json, length in
            let bytes = Array(UnsafeRawBufferPointer(start: json, count: length))
            omissionReplies.withLock { $0[token, default: []].append(bytes) }
        }))
    return UnsafePointer(completion)
}()

@Suite struct ProviderOmissionTests {
    private func widget(_ index: Int) throws -> UnsafePointer<wk_widget_t> {
        var host = ABINegotiation.sdk
        let raw = try #require(ForgetfulBundle.export(version: "1", hostABIVersion: &host))
        return try #require(raw.assumingMemoryBound(to: wk_bundle_t.self).pointee.widgets[index])
    }

    /// Calls `function` and waits for the answer. Without the check the defaults call each other
    /// for ever and no answer ever comes; `hangBound` only keeps that failure from hanging the
    /// run (a loaded test run can leave the call's task waiting for a thread for many seconds).
    private func call(
        _ function: KeyPath<wk_widget_t, ProviderEntryPoint?>, of widget: UnsafePointer<wk_widget_t>, token: UInt64,
        hangBound: Duration = .seconds(120)
    ) async throws -> ProviderReply {
        let entryPoint = try #require(widget.pointee[keyPath: function])
        let clock = ContinuousClock()
        let start = clock.now
        "systemSmall".withCString { family in
            var context = wk_context_t(
                struct_size: UInt32(MemoryLayout<wk_context_t>.size), family: family,
                display_width: 170, display_height: 170, is_preview: false, now: 1_000, configuration_json: nil)
            entryPoint(widget, &context, omissionCompletion, token)
        }
        while clock.now - start < hangBound {
            if let bytes = omissionReplies.withLock({ $0[token]?.first }) {
                return try JSONDecoder().decode(ProviderReply.self, from: Data(bytes))
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("no answer within \(hangBound): the call hung")
        throw CancellationError()
    }

    @Test func aTimelineNeitherFormWritesIsAnsweredAtOnceWithWhatToWrite() async throws {
        let reply = try await call(\.timeline, of: widget(0), token: 9_001)
        #expect(reply.error?.message == "ForgetfulProvider implements neither getTimeline(in:completion:) nor timeline(in:) async; write one of them")
        #expect(reply.entries == nil)
    }

    @Test func aSnapshotNeitherFormWritesIsAnsweredAtOnceWithWhatToWrite() async throws {
        let reply = try await call(\.snapshot, of: widget(0), token: 9_002)
        #expect(reply.error?.message == "ForgetfulProvider implements neither getSnapshot(in:completion:) nor snapshot(in:) async; write one of them")
        #expect(reply.entry == nil)
    }

    @Test func theCallIsAnsweredExactlyOnce() async throws {
        _ = try await call(\.timeline, of: widget(0), token: 9_003)
        // The stand-in that unwinds the defaults must not reach the host as a second answer.
        try await Task.sleep(for: .milliseconds(200))
        #expect(omissionReplies.withLock { $0[9_003]?.count } == 1)
    }

    @Test func theFormAProviderWroteStillWorksBesideTheOneItForgot() async throws {
        let snapshot = try await call(\.snapshot, of: widget(1), token: 9_004)
        #expect(snapshot.entry?.date == 1_001)
        let timeline = try await call(\.timeline, of: widget(1), token: 9_005)
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
