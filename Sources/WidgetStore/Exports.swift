// The store speaks the SDK's vocabulary: AppGroupID, StoredValue, DefaultsError.
@_exported import WidgetPayload
// Until every file that uses the store's values imports WidgetStoreModel itself.
@_exported import WidgetStoreModel
