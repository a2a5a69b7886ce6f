import Foundation
import WidgetPayload
import WidgetHostCore

/// The host's own JSON files (`bundle-cache.json`, `broken-bundles.json`): written with
/// `JSONValueEncoder.roundTrip` and `JSONWriter`, read with `JSONReader` and
/// `JSONValueDecoder.roundTrip`, so a value reads back equal. Foundation's JSON coders cost a
/// warm `widgethost list` of 1,000 bundles an eighth of its time decoding the cache.
enum HostJSONFile {
    /// The file's contents as `T`; nil when it is missing, not JSON, or not a `T`.
    static func read<T: Decodable>(_ type: T.Type, from url: URL) -> T? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? data.withUnsafeBytes { raw in
            let json = try JSONReader().read(raw.assumingMemoryBound(to: UInt8.self))
            return try JSONValueDecoder.roundTrip.decode(T.self, from: json)
        }
    }

    /// Replaces the file with `value`, whole (`AtomicFile`).
    static func write<T: Encodable>(_ value: T, to url: URL) throws {
        let bytes = try JSONWriter.bytes(of: JSONValueEncoder.roundTrip.encode(value))
        try AtomicFile.write(Data(bytes), to: url)
    }
}
