import Foundation
import TestSupport
import Testing
import WidgetDaemon
import WidgetHostCore
import WidgetPayload

// `BundleHost.perform(kind:intent:parameters:)`: an intent of the C fixture
// (Tests/Fixtures/Intents/intents_bundle.c, ABI 1.4) performed in this process and in a worker.
// The fixture's timeline shows how often its perform ran and with what, which is how a test
// tells whether the bundle was reached.

@Suite struct PerformTests {
    typealias Isolation = ConfigurableFixture.Isolation
    private static let source = "Tests/Fixtures/Intents/intents_bundle.c"
    private let kind = "IntentsProbe"

    private static func host(_ isolation: Isolation, performTimeout: Double = 10) async throws -> BundleHost {
        var limits = CallLimits.hangGuard
        limits.performTimeout = performTimeout
        let fixedLimits = limits
        let (host, report) = try await offThePool { try ConfigurableFixture.host(isolation, source: source, limits: fixedLimits) }
        #expect(report.status == .loaded, "\(report.issues)")
        return host
    }

    /// What the fixture's timeline says: its perform count, and the last intent and parameters.
    private func probe(_ host: BundleHost) async throws -> (performs: Int64, last: JSONValue?, parameters: JSONValue?) {
        let timeline = try await host.timeline(for: try host.widget(kind: kind), in: CallContext(family: .systemSmall))
        let content = try #require(timeline.entries.first).content
        guard case .integer(let performs)? = content["performs"] else {
            Issue.record("no performs count in \(content)")
            return (-1, nil, nil)
        }
        return (performs, content["last"], content["parameters"])
    }

    private func performError(
        _ host: BundleHost, _ intent: String, _ parameters: [String: JSONValue] = [:]
    ) async -> HostCallError? {
        do {
            try await host.perform(kind: kind, intent: intent, parameters: parameters)
            return nil
        } catch {
            return error
        }
    }

    @Test func theDescriptorListsTheBundlesIntents() async throws {
        let host = try await Self.host(.inProcess)
        let widget = try host.widget(kind: kind)
        #expect(widget.intents.map(\.name) == ["Succeed", "Fail", "Hang", "Twice"])
        #expect(widget.intents.first?.parameters.map(\.name) == ["amount", "mode"])
    }

    @Test(arguments: Isolation.allCases)
    func aPerformReachesTheBundleWithItsDefaultsFilledIn(_ isolation: Isolation) async throws {
        let host = try await Self.host(isolation)
        defer { host.stopWorkers() }
        try await host.perform(kind: kind, intent: "Succeed", parameters: ["amount": .integer(3)])
        let probe = try await probe(host)
        #expect(probe.performs == 1)
        #expect(probe.last == .string("Succeed"))
        #expect(probe.parameters == .object(["amount": .integer(3), "mode": .string("fast")]))
    }

    @Test(arguments: Isolation.allCases)
    func anIntentThatThrowsIsATypedFailure(_ isolation: Isolation) async throws {
        let host = try await Self.host(isolation)
        defer { host.stopWorkers() }
        guard case .performFailed(let failure)? = await performError(host, "Fail") else {
            Issue.record("a failing intent did not fail as performFailed")
            return
        }
        #expect(failure.intent == "Fail")
        #expect(failure.error == .providerFailed(message: "the probe failed on purpose"))
        #expect(failure.description.contains("Fail"), "\(failure)")
    }

    @Test(arguments: Isolation.allCases)
    func anIntentThatNeverAnswersTimesOutAndTheNextPerformWorks(_ isolation: Isolation) async throws {
        let host = try await Self.host(isolation, performTimeout: 1)
        defer { host.stopWorkers() }
        guard case .performFailed(let failure)? = await performError(host, "Hang") else {
            Issue.record("a hanging intent did not time out")
            return
        }
        #expect(failure.error == .timedOut(seconds: 1))
        // A worker is recycled after a timeout (its count starts again); in process it goes on.
        try await host.perform(kind: kind, intent: "Succeed", parameters: [:])
        let probe = try await probe(host)
        #expect(probe.last == .string("Succeed"))
        #expect(probe.performs == (isolation == .worker ? 1 : 2))
    }

