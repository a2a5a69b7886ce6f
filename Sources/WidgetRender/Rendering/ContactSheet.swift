import CPangoCairo

/// Many drawn widgets on one canvas, each labelled: `render --all`'s overview.
///
/// Each widget is painted with its own bundle's assets, so widgets of different bundles can
/// share a sheet.
public struct ContactSheet: Sendable {
    private struct Item: Sendable {
        let list: DisplayList
        let assets: BundleAssets
        let label: String
        let onLockScreen: Bool
    }

    /// The sheet's width in points, unless one widget is wider.
    public static let width = 1_200.0
    private static let gap = 24.0
    private static let labelHeight = 18.0

    private var items: [Item] = []

    public init() {}

    public var isEmpty: Bool { items.isEmpty }

    /// - Parameter onLockScreen: draw a dark backdrop behind it, as the Lock Screen's wallpaper
    ///   is behind an accessory family, whose widgets have no background of their own.
    public mutating func add(_ list: DisplayList, assets: BundleAssets, label: String, onLockScreen: Bool = false) {
        items.append(Item(list: list, assets: assets, label: label, onLockScreen: onLockScreen))
    }

    /// The sheet as a PNG of `scale` pixels per point.
    public func png(scale: Int, text: PangoTextMeasurer = .shared) throws(RenderError) -> [UInt8] {
        let (size, origins) = layout()
        var labels = DisplayList(size: size, commands: [.fill(.rectangle, Rect(origin: Point(x: 0, y: 0), size: size), .color(RGBA(red: 0.93, green: 0.93, blue: 0.95)))])
        let style = TextStyle(family: "DejaVu Sans", size: 11)
        for (item, origin) in zip(items, origins) {
            if item.onLockScreen {
                let backdrop = Rect(x: origin.x - 6, y: origin.y - 6, width: item.list.size.width + 12, height: item.list.size.height + 12)
                labels.commands.append(.fill(.roundedRectangle(cornerRadius: 10), backdrop, .color(RGBA(red: 0.16, green: 0.17, blue: 0.22))))
            }
            let frame = Rect(x: origin.x, y: origin.y + item.list.size.height + 4, width: item.list.size.width, height: Self.labelHeight - 4)
            labels.commands.append(.text(item.label, style, frame: frame, paint: .color(RGBA(red: 0.2, green: 0.2, blue: 0.22))))
        }
        let image = try Rasterizer.rasterize(labels, scale: Double(scale), painter: CairoPainter(text: text))
        let cairo = cairo_create(image.surface)!
        defer { cairo_destroy(cairo) }
        for (item, origin) in zip(items, origins) {
            cairo_save(cairo)
            cairo_translate(cairo, origin.x * Double(scale), origin.y * Double(scale))
            CairoPainter(assets: item.assets, text: text).paint(item.list, on: cairo, scale: Double(scale))
            cairo_restore(cairo)
        }
        cairo_surface_flush(image.surface)
        return try PNGEncoder.encode(image)
    }

    /// Rows filled left to right: the sheet's size and each widget's top-left corner.
    private func layout() -> (Size, [Point]) {
        let width = max(Self.width, (items.map(\.list.size.width).max() ?? 0) + 2 * Self.gap)
        var origins: [Point] = []
        var x = Self.gap
        var y = Self.gap
        var rowHeight = 0.0
        for item in items {
            let size = item.list.size
            if x > Self.gap, x + size.width + Self.gap > width {
                x = Self.gap
                y += rowHeight + Self.gap
                rowHeight = 0
            }
            origins.append(Point(x: x, y: y))
            x += size.width + Self.gap
            rowHeight = max(rowHeight, size.height + Self.labelHeight)
        }
        return (Size(width: width, height: y + rowHeight + Self.gap), origins)
    }
}
