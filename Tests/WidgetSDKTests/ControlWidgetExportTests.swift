import Foundation
import Testing
import WidgetABI
@testable import WidgetSDK
import WidgetPayload

// iOS 18 control widgets exported as the widgets this host runs: a bundle listing a widget and
// two controls, driven through its C tables as a host would, and each control's provider calls.

/// The widget a control is exported as, as a bundle would export it.
func exportedControl<Control: ControlWidget>(_ control: Control) throws -> ExportedWidget {
    try ListedControl(control).exportedControl()
}

/// A context for a call in the control's family, with the instance's configuration if any.
func controlContext(configuration: JSONValue? = nil) -> TimelineProviderContext {
    var context = TimelineProviderContext(
        family: .accessoryCircular, displaySize: DisplaySize(width: 76, height: 76), isPreview: false,
        now: Date(timeIntervalSince1970: 1_000))
    context.configuration = configuration
    return context
}

/// The reply to a timeline call, waited for.
func timelineReply(of widget: ExportedWidget, in context: TimelineProviderContext) async -> ProviderReply {
    await withCheckedContinuation { continuation in
        widget.timeline(context) { continuation.resume(returning: $0) }
    }
}

func snapshotReply(of widget: ExportedWidget, in context: TimelineProviderContext) async -> ProviderReply {
    await withCheckedContinuation { continuation in
        widget.snapshot(context) { continuation.resume(returning: $0) }
    }
}

/// The view tree of a reply's only (or first) entry.
func firstEntryTree(of reply: ProviderReply) throws -> ViewTree {
    let entry = try #require(reply.entry ?? reply.entries?.first, "no entry in \(reply)")
    return try ViewTree(json: try #require(entry.view, "the entry has no view"))
}

/// The first node, depth first, whose kind `match` accepts.
func firstNode(in node: ViewNode, where match: (ViewKind) -> Bool) -> ViewNode? {
    if match(node.kind) { return node }
    for child in node.kind.children {
        if let found = firstNode(in: child, where: match) { return found }
    }
    return nil
}

/// Every text of a tree, depth first.
func controlTexts(in node: ViewNode) -> [String] {
    var found: [String] = []
    if case .text(.verbatim(let text)) = node.kind { found.append(text) }
    for child in node.kind.children { found += controlTexts(in: child) }
    return found
}

@Suite struct ControlWidgetExportTests {
    private func bundle() throws -> wk_bundle_t {
        var host = ABINegotiation.sdk
        let raw = try #require(DaysLeftBundle.export(name: "DaysLeft", version: "1.0.0", hostABIVersion: &host))
        return raw.assumingMemoryBound(to: wk_bundle_t.self).pointee
    }

    @Test func aBundleListingAWidgetAndTwoControlsExportsThreeKinds() throws {
        let bundle = try bundle()
        #expect(bundle.widget_count == 3)
        let widgets = try (0..<Int(bundle.widget_count)).map { try #require(bundle.widgets[$0]).pointee }
        #expect(widgets.map { String(cString: $0.kind) } == ["DaysWidget", "com.example.daysleft.control", "timer"])
        #expect(widgets.map { String(cString: $0.display_name) } == ["Days", "Days Left", "Timer"])
        #expect(String(cString: widgets[1].description) == "Days left in the year.")
        for control in widgets.dropFirst() {
            let families = (0..<Int(control.supported_family_count)).map { String(cString: control.supported_families[$0]!) }
            #expect(families == ["accessoryCircular"])
        }
        // The configurable control is configured as a configurable widget is: by its intent's schema.
        #expect(widgets[1].configuration_schema_json == nil)
        let schemaText = String(cString: try #require(widgets[2].configuration_schema_json))
        let schema = try ConfigurationSchema(json: try JSONReader().read(Array(schemaText.utf8)))
        #expect(schema.title == "Timer")
        #expect(schema.description == "Which timer the control runs.")
        #expect(schema.parameters.map(\.name) == ["name"])
    }

    @Test func aControlTimelineCalledThroughTheCTableAnswersOneEntry() async throws {
        let bundle = try bundle()
        let control = try #require(bundle.widgets[1])
        let entryPoint = try #require(control.pointee.timeline)
        "accessoryCircular".withCString { family in
            var context = wk_context_t(
                struct_size: UInt32(MemoryLayout<wk_context_t>.size), family: family, display_width: 76,
                display_height: 76, is_preview: false, now: 1_000, configuration_json: nil)
            entryPoint(control, &context, recordingCompletion, 18_001)
        }
        let reply = try JSONDecoder().decode(ProviderReply.self, from: Data(try await completionReplies.firstReply(to: 18_001)))
        #expect(reply.entries?.count == 1)
        #expect(reply.entries?.first?.date == 1_000)
        #expect(reply.policy == .never)
        #expect(firstNode(in: try firstEntryTree(of: reply).root) { if case .button = $0 { true } else { false } } != nil)
    }

    @Test func aValueProvidersTimelineDrawsTheCurrentValue() async throws {
        let widget = try exportedControl(DaysCountControl())
        #expect(controlTexts(in: try firstEntryTree(of: await timelineReply(of: widget, in: controlContext())).root) == ["12"])
        // Placeholder and snapshot draw the preview value, as iOS's add sheet does.
        #expect(controlTexts(in: try firstEntryTree(of: widget.placeholder(controlContext())).root) == ["42"])
        #expect(controlTexts(in: try firstEntryTree(of: await snapshotReply(of: widget, in: controlContext())).root) == ["42"])
    }

    @Test func aCurrentValueThatThrowsDrawsThePreviewValue() async throws {
        let reply = await timelineReply(of: try exportedControl(UnreachableControl()), in: controlContext())
        #expect(reply.error == nil)
        #expect(controlTexts(in: try firstEntryTree(of: reply).root) == ["7"])
    }

    @Test func anAppIntentControlPassesItsConfiguration() async throws {
        let widget = try exportedControl(TimerToggle())
        let configured = try firstEntryTree(of: await timelineReply(of: widget, in: controlContext(configuration: .object(["name": .string("Eggs")]))))
        guard case .button(let action, _)? = firstNode(in: configured.root, where: { if case .button = $0 { true } else { false } })?.kind else {
            Issue.record("no toggle's button in \(configured.root)")
            return
        }
        // On: a click turns it off.
        #expect(action.parameters["value"] == .bool(false))
        #expect(action.parameters["name"] == .string("Eggs"))
        // Without a configuration, the intent's defaults; the snapshot draws the preview value.
        let preview = try firstEntryTree(of: await snapshotReply(of: widget, in: controlContext()))
        guard case .button(let previewAction, _)? = firstNode(in: preview.root, where: { if case .button = $0 { true } else { false } })?.kind else {
            Issue.record("no toggle's button in \(preview.root)")
            return
        }
        #expect(previewAction.parameters["value"] == .bool(true))
        #expect(previewAction.parameters["name"] == .string("Tea"))
    }

    @Test func aConfigurationThatDoesNotFitIsAnError() async throws {
        let reply = await timelineReply(
            of: try exportedControl(TimerToggle()), in: controlContext(configuration: .object(["colour": .string("red")])))
        let message = try #require(reply.error?.message)
        #expect(message.hasPrefix("timer: "))
        #expect(message.contains("colour"))
    }
}
