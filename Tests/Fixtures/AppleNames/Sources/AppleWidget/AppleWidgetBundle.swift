import WidgetKit
import SwiftUI

struct AppleWidgetBundle: WidgetBundle {
    var body: some Widget {
        GroupWidget()
    }
}

@c public func wk_bundle_entry(_ hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
    // The explicit form: it declares its group in the table, and that it needs no network.
    AppleWidgetBundle.export(version: "1.0.0", appGroups: [appGroup], usesNetwork: false, hostABIVersion: hostABIVersion)
}
