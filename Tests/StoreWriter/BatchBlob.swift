import Foundation

/// What batch mode writes, so that a reader can tell every value's writer, batch and key apart
/// and spot a value that is not exactly what was written.
///
/// Tests/WidgetStoreTests/Support/BatchBlob.swift holds the same definition for the tests'
/// checks; the two must agree (the crash test fails loudly when they do not).
enum BatchBlob {
    /// writer, batch, index and size, as four little-endian UInt32s.
    static let headerSize = 16

    static func key(writer: Int, batch: Int, index: Int) -> String {
        "w\(writer)-b\(batch)-k\(index)"
    }

    /// `size` bytes: the header, repeated (the last copy cut short).
    static func bytes(writer: Int, batch: Int, index: Int, size: Int) -> Data {
        var header = Data(capacity: headerSize)
        for field in [writer, batch, index, size] {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: field).littleEndian) { header.append(contentsOf: $0) }
        }
        var blob = header
        while blob.count < size { blob.append(blob) }
        return blob.prefix(size)
    }
}
