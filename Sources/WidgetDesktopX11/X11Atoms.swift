#if canImport(Glibc)
import Glibc
#endif
import CXCB

/// The atoms the home screen's window names in its properties: the EWMH hints that make it the
/// desktop (its type, below the others, on every workspace) and its names.
struct X11Atoms {
    let windowType: xcb_atom_t
    let windowTypeDesktop: xcb_atom_t
    let state: xcb_atom_t
    let stateBelow: xcb_atom_t
    let stateSticky: xcb_atom_t
    let stateSkipTaskbar: xcb_atom_t
    let stateSkipPager: xcb_atom_t
    let desktop: xcb_atom_t
    let name: xcb_atom_t
    let pid: xcb_atom_t
    let utf8String: xcb_atom_t

    /// Interns every atom in one round trip: all the requests first, then the replies.
    init(connection: OpaquePointer) {
        let names = [
            "_NET_WM_WINDOW_TYPE", "_NET_WM_WINDOW_TYPE_DESKTOP", "_NET_WM_STATE", "_NET_WM_STATE_BELOW", "_NET_WM_STATE_STICKY",
            "_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER", "_NET_WM_DESKTOP", "_NET_WM_NAME", "_NET_WM_PID", "UTF8_STRING",
        ]
        let cookies = names.map { name in xcb_intern_atom(connection, 0, UInt16(name.utf8.count), name) }
        let atoms = cookies.map { cookie -> xcb_atom_t in
            guard let reply = xcb_intern_atom_reply(connection, cookie, nil) else { return xcb_atom_t(XCB_ATOM_NONE.rawValue) }
            defer { free(reply) }
            return reply.pointee.atom
        }
        windowType = atoms[0]
        windowTypeDesktop = atoms[1]
        state = atoms[2]
        stateBelow = atoms[3]
        stateSticky = atoms[4]
        stateSkipTaskbar = atoms[5]
        stateSkipPager = atoms[6]
        desktop = atoms[7]
        name = atoms[8]
        pid = atoms[9]
        utf8String = atoms[10]
    }
}
