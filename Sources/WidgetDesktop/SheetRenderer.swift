#if canImport(Glibc)
import Glibc
#endif
import CPangoCairo
import Foundation
import WidgetHome
import WidgetPayload
import WidgetRender

/// Draws the open sheet over an output: the page dimmed, the sheet's view tree (`SheetViews`)
/// laid out and painted by WidgetRender as a widget is, each gallery preview drawn by the widget's
/// own `TileRenderer` into the place its link left for it, and the keyboard's focus ring. Returns
/// where each target was drawn, which the editor hit-tests clicks against.
///
/// One per backend thread, as `TileRenderer`: it keeps each preview's pixels, drawn again only
/// when the kind's entry (or the appearance, or the scale) changes.
public final class SheetRenderer {
    private let tiles: TileRenderer
    private let renderer = WidgetRenderer(assets: .empty)
    private var previews: [String: Preview] = [:]

    private final class Preview {
        let face: WidgetFace?
        let appearance: ColorSchemeName
        let scale: Double
        let surface: OpaquePointer

        init(face: WidgetFace?, appearance: ColorSchemeName, scale: Double, surface: OpaquePointer) {
            self.face = face
            self.appearance = appearance
            self.scale = scale
            self.surface = surface
        }

        deinit { cairo_surface_destroy(surface) }
    }

    public init(tiles: TileRenderer) {
        self.tiles = tiles
    }

    /// Draws `sheet` over a `width` × `height` (points) output on `cairo` (device pixels, `scale`
    /// a point); returns its targets' frames in points of the output.
    @discardableResult
    public func draw(
        _ sheet: HomeSheet, screen: HomeScreen, width: Double, height: Double, appearance: ColorSchemeName, now: Date,
        on cairo: OpaquePointer, scale: Double
    ) -> [SheetTarget: Rect] {
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        cairo_set_source_rgba(cairo, 0, 0, 0, appearance == .dark ? 0.5 : 0.3)
        cairo_paint(cairo)

        let frame = sheet.frame(width: width, height: height)
        let chrome = EditChromeRenderer(appearance: appearance)
        chrome.drawLift(frame, on: cairo, scale: scale)
        let list = layout(sheet, size: frame.size, appearance: appearance, now: now, typing: screen.hasKeyboard)
        cairo_save(cairo)
        cairo_translate(cairo, frame.minX * scale, frame.minY * scale)
        CairoPainter(assets: renderer.assets, text: renderer.text).paint(list, on: cairo, scale: scale)
        cairo_restore(cairo)

        var targets: [SheetTarget: Rect] = [:]
        for link in list.links {
            guard let target = SheetTarget(url: link.url) else { continue }
            targets[target] = Rect(x: frame.minX + link.frame.minX, y: frame.minY + link.frame.minY, width: link.frame.width, height: link.frame.height)
        }
        for (target, rect) in targets {
            guard case .family(let kind, let family) = target else { continue }
            drawPreview(kind: kind, family: family, atTopOf: rect, screen: screen, appearance: appearance, now: now, on: cairo, scale: scale)
        }
        chrome.drawOverlay(menu: nil, focus: sheet.focus.flatMap { targets[$0] }, on: cairo, scale: scale)
        return targets
    }

    /// The sheet laid out at `size` as WidgetRender lays out a widget; `typing`: whether key
    /// presses reach the home screen (`HomeScreen.hasKeyboard`).
    func layout(_ sheet: HomeSheet, size: Size, appearance: ColorSchemeName, now: Date, typing: Bool = true) -> DisplayList {
        var lines: [[Int]]?
        if case .configure(let configure) = sheet, let summary = configure.summary {
            // The sheet's content is inset 20 points on each side (`SheetViews.configureView`).
            lines = summaryLines(SheetViews.summaryTokens(summary), width: size.width - 40, appearance: appearance, now: now)
        }
        return displayList(SheetViews.tree(for: sheet, typing: typing, summaryLines: lines), size: size, appearance: appearance, now: now)
    }

    private func displayList(_ tree: JSONValue, size: Size, appearance: ColorSchemeName, now: Date) -> DisplayList {
        let view: ViewTree?
        let problem: String?
        do {
            view = try ViewTree(json: tree)
            problem = nil
        } catch {
            // A tree this file builds is refused only by a mistake here: drawn as the error card.
            view = nil
            problem = "\(error)"
        }
        let face = WidgetFace(kind: "widgethost.sheet", content: .null, view: view, viewError: problem)
        return renderer.displayList(face, in: LayoutEnvironment(family: .systemLarge, size: size, colorScheme: appearance, now: now))
    }

