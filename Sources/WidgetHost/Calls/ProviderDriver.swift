import Dispatch
import WidgetABI
import Foundation

/// Calls one provider function and waits, with a timeout, for its one completion.
struct ProviderDriver: Sendable {
    let limits: CallLimits
    private let requests = RequestTable.shared

    /// The raw outcome of one call and how long it took.
    func perform(
        _ call: ProviderCall,
        on provider: ProviderEntryPoints,
        context: CallContext,
        onViolation: @escaping @Sendable (CompletionViolation) -> Void
    ) async -> (outcome: RequestOutcome, duration: Duration) {
        let clock = ContinuousClock()
        let started = clock.now
        let timeout = limits.timeout(for: call)
        let requests = self.requests
        var deadline: DeadlineSweeper.Ticket?
        let outcome = await withCheckedContinuation { continuation in
            let token = requests.begin(
                RequestLabel(call: call, onViolation: onViolation),
                maxPayloadBytes: limits.maxPayloadBytes,
                continuation: continuation)
            // Off the caller's thread: a provider may block, and one that completes on a thread
            // the caller is waiting on would otherwise deadlock.
            DispatchQueue.global().async {
                context.withCContext { cContext in
                    provider.function(for: call)(provider.widget, cContext, HostCompletion.pointer, token)
                }
                if call == .placeholder { requests.finish(token, .returnedWithoutCompleting) }
            }
            deadline = DeadlineSweeper.shared.schedule(after: .seconds(timeout)) {
                requests.finish(token, .timedOut)
            }
        }
        if let deadline { DeadlineSweeper.shared.cancel(deadline) }
        return (outcome, clock.now - started)
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
