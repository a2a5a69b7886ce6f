import WidgetKit
import SwiftUI

struct AppleWidgetBundle: WidgetBundle {
    var body: some Widget {
        GroupWidget()
    }
}

@c public func wk_bundle_entry(_ hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
    AppleWidgetBundle.export(version: "1.0.0", appGroups: [appGroup], hostABIVersion: hostABIVersion)
}
