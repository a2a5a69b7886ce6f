import CPangoCairo

/// Adds a `DrawShape`'s outline in `rect` to Cairo's current path, as SwiftUI's shapes
/// draw: a rounded rectangle's radius and a capsule's are clamped to half the short side.
enum ShapePath {
    static func add(_ shape: DrawShape, _ rect: Rect, on cairo: OpaquePointer) {
        if case .path(let path) = shape { return CairoPathData.add(path, in: rect, on: cairo) }
        guard rect.width > 0, rect.height > 0 else { return }
        switch shape {
        case .path:
            break // Added above: a path needs no area (a line drawn in a frame of no height).
        case .rectangle:
            cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        case .roundedRectangle(let radius):
            roundedRectangle(rect, radius: radius, on: cairo)
        case .capsule:
            roundedRectangle(rect, radius: min(rect.width, rect.height) / 2, on: cairo)
        case .ellipse:
            cairo_save(cairo)
            cairo_translate(cairo, rect.minX + rect.width / 2, rect.minY + rect.height / 2)
            cairo_scale(cairo, rect.width / 2, rect.height / 2)
            cairo_new_sub_path(cairo)
            cairo_arc(cairo, 0, 0, 1, 0, 2 * Double.pi)
            cairo_close_path(cairo)
            // The path is kept in device space; restoring only drops the scale.
            cairo_restore(cairo)
        case .trimmed(let base, let from, let to):
            trimmed(base, rect, from: from, to: to, on: cairo)
        }
    }

    /// The part of `base`'s outline from `from` to `to` of its length, added to the current
    /// path: the outline is flattened to lines and walked, since Cairo cannot cut curves.
    private static func trimmed(_ base: DrawShape, _ rect: Rect, from: Double, to: Double, on cairo: OpaquePointer) {
        let start = min(max(from, 0), 1), end = min(max(to, 0), 1)
        guard start < end else { return }
        // The outline is built on its own path, then the caller's path is put back before it.
        let existing = cairo_copy_path(cairo)
        defer { cairo_path_destroy(existing) }
        cairo_new_path(cairo)
        add(base, rect, on: cairo)
        let subpaths = flattenedOutline(on: cairo)
        cairo_new_path(cairo)
        if let existing { cairo_append_path(cairo, existing) }
        var total = 0.0
        for points in subpaths where points.count > 1 {
            for index in 1..<points.count { total += distance(points[index - 1], points[index]) }
        }
        guard total > 0 else { return }
        let first = start * total, last = end * total
        // The whole outline: each closed subpath closed, so its stroke joins where it began rather
        // than ending in caps.
        if start == 0, end == 1 {
            for points in subpaths where points.count > 1 {
                cairo_move_to(cairo, points[0].x, points[0].y)
                for point in points.dropFirst() { cairo_line_to(cairo, point.x, point.y) }
                if points.count > 2, points[points.count - 1] == points[0] { cairo_close_path(cairo) }
            }
            return
        }
        // The subpaths are walked as one outline; the part kept starts afresh in each.
        var walked = 0.0
        for points in subpaths where points.count > 1 {
            var started = false
            for index in 1..<points.count {
                let a = points[index - 1], b = points[index]
                let length = distance(a, b)
                defer { walked += length }
                guard length > 0, walked + length >= first else { continue }
                if !started {
                    let p = walked >= first ? a : lerp(a, b, (first - walked) / length)
                    cairo_move_to(cairo, p.x, p.y)
                    started = true
                }
                if walked + length >= last {
                    let p = lerp(a, b, (last - walked) / length)
                    cairo_line_to(cairo, p.x, p.y)
                    return
                }
                cairo_line_to(cairo, b.x, b.y)
            }
        }
    }

    /// The current path flattened to points, one list per subpath, each closed subpath's
    /// closing line included (the SDK's own shapes are each one closed subpath).
    private static func flattenedOutline(on cairo: OpaquePointer) -> [[Point]] {
        guard let path = cairo_copy_path_flat(cairo) else { return [] }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return [] }
        var subpaths: [[Point]] = []
        var points: [Point] = []
        var index = 0
        let count = Int(path.pointee.num_data)
        while index < count {
            let header = data[index].header
            let length = Int(header.length)
            guard length > 0 else { break }
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                if !points.isEmpty { subpaths.append(points) }
                points = [Point(x: data[index + 1].point.x, y: data[index + 1].point.y)]
            case CAIRO_PATH_LINE_TO:
                points.append(Point(x: data[index + 1].point.x, y: data[index + 1].point.y))
            case CAIRO_PATH_CLOSE_PATH:
                // Cairo follows a close with a move to the subpath's start, which begins the next.
                if let first = points.first { points.append(first) }
                subpaths.append(points)
                points = []
            default:
                break // A flat path has no curves.
            }
            index += length
        }
        if !points.isEmpty { subpaths.append(points) }
        return subpaths
    }

    private static func distance(_ a: Point, _ b: Point) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }

    private static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    static func roundedRectangle(_ rect: Rect, radius: Double, on cairo: OpaquePointer) {
        let r = min(max(radius, 0), min(rect.width, rect.height) / 2)
        guard r > 0 else {
            cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        let half = Double.pi / 2
        // Clockwise from the end of the top-left corner, so a trim starts where a rectangle's does.
        cairo_new_sub_path(cairo)
        cairo_move_to(cairo, rect.minX + r, rect.minY)
        cairo_arc(cairo, rect.maxX - r, rect.minY + r, r, -half, 0)
        cairo_arc(cairo, rect.maxX - r, rect.maxY - r, r, 0, half)
        cairo_arc(cairo, rect.minX + r, rect.maxY - r, r, half, 2 * half)
        cairo_arc(cairo, rect.minX + r, rect.minY + r, r, 2 * half, 3 * half)
        cairo_close_path(cairo)
    }
}
