import TenEntryProvider
import WidgetSDK

// The ten-entry provider completing from the main queue, in a bundle of its own so that the
// other benchmarks' bundle keeps its one kind.
struct TenEntryMainQueueBundle: WidgetBundle {
    var body: some Widget {
        TenEntryMainQueueWidget()
    }
}

@c public func wk_bundle_entry(_ hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
    TenEntryMainQueueBundle.export(name: "TenEntryMainQueue", version: "1.0.0", hostABIVersion: hostABIVersion)
}
