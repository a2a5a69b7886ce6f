import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetPayload

// A configurable C kind (Tests/Fixtures/Configurable, ABI 1.3) in a host, in this process and
// in a worker: the host reads its schema through the has-field check, checks a configuration
// against it, and the provider receives the validated configuration, defaults filled in, the
// same way whichever side of the worker protocol it runs on.

@Suite struct ConfigurableBundleTests {
    typealias Isolation = ConfigurableFixture.Isolation

    @Test(arguments: Isolation.allCases)
    func theDescriptorCarriesTheSchema(_ isolation: Isolation) async throws {
        let (host, report) = try await offThePool { try ConfigurableFixture.host(isolation) }
        defer { host.stopWorkers() }
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

    @Test(arguments: Isolation.allCases)
    func theProviderReceivesTheValidatedConfiguration(_ isolation: Isolation) async throws {
        let (host, _) = try await offThePool { try ConfigurableFixture.host(isolation) }
        defer { host.stopWorkers() }
        let widget = try host.widget(kind: "ConfigurableSpot")
        let configuration = try ConfigurationValidator(widget).validate(["spot": .string("lake"), "days": .number(5)])
        let timeline = try await host.timeline(
            for: widget, in: CallContext(family: .systemSmall, configuration: configuration))
        #expect(try #require(timeline.entries.first).content == .object(["configuration": .object([
            "spot": .string("lake"), "weather": .string("sunny"), "days": .integer(5),
        ])]))
    }

    @Test(arguments: Isolation.allCases)
    func aCallWithoutARequiredValueIsRefusedAndTheKindHasNoImplicitInstance(_ isolation: Isolation) async throws {
        let (host, _) = try await offThePool { try ConfigurableFixture.host(isolation) }
        defer { host.stopWorkers() }
        let widget = try host.widget(kind: "ConfigurableSpot")
        await #expect(throws: HostCallError.self) {
            _ = try await host.timeline(for: widget, in: CallContext(family: .systemSmall))
        }
        #expect(host.registry.allRecords.isEmpty)
    }

    @Test func aSchemaTheHostCannotReadRefusesTheWidget() async throws {
        let (_, report) = try await offThePool { try ConfigurableFixture.host(defines: ["CONFIGURABLE_BAD_SCHEMA"]) }
        #expect(report.status != .loaded)
        let issues = "\(report.issues)"
        #expect(issues.contains("configuration_schema_json"), "\(issues)")
        #expect(issues.contains("colour"), "\(issues)")
    }
}
