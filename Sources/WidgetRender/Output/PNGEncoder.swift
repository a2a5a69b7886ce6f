import CPangoCairo

/// Writes an image surface as a PNG (8-bit RGBA), several times faster than Cairo's own writer:
/// one cheap filter ("Up") for every row and zlib's fastest run-length mode, rather than
/// libpng's adaptive filtering and default level. Files are about twice as large; a widget
/// is mostly flat colour, and rendering to PNG is on the host's hot path (BENCHMARKS.md).
enum PNGEncoder {
    static func encode(_ image: ImageSurface) throws(RenderError) -> [UInt8] {
        let raw = filteredRows(image)
        var status: Int32 = Z_OK
        let compressed = compress(raw, status: &status)
        guard status == Z_OK else { throw .compression(status) }

        var png = CairoStream.pngSignature
        png.reserveCapacity(png.count + compressed.count + 64)
        var header: [UInt8] = []
        append32(UInt32(image.width), to: &header)
        append32(UInt32(image.height), to: &header)
        // 8 bits per channel, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
        header += [8, 6, 0, 0, 0]
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", compressed, to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// zlib's fastest level with run-length matching only: after the Up filter a widget's
    /// flat areas are runs of zero bytes, which this finds at a fraction of full deflate's cost.
    private static func compress(_ raw: [UInt8], status: inout Int32) -> [UInt8] {
        var stream = z_stream()
        status = deflateInit2_(&stream, Z_BEST_SPEED, Z_DEFLATED, MAX_WBITS, 8, Z_RLE, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(raw.count)))
        var result: Int32 = Z_OK
        let out = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            raw.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(bound)
                result = deflate(&stream, Z_FINISH)
            }
            count = result == Z_STREAM_END ? Int(stream.total_out) : 0
        }
        status = result == Z_STREAM_END ? Z_OK : result
        return out
    }

    /// The image's rows un-premultiplied to RGBA, each row led by filter type 2 (Up): the
    /// bytewise difference from the row above. Works a pixel (32 bits) at a time.
    private static func filteredRows(_ image: ImageSurface) -> [UInt8] {
        cairo_surface_flush(image.surface)
        let width = image.width, height = image.height
        let stride = Int(cairo_image_surface_get_stride(image.surface))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(image.surface)!)
        let rowBytes = width * 4
        let total = (rowBytes + 1) * height
        var previous = [UInt32](repeating: 0, count: width)
        return [UInt8](unsafeUninitializedCapacity: total) { out, count in
            let base = UnsafeMutableRawPointer(out.baseAddress!)
            previous.withUnsafeMutableBufferPointer { previous in
                for y in 0..<height {
                    let source = data + y * stride
                    let start = y * (rowBytes + 1)
                    base.storeBytes(of: 2, toByteOffset: start, as: UInt8.self)
                    let row = base + start + 1
                    for x in 0..<width {
                        let rgba = rgbaWord(source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
                        row.storeBytes(of: byteDifference(rgba, previous[x]).littleEndian, toByteOffset: x * 4, as: UInt32.self)
                        previous[x] = rgba
                    }
                }
            }
            count = total
        }
    }

    /// Cairo's premultiplied ARGB word as RGBA bytes, red in the low byte.
    @inline(__always)
    private static func rgbaWord(_ word: UInt32) -> UInt32 {
        let alpha = word >> 24
        if alpha == 255 { return (word & 0xFF00_FF00) | ((word >> 16) & 0xFF) | ((word & 0xFF) << 16) }
        if alpha == 0 { return 0 }
        return alpha << 24 | unpremultiply(word, alpha) << 16 | unpremultiply(word >> 8, alpha) << 8 | unpremultiply(word >> 16, alpha)
    }

    @inline(__always)
    private static func unpremultiply(_ channel: UInt32, _ alpha: UInt32) -> UInt32 {
        min(255, ((channel & 0xFF) &* 255 &+ alpha / 2) / alpha)
    }

    /// Each byte of `a` minus the same byte of `b`, modulo 256, with no borrow between bytes.
    @inline(__always)
    private static func byteDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let high: UInt32 = 0x8080_8080
        return ((a | high) &- (b & ~high)) ^ ((a ^ ~b) & high)
    }

    private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        append32(UInt32(data.count), to: &png)
        png += typeBytes
        png += data
        let crc = data.withUnsafeBufferPointer { crc32(crc32(0, typeBytes, uInt(typeBytes.count)), $0.baseAddress, uInt(data.count)) }
        append32(UInt32(crc), to: &png)
    }
}
