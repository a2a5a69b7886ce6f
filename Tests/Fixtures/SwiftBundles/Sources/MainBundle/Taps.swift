import WidgetKit
import SwiftUI

// A bundle as an Xcode widget extension writes it: `@main` on the WidgetBundle, no entry
// function, Apple's module names only. Its timeline shows how many taps its intent performed.

struct TapEntry: TimelineEntry, Encodable {
    let date: Date
    let taps: Int
}

struct TapProvider: TimelineProvider {
    func placeholder(in context: Context) -> TapEntry {
        TapEntry(date: context.now, taps: 0)
    }

    func snapshot(in context: Context) async -> TapEntry {
        TapEntry(date: context.now, taps: await tapCount.value)
    }

    func timeline(in context: Context) async -> Timeline<TapEntry> {
        Timeline(entries: [await snapshot(in: context)], policy: .never)
    }
}

struct TapsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Taps", provider: TapProvider()) { entry in
            VStack {
                Text("\(entry.taps) taps")
                Button(intent: TapIntent()) {
                    Text("Tap")
                }
            }
        }
            .configurationDisplayName("Taps")
            .supportedFamilies([.systemSmall])
    }
}

struct TapsLabelWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "TapsLabel", provider: TapProvider()) { entry in
            Text("\(entry.taps)")
        }
            .configurationDisplayName("Taps label")
            .supportedFamilies([.systemSmall])
    }
}

@main
struct TapsBundle: WidgetBundle {
    var body: some Widget {
        TapsWidget()
        TapsLabelWidget()
    }
}
