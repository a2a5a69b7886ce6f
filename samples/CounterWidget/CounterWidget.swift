import WidgetKit
import SwiftUI
import OSLog

// The counter from the Flutter home_widget vignette: the app counts, the widget shows the count.
// The app writes `count` (an int) and `color` (its theme colour as "r,g,b", each 0...1) to the
// App Group; the widget reads both on each snapshot and timeline.

let counterGroup = "group.dev.widgethost.counter"
let logger = Logger(subsystem: "dev.widgethost.counter", category: "widget")

// Encodable: the count and colour are still the entry's content, for hosts that draw no view.
struct CounterEntry: TimelineEntry, Encodable {
    let date: Date
    let count: Int
    let color: ThemeColor
}

/// The app's theme colour, each component 0...1.
struct ThemeColor: Codable, Equatable {
    let red: Double
    let green: Double
    let blue: Double

    /// The vignette's fallback background.
    static let standard = ThemeColor(red: 0.2, green: 0.2, blue: 0.2)

    /// Parses the vignette's "r,g,b"; nil unless it is exactly three numbers in 0...1.
    init?(components text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.filter { $0 != " " }) }
        guard parts.count == 3, let red = parts[0], let green = parts[1], let blue = parts[2],
              [red, green, blue].allSatisfy({ (0...1).contains($0) })
        else { return nil }
        self.init(red: red, green: green, blue: blue)
    }

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

struct CounterProvider: TimelineProvider {
    func placeholder(in context: Context) -> CounterEntry {
        CounterEntry(date: context.now, count: 0, color: .standard)
    }

    func getSnapshot(in context: Context, completion: @escaping (CounterEntry) -> Void) {
        // nil when the group is not in the extension's entitlements (the host's log says so).
        let defaults = UserDefaults(suiteName: counterGroup)
        completion(CounterEntry(date: context.now, count: defaults?.integer(forKey: "count") ?? 0, color: color(in: defaults)))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CounterEntry>) -> Void) {
        getSnapshot(in: context) { entry in
            completion(Timeline(entries: [entry], policy: .atEnd))
        }
    }

    /// The app's colour; the standard one when there is none, or when it does not parse.
    private func color(in defaults: UserDefaults?) -> ThemeColor {
        guard let text = defaults?.string(forKey: "color") else { return .standard }
        guard let color = ThemeColor(components: text) else {
            logger.warning("color '\(text, privacy: .public)' is not \"r,g,b\" with each part in 0...1; using the standard colour")
            return .standard
        }
        return color
    }
}

struct CounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "CounterWidget", provider: CounterProvider()) { entry in
            CounterWidgetView(entry: entry)
        }
            .configurationDisplayName("Counter Widget")
            .description("Displays the current count of the counter app.")
            .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}

/// The bundle, named as the host shows it. Its App Group comes from CounterWidget.entitlements,
/// its version from CounterWidget-Info.plist, and its intent (IncrementCountIntent) is found in
/// the bundle as WidgetKit finds it.
@main
struct Counter: WidgetBundle {
    var body: some Widget {
        CounterWidget()
    }
}

// What Xcode's canvas shows, and here `widgethost preview` and the gallery's previews.
#Preview("Seven", as: .systemSmall) {
    CounterWidget()
} timeline: {
    CounterEntry(date: .now, count: 7, color: .standard)
    CounterEntry(date: .now, count: 42, color: ThemeColor(red: 0.1, green: 0.4, blue: 0.8))
}

#Preview(as: .systemMedium) {
    CounterWidget()
} timeline: {
    CounterEntry(date: .now, count: 1_000, color: ThemeColor(red: 0.95, green: 0.9, blue: 0.3))
}
