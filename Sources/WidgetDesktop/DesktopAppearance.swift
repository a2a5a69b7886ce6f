import Foundation
import WidgetPayload

/// The desktop's light or dark setting, as the freedesktop portal publishes it
/// (`org.freedesktop.appearance color-scheme` through xdg-desktop-portal's Settings interface):
/// read once, then followed as it changes, with `gdbus` (GLib's D-Bus tool, present wherever the
/// portal is). Without a portal or `gdbus`, the appearance is light.
public enum DesktopAppearance {
    /// The portal's value: 1 prefers dark, 2 prefers light, 0 (no preference) is light.
    public static func scheme(portalValue value: UInt32) -> ColorSchemeName {
        value == 1 ? .dark : .light
    }

    /// The value in `gdbus call`'s answer (`(<<uint32 1>>,)`) or in a `gdbus monitor` line about
    /// the setting (`… SettingChanged ('org.freedesktop.appearance', 'color-scheme', <uint32 1>)`);
    /// nil for any other text.
    public static func portalValue(in text: String) -> UInt32? {
        if text.contains("SettingChanged"), !(text.contains("'org.freedesktop.appearance'") && text.contains("'color-scheme'")) {
            return nil
        }
        guard let range = text.range(of: "uint32 ") else { return nil }
        return UInt32(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// Reads the setting now; nil when no portal answers.
    public static func read() -> ColorSchemeName? {
        guard let call = ChildProcess([
            "gdbus", "call", "--session", "--timeout", "2", "--dest", "org.freedesktop.portal.Desktop",
            "--object-path", "/org/freedesktop/portal/desktop", "--method", "org.freedesktop.portal.Settings.Read",
            "org.freedesktop.appearance", "color-scheme",
        ]) else { return nil }
        var answer = ""
        call.forEachLine { answer += $0 }
        guard call.wait() == 0 else { return nil }
        return portalValue(in: answer).map(scheme(portalValue:))
    }

    /// Follows the setting: `onChange` with each new value, on a thread of its own that blocks
    /// reading `gdbus monitor`'s lines (nothing polls). The monitor ends with this process
    /// (`setpriv --pdeathsig`). False when it cannot start.
    @discardableResult
    public static func follow(_ onChange: @escaping @Sendable (ColorSchemeName) -> Void) -> Bool {
        let monitor = ["gdbus", "monitor", "--session", "--dest", "org.freedesktop.portal.Desktop", "--object-path", "/org/freedesktop/portal/desktop"]
        guard let child = ChildProcess(["setpriv", "--pdeathsig", "TERM", "--"] + monitor) ?? ChildProcess(monitor) else { return false }
        Thread.detachNewThread {
            child.forEachLine { line in
                if let value = portalValue(in: line) { onChange(scheme(portalValue: value)) }
            }
            child.wait()
        }
        return true
    }
}
