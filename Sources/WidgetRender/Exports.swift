// `Point`, `Size` and `Rect` are WidgetGeometry's, shared with the home screen's arrangement
// (WidgetHome), which draws nothing: re-exported so that every `import WidgetRender` (and
// `WidgetRender.Point`) still names them.
@_exported import WidgetGeometry