    /// The summary sentence broken into lines `width` wide, as iOS wraps it: as many tokens (words,
    /// and values whole) on a line as fit, measured by laying them out side by side once. Nil
    /// when it fits on one line.
    private func summaryLines(_ tokens: [SheetViews.SummaryToken], width: Double, appearance: ColorSchemeName, now: Date) -> [[Int]]? {
        let measured = displayList(SheetViews.measuringTree(tokens), size: Size(width: 100_000, height: 200), appearance: appearance, now: now)
        var widths = [Double](repeating: 0, count: tokens.count)
        for link in measured.links {
            if let index = SheetViews.measuredToken(url: link.url), widths.indices.contains(index) { widths[index] = link.frame.width }
        }
        var lines: [[Int]] = [], line: [Int] = [], used = 0.0
        for index in tokens.indices {
            if !line.isEmpty, used + widths[index] > width {
                lines.append(line)
                line = []
                used = 0
            }
            line.append(index)
            used += widths[index]
        }
        if !line.isEmpty { lines.append(line) }
        return lines.count > 1 ? lines : nil
    }

    /// The kinds' previews whose entry changed: their pixels are drawn again when next shown.
    public func forget(previews keys: Set<String>) {
        for key in keys { previews[key] = nil }
    }

    /// Lets every preview's pixels go (edit mode ended: the next gallery draws them again), and
    /// hands the freed heap back to the system, so the desktop returns to its size at rest;
    /// false when there was nothing to let go.
    /// The widget renderers of bundles whose kinds only the gallery showed go too: `keeping` are
    /// the bundles of the widgets on the home screen.
    @discardableResult
    public func forgetAll(keeping bundlePaths: Set<String>) -> Bool {
        guard !previews.isEmpty else { return false }
        previews = [:]
        tiles.forgetRenderers(keeping: bundlePaths)
        // glibc keeps freed memory for the next allocation; at rest nothing comes for a long time.
        _ = Self.mallocTrim?(0)
        return true
    }

    /// glibc's `malloc_trim`, which Swift's Glibc module does not import.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
        unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
    }

    /// The kind's face (its card until the daemon has one) in `family`, scaled into the top of
    /// `rect` (its link: the preview over its family's name).
    private func drawPreview(
        kind: String, family: WidgetFamily, atTopOf rect: Rect, screen: HomeScreen, appearance: ColorSchemeName, now: Date,
        on cairo: OpaquePointer, scale: Double
    ) {
        let size = SheetViews.previewSize(family)
        let key = HomeScreen.previewKey(kind: kind, family: family)
        let widget = screen.preview(kind: kind, family: family)
        let pixelWidth = Int((size.width * scale).rounded()), pixelHeight = Int((size.height * scale).rounded())
        let cached = previews[key].flatMap { $0.face == widget.face && $0.appearance == appearance && $0.scale == scale ? $0 : nil }
        let preview: Preview
        if let cached {
            preview = cached
        } else {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))!
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
                cairo_surface_destroy(surface)
                return
            }
            cairo_surface_flush(surface)
            // The widget at its family's size, scaled down to the preview's pixels.
            let shrink = size.width / family.defaultDisplaySize.width
            tiles.draw(
                widget, appearance: appearance, now: now, scale: scale * shrink, into: UnsafeMutableRawPointer(data), width: pixelWidth,
                height: pixelHeight, stride: Int(cairo_image_surface_get_stride(surface)))
            cairo_surface_mark_dirty(surface)
            preview = Preview(face: widget.face, appearance: appearance, scale: scale, surface: surface)
            previews[key] = preview
        }
        let x = ((rect.minX + (rect.width - size.width) / 2) * scale).rounded(), y = (rect.minY * scale).rounded()
        cairo_set_source_surface(cairo, preview.surface, x, y)
        cairo_paint(cairo)
    }
}

extension SheetRenderer {
    /// The `--trace-frames` line of a drawn sheet: which one, its focus, and each target's frame
    /// in pixels, as the checks click them: `{"sheet":"gallery","focus":URL,"targets":{URL:[x,y,w,h]}}`;
    /// a gallery's also lists the kinds it marks as removed (`"removed":[KIND]`).
    public static func traceLine(_ sheet: HomeSheet, targets: [SheetTarget: Rect], scale: Double) -> String {
        var fields: [String: JSONValue] = [:]
        switch sheet {
        case .gallery(let gallery):
            fields["sheet"] = .string("gallery")
            fields["removed"] = .array(gallery.removedKinds.sorted().map { .string($0) })
        case .configure: fields["sheet"] = .string("configure")
        case .confirmRemove: fields["sheet"] = .string("confirmRemove")
        }
        var frames: [String: JSONValue] = [:]
        for (target, rect) in targets {
            frames[target.url] = .array(
                [rect.minX, rect.minY, rect.width, rect.height].map { .integer(Int64(($0 * scale).rounded())) })
        }
        fields["focus"] = sheet.focus.map { .string($0.url) } ?? .null
        fields["targets"] = .object(frames)
        let line: JSONValue = .object(fields)
        return (try? JSONWriter.bytes(of: line)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
