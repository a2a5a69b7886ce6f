import Foundation
import Hummingbird
import WidgetHome
import WidgetHostCore
import WidgetHostJSON
import WidgetStore
import WidgetStoreModel

/// Edit mode over HTTP, what `/home` does when a widget is dragged or dropped on another:
/// `POST /v1/home/moves` (a drop, previewed or committed, the grid making room by
/// `HomeArrangement`'s rules, the desktop's), `POST /v1/home/stacks` (a Smart Stack),
/// `DELETE /v1/home/stacks/members/{instance}` and `PUT /v1/home/stacks/{id}` (a swipe to another
/// member, Smart Rotate). Every write goes to the shared store, whose wake-up tells every home
/// screen (a `home` event here).
struct HomeEditRoutes: HomeStoreRoutes {
    let host: BundleHost
    let sharedStore: LazySharedStore
    let hub: EventHub
    let maximumBodySize: Int
    let bodyTimeout: Duration

    func add(to router: Router<BasicRequestContext>) {
        router.post("/v1/home/moves") { request, _ in try await move(request) }
        router.post("/v1/home/stacks") { request, _ in try await stack(request) }
        router.delete("/v1/home/stacks/members/:instance") { _, context in try unstack(context.parameters.require("instance")) }
        router.put("/v1/home/stacks/:id") { request, context in try await change(context.parameters.require("id"), request) }
    }

    // MARK: Moves

    private func move(_ request: Request) async throws -> Response {
        let query = try HomeQuery(request.uri.queryParameters)
        let body = try HomeMoveBody(try await read(request))
        let output = body.output ?? query.output
        // Read before the layout (see `HomeRoutes.layout`), and checked again by the write.
        let (revision, instances, placements, stacks) = try store { store throws(StoreError) in
            (try store.homeLayoutRevision(), try store.instances(), try store.homePlacements(), try store.homeStacks())
        }
        if body.commit, let sent = body.revision, sent != revision { throw Self.layoutChanged(sent: sent, current: revision) }
        guard let instance = instances.first(where: { $0.id.rawValue == body.instance }) else { throw unknown(body.instance) }
        let items = HomeItem.items(instances: instances, placements: placements, stacks: stacks, output: output)
        let arrangement = HomeArrangement(items: items, width: query.width, height: query.height)
        let tile = try HomeMoveCheck(arrangement: arrangement, output: output).tile(of: instance, page: body.page, column: body.column, row: body.row)
        let target = HomeItem.Placement(page: body.page, column: body.column, row: body.row)
        let result = arrangement.movingTile(tile.id, to: target, items: items)
        let entries = arrangement.placements(keeping: result, items: items, moved: tile.id)
        let cells = entries.map { entry in
            SharedStore.HomeCell(instance: WidgetInstanceID(rawValue: entry.instance), page: entry.page, column: entry.column, row: entry.row)
        }
        guard body.commit else {
            // What the store would hold after the commit, arranged as `GET /v1/home` would read it.
            let wouldBe = Self.placements(placements, after: cells, stacks: stacks, output: body.output)
            return try layout(instances: instances, placements: wouldBe, stacks: stacks, query: query, output: output, revision: revision)
        }
        // The cells were worked out on the layout at `revision`: written only if it still is.
        try store(editedAt: body.revision ?? revision) { store throws(StoreError) in
            try store.placeAll(cells, output: body.output, ifRevision: revision)
        }
        let (afterRevision, after, afterPlacements, afterStacks) = try store { store throws(StoreError) in
            (try store.homeLayoutRevision(), try store.instances(), try store.homePlacements(), try store.homeStacks())
        }
        return try layout(
            instances: after, placements: afterPlacements, stacks: afterStacks, query: query, output: output, revision: afterRevision)
    }

    /// Two home screens edited at once and this one lost: its move (placement, stack) was made on
    /// a layout another changed since. Refused whole (nothing written), so the other's change
    /// stands; the page reads the layout again and the person drops again on what is there now.
    static func layoutChanged(sent: Int64, current: Int64) -> APIError {
        APIError(.conflict, code: "layoutChanged", """
            the home screen changed since this layout was read (revision \(sent), now \(current)): another screen or \
            program moved, added or removed a widget. Nothing was moved; read GET /v1/home again and make the move on it
            """)
    }