    @Test(arguments: Isolation.allCases)
    func aSecondCompletionIsARecordedViolation(_ isolation: Isolation) async throws {
        let host = try await Self.host(isolation)
        defer { host.stopWorkers() }
        try await host.perform(kind: kind, intent: "Twice", parameters: [:])
        // The worker's report of it crosses the channel after the result: wait for it.
        let violation = try await waitFor("the second completion's violation") { host.intentViolations.violations.first }
        #expect(violation.intent == "Twice" && violation.kind == kind && violation.isSecondCompletion)
    }

    @Test(arguments: Isolation.allCases)
    func aSecondCompletionIsRecordedAgainstTheWidgetPerformedFor(_ isolation: Isolation) async throws {
        let host = try await Self.host(isolation)
        defer { host.stopWorkers() }
        let key = TimelineKey(kind: kind, family: .systemSmall)
        let observed = EventLog<TimelineKey?>()
        host.intentViolations.observe { _, key in observed.append(key) }
        try await host.perform(kind: kind, intent: "Twice", parameters: [:], for: key)
        // The worker's report of it crosses the channel after the result: wait for it. Observers
        // hear of a violation after it is recorded in the registry.
        let heard = try await observed.wait(for: "observers to hear of the second completion") { !$0.isEmpty }
        #expect(heard == [key], "observers hear it with the widget's key")
        let record = host.registry.record(for: key)
        let error = try #require(record?.lastError, "no error recorded against \(key.label)")
        #expect(error.code == "intentSecondCompletion")
        #expect(error.description.contains("'Twice'") && error.description.contains("second time"), "\(error)")
        #expect(record?.lastCompletionViolation?.code == "intentSecondCompletion")

        // The registry database keeps it as it keeps a provider's errors.
        let location = TestStore.temporaryLocation()
        let database = try RegistryDatabase.open(location)
        try database.save([try #require(record)])
        let restored = try #require(try database.restore().records.first { $0.key == key })
        #expect(restored.lastError?.code == "intentSecondCompletion")
        #expect(restored.lastError?.description == error.description)
    }

    @Test func aViolationOfAPerformThatNamedNoWidgetIsKeptOnlyInTheLog() async throws {
        let host = try await Self.host(.inProcess)
        try await host.perform(kind: kind, intent: "Twice", parameters: [:])
        #expect(host.intentViolations.violations.count == 1)
        #expect(host.registry.record(for: TimelineKey(kind: kind, family: .systemSmall))?.lastError == nil)
    }

    @Test(arguments: Isolation.allCases)
    func anUnknownIntentIsRefusedBeforeTheBundleIsCalled(_ isolation: Isolation) async throws {
        let host = try await Self.host(isolation)
        defer { host.stopWorkers() }
        guard case .intentRefused(let refusal)? = await performError(host, "Explode") else {
            Issue.record("an unknown intent was not refused")
            return
        }
        #expect(refusal.reason == .unknownIntent(known: ["Succeed", "Fail", "Hang", "Twice"]))
        #expect(refusal.description.contains("Explode") && refusal.description.contains("Succeed"), "\(refusal)")
        #expect(try await probe(host).performs == 0)
    }

    @Test(arguments: Isolation.allCases)
    func aBadParameterIsRefusedBeforeTheBundleIsCalled(_ isolation: Isolation) async throws {
        let host = try await Self.host(isolation)
        defer { host.stopWorkers() }
        for bad: [String: JSONValue] in [["amount": .string("three")], ["mode": .string("warp")], ["colour": .string("red")]] {
            guard case .intentRefused(let refusal)? = await performError(host, "Succeed", bad) else {
                Issue.record("\(bad) was not refused")
                continue
            }
            guard case .invalidParameters = refusal.reason else {
                Issue.record("\(bad) was refused for \(refusal.reason)")
                continue
            }
            #expect(refusal.description.contains("Succeed"), "\(refusal)")
        }
        #expect(try await probe(host).performs == 0)
    }

    @Test func anUnknownKindIsRefused() async throws {
        let host = try await Self.host(.inProcess)
        do {
            try await host.perform(kind: "Nope", intent: "Succeed", parameters: [:])
            Issue.record("an unknown kind was performed")
        } catch {
            guard case .unknownKind = error else {
                Issue.record("expected unknownKind, got \(error)")
                return
            }
        }
    }
}
