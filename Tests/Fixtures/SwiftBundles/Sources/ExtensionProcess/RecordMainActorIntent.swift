import AppIntents
import Foundation

/// A `@MainActor` intent, as interactive widgets write them: its `perform()` runs on the main
/// actor, and what it saw is reported by the next timeline of `MainActorIntent`.
struct RecordMainActorIntent: AppIntent {
    static var title: LocalizedStringResource = "Record"

    @MainActor
    func perform() async throws -> some IntentResult {
        Self.performedOnMainThread = Thread.isMainThread
        return .result()
    }

    @MainActor static var performedOnMainThread: Bool?

    static func report(_ completion: @escaping (ReportEntry) -> Void) {
        Task { @MainActor in
            let seen = performedOnMainThread.map { $0 ? "main thread" : "another thread" } ?? "not performed"
            completion(ReportEntry(date: Date(), report: seen, onMainThread: performedOnMainThread ?? false))
        }
    }
}
