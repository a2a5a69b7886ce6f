import FoundationEssentials
import WidgetSDK

// A Swift bundle whose timelines trap, for the worker fault matrix (issue 5): a Swift runtime
// failure kills the process with SIGILL/SIGTRAP after printing "Fatal error: ..." to standard
// error, which an in-process host cannot survive. Placeholder and snapshot behave, and nothing
// traps while the bundle loads, so the bundle can sit beside the others; only ever call its
// timelines in a worker.

struct FaultEntry: TimelineEntry, Encodable {
    let date: Date
    let n: Int
}

/// `getTimeline` calls `fatalError`.
struct FatalErrorProvider: TimelineProvider {
    func placeholder(in context: Context) -> FaultEntry {
        FaultEntry(date: context.now, n: 0)
    }

    func getSnapshot(in context: Context, completion: @escaping (FaultEntry) -> Void) {
        completion(FaultEntry(date: context.now, n: 0))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<FaultEntry>) -> Void) {
        fatalError("SwiftFatalError: this timeline always traps")
    }
}

/// `getTimeline` force-unwraps a nil optional.
struct ForceUnwrapProvider: TimelineProvider {
    func placeholder(in context: Context) -> FaultEntry {
        FaultEntry(date: context.now, n: 0)
    }

    func getSnapshot(in context: Context, completion: @escaping (FaultEntry) -> Void) {
        completion(FaultEntry(date: context.now, n: 0))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<FaultEntry>) -> Void) {
        // Nil at run time, through a call the optimizer does not fold away.
        let missing: Int? = Int("not a number \(context.now.timeIntervalSince1970)")
        completion(Timeline(entries: [FaultEntry(date: context.now, n: missing!)], policy: .atEnd))
    }
}

struct SwiftFatalErrorWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "SwiftFatalError", provider: FatalErrorProvider())
            .configurationDisplayName("SwiftFatalError")
            .description("widgethost test fixture: the timeline calls fatalError")
            .supportedFamilies([.systemSmall])
    }
}

struct SwiftForceUnwrapWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "SwiftForceUnwrap", provider: ForceUnwrapProvider())
            .configurationDisplayName("SwiftForceUnwrap")
            .description("widgethost test fixture: the timeline force-unwraps nil")
            .supportedFamilies([.systemSmall])
    }
}

struct SwiftFaultsBundle: WidgetBundle {
    var body: some Widget {
        SwiftFatalErrorWidget()
        SwiftForceUnwrapWidget()
    }
}

@c public func wk_bundle_entry(_ hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
    SwiftFaultsBundle.export(name: "SwiftFaults", version: "1.0.0", hostABIVersion: hostABIVersion)
}
