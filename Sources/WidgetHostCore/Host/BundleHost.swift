import Foundation
import Logging
import WidgetPayload
import WidgetStoreModel

/// The host: loads every bundle on the search path, calls providers and keeps the registry.
public final class BundleHost: Sendable {
    public let bundles: BundleSet
    public let registry = TimelineRegistry()
    public let limits: CallLimits
    /// The data folder: App Groups' containers, worker mode's bundle cache.
    public let storeLocation: StoreLocation
    /// What the host reads and writes beyond its bundles: defaults, reload requests, the catalog,
    /// instances (`HostConfiguration.store`).
    public let store: any HostStore
    /// Reload requests from apps and the CLI, waiting in the store.
    public let reloadRequests: ReloadRequestInbox
    /// Perform completions bundles got wrong (a second answer, a late one), in any isolation;
    /// also recorded against the widget performed for.
    public let intentViolations: IntentViolationLog
    let logger: Logger
    public let clock: any HostClock
    /// When the host will next call each kind, once a scheduler follows (`PlannedCalls.follow`):
    /// worker isolation keeps an idle worker whose next call is near.
    public let plannedCalls: PlannedCalls
    private let router: HostEventRouter
    private let driver: ProviderDriver
    private let decoder: ReplyDecoder

    public init(_ configuration: HostConfiguration) {
        limits = configuration.limits
        clock = configuration.clock
        storeLocation = configuration.storeLocation
        store = configuration.store
        logger = configuration.logger
        router = HostEventRouter(
            registry: registry, logger: configuration.logger, clock: configuration.clock, store: configuration.store)
        driver = ProviderDriver(limits: configuration.limits)
        decoder = ReplyDecoder(limits: configuration.limits)
        intentViolations = IntentViolationLog(registry: registry, clock: configuration.clock)
        let plannedCalls = PlannedCalls()
        self.plannedCalls = plannedCalls
        let (registry, clock, intentViolations) = (registry, configuration.clock, intentViolations)
        bundles = BundleSet.load(configuration.searchPath, isolation: configuration.isolation, environment: BundleEnvironment(
            limits: configuration.limits, storeLocation: configuration.storeLocation, logger: configuration.logger,
            rescan: configuration.rescan, abiVersion: configuration.abiVersion, services: router,
            recordViolation: { kind, family, violation in
                Self.record(violation, kind: kind, family: family, in: registry, clock: clock)
            },
            recordIntentViolation: { intentViolations.record($0) }, clock: clock, plannedCalls: plannedCalls))
        for widget in bundles.catalog.widgets { registry.register(widget) }
        reloadRequests = ReloadRequestInbox(
            registry: registry, store: configuration.store, logger: configuration.logger,
            clock: configuration.clock, knownKinds: bundles.catalog.widgets.map(\.kind))
    }

    /// Asks every worker to exit (the daemon's shutdown). In-process bundles stay loaded.
    public func stopWorkers() {
        for transport in bundles.transports { transport.stop() }
    }

    /// Records a completion a provider got wrong (a second answer, a late one) against its key:
    /// the one place both transports' violations land.
    private static func record(
        _ violation: CompletionViolation, kind: String, family: WidgetFamily, in registry: TimelineRegistry, clock: any HostClock
    ) {
        registry.recordError(RecordedError(cause: .completion(violation), at: clock.now), for: TimelineKey(kind: kind, family: family))
    }

    /// The lines bundles have logged, most recent last (bounded).
    public var bundleLogLines: [BundleLogLine] { router.logLines }

    /// The widget of `kind`, or why there is none.
    public func widget(kind: String) throws(HostCallError) -> WidgetDescriptor {
        if let widget = bundles.catalog.widget(kind: kind) { return widget }
        if let duplicate = bundles.catalog.duplicates.first(where: { $0.kind == kind }) {
            throw .duplicateKind(duplicate)
        }
        throw .unknownKind(kind, known: bundles.catalog.widgets.map(\.kind))
    }

    /// The widget of `kind` and the family to call it in: `family`, or the widget's first.
    public func resolve(kind: String, family: WidgetFamily?) throws(HostCallError) -> (WidgetDescriptor, WidgetFamily) {
        let widget = try widget(kind: kind)
        guard let family else { return (widget, widget.defaultFamily) }
        guard widget.families.contains(family) else {
            throw .unsupportedFamily(kind: kind, family: family, supported: widget.families)
        }
        return (widget, family)
    }

    public func placeholder(
        for widget: WidgetDescriptor, in context: CallContext, instance: WidgetInstanceID? = nil
    ) async throws(HostCallError) -> WidgetEntry {
        try await entry(of: .placeholder, for: widget, in: context, key: key(widget, context, instance))
    }

    public func snapshot(
        for widget: WidgetDescriptor, in context: CallContext, instance: WidgetInstanceID? = nil
    ) async throws(HostCallError) -> WidgetEntry {
        try await entry(of: .snapshot, for: widget, in: context, key: key(widget, context, instance))
    }

