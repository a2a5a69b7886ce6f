import Foundation
import OSLog
import WidgetKit
import SwiftUI

/// What each provider found out, as the test reads it from the entry.
struct ReportEntry: TimelineEntry, Encodable {
    let date: Date
    var report: String
    var onMainThread = false
    var fields: [String: String] = [:]
}

/// A provider whose timeline is whatever `report` completes with.
struct ReportProvider: TimelineProvider {
    let report: (@escaping (ReportEntry) -> Void) -> Void

    func placeholder(in context: Context) -> ReportEntry { ReportEntry(date: Date(), report: "placeholder") }

    func getSnapshot(in context: Context, completion: @escaping (ReportEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ReportEntry>) -> Void) {
        report { entry in completion(Timeline(entries: [entry], policy: .never)) }
    }
}

/// One kind whose entry is what `report` found out.
func reportConfiguration(kind: String, _ report: @escaping (@escaping (ReportEntry) -> Void) -> Void) -> some WidgetConfiguration {
    StaticConfiguration(kind: kind, provider: ReportProvider(report: report)) { entry in
        VStack {
            Text(entry.report)
            Button(intent: RecordMainActorIntent()) { Text("Record") }
        }
    }
    .supportedFamilies([.systemSmall])
}

struct BundleMainWidget: Widget {
    var body: some WidgetConfiguration { reportConfiguration(kind: "BundleMain", BundleFacts.report) }
}

struct MainQueueWidget: Widget {
    var body: some WidgetConfiguration { reportConfiguration(kind: "MainQueue", MainThreadReports.mainQueue) }
}

struct MainActorTaskWidget: Widget {
    var body: some WidgetConfiguration { reportConfiguration(kind: "MainActorTask", MainThreadReports.mainActorTask) }
}

struct MainActorRunWidget: Widget {
    var body: some WidgetConfiguration { reportConfiguration(kind: "MainActorRun", MainThreadReports.mainActorRun) }
}

struct MainRunLoopTimerWidget: Widget {
    var body: some WidgetConfiguration { reportConfiguration(kind: "MainRunLoopTimer", MainThreadReports.mainRunLoopTimer) }
}

struct CombineMainWidget: Widget {
    var body: some WidgetConfiguration { reportConfiguration(kind: "CombineMain", MainThreadReports.combineOnMain) }
}

struct MainActorIntentWidget: Widget {
    var body: some WidgetConfiguration { reportConfiguration(kind: "MainActorIntent", RecordMainActorIntent.report) }
}

struct NetworkedWidget: Widget {
    var body: some WidgetConfiguration { reportConfiguration(kind: "Networked", NetworkedReport.report) }
}

@main
struct ExtensionProcessBundle: WidgetBundle {
    var body: some Widget {
        BundleMainWidget()
        MainQueueWidget()
        MainActorTaskWidget()
        MainActorRunWidget()
        MainRunLoopTimerWidget()
        CombineMainWidget()
        MainActorIntentWidget()
        NetworkedWidget()
    }
}
