// WidgetKit, as a widget extension imports it: on iOS it brings SwiftUI and Foundation with it,
// so a file with `import WidgetKit` alone uses `Text`, `Date` and `UserDefaults`.
@_exported import SwiftUI
@_exported import AppGroupFoundation
@_exported import WidgetSDK
