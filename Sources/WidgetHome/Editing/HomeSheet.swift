import Foundation
import WidgetPayload

/// A sheet over the home screen, as iOS slides one up: the widget gallery, a widget's Edit Widget
/// sheet, or the alert asking before a widget is removed. While one is open it takes every key
/// and click; the home screen under it waits.
public enum HomeSheet: Sendable, Hashable {
    case gallery(GallerySheet)
    case configure(ConfigureSheet)
    case confirmRemove(RemoveConfirmation)

    /// What Tab walks through, in the order drawn.
    public var focusOrder: [SheetTarget] {
        switch self {
        case .gallery(let sheet): sheet.focusOrder
        case .configure(let sheet): sheet.focusOrder
        case .confirmRemove: [.confirm, .close]
        }
    }

    public var focus: SheetTarget? {
        switch self {
        case .gallery(let sheet): sheet.focus
        case .configure(let sheet): sheet.focus
        case .confirmRemove(let alert): alert.focus
        }
    }

    /// The sheet's card, centred on a `width` × `height` output: the gallery and Edit Widget as
    /// tall as the output allows (up to iOS's sheet proportions), the alert small.
    public func frame(width: Double, height: Double) -> Rect {
        if case .confirmRemove = self { return Self.cardFrame(alert: true, width: width, height: height) }
        return Self.cardFrame(alert: false, width: width, height: height)
    }

    public static func cardFrame(alert: Bool, width: Double, height: Double) -> Rect {
        let size =
            alert ? Size(width: min(300, width - 32), height: 150) : Size(width: min(600, width - 32), height: min(720, height - 48))
        return Rect(
            x: ((width - size.width) / 2).rounded(), y: ((height - size.height) / 2).rounded(), width: max(size.width, 0),
            height: max(size.height, 0))
    }
}

/// Something in a sheet a click or Enter acts on. Each is drawn as a `link` whose URL is
/// `url`, so the frames a click is tested against come from the same layout that drew them.
public enum SheetTarget: Sendable, Hashable {
    /// The gallery's search field.
    case search
    /// A family's preview in the gallery: adds the kind in that family.
    case family(kind: String, family: WidgetFamily)
    /// Cancel, or the gallery's close button.
    case close
    /// Edit Widget's Done.
    case save
    /// A parameter's row: a switch flips, a picker opens, a text field takes the typing.
    case parameter(String)
    /// A choice in an open picker; nil is "None" (the parameter left to its default).
    case option(parameter: String, value: String?)
    /// The alert's Remove.
    case confirm
    /// A value in Edit Widget's summary sentence: focuses that parameter's row.
    case summaryValue(String)
    /// The search field of a searchable entity parameter's open picker.
    case entitySearch(String)
    /// A stepper under an open date row: the date a day, an hour or five minutes back or on.
    case dateStep(parameter: String, component: ConfigureSheet.DateComponent, forward: Bool)

    static let scheme = "widgethost-sheet"

    /// The link's URL the drawing carries.
    public var url: String {
        switch self {
        case .search: "\(Self.scheme):search"
        case .family(let kind, let family): "\(Self.scheme):family/\(family.rawValue)/\(Self.escape(kind))"
        case .close: "\(Self.scheme):close"
        case .save: "\(Self.scheme):save"
        case .parameter(let name): "\(Self.scheme):parameter/\(Self.escape(name))"
        case .option(let name, let value?): "\(Self.scheme):option/\(Self.escape(name))/\(Self.escape(value))"
        case .option(let name, nil): "\(Self.scheme):none/\(Self.escape(name))"
        case .confirm: "\(Self.scheme):confirm"
        case .summaryValue(let name): "\(Self.scheme):summary/\(Self.escape(name))"
        case .entitySearch(let name): "\(Self.scheme):entity-search/\(Self.escape(name))"
        case .dateStep(let name, let component, let forward):
            "\(Self.scheme):date-step/\(Self.escape(name))/\(component.rawValue)/\(forward ? "on" : "back")"
        }
    }

    /// The target a drawn link's URL names; nil for any other URL.
    public init?(url: String) {
        guard url.hasPrefix(Self.scheme + ":") else { return nil }
        let parts = url.dropFirst(Self.scheme.count + 1).split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).removingPercentEncoding ?? String($0)
        }
        switch (parts.first, parts.count) {
        case ("search", 1): self = .search
        case ("close", 1): self = .close
        case ("save", 1): self = .save
        case ("confirm", 1): self = .confirm
        case ("family", 3):
            guard let family = WidgetFamily(rawValue: parts[1]) else { return nil }
            self = .family(kind: parts[2], family: family)
        case ("parameter", 2): self = .parameter(parts[1])
        case ("summary", 2): self = .summaryValue(parts[1])
        case ("entity-search", 2): self = .entitySearch(parts[1])
        case ("option", 3): self = .option(parameter: parts[1], value: parts[2])
        case ("none", 2): self = .option(parameter: parts[1], value: nil)
        case ("date-step", 4):
            guard let component = ConfigureSheet.DateComponent(rawValue: parts[2]), ["on", "back"].contains(parts[3]) else { return nil }
            self = .dateStep(parameter: parts[1], component: component, forward: parts[3] == "on")
        default: return nil
        }
    }

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_.~"))) ?? text
    }
}

/// iOS's alert before a widget goes: `Remove "<name>"?`, Remove in red and Cancel.
public struct RemoveConfirmation: Sendable, Hashable {
    public let instance: String
    /// The kind's display name (its id when the kind is not loaded).
    public let name: String
    /// Cancel first, so that an Enter typed by habit keeps the widget.
    public var focus: SheetTarget? = .close

    public init(instance: String, name: String) {
        self.instance = instance
        self.name = name
    }

    public var title: String { "Remove \u{201C}\(name)\u{201D}?" }
    public let message = "Removing this widget will not delete any data."
}

/// Moves `focus` by `delta` through `order`, wrapping; from none (or one no longer there), to
/// the first or the last.
func stepFocus(_ focus: SheetTarget?, by delta: Int, in order: [SheetTarget]) -> SheetTarget? {
    guard !order.isEmpty else { return nil }
    guard let focus, let index = order.firstIndex(of: focus) else { return delta > 0 ? order.first : order.last }
    return order[((index + delta) % order.count + order.count) % order.count]
}
