/// An entry's face as it crosses the ABI: a versioned tree of views next to the entry's
/// `content` (`"view"` in `payload.h`; the schema is `sdk/view-tree.schema.json`).
///
/// The tree is data, not code: the bundle evaluates its SwiftUI-shaped views once per entry and
/// the host lays the result out and draws it. Dates that count on screen (`Text(date, style:)`)
/// stay dates, formatted when drawn.
public struct ViewTree: Sendable, Hashable {
    /// The view tree format this SDK writes. A host reads every version up to its own.
    /// Version 2 adds controls (`button`, `toggle`) and `invalidatableContent`; version 3 asset
    /// catalog colours (`{"catalog": NAME}`); version 4 rendering modes (`accented`, `vibrant`,
    /// `widgetAccentable`), redaction reasons (`unredacted`, `redacted`'s `reasons`), text runs
    /// and styles, drawing effects and `containerRelative`; version 5 paths (a SHAPE `path`:
    /// `Path` and custom `Shape`s) and `canvas`; version 6 `Color.gradient` (a FILL
    /// `colorGradient`); version 7 the symbol modifiers (`symbolRenderingMode`,
    /// `symbolVariant`, `imageScale`, `secondaryForegroundStyles`, `symbolVariableValue`); version 8
    /// the text layout modifiers (`fontDesign`, `lineSpacing`); version 9 `imageRenderingMode`
    /// (`Image.renderingMode(_:)`). A tree is written as the lowest
    /// version whose vocabulary holds it, so older hosts keep drawing what they can
    /// (`lowestVersion`).
    public static let currentVersion = 9

    public var version: Int
    /// The view as drawn in the light appearance, and in dark when `dark` is nil.
    public var root: ViewNode
    /// The view as drawn in the dark appearance, present only when the view read
    /// `@Environment(\.colorScheme)` and so may differ.
    public var dark: ViewNode?
    /// The view in the accented rendering mode, present only when the view read
    /// `@Environment(\.widgetRenderingMode)` and so may differ from the dark one (the mode
    /// draws in the dark appearance).
    public var accented: ViewNode?
    /// The view in the vibrant rendering mode (the Lock Screen), as `accented` is.
    public var vibrant: ViewNode?
    /// `contentMarginsDisabled()` on the widget's configuration: the root fills the whole widget
    /// rather than the area inside the family's margins.
    public var contentMarginsDisabled: Bool

    /// - Parameter version: The version the tree was read as; by default the lowest that holds
    ///   it (`lowestVersion`), the one it is written as.
    public init(version: Int? = nil, root: ViewNode, dark: ViewNode? = nil, contentMarginsDisabled: Bool = false,
                accented: ViewNode? = nil, vibrant: ViewNode? = nil) {
        self.version = version ?? ViewTree.currentVersion
        self.root = root
        self.dark = dark
        self.accented = accented
        self.vibrant = vibrant
        self.contentMarginsDisabled = contentMarginsDisabled
        if version == nil { self.version = lowestVersion }
    }

    /// The root to draw in an appearance.
    public func root(for scheme: ColorSchemeName) -> ViewNode {
        scheme == .dark ? (dark ?? root) : root
    }

    /// Bounds every tree must keep; a tree beyond them is refused with its path.
    public enum Limits {
        public static let maxDepth = 64
        public static let maxNodes = 2_000
        /// Bytes of one image carried in the tree (`"data"`), decoded: a widget's picture, not
        /// a photo library; larger images ship in the catalog or an App Group's container.
        public static let maxInlineImageBytes = 256 * 1024
        /// Path elements in the whole tree, every path, clip and canvas operation counted
        /// together (a canvas operation counts as one more): enough for a heat map of thousands
        /// of points, not for a hostile tree to make the host draw forever.
        public static let maxPathElements = 100_000
    }
}

/// Light or dark: SwiftUI's `ColorScheme`, by name on the wire.
public enum ColorSchemeName: String, Sendable, Hashable, CaseIterable, Codable {
    case light, dark
}
