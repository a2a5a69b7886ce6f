import WidgetPayload

/// An image, as SwiftUI's. Drawn at its own size unless `resizable()`.
///
/// `Image(systemName:)` names an SF Symbol; the host draws it from an open icon set through a
/// name map covering the names widgets use most (`docs/symbols.md` lists them; `widgethost
/// validate` names an unknown one and the nearest known). A symbol follows the font in effect:
/// its size, its weight, `imageScale(_:)`, `symbolVariant(_:)` and `symbolRenderingMode(_:)`.
public struct Image: View, Hashable {
    public typealias Body = Never

    let source: ImageSource
    var isResizable = false
    /// `Image(systemName:variableValue:)`.
    var variableValue: Double?
    /// `symbolRenderingMode(_:)` on the image itself; nil: none set here (`.some(nil)`: automatic).
    var renderingMode: SymbolRenderingModeName??
    /// `renderingMode(_:)`; nil: the image's own (original for a bundle's images, template for symbols).
    var templateRenderingMode: TemplateRenderingMode?

    /// How an image is drawn: as it is, or as a template, its shape in the foreground style
    /// (as SwiftUI's `Image.TemplateRenderingMode`).
    public enum TemplateRenderingMode: Sendable, Hashable {
        case original, template
    }

    /// An image the bundle ships: `<name>.png` or `<name>.svg` in its asset folder, which SwiftPM
    /// makes from `resources: [.copy("Assets")]` (`docs/assets.md`).
    public init(_ name: String) {
        self.source = .asset(name)
    }

    /// An image from where the SDK's other modules found it: UIKit's `Image(uiImage:)`.
    package init(source: ImageSource) {
        self.source = source
    }

    /// An SF Symbol, by name.
    public init(systemName: String) {
        self.source = .system(systemName)
    }

    /// An SF Symbol whose variable layers (a Wi-Fi symbol's arcs, a speaker's waves, signal bars)
    /// are lit up to `variableValue`, 0…1; nil lights them all.
    public init(systemName: String, variableValue: Double?) {
        self.source = .system(systemName)
        self.variableValue = variableValue.map { min(max($0, 0), 1) }
    }

    /// A widgethost addition: a file in the container of the App Group `appGroup`, which the
    /// bundle declares in `export(appGroups:)`; `path` is relative to that container (so an app
    /// can render an image into the group for its widget, as the counter vignette does). The
    /// host reads it, and refuses a group the bundle did not declare or a path that leaves the
    /// container.
    public init(appGroup: String, path: String) {
        self.source = .appGroup(group: appGroup, path: path)
    }

    /// The image stretched to the size it is offered; combine with `aspectRatio(contentMode:)`,
    /// `scaledToFit()` or `scaledToFill()` to keep its proportions.
    public func resizable() -> Image {
        var image = self
        image.isResizable = true
        return image
    }

    /// How this symbol colours its layers, keeping it an `Image` (so `resizable()` may follow, as
    /// in SwiftUI); nil: automatic.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image {
        var image = self
        image.renderingMode = .some(mode?.name)
        return image
    }

    /// The image drawn as it is (`.original`) or as a template, its shape in the foreground
    /// style (`.template`), as an icon tinted by `foregroundStyle(_:)`; nil: its own mode.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image {
        var image = self
        image.templateRenderingMode = mode
        return image
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        var modifiers: [ViewModifierNode] = isResizable ? [.resizable] : []
        let isSymbol: Bool = if case .system = source { true } else { false }
        switch (templateRenderingMode, isSymbol) {
        // A symbol is a template already; as `.original`, SwiftUI draws it in its own colours.
        case (.original, true) where renderingMode == nil: modifiers.append(.symbolRenderingMode(.multicolor))
        // Said either way for a bundle's image: its catalog may make it a template by default.
        case (let mode?, false): modifiers.append(.imageRenderingMode(mode == .template ? .template : .original))
        default: break
        }
        if let variableValue { modifiers.append(.symbolVariableValue(variableValue)) }
        if let renderingMode { modifiers.append(.symbolRenderingMode(renderingMode)) }
        nodes.append(ViewNode(.image(source), modifiers: modifiers))
    }
}
