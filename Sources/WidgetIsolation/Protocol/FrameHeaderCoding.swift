import Foundation
import WidgetPayload
import WidgetHostCore

/// Messages whose commonest cases write and read their frame header by hand: the call and its
/// result, two per provider call. The JSON is the same `Codable` writes (and reads back):
/// `{"call":{"_0":{…}}}`, `{"result":{"_0":{…}}}`, keys sorted, nothing between tokens.
/// Through `Codable` these two headers cost a worker-mode call about a fifth of its CPU, most
/// of it the runtime looking up generic metadata; read as a `JSONValue`, another tenth
/// (BENCHMARKS.md, "Speed II"). Every other message still goes through `Codable`.
protocol FrameHeaderCoding {
    /// Writes this message's header if it is a case written by hand; false, having written
    /// nothing, when `Codable` writes it.
    func writeHandWrittenHeader(to writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) -> Bool
    /// The message in `header` if it has exactly the form `writeHandWrittenHeader` writes; nil
    /// for any other (then read by `JSONReader` and `readHandWritten(_:)`, or `Codable`).
    static func readExactly(_ header: [UInt8]) -> Self?
    /// The message in `header` (read by `JSONReader`), or nil when it is not a case read by hand.
    static func readHandWritten(_ header: JSONValue) throws(WorkerProtocolError) -> Self?
}

extension HostMessage: FrameHeaderCoding {
    func writeHandWrittenHeader(to writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) -> Bool {
        guard case .call(let request) = self else { return false }
        writer.writeLiteral("{\"call\":{\"_0\":")
        try request.writeHeader(to: &writer)
        writer.writeLiteral("}}")
        return true
    }

    static func readExactly(_ header: [UInt8]) -> HostMessage? {
        var scanner = HeaderScanner(header)
        guard scanner.skip("{\"call\":{\"_0\":"), let request = WorkerCallRequest(scanning: &scanner),
              scanner.skip("}}"), scanner.isAtEnd else { return nil }
        return .call(request)
    }

    static func readHandWritten(_ header: JSONValue) throws(WorkerProtocolError) -> HostMessage? {
        guard let payload = HeaderFields.enumPayload(header, case: "call") else { return nil }
        return .call(try WorkerCallRequest(headerValue: payload))
    }
}

extension WorkerMessage: FrameHeaderCoding {
    func writeHandWrittenHeader(to writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) -> Bool {
        guard case .result(let result) = self else { return false }
        writer.writeLiteral("{\"result\":{\"_0\":")
        result.writeHeader(to: &writer)
        writer.writeLiteral("}}")
        return true
    }

    static func readExactly(_ header: [UInt8]) -> WorkerMessage? {
        var scanner = HeaderScanner(header)
        guard scanner.skip("{\"result\":{\"_0\":"), let result = WorkerCallResult(scanning: &scanner),
              scanner.skip("}}"), scanner.isAtEnd else { return nil }
        return .result(result)
    }

    static func readHandWritten(_ header: JSONValue) throws(WorkerProtocolError) -> WorkerMessage? {
        guard let payload = HeaderFields.enumPayload(header, case: "result") else { return nil }
        return .result(try WorkerCallResult(headerValue: payload))
    }
}

extension WorkerCallRequest {
    /// The fields in key order, as `JSONValueEncoder` and `JSONWriter` write them.
    func writeHeader(to writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) {
        writer.writeLiteral("{\"call\":")
        writer.write(call.rawValue)
        if let configuration {
            writer.writeLiteral(",\"configuration\":")
            try writer.write(.object(configuration))
        }
        writer.writeLiteral(",\"displayHeight\":")
        try writer.write(displayHeight)
        writer.writeLiteral(",\"displayWidth\":")
        try writer.write(displayWidth)
        writer.writeLiteral(",\"family\":")
        writer.write(family.rawValue)
        writer.writeLiteral(",\"id\":")
        HeaderFields.write(id, to: &writer)
        writer.writeLiteral(isPreview ? ",\"isPreview\":true" : ",\"isPreview\":false")
        writer.writeLiteral(",\"kind\":")
        writer.write(kind)
        writer.writeLiteral(",\"now\":")
        try writer.write(now)
        writer.writeLiteral("}")
    }

    /// The fields as `writeHeader` writes them, without a configuration; nil for anything else.
    init?(scanning scanner: inout HeaderScanner) {
        guard scanner.skip("{\"call\":"), let call = scanner.string().flatMap(ProviderCall.init(rawValue:)),
              scanner.skip(",\"displayHeight\":"), let displayHeight = scanner.number(),
              scanner.skip(",\"displayWidth\":"), let displayWidth = scanner.number(),
              scanner.skip(",\"family\":"), let family = scanner.string().flatMap(WidgetFamily.init(rawValue:)),
              scanner.skip(",\"id\":"), let id = scanner.unsigned(),
              scanner.skip(",\"isPreview\":"), let isPreview = scanner.bool(),
              scanner.skip(",\"kind\":"), let kind = scanner.string(),
              scanner.skip(",\"now\":"), let now = scanner.number(),
              scanner.skip("}")
        else { return nil }
        var context = CallContext(family: family, isPreview: isPreview, now: Date(timeIntervalSince1970: now))
        context.displayWidth = displayWidth
        context.displayHeight = displayHeight
        self.init(id: id, call: call, kind: kind, context: context)
    }

