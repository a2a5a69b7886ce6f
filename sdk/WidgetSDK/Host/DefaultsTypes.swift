import WidgetPayload

// The shared-defaults vocabulary, under the SDK's own names so that `import WidgetSDK` is enough.
public typealias DefaultsError = WidgetPayload.DefaultsError
public typealias DefaultsSuite = WidgetPayload.DefaultsSuite
public typealias StoredValue = WidgetPayload.StoredValue
public typealias StoredValueType = WidgetPayload.StoredValueType
