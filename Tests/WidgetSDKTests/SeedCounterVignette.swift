import FoundationEssentials
import WidgetSDK

// seeds/000_78b8ed371b419045.txt: the counter vignette's entry, configuration and view.
// Compiled against the SDK with only its imports changed (and `@main` dropped: a bundle exports
// through `wk_bundle_entry`); SeedCodeTests evaluates it. In an enum of its own, since the seeds
// reuse names (`Provider`) and this target already has a `MovieEntry`.

enum CounterVignette {
    static let widgetKind = "CounterWidget"
    static let groupId = "group.dev.widgethost.counter"
    static let fontName = "Rubik Glitch"

    struct CounterEntry : TimelineEntry {
        let date: Date // Required
        let count: Int
        var bgImgUrl: String? = nil
    }

    struct CounterWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: widgetKind, provider: Provider()) { entry in
                CounterWidgetView(entry: entry)
            }
            .contentMarginsDisabled()   // Allow full-screen background image
            .configurationDisplayName("Counter Widget")   // Title
            .description("Displays the current count of the counter app.")   // Desc
            // Set which sizes your widget supports
            .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
        }
    }

    /// Not the seed's (it reads `UserDefaults`, which is `SharedDefaults` here): a fixed count.
    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> CounterEntry {
            CounterEntry(date: Date(), count: 0)
        }
        func getSnapshot(in context: Context, completion: @escaping (CounterEntry) -> ()) {
            completion(CounterEntry(date: Date(), count: 3, bgImgUrl: "bgRender.png"))
        }
        func getTimeline(in context: Context, completion: @escaping (Timeline<CounterEntry>) -> ()) {
            getSnapshot(in: context) { (entry) in
                completion(Timeline(entries: [entry], policy: .atEnd))
            }
        }
    }

    // The seed's simplified view, whose text lost some lines; `UIImage(contentsOfFile:)` and
    // `Image(uiImage:)` become `Image(appGroup:path:)`, the image the app rendered into the group.
    struct CounterWidgetView : View {
      @Environment(\.widgetFamily) var family: WidgetFamily
      var entry: Provider.Entry
      var body: some View {
        let imgPath = entry.bgImgUrl;
        let bgColor = Color(red: 0.2, green: 0.2, blue: 0.2);
        if let imgPath {
          return AnyView(
              ZStack{ // Equivalent to Flutter Stack
                Image(appGroup: groupId, path: imgPath)
                    .resizable()
                    .aspectRatio(contentMode: .fill)
                Text("\(entry.count)")
                     .font(Font.custom(fontName, size: family == .systemSmall ? 48 : 72));
              }.containerBackground(for: .widget) { bgColor }
          )
        }
        return AnyView(Text("Unable to create a UIImage from the imgPath"))
      }
    }
}
