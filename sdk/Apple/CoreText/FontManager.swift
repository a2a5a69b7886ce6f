import Foundation
import WidgetSDK

// CoreText, narrowly: the font registration widgets call to use a font their app ships. On iOS
// SwiftUI brings it (through UIKit), so a widget file calls it without importing CoreText.

/// Core Foundation's URL is toll-free bridged to Foundation's, so `url as CFURL` is the same
/// URL under its Core Foundation name.
public typealias CFURL = URL
/// Core Foundation's error, bridged to Foundation's as on iOS.
public typealias CFError = NSError

/// Who sees a registered font.
public enum CTFontManagerScope: UInt32, Sendable {
    case none = 0
    case process = 1
    case persistent = 2
    case session = 3
}

/// Registering a font from inside a widget: returns false, with a line in the host's log saying
/// why and what works instead.
///
/// A widget's view is drawn by the host, not in the widget's process, so a font registered here
/// would never reach the drawing. The host registers a bundle's fonts itself, before it draws:
/// the files in the bundle's `Fonts/` folder and those Info.plist lists under `UIAppFonts`, which
/// `Font.custom(_:size:)` then finds by family name (docs/porting.md).
@discardableResult
public func CTFontManagerRegisterFontsForURL(
    _ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    WidgetLog.warning(
        "CTFontManagerRegisterFontsForURL(\(fontURL.path)) registers nothing: the host draws the widget, and registers the fonts the bundle ships in Fonts/ or lists in Info.plist's UIAppFonts")
    error?.pointee = Unmanaged.passRetained(NSError(domain: "com.apple.CoreText.CTFontManagerErrorDomain", code: 105))
    return false
}
