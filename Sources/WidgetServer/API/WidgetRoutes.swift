import Foundation
import Hummingbird
import WidgetDaemon
import WidgetHostCore
import WidgetHostJSON
import WidgetRender
import WidgetStore

/// `/v1/widgets…` and `GET /v1/instances/{id}…`: the registry as JSON, the widgets drawn.
/// Adding and changing instances is `InstanceRoutes`; reloads are `AppRoutes`.
struct WidgetRoutes: Sendable {
    let host: BundleHost
    let scheduler: ReloadScheduler
    let hub: EventHub
    let images: WidgetImages
    let previews: PreviewEntries

    func add(to router: Router<BasicRequestContext>) {
        router.getOrHead("/v1/widgets") { _, _ in try json(list()) }
        router.getOrHead("/v1/widgets/:kind/:family") { _, context in
            try json(detail(context.parameters.require("kind"), context.parameters.require("family")))
        }
        router.getOrHead("/v1/widgets/:kind/:family/current.png") { request, context in
            try await image(request, of: record(context.parameters.require("kind"), context.parameters.require("family")), format: .png)
        }
        router.getOrHead("/v1/widgets/:kind/:family/current.svg") { request, context in
            try await image(request, of: record(context.parameters.require("kind"), context.parameters.require("family")), format: .svg)
        }
        router.getOrHead("/v1/instances/:id") { _, context in
            try json(detail(of: instanceRecord(context.parameters.require("id"))))
        }
        router.getOrHead("/v1/instances/:id/current.png") { request, context in
            try await image(request, of: instanceRecord(context.parameters.require("id")), format: .png)
        }
        router.getOrHead("/v1/instances/:id/current.svg") { request, context in
            try await image(request, of: instanceRecord(context.parameters.require("id")), format: .svg)
        }
        router.getOrHead("/v1/widgets/:kind/:family/previews") { _, context in
            try await json(previewList(context.parameters.require("kind"), context.parameters.require("family")))
        }
        router.getOrHead("/v1/widgets/:kind/:family/regions") { request, context in
            try await regions(request, of: record(context.parameters.require("kind"), context.parameters.require("family")))
        }
        router.getOrHead("/v1/instances/:id/regions") { request, context in
            try await regions(request, of: instanceRecord(context.parameters.require("id")))
        }
    }

    var now: Date { host.clock.now }

    func list() -> WidgetListShape {
        let now = self.now
        let lastId = hub.lastId
        let widgets = scheduler.plans(at: now).map { plan in
            state(plan.record, next: plan.next, now: now)
        }
        return WidgetListShape(at: now.isoString, lastEventId: lastId, widgets: widgets)
    }

    private func detail(_ kind: String, _ family: String) throws(APIError) -> WidgetDetailShape {
        try detail(of: record(kind, family))
    }

    private func detail(of record: TimelineRecord) -> WidgetDetailShape {
        let now = self.now
        let next = ReloadPlanner.plan(for: record, settings: scheduler.settings, now: now)
        return WidgetDetailShape(
            state: state(record, next: next, now: now),
            entries: record.timeline?.entries.map(EntryJSON.init) ?? [],
            policy: record.timeline.map { PolicyJSON($0.policy) },
            lastEventId: hub.lastId)
    }

    private func state(_ record: TimelineRecord, next: PlannedReload, now: Date) -> WidgetStateJSON {
        let widget = host.bundles.catalog.widget(kind: record.key.kind)
        let text = widget.flatMap { widget in
            record.entry(at: now).map { images.text(of: $0, widget: widget, family: record.key.family, at: now) }
        }
        return WidgetStateJSON(record, widget: widget, next: next, text: text, now: now)
    }

    func record(_ kind: String, _ familyName: String) throws(APIError) -> TimelineRecord {
        let known = scheduler.plans(at: now).filter { $0.record.key.instance == nil }.map(\.record.key.label)
        guard let family = WidgetFamily(rawValue: familyName),
              let record = host.registry.record(for: TimelineKey(kind: kind, family: family)) else {
            throw APIError(.notFound, code: "unknownWidget",
                           "no widget \(kind) in family \(familyName); known: \(known.joined(separator: ", "))")
        }
        return record
    }

    /// The record of a user-added instance the registry holds.
    func instanceRecord(_ id: String) throws(APIError) -> TimelineRecord {
        let key = host.registry.key(ofInstance: id)
        guard let key, let record = host.registry.record(for: key) else {
            throw APIError(.notFound, code: "unknownInstance",
                           "no instance \(id) is shown; `GET /v1/widgets` lists the instances (one just added appears once the host has taken it)")
        }
        return record
    }

