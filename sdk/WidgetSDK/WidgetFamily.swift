import WidgetPayload

/// The sizes and shapes a widget can take: `.systemSmall`, `.systemMedium`, `.systemLarge`,
/// `.systemExtraLarge`, `.accessoryCircular`, `.accessoryRectangular`, `.accessoryInline`.
public typealias WidgetFamily = WidgetPayload.WidgetFamily
