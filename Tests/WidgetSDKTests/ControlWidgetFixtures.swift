import Foundation
@testable import WidgetSDK

// Control widgets as iOS 18 extensions write them (bravelocation/daysleft's, a timer toggle's),
// for ControlWidgetExportTests and ControlTemplateTests.

struct OpenAppIntent: AppIntent {
    static let title: LocalizedStringResource = "Open Days Left"
    @Parameter(title: "Tab", default: "today") var tab: String

    func perform() async throws -> some IntentResult { .result() }
}

struct ToggleTimerIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Toggle timer"
    @Parameter(title: "Timer") var name: String
    @Parameter(title: "Running") var value: Bool

    init() {}

    init(name: String) {
        self.name = name
    }

    func perform() async throws -> some IntentResult { .result() }
}

struct DaysLeftValueProvider: ControlValueProvider {
    var previewValue: Int { 42 }
    func currentValue() async throws -> Int { 12 }
}

/// Why `UnreachableValueProvider` has no current value.
struct ValueUnreachable: Error {}

struct UnreachableValueProvider: ControlValueProvider {
    var previewValue: Int { 7 }
    func currentValue() async throws -> Int { throw ValueUnreachable() }
}

struct TimerConfiguration: ControlConfigurationIntent {
    static let title: LocalizedStringResource = "Timer"
    static let description: IntentDescription = "Which timer the control runs."
    @Parameter(title: "Name", default: "Tea") var name: String
}

struct TimerState {
    let isRunning: Bool
    let name: String
}

struct ConfigurableProvider: AppIntentControlValueProvider {
    func previewValue(configuration: TimerConfiguration) -> TimerState {
        TimerState(isRunning: false, name: configuration.name)
    }

    func currentValue(configuration: TimerConfiguration) async throws -> TimerState {
        TimerState(isRunning: true, name: configuration.name)
    }
}

struct DaysLeftControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.daysleft.control", provider: DaysLeftValueProvider()) { value in
            ControlWidgetButton(action: OpenAppIntent()) {
                Label("\(value) days", systemImage: "calendar")
            }
        }
        .displayName("Days Left")
        .description("Days left in the year.")
    }
}

/// Draws its value as text, so a test reads which value the template was given.
struct DaysCountControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "DaysCount", provider: DaysLeftValueProvider()) { value in
            ControlWidgetButton(action: OpenAppIntent()) { Text("\(value)") }
        }
    }
}

struct UnreachableControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "Unreachable", provider: UnreachableValueProvider()) { value in
            ControlWidgetButton(action: OpenAppIntent()) { Text("\(value)") }
        }
    }
}

struct TimerToggle: ControlWidget {
    var body: some ControlWidgetConfiguration {
        AppIntentControlConfiguration(kind: "timer", provider: ConfigurableProvider()) { value in
            ControlWidgetToggle(
                "Timer", isOn: value.isRunning, action: ToggleTimerIntent(name: value.name),
                valueLabel: { isOn in Label(isOn ? "On" : "Off", systemImage: isOn ? "timer" : "moon.zzz") })
        }
        .displayName("Timer")
        .promptsForUserConfiguration()
    }
}

struct DaysWidgetProvider: TimelineProvider {
    struct Entry: TimelineEntry {
        let date: Date
    }

    func placeholder(in context: Context) -> Entry { Entry(date: context.now) }
    func snapshot(in context: Context) async -> Entry { Entry(date: context.now) }
    func timeline(in context: Context) async -> Timeline<Entry> { Timeline(entries: [Entry(date: context.now)], policy: .never) }
}

struct DaysWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "DaysWidget", provider: DaysWidgetProvider()) { _ in Text("days") }
            .configurationDisplayName("Days")
    }
}

/// A widget and two controls, one behind `if #available` as iOS 18 extensions list theirs.
struct DaysLeftBundle: WidgetBundle {
    var body: some Widget {
        DaysWidget()
        DaysLeftControl()
        if #available(iOS 18.0, *) {
            TimerToggle()
        }
    }
}
