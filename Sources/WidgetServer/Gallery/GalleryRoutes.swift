import Hummingbird

/// `GET /`: the gallery page, built from the current widget list.
struct GalleryRoutes: Sendable {
    let widgets: WidgetRoutes

    func add(to router: Router<BasicRequestContext>) {
        router.getOrHead("/") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: GalleryPage.html(widgets.list()))))
        }
    }
}
