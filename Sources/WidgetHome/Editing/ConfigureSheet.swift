import Foundation
import WidgetPayload

/// Edit Widget as a sheet: one row per parameter of the kind's intent, as WidgetKit's edit sheet
/// draws them. A switch flips on Enter; an enum's or an entity's picker opens under its row (an
/// entity's choices asked of the bundle when first opened); text and numbers take what is typed
/// while their row has the focus; a date's row opens steppers (ConfigureSheet+Dates.swift). Done
/// saves the configuration.
///
/// With a `ParameterSummary` (the kind's `hasSummary`), its sentence for the values held is
/// asked of the daemon when the sheet opens and after each change, one request at a time (a
/// change meanwhile asks again when the answer comes); its values are targets that focus their
/// row, and only the parameters it names or lists have rows (the others keep their values when
/// saved). A searchable entity's open picker has a search field whose text asks the bundle; a
/// saved value the bundle no longer offers is shown unavailable; choices that failed to load say
/// why, and Enter on the row asks again.
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
    /// The summary sentence for the values held; nil without one (every parameter has a row).
    public internal(set) var summary: ResolvedSummary?
    /// A summary request is in flight; `summaryStale`: the values changed since it was asked.
    public internal(set) var isAskingSummary = false
    var summaryStale = false
    /// The instance's saved value the bundle no longer offers, if any.
    public internal(set) var unavailable: UnavailableValue?
    /// A searchable entity picker's search text, by parameter.
    public internal(set) var searches: [String: String] = [:]
    /// Why an entity picker's choices did not load, by parameter (Enter on the row asks again).
    public internal(set) var optionErrors: [String: String] = [:]
    /// The chosen entities' titles, kept when a search's results leave them out.
    var chosenTitles: [String: String] = [:]
    /// When the sheet opened: a date not set yet starts from this hour.
    public let openedAt: Date
    /// The zone dates are shown and stepped in (a day on is the next day at the same time there).
    public let timeZone: TimeZone

    /// What acting on a target asks of the backend.
    public enum Outcome: Sendable, Hashable {
        case redraw
        /// An entity picker opened whose choices have not come (or a search was typed): ask the
        /// bundle for them, those `matching` the text when it is not nil.
        case loadOptions(parameter: String, matching: String?)
        /// The values changed: ask for the summary sentence for `configuration`.
        case summarize(configuration: [String: JSONValue])
        case save(configuration: [String: JSONValue])
        case close
    }

    public init(
        instance: String, kind: GalleryKind, configuration: [String: JSONValue], unavailable: UnavailableValue? = nil,
        openedAt: Date = Date(), timeZone: TimeZone = .current
    ) {
        self.openedAt = openedAt
        self.timeZone = timeZone
        self.instance = instance
        self.kind = kind
        self.configuration = configuration
        self.unavailable = unavailable
        for parameter in kind.parameters where Self.isTyped(parameter.type) {
            texts[parameter.name] = Self.text(of: configuration[parameter.name] ?? parameter.defaultValue)
        }
        focus = kind.parameters.first.map { .parameter($0.name) } ?? .save
    }

    /// The parameters shown as rows: those the summary names or lists, or all without one.
    public var visibleParameters: [ConfigurationParameter] {
        guard let summary else { return kind.parameters }
        return kind.parameters.filter { summary.shows($0.name) }
    }

    /// The summary's values, the rows (with an open picker's search field and choices under its
    /// row), then Cancel and Done.
    public var focusOrder: [SheetTarget] {
        var order: [SheetTarget] = []
        var named: Set<String> = []
        for name in summary?.named ?? [] where named.insert(name).inserted { order.append(.summaryValue(name)) }
        for parameter in visibleParameters {
            order.append(.parameter(parameter.name))
            if expanded == parameter.name, parameter.isSearchable { order.append(.entitySearch(parameter.name)) }
            if expanded == parameter.name, parameter.type == .date {
                order += Self.dateSteps(parameter.name)
                if !parameter.isRequired { order.append(.option(parameter: parameter.name, value: nil)) }
            }
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
            if isUnavailable(parameter) { return chosen + " (unavailable)" }
            return options(for: parameter)?.first { $0.value == chosen }?.title ?? chosenTitles[parameter.name] ?? chosen
        case .date:
            return dateText(for: parameter)
        case .string, .int, .double:
            return texts[parameter.name] ?? ""
        }
    }

    /// Whether the row's value is the saved one the bundle no longer offers.
    public func isUnavailable(_ parameter: ConfigurationParameter) -> Bool {
        guard let unavailable, unavailable.parameter == parameter.name else { return false }
        return (configuration[parameter.name] ?? parameter.defaultValue) == .string(unavailable.value)
    }

    /// The note under an unavailable value's row, as `/home` words it.
    public func unavailableNote(for parameter: ConfigurationParameter) -> String? {
        guard isUnavailable(parameter), let unavailable else { return nil }
        return "\u{201C}\(unavailable.value)\u{201D} is no longer available. Pick another \(parameter.title.lowercased())."
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
                return valuesChanged()
            case .date:
                expanded = expanded == name ? nil : name
            case .enum, .entity:
                if expanded == name, optionErrors[name] != nil {
                    // The choices failed to load: Enter (or a click) on the row asks again.
                    optionErrors[name] = nil
                    return .loadOptions(parameter: name, matching: searchText(name))
                } else if expanded == name {
                    expanded = nil
                } else {
                    expanded = name
                    if parameter.type == .entity, entityOptions[name] == nil {
                        optionErrors[name] = nil
                        return .loadOptions(parameter: name, matching: searchText(name))
                    }
                }
            case .string, .int, .double:
                break  // the row has the focus: typing goes to it
            }
            return .redraw
        case .option(let name, let value):
            if let value, let title = entityOptions[name]?.first(where: { $0.value == value })?.title { chosenTitles[name] = title }
            let changed = configuration[name] != value.map(JSONValue.string)
            configuration[name] = value.map(JSONValue.string)
            expanded = nil
            focus = .parameter(name)
            return changed ? valuesChanged() : .redraw
        case .summaryValue(let name):
            // As a tap on a value in iOS's sentence: to that parameter's row.
            guard visibleParameters.contains(where: { $0.name == name }) else { return .redraw }
            focus = .parameter(name)
            return .redraw
        case .entitySearch:
            focus = target
            return .redraw
        case .dateStep(let name, let component, let forward):
            return step(name, component, forward: forward)
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

    /// The bundle's entities for `parameter` came, those `matching` a search (nil: every one).
    /// An answer to a search typed over since is dropped.
    public mutating func setOptions(_ options: [ParameterOption], for parameter: String, matching: String? = nil) {
        guard matching == searchText(parameter) else { return }
        entityOptions[parameter] = options
        optionErrors[parameter] = nil
        if case .string(let chosen)? = configuration[parameter], let title = options.first(where: { $0.value == chosen })?.title {
            chosenTitles[parameter] = title
        }
    }

    /// Asking for `parameter`'s entities failed: its open picker says so, not "Loading…".
    public mutating func setOptionsFailed(_ message: String, for parameter: String, matching: String? = nil) {
        guard matching == searchText(parameter) else { return }
        entityOptions[parameter] = nil
        optionErrors[parameter] = message
    }

    /// The summary sentence came (nil: none for these values). Asks again when the values
    /// changed while it was asked.
    public mutating func setSummary(_ summary: ResolvedSummary?) -> Outcome {
        self.summary = summary
        isAskingSummary = false
        // The sentence names an entity's chosen value: its title is the row's until the choices come.
        for case .value(let name, _, let display?) in summary?.sentence ?? [] where !summaryStale && chosenTitles[name] == nil {
            if kind.parameters.first(where: { $0.name == name })?.type == .entity { chosenTitles[name] = display }
        }
        if case .parameter(let name)? = focus, !visibleParameters.contains(where: { $0.name == name }) {
            focus = focusOrder.first
        }
        if expanded.map({ name in !visibleParameters.contains { $0.name == name } }) == true { expanded = nil }
        guard summaryStale else { return .redraw }
        summaryStale = false
        return askSummary()
    }

    /// The first summary request, when the sheet opens; nil without a summary.
    public mutating func start() -> Outcome? {
        kind.hasSummary ? askSummary() : nil
    }

    /// The instance's saved value the bundle no longer offers (or none), from its state.
    public mutating func setUnavailable(_ value: UnavailableValue?) {
        unavailable = value
    }

    /// Typing goes to the focused search field, or text or number row; nil when neither has the focus.
    public mutating func type(_ text: String) -> Outcome? {
        if case .entitySearch(let name)? = focus {
            searches[name, default: ""] += text
            return .loadOptions(parameter: name, matching: searchText(name))
        }
        guard case .parameter(let name)? = focus, let parameter = kind.parameters.first(where: { $0.name == name }),
            Self.isTyped(parameter.type)
        else { return nil }
        texts[name, default: ""] += text
        return valuesChanged()
    }

    public mutating func deleteBackward() -> Outcome {
        if case .entitySearch(let name)? = focus, searches[name]?.isEmpty == false {
            searches[name]!.removeLast()
            return .loadOptions(parameter: name, matching: searchText(name))
        }
        guard case .parameter(let name)? = focus, texts[name]?.isEmpty == false else { return .redraw }
        texts[name]!.removeLast()
        return valuesChanged()
    }

    /// A search's text as asked (nil when empty: every choice).
    func searchText(_ parameter: String) -> String? {
        guard let text = searches[parameter], !text.isEmpty else { return nil }
        return text
    }

    /// A value changed: the summary is asked again (once the one in flight has answered).
    mutating func valuesChanged() -> Outcome {
        kind.hasSummary ? askSummary() : .redraw
    }

    private mutating func askSummary() -> Outcome {
        guard !isAskingSummary else {
            summaryStale = true
            return .redraw
        }
        isAskingSummary = true
        return .summarize(configuration: draftConfiguration)
    }

    /// The values held, as a configuration: typed numbers that do not read are left out.
    var draftConfiguration: [String: JSONValue] {
        if let saved = try? savedConfiguration() { return saved }
        var draft = configuration
        for parameter in kind.parameters where Self.isTyped(parameter.type) { draft[parameter.name] = nil }
        return draft
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
}

/// A typed field whose text is not the number its parameter takes: fix the text, or empty it to
/// leave the parameter to its default.
public struct ConfigureSheetError: Error, Sendable, Hashable {
    public let parameter: String
    public let text: String
    public let expected: String

    public var message: String { "\(parameter): \u{201C}\(text)\u{201D} is not \(expected); correct it or empty the field" }
}
