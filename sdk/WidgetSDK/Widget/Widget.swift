/// The configuration and content of a widget, as in WidgetKit.
///
///     struct CounterWidget: Widget {
///         var body: some WidgetConfiguration {
///             StaticConfiguration(kind: "CounterWidget", provider: Provider())
///                 .configurationDisplayName("Counter Widget")
///                 .supportedFamilies([.systemSmall, .systemMedium])
///         }
///     }
public protocol Widget {
    associatedtype Body: WidgetConfiguration
    init()
    var body: Body { get }
}
