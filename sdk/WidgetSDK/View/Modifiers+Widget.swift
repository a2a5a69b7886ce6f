import FoundationEssentials
import WidgetPayload

// The modifiers that only mean something in a widget.

/// Where a container background goes: `.widget`, the whole widget.
public struct ContainerBackgroundPlacement: Sendable, Hashable {
    /// The widget's background, drawn edge to edge behind its content margins.
    public static let widget = ContainerBackgroundPlacement()
}

extension View {
    /// `style` as the widget's background, edge to edge (WidgetKit asks every widget for one).
    public func containerBackground<S: ShapeStyle>(_ style: S, for container: ContainerBackgroundPlacement) -> some View {
        modifier(.containerBackground(ViewNode(.fill(style._fillStyle))))
    }

    /// The views of `content` as the widget's background, edge to edge, layered as in a
    /// `ZStack` and placed by `alignment`.
    public func containerBackground<Background: View>(
        for container: ContainerBackgroundPlacement, alignment: Alignment = .center,
        @ViewBuilder content: () -> Background
    ) -> some View {
        let content = content()
        return modifier {
            // The background is edge to edge: the whole widget, margins included.
            let whole = EnvironmentValues.OfferedSize(family: EnvironmentValues.current.widgetFamily, contentMarginsDisabled: true)
            var background = EnvironmentValues.offering({ $0 = whole }) {
                ViewEvaluation.layered(content, alignment: alignment.name)
            }
            if alignment != .center {
                // The wire's background fills the widget; a frame that does too places it.
                background.modifiers.append(.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: alignment.name)))
            }
            return .containerBackground(background)
        }
    }

    /// What a tap anywhere on the widget opens; nil for the app itself.
    public func widgetURL(_ url: URL?) -> some View {
        modifier(optional: url.map { .widgetURL($0.absoluteString) })
    }

    /// Marks the view as what an intent performed on the widget makes out of date: hosts show it
    /// dimmed from the click until the widget's new timeline arrives.
    public func invalidatableContent(_ invalidatable: Bool = true) -> some View {
        modifier(optional: invalidatable ? .invalidatableContent : nil)
    }

    /// The label watchOS draws beside an accessory widget on some faces (`accessoryCorner`, and
    /// around an `accessoryCircular`). iOS's Lock Screen draws the widget without it, and so
    /// does this host; the view is unchanged.
    public func widgetLabel<Label: View>(@ViewBuilder label: () -> Label) -> some View {
        self
    }

    /// As `widgetLabel(label:)`, with a string.
    public func widgetLabel(_ label: LocalizedStringKey) -> some View {
        self
    }

    /// As `widgetLabel(label:)`, with a string.
    @_disfavoredOverload
    public func widgetLabel<S: StringProtocol>(_ label: S) -> some View {
        self
    }
}
