import WidgetPayload

/// The backdrop of an accessory widget, as WidgetKit's: a translucent plate in the family's
/// shape (a circle for accessoryCircular, a rounded rectangle for accessoryRectangular), which the
/// Lock Screen draws vibrant. It fills the frame it is given.
public struct AccessoryWidgetBackground: View {
    public typealias Body = Never

    public init() {}

    public func _makeNodes(into nodes: inout [ViewNode]) {
        let shape: ShapeName = switch EnvironmentValues.current.widgetFamily {
        case .accessoryCircular: .circle
        case .accessoryRectangular, .accessoryInline: .roundedRectangle(cornerRadius: 8)
        default: .containerRelative
        }
        nodes.append(ViewNode(.shape(shape, fill: .color(.named(.white, opacity: 0.18)), stroke: nil)))
    }
}

extension View {
    /// How text may tighten its letter spacing before it is truncated. Accepted as in SwiftUI;
    /// the host's text engine does not tighten, so the text truncates (or scales, with
    /// `minimumScaleFactor`) as it would without.
    public func allowsTightening(_ flag: Bool) -> some View {
        self
    }
}
