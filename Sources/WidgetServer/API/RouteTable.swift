import Hummingbird

/// Every path the server answers and the methods each takes (`MethodMiddleware` tells a
/// request the router does not match why: 405 with `Allow` for a known path, 404 otherwise).
struct RouteTable: Sendable {
    struct Route: Sendable {
        /// Path segments; `*` matches any one segment.
        let segments: [Substring]
        let methods: [HTTPRequest.Method]
    }

    static let served = RouteTable(routes: [
        Route(segments: [], methods: [.get]),
        Route(segments: ["v1", "widgets"], methods: [.get]),
        Route(segments: ["v1", "widgets", "*", "*"], methods: [.get]),
        Route(segments: ["v1", "widgets", "*", "*", "current.png"], methods: [.get]),
        Route(segments: ["v1", "widgets", "*", "*", "current.svg"], methods: [.get]),
        Route(segments: ["v1", "widgets", "*", "*", "regions"], methods: [.get]),
        Route(segments: ["v1", "widgets", "*", "*", "previews"], methods: [.get]),
        Route(segments: ["v1", "widgets", "*", "*", "actions"], methods: [.post]),
        Route(segments: ["v1", "widgets", "*", "*", "open"], methods: [.post]),
        Route(segments: ["v1", "kinds"], methods: [.get]),
        Route(segments: ["v1", "kinds", "*", "options", "*"], methods: [.get]),
        Route(segments: ["v1", "kinds", "*", "summary"], methods: [.post]),
        Route(segments: ["v1", "instances"], methods: [.post]),
        Route(segments: ["v1", "instances", "*"], methods: [.get, .put, .delete]),
        Route(segments: ["v1", "instances", "*", "current.png"], methods: [.get]),
        Route(segments: ["v1", "instances", "*", "current.svg"], methods: [.get]),
        Route(segments: ["v1", "instances", "*", "regions"], methods: [.get]),
        Route(segments: ["v1", "instances", "*", "actions"], methods: [.post]),
        Route(segments: ["v1", "instances", "*", "open"], methods: [.post]),
        Route(segments: ["v1", "events"], methods: [.get]),
        Route(segments: ["v1", "home"], methods: [.get]),
        Route(segments: ["v1", "home", "placements", "*"], methods: [.put, .delete]),
        Route(segments: ["v1", "home", "moves"], methods: [.post]),
        Route(segments: ["v1", "home", "stacks"], methods: [.post]),
        Route(segments: ["v1", "home", "stacks", "members", "*"], methods: [.delete]),
        Route(segments: ["v1", "home", "stacks", "*"], methods: [.put]),
        Route(segments: ["home"], methods: [.get]),
        Route(segments: ["v1", "reload"], methods: [.post]),
        Route(segments: ["v1", "groups", "*", "defaults"], methods: [.get, .patch]),
        Route(segments: ["v1", "groups", "*", "defaults", "*"], methods: [.get, .put, .delete]),
        Route(segments: ["v1", "configurations"], methods: [.get]),
        Route(segments: ["v1", "pins"], methods: [.post]),
    ])

    let routes: [Route]

    /// The methods `path` takes, or nil when no route has that shape.
    func methods(for path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/")
        return routes.first { route in
            route.segments.count == segments.count
                && zip(route.segments, segments).allSatisfy { $0 == "*" || $0 == $1 }
        }?.methods
    }
}
