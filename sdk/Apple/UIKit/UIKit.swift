@_exported import WidgetFoundation
