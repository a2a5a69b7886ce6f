import Foundation
import WidgetPayload
import WidgetHostCore

/// Messages whose commonest cases write and read their frame header by hand: the call and its
/// result, two per provider call. The JSON is the same `Codable` writes (and reads back):
/// `{"call":{"_0":{…}}}`, `{"result":{"_0":{…}}}`. Through `Codable` these two headers
/// cost a worker-mode call about a fifth of its CPU, most of it the runtime looking up generic
/// metadata (BENCHMARKS.md, "Speed II"). Every other message still goes through `Codable`.
protocol FrameHeaderCoding {
    /// The header of this message, or nil when `Codable` writes it.
    var handWrittenHeader: JSONValue? { get }
    /// The message in `header`, or nil when `header` is not a case read by hand.
    static func readHandWritten(_ header: JSONValue) throws(WorkerProtocolError) -> Self?
}

extension HostMessage: FrameHeaderCoding {
    var handWrittenHeader: JSONValue? {
        guard case .call(let request) = self else { return nil }
        return HeaderFields.enumCase("call", request.headerValue)
    }

    static func readHandWritten(_ header: JSONValue) throws(WorkerProtocolError) -> HostMessage? {
        guard let payload = HeaderFields.enumPayload(header, case: "call") else { return nil }
        return .call(try WorkerCallRequest(headerValue: payload))
    }
}

extension WorkerMessage: FrameHeaderCoding {
    var handWrittenHeader: JSONValue? {
        guard case .result(let result) = self else { return nil }
        return HeaderFields.enumCase("result", result.headerValue)
    }

    static func readHandWritten(_ header: JSONValue) throws(WorkerProtocolError) -> WorkerMessage? {
        guard let payload = HeaderFields.enumPayload(header, case: "result") else { return nil }
        return .result(try WorkerCallResult(headerValue: payload))
    }
}

extension WorkerCallRequest {
    var headerValue: JSONValue {
        var fields: [String: JSONValue] = [
            "id": HeaderFields.value(id), "call": .string(call.rawValue), "kind": .string(kind),
            "family": .string(family.rawValue), "displayWidth": .number(displayWidth),
            "displayHeight": .number(displayHeight), "isPreview": .bool(isPreview), "now": .number(now),
        ]
        if let configuration { fields["configuration"] = .object(configuration) }
        return .object(fields)
    }

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
    var headerValue: JSONValue {
        let outcome: JSONValue = switch self.outcome {
        case .completed: HeaderFields.enumCase("completed", nil)
        // A labelled associated value is written under its label, not `_0`.
        case .payloadTooLarge(let bytes): .object(["payloadTooLarge": .object(["bytes": .integer(Int64(bytes))])])
        case .timedOut: HeaderFields.enumCase("timedOut", nil)
        case .returnedWithoutCompleting: HeaderFields.enumCase("returnedWithoutCompleting", nil)
        }
        return .object(["id": HeaderFields.value(id), "outcome": outcome, "nanoseconds": .integer(nanoseconds)])
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

    static func value(_ id: UInt64) -> JSONValue {
        id <= UInt64(Int64.max) ? .integer(Int64(id)) : .string(String(id))
    }

    /// A case of an enum with one unlabelled associated value, or none, as `Codable` writes it.
    static func enumCase(_ name: String, _ payload: JSONValue?) -> JSONValue {
        .object([name: .object(payload.map { ["_0": $0] } ?? [:])])
    }

    /// The associated value of `header` if it is the case `name`.
    static func enumPayload(_ header: JSONValue, case name: String) -> JSONValue? {
        guard case .object(let cases) = header, cases.count == 1, case .object(let payload)? = cases[name] else { return nil }
        return payload["_0"]
    }
}
