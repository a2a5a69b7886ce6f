// Host users see the same wire vocabulary the host does: WidgetFamily, JSONValue.
@_exported import WidgetPayload
