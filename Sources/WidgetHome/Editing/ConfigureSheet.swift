import Foundation
import WidgetPayload

/// Edit Widget as a sheet: one row per parameter of the kind's intent, as WidgetKit's edit sheet
/// draws them. A switch flips on Enter; an enum's or an entity's picker opens under its row (an
/// entity's choices asked of the bundle when first opened); text and numbers take what is typed
/// while their row has the focus; a date is shown, kept as it is. Done saves the configuration.
public struct ConfigureSheet: Sendable, Hashable {
    public let instance: String
    public let kind: GalleryKind
    /// The configuration as edited so far, in its wire form; a parameter left out keeps its default.
    public internal(set) var configuration: [String: JSONValue]
    /// Text and number fields as typed, read into `configuration` when saved.
    public internal(set) var texts: [String: String] = [:]
    /// Entities offered for each entity parameter, once the bundle has answered.
    public internal(set) var entityOptions: [String: [ParameterOption]] = [:]
    /// The parameter whose picker is open.
    public internal(set) var expanded: String?
    public var focus: SheetTarget?
    /// Why saving or loading failed, shown under the rows.
    public var error: String?

    /// What acting on a target asks of the backend.
    public enum Outcome: Sendable, Hashable {
        case redraw
        /// An entity picker opened whose choices have not come: ask the bundle for them.
        case loadOptions(parameter: String)
        case save(configuration: [String: JSONValue])
        case close
    }

    public init(instance: String, kind: GalleryKind, configuration: [String: JSONValue]) {
        self.instance = instance
        self.kind = kind
        self.configuration = configuration
        for parameter in kind.parameters where Self.isTyped(parameter.type) {
            texts[parameter.name] = Self.text(of: configuration[parameter.name] ?? parameter.defaultValue)
        }
        focus = kind.parameters.first.map { .parameter($0.name) } ?? .save
    }

    /// The rows (with an open picker's choices under its row), then Cancel and Done.
    public var focusOrder: [SheetTarget] {
        var order: [SheetTarget] = []
        for parameter in kind.parameters {
            order.append(.parameter(parameter.name))
            if expanded == parameter.name, let options = options(for: parameter) {
                if !parameter.isRequired { order.append(.option(parameter: parameter.name, value: nil)) }
                order += options.map { .option(parameter: parameter.name, value: $0.value) }
            }
        }
        return order + [.close, .save]
    }

    /// A picker's choices: an enum's cases, or the entities once loaded (nil while they come).
    public func options(for parameter: ConfigurationParameter) -> [ParameterOption]? {
        switch parameter.type {
        case .enum: parameter.options ?? []
        case .entity: entityOptions[parameter.name]
        default: nil
        }
    }

    /// What a row shows as its value: the chosen option's title, On or Off, the typed text.
    public func valueText(for parameter: ConfigurationParameter) -> String {
        let value = configuration[parameter.name] ?? parameter.defaultValue
        switch parameter.type {
        case .bool:
            return value == .bool(true) ? "On" : "Off"
        case .enum, .entity:
            guard case .string(let chosen)? = value else { return "None" }
            return options(for: parameter)?.first { $0.value == chosen }?.title ?? chosen
        case .date:
            guard let seconds = value.flatMap(Self.seconds) else { return "None" }
            return ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds))
        case .string, .int, .double:
            return texts[parameter.name] ?? ""
        }
    }

    public func isOn(_ parameter: ConfigurationParameter) -> Bool {
        (configuration[parameter.name] ?? parameter.defaultValue) == .bool(true)
    }

    /// Enter or a click on `target`.
    public mutating func activate(_ target: SheetTarget) -> Outcome {
        error = nil
        switch target {
        case .parameter(let name):
            guard let parameter = kind.parameters.first(where: { $0.name == name }) else { return .redraw }
            focus = target
            switch parameter.type {
            case .bool:
                configuration[name] = .bool(!isOn(parameter))
            case .enum, .entity:
                if expanded == name {
                    expanded = nil
                } else {
                    expanded = name
                    if parameter.type == .entity, entityOptions[name] == nil { return .loadOptions(parameter: name) }
                }
            case .string, .int, .double, .date:
                break  // the row has the focus: typing goes to it
            }
            return .redraw
        case .option(let name, let value):
            configuration[name] = value.map(JSONValue.string)
            expanded = nil
            focus = .parameter(name)
            return .redraw
        case .save:
            do {
                return .save(configuration: try savedConfiguration())
            } catch {
                self.error = error.message
                return .redraw
            }
        case .close:
            return .close
        case .search, .family, .confirm:
            return .redraw
        }
    }

    /// The bundle's entities for `parameter` came.
    public mutating func setOptions(_ options: [ParameterOption], for parameter: String) {
        entityOptions[parameter] = options
    }

    /// Typing goes to the focused text or number row; false when no such row has the focus.
    public mutating func type(_ text: String) -> Bool {
        guard case .parameter(let name)? = focus, let parameter = kind.parameters.first(where: { $0.name == name }),
            Self.isTyped(parameter.type)
        else { return false }
        texts[name, default: ""] += text
        return true
    }

    public mutating func deleteBackward() {
        guard case .parameter(let name)? = focus, texts[name]?.isEmpty == false else { return }
        texts[name]!.removeLast()
    }

    /// Escape: an open picker closes first; true when the sheet itself should close.
    public mutating func escape() -> Bool {
        guard let name = expanded else { return true }
        expanded = nil
        focus = .parameter(name)
        return false
    }

    /// The configuration with the typed fields read in; a number that does not read is refused.
    func savedConfiguration() throws(ConfigureSheetError) -> [String: JSONValue] {
        var saved = configuration
        for parameter in kind.parameters where Self.isTyped(parameter.type) {
            let text = (texts[parameter.name] ?? "").trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                saved[parameter.name] = nil
                continue
            }
            switch parameter.type {
            case .int:
                guard let number = Int64(text) else { throw ConfigureSheetError(parameter: parameter.title, text: text, expected: "a whole number") }
                saved[parameter.name] = .integer(number)
            case .double:
                guard let number = Double(text) else { throw ConfigureSheetError(parameter: parameter.title, text: text, expected: "a number") }
                saved[parameter.name] = .number(number)
            default:
                saved[parameter.name] = .string(text)
            }
        }
        return saved
    }

    static func isTyped(_ type: ParameterType) -> Bool { type == .string || type == .int || type == .double }

    private static func text(of value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: text
        case .integer(let number)?: String(number)
        case .number(let number)?: String(number)
        default: ""
        }
    }

    private static func seconds(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .number(let number): number
        default: nil
        }
    }
}

/// A typed field whose text is not the number its parameter takes: fix the text, or empty it to
/// leave the parameter to its default.
public struct ConfigureSheetError: Error, Sendable, Hashable {
    public let parameter: String
    public let text: String
    public let expected: String

    public var message: String { "\(parameter): \u{201C}\(text)\u{201D} is not \(expected); correct it or empty the field" }
}
