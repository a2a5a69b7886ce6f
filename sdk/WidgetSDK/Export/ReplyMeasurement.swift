import WidgetPayload

/// The bytes a widget's timeline reply becomes, for benchmarks that measure the SDK's share of
/// a call (`Benchmarks/`): the floor of a host call is this encoding plus the host's decoding.
/// Not for bundles: the SDK does this for them on every call.
@_spi(Measurement)
public enum ReplyMeasurement {
    /// The JSON reply the exported widget hands the host for `timeline`, each entry's view
    /// evaluated in `family`, exactly as a `timeline` call makes it.
    public static func timelineReply<Provider: TimelineProvider, Content: View>(
        _ timeline: Timeline<Provider.Entry>, of configuration: StaticConfiguration<Provider, Content>, family: WidgetFamily
    ) -> [UInt8] {
        EntryEncoding.json(EntryEncoding.reply(for: timeline, view: configuration.entryView(for: family)))
    }
}
