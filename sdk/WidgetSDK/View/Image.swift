import WidgetPayload

/// An image, as SwiftUI's. Drawn at its own size unless `resizable()`.
///
/// The symbols `Image(systemName:)` knows are drawn by the host itself: star.fill, heart.fill,
/// plus, minus, checkmark, xmark, circle.fill, sun.max.fill, moon.fill, cloud.fill,
/// cloud.rain.fill, wind, drop.fill, water.waves, thermometer, clock, calendar, film, bolt.fill,
/// location.fill, flag.fill, fish, arrow.up, arrow.down, bell.fill.
public struct Image: View, Hashable {
    public typealias Body = Never

    let source: ImageSource
    var isResizable = false

    /// An image the bundle ships: `<name>.png` or `<name>.svg` in its asset folder, which SwiftPM
    /// makes from `resources: [.copy("Assets")]` (`docs/assets.md`).
    public init(_ name: String) {
        self.source = .asset(name)
    }

    /// An image from where the SDK's other modules found it: UIKit's `Image(uiImage:)`.
    package init(source: ImageSource) {
        self.source = source
    }

    /// One of the symbols listed above, by name.
    public init(systemName: String) {
        self.source = .system(systemName)
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

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.image(source), modifiers: isResizable ? [.resizable] : []))
    }
}
