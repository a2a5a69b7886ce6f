import ArgumentParser
import Foundation
import WidgetBus

/// `--dbus`: whether `run` serves WidgetCenter and App Groups on the session bus.
struct BusOptions: ParsableArguments {
    enum Mode: String, ExpressibleByArgument, CaseIterable {
        /// When a session bus is there (a desktop session); quietly not, when none is.
        case auto
        /// On the session bus, or not at all: no bus, or its name taken, stops `run`.
        case session
        case off
    }

    @Option(help: ArgumentHelp(
        "Serve WidgetCenter and App Groups to apps on the session bus as \(WidgetHostBus.busName): auto (when there is a session bus), session (required), or off.",
        valueName: "mode"))
    var dbus: Mode = .auto

    /// Whether this process can reach a session bus at all: the address in the environment, or
    /// the user's bus socket systemd makes.
    static var sessionBusReachable: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/bus")
    }
}
