import WidgetPayload

// The modifiers that change the size and place a view asks for.

extension View {
    /// Space around the view: `length` points on `edges`, or SwiftUI's default of 16 points
    /// when `length` is nil.
    public func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> some View {
        modifier(.padding(EdgeInsets(edges, length ?? defaultPadding).spec))
    }

    /// `length` points of space on every side of the view.
    public func padding(_ length: Double) -> some View {
        modifier(.padding(EdgeInsetsSpec(all: length)))
    }

    /// Space on each side of the view as `insets` says.
    public func padding(_ insets: EdgeInsets) -> some View {
        modifier(.padding(insets.spec))
    }

    /// A frame of a fixed width, height or both; the view is placed in it by `alignment`.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
        modifier(.frame(FrameSpec(width: width, height: height, alignment: alignment.name)))
    }

    /// A flexible frame: the view's size within bounds (`.infinity` to take all there is), placed
    /// in the frame by `alignment`.
    public func frame(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) -> some View {
        modifier(.frame(FrameSpec(
            minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
            minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight,
            alignment: alignment.name)))
    }

    /// The view at its ideal size on both axes, whatever it is offered.
    public func fixedSize() -> some View {
        modifier(.fixedSize(horizontal: true, vertical: true))
    }

    /// The view at its ideal size on the axes asked for.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        modifier(.fixedSize(horizontal: horizontal, vertical: vertical))
    }

    /// A stack offers space to its children of higher priority first (default 0).
    public func layoutPriority(_ value: Double) -> some View {
        modifier(.layoutPriority(value))
    }

    /// The view scaled to `ratio` (width over height; nil for its own), to fit inside what it is
    /// offered or to fill it.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> some View {
        modifier(.aspectRatio(ratio, contentMode: contentMode.name))
    }

    /// The view scaled, keeping its proportions, to fit inside what it is offered.
    public func scaledToFit() -> some View {
        aspectRatio(contentMode: .fit)
    }

    /// The view scaled, keeping its proportions, to fill what it is offered.
    public func scaledToFill() -> some View {
        aspectRatio(contentMode: .fill)
    }
}

/// SwiftUI's default padding on iOS, in points.
let defaultPadding: Double = 16

/// The kinds of safe area a view can extend into: SwiftUI's `SafeAreaRegions`.
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

extension View {
    /// Lets the view extend into the safe area. A widget has none (its content margins are not
    /// a safe area: `contentMarginsDisabled()` and `containerBackground` are their tools), so in a
    /// widget, as on iOS, the view is laid out exactly as without it.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Self {
        self
    }

    /// The older spelling of `ignoresSafeArea(_:edges:)`; the same in a widget.
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> Self {
        self
    }
}

extension View {
    /// The view with its centre at (`x`, `y`) of the space it is offered, which it takes all of:
    /// SwiftUI's `position(x:y:)`. Laid out as the view at its ideal size centred on a point-sized
    /// frame at the top leading corner, moved by (`x`, `y`), in a frame that fills the offer; the
    /// view is offered its ideal size (SwiftUI offers it the whole space, which changes only a
    /// text longer than the space, drawn here on one line).
    public func position(x: Double = 0, y: Double = 0) -> some View {
        fixedSize()
            .frame(width: 0, height: 0)
            .offset(x: x, y: y)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}
