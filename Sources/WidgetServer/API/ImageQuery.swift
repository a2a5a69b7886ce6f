import Foundation
import Hummingbird
import WidgetHostJSON
import WidgetPayload

/// `?at=`, `?appearance=`, `?rendering-mode=`, `?scale=`, `?entry=` and, with `entry=preview`,
/// `?preview=` and `?index=` of an image request, checked; a bad value is a 400 naming the parameter and what it
/// takes.
struct ImageQuery: Sendable {
    var at: Date?
    var appearance: ColorSchemeName = .light
    /// WidgetKit's rendering mode, spelt as the CLI's `--rendering-mode` (`RenderingModeWord`);
    /// nil for the family's own (vibrant for the accessory families, full colour for the others).
    var renderingMode: RenderingModeName?
    var scale = 2
    var entry = EntryChoice.timeline
    /// With `entry=preview`: which of the kind's `#Preview`s, and which of its entries.
    var preview = 0
    var index = 0

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
                throw APIError(.badRequest, code: "badParameter", "appearance=\(text): expected \(ChoiceList.text(of: ColorSchemeName.self))")
            }
            appearance = scheme
        }
        if let text = parameters.get("rendering-mode") {
            guard let word = RenderingModeWord(rawValue: String(text)) else {
                throw APIError(.badRequest, code: "badParameter", "rendering-mode=\(text): expected \(RenderingModeWord.choices)")
            }
            renderingMode = word.mode
        }
        if let text = parameters.get("scale") {
            guard let value = Int(text), (1...3).contains(value) else {
                throw APIError(.badRequest, code: "badParameter", "scale=\(text): expected 1, 2 or 3")
            }
            scale = value
        }
        if let text = parameters.get("entry") {
            guard let choice = EntryChoice(rawValue: String(text)) else {
                throw APIError(.badRequest, code: "badParameter", "entry=\(text): expected timeline, placeholder, snapshot or preview")
            }
            entry = choice
        }
        for (name, keyPath) in [("preview", \ImageQuery.preview), ("index", \ImageQuery.index)] {
            guard let text = parameters.get(name) else { continue }
            guard let value = Int(text), value >= 0, value < 1_000 else {
                throw APIError(.badRequest, code: "badParameter", "\(name)=\(text): expected a number from 0, as `/previews` lists them")
            }
            self[keyPath: keyPath] = value
        }
    }
}
