import Foundation
import Hummingbird
import WidgetHostCore
import WidgetPayload

/// `POST /v1/widgets/{kind}/{family}/open` and `POST /v1/instances/{id}/open`: a click on a
/// widget's `widgetURL` or one of its `Link`s. An app on the bus that handles the kind's URLs
/// gets it first (`WidgetURLOpened`, as home_widget's `widgetClicked`); otherwise the daemon runs its open-url command
/// (`--open-url-command`) for the URL and says whether it could; when it could not (`none`, or
/// no such program), the client shows the URL instead.
///
/// Only a URL of the entry current now is opened: the route starts a program on the user's
/// machine, so it must not become a way to open any URL a page sends. Under the token and
/// same-origin rules of every change.
struct OpenRoutes: Sendable {
    let host: BundleHost
    let opener: URLOpener
    /// An app that handles the kind's URLs (D-Bus's WidgetURLOpened) takes the tap first.
    let handler: WidgetURLHandler?
    let maximumBodySize: Int
    let bodyTimeout: Duration

    func add(to router: Router<BasicRequestContext>) {
        router.postToWidget("open", host: host) { request, key in try await open(request, on: key) }
    }

    private func open(_ request: Request, on key: TimelineKey) async throws -> Response {
        let buffer = try await RequestBodyReader(limit: maximumBodySize, timeout: bodyTimeout).read(request.body)
        let body: OpenBody
        do {
            body = try JSONDecoder().decode(OpenBody.self, from: Data(buffer: buffer))
        } catch {
            throw APIError(.badRequest, code: "badBody", #"expected {"url": "URL"} with a URL the widget shows: \#(error)"#)
        }
        guard let record = host.registry.record(for: key) else {
            throw APIError(.notFound, code: "unknownWidget", "\(key.label) is no longer shown; `GET /v1/widgets` lists the widgets")
        }
        let urls = record.entry(at: host.clock.now)?.urls ?? ViewURLs()
        guard urls.contains(body.url) else {
            let known = urls.all.isEmpty
                ? "its current entry has no widgetURL or Link"
                : "its URLs: \(urls.all.joined(separator: ", "))"
            throw APIError(.unprocessableContent, code: "unknownURL", "\(body.url) is not a URL \(key.label) shows now; \(known)")
        }
        if let handler, handler(key.kind, key.instance?.rawValue, body.url) {
            return try json(URLOpening(url: body.url, opened: true, command: nil, reason: nil))
        }
        return try json(await opener.open(body.url))
    }
}

/// `POST …/open`.
struct OpenBody: Decodable {
    let url: String
}
