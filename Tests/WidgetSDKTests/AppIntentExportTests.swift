import Foundation
import Synchronization
import Testing
import WidgetABI
import WidgetABIFields
@testable import WidgetSDK
import WidgetPayload

// `AppIntent`s exported with `export(intents:)` and performed through the bundle's C table
// (ABI 1.4), as a host would: the declared list, parameters filled from the host's JSON, the
// performed reply and the error payload of an intent that throws.

/// The amounts `BumpIntent.perform()` was given, in order.
private let bumps = Mutex<[Int]>([])

private struct BumpIntent: AppIntent {
    static let title: LocalizedStringResource = "Bump"
    @Parameter(title: "Amount", default: 1) var amount: Int

    func perform() async throws -> some IntentResult {
        let amount = self.amount
        bumps.withLock { $0.append(amount) }
        return .result()
    }
}

private struct RefusingIntent: AppIntent {
    static let title: LocalizedStringResource = "Refuse"

    struct Refusal: Error, CustomStringConvertible {
        var description: String { "not today" }
    }

    /// Always: a constant rather than a bare throw, so the result type is still spelled `.result()`.
    static let refuses = true

    func perform() async throws -> some IntentResult {
        if Self.refuses { throw Refusal() }
        return .result()
    }
}

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
    var body: some WidgetConfiguration { StaticConfiguration(kind: "WithIntents", provider: Provider()) }
}

private struct IntentsBundle: WidgetBundle {
    var body: some Widget { Plain() }
}


@Suite struct AppIntentExportTests {
    private func bundle(hostMinor: UInt32? = nil) throws -> PeerStruct<wk_bundle_t> {
        var host = ABINegotiation.sdk
        if let hostMinor { host.minor = hostMinor }
        let raw = try #require(IntentsBundle.export(
            name: "Intents", version: "1.0.0", intents: [BumpIntent.self, RefusingIntent.self], hostABIVersion: &host))
        return PeerStruct(raw.assumingMemoryBound(to: wk_bundle_t.self))
    }

    private func perform(_ intent: String, _ parameters: String, token: UInt64) async throws -> JSONValue {
        let bundle = try self.bundle()
        let perform = try #require(bundle[present: \.perform])
        intent.withCString { name in
            parameters.withCString { perform(bundle.pointer, name, $0, recordingCompletion, token) }
        }
        return try JSONReader().read(try await completionReplies.firstReply(to: token))
    }

    @Test func theIntentsAreDeclaredWithTheirParameters() throws {
        let bundle = try bundle()
        let text = String(cString: try #require(bundle[present: \.intents_json]))
        let intents = try IntentDeclaration.list(json: try JSONReader().read(Array(text.utf8)))
        #expect(intents.map(\.name) == ["BumpIntent", "RefusingIntent"])
        #expect(intents.first?.title == "Bump")
        #expect(intents.first?.parameters.map(\.name) == ["amount"])
        #expect(intents.first?.parameters.first?.type == .int)
        #expect(intents.first?.parameters.first?.defaultValue == .integer(1))
    }

    @Test func aPerformFillsTheParametersAndAnswersPerformed() async throws {
        let reply = try await perform("BumpIntent", #"{"amount":5}"#, token: 9001)
        #expect(reply == .object(["version": .integer(1), "performed": .bool(true)]))
        #expect(bumps.withLock { $0.last } == 5)
    }

    @Test func anIntentThatThrowsAnswersTheErrorPayload() async throws {
        let reply = try await perform("RefusingIntent", "{}", token: 9002)
        #expect(reply["error"]?["message"] == .string("RefusingIntent: not today"))
    }

    @Test func anUnknownIntentAnswersTheErrorPayload() async throws {
        let reply = try await perform("NoSuchIntent", "{}", token: 9003)
        guard case .string(let message)? = reply["error"]?["message"] else {
            Issue.record("no error message in \(reply)")
            return
        }
        #expect(message.contains("NoSuchIntent"))
    }

    @Test func aHostSpeaking1_3SeesNoIntents() throws {
        let bundle = try bundle(hostMinor: 3)
        #expect(!bundle.has(\.intents_json))
        #expect(!bundle.has(\.perform))
    }
}
