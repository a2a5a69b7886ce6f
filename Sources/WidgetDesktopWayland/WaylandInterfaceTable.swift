import CWaylandClient
import Foundation

/// A request or event of a protocol interface, as the generated glue describes it.
struct WaylandMessageDescription: Sendable {
    let name: String
    /// wayland-scanner's signature string (`"no?ous"`).
    let signature: String
    /// The interface of each object or new_id argument, by name; nil for the others.
    let types: [String?]
}

/// A protocol interface, as the generated glue (`WaylandGlue`, from `Protocols/*.xml`) describes it.
struct WaylandInterfaceDescription: Sendable {
    let name: String
    let version: Int32
    let requests: [WaylandMessageDescription]
    let events: [WaylandMessageDescription]
}

/// The C `wl_interface` tables libwayland-client marshals by, built from the descriptions once
/// per connection: what wayland-scanner's `private-code` would have compiled in. The tables are
/// never freed: proxies point into them for the connection's whole life, and they are a few
/// hundred bytes.
struct WaylandInterfaceTable {
    private var interfaces: [String: UnsafePointer<wl_interface>]

    init(_ descriptions: [WaylandInterfaceDescription]) {
        var allocated: [String: UnsafeMutablePointer<wl_interface>] = [:]
        for description in descriptions { allocated[description.name] = .allocate(capacity: 1) }
        // The core interfaces the extensions name, from libwayland-client itself.
        var known: [String: UnsafePointer<wl_interface>] = [
            "wl_surface": wh_wl_surface_interface(), "wl_output": wh_wl_output_interface(), "wl_seat": wh_wl_seat_interface(),
        ]
        for (name, pointer) in allocated { known[name] = UnsafePointer(pointer) }
        for description in descriptions {
            allocated[description.name]!.initialize(to: wl_interface(
                name: strdup(description.name), version: description.version,
                method_count: Int32(description.requests.count), methods: Self.messages(description.requests, known),
                event_count: Int32(description.events.count), events: Self.messages(description.events, known)))
        }
        interfaces = known
    }

    subscript(_ description: WaylandInterfaceDescription) -> UnsafePointer<wl_interface> {
        interfaces[description.name]!
    }

    private static func messages(
        _ messages: [WaylandMessageDescription], _ known: [String: UnsafePointer<wl_interface>]
    ) -> UnsafePointer<wl_message>? {
        guard !messages.isEmpty else { return nil }
        let table = UnsafeMutablePointer<wl_message>.allocate(capacity: messages.count)
        for (index, message) in messages.enumerated() {
            let types = UnsafeMutablePointer<UnsafePointer<wl_interface>?>.allocate(capacity: max(message.types.count, 1))
            for (slot, name) in message.types.enumerated() {
                // An interface outside our tables (xdg_popup, for a request we never send) stays
                // null: libwayland only reads it for that request.
                types[slot] = name.flatMap { known[$0] }
            }
            (table + index).initialize(to: wl_message(name: strdup(message.name), signature: strdup(message.signature), types: types))
        }
        return UnsafePointer(table)
    }
}
