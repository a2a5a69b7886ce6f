import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetPayload

// `BundleHost.entityOptions(kind:parameter:)`: the options of an entity parameter, asked of the
// configurable C fixture's `entity_options` in this process and in a worker; a bundle that
// never answers times out without costing the host the bundle; a parameter with no options to
// ask for is refused from the schema, before any call.

@Suite struct EntityOptionsTests {
    typealias Isolation = ConfigurableFixture.Isolation
    private let kind = ConfigurableFixture.kind

    @Test(arguments: Isolation.allCases)
    func theBundleOffersItsOptions(_ isolation: Isolation) async throws {
        let (host, _) = try await offThePool { try ConfigurableFixture.host(isolation) }
        defer { host.stopWorkers() }
        let options = try await host.entityOptions(kind: kind, parameter: "spot")
        #expect(options == [EntityOption(value: "lake", title: "Lake"), EntityOption(value: "beach", title: "Beach")])
    }

    @Test(arguments: Isolation.allCases)
    func optionsThatNeverComeTimeOutAndTheBundleStillAnswers(_ isolation: Isolation) async throws {
        let limits = {
            var limits = CallLimits.hangGuard
            limits.entityOptionsTimeout = 1
            return limits
        }()
        let (host, _) = try await offThePool {
            try ConfigurableFixture.host(isolation, defines: ["CONFIGURABLE_HANGING_OPTIONS"], limits: limits)
        }
        defer { host.stopWorkers() }
        do {
            let options = try await host.entityOptions(kind: kind, parameter: "spot")
            Issue.record("a bundle that never answers gave options: \(options)")
        } catch {
            guard case .entityOptionsFailed(let failure) = error else {
                Issue.record("expected entityOptionsFailed, got \(error)")
                return
            }
            #expect(failure.kind == kind)
            #expect(failure.parameter == "spot")
            #expect(failure.error == .timedOut(seconds: 1))
            #expect(error.description.contains("spot"), "\(error)")
        }
        // A worker is recycled after a timeout; the next call reaches a fresh one.
        let widget = try host.widget(kind: kind)
        let timeline = try await host.timeline(
            for: widget, in: CallContext(family: .systemSmall, configuration: ["spot": .string("lake")]))
        #expect(try #require(timeline.entries.first).content["configuration"]?["spot"] == .string("lake"))
    }

    @Test(arguments: Isolation.allCases)
    func aWidgetWithoutTheFieldOffersNoOptions(_ isolation: Isolation) async throws {
        let (host, report) = try await offThePool {
            try ConfigurableFixture.host(isolation, defines: ["CONFIGURABLE_WITHOUT_ENTITY_OPTIONS_FIELD"])
        }
        defer { host.stopWorkers() }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(try await host.entityOptions(kind: kind, parameter: "spot") == [])
    }

    /// With options that never come and a long timeout, an error at once shows no call was made.
    @Test func aParameterNotInTheSchemaIsRefusedBeforeAnyCall() async throws {
        let (host, _) = try await offThePool {
            try ConfigurableFixture.host(defines: ["CONFIGURABLE_HANGING_OPTIONS"], limits: CallLimits(timeout: 600))
        }
        let refusal = try await refusal(host, kind: kind, parameter: "colour")
        #expect(refusal == EntityParameterRefusal(
            kind: kind, parameter: "colour", reason: .unknownParameter(known: ["spot", "weather", "days"])))
        #expect(refusal.description.contains("ConfigurableSpot") && refusal.description.contains("colour"), "\(refusal)")
    }

    @Test func aParameterThatIsNotAnEntityIsRefusedBeforeAnyCall() async throws {
        let (host, _) = try await offThePool {
            try ConfigurableFixture.host(defines: ["CONFIGURABLE_HANGING_OPTIONS"], limits: CallLimits(timeout: 600))
        }
        let refusal = try await refusal(host, kind: kind, parameter: "weather")
        #expect(refusal.reason == .notAnEntity(.enum))
        #expect(refusal.description.contains("weather") && refusal.description.contains("schema"), "\(refusal)")
    }

    @Test func aStaticKindIsRefused() async throws {
        let (host, _) = try await offThePool {
            try ConfigurableFixture.host(source: "Tests/Fixtures/Bundles/abi_1_0.c")
        }
        let refusal = try await refusal(host, kind: "ABIOneZero", parameter: "spot")
        #expect(refusal.reason == .staticKind)
        #expect(refusal.description.contains("ABIOneZero") && refusal.description.contains("not configurable"), "\(refusal)")
    }

    private func refusal(_ host: BundleHost, kind: String, parameter: String) async throws -> EntityParameterRefusal {
        let outcome: Result<[EntityOption], HostCallError>
        do {
            outcome = .success(try await host.entityOptions(kind: kind, parameter: parameter))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .failure(.notAnEntityParameter(let refusal)): return refusal
        case .failure(let other): throw Unexpected(description: "expected notAnEntityParameter, got \(other)")
        case .success(let options): throw Unexpected(description: "options for \(parameter): \(options)")
        }
    }

    private struct Unexpected: Error, CustomStringConvertible {
        let description: String
    }
}
