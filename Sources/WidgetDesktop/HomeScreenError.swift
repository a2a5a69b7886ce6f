/// Why the desktop home screen could not show itself or do what was asked.
public struct HomeScreenError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case noDaemon
        case noDisplay(String)
        case missingGlobal(String)
        case noOutput(String, available: [String])
        case buffer(String)
    }

    private let reason: Reason

    /// A tap came while no daemon was connected.
    public static let noDaemon = HomeScreenError(reason: .noDaemon)
    /// Neither a Wayland compositor nor an X server could be reached.
    public static func noDisplay(_ detail: String) -> HomeScreenError { HomeScreenError(reason: .noDisplay(detail)) }
    /// The compositor lacks a protocol the home screen needs (layer-shell, shm).
    public static func missingGlobal(_ interface: String) -> HomeScreenError { HomeScreenError(reason: .missingGlobal(interface)) }
    /// `--output NAME` named no output.
    public static func noOutput(_ name: String, available: [String]) -> HomeScreenError {
        HomeScreenError(reason: .noOutput(name, available: available))
    }
    /// A shared-memory buffer could not be made.
    public static func buffer(_ detail: String) -> HomeScreenError { HomeScreenError(reason: .buffer(detail)) }

    public var description: String {
        switch reason {
        case .noDaemon:
            "no daemon is connected; start it with `widgethost run` (or `systemctl --user start widgethost`)"
        case .noDisplay(let detail):
            "cannot reach a desktop: \(detail). Run it inside a Wayland session (WAYLAND_DISPLAY) or an X11 one (DISPLAY)"
        case .missingGlobal(let interface):
            "the compositor does not offer \(interface), which the desktop home screen needs; on a compositor without layer-shell (GNOME), use the X11 window (--backend x11) or the browser's /home"
        case .noOutput(let name, let available):
            "no output named '\(name)'; the outputs are \(available.isEmpty ? "none" : available.joined(separator: ", "))"
        case .buffer(let detail):
            "cannot make a shared-memory buffer: \(detail)"
        }
    }
}
