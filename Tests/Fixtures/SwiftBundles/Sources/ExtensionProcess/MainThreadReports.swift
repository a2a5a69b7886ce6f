import Combine
import Foundation

/// Providers that complete on the main thread, each the way extensions write it.
enum MainThreadReports {
    static func mainQueue(_ completion: @escaping (ReportEntry) -> Void) {
        DispatchQueue.main.async {
            completion(ReportEntry(date: Date(), report: "main queue", onMainThread: Thread.isMainThread))
        }
    }

    static func mainActorTask(_ completion: @escaping (ReportEntry) -> Void) {
        Task { @MainActor in
            completion(ReportEntry(date: Date(), report: "main actor task", onMainThread: Thread.isMainThread))
        }
    }

    static func mainActorRun(_ completion: @escaping (ReportEntry) -> Void) {
        Task {
            let onMainThread = await MainActor.run { Thread.isMainThread }
            completion(ReportEntry(date: Date(), report: "MainActor.run", onMainThread: onMainThread))
        }
    }

    static func mainRunLoopTimer(_ completion: @escaping (ReportEntry) -> Void) {
        let timer = Timer(timeInterval: 0.01, repeats: false) { _ in
            completion(ReportEntry(date: Date(), report: "timer", onMainThread: Thread.isMainThread))
        }
        RunLoop.main.add(timer, forMode: .common)
    }

    static func combineOnMain(_ completion: @escaping (ReportEntry) -> Void) {
        let cancellable = Just("combine")
            .receive(on: DispatchQueue.main)
            .sink { value in
                completion(ReportEntry(date: Date(), report: value, onMainThread: Thread.isMainThread))
            }
        Subscriptions.shared.keep(cancellable)
    }
}

/// Keeps subscriptions alive until they deliver, as a provider's stored `AnyCancellable` does.
final class Subscriptions: @unchecked Sendable {
    // Unchecked: only ever touched under `lock`.
    static let shared = Subscriptions()
    private let lock = NSLock()
    private var kept: [AnyCancellable] = []

    func keep(_ cancellable: AnyCancellable) {
        lock.lock()
        kept.append(cancellable)
        lock.unlock()
    }
}
