import Dispatch
import WidgetABI
import WidgetABIFields
import WidgetPayload
import Foundation

/// Calls one provider function and waits, with a timeout, for its one completion.
package struct ProviderDriver: Sendable {
    let limits: CallLimits

    package init(limits: CallLimits) {
        self.limits = limits
    }
    private let requests = RequestTable.shared

    /// How a call ended, and how long it took.
    package typealias Completion = @Sendable (_ outcome: RequestOutcome, _ duration: Duration) -> Void

    /// The raw outcome of one call and how long it took.
    package func perform(
        _ call: ProviderCall,
        on provider: ProviderEntryPoints,
        context: CallContext,
        onViolation: @escaping @Sendable (CompletionViolation) -> Void
    ) async -> (outcome: RequestOutcome, duration: Duration) {
        await withCheckedContinuation { continuation in
            start(call, on: provider, context: context, onViolation: onViolation) { outcome, duration in
                continuation.resume(returning: (outcome, duration))
            }
        }
    }

    /// Starts one call on a provider thread and returns at once; `onFinish` as in `prepare`.
    func start(
        _ call: ProviderCall,
        on provider: ProviderEntryPoints,
        context: CallContext,
        onViolation: @escaping @Sendable (CompletionViolation) -> Void,
        onFinish: @escaping Completion
    ) {
        let prepared = prepare(call, on: provider, context: context, onViolation: onViolation, onFinish: onFinish)
        // Off the caller's thread: a provider may block, and one that completes on a thread
        // the caller is waiting on would otherwise deadlock. Never on a cooperative thread,
        // nor on Dispatch's pool, which hung providers would drain (ProviderThreads).
        ProviderThreads.shared.run { prepared.run() }
    }

    /// Registers one call and starts its timeout; the provider runs when the caller calls
    /// `run()` on the returned call, on a thread of its choosing (one that may block forever).
    ///
    /// `onFinish` runs exactly once, never on the preparing thread: on the thread that completed
    /// the call (the provider's, or one of the bundle's own), on the provider's for a
    /// placeholder that returned without completing, or on the deadline sweeper's for a
    /// timeout. It must be quick: every other deadline waits for it. It runs on the sweeper's
    /// thread rather than a dispatch one because hung providers hold dispatch threads, and the
    /// pool grows only slowly past them: a timeout would come late just when it matters.
    package func prepare(
        _ call: ProviderCall,
        on provider: ProviderEntryPoints,
        context: CallContext,
        onViolation: @escaping @Sendable (CompletionViolation) -> Void,
        onFinish: @escaping Completion
    ) -> PreparedCall {
        register(
            .provider(call, onViolation: onViolation), timeout: limits.timeout(for: call),
            .provider(call, context), on: provider, onFinish: onFinish)
    }

    /// The options of the entity parameter `parameter`, in the same way as `perform` (a
    /// provider thread, the request table, `CallLimits.entityOptionsTimeout`).
    package func performEntityOptions(
        parameter: String, on provider: ProviderEntryPoints
    ) async -> (outcome: RequestOutcome, duration: Duration) {
        await run { prepareEntityOptions(parameter: parameter, on: provider, onFinish: $0) }
    }

    /// Registers an entity_options call, as `prepare` a provider call. A completion that comes
    /// wrong (twice, late) is logged: it has no timeline key to be recorded against.
    package func prepareEntityOptions(
        parameter: String, on provider: ProviderEntryPoints, onFinish: @escaping Completion
    ) -> PreparedCall {
        register(
            .entityOptions(parameter: parameter), timeout: limits.entityOptionsTimeout,
            .entityOptions(parameter: parameter), on: provider, onFinish: onFinish)
    }

    /// An entity parameter's query asked for particular entities (`wk_widget_t.entity_query`,
    /// ABI 1.7), in the same way as `performEntityOptions` (and under its time limit).
    package func performEntityQuery(
        _ request: EntityQueryRequest, on provider: ProviderEntryPoints
    ) async -> (outcome: RequestOutcome, duration: Duration) {
        await run { prepareEntityQuery(request, on: provider, onFinish: $0) }
    }

    /// Registers an entity_query call, as `prepareEntityOptions`. A bundle without the function
    /// is answered for by the host with `noEntityQuery`, which the decoder reads as "ask the
    /// suggestions instead".
    package func prepareEntityQuery(
        _ request: EntityQueryRequest, on provider: ProviderEntryPoints, onFinish: @escaping Completion
    ) -> PreparedCall {
        register(
            .entityQuery(parameter: request.parameter), timeout: limits.entityOptionsTimeout,
            .entityQuery(request), on: provider, onFinish: onFinish)
    }

    /// A kind's previews in `context`'s family (`wk_widget_t.previews`, ABI 1.6), in the same
    /// way as `perform` (a provider thread, the request table, the timeline's timeout: previews
    /// are evaluated as a timeline's entries are).
    package func performPreviews(
        context: CallContext, on provider: ProviderEntryPoints
    ) async -> (outcome: RequestOutcome, duration: Duration) {
        await run { preparePreviews(context: context, on: provider, onFinish: $0) }
    }

    /// Registers a previews call, as `prepare` a provider call. A completion that comes wrong
    /// is logged: previews belong to no timeline.
    package func preparePreviews(
        context: CallContext, on provider: ProviderEntryPoints, onFinish: @escaping Completion
    ) -> PreparedCall {
        register(.previews, timeout: limits.timelineTimeout, .previews(context), on: provider, onFinish: onFinish)
    }

    /// Runs an intent's `perform` (`wk_bundle_t.perform`, ABI 1.4) as `perform` a provider (a
    /// provider thread, the request table, `CallLimits.performTimeout`).
    package func performIntent(
        kind: String, intent: String, parameters: [String: JSONValue], on provider: ProviderEntryPoints,
        onViolation: @escaping @Sendable (IntentCompletionViolation) -> Void
    ) async -> (outcome: RequestOutcome, duration: Duration) {
        await run {
            preparePerform(kind: kind, intent: intent, parameters: parameters, on: provider, onViolation: onViolation, onFinish: $0)
        }
    }

    /// Registers a perform, as `prepare` a provider call; a second or late completion goes to
    /// `onViolation`.
    package func preparePerform(
        kind: String, intent: String, parameters: [String: JSONValue], on provider: ProviderEntryPoints,
        onViolation: @escaping @Sendable (IntentCompletionViolation) -> Void, onFinish: @escaping Completion
    ) -> PreparedCall {
        register(
            .perform(kind: kind, intent: intent, onViolation: onViolation), timeout: limits.performTimeout,
            .perform(intent: intent, parameters: parameters), on: provider, onFinish: onFinish)
    }

    /// Prepares a call with `prepare`, runs it on a provider thread and waits for its outcome.
    private func run(_ prepare: (@escaping Completion) -> PreparedCall) async -> (outcome: RequestOutcome, duration: Duration) {
        await withCheckedContinuation { continuation in
            let prepared = prepare { outcome, duration in continuation.resume(returning: (outcome, duration)) }
            ProviderThreads.shared.run { prepared.run() }
        }
    }

    private func register(
        _ label: RequestLabel, timeout: Double, _ invocation: PreparedCall.Invocation,
        on provider: ProviderEntryPoints, onFinish: @escaping Completion
    ) -> PreparedCall {
        let requests = self.requests
        let clock = ContinuousClock()
        let started = clock.now
        let token = requests.begin(
            label,
            maxPayloadBytes: limits.maxPayloadBytes,
            onFinish: { outcome in onFinish(outcome, clock.now - started) })
        let deadline = DeadlineSweeper.shared.schedule(after: .seconds(timeout)) {
            requests.finish(token, .timedOut)
        }
        requests.attach(deadline, to: token)
        return PreparedCall(invocation: invocation, provider: provider, token: token, requests: requests)
    }

    /// A call registered with the request table, whose provider has not run yet.
    package struct PreparedCall: Sendable {
        /// Which bundle function the call runs, with what.
        enum Invocation: Sendable {
            case provider(ProviderCall, CallContext)
            case entityOptions(parameter: String)
            case entityQuery(EntityQueryRequest)
            case perform(intent: String, parameters: [String: JSONValue])
            case previews(CallContext)
        }

        let invocation: Invocation
        let provider: ProviderEntryPoints
        let token: wk_request_token_t
        let requests: RequestTable

        /// Calls the provider on this thread; returns when the provider does, which may be never.
        package func run() {
            switch invocation {
            case .provider(let call, let context):
                context.withCContext { cContext in
                    provider.function(for: call)(provider.widget, cContext, HostCompletion.pointer, token)
                }
                if call == .placeholder { requests.finish(token, .returnedWithoutCompleting) }
            case .entityOptions(let parameter):
                guard let entityOptions = provider.entityOptionsFunction else {
                    // A bundle older than ABI 1.3 (no such field), or a kind that leaves it NULL,
                    // has no options to offer: that is an answer, the empty list, not a failure.
                    return ProviderDriver.noEntityOptions.withUnsafeBytes { requests.complete(token, payload: $0) }
                }
                parameter.withCString { entityOptions(provider.widget, $0, HostCompletion.pointer, token) }
            case .entityQuery(let request):
                guard let entityQuery = provider.entityQueryFunction else {
                    // A bundle older than ABI 1.7 (no such field), or a kind that leaves it NULL:
                    // the host's own mark, so that the caller falls back to the suggestions.
                    return ProviderDriver.noEntityQuery.withUnsafeBytes { requests.complete(token, payload: $0) }
                }
                request.json.withCString { entityQuery(provider.widget, $0, HostCompletion.pointer, token) }
            case .previews(let context):
                guard let previews = provider.previewsFunction else {
                    // A bundle older than ABI 1.6, or one without `#Preview`: no previews.
                    return ProviderDriver.noPreviews.withUnsafeBytes { requests.complete(token, payload: $0) }
                }
                context.withCContext { previews(provider.widget, $0, HostCompletion.pointer, token) }
            case .perform(let intent, let parameters):
                guard let bundle = provider.bundle, let perform = provider.performFunction else {
                    // The host checked the intent is declared, so a bundle that declares intents
                    // but leaves perform NULL has broken its promise: say so as the bundle would.
                    return ProviderDriver.noPerform(intent).withUnsafeBytes { requests.complete(token, payload: $0) }
                }
                let json = (try? JSONWriter.bytes(of: .object(parameters))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
                intent.withCString { intentName in
                    json.withCString { perform(bundle, intentName, $0, HostCompletion.pointer, token) }
                }
            }
        }
    }

    /// The reply of a bundle without `entity_options`, as a bundle with none would send it.
    /// The reply for a perform the bundle cannot run (its `perform` is NULL): the error payload.
    static func noPerform(_ intent: String) -> [UInt8] {
        let message = JSONValue.string("the bundle declares intent '\(intent)' but has no perform function (wk_bundle_t.perform is NULL)")
        let text = (try? JSONWriter.bytes(of: message)).map { String(decoding: $0, as: UTF8.self) } ?? "\"no perform function\""
        return Array(#"{"version":\#(PayloadVersion.current),"error":{"message":\#(text)}}"#.utf8)
    }

    static let noPreviews = Array(#"{"version":\#(PayloadVersion.current),"previews":[]}"#.utf8)

    static let noEntityOptions = Array(#"{"version":\#(PayloadVersion.current),"options":[]}"#.utf8)

    /// The reply the host makes for a bundle without `entity_query` (older than 1.7, or NULL):
    /// no bundle sends it (`widget.h` has no such member); `ReplyDecoder.entityQuery` reads it
    /// as nil. Made where the bundle is loaded, the only place its struct can be read, so that a
    /// worker says so to its host in the same way.
    static let noEntityQuery = Array(#"{"version":\#(PayloadVersion.current),"\#(ReplyDecoder.noEntityQueryMember)":true}"#.utf8)
}

extension ProviderEntryPoints {
    func function(for call: ProviderCall) -> ProviderFunction {
        // Presence was checked when the bundle was loaded.
        switch call {
        case .placeholder: widget.pointee.placeholder!
        case .snapshot: widget.pointee.snapshot!
        case .timeline: widget.pointee.timeline!
        }
    }
}

extension ProviderEntryPoints {
    /// `wk_widget_t.entity_options` (ABI 1.3), read by the has-field rule: nil when the bundle's
    /// struct ends before it or leaves it NULL.
    var entityOptionsFunction: EntityOptionsFunction? {
        let widget = PeerStruct(widget)
        guard widget.has(\.entity_options) else { return nil }
        return widget[present: \.entity_options]
    }
}

extension ProviderEntryPoints {
    /// `wk_widget_t.entity_query` (ABI 1.7), read by the has-field rule: nil when the bundle's
    /// struct ends before it or leaves it NULL.
    var entityQueryFunction: EntityQueryFunction? {
        let widget = PeerStruct(widget)
        guard widget.has(\.entity_query) else { return nil }
        return widget[present: \.entity_query]
    }
}

extension ProviderEntryPoints {
    /// `wk_widget_t.previews` (ABI 1.6), read by the has-field rule: nil when the bundle's
    /// struct ends before it or leaves it NULL.
    var previewsFunction: ProviderFunction? {
        let widget = PeerStruct(widget)
        guard widget.has(\.previews) else { return nil }
        return widget[present: \.previews]
    }
}

extension ProviderEntryPoints {
    /// `wk_bundle_t.perform` (ABI 1.4), read by the has-field rule: nil when the bundle's struct
    /// ends before it or leaves it NULL.
    var performFunction: PerformFunction? {
        guard let bundle else { return nil }
        let fields = PeerStruct(bundle)
        guard fields.has(\.perform) else { return nil }
        return fields[present: \.perform]
    }
}

typealias PerformFunction = @convention(c) (
    UnsafePointer<wk_bundle_t>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
    UnsafePointer<wk_completion_t>?, wk_request_token_t
) -> Void

typealias EntityOptionsFunction = @convention(c) (
    UnsafePointer<wk_widget_t>?, UnsafePointer<CChar>?,
    UnsafePointer<wk_completion_t>?, wk_request_token_t
) -> Void

typealias EntityQueryFunction = @convention(c) (
    UnsafePointer<wk_widget_t>?, UnsafePointer<CChar>?,
    UnsafePointer<wk_completion_t>?, wk_request_token_t
) -> Void

typealias ProviderFunction = @convention(c) (
    UnsafePointer<wk_widget_t>?, UnsafePointer<wk_context_t>?,
    UnsafePointer<wk_completion_t>?, wk_request_token_t
) -> Void
