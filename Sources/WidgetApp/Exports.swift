// An app sees the same vocabulary as a widget: DefaultsError, StoredValue, AppGroupID, and the
// store's location and errors.
@_exported import WidgetPayload
@_exported import struct WidgetStoreModel.StoreLocation
@_exported import struct WidgetStoreModel.StoreError
@_exported import struct WidgetStoreModel.ReloadRequest
@_exported import struct WidgetStoreModel.BundleCatalog
