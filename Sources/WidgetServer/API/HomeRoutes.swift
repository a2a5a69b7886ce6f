import Foundation
import Hummingbird
import WidgetHome
import WidgetHostJSON
import WidgetHostCore
import WidgetStore
import WidgetStoreModel

/// `GET /v1/home`, `PUT` and `DELETE /v1/home/placements/{id}`: the home screen's layout, as
/// `widgethost home list/place/unplace` read and change it. The layout is arranged for the
/// asker's screen (`?width=&height=` in points), since the grid's cells are a fixed size and a
/// larger screen gets more of them; the placements live in the shared store, so the CLI, the
/// gallery, `/home` and `widgethost desktop` all arrange the same wishes. Every change wakes the
/// server's `HomeLayoutFeed`, which tells every client with a `home` event.
struct HomeRoutes: HomeStoreRoutes {
    let host: BundleHost
    /// The server's store (the host's).
    let sharedStore: LazySharedStore
    let hub: EventHub
    let maximumBodySize: Int
    let bodyTimeout: Duration

    /// The arrangement's size when the client names none: a 4:3 tablet in landscape.
    static let defaultWidth = 1024.0
    static let defaultHeight = 768.0
    /// The output the browser's home screen places on, unless the client names another.
    static let defaultOutput = "browser"

    func add(to router: Router<BasicRequestContext>) {
        router.getOrHead("/v1/home") { request, _ in try layout(request) }
        router.put("/v1/home/placements/:id") { request, context in try await place(context.parameters.require("id"), request) }
        router.delete("/v1/home/placements/:id") { _, context in try unplace(context.parameters.require("id")) }
    }

    private func layout(_ request: Request) throws -> Response {
        let query = try HomeQuery(request.uri.queryParameters)
        // The event id first: a client opening the stream after it misses no change made since.
        let lastEventId = hub.lastId
        // The revision before the layout: a change between the two makes it older, never newer,
        // so a move sent with it is at worst refused, never let through on a stale picture.
        let (revision, instances, placements, stacks) = try store { store throws(StoreError) in
            (try store.homeLayoutRevision(), try store.instances(), try store.homePlacements(), try store.homeStacks())
        }
        let arrangement = HomeArrangement(
            instances: instances, placements: placements, stacks: stacks, output: query.output, width: query.width,
            height: query.height)
        return try json(HomeLayoutJSON(
            arrangement: arrangement, width: query.width, height: query.height, output: query.output,
            instances: instances, placements: placements, isAvailable: { host.bundles.catalog.widget(kind: $0) != nil },
            lastEventId: lastEventId, revision: revision))
    }

    private func place(_ id: String, _ request: Request) async throws -> Response {
        let buffer = try await RequestBodyReader(limit: maximumBodySize, timeout: bodyTimeout).read(request.body)
        let body = try HomePlacementBody(Data(buffer: buffer))
        guard let placement = try store(editedAt: body.revision, { store throws(StoreError) in
            try store.place(
                WidgetInstanceID(rawValue: id), output: body.output, page: body.page, column: body.column, row: body.row,
                ifRevision: body.revision)
        }) else { throw unknown(id) }
        return try json(HomePlacementJSON(placement))
    }

    private func unplace(_ id: String) throws -> Response {
        let instanceID = WidgetInstanceID(rawValue: id)
        let removed = try store { store throws(StoreError) -> Bool? in
            guard try store.instance(instanceID) != nil else { return nil }
            return try store.unplace(instanceID)
        }
        guard let removed else { throw unknown(id) }
        return try json(HomeUnplacedShape(instance: id, removed: removed))
    }

}

/// `GET /v1/home`'s query, checked: a bad value is a 400 naming the parameter.
struct HomeQuery: Sendable {
    var width = HomeRoutes.defaultWidth
    var height = HomeRoutes.defaultHeight
    var output = HomeRoutes.defaultOutput

    /// Beyond this a grid would have tens of thousands of cells: no screen is that large.
    static let largestSide = 100_000.0

