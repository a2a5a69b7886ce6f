import Foundation
import Hummingbird
import WidgetPayload

/// `?at=`, `?appearance=`, `?scale=` and `?entry=` of an image request, checked; a bad value is a 400
/// naming the parameter and what it takes.
struct ImageQuery: Sendable {
    var at: Date?
    var appearance: ColorSchemeName = .light
    var scale = 2
    var entry = EntryChoice.timeline

    init(_ parameters: Parameters) throws(APIError) {
        if let text = parameters.get("at") {
            // As the API writes dates: fractional seconds only when there are some.
            let strategies = [Date.ISO8601FormatStyle(), Date.ISO8601FormatStyle(includingFractionalSeconds: true)]
            guard let date = strategies.lazy.compactMap({ try? Date(String(text), strategy: $0) }).first else {
                throw APIError(.badRequest, code: "badParameter", "at=\(text): expected an ISO-8601 date such as 2026-01-01T00:00:00Z")
            }
            at = date
        }
        if let text = parameters.get("appearance") {
            guard let scheme = ColorSchemeName(rawValue: String(text)) else {
                throw APIError(.badRequest, code: "badParameter", "appearance=\(text): expected light or dark")
            }
            appearance = scheme
        }
        if let text = parameters.get("scale") {
            guard let value = Int(text), (1...3).contains(value) else {
                throw APIError(.badRequest, code: "badParameter", "scale=\(text): expected 1, 2 or 3")
            }
            scale = value
        }
        if let text = parameters.get("entry") {
            guard let choice = EntryChoice(rawValue: String(text)) else {
                throw APIError(.badRequest, code: "badParameter", "entry=\(text): expected timeline, placeholder or snapshot")
            }
            entry = choice
        }
    }
}
