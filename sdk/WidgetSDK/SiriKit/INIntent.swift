import WidgetPayload

/// SiriKit's intent, as the configurable widgets of iOS 14–16 use it: Xcode generates a subclass
/// from the extension's `.intentdefinition` (`ConfigurationIntent`, with a property per
/// parameter), and `IntentConfiguration` hands one to the provider, filled with what the person
/// chose. Here the SDK's `IntentDefinitions` build plugin generates the same subclasses
/// (docs/intents.md, "SiriKit intents"), and the host fills them from the instance's
/// configuration, as it does an App Intent's.
///
/// A subclass is made by the SDK for each call, filled, and handed to the provider; the provider
/// may read it from any thread.
open class INIntent: @unchecked Sendable {
    // Unchecked: an intent is filled by the SDK before the provider sees it and only read after
    // that, as SiriKit's are; its parameters are the generated subclass's stored properties.

    public required init() {}

    /// The intent's title, as the definition gives it: the configuration sheet's heading.
    open class var _intentTitle: String { "" }

    /// The intent's description, as the definition gives it.
    open class var _intentDescription: String { "" }

    /// The parameters a person configures, in the definition's order.
    open class var _parameterDefinitions: [INIntentParameterDefinition] { [] }

    /// Sets the parameter `name` from a configuration value the host has checked against
    /// `_parameterDefinitions`. The generated subclass implements it; a name it does not have
    /// changes nothing.
    open func _setParameter(_ name: String, to value: INIntentParameterValue) {}
}

/// An object a parameter of a custom type holds: SiriKit's `INObject`, an identifier and what is
/// shown for it. Xcode generates a subclass per custom type (`class Hero: INObject`).
open class INObject: @unchecked Sendable, Hashable, CustomStringConvertible {
    // Unchecked: made once and then only read, as SiriKit's are.

    public let identifier: String?
    public let displayString: String
    public let pronunciationHint: String?
    public let subtitleString: String?

    public required init(identifier: String?, display displayString: String, pronunciationHint: String? = nil) {
        self.identifier = identifier
        self.displayString = displayString
        self.pronunciationHint = pronunciationHint
        self.subtitleString = nil
    }

    public init(identifier: String?, display displayString: String, subtitle subtitleString: String?, image: Any? = nil) {
        self.identifier = identifier
        self.displayString = displayString
        self.pronunciationHint = nil
        self.subtitleString = subtitleString
    }

    public var description: String { displayString }

    public static func == (lhs: INObject, rhs: INObject) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.identifier == rhs.identifier && lhs.displayString == rhs.displayString
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(displayString)
    }
}

/// One parameter of a generated intent: what the configuration sheet offers for it.
public struct INIntentParameterDefinition: Sendable, Hashable {
    /// What the parameter holds, as the definition types it.
    public enum Kind: Sendable, Hashable {
        case string
        case integer
        case decimal
        case boolean
        /// One of the cases of a generated enum, by name, with what each is shown as.
        case enumeration([Option])
        /// An object of a custom type. Its options come from the app's Intents extension on iOS,
        /// which does not run here: the person gives its identifier.
        case object
    }

    /// A case of a generated enum: its name, and what the configuration sheet shows.
    public struct Option: Sendable, Hashable {
        public let name: String
        public let title: String

        public init(name: String, title: String) {
            self.name = name
            self.title = title
        }
    }

    public let name: String
    public let title: String
    public let kind: Kind
    public let defaultValue: JSONValue?

    public init(name: String, title: String, kind: Kind, defaultValue: JSONValue? = nil) {
        self.name = name
        self.title = title
        self.kind = kind
        self.defaultValue = defaultValue
    }

    var schema: ConfigurationParameter {
        switch kind {
        case .string: ConfigurationParameter(name: name, title: title, type: .string, defaultValue: defaultValue, isRequired: false)
        case .integer: ConfigurationParameter(name: name, title: title, type: .int, defaultValue: defaultValue, isRequired: false)
        case .decimal: ConfigurationParameter(name: name, title: title, type: .double, defaultValue: defaultValue, isRequired: false)
        case .boolean: ConfigurationParameter(name: name, title: title, type: .bool, defaultValue: defaultValue, isRequired: false)
        case .enumeration(let options):
            ConfigurationParameter(
                name: name, title: title, type: .enum, defaultValue: defaultValue,
                options: options.map { ParameterOption(value: $0.name, title: $0.title) }, isRequired: false)
        case .object: ConfigurationParameter(name: name, title: title, type: .string, defaultValue: defaultValue, isRequired: false)
        }
    }
}

/// A configuration value for a generated intent's parameter, in the forms its property takes.
public struct INIntentParameterValue: Sendable {
    let json: JSONValue

    public var string: String? {
        if case .string(let text) = json { text } else { nil }
    }

    public var integer: Int? {
        switch json {
        case .integer(let value): Int(exactly: value)
        case .number(let value): Int(exactly: value)
        default: nil
        }
    }

    public var double: Double? {
        switch json {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    public var bool: Bool? {
        if case .bool(let value) = json { value } else { nil }
    }

    /// An object of `type` whose identifier (and display string) is the value given.
    public func object<Object: INObject>(_ type: Object.Type) -> Object? {
        string.map { Object(identifier: $0, display: $0) }
    }
}
