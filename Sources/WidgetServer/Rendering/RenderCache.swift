import Foundation
import Synchronization
import WidgetRender

/// Drawn images by `RenderKey`, so a page of widgets refreshed by many clients draws each once.
/// Bounded: the oldest drawings go first.
final class RenderCache: Sendable {
    struct Image: Sendable {
        let bytes: [UInt8]
        let etag: String
    }

    private struct State {
        var images: [RenderKey: Image] = [:]
        var order: [RenderKey] = []
    }

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int = 512) { self.capacity = capacity }

    func cached(_ key: RenderKey) -> Image? {
        state.withLock { $0.images[key] }
    }

    @discardableResult
    func store(_ bytes: [UInt8], for key: RenderKey) -> Image {
        let image = Image(bytes: bytes, etag: key.etag)
        state.withLock { state in
            if state.images.updateValue(image, forKey: key) == nil { state.order.append(key) }
            while state.order.count > capacity { state.images.removeValue(forKey: state.order.removeFirst()) }
        }
        return image
    }
}
