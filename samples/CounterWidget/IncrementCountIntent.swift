import AppIntents
import WidgetKit

/// The vignette's `+`: adds one to the count in the App Group, where the app keeps it, and asks
/// for the widget's reload so the new count shows. The host performs it
/// (`widgethost perform CounterWidget IncrementCountIntent`) and reloads the widget once after.
struct IncrementCountIntent: AppIntent {
    static let title: LocalizedStringResource = "Increment count"

    init() {}

    func perform() async throws -> some IntentResult {
        let defaults = UserDefaults(suiteName: counterGroup)
        // What it cannot read as a count it does not overwrite: the tap fails, and says why.
        if let stored = defaults?.object(forKey: "count"), !(stored is Int) {
            throw IncrementCountError.notACount(String(describing: stored))
        }
        // A read and a write, not atomic: two taps at once may count one, as in the vignette's app.
        let count = defaults?.integer(forKey: "count") ?? 0
        defaults?.set(count + 1, forKey: "count")
        _ = WidgetCenter.shared.reloadTimelines(ofKind: "CounterWidget")
        return .result()
    }
}

/// Why a tap on `+` changed nothing.
enum IncrementCountError: Error, CustomStringConvertible {
    case notACount(String)

    var description: String {
        switch self {
        case .notACount(let stored): "the App Group's count is \(stored), not a number; the app must write an integer"
        }
    }
}
