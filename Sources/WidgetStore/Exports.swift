// The store speaks the SDK's vocabulary: AppGroupID, StoredValue, DefaultsError.
@_exported import WidgetPayload
