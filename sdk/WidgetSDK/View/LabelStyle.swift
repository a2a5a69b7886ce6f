import WidgetPayload

/// How the labels in a view are drawn, as SwiftUI's `LabelStyle`: set one with
/// `labelStyle(_:)`, and each `Label` inside draws as the style's `makeBody`.
///
/// The SDK evaluates the body when the label is evaluated, so the host draws the views it
/// returns. Sendable, as every environment value.
public protocol LabelStyle: Sendable {
    associatedtype Body: View
    typealias Configuration = LabelStyleConfiguration

    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a label style is given: SwiftUI's `LabelStyleConfiguration`.
public struct LabelStyleConfiguration: Sendable {
    /// The label's title, as a view.
    public struct Title: View, Sendable {
        public typealias Body = Never
        let nodes: [ViewNode]

        public func _makeNodes(into nodes: inout [ViewNode]) {
            nodes += self.nodes
        }
    }

    /// The label's icon, as a view.
    public struct Icon: View, Sendable {
        public typealias Body = Never
        let nodes: [ViewNode]

        public func _makeNodes(into nodes: inout [ViewNode]) {
            nodes += self.nodes
        }
    }

    public var title: Title
    public var icon: Icon
}

extension View {
    /// Draws the labels in this view with `style`; the style nearest a label wins.
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        ModifiedView(self, .environment { $0.labelStyles.append(style) })
    }
}

extension LabelStyleConfiguration {
    /// The nodes of the style nearest the label (the default when none is set). Inside its body
    /// the styles outside it are in effect, so `Label(configuration)` there draws as they do.
    func nodes() -> [ViewNode] {
        var inside = EnvironmentValues.current
        guard let style = inside.labelStyles.popLast() else { return TitleAndIconLabelStyle.nodes(self) }
        return EnvironmentValues.$current.withValue(inside) { nodes(styledBy: style) }
    }

    private func nodes<S: LabelStyle>(styledBy style: S) -> [ViewNode] {
        ViewEvaluation.nodes(of: style.makeBody(configuration: self))
    }
}

/// The style a label has where none is set: on iOS, and so in widgets, the title and the icon.
public struct DefaultLabelStyle: LabelStyle {
    public init() {}

    public func makeBody(configuration: Configuration) -> some View {
        TitleAndIconLabelStyle().makeBody(configuration: configuration)
    }
}

/// The icon, then the title beside it: a centred `HStack` with the stack's default spacing.
public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}

    public func makeBody(configuration: Configuration) -> some View {
        HStack {
            configuration.icon
            configuration.title
        }
    }

    static func nodes(_ configuration: Configuration) -> [ViewNode] {
        ViewEvaluation.nodes(of: TitleAndIconLabelStyle().makeBody(configuration: configuration))
    }
}

/// The title alone.
public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}

    public func makeBody(configuration: Configuration) -> some View {
        configuration.title
    }
}

/// The icon alone.
public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}

    public func makeBody(configuration: Configuration) -> some View {
        configuration.icon
    }
}

extension LabelStyle where Self == DefaultLabelStyle {
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}
