import WidgetPayload

/// What an edit on the home screen asks of the store, or of the backend's sheets. The editing
/// model never writes the store itself: a backend applies each change (placements, a new or
/// removed instance, a stack) and the reload that follows brings the layout back to every home
/// screen, this one included.
public enum HomeLayoutChange: Sendable, Hashable {
    /// Put each of these instances at its cell: after a drop, every tile on the pages it touched
    /// and every tile that was only flowing into its slot, so the reloaded layout is the one the
    /// person saw before letting go.
    case place([Placement])
    /// Make a stack of the two (same-family) widgets: `dropped` joins `onto`'s slot.
    case stack(dropped: String, onto: String)
    /// A swipe or the wheel on a Smart Stack: show this member of it (what a person swiped to,
    /// as `PUT /v1/home/stacks/{id}` with `shown` records it).
    case showInStack(instance: String)
    case remove(instance: String)
    /// A new instance of `kind` in `family`, placed at the cell (for an accessory family, `column`
    /// orders it in its row).
    case add(kind: String, family: WidgetFamily, page: Int, column: Int, row: Int)
    /// Show the widget gallery sheet.
    case openGallery
    /// Show the Edit Widget sheet of this instance.
    case configure(instance: String)
    /// Edit Widget's Done: the instance's new configuration, saved through the daemon (which
    /// checks it against the kind's schema and reloads the widget), as `/home` saves it.
    case reconfigure(instance: String, configuration: [String: JSONValue])

    /// One instance's cell, as `HomePlacement` records it (the backend adds its output and time).
    public struct Placement: Sendable, Hashable {
        public let instance: String
        public let page: Int
        public let column: Int
        public let row: Int

        public init(instance: String, page: Int, column: Int, row: Int) {
            self.instance = instance
            self.page = page
            self.column = column
            self.row = row
        }
    }
}

/// What a backend does after handing the editor an input.
public enum HomeEditorEffect: Sendable, Hashable {
    /// The editor's state changed (mode, page, focus, drag, menu): draw again.
    case redraw
    /// Apply this through the store (or open the sheet it names); the reload that follows is
    /// handed back with `reload(items:width:height:)`.
    case change(HomeLayoutChange)
    /// Outside edit mode, a tap on a widget: perform its control or open its link, as before.
    case tapWidget(instance: String, at: Point)
    /// Edit Widget opened an entity picker whose choices only the bundle knows: ask for them and
    /// hand them back with `setOptions(_:kind:parameter:matching:)`; `matching` is a searchable
    /// parameter's search text (`?matching=`), nil for every choice.
    case loadOptions(kind: String, parameter: String, matching: String? = nil)
    /// Edit Widget's values changed (or it opened): ask the daemon for the kind's summary sentence
    /// for `configuration` and hand it back with `setSummary(_:kind:)`.
    case summarize(kind: String, configuration: [String: JSONValue])
}
