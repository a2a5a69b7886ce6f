import Hummingbird

/// `GET /home`: the home screen for a tablet or a wall display. The page is the same for every
/// screen; it asks `/v1/home` for the layout at its own size, so nothing about the layout is
/// baked into the HTML. Under the same `Host` and token rules as the gallery: on a server
/// reachable from other machines, open `/?token=TOKEN` once, whose cookie covers `/home` too.
struct HomePageRoutes: Sendable {
    func add(to router: Router<BasicRequestContext>) {
        router.getOrHead("/home") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: HomePage.html)))
        }
    }
}
