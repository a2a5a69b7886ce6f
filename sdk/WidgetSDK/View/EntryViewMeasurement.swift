import WidgetPayload

/// What an entry view becomes on the wire, for benchmarks and tools that measure the SDK
/// (`Benchmarks/`). Not for bundles: the SDK does this for them with each entry.
@_spi(Measurement)
public enum EntryViewMeasurement {
    /// The view evaluated for `family` as the SDK evaluates an entry's view.
    public static func tree<Content: View>(family: WidgetFamily, _ makeView: () -> Content) -> ViewTree {
        ViewEvaluation.tree(family: family, makeView)
    }
}
