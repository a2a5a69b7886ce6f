import Foundation

/// What store-writer's batch mode writes, so that a reader can tell every value's writer, batch
/// and key apart and spot a value that is not exactly what was written. One definition, shared
/// by the writer process (Tests/StoreWriter) and the crash test that checks its work.
public enum BatchBlob {
    /// writer, batch, index and size, as four little-endian UInt32s.
    public static let headerSize = 16

    public static func key(writer: Int, batch: Int, index: Int) -> String {
        "w\(writer)-b\(batch)-k\(index)"
    }

    /// `size` bytes: the header, repeated (the last copy cut short).
    public static func bytes(writer: Int, batch: Int, index: Int, size: Int) -> Data {
        var header = Data(capacity: headerSize)
        for field in [writer, batch, index, size] {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: field).littleEndian) { header.append(contentsOf: $0) }
        }
        var blob = header
        while blob.count < size { blob.append(blob) }
        return blob.prefix(size)
    }

    /// The writer and batch named by a batch-mode key `w<ID>-b<B>-k<J>`, or nil for another key.
    public static func parse(_ key: String) -> (writer: Int, batch: Int, index: Int)? {
        let parts = key.split(separator: "-")
        guard parts.count == 3, parts[0].first == "w", parts[1].first == "b", parts[2].first == "k",
              let writer = Int(parts[0].dropFirst()), let batch = Int(parts[1].dropFirst()),
              let index = Int(parts[2].dropFirst())
        else { return nil }
        return (writer, batch, index)
    }
}
