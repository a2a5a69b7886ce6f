/// A container for the widgets one bundle exports, as in WidgetKit, and for its controls
/// (`ControlWidget`), each exported as a widget too.
///
///     @main
///     struct SampleWidgets: WidgetBundle {
///         var body: some Widget {
///             CounterWidget()
///             MoviePlannerWidget()
///             DaysLeftControl()
///         }
///     }
///
/// `@main` makes it the bundle's entry (`WidgetBundle.main()`); a bundle may instead write
/// `wk_bundle_entry` itself and call `export(...)`.
public protocol WidgetBundle {
    associatedtype Body: Widget
    init()
    @WidgetBundleBuilder var body: Body { get }
}

/// Builds a bundle's body from the widgets and controls listed in it.
@resultBuilder
public enum WidgetBundleBuilder {
    /// A widget; a Live Activity (a body that is an `ActivityConfiguration`, behind `some
    /// WidgetConfiguration`) is not a kind of the bundle, as it is not one in iOS's widget gallery
    /// (Linux has no Lock Screen or Dynamic Island to show it in).
    public static func buildExpression<W: Widget>(_ widget: W) -> WidgetGroup {
        if widget.body is any _LiveActivityConfiguration { return WidgetGroup() }
        return WidgetGroup(members: [widget])
    }

    /// A control (iOS 18), listed beside the widgets: exported as a widget of its own kind.
    public static func buildExpression<Control: ControlWidget>(_ control: Control) -> WidgetGroup {
        WidgetGroup(members: [ListedControl(control)])
    }

    public static func buildBlock(_ groups: WidgetGroup...) -> WidgetGroup {
        WidgetGroup(members: groups.flatMap(\.members))
    }

    public static func buildOptional(_ group: WidgetGroup?) -> WidgetGroup {
        group ?? WidgetGroup()
    }

    public static func buildEither(first group: WidgetGroup) -> WidgetGroup { group }

    public static func buildEither(second group: WidgetGroup) -> WidgetGroup { group }
}

/// Several widgets (and controls) listed together in a `WidgetBundle`'s body.
public struct WidgetGroup: Widget {
    let members: [any Widget]

    init(members: [any Widget]) {
        self.members = members
    }

    public init() {
        self.members = []
    }

    public var body: EmptyWidgetConfiguration { EmptyWidgetConfiguration() }
}
