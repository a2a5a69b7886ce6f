import Foundation
import WidgetPayload

/// The bodies of edit mode's routes (`HomeEditRoutes`), checked field by field so that a 400
/// names the field, what it takes, and the whole shape.
struct HomeEditBody: Sendable {
    private let object: [String: JSONValue]
    private let shape: String

    init(_ data: Data, shape: String) throws(APIError) {
        self.shape = shape
        do {
            object = try JSONDecoder().decode([String: JSONValue].self, from: data)
        } catch {
            throw APIError(.badRequest, code: "badBody", "expected \(shape): the body is not a JSON object")
        }
    }

    /// An instance's (or a stack's) id; nil when absent or null and not `required`.
    func id(_ field: String, required: Bool) throws(APIError) -> String? {
        switch object[field] {
        case .string(let text)? where (1...200).contains(text.unicodeScalars.count): return text
        case nil where !required, .null? where !required: return nil
        default: throw refusal(field, "an id (1 to 200 characters)")
        }
    }

    /// A page, column or row: a whole number from 0 to 999, as `PUT /v1/home/placements` takes.
    func index(_ field: String) throws(APIError) -> Int {
        let value: Int? = switch object[field] {
        case .integer(let number)?: Int(exactly: number)
        case .number(let number)?: number.isFinite ? Int(exactly: number) : nil
        default: nil
        }
        guard let value, (0...HomePlacementBody.largestIndex).contains(value) else {
            throw refusal(field, "a whole number from 0 to \(HomePlacementBody.largestIndex)")
        }
        return value
    }

    /// A layout's `revision` (`GET /v1/home`): a whole number from 0; nil when absent or null.
    func revision(_ field: String) throws(APIError) -> Int64? {
        switch object[field] {
        case nil, .null?: return nil
        case .integer(let number)? where number >= 0: return number
        // 1.5 is no revision: refused, not taken for an absent one.
        case .number(let number)? where number >= 0 && number < 9e15:
            guard let whole = Int64(exactly: number) else { fallthrough }
            return whole
        default: throw refusal(field, "the layout's revision from GET /v1/home (a whole number from 0), or null")
        }
    }

    func flag(_ field: String, required: Bool) throws(APIError) -> Bool? {
        switch object[field] {
        case .bool(let flag)?: return flag
        case nil where !required, .null? where !required: return nil
        default: throw refusal(field, "true or false")
        }
    }

    /// An output's name as `GET /v1/home?output=` takes it; nil when absent or null.
    func output(_ field: String) throws(APIError) -> String? {
        switch object[field] {
        case nil, .null?: return nil
        case .string(let name)? where HomePlacementBody.isOutputName(name): return name
        default: throw refusal(field, "an output's name (1 to 100 characters, such as browser or DP-1), or null")
        }
    }

    private func refusal(_ field: String, _ expected: String) -> APIError {
        let given = object[field]?.shownInRefusal ?? "nothing"
        return APIError(.badRequest, code: "badBody", "\(field): expected \(expected), not \(given); the body is \(shape)")
    }
}

/// `POST /v1/home/moves`: a widget dropped at a cell, previewed or committed.
struct HomeMoveBody: Sendable {
    static let shape = #"{"instance": "ID", "page": 0, "column": 0, "row": 0, "commit": false, "output": "browser" or null, "revision": 12 or null}"#
    let instance: String
    let page: Int
    let column: Int
    let row: Int
    let commit: Bool
    /// The output whose home screen is edited, and the one new placements are for; nil: the
    /// query's output (browser unless named) is arranged, and new placements are for every output.
    let output: String?
    /// The revision of the layout the drop was made on; a commit on an older one is refused (409
    /// `layoutChanged`) rather than undoing another screen's change. nil: last write wins.
    let revision: Int64?

    init(_ data: Data) throws(APIError) {
        let body = try HomeEditBody(data, shape: Self.shape)
        revision = try body.revision("revision")
        instance = try body.id("instance", required: true)!
        page = try body.index("page")
        column = try body.index("column")
        row = try body.index("row")
        commit = try body.flag("commit", required: true)!
        output = try body.output("output")
    }
}

/// `POST /v1/home/stacks`: one widget dropped on another of its family.
struct HomeStackBody: Sendable {
    static let shape = #"{"dropped": "ID", "onto": "ID", "revision": 12 or null}"#
    let dropped: String
    let onto: String
    /// As a move's: the drop on an older layout than the store's is refused (409 `layoutChanged`).
    let revision: Int64?

    init(_ data: Data) throws(APIError) {
        let body = try HomeEditBody(data, shape: Self.shape)
        dropped = try body.id("dropped", required: true)!
        onto = try body.id("onto", required: true)!
        revision = try body.revision("revision")
    }
}

/// `PUT /v1/home/stacks/{id}`: the member on show (a swipe), Smart Rotate, or both.
struct HomeStackChangeBody: Sendable {
    static let shape = #"{"shown": "ID" or absent, "smartRotate": true or absent}"#
    let shown: String?
    let smartRotate: Bool?

    init(_ data: Data) throws(APIError) {
        let body = try HomeEditBody(data, shape: Self.shape)
        shown = try body.id("shown", required: false)
        smartRotate = try body.flag("smartRotate", required: false)
    }
}
