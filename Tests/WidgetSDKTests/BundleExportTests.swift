import Foundation
import Testing
import WidgetABI
@testable import WidgetSDK
import WidgetPayload

// A bundle exported in-process and driven through its C tables, as a host would.

private struct TickEntry: TimelineEntry, Encodable {
    let date: Date
    let tick: Int
}

private struct TickProvider: TimelineProvider {
    func placeholder(in context: Context) -> TickEntry { TickEntry(date: context.now, tick: 0) }

    // The async forms only: the SDK bridges them to the completion-handler calls.
    func snapshot(in context: Context) async -> TickEntry {
        TickEntry(date: context.now, tick: context.isPreview ? -1 : Int(context.displaySize.width))
    }

    func timeline(in context: Context) async -> Timeline<TickEntry> {
        Timeline(entries: (0..<3).map { TickEntry(date: context.now.addingTimeInterval(Double($0)), tick: $0) }, policy: .never)
    }
}

private struct TickWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Tick", provider: TickProvider())
            .configurationDisplayName("Tick")
            .description("Counts.")
            .supportedFamilies([.accessoryCircular, .systemSmall])
    }
}

private struct DefaultsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Defaults", provider: TickProvider())
    }
}

private struct TickBundle: WidgetBundle {
    var body: some Widget {
        TickWidget()
        DefaultsWidget()
    }
}

private struct EmptyBundle: WidgetBundle {
    var body: some Widget {
        if false { TickWidget() }
    }
}


@Suite struct BundleExportTests {
    private var bundle: UnsafePointer<wk_bundle_t> {
        get throws {
            // A host of the SDK's own ABI: the bundle comes whole (ABINegotiationTests covers older ones).
            var host = ABINegotiation.sdk
            let raw = try #require(TickBundle.export(name: "Ticks", version: "2.1.0", hostABIVersion: &host))
            return raw.assumingMemoryBound(to: wk_bundle_t.self)
        }
    }

    private func widget(_ index: Int) throws -> UnsafePointer<wk_widget_t> {
        try #require(try bundle.pointee.widgets[index])
    }

    private func call(
        _ function: KeyPath<wk_widget_t, ProviderEntryPoint?>, of widget: UnsafePointer<wk_widget_t>,
        family: String = "systemSmall", isPreview: Bool = false, token: UInt64
    ) async throws -> ProviderReply {
        let entryPoint = try #require(widget.pointee[keyPath: function])
        family.withCString { family in
            var context = wk_context_t(
                struct_size: UInt32(MemoryLayout<wk_context_t>.size), family: family,
                display_width: 170, display_height: 170, is_preview: isPreview, now: 1_000, configuration_json: nil)
            entryPoint(widget, &context, recordingCompletion, token)
        }
        let bytes = try await completionReplies.firstReply(to: token)
        return try JSONDecoder().decode(ProviderReply.self, from: Data(bytes))
    }

    @Test func describesTheBundleAndItsWidgets() throws {
        let bundle = try bundle.pointee
        #expect(bundle.struct_size == UInt32(MemoryLayout<wk_bundle_t>.size))
        #expect(bundle.abi_version.major == UInt32(WK_ABI_VERSION_MAJOR))
        #expect(String(cString: try #require(bundle.name)) == "Ticks")
        #expect(String(cString: try #require(bundle.version)) == "2.1.0")
        #expect(bundle.widget_count == 2)
        let tick = try widget(0).pointee
        #expect(String(cString: try #require(tick.kind)) == "Tick")
        #expect(String(cString: try #require(tick.description)) == "Counts.")
        let families = (0..<Int(tick.supported_family_count)).map { String(cString: tick.supported_families[$0]!) }
        #expect(families == ["accessoryCircular", "systemSmall"])
    }

    @Test func defaultsMatchWidgetKits() throws {
        let defaults = try widget(1).pointee
        #expect(String(cString: try #require(defaults.display_name)) == "Defaults")
        #expect(defaults.supported_family_count == 3)
    }

    @Test func exportingTwiceHandsOutTheSameTable() throws {
        #expect(try bundle == bundle)
    }

    @Test func placeholderAnswersBeforeItReturns() throws {
        let entryPoint = try #require(try widget(0).pointee.placeholder)
        let token: UInt64 = 101
        "systemSmall".withCString { family in
            var context = wk_context_t(struct_size: UInt32(MemoryLayout<wk_context_t>.size), family: family,
                                       display_width: 1, display_height: 1, is_preview: false, now: 50, configuration_json: nil)
            entryPoint(try? widget(0), &context, recordingCompletion, token)
        }
        let bytes = try #require(completionReplies.replies(to: token).first)
        let reply = try JSONDecoder().decode(ProviderReply.self, from: Data(bytes))
        #expect(reply.entry?.date == 50)
        #expect(reply.entry?.content == .object(["tick": .integer(0)]))
    }

    @Test func asyncProvidersAreBridgedToCompletions() async throws {
        let snapshot = try await call(\.snapshot, of: widget(0), token: 102)
        #expect(snapshot.entry?.content == .object(["tick": .integer(170)]))
        let preview = try await call(\.snapshot, of: widget(0), isPreview: true, token: 103)
        #expect(preview.entry?.content == .object(["tick": .integer(-1)]))
        let timeline = try await call(\.timeline, of: widget(0), token: 104)
        #expect(timeline.entries?.map(\.date) == [1_000, 1_001, 1_002])
        #expect(timeline.policy == .never)
    }

    @Test func anUnknownFamilyIsAnsweredWithAnError() async throws {
        let reply = try await call(\.timeline, of: widget(0), family: "systemHuge", token: 105)
        #expect(reply.error?.message.contains("systemHuge") == true)
        #expect(reply.entries == nil)
    }

    @Test func aBundleWithNoWidgetsIsNotExported() {
        var host = wk_version_t(major: 1, minor: 0, patch: 0)
        #expect(EmptyBundle.export(version: "1", hostABIVersion: &host) == nil)
    }

    @Test func widgetCenterSaysNoWithoutAHost() {
        #expect(WidgetCenter.shared.reloadAllTimelines() == false)
    }
}
