import Foundation
import Synchronization
import WidgetHostCore
import WidgetPayload

/// Which entry an image shows: the registry's, the provider's placeholder or snapshot, or one
/// of the kind's `#Preview` entries.
enum EntryChoice: String, Sendable, CaseIterable {
    case timeline, placeholder, snapshot, preview
}

/// Placeholders and snapshots for the gallery, asked of the provider once per loaded widget
/// and family: a page of widgets opened by many clients costs each provider one call. A
/// reloaded bundle is another `WidgetDescriptor` (its provider differs), so it is asked afresh.
final class PreviewEntries: Sendable {
    private struct Key: Hashable {
        let widget: WidgetDescriptor
        let family: WidgetFamily
        let configuration: [String: JSONValue]?
        let choice: EntryChoice
    }

    private struct State {
        var entries: [Key: WidgetEntry] = [:]
        var order: [Key] = []
        /// The kinds' `#Preview`s, by widget and family: a rebuilt bundle is asked afresh.
        var previews: [PreviewKey: [WidgetPreview]] = [:]
    }

    private struct PreviewKey: Hashable {
        let widget: WidgetDescriptor
        let family: WidgetFamily
    }

    private let state = Mutex(State())
    private let capacity: Int

    init(capacity: Int = 256) { self.capacity = capacity }

    /// The entry, from the cache or from the provider (as a preview, like WidgetKit's gallery),
    /// for an instance's `configuration` (nil: the kind's defaults).
    func entry(
        _ choice: EntryChoice, of widget: WidgetDescriptor, family: WidgetFamily, configuration: [String: JSONValue]?,
        host: BundleHost
    ) async throws(HostCallError) -> WidgetEntry {
        let key = Key(widget: widget, family: family, configuration: configuration, choice: choice)
        if let cached = state.withLock({ $0.entries[key] }) { return cached }
        let context = CallContext(family: family, isPreview: true, now: host.clock.now, configuration: configuration)
        let entry: WidgetEntry = switch choice {
        case .placeholder: try await host.placeholder(for: widget, in: context)
        case .snapshot, .timeline, .preview: try await host.snapshot(for: widget, in: context)
        }
        state.withLock { state in
            if state.entries.updateValue(entry, forKey: key) == nil { state.order.append(key) }
            while state.order.count > capacity { state.entries.removeValue(forKey: state.order.removeFirst()) }
        }
        return entry
    }

    /// The kind's `#Preview`s in `family` (`wk_widget_t.previews`), asked of the bundle once per
    /// loaded widget and family, as placeholders are.
    func previews(of widget: WidgetDescriptor, family: WidgetFamily, host: BundleHost) async throws(HostCallError) -> [WidgetPreview] {
        let key = PreviewKey(widget: widget, family: family)
        if let cached = state.withLock({ $0.previews[key] }) { return cached }
        let previews = try await host.previews(kind: widget.kind, in: CallContext(family: family, isPreview: true, now: host.clock.now))
        state.withLock { state in
            if state.previews.count >= capacity { state.previews.removeAll() }
            state.previews[key] = previews
        }
        return previews
    }
}
