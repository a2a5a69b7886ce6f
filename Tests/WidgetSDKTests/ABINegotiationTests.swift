import Foundation
import Testing
import WidgetABI
import WidgetABIFields
@testable import WidgetSDK

// What a bundle built with this SDK (ABI 1.6) hands hosts of each version: shaped as the host's
// minor when it can be, or the two permanent fields only, which every host refuses naming both
// versions.

private struct Entry: TimelineEntry, Encodable {
    let date: Date
}

private struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> Entry { Entry(date: context.now) }
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(Entry(date: context.now)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
        completion(Timeline(entries: [Entry(date: context.now)], policy: .never))
    }
}

private struct Plain: Widget {
    var body: some WidgetConfiguration { StaticConfiguration(kind: "Negotiated", provider: Provider()) }
}

private struct PlainBundle: WidgetBundle {
    var body: some Widget { Plain() }
}

private struct GroupsBundle: WidgetBundle {
    var body: some Widget { Plain() }
}

private struct OfflineBundle: WidgetBundle {
    var body: some Widget { Plain() }
}

@Suite struct ABINegotiationTests {
    private func export<B: WidgetBundle>(
        _ bundle: B.Type, host major: UInt32, _ minor: UInt32, groups: [String] = []
    ) throws -> PeerStruct<wk_bundle_t> {
        var host = wk_version_t(major: major, minor: minor, patch: 0)
        let raw = try #require(B.export(version: "1", appGroups: groups, hostABIVersion: &host))
        return PeerStruct(raw.assumingMemoryBound(to: wk_bundle_t.self))
    }

    @Test func theSDKIsAtABI1_7() {
        #expect(ABINegotiation.sdk.major == 1 && ABINegotiation.sdk.minor == 7)
    }

    @Test func aHostOfTheSDKsVersionOrNewerGetsTheWholeBundle() throws {
        for minor: UInt32 in [7, 8] {
            let bundle = try export(PlainBundle.self, host: 1, minor)
            #expect(bundle.size == MemoryLayout<wk_bundle_t>.size)
            #expect(bundle[\.abi_version]?.minor == 7)
            let widgets = try #require(bundle[present: \.widgets])
            #expect(PeerStruct(try #require(widgets[0])).size == MemoryLayout<wk_widget_t>.size)
            let sdk = try #require(bundle[present: \.sdk_version])
            #expect(String(cString: sdk) == "WidgetSDK \(SDKIdentity.version) (ABI 1.7.0)")
            // The default: the bundle keeps the network.
            #expect(bundle[\.sandbox_flags] == 0)
        }
    }

    @Test func aBundleThatNeedsNoNetworkSaysSo() throws {
        var host = wk_version_t(major: 1, minor: 5, patch: 0)
        let raw = try #require(OfflineBundle.export(version: "1", usesNetwork: false, hostABIVersion: &host))
        let bundle = PeerStruct(raw.assumingMemoryBound(to: wk_bundle_t.self))
        #expect(bundle[\.sandbox_flags] == UInt64(WK_SANDBOX_NO_NETWORK))
    }