    /// The fields of a header read by `JSONReader`, each error naming the field.
    init(headerValue: JSONValue) throws(WorkerProtocolError) {
        let fields = try HeaderFields(headerValue, of: "call")
        guard let call = ProviderCall(rawValue: try fields.string("call")) else { throw fields.invalid("call") }
        guard let family = WidgetFamily(rawValue: try fields.string("family")) else { throw fields.invalid("family") }
        var context = CallContext(
            family: family, isPreview: try fields.bool("isPreview"),
            now: Date(timeIntervalSince1970: try fields.double("now")),
            configuration: try fields.optionalObject("configuration"))
        context.displayWidth = try fields.double("displayWidth")
        context.displayHeight = try fields.double("displayHeight")
        self.init(id: try fields.id("id"), call: call, kind: try fields.string("kind"), context: context)
    }
}

extension WorkerCallResult {
    func writeHeader(to writer: inout JSONWriter) {
        writer.writeLiteral("{\"id\":")
        HeaderFields.write(id, to: &writer)
        writer.writeLiteral(",\"nanoseconds\":")
        writer.write(nanoseconds)
        switch outcome {
        case .completed: writer.writeLiteral(",\"outcome\":{\"completed\":{}}}")
        // A labelled associated value is written under its label, not `_0`.
        case .payloadTooLarge(let bytes):
            writer.writeLiteral(",\"outcome\":{\"payloadTooLarge\":{\"bytes\":")
            writer.write(Int64(bytes))
            writer.writeLiteral("}}}")
        case .timedOut: writer.writeLiteral(",\"outcome\":{\"timedOut\":{}}}")
        case .returnedWithoutCompleting: writer.writeLiteral(",\"outcome\":{\"returnedWithoutCompleting\":{}}}")
        }
    }

    /// The fields as `writeHeader` writes them for a completed call; nil for anything else.
    init?(scanning scanner: inout HeaderScanner) {
        guard scanner.skip("{\"id\":"), let id = scanner.unsigned(),
              scanner.skip(",\"nanoseconds\":"), let nanoseconds = scanner.integer(),
              scanner.skip(",\"outcome\":{\"completed\":{}}}")
        else { return nil }
        self.init(id: id, outcome: .completed, nanoseconds: nanoseconds)
    }

    init(headerValue: JSONValue) throws(WorkerProtocolError) {
        let fields = try HeaderFields(headerValue, of: "result")
        guard case .object(let cases)? = fields.fields["outcome"], cases.count == 1, let (name, payload) = cases.first else {
            throw fields.invalid("outcome")
        }
        let outcome: Outcome
        switch name {
        case "completed": outcome = .completed
        case "timedOut": outcome = .timedOut
        case "returnedWithoutCompleting": outcome = .returnedWithoutCompleting
        case "payloadTooLarge":
            guard case .object(let bytes) = payload, case .integer(let count)? = bytes["bytes"], let count = Int(exactly: count) else {
                throw fields.invalid("outcome")
            }
            outcome = .payloadTooLarge(bytes: count)
        default:
            throw fields.invalid("outcome")
        }
        guard case .integer(let nanoseconds)? = fields.fields["nanoseconds"] else { throw fields.invalid("nanoseconds") }
        self.init(id: try fields.id("id"), outcome: outcome, nanoseconds: nanoseconds)
    }
}

/// Reading the fields of a hand-coded header, each error naming the message and the field.
struct HeaderFields {
    let fields: [String: JSONValue]
    let message: String

    init(_ value: JSONValue, of message: String) throws(WorkerProtocolError) {
        guard case .object(let fields) = value else { throw .malformedHeader(detail: "\(message): not an object") }
        self.fields = fields
        self.message = message
    }

    func invalid(_ field: String) -> WorkerProtocolError {
        .malformedHeader(detail: "\(message): field '\(field)' is missing or not valid")
    }

    func string(_ field: String) throws(WorkerProtocolError) -> String {
        guard case .string(let value)? = fields[field] else { throw invalid(field) }
        return value
    }

    func bool(_ field: String) throws(WorkerProtocolError) -> Bool {
        guard case .bool(let value)? = fields[field] else { throw invalid(field) }
        return value
    }

    /// A number, written as an integer when it is whole (as `Codable` writes a Double).
    func double(_ field: String) throws(WorkerProtocolError) -> Double {
        switch fields[field] {
        case .number(let value)?: return value
        case .integer(let value)?: return Double(value)
        default: throw invalid(field)
        }
    }

    func optionalObject(_ field: String) throws(WorkerProtocolError) -> [String: JSONValue]? {
        switch fields[field] {
        case nil, .null?: return nil
        case .object(let value)?: return value
        default: throw invalid(field)
        }
    }

    /// A call's number: an integer, or above Int64.max a decimal string (`roundTrip`'s way).
    func id(_ field: String) throws(WorkerProtocolError) -> UInt64 {
        switch fields[field] {
        case .integer(let value)? where value >= 0: return UInt64(value)
        case .string(let text)?: guard let value = UInt64(text) else { throw invalid(field) }; return value
        default: throw invalid(field)
        }
    }

    /// A call's number as `id(_:)` reads it: above Int64.max, a decimal string.
    static func write(_ id: UInt64, to writer: inout JSONWriter) {
        if let integer = Int64(exactly: id) { writer.write(integer) } else { writer.write(String(id)) }
    }

    /// The associated value of `header` if it is the case `name`.
    static func enumPayload(_ header: JSONValue, case name: String) -> JSONValue? {
        guard case .object(let cases) = header, cases.count == 1, case .object(let payload)? = cases[name] else { return nil }
        return payload["_0"]
    }
}
