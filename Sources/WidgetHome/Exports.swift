// The arrangement's frames and hit points are WidgetGeometry's `Rect` and `Point`.
@_exported import WidgetGeometry
