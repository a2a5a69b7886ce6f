import WidgetPayload

// The shared-defaults vocabulary, under the SDK's own names so that `import WidgetSDK` is enough.
/// Why a read or write of an App Group's defaults failed: the group is not declared, a value is
/// not of the type asked for, or the host could not reach the store.
public typealias DefaultsError = WidgetPayload.DefaultsError
/// What reads and writes one App Group's values by key: ``SharedDefaults`` in a widget, the
/// `WidgetApp` library's `SharedDefaults` in an app.
public typealias DefaultsSuite = WidgetPayload.DefaultsSuite
/// One value in an App Group: a string, integer, double, boolean, date, data, or JSON.
public typealias StoredValue = WidgetPayload.StoredValue
/// The type of a ``StoredValue``, named in errors when a key holds another type.
public typealias StoredValueType = WidgetPayload.StoredValueType
