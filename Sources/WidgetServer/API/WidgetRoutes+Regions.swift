import Foundation
import Hummingbird
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload
import WidgetRender

/// `GET …/regions`: where the drawn widget's controls, links and invalidatable content are, in
/// points of the family's canvas, for the same `?at=`, `?entry=` and `?appearance=` as its image.
/// A client scales the frames to the image it shows and maps a click to its action: a control's
/// intent goes to `POST …/actions`, a link's URL to `POST …/open`.
extension WidgetRoutes {
    func regions(_ request: Request, of record: TimelineRecord) async throws -> Response {
        let kind = record.key.kind
        let query = try ImageQuery(request.uri.queryParameters)
        guard let widget = host.bundles.catalog.widget(kind: kind) else {
            throw APIError(.notFound, code: "unknownWidget", "\(kind) is no longer declared by a loaded bundle")
        }
        let (entry, drawnAt) = try await entry(query, of: widget, record: record)
        let list = try await images.displayList(of: entry, widget: widget, family: record.key.family, at: drawnAt, appearance: query.appearance)
        return try json(RegionsShape(list, entryDate: entry.date))
    }
}

/// `GET …/regions`.
struct RegionsShape: Encodable {
    struct SizeShape: Encodable { let width: Double, height: Double }

    struct FrameShape: Encodable {
        let x: Double, y: Double, width: Double, height: Double

        init(_ rect: Rect) {
            x = rect.minX
            y = rect.minY
            width = rect.width
            height = rect.height
        }
    }

    struct ControlShape: Encodable {
        /// `button` or `toggle`.
        let control: String
        /// A toggle's state as drawn; null for a button.
        @ExplicitNull var isOn: Bool?
        let intent: String
        /// What a click performs with (a toggle's already hold its new value).
        let parameters: [String: JSONValue]
        let frame: FrameShape
    }

    struct LinkShape: Encodable {
        let url: String
        /// The `widgetURL`, covering the whole widget, rather than a `Link`.
        let wholeWidget: Bool
        let frame: FrameShape
    }

    let entryDate: String
    let size: SizeShape
    /// In drawing order: a later one is drawn above an earlier one.
    let controls: [ControlShape]
    /// The widget URL first (if any), then each `Link` in drawing order.
    let links: [LinkShape]
    /// `invalidatableContent()`: dimmed while the widget is pending.
    let invalidatable: [FrameShape]

    init(_ list: DisplayList, entryDate: Date) {
        self.entryDate = entryDate.isoString
        size = SizeShape(width: list.size.width, height: list.size.height)
        controls = list.controls.map { region in
            let isOn: Bool? = switch region.control {
            case .button: nil
            case .toggle(let isOn): isOn
            }
            return ControlShape(control: isOn == nil ? "button" : "toggle", isOn: isOn, intent: region.action.intent,
                                parameters: region.action.parameters, frame: FrameShape(region.frame))
        }
        links = list.links.map { LinkShape(url: $0.url, wholeWidget: $0.isWidgetURL, frame: FrameShape($0.frame)) }
        invalidatable = list.invalidatableFrames.map(FrameShape.init)
    }
}
