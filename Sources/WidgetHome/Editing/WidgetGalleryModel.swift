import Foundation
import WidgetPayload

/// One kind of widget the gallery offers, as a loaded bundle declares it.
public struct GalleryKind: Sendable, Hashable {
    /// The kind's id, as `WidgetConfiguration(kind:)` names it.
    public let kind: String
    /// `.configurationDisplayName` and `.description`, as the bundle gives them.
    public let displayName: String
    public let description: String
    /// `.supportedFamilies`, in the order the bundle lists them (the previews' order).
    public let families: [WidgetFamily]
    /// The bundle serving it, shown under the name as iOS shows the app.
    public let bundleName: String
    /// A configurable kind's parameters (its intent's), which Edit Widget shows; empty for a
    /// static kind.
    public let parameters: [ConfigurationParameter]
    /// The intent declares a `ParameterSummary`: Edit Widget asks the daemon for its sentence.
    public let hasSummary: Bool

    public init(
        kind: String, displayName: String, description: String, families: [WidgetFamily], bundleName: String,
        parameters: [ConfigurationParameter] = [], hasSummary: Bool = false
    ) {
        self.hasSummary = hasSummary
        self.kind = kind
        self.displayName = displayName
        self.description = description
        self.families = families
        self.bundleName = bundleName
        self.parameters = parameters
    }
}

/// Why a choice in the gallery adds nothing.
public enum GalleryChoiceError: Error, Sendable, Hashable {
    /// The kind is not (or no longer) in the gallery: its bundle went away meanwhile.
    case unknownKind(String)
    case unsupportedFamily(kind: String, family: WidgetFamily)
    /// The family's slot is larger than this output's whole grid.
    case doesNotFit(family: WidgetFamily)
}

/// The widget gallery sheet's data: every kind of every loaded bundle, narrowed by the search
/// field, and the `HomeLayoutChange.add` a choice makes.
public struct WidgetGalleryModel: Sendable, Hashable {
    public let kinds: [GalleryKind]
    /// The search field's text; empty shows every kind.
    public var query = ""

    /// `kinds` as given; they are shown sorted by display name.
    public init(kinds: [GalleryKind]) {
        self.kinds = kinds
    }

    /// The kinds the query matches, by display name as iOS sorts them (case and accents aside,
    /// numbers in order), then by kind for equal names. The query matches the display name, the
    /// description or the kind id, ignoring case and accents: "cafe" finds "Café".
    public var results: [GalleryKind] {
        let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
        let matched = needle.isEmpty ? kinds : kinds.filter { kind in
            [kind.displayName, kind.description, kind.kind].contains { Self.contains($0, needle) }
        }
        return matched.sorted { lhs, rhs in
            switch Self.compare(lhs.displayName, rhs.displayName) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: lhs.kind < rhs.kind
            }
        }
    }

    /// A new instance of `kind` in `family`, at the first free slot of `page` (or the next page
    /// with room, or a new one) of `arrangement`, the home screen shown.
    public func add(kind: String, family: WidgetFamily, onPage page: Int, of arrangement: HomeArrangement) throws(GalleryChoiceError)
        -> HomeLayoutChange
    {
        try check(kind: kind, family: family)
        guard let slot = arrangement.firstFreeSlot(for: family, fromPage: page) else { throw .doesNotFit(family: family) }
        return .add(kind: kind, family: family, page: slot.page, column: slot.column, row: slot.row)
    }

    /// A new instance of `kind` in `family` dropped at `point` on `page`: the slot under the
    /// point, kept inside the grid (a widget already there is displaced, as by a drop, since the
    /// new placement is the newest); off the grid, the first free slot as `add` does.
    public func add(kind: String, family: WidgetFamily, droppedAt point: Point, onPage page: Int, of arrangement: HomeArrangement)
        throws(GalleryChoiceError) -> HomeLayoutChange
    {
        try check(kind: kind, family: family)
        let grid = arrangement.grid
        guard let span = HomeGrid.span(of: family), let cell = grid.cell(at: point) else {
            return try add(kind: kind, family: family, onPage: page, of: arrangement)
        }
        guard span.columns <= grid.columns, span.rows <= grid.rows else { throw .doesNotFit(family: family) }
        return .add(
            kind: kind, family: family, page: max(page, 0),
            column: min(cell.column, grid.columns - span.columns), row: min(cell.row, grid.rows - span.rows))
    }

    private func check(kind: String, family: WidgetFamily) throws(GalleryChoiceError) {
        guard let entry = kinds.first(where: { $0.kind == kind }) else { throw .unknownKind(kind) }
        guard entry.families.contains(family) else { throw .unsupportedFamily(kind: kind, family: family) }
    }

    private static func contains(_ text: String, _ needle: String) -> Bool {
        text.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil) != nil
    }

    private static func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        lhs.compare(rhs, options: [.caseInsensitive, .diacriticInsensitive, .numeric, .widthInsensitive], range: nil, locale: nil)
    }
}
