#if canImport(Glibc)
import Glibc
#endif
import CWaylandClient
import WidgetDesktop

/// A `wl_buffer` over shared memory (a memfd the compositor maps too), ARGB8888, which the
/// renderer draws into directly. Busy from commit until the compositor's `release`.
final class ShmBuffer {
    let width: Int
    let height: Int
    let stride: Int
    let data: UnsafeMutableRawPointer
    private let size: Int
    private(set) var buffer: OpaquePointer?
    private(set) var isBusy = false
    private var events: WaylandEvents?
    /// Called on the loop thread when the compositor lets go of the buffer.
    var onRelease: (() -> Void)?

    init(shm: OpaquePointer, width: Int, height: Int) throws(HomeScreenError) {
        self.width = width
        self.height = height
        stride = width * 4
        size = stride * height
        let descriptor = wh_memfd_create("widgethost-desktop")
        guard descriptor >= 0 else { throw .buffer("memfd_create: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(size)) == 0 else { throw .buffer("ftruncate \(size) bytes: \(String(cString: strerror(errno)))") }
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else {
            throw .buffer("mmap \(size) bytes: \(String(cString: strerror(errno)))")
        }
        data = mapped
        let pool = wl_shm_create_pool(shm, descriptor, Int32(size))
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)
        let events = WaylandEvents { [unowned self] opcode, _ in
            guard opcode == 0 else { return }  // wl_buffer.release
            isBusy = false
            onRelease?()
        }
        events.attach(to: buffer!)
        self.events = events
    }

    /// Attached and committed: not to be drawn into until released.
    func markBusy() { isBusy = true }

    deinit {
        if let buffer { wl_buffer_destroy(buffer) }
        munmap(data, size)
    }
}
