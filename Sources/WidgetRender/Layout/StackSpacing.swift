/// SwiftUI's default distance between two neighbours in a stack (`spacing: nil`), which is not
/// one number: it depends on what meets across the gap, and on the platform.
///
/// Two texts one above the other: on macOS SwiftUI sets them line on line, no gap (recorded in
/// the layout-parity fixtures, Tests/WidgetRenderTests/LayoutParity). On iOS the renderer keeps
/// the standard 8 points until a recording says otherwise. Beside a `Spacer` there is never a
/// gap: the spacer's own `minLength` keeps the distance.
public struct StackSpacing: Sendable, Hashable {
    /// Between any two views, and between texts side by side.
    public var standard: Double
    /// Between two views whose facing edges are text (`LayoutBox.isTextEdged`) in a `VStack`.
    public var betweenTextLines: Double

    public init(standard: Double, betweenTextLines: Double) {
        self.standard = standard
        self.betweenTextLines = betweenTextLines
    }

    /// What widgets on iPhone and iPad are laid out with.
    public static let iOS = StackSpacing(standard: 8, betweenTextLines: 8)
    /// SwiftUI on macOS, as the parity fixtures recorded it.
    public static let macOS = StackSpacing(standard: 8, betweenTextLines: 0)

    /// The gap between `before` and `after` in a stack along `axis`.
    func gap(between before: LayoutBox, and after: LayoutBox, along axis: Axis) -> Double {
        if before.isSpacer || after.isSpacer { return 0 }
        if axis == .vertical, before.isTextEdged, after.isTextEdged { return betweenTextLines }
        return standard
    }
}
