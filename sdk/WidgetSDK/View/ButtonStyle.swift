import WidgetPayload

/// How the buttons in a view look, as SwiftUI's `ButtonStyle`: set one with `buttonStyle(_:)`,
/// and each `Button` inside draws as the style's `makeBody`. The SDK evaluates the body when the
/// button is evaluated (a widget's button is never seen pressed: `isPressed` is false); the host
/// draws the views it returns as the button's face, and the click still performs the intent.
public protocol ButtonStyle: Sendable {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration

    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a button style is given: SwiftUI's `ButtonStyleConfiguration`.
public struct ButtonStyleConfiguration: Sendable {
    /// The button's label, as a view.
    public struct Label: View, Sendable {
        public typealias Body = Never
        let nodes: [ViewNode]

        public func _makeNodes(into nodes: inout [ViewNode]) {
            nodes += self.nodes
        }
    }

    public let label: Label
    /// Always false: a widget's face is drawn once, not while a finger is down.
    public let isPressed: Bool
    public let role: ButtonRole?
}

/// A button's role, as SwiftUI's.
public struct ButtonRole: Sendable, Hashable {
    let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
}

/// SwiftUI's built-in button styles, drawn by the host as iOS 17 draws a widget's buttons:
/// `.automatic` and `.bordered` in the tint over a rounded plate of the tint at 15%,
/// `.borderedProminent` white over the tint, `.borderless` in the tint without a plate, `.plain`
/// as the label alone. The tint is `tint(_:)`'s, else the accent colour (the catalog's
/// `AccentColor`, else system blue).
public protocol PrimitiveButtonStyle: Sendable {
    var _styleName: ButtonStyleName { get }
}

/// `.automatic`: in a widget, `.bordered`.
public struct DefaultButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public var _styleName: ButtonStyleName { .automatic }
}

/// `.bordered`: the label in the tint over a rounded plate of the tint at 15%.
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public var _styleName: ButtonStyleName { .bordered }
}

/// `.borderedProminent`: the label in white over a plate of the tint.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public var _styleName: ButtonStyleName { .borderedProminent }
}

/// `.borderless`: the label alone, in the tint.
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public var _styleName: ButtonStyleName { .borderless }
}

/// `.plain`: the label as it is, in its own foreground: no tint, no plate.
public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public var _styleName: ButtonStyleName { .plain }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

/// The style in effect for the buttons below a `buttonStyle(_:)`.
enum ButtonStyleChoice: Sendable {
    case builtIn(ButtonStyleName)
    case custom(any ButtonStyle)
}

extension View {
    /// Draws the buttons in this view with one of SwiftUI's built-in styles.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        ModifiedView(self, .environment { $0.buttonStyle = .builtIn(style._styleName) })
    }

    /// Draws the buttons in this view as `style`'s `makeBody`.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        ModifiedView(self, .environment { $0.buttonStyle = .custom(style) })
    }
}
