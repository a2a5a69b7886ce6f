import Dispatch
import WidgetABI
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
        let requests = self.requests
        let clock = ContinuousClock()
        let started = clock.now
        let token = requests.begin(
            RequestLabel(call: call, onViolation: onViolation),
            maxPayloadBytes: limits.maxPayloadBytes,
            onFinish: { outcome in onFinish(outcome, clock.now - started) })
        let deadline = DeadlineSweeper.shared.schedule(after: .seconds(limits.timeout(for: call))) {
            requests.finish(token, .timedOut)
        }
        requests.attach(deadline, to: token)
        return PreparedCall(call: call, provider: provider, context: context, token: token, requests: requests)
    }

    /// A call registered with the request table, whose provider has not run yet.
    package struct PreparedCall: Sendable {
        let call: ProviderCall
        let provider: ProviderEntryPoints
        let context: CallContext
        let token: wk_request_token_t
        let requests: RequestTable

        /// Calls the provider on this thread; returns when the provider does, which may be never.
        package func run() {
            context.withCContext { cContext in
                provider.function(for: call)(provider.widget, cContext, HostCompletion.pointer, token)
            }
            if call == .placeholder { requests.finish(token, .returnedWithoutCompleting) }
        }
    }
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

typealias ProviderFunction = @convention(c) (
    UnsafePointer<wk_widget_t>?, UnsafePointer<wk_context_t>?,
    UnsafePointer<wk_completion_t>?, wk_request_token_t
) -> Void
