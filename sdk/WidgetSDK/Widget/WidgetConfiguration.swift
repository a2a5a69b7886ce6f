/// A type that describes a widget's content: in widgethost, a `StaticConfiguration`.
public protocol WidgetConfiguration {}

/// A configuration that describes no widget.
public struct EmptyWidgetConfiguration: WidgetConfiguration {
    public init() {}
}
