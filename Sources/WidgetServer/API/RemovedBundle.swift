import Foundation
import WidgetHostCore

/// A kind whose bundle file was removed from disk while the daemon runs. The host keeps the code
/// it loaded (and the catalog its kinds, until a restart), but a widget added now could never be
/// drawn by a worker or after a restart, so the kind is no longer offered (`GET /v1/kinds`) and
/// adding it is refused, naming the file and what to do: the gallery sheet open before the
/// removal shows the kind as no longer available, and choosing it adds nothing.
enum RemovedBundle {
    static func isRemoved(_ widget: WidgetDescriptor) -> Bool {
        !FileManager.default.fileExists(atPath: widget.bundlePath)
    }

    /// 410 `bundleRemoved`.
    static func refusal(_ widget: WidgetDescriptor) -> APIError {
        APIError(.gone, code: "bundleRemoved", """
            \(widget.displayName) (\(widget.kind)) is no longer available: its bundle \(widget.bundlePath) was removed. \
            Nothing was added; install the bundle again (widgethost install) to add it
            """)
    }
}
