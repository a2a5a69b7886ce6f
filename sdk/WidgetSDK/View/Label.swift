import WidgetPayload

/// A title with an icon, as SwiftUI's `Label`: drawn by the label style in effect
/// (`labelStyle(_:)`); by default, as on iOS, the icon then the title side by side, the icon a
/// symbol the size of the title's font.
///
///     Label("Rain", systemImage: "cloud.rain.fill")
///     Label { Text("3 items") } icon: { Image(systemName: "star.fill") }
public struct Label<Title: View, Icon: View>: View {
    public typealias Body = Never

    let title: Title
    let icon: Icon

    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        let configuration = LabelStyleConfiguration(
            title: .init(nodes: ViewEvaluation.nodes(of: title)),
            icon: .init(nodes: ViewEvaluation.nodes(of: icon)))
        nodes += configuration.nodes()
    }
}

extension Label where Title == Text, Icon == Image {
    /// A title with one of the symbols `Image(systemName:)` draws.
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }

    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }

    /// A title with an image the bundle ships (`Image(_:)`).
    public init<S: StringProtocol>(_ title: S, image name: String) {
        self.init(title: { Text(title) }, icon: { Image(name) })
    }

    public init(_ titleKey: LocalizedStringKey, image name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(name) })
    }
}

extension Label where Title == LabelStyleConfiguration.Title, Icon == LabelStyleConfiguration.Icon {
    /// The label a style is given, drawn by the style in effect outside that style: how a
    /// custom style adds to the one it replaces, as in SwiftUI.
    public init(_ configuration: LabelStyleConfiguration) {
        self.init(title: { configuration.title }, icon: { configuration.icon })
    }
}
