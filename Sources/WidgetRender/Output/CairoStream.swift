import CPangoCairo

/// Cairo's PNG and SVG streams to and from Swift byte arrays, so that no file is read twice
/// (the bytes checked are the bytes decoded) and output needs no temporary file.
enum CairoStream {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// What the C callbacks read from or append to; passed to them as an unretained pointer
    /// that lives for the length of the call that uses it.
    final class Buffer {
        var bytes: [UInt8]
        var offset = 0

        init(_ bytes: [UInt8] = []) {
            self.bytes = bytes
        }
    }

    /// Appends Cairo's output to the `Buffer` in `closure`.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let buffer = Unmanaged<Buffer>.fromOpaque(closure).takeUnretainedValue()
        if let data, length > 0 { buffer.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
        return CAIRO_STATUS_SUCCESS
    }

    private static let read: cairo_read_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let buffer = Unmanaged<Buffer>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard buffer.offset + count <= buffer.bytes.count else { return CAIRO_STATUS_READ_ERROR }
        buffer.bytes.withUnsafeBufferPointer { source in
            data.update(from: source.baseAddress! + buffer.offset, count: count)
        }
        buffer.offset += count
        return CAIRO_STATUS_SUCCESS
    }

    /// A new image surface (check its status; the caller destroys it).
    static func decode(_ bytes: [UInt8]) -> OpaquePointer? {
        let buffer = Buffer(bytes)
        return withExtendedLifetime(buffer) {
            cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(buffer).toOpaque())
        }
    }
}
