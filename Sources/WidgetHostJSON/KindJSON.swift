import WidgetHostCore
import WidgetPayload

/// A loaded kind, as `widgethost list --format json` (and `refresh`'s `kinds`) prints it and the
/// server's `GET /v1/kinds` serves it: one shape, so a tool reads either the same way. Every
/// member is present: `parameters` is null for a static kind, as in the API's schema
/// (docs/openapi.yaml), which requires the member.
public struct KindJSON: Encodable, Sendable {
    public let kind: String
    /// The bundle's name, and the file it was loaded from.
    public let bundle: String
    public let bundlePath: String
    public let displayName: String
    public let description: String
    public let families: [String]
    /// A configurable kind's parameters; null for a static kind.
    @ExplicitNull public private(set) var parameters: [ParameterJSON]?
    /// The intent's `parameterSummary` as the schema records it (docs/configuration.md); null
    /// for a static kind or an intent without one.
    @ExplicitNull public private(set) var summary: JSONValue?

    public init(_ widget: WidgetDescriptor) {
        kind = widget.kind
        bundle = widget.bundleName
        bundlePath = widget.bundlePath
        displayName = widget.displayName
        description = widget.description
        families = widget.families.map(\.rawValue)
        parameters = widget.configurationSchema?.parameters.map(ParameterJSON.init)
        summary = widget.configurationSchema?.summary?.jsonValue
    }
}
