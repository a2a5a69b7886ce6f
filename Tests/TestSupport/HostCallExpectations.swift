import Foundation
import Testing
import WidgetHostCore

extension BundleHost {
    /// Calls `kind`'s provider in its default family, expecting the call to fail, and returns
    /// the failure.
    public func expectFailure(
        of call: ProviderCall,
        kind: String,
        now: Date = Date(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> WidgetCallFailure {
        let widget = try widget(kind: kind)
        let context = CallContext(family: widget.defaultFamily, now: now)
        let error = try await #require(throws: HostCallError.self, sourceLocation: sourceLocation) {
            switch call {
            case .placeholder: _ = try await self.placeholder(for: widget, in: context)
            case .snapshot: _ = try await self.snapshot(for: widget, in: context)
            case .timeline: _ = try await self.timeline(for: widget, in: context)
            }
        }
        guard case .callFailed(let failure) = error else {
            Issue.record("expected a failed \(call.rawValue) call, got \(error)", sourceLocation: sourceLocation)
            throw error
        }
        #expect(failure.kind == kind, sourceLocation: sourceLocation)
        #expect(failure.call == call, sourceLocation: sourceLocation)
        #expect(failure.family == widget.defaultFamily, sourceLocation: sourceLocation)
        return failure
    }
}

extension CallLimits {
    /// For a host whose calls must all answer: the tests' one hang guard (`hangGuard`, in
    /// Waiting.swift) for each, not a speed check, so that a slow, busy machine never turns a slow
    /// answer into a timeout. A test of a timeout sets a short limit of its own for the host whose
    /// call it means to time out.
    public static let hangGuard = CallLimits(timeout: hangGuardSeconds)
}
