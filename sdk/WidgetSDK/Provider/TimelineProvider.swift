/// Tells the host when to update a widget's display, as WidgetKit's `TimelineProvider` does.
///
/// Implement either the completion-handler methods or their `async` forms; each pair has a
/// default that calls the other. Implementing neither form of a pair is a mistake Swift cannot
/// reject at compile time: the SDK notices it at the first call and answers the host at once
/// with an error naming the provider and the method to write (`ProviderOmission`), instead of
/// leaving the call to time out. Completions may be called from any thread, exactly once.
public protocol TimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext

    /// A generic entry, shown while the widget loads. Synchronous; return at once.
    func placeholder(in context: Context) -> Entry

    /// The entry for now; quick, with sample data when `context.isPreview`.
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)

    /// Entries for now and later, and when to ask again.
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)

    /// The `async` form of `getSnapshot(in:completion:)`.
    func snapshot(in context: Context) async -> Entry

    /// The `async` form of `getTimeline(in:completion:)`.
    func timeline(in context: Context) async -> Timeline<Entry>
}

extension TimelineProvider {
    public func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
        // Reached from the default `snapshot(in:)` of this very type: neither form is written.
        if ProviderOmission.isForwarding(.snapshot, Self.self) {
            ProviderOmission.report(.snapshot, Self.self)
            // Unwinds the default `snapshot(in:)`; the export layer answers with the error instead.
            return completion(placeholder(in: context))
        }
        // WidgetKit's completions may be called from any thread, so handing this one to a task
        // is within its contract.
        nonisolated(unsafe) let completion = completion
        Task { completion(await snapshot(in: context)) }
    }

    public func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
        if ProviderOmission.isForwarding(.timeline, Self.self) {
            ProviderOmission.report(.timeline, Self.self)
            return completion(Timeline(entries: [], policy: .never))
        }
        // As in getSnapshot: completions may be called from any thread.
        nonisolated(unsafe) let completion = completion
        Task { completion(await timeline(in: context)) }
    }

    public func snapshot(in context: Context) async -> Entry {
        await ProviderOmission.forwarding(.snapshot, Self.self) {
            await withCheckedContinuation { continuation in
                getSnapshot(in: context) { continuation.resume(returning: $0) }
            }
        }
    }

    public func timeline(in context: Context) async -> Timeline<Entry> {
        await ProviderOmission.forwarding(.timeline, Self.self) {
            await withCheckedContinuation { continuation in
                getTimeline(in: context) { continuation.resume(returning: $0) }
            }
        }
    }
}
