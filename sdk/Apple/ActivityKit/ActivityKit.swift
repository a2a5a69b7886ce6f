// ActivityKit, as a widget extension's Live Activity imports it: `ActivityAttributes` (the
// SDK's, WidgetSDK/Widget/ActivityConfiguration.swift) and Foundation, as on iOS. An app starts
// and updates its activities through ActivityKit's `Activity`; a widget extension only declares
// their views, which compile here and are not drawn (docs/porting.md).
@_exported import AppGroupFoundation
@_exported import WidgetSDK
