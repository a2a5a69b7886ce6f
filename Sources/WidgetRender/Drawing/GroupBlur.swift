import CPangoCairo
import Foundation

/// A Gaussian blur of what Cairo drew into a group (`blur`, `shadow`), which Cairo cannot do
/// itself: three box blurs of the group's pixels, the usual close approximation.
enum GroupBlur {
    /// `pattern`, a popped group, blurred by `radius` points in the current user space, as a new
    /// pattern drawn at the same place (the caller destroys it); nil when the group is not held
    /// in pixels (a vector output), which is then drawn unblurred.
    static func blurred(_ pattern: OpaquePointer, radius: Double, on cairo: OpaquePointer) -> OpaquePointer? {
        var found: OpaquePointer?
        guard cairo_pattern_get_surface(pattern, &found) == CAIRO_STATUS_SUCCESS, let surface = found,
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        else { return nil }
        // SwiftUI's radius is taken as twice the Gaussian's deviation, in device pixels here.
        var dx = radius / 2, dy = 0.0
        cairo_user_to_device_distance(cairo, &dx, &dy)
        let sigma = (dx * dx + dy * dy).squareRoot()
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, let source = cairo_image_surface_get_data(surface) else { return nil }
        let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        guard cairo_surface_status(copy) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(copy),
              Int(cairo_image_surface_get_stride(copy)) == stride
        else {
            cairo_surface_destroy(copy)
            return nil
        }
        memcpy(target, source, stride * height)
        let boxRadius = Int(sigma.rounded())
        if boxRadius > 0 {
            var pixels = PixelPlane(bytes: target, width: width, height: height, stride: stride)
            for _ in 0..<3 {
                pixels.boxBlurRows(radius: boxRadius)
                pixels.boxBlurColumns(radius: boxRadius)
            }
        }
        cairo_surface_mark_dirty(copy)
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        cairo_surface_set_device_offset(copy, offsetX, offsetY)
        let result = cairo_pattern_create_for_surface(copy)!
        cairo_surface_destroy(copy)
        var matrix = cairo_matrix_t()
        cairo_pattern_get_matrix(pattern, &matrix)
        cairo_pattern_set_matrix(result, &matrix)
        return result
    }
}

/// Premultiplied 32-bit pixels, blurred channel by channel (premultiplied values blur exactly).
private struct PixelPlane {
    let bytes: UnsafeMutablePointer<UInt8>
    let width: Int
    let height: Int
    let stride: Int

    mutating func boxBlurRows(radius: Int) {
        var line = [Int](repeating: 0, count: width * 4)
        for y in 0..<height {
            let row = bytes + y * stride
            for index in 0..<(width * 4) { line[index] = Int(row[index]) }
            blur(line, count: width, radius: radius) { x, channel, value in row[x * 4 + channel] = value }
        }
    }

    mutating func boxBlurColumns(radius: Int) {
        var line = [Int](repeating: 0, count: height * 4)
        for x in 0..<width {
            for y in 0..<height {
                for channel in 0..<4 { line[y * 4 + channel] = Int(bytes[y * stride + x * 4 + channel]) }
            }
            blur(line, count: height, radius: radius) { y, channel, value in bytes[y * stride + x * 4 + channel] = value }
        }
    }

    /// A running sum over `2 * radius + 1` neighbours, transparent beyond the edges.
    private func blur(_ line: [Int], count: Int, radius: Int, write: (Int, Int, UInt8) -> Void) {
        let window = 2 * radius + 1
        for channel in 0..<4 {
            var sum = 0
            for index in 0...min(radius, count - 1) { sum += line[index * 4 + channel] }
            for position in 0..<count {
                write(position, channel, UInt8(min(255, sum / window)))
                let entering = position + radius + 1
                let leaving = position - radius
                if entering < count { sum += line[entering * 4 + channel] }
                if leaving >= 0 { sum -= line[leaving * 4 + channel] }
            }
        }
    }
}
