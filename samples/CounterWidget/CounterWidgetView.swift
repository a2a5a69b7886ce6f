import SwiftUI
import WidgetKit

/// The vignette's face: the count, big, over the app's theme colour, and its `+`, which counts
/// one more without opening the app (`IncrementCountIntent`).
struct CounterWidgetView: View {
    @Environment(\.widgetFamily) var family
    let entry: CounterEntry

    var body: some View {
        VStack(spacing: 4) {
            Text("\(entry.count)")
                .font(.system(size: family == .systemSmall ? 48 : 64, weight: .heavy, design: .rounded))
                .lineLimit(1)
                .minimumScaleFactor(0.4)
                .invalidatableContent()
            Text(family == .systemSmall ? "taps" : "You have pushed the button this many times")
                .font(.caption)
                .multilineTextAlignment(.center)
                .opacity(0.8)
            Button(intent: IncrementCountIntent()) {
                Image(systemName: "plus")
                    .frame(width: 18, height: 18)
            }
        }
        .foregroundStyle(entry.color.legibleText)
        .containerBackground(for: .widget) {
            entry.color.color
        }
        // A tap opens the app, as in the vignette: here, whatever handles the scheme
        // (`widgethost open CounterWidget`, or a click in the gallery).
        .widgetURL(URL(string: "widgethost-counter://open"))
    }
}

extension ThemeColor {
    var color: Color {
        Color(red: red, green: green, blue: blue)
    }

    /// White on a dark theme colour, black on a light one.
    var legibleText: Color {
        // Relative luminance, roughly (sRGB weights without linearising): enough to pick a side.
        0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.6 ? .black : .white
    }
}