    private func image(_ request: Request, of record: TimelineRecord, format: RenderFormat) async throws -> Response {
        let kind = record.key.kind, family = record.key.family.rawValue
        let query = try ImageQuery(request.uri.queryParameters)
        guard let widget = host.bundles.catalog.widget(kind: kind) else {
            throw APIError(.notFound, code: "unknownWidget", "\(kind) is no longer declared by a loaded bundle")
        }
        let (entry, drawnAt) = try await entry(query, of: widget, record: record)
        let drawn: RenderCache.Image
        do {
            drawn = try await images.image(of: entry, widget: widget, family: record.key.family, at: drawnAt,
                                     appearance: query.appearance, renderingMode: query.renderingMode, scale: query.scale, format: format,
                                     redactsPlaceholder: query.entry == .placeholder)
        } catch {
            throw APIError(.internalServerError, code: "renderFailed", "\(kind) (\(family)) could not be drawn: \(error)")
        }
        var headers: HTTPFields = [
            .eTag: drawn.etag,
            // The current image changes when an entry comes due: revalidate every time (cheap, 304).
            .cacheControl: query.at == nil ? "no-cache" : "public, max-age=3600",
        ]
        if let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: {
            $0.trimmingCharacters(in: .whitespaces) == drawn.etag || $0.trimmingCharacters(in: .whitespaces) == "*"
        }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = format == .png ? "image/png" : "image/svg+xml"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: drawn.bytes)))
    }

    /// The entry `?entry=` names, and the moment to draw it at.
    func entry(_ query: ImageQuery, of widget: WidgetDescriptor, record: TimelineRecord) async throws(APIError) -> (WidgetEntry, Date) {
        let kind = widget.kind, family = record.key.family
        if query.entry == .preview {
            return try await previewEntry(query, of: widget, family: family)
        }
        guard query.entry == .timeline else {
            do {
                let entry = try await previews.entry(
                    query.entry, of: widget, family: family, configuration: record.configuration, host: host)
                return (entry, query.at ?? entry.date)
            } catch {
                throw APIError(.badGateway, code: "callFailed", "\(kind) (\(family.rawValue)) \(query.entry.rawValue) failed: \(error)")
            }
        }
        guard let timeline = record.timeline, let first = timeline.entries.first else {
            throw APIError(.notFound, code: "noTimeline", "\(kind) (\(family.rawValue)) has no timeline yet; its first reload is pending")
        }
        // As `widgethost render`: the entry current at the time, or the first before it starts.
        let entry = timeline.entry(at: query.at ?? now) ?? first
        return (entry, query.at ?? entry.date)
    }

    /// The kind's `#Preview`s in a family: names, where they are declared, how many entries.
    private func previewList(_ kind: String, _ family: String) async throws(APIError) -> PreviewListShape {
        let record = try record(kind, family)
        guard let widget = host.bundles.catalog.widget(kind: kind) else {
            throw APIError(.notFound, code: "unknownWidget", "\(kind) is no longer declared by a loaded bundle")
        }
        return PreviewListShape(kind: kind, family: record.key.family.rawValue, previews: try await previews(of: widget, family: record.key.family))
    }

    private func previews(of widget: WidgetDescriptor, family: WidgetFamily) async throws(APIError) -> [WidgetPreview] {
        do {
            return try await previews.previews(of: widget, family: family, host: host)
        } catch {
            throw APIError(.badGateway, code: "callFailed", "\(widget.kind) (\(family.rawValue)) previews failed: \(error)")
        }
    }

    /// `entry=preview`: entry `index` of preview `preview`, drawn at its own date.
    private func previewEntry(_ query: ImageQuery, of widget: WidgetDescriptor, family: WidgetFamily) async throws(APIError) -> (WidgetEntry, Date) {
        let all = try await previews(of: widget, family: family)
        guard query.preview < all.count else {
            throw APIError(.notFound, code: "unknownPreview",
                           "\(widget.kind) (\(family.rawValue)) has \(all.count) #Preview\(all.count == 1 ? "" : "s"); preview=\(query.preview) is not one (GET …/previews lists them)")
        }
        let preview = all[query.preview]
        guard case .entries(let entries) = preview.content else {
            throw APIError(.badGateway, code: "previewFailed", "#Preview \(preview.title) of \(widget.kind) failed: \(preview.failure ?? "")")
        }
        guard query.index < entries.count else {
            throw APIError(.notFound, code: "unknownPreview", "#Preview \(preview.title) has \(entries.count) entries; index=\(query.index) is not one")
        }
        let entry = entries[query.index]
        return (entry, query.at ?? entry.date)
    }
}

func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
}