    /// `placements` with `cells` written as `SharedStore.placeAll` writes them (a stack's member
    /// moves its top member's row; an existing row keeps its output), for the preview.
    private static func placements(
        _ placements: [HomePlacement], after cells: [SharedStore.HomeCell], stacks: [HomeStack], output: String?
    ) -> [HomePlacement] {
        let now = Date().timeIntervalSince1970
        var byInstance = Dictionary(placements.map { ($0.instance, $0) }, uniquingKeysWith: { $0.placedAt > $1.placedAt ? $0 : $1 })
        for (index, cell) in cells.enumerated() {
            let holder = stacks.first { $0.members.contains(cell.instance) }?.top ?? cell.instance
            byInstance[holder] = HomePlacement(
                instance: holder, output: byInstance[holder].map(\.output) ?? output, page: cell.page, column: cell.column,
                row: cell.row, placedAt: Date(timeIntervalSince1970: now - Double(index) * 1e-6))
        }
        return byInstance.values.sorted { ($0.placedAt, $0.instance.rawValue) < ($1.placedAt, $1.instance.rawValue) }
    }

    private func layout(
        instances: [WidgetInstance], placements: [HomePlacement], stacks: [HomeStack], query: HomeQuery, output: String,
        revision: Int64
    ) throws -> Response {
        let arrangement = HomeArrangement(
            instances: instances, placements: placements, stacks: stacks, output: output, width: query.width, height: query.height)
        return try json(HomeLayoutJSON(
            arrangement: arrangement, width: query.width, height: query.height, output: output, instances: instances,
            placements: placements, isAvailable: { host.bundles.catalog.widget(kind: $0) != nil }, lastEventId: hub.lastId,
            revision: revision))
    }

    // MARK: Smart Stacks

    private func stack(_ request: Request) async throws -> Response {
        let body = try HomeStackBody(try await read(request))
        let instances = try store { store throws(StoreError) in try store.instances() }
        guard let dropped = instances.first(where: { $0.id.rawValue == body.dropped }) else { throw unknown(body.dropped) }
        guard let onto = instances.first(where: { $0.id.rawValue == body.onto }) else { throw unknown(body.onto) }
        guard dropped.id != onto.id else {
            throw APIError(.conflict, code: "stackOntoItself", "cannot stack \(dropped.id) onto itself; drop it on another widget of its family")
        }
        guard dropped.family == onto.family else {
            throw APIError(.conflict, code: "familiesDiffer", """
                cannot stack \(dropped.id) (\(dropped.family.rawValue)) onto \(onto.id) (\(onto.family.rawValue)): \
                a Smart Stack holds widgets of one family
                """)
        }
        guard HomeGrid.span(of: onto.family) != nil else {
            throw APIError(.conflict, code: "notStackable", """
                cannot stack \(dropped.id) onto \(onto.id): they are \(onto.family.rawValue), and only the system families \
                (systemSmall, systemMedium, systemLarge, systemExtraLarge) stack
                """)
        }
        let made = try store(editedAt: body.revision) { store throws(StoreError) in
            try store.stack(dropped.id, onto: onto.id, ifRevision: body.revision)
        }
        return try json(HomeLayoutJSON.StackJSON(made), status: .created)
    }

    private func unstack(_ id: String) throws -> Response {
        let instanceID = WidgetInstanceID(rawValue: id)
        let left = try store { store throws(StoreError) -> Bool? in
            guard try store.instance(instanceID) != nil else { return nil }
            return try store.unstack(instanceID)
        }
        guard let left else { throw unknown(id) }
        return try json(HomeUnstackedShape(instance: id, unstacked: left))
    }

    private func change(_ id: String, _ request: Request) async throws -> Response {
        let body = try HomeStackChangeBody(try await read(request))
        let stackID = HomeStackID(rawValue: id)
        let stacks = try store { store throws(StoreError) in try store.homeStacks() }
        guard var stack = stacks.first(where: { $0.id == stackID }) else {
            throw APIError(.notFound, code: "unknownStack", "no Smart Stack \(id); `GET /v1/home` shows each tile's stack")
        }
        if let shown = body.shown {
            guard stack.members.contains(WidgetInstanceID(rawValue: shown)) else {
                throw APIError(.conflict, code: "notAMember", """
                    instance \(shown) is not in the Smart Stack \(id), whose members are \(stack.members.map(\.rawValue).joined(separator: ", "))
                    """)
            }
            stack = try store { store throws(StoreError) in try store.showInStack(WidgetInstanceID(rawValue: shown)) } ?? stack
        }
        if let smartRotate = body.smartRotate {
            stack = try store { store throws(StoreError) in try store.setSmartRotate(stackID, smartRotate) } ?? stack
        }
        return try json(HomeLayoutJSON.StackJSON(stack))
    }

    // MARK: Helpers

    private func read(_ request: Request) async throws -> Data {
        Data(buffer: try await RequestBodyReader(limit: maximumBodySize, timeout: bodyTimeout).read(request.body))
    }

}

/// `DELETE /v1/home/stacks/members/{instance}`: whether the instance was in a stack to leave.
struct HomeUnstackedShape: Encodable {
    let instance: String
    let unstacked: Bool
}
