/// How long the host waits for each call, and how big an answer it accepts.
public struct CallLimits: Sendable, Hashable, Codable {
    /// Seconds to wait for `placeholder`, which should be instant.
    public var placeholderTimeout: Double = 2
    /// Seconds to wait for `snapshot`; WidgetKit expects it quick.
    public var snapshotTimeout: Double = 5
    /// Seconds to wait for `timeline`, which may fetch data.
    public var timelineTimeout: Double = 15
    /// Seconds to wait for an entity parameter's options (`wk_widget_t.entity_options`): a
    /// person is looking at an empty list meanwhile, so as short as the placeholder's.
    public var entityOptionsTimeout: Double = 2
    /// Seconds to wait for an intent's `perform` (`wk_bundle_t.perform`, ABI 1.4): it may write
    /// data or reach a server, as a button's action in WidgetKit may.
    public var performTimeout: Double = 10
    /// The largest payload accepted, in bytes.
    public var maxPayloadBytes: Int = 1 << 20
    /// The most entries a timeline may hold.
    public var maxEntries: Int = 1_000

    public init() {}

    /// The same timeout for every call.
    public init(timeout: Double) {
        placeholderTimeout = timeout
        snapshotTimeout = timeout
        timelineTimeout = timeout
        entityOptionsTimeout = timeout
        performTimeout = timeout
    }

    public func timeout(for call: ProviderCall) -> Double {
        switch call {
        case .placeholder: placeholderTimeout
        case .snapshot: snapshotTimeout
        case .timeline: timelineTimeout
        }
    }
}
