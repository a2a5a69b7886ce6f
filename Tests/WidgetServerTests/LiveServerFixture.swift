import Foundation
import ServerTestSupport
import TestSupport
import WidgetHostCore
import WidgetServer
import WidgetStore

/// The live server over a host of copies of `samples` (`ServerFixture.makeHost`).
enum LiveServerFixture {
    static func start(
        samples: [String] = ServerFixture.samples, maximumSubscribers: Int = 8, configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> LiveServer {
        let store = LazySharedStore(location: TestStore.temporaryLocation())
        let host = try await offThePool { try ServerFixture.makeHost(samples: samples, clock: SystemClock(), store: store) }
        return try await LiveServer.start(host: host, store: store, maximumSubscribers: maximumSubscribers, configure: configure)
    }
}