    /// Fetches a timeline and records it in the registry under `instance` (nil: the implicit
    /// one); on failure the registry keeps the last good timeline and records the error.
    ///
    /// `context.configuration` is checked against the kind's schema first (a wrong one throws
    /// `invalidConfiguration`, and nothing is called or stored). A timeline fetched with another
    /// configuration than the record's (a one-off `--set`, or an instance reconfigured or removed
    /// during the call) is returned but not recorded.
    public func timeline(
        for widget: WidgetDescriptor, in context: CallContext, instance: WidgetInstanceID? = nil
    ) async throws(HostCallError) -> WidgetTimeline {
        let key = key(widget, context, instance)
        let requestsBefore = registry.reloadRequestCount(for: key) ?? 0
        let (payload, duration) = try await payload(of: .timeline, for: widget, in: context, key: key)
        let timeline = try decode(.timeline, widget, context, key) { () throws(ProviderCallError) in try decoder.timeline(from: payload) }
        registry.recordTimeline(
            timeline, for: widget, key: key, configuration: context.configuration,
            fetchedAt: context.now, duration: duration, reloadRequestsAnswered: requestsBefore)
        return timeline
    }

    /// Fetches the timeline of every kind in every family it supports, concurrently, into the
    /// registry, and of every user-added instance it holds. Failures are recorded there, not thrown.
    public func refreshAllTimelines(now: Date, isPreview: Bool = false) async {
        await withTaskGroup(of: Void.self) { group in
            for record in registry.allRecords {
                guard let widget = bundles.catalog.widget(kind: record.key.kind) else { continue }
                let context = CallContext(family: record.key.family, isPreview: isPreview, now: now, configuration: record.configuration)
                group.addTask {
                    _ = try? await self.timeline(for: widget, in: context, instance: record.key.instance)
                }
            }
        }
    }

    private func key(_ widget: WidgetDescriptor, _ context: CallContext, _ instance: WidgetInstanceID?) -> TimelineKey {
        TimelineKey(kind: widget.kind, family: context.family, instance: instance)
    }

    /// A placeholder or snapshot: one entry.
    private func entry(
        of call: ProviderCall, for widget: WidgetDescriptor, in context: CallContext, key: TimelineKey
    ) async throws(HostCallError) -> WidgetEntry {
        let payload = try await payload(of: call, for: widget, in: context, key: key).payload
        return try decode(call, widget, context, key) { () throws(ProviderCallError) in try decoder.entry(from: payload) }
    }

    private func payload(
        of call: ProviderCall, for widget: WidgetDescriptor, in context: CallContext, key: TimelineKey
    ) async throws(HostCallError) -> (payload: [UInt8], duration: Duration) {
        var sent = context
        do {
            sent.configuration = try ConfigurationValidator(widget).validate(context.configuration ?? [:])
        } catch {
            throw .invalidConfiguration(kind: widget.kind, error)
        }
        let (registry, clock) = (self.registry, self.clock)
        let environment = CallEnvironment(driver: driver) { violation in
            registry.recordError(RecordedError(cause: .completion(violation), at: clock.now), for: key)
        }
        let outcome: RequestOutcome
        let duration: Duration
        switch await widget.provider.perform(call, kind: widget.kind, context: sent, environment: environment) {
        case .finished(let finished, let took): (outcome, duration) = (finished, took)
        case .failed(let failure): throw self.failure(call, widget, context, key, .worker(failure))
        }
        switch outcome {
        case .completed(let payload):
            return (payload, duration)
        case .payloadTooLarge(let bytes):
            throw failure(call, widget, context, key, .payloadTooLarge(bytes: bytes, limit: limits.maxPayloadBytes))
        case .timedOut:
            throw failure(call, widget, context, key, .timedOut(seconds: limits.timeout(for: call)))
        case .returnedWithoutCompleting:
            throw failure(call, widget, context, key, .returnedWithoutCompleting)
        }
    }

    private func decode<Value>(
        _ call: ProviderCall, _ widget: WidgetDescriptor, _ context: CallContext, _ key: TimelineKey,
        _ body: () throws(ProviderCallError) -> Value
    ) throws(HostCallError) -> Value {
        do {
            return try body()
        } catch {
            throw failure(call, widget, context, key, error)
        }
    }

    /// Records the error against the kind and wraps it for the caller.
    private func failure(
        _ call: ProviderCall, _ widget: WidgetDescriptor, _ context: CallContext, _ key: TimelineKey, _ error: ProviderCallError
    ) -> HostCallError {
        // Only against the record the call was for: a one-off configuration has none.
        if registry.record(for: key)?.configuration == context.configuration {
            registry.recordError(RecordedError(cause: .call(call, error), at: context.now), for: widget, key: key)
        }
        return .callFailed(WidgetCallFailure(kind: widget.kind, family: context.family, call: call, bundlePath: widget.bundlePath, error: error))
    }
}
