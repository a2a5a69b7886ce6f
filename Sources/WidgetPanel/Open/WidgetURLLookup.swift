import Foundation
import NIOPosix

/// `widgethost open`: the URL a click on one widget opens, asked of the running daemon (found as
/// `watch` finds it, through the data folder's address file). One request, no waiting: a
/// panel's `on-click` wants an answer or a reason now, not a retry loop.
public struct WidgetURLLookup: Sendable {
    public let kind: String
    /// The family to look in; nil for the one `watch` shows for the kind (`WidgetSelection`).
    public let family: String?
    /// A user-added instance's id; nil for the kind's own widget.
    public let instance: String?
    /// The address file's line, or nil when no daemon serves.
    let addressLine: @Sendable () -> String?

    public init(kind: String, family: String? = nil, instance: String? = nil, addressLine: @escaping @Sendable () -> String?) {
        self.kind = kind
        self.family = family
        self.instance = instance
        self.addressLine = addressLine
    }

    /// The widget and its URL.
    public func find() async throws(OpenLookupError) -> (widget: WidgetState, url: String) {
        guard let line = addressLine() else { throw .noDaemon(reason: nil) }
        guard let address = DaemonAddress(line: line) else { throw .noDaemon(reason: "its address file holds \(line.prefix(80))") }
        let widgets = try await list(from: address)
        let widget = try choose(from: widgets)
        guard let url = widget.url else { throw .noURL(widget.key) }
        return (widget, url)
    }

    /// The widget asked for out of the daemon's list.
    func choose(from widgets: [WidgetState]) throws(OpenLookupError) -> WidgetState {
        let ofKind = widgets.filter { $0.kind == kind }
        guard !ofKind.isEmpty else {
            throw .unknownKind(kind, served: Array(Set(widgets.map(\.kind))).sorted())
        }
        if let instance {
            guard let widget = ofKind.first(where: { $0.instance == instance }) else {
                throw .unknownInstance(instance, kind: kind, instances: ofKind.compactMap(\.instance))
            }
            return widget
        }
        // The family `watch` shows, so that a panel's line and its click are the same widget.
        let own = ofKind.filter { $0.instance == nil }
        let chosen: WidgetState?
        do {
            chosen = try WidgetSelection(kinds: [kind], family: family).choose(from: own).first
        } catch {
            chosen = nil
        }
        guard let chosen else { throw .familyNotServed(kind: kind, family: family ?? "", served: own.map(\.family)) }
        return chosen
    }

    private func list(from address: DaemonAddress) async throws(OpenLookupError) -> [WidgetState] {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { group.shutdownGracefully { _ in } }
        let body: [UInt8]
        do {
            body = try await DaemonHTTPClient(address: address, group: group).get("/v1/widgets")
        } catch DaemonClientError.cannotConnect(_, let reason) {
            // A daemon that was killed leaves its address file behind.
            throw .noDaemon(reason: "nothing answers at \(address): \(reason)")
        } catch {
            throw .daemonFailed("\(error)")
        }
        do {
            return try JSONDecoder().decode(WidgetList.self, from: Data(body)).widgets
        } catch {
            throw .daemonFailed(DaemonClientError.malformedAnswer(path: "/v1/widgets", reason: "\(error)").description)
        }
    }
}
