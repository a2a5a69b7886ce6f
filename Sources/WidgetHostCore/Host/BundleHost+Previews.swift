import WidgetPayload

extension BundleHost {
    /// The `#Preview`s of `kind` in `context.family`, as its bundle makes them now
    /// (`wk_widget_t.previews`, ABI 1.6): for tools (`widgethost preview`, the gallery), as
    /// Xcode's canvas shows them. A bundle older than 1.6, or without `#Preview`, has none.
    /// Nothing is recorded in the registry: previews belong to no timeline.
    public func previews(kind: String, in context: CallContext) async throws(HostCallError) -> [WidgetPreview] {
        let widget = try widget(kind: kind)
        let environment = CallEnvironment(driver: ProviderDriver(limits: limits)) { _ in
            // Never called: a wrong previews completion is logged by the request table, as it
            // belongs to no timeline key.
        }
        let outcome = await widget.provider.previews(kind: kind, context: context, environment: environment)
        do {
            return try ReplyDecoder(limits: limits).previews(from: outcome.payload(limits: limits, timeout: limits.timelineTimeout))
        } catch {
            throw .previewsFailed(PreviewsFailure(kind: kind, family: context.family, bundlePath: widget.bundlePath, error: error))
        }
    }
}

/// A kind's previews could not be had: the call failed or its reply did not read.
public struct PreviewsFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public let kind: String
    public let family: WidgetFamily
    public let bundlePath: String
    public let error: ProviderCallError

    public var description: String {
        "\(kind) previews (\(family.rawValue)) from \(bundlePath): \(error)"
    }
}
