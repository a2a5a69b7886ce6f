import Foundation
import WidgetABI

/// What the host tells a provider about one call (`context.h`).
public struct CallContext: Sendable, Hashable {
    public var family: WidgetFamily
    public var displayWidth: Double
    public var displayHeight: Double
    public var isPreview: Bool
    /// The clock the provider sees.
    public var now: Date

    /// A context with the family's default display size.
    public init(family: WidgetFamily, isPreview: Bool = false, now: Date = Date()) {
        self.family = family
        (displayWidth, displayHeight) = family.defaultDisplaySize
        self.isPreview = isPreview
        self.now = now
    }

    /// Runs `body` with a C copy of the context, valid only during `body`.
    func withCContext<Result>(_ body: (UnsafePointer<wk_context_t>) -> Result) -> Result {
        family.rawValue.withCString { family in
            var context = wk_context_t(
                struct_size: UInt32(MemoryLayout<wk_context_t>.size),
                family: family,
                display_width: displayWidth,
                display_height: displayHeight,
                is_preview: isPreview,
                now: now.timeIntervalSince1970)
            return withUnsafePointer(to: &context, body)
        }
    }
}
