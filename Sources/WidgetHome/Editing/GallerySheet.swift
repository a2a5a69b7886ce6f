import WidgetPayload

/// The widget gallery as a sheet: `WidgetGalleryModel`'s kinds under a search field the keyboard
/// types into, each with a preview per family; choosing one adds the kind at the first free slot
/// of the page the sheet was opened on. The list shows `visibleKinds` rows from `firstShown`,
/// moved along so the focused row is always one of them.
public struct GallerySheet: Sendable, Hashable {
    public var model: WidgetGalleryModel
    /// The page shown when the sheet opened: a choice goes to its first free slot.
    public let page: Int
    /// The search field has the focus when the sheet opens, so typing searches at once.
    public var focus: SheetTarget? = .search
    /// The first result row drawn, and how many rows the sheet's height holds.
    public internal(set) var firstShown = 0
    public var visibleKinds: Int
    /// Kinds whose bundle was removed while the sheet was open (a choice of one added nothing):
    /// drawn as no longer available, as `/home`'s gallery marks them, and not offered again.
    public var removedKinds: Set<String> = []

    /// Each kind's row: its name and description, then its previews this tall.
    public static let previewHeight = 90.0
    public static let rowHeight = 196.0
    /// The title, the search field and the space under them, and the line under the rows
    /// saying how many more there are.
    public static let headerHeight = 150.0

    public init(kinds: [GalleryKind], page: Int, sheetHeight: Double) {
        model = WidgetGalleryModel(kinds: kinds)
        self.page = page
        visibleKinds = max(1, Int((sheetHeight - Self.headerHeight) / Self.rowHeight))
    }

    /// The rows drawn: the results from `firstShown`, as many as fit.
    public var shownResults: ArraySlice<GalleryKind> {
        let results = model.results
        let start = min(firstShown, results.count)
        return results[start..<min(start + visibleKinds, results.count)]
    }

    /// Search, every family of every result in the order drawn, then the close button. Rows
    /// scrolled out of the sheet are still in the order: Tab scrolls them in.
    public var focusOrder: [SheetTarget] {
        [.search] + model.results.flatMap { kind in kind.families.map { SheetTarget.family(kind: kind.kind, family: $0) } } + [.close]
    }

    public mutating func moveFocus(by delta: Int) {
        focus = stepFocus(focus, by: delta, in: focusOrder)
        scrollToFocus()
    }

    /// Left and right walk the families; up and down go a row (kind) that way, to the family in
    /// the same place or the row's last, and up from the first row to the search field.
    public mutating func moveFocus(toward direction: HomeKey.Direction) {
        switch direction {
        case .left: moveFocus(by: -1)
        case .right: moveFocus(by: 1)
        case .up, .down:
            let results = model.results
            let delta = direction == .down ? 1 : -1
            guard case .family(let kind, let family)? = focus, let row = results.firstIndex(where: { $0.kind == kind }) else {
                // From the search field down to the first row; from close up to the last.
                if focus == .search, delta > 0, let first = results.first?.families.first {
                    focus = .family(kind: results[0].kind, family: first)
                } else if focus == .close, delta < 0, let last = results.last, let family = last.families.first {
                    focus = .family(kind: last.kind, family: family)
                } else {
                    focus = delta > 0 ? .close : .search
                }
                scrollToFocus()
                return
            }
            let target = row + delta
            guard results.indices.contains(target) else {
                focus = delta > 0 ? .close : .search
                scrollToFocus()
                return
            }
            let column = results[row].families.firstIndex(of: family) ?? 0
            let families = results[target].families
            guard !families.isEmpty else { return }
            focus = .family(kind: results[target].kind, family: families[min(column, families.count - 1)])
            scrollToFocus()
        }
    }

    /// Typing goes to the search field, which takes the focus; the list starts again at the top.
    public mutating func type(_ text: String) {
        model.query += text
        focus = .search
        firstShown = 0
    }

    /// Backspace in the search field.
    public mutating func deleteBackward() {
        guard !model.query.isEmpty else { return }
        model.query.removeLast()
        focus = .search
        firstShown = 0
    }

    /// The change choosing `kind` in `family` makes: a new instance at the first free slot of
    /// the sheet's page (or the next with room) of `arrangement`.
    public func choose(kind: String, family: WidgetFamily, in arrangement: HomeArrangement) throws(GalleryChoiceError) -> HomeLayoutChange {
        guard !removedKinds.contains(kind) else { throw .unknownKind(kind) }
        return try model.add(kind: kind, family: family, onPage: page, of: arrangement)
    }

    /// The wheel: the rows shown move `delta` rows on, within the results; false at an end.
    public mutating func scroll(by delta: Int) -> Bool {
        let target = min(max(firstShown + delta, 0), max(model.results.count - visibleKinds, 0))
        guard target != firstShown else { return false }
        firstShown = target
        return true
    }

    /// Moves the window of rows so the focused row is in it.
    mutating func scrollToFocus() {
        guard case .family(let kind, _)? = focus, let row = model.results.firstIndex(where: { $0.kind == kind }) else {
            if focus == .search { firstShown = 0 }
            return
        }
        if row < firstShown { firstShown = row }
        if row >= firstShown + visibleKinds { firstShown = row - visibleKinds + 1 }
    }
}
