import Foundation

/// UIKit's device, for widget code that asks what it runs on (to pick a layout, a string, or
/// whether an API is there). A widget on this host is drawn as on an iPhone running the iOS
/// whose WidgetKit the SDK follows, so that is what it answers, always the same:
///
/// | property | value | why |
/// |---|---|---|
/// | `name` | `"iPhone"` | iOS 16 and later give apps the generic name, not the user's |
/// | `model`, `localizedModel` | `"iPhone"` | |
/// | `systemName` | `"iOS"` | what widget code compares it with; the host draws iPhone widgets |
/// | `systemVersion` | `"17.0"` | the WidgetKit the SDK follows (content margins, `Button(intent:)`) |
/// | `userInterfaceIdiom` | `.phone` | the host draws the iPhone's families and sizes |
/// | `identifierForVendor` | `nil` | as iOS answers before the device is first unlocked; widget code handles it |
///
/// Unlike iOS's, it is not tied to the main actor: a `TimelineProvider` may ask it anywhere.
public final class UIDevice: Sendable {
    /// The device the widget runs on.
    public static let current = UIDevice()

    private init() {}

    /// The generic name iOS 16 and later give apps: `"iPhone"`.
    public var name: String { "iPhone" }
    /// `"iPhone"`.
    public var model: String { "iPhone" }
    /// `"iPhone"`.
    public var localizedModel: String { "iPhone" }
    /// `"iOS"`: the host draws widgets as an iPhone does.
    public var systemName: String { "iOS" }
    /// `"17.0"`: the iOS whose WidgetKit the SDK follows.
    public var systemVersion: String { "17.0" }
    /// `.phone`: the host draws the iPhone's widget families and sizes.
    public var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    /// `nil`, as iOS answers before the device is first unlocked: no identifier is kept for the
    /// widget's vendor here.
    public var identifierForVendor: UUID? { nil }
}

/// The kind of interface a device has, as UIKit's, with its raw values.
public enum UIUserInterfaceIdiom: Int, Sendable, Hashable {
    case unspecified = -1
    case phone = 0
    case pad = 1
    case tv = 2
    case carPlay = 3
    case mac = 5
    case vision = 6
}
