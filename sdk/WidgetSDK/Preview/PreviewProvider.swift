import WidgetPayload

/// SwiftUI's older preview declaration, which Xcode's canvas reads and the widget itself never
/// runs: `struct MyWidget_Previews: PreviewProvider { static var previews: some View { … } }`.
/// Here it compiles as on iOS and is not run either: the host draws a widget from its
/// provider's entries (`widgethost preview`).
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder @MainActor static var previews: Previews { get }
}

/// The context a widget's preview is shown in: the family it is drawn as.
public struct WidgetPreviewContext: Sendable, Hashable {
    public let family: WidgetFamily

    public init(family: WidgetFamily) {
        self.family = family
    }
}

extension View {
    /// The context Xcode's canvas shows this preview in. It changes nothing about the view:
    /// as on iOS, it is read by the canvas only.
    public func previewContext(_ context: WidgetPreviewContext) -> Self {
        self
    }

    /// The name Xcode's canvas gives this preview; the view is unchanged.
    public func previewDisplayName(_ name: String?) -> Self {
        self
    }

    /// How big Xcode's canvas draws this preview; the view is unchanged.
    public func previewLayout(_ layout: PreviewLayout) -> Self {
        self
    }
}

/// The size of a preview in Xcode's canvas: SwiftUI's `PreviewLayout`.
public enum PreviewLayout: Sendable, Hashable {
    /// The device's screen.
    case device
    /// The view's own size.
    case sizeThatFits
    /// A size of its own.
    case fixed(width: Double, height: Double)
}
