import Foundation
import Logging
import Synchronization
import WidgetPayload
import WidgetStoreModel

/// Receives what bundles say through their host services: log lines go to the host's logger
/// and to a bounded in-memory list; reload requests go to the registry; defaults calls reach the
/// host's store.
final class HostEventRouter: BundleServicesDelegate {
    private static let keptLogLines = 1_000

    private let registry: TimelineRegistry
    private let logger: Logger
    private let clock: any HostClock
    private let lines = Mutex<[BundleLogLine]>([])
    private let store: any HostStore

    init(registry: TimelineRegistry, logger: Logger, clock: any HostClock, store: any HostStore) {
        self.registry = registry
        self.logger = logger
        self.clock = clock
        self.store = store
    }

    func answerDefaults(_ request: DefaultsRequest, in group: AppGroupID, bundle: String) -> DefaultsReply {
        request.answer(in: group, store: store)
    }

    var logLines: [BundleLogLine] { lines.withLock { $0 } }

    func bundleLogged(_ line: BundleLogLine) {
        lines.withLock { lines in
            lines.append(line)
            if lines.count > Self.keptLogLines { lines.removeFirst(lines.count - Self.keptLogLines) }
        }
        logger.log(level: line.level.loggerLevel, "\(line.message)", metadata: ["bundle": "\(line.bundle)"])
    }

    func reloadRequested(kinds: [String], bundle: String, path: String) {
        registry.recordReloadRequest(kinds: kinds, at: clock.now)
        logger.info("reload requested", metadata: ["kinds": "\(kinds.joined(separator: ","))", "bundle": "\(bundle)", "path": "\(path)"])
    }
}

extension BundleLogLevel {
    var loggerLevel: Logger.Level {
        switch self {
        case .debug: .debug
        case .info: .info
        case .warning: .warning
        case .error: .error
        }
    }
}
