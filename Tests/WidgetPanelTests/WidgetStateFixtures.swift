import Foundation
@testable import WidgetPanel

/// Widget states as `GET /v1/widgets` writes them, for the format and selection tests.
enum WidgetStateFixtures {
    static func state(
        kind: String = "PillarWidget", family: String = "systemSmall", instance: String? = nil,
        text: String? = "Pillar Valley 42 pillars traversed",
        stale: Bool = false, view: String? = nil, hasEntry: Bool = true, lastError: String? = nil,
        nextReloadAt: String? = "2026-01-01T00:05:00Z", url: String? = nil
    ) throws -> WidgetState {
        let entry = hasEntry
            ? #"{"date":"2026-01-01T00:00:00Z","relevance":null,"content":{"pillarsTraversed":42}\#(view.map { #","view":\#($0)"# } ?? "")}"#
            : "null"
        let error = lastError.map { #"{"code":"providerFailed","message":"\#($0)","at":"2026-01-01T00:00:00Z"}"# } ?? "null"
        let json = """
            {"kind":"\(kind)","family":"\(family)","instance":\(instance.map { "\"\($0)\"" } ?? "null"),"displayName":"Pillar Widget","bundle":"PillarValley","entry":\(entry),
             "text":\(text.map { "\"\($0)\"" } ?? "null"),"url":\(url.map { "\"\($0)\"" } ?? "null"),"stale":\(stale),"fetchedAt":"2026-01-01T00:00:00Z",
             "nextReload":{"at":\(nextReloadAt.map { "\"\($0)\"" } ?? "null"),"reason":"policy","cause":"policy"},
             "lastError":\(error),"budget":{"used":1,"limit":72,"remaining":71},"lastCall":null,
             "images":{"png":"/v1/widgets/\(kind)/\(family)/current.png","svg":"/v1/widgets/\(kind)/\(family)/current.svg"}}
            """
        return try JSONDecoder().decode(WidgetState.self, from: Data(json.utf8))
    }

    /// PillarWidget's view: a progress bar 42 of 100, below a text, inside a background modifier.
    static let pillarView = """
        {"version":1,"root":{"type":"vstack","children":[{"type":"text","text":"42"},
         {"type":"progress","value":42,"total":100}],
         "modifiers":[{"type":"background","content":{"type":"gauge","value":0.9}}]}}
        """
}