    @Test func aHostSpeaking1_6GetsWidgetsWithoutEntityQueries() throws {
        let bundle = try export(PlainBundle.self, host: 1, 6)
        #expect(bundle[\.abi_version]?.minor == 6)
        // 1.7 grew the widget, not the bundle.
        #expect(bundle.size == MemoryLayout<wk_bundle_t>.size)
        let widgets = try #require(bundle[present: \.widgets])
        let widget = PeerStruct(try #require(widgets[0]))
        #expect(widget.size == Int(wk_widget_t.size(through: \.previews)))
        #expect(!widget.has(\.entity_query))
    }

    @Test func aHostSpeaking1_5GetsWidgetsWithoutPreviews() throws {
        let bundle = try export(PlainBundle.self, host: 1, 5)
        #expect(bundle[\.abi_version]?.minor == 5)
        // 1.6 grew the widget, not the bundle.
        #expect(bundle.size == MemoryLayout<wk_bundle_t>.size)
        let widgets = try #require(bundle[present: \.widgets])
        let widget = PeerStruct(try #require(widgets[0]))
        #expect(widget.size == Int(wk_widget_t.size(through: \.entity_options)))
        #expect(!widget.has(\.previews))
    }

    @Test func aHostSpeaking1_4GetsA1_4BundleWithoutSandboxFlags() throws {
        let bundle = try export(PlainBundle.self, host: 1, 4)
        #expect(bundle[\.abi_version]?.minor == 4)
        #expect(bundle.size == Int(wk_bundle_t.size(through: \.perform)))
        #expect(bundle.has(\.perform))
        #expect(!bundle.has(\.sandbox_flags))
    }

    @Test func aHostSpeaking1_3GetsA1_3BundleWithoutIntents() throws {
        let bundle = try export(PlainBundle.self, host: 1, 3)
        #expect(bundle[\.abi_version]?.minor == 3)
        // 1.3 grew the widget, not the bundle: it ends at 1.2's last field, before 1.4's intents.
        #expect(bundle.size == Int(wk_bundle_t.size(through: \.sdk_version)))
        #expect(!bundle.has(\.intents_json))
        #expect(!bundle.has(\.perform))
    }

    @Test func aHostSpeaking1_2GetsA1_2BundleAndStaticShapedWidgets() throws {
        let bundle = try export(PlainBundle.self, host: 1, 2)
        #expect(bundle[\.abi_version]?.minor == 2)
        #expect(bundle.size == Int(wk_bundle_t.size(through: \.sdk_version)))
        #expect(bundle[present: \.sdk_version] != nil)
        let widgets = try #require(bundle[present: \.widgets])
        let widget = PeerStruct(try #require(widgets[0]))
        #expect(widget.size == Int(wk_widget_t.size(through: \.timeline)))
    }

    @Test func aHostSpeaking1_1GetsA1_1BundleWithoutTheSDKVersion() throws {
        let bundle = try export(GroupsBundle.self, host: 1, 1, groups: ["group.example.negotiation"])
        #expect(bundle[\.abi_version]?.minor == 1)
        #expect(bundle.size == Int(wk_bundle_t.size(through: \.app_group_count)))
        #expect(bundle[\.app_group_count] == 1)
        #expect(!bundle.has(\.sdk_version))
        #expect(bundle[\.sdk_version] == nil)
    }

    @Test func aHostSpeaking1_0GetsA1_0BundleWhenItDeclaresNoGroups() throws {
        let bundle = try export(PlainBundle.self, host: 1, 0)
        #expect(bundle[\.abi_version]?.minor == 0)
        #expect(bundle.size == Int(wk_bundle_t.size(through: \.widget_count)))
        #expect(bundle[\.widget_count] == 1)
        #expect(!bundle.has(\.app_groups))
    }

    @Test func aBundleWithGroupsCannotServeA1_0Host() throws {
        let bundle = try export(GroupsBundle.self, host: 1, 0, groups: ["group.example.negotiation"])
        // Only the permanent fields: the host reads ABI 1.7.0 and refuses, naming both.
        #expect(bundle.size == Int(wk_bundle_t.size(through: \.abi_version)))
        #expect(bundle[\.abi_version]?.minor == 7)
        #expect(!bundle.has(\.name))
        let refusal = try #require(ABINegotiation.claim(
            for: wk_version_t(major: 1, minor: 0, patch: 0), bundle: "GroupsBundle", appGroups: ["group.a.b"]
        ).failure)
        #expect(refusal.description.contains("ABI 1.7.0"))
        #expect(refusal.description.contains("ABI 1.0.0"))
        #expect(refusal.description.contains("rebuild the bundle against widgethost ABI 1.0's SDK or update the host"))
    }

    @Test func aHostOfAnotherMajorIsRefused() throws {
        let bundle = try export(PlainBundle.self, host: 2, 0)
        #expect(bundle.size == Int(wk_bundle_t.size(through: \.abi_version)))
        #expect(bundle[\.abi_version]?.major == 1)
        let refusal = try #require(ABINegotiation.claim(
            for: wk_version_t(major: 2, minor: 0, patch: 0), bundle: "PlainBundle", appGroups: []
        ).failure)
        #expect(refusal.description.contains("rebuild the bundle against widgethost ABI 2.0's SDK or update the host"))
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
