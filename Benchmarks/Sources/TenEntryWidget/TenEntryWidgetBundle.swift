import TenEntryProvider
import WidgetSDK

struct TenEntryBundle: WidgetBundle {
    var body: some Widget {
        TenEntryWidget()
    }
}

@c public func wk_bundle_entry(_ hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
    TenEntryBundle.export(name: "TenEntry", version: "1.0.0", hostABIVersion: hostABIVersion)
}
