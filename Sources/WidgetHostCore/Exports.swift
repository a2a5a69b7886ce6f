// Host users see the same wire vocabulary the host does (WidgetFamily, JSONValue, StoredValue),
// and the shared store the host reads for its bundles.
@_exported import WidgetPayload
@_exported import WidgetStore
