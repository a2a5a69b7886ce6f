import Foundation

// A file as apps share it with their widget: Foundation alone, naming the App Group's defaults.
// The package imports AppGroupFoundation into every file, so this is the host-backed UserDefaults.
extension UserDefaults {
    static var widgetGroup: UserDefaults? { UserDefaults(suiteName: appGroup) }
}
