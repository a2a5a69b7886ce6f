// An app sees the same vocabulary as a widget: DefaultsError, StoredValue, AppGroupID, and the
// store's location and errors.
@_exported import WidgetPayload
@_exported import struct WidgetStore.StoreLocation
@_exported import enum WidgetStore.StoreError
@_exported import struct WidgetStore.ReloadRequest
@_exported import struct WidgetStore.BundleCatalog