    init(_ parameters: Parameters) throws(APIError) {
        for (name, keyPath) in [("width", \HomeQuery.width), ("height", \HomeQuery.height)] {
            guard let text = parameters.get(name) else { continue }
            guard let value = Double(text), value.isFinite, value > 0, value <= Self.largestSide else {
                throw APIError(.badRequest, code: "badParameter",
                               "\(name)=\(text): expected the screen's \(name) in points, a number above 0 and at most 100000")
            }
            self[keyPath: keyPath] = value
        }
        if let text = parameters.get("output") {
            guard HomePlacementBody.isOutputName(text) else {
                throw APIError(.badRequest, code: "badParameter",
                               "output=\(text.prefix(40)): expected an output's name (1 to 100 characters, such as browser or DP-1)")
            }
            output = String(text)
        }
    }
}

/// `PUT /v1/home/placements/{id}`'s body, `{"page", "column", "row", "output"?, "revision"?}`,
/// checked field by field (`HomeEditBody`) so that a 400 names the field and what it takes.
struct HomePlacementBody: Sendable {
    let page: Int
    let column: Int
    let row: Int
    /// nil: on every output.
    let output: String?
    /// The revision of the layout the placement was chosen on (`GET /v1/home`); when the layout
    /// has changed since, nothing is written (409 `layoutChanged`). nil: last write wins.
    let revision: Int64?

    /// As `widgethost home place` allows: pages and cells from 0 to 999.
    static let largestIndex = 999
    static let shape = #"{"page": 0, "column": 0, "row": 0, "output": "browser" or null, "revision": 12 or null}"#

    init(_ data: Data) throws(APIError) {
        let body = try HomeEditBody(data, shape: Self.shape)
        page = try body.index("page")
        column = try body.index("column")
        row = try body.index("row")
        output = try body.output("output")
        revision = try body.revision("revision")
    }

    /// Counted in code points, as JSON Schema's `maxLength` counts (docs/openapi.yaml).
    static func isOutputName(_ text: some StringProtocol) -> Bool {
        (1...100).contains(text.unicodeScalars.count) && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

/// What the home screen's routes share: the store, opened on first use, and the refusal for a
/// widget it does not hold.
protocol HomeStoreRoutes: Sendable {
    var sharedStore: LazySharedStore { get }
}

extension HomeStoreRoutes {
    func unknown(_ id: String) -> APIError {
        APIError(.notFound, code: "unknownInstance", "no instance \(id); `GET /v1/home` lists the home screen's widgets")
    }

    func store<Result>(_ body: (SharedStore) throws(StoreError) -> Result) throws(APIError) -> Result {
        do {
            return try body(sharedStore.open())
        } catch {
            throw APIError(.internalServerError, code: "storeFailed", "the shared store failed: \(error)")
        }
    }

    /// `store`, for an edit made on the layout at revision `sent`: a layout changed since is a
    /// 409 `layoutChanged` (nothing was written), and an instance removed meanwhile a 404, not a
    /// store failure.
    func store<Result>(editedAt sent: Int64?, _ body: (SharedStore) throws(StoreError) -> Result) throws(APIError) -> Result {
        do {
            return try body(sharedStore.open())
        } catch where error.unknownInstanceID != nil {
            throw unknown(error.unknownInstanceID?.rawValue ?? "")
        } catch where error.isHomeLayoutChanged {
            let current = (try? sharedStore.open().homeLayoutRevision()) ?? -1
            throw HomeEditRoutes.layoutChanged(sent: sent ?? current, current: current)
        } catch {
            throw APIError(.internalServerError, code: "storeFailed", "the shared store failed: \(error)")
        }
    }
}

extension JSONValue {
    /// The value as a refusal names what the client sent: short, its kind when it is a container.
    var shownInRefusal: String {
        switch self {
        case .null: "null"
        case .bool(let flag): String(flag)
        case .integer(let number): String(number)
        case .number(let number): String(number)
        case .string(let text): "\"\(text.prefix(40))\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
