import WidgetPayload
/// What a click on an entry's face can open.
extension WidgetEntry {
    /// The entry's `widgetURL` and `Link` destinations; none for an entry without a view (a
    /// content card opens nothing) or with a refused one.
    public var urls: ViewURLs { view?.tree?.urls ?? ViewURLs() }
}
