import Foundation
import WidgetABI
import WidgetPayload

/// What the host tells a provider about one call (`context.h`).
public struct CallContext: Sendable, Hashable, Codable {
    public var family: WidgetFamily
    public var displayWidth: Double
    public var displayHeight: Double
    public var isPreview: Bool
    /// The clock the provider sees.
    public var now: Date
    /// The instance's configuration, already checked against the kind's schema
    /// (`ConfigurationValidator`); nil for a static kind or a call that keeps every default.
    public var configuration: [String: JSONValue]?

    /// A context with the family's default display size.
    public init(
        family: WidgetFamily, isPreview: Bool = false, now: Date = Date(), configuration: [String: JSONValue]? = nil
    ) {
        self.family = family
        self.configuration = configuration
        (displayWidth, displayHeight) = family.defaultDisplaySize
        self.isPreview = isPreview
        self.now = now
    }

    /// Runs `body` with a C copy of the context, valid only during `body`.
    func withCContext<Result>(_ body: (UnsafePointer<wk_context_t>) -> Result) -> Result {
        // A configuration holds only what JSON can: a non-finite number cannot get past the
        // validator, so writing it cannot fail in practice; nil (the defaults) if it ever did.
        let configurationText = configuration.flatMap { try? JSONWriter.bytes(of: .object($0)) }
            .map { String(decoding: $0, as: UTF8.self) }
        return family.rawValue.withCString { family in
            withOptionalCString(configurationText) { configurationJSON in
                var context = wk_context_t(
                    struct_size: UInt32(MemoryLayout<wk_context_t>.size),
                    family: family,
                    display_width: displayWidth,
                    display_height: displayHeight,
                    is_preview: isPreview,
                    now: now.timeIntervalSince1970,
                    configuration_json: configurationJSON)
                return withUnsafePointer(to: &context, body)
            }
        }
    }

    private func withOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        guard let text else { return body(nil) }
        return text.withCString { body($0) }
    }
}
