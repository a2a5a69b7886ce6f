import Foundation
import Synchronization
import WidgetSDK

/// `UserDefaults`, as a widget extension uses it: `UserDefaults(suiteName: "group.…")` reads and
/// writes that App Group through the host (the store the app writes with `WidgetApp` or
/// `widgethost defaults`), type for type.
///
/// It is Foundation's class with the App Group suites answered by the host, so it goes wherever
/// Foundation's goes. A suite that is not an App Group (`UserDefaults.standard`, any other name)
/// is Foundation's own, local to the widget. A group the extension's entitlements do not declare
/// makes `init?(suiteName:)` return nil, as iOS does without the entitlement, and says so loudly
/// in the host's log.
///
/// Reads follow UserDefaults' rules: a missing key is 0, false or nil; an integer reads as a
/// double and the other way round; `register(defaults:)` fills in what the group lacks. A value
/// the store cannot hold (anything but property-list types) is refused with an error in the log,
/// where iOS would raise an exception.
open class UserDefaults: Foundation.UserDefaults {
    private let group: SharedDefaults?
    private let registered = Mutex<[String: StoredValue]>([:])

    /// An App Group's defaults through the host; nil when the group is not declared (or no host
    /// is connected). Any other suite name is Foundation's own local suite.
    public override init?(suiteName: String?) {
        guard let suiteName, suiteName.hasPrefix(AppGroupCheck.prefix) else {
            group = nil
            super.init(suiteName: suiteName)
            return
        }
        guard let reachable = AppGroupCheck.reachable(suiteName, asking: "UserDefaults(suiteName:)") else { return nil }
        group = reachable
        // The local suite under the group's name is never read or written: every override below
        // answers from the host first.
        super.init(suiteName: nil)
    }

    // MARK: Reading

    /// Key-value coding's spelling of `object(forKey:)`, which code written for Apple's Foundation
    /// uses on defaults (`defaults.value(forKey: "count")`); Linux's Foundation has no KVC.
    open func value(forKey key: String) -> Any? {
        object(forKey: key)
    }

    /// Key-value coding's spelling of `set(_:forKey:)` (`defaults.setValue(count, forKey:
    /// "count")`), as `value(forKey:)` is of `object(forKey:)`.
    open func setValue(_ value: Any?, forKey key: String) {
        set(value, forKey: key)
    }

    open override func object(forKey defaultName: String) -> Any? {
        guard let group else { return super.object(forKey: defaultName) }
        do {
            if let stored = try group.storedValue(forKey: defaultName) { return PropertyListBridge.object(from: stored) }
        } catch {
            WidgetLog.error("UserDefaults(suiteName: \"\(group.suiteName)\"): cannot read '\(defaultName)': \(error)")
        }
        return registered.withLock { $0[defaultName] }.map(PropertyListBridge.object(from:))
    }

    open override func string(forKey defaultName: String) -> String? {
        guard group != nil else { return super.string(forKey: defaultName) }
        switch object(forKey: defaultName) {
        case let text as String: return text
        case let number as Int: return String(number)
        case let number as Double: return String(number)
        default: return nil
        }
    }

    open override func integer(forKey defaultName: String) -> Int {
        guard group != nil else { return super.integer(forKey: defaultName) }
        return PropertyListBridge.number(object(forKey: defaultName)).map { Int(exactly: $0.rounded(.towardZero)) ?? 0 } ?? 0
    }

    open override func double(forKey defaultName: String) -> Double {
        guard group != nil else { return super.double(forKey: defaultName) }
        return PropertyListBridge.number(object(forKey: defaultName)) ?? 0
    }

    open override func float(forKey defaultName: String) -> Float {
        guard group != nil else { return super.float(forKey: defaultName) }
        return Float(double(forKey: defaultName))
    }

    open override func bool(forKey defaultName: String) -> Bool {
        guard group != nil else { return super.bool(forKey: defaultName) }
        switch object(forKey: defaultName) {
        case let flag as Bool: return flag
        case let text as String: return ["yes", "true", "1"].contains(text.lowercased())
        case let other: return (PropertyListBridge.number(other) ?? 0) != 0
        }
    }

    open override func data(forKey defaultName: String) -> Data? {
        guard group != nil else { return super.data(forKey: defaultName) }
        return object(forKey: defaultName) as? Data
    }

    open override func array(forKey defaultName: String) -> [Any]? {
        guard group != nil else { return super.array(forKey: defaultName) }
        return object(forKey: defaultName) as? [Any]
    }

    open override func stringArray(forKey defaultName: String) -> [String]? {
        guard group != nil else { return super.stringArray(forKey: defaultName) }
        return object(forKey: defaultName) as? [String]
    }

    open override func dictionary(forKey defaultName: String) -> [String: Any]? {
        guard group != nil else { return super.dictionary(forKey: defaultName) }
        return object(forKey: defaultName) as? [String: Any]
    }

    open override func url(forKey defaultName: String) -> URL? {
        guard group != nil else { return super.url(forKey: defaultName) }
        return (object(forKey: defaultName) as? String).flatMap { URL(string: $0) }
    }

    // MARK: Writing

    open override func set(_ value: Any?, forKey defaultName: String) {
        guard let group else { return super.set(value, forKey: defaultName) }
        guard let value else { return removeObject(forKey: defaultName) }
        guard let stored = PropertyListBridge.storedValue(from: value) else {
            return WidgetLog.error(
                "UserDefaults(suiteName: \"\(group.suiteName)\"): '\(defaultName)' not written: a \(type(of: value)) is not a property-list value (Bool, Int, Double, String, Data, Date, URL, or arrays and dictionaries of them)")
        }
        do {
            try group.set(storedValue: stored, forKey: defaultName)
        } catch {
            WidgetLog.error("UserDefaults(suiteName: \"\(group.suiteName)\"): cannot write '\(defaultName)': \(error)")
        }
    }

    open override func set(_ value: Int, forKey defaultName: String) { set(value as Any?, forKey: defaultName) }
    open override func set(_ value: Double, forKey defaultName: String) { set(value as Any?, forKey: defaultName) }
    open override func set(_ value: Float, forKey defaultName: String) { set(Double(value) as Any?, forKey: defaultName) }
    open override func set(_ value: Bool, forKey defaultName: String) { set(value as Any?, forKey: defaultName) }
    open override func set(_ url: URL?, forKey defaultName: String) { set(url?.absoluteString as Any?, forKey: defaultName) }

    open override func removeObject(forKey defaultName: String) {
        guard let group else { return super.removeObject(forKey: defaultName) }
        do {
            try group.removeObject(forKey: defaultName)
        } catch {
            WidgetLog.error("UserDefaults(suiteName: \"\(group.suiteName)\"): cannot remove '\(defaultName)': \(error)")
        }
    }

    /// Values read when the group has none under a key; kept by this object only, as on iOS.
    open override func register(defaults registrationDictionary: [String: Any]) {
        guard group != nil else { return super.register(defaults: registrationDictionary) }
        let values = registrationDictionary.compactMapValues(PropertyListBridge.storedValue(from:))
        registered.withLock { $0.merge(values) { _, new in new } }
    }

    /// Every write already reached the store.
    open override func synchronize() -> Bool {
        group == nil ? super.synchronize() : true
    }
}
