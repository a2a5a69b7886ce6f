import Testing
import WidgetHome
import WidgetPayload

/// The widget gallery's data: search without regard to case or accents, iOS's order by name, and
/// where a chosen widget goes on the home screen.
@Suite("Widget gallery")
struct WidgetGalleryModelTests {
    private let gallery = WidgetGalleryModel(kinds: [
        Self.kind("Weather", "Widget 10", "Forecasts for your spots", [.systemSmall, .systemMedium]),
        Self.kind("Cafe", "Café Finder", "Coffee nearby", [.systemSmall]),
        Self.kind("Resume", "résumé", "Your CV at a glance", [.systemLarge]),
        Self.kind("Zebra", "zebra", "Stripes", [.systemSmall, .accessoryCircular]),
        Self.kind("Apples", "Äpfel", "Obst", [.systemSmall]),
        Self.kind("Counter", "Widget 2", "Counts taps with the Ñandú", [.systemSmall]),
    ])

    @Test("The results are sorted by display name, case and accents aside, numbers in order")
    func sortedByName() {
        #expect(gallery.results.map(\.displayName) == ["Äpfel", "Café Finder", "résumé", "Widget 2", "Widget 10", "zebra"])
    }

    @Test("The search matches name, description or kind, ignoring case and accents both ways")
    func searchIgnoresCaseAndAccents() {
        var gallery = gallery
        gallery.query = "cafe"
        #expect(gallery.results.map(\.kind) == ["Cafe"])
        gallery.query = "RÉSUMÉ"
        #expect(gallery.results.map(\.kind) == ["Resume"])
        gallery.query = "nandu"
        #expect(gallery.results.map(\.kind) == ["Counter"])
        gallery.query = "  spots "
        #expect(gallery.results.map(\.kind) == ["Weather"])
        gallery.query = "widget"
        #expect(gallery.results.map(\.kind) == ["Counter", "Weather"])
        gallery.query = "nothing like it"
        #expect(gallery.results.isEmpty)
        gallery.query = ""
        #expect(gallery.results.count == 6)
    }

    @Test("A choice goes to the first free slot of the page shown")
    func addAtFirstFreeSlot() throws {
        let arrangement = HomeArrangement(items: [placed("a", 0, 0), placed("b", 0, 2)], width: 1280, height: 720)
        #expect(try gallery.add(kind: "Weather", family: .systemMedium, onPage: 0, of: arrangement)
            == .add(kind: "Weather", family: .systemMedium, page: 0, column: 4, row: 0))
        // On a page with nothing yet, its first cell.
        #expect(try gallery.add(kind: "Cafe", family: .systemSmall, onPage: 1, of: arrangement)
            == .add(kind: "Cafe", family: .systemSmall, page: 1, column: 0, row: 0))
        // An accessory goes at the end of its row.
        #expect(try gallery.add(kind: "Zebra", family: .accessoryCircular, onPage: 0, of: arrangement)
            == .add(kind: "Zebra", family: .accessoryCircular, page: 0, column: 0, row: 0))
    }

    @Test("When the page is full, a new page")
    func fullPageOpensANewOne() throws {
        // 400 × 500 points: 3 × 4 cells, two small widgets a page.
        let arrangement = HomeArrangement(items: [placed("a", 0, 0), placed("b", 0, 0, row: 2)], width: 400, height: 500)
        #expect(arrangement.pageCount == 1)
        #expect(try gallery.add(kind: "Cafe", family: .systemSmall, onPage: 0, of: arrangement)
            == .add(kind: "Cafe", family: .systemSmall, page: 1, column: 0, row: 0))
    }

    @Test("Dropped on the home screen, the widget goes to the cell under the point, kept inside the grid")
    func addWhereDropped() throws {
        let arrangement = HomeArrangement(items: [placed("a", 0, 0)], width: 1280, height: 720)
        let cell = arrangement.grid.slotFrame(column: 5, row: 1, span: (1, 1))
        #expect(try gallery.add(kind: "Cafe", family: .systemSmall, droppedAt: Point(x: cell.minX + 5, y: cell.minY + 5), onPage: 2, of: arrangement)
            == .add(kind: "Cafe", family: .systemSmall, page: 2, column: 5, row: 1))
        let corner = arrangement.grid.slotFrame(column: 11, row: 5, span: (1, 1))
        #expect(try gallery.add(kind: "Weather", family: .systemMedium, droppedAt: Point(x: corner.minX + 5, y: corner.minY + 5), onPage: 0, of: arrangement)
            == .add(kind: "Weather", family: .systemMedium, page: 0, column: 8, row: 4))
        // Off the grid: the first free slot.
        #expect(try gallery.add(kind: "Cafe", family: .systemSmall, droppedAt: Point(x: 1, y: 1), onPage: 0, of: arrangement)
            == .add(kind: "Cafe", family: .systemSmall, page: 0, column: 2, row: 0))
    }

    @Test("A family the kind does not support, a kind gone, or a widget larger than the grid is an error")
    func badChoices() {
        let arrangement = HomeArrangement(items: [], width: 300, height: 400)
        #expect(throws: GalleryChoiceError.unsupportedFamily(kind: "Cafe", family: .systemLarge)) {
            try gallery.add(kind: "Cafe", family: .systemLarge, onPage: 0, of: arrangement)
        }
        #expect(throws: GalleryChoiceError.unknownKind("Gone")) {
            try gallery.add(kind: "Gone", family: .systemSmall, onPage: 0, of: arrangement)
        }
        #expect(throws: GalleryChoiceError.doesNotFit(family: .systemLarge)) {
            try gallery.add(kind: "Resume", family: .systemLarge, onPage: 0, of: arrangement)
        }
    }

    private static func kind(_ kind: String, _ name: String, _ description: String, _ families: [WidgetFamily]) -> GalleryKind {
        GalleryKind(kind: kind, displayName: name, description: description, families: families, bundleName: "\(kind)Widget")
    }

    private func placed(_ id: String, _ page: Int, _ column: Int, row: Int = 0) -> HomeItem {
        HomeItem(id: id, family: .systemSmall, placement: .init(page: page, column: column, row: row))
    }
}
