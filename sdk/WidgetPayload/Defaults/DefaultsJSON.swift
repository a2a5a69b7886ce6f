import FoundationEssentials

/// How `Codable` values become JSON documents in shared defaults, on every side (apps, bundles,
/// the CLI): dates as seconds since 1970, like the rest of the wire; ISO 8601 text is read too,
/// since people write documents by hand with `widgethost defaults write`.
public enum DefaultsJSON {
    public static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return try decoder().decode(JSONValue.self, from: encoder.encode(value))
    }

    public static func decode<T: Decodable>(_ type: T.Type, from document: JSONValue) throws -> T {
        try decode(type, from: Data(text(of: document).utf8))
    }

    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decoder().decode(type, from: data)
    }

    /// The document as compact JSON text, keys sorted so that equal documents are equal text.
    public static func text(of document: JSONValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }

    /// Parses JSON text into a document.
    public static func document(from text: String) throws -> JSONValue {
        try decoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) {
                return Date(timeIntervalSince1970: seconds)
            }
            let text = try container.decode(String.self)
            guard let date = try? Date(text, strategy: .iso8601) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is neither seconds since 1970 nor an ISO 8601 date")
            }
            return date
        }
        return decoder
    }
}
