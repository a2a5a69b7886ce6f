import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetPayload

// A configurable C kind (Tests/Fixtures/Configurable, ABI 1.3) in a host in this process: the
// host reads its schema through the has-field check, checks a configuration against it, and
// the provider receives the validated configuration, defaults filled in.

@Suite struct ConfigurableBundleTests {
    private static let source = "Tests/Fixtures/Configurable/configurable_bundle.c"

    /// A host over a private copy of the fixture built with `defines`.
    private static func host(defines: [String] = []) throws -> (BundleHost, BundleReport) {
        let built = try FixtureCompiler.compile(source, defines: defines)
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-configurable")
        let copy = folder.appendingPathComponent(built.lastPathComponent)
        try FileManager.default.copyItem(at: built, to: copy)
        let host = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: CallLimits(timeout: 10),
            storeLocation: TestStore.temporaryLocation(),
            isolation: InProcessIsolation()))
        let report = try #require(host.bundles.reports.first { $0.path == copy.path })
        return (host, report)
    }

    @Test func theDescriptorCarriesTheSchema() throws {
        let (host, report) = try Self.host()
        #expect(report.status == .loaded, "\(report.issues)")
        let widget = try host.widget(kind: "ConfigurableSpot")
        let schema = try #require(widget.configurationSchema)
        #expect(widget.isConfigurable)
        #expect(schema.title == "Spot")
        #expect(schema.parameters.map(\.name) == ["spot", "weather", "days"])
        #expect(schema.parameters.map(\.type) == [.entity, .enum, .int])
        #expect(schema.parameter(named: "weather")?.options?.map(\.value) == ["sunny", "rainy"])
        #expect(schema.parameter(named: "spot")?.isRequired == true)
    }

    @Test func theProviderReceivesTheValidatedConfiguration() async throws {
        let (host, _) = try Self.host()
        let widget = try host.widget(kind: "ConfigurableSpot")
        let configuration = try ConfigurationValidator(widget).validate(["spot": .string("lake"), "days": .number(5)])
        let timeline = try await host.timeline(
            for: widget, in: CallContext(family: .systemSmall, configuration: configuration))
        #expect(try #require(timeline.entries.first).content == .object(["configuration": .object([
            "spot": .string("lake"), "weather": .string("sunny"), "days": .integer(5),
        ])]))
    }

    @Test func aCallWithoutARequiredValueIsRefusedAndTheKindHasNoImplicitInstance() async throws {
        let (host, _) = try Self.host()
        let widget = try host.widget(kind: "ConfigurableSpot")
        await #expect(throws: HostCallError.self) {
            _ = try await host.timeline(for: widget, in: CallContext(family: .systemSmall))
        }
        #expect(host.registry.allRecords.isEmpty)
    }

    @Test func aSchemaTheHostCannotReadRefusesTheWidget() throws {
        let (_, report) = try Self.host(defines: ["CONFIGURABLE_BAD_SCHEMA"])
        #expect(report.status != .loaded)
        let issues = "\(report.issues)"
        #expect(issues.contains("configuration_schema_json"), "\(issues)")
        #expect(issues.contains("colour"), "\(issues)")
    }
}
