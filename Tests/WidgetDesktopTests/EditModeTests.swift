import CPangoCairo
import Foundation
import Testing
@testable import WidgetDesktop
import WidgetHome
import WidgetPayload
import WidgetStore
import WidgetStoreModel

/// Edit mode on the desktop, without a display: the editor's changes written to a store of its
/// own, a drag fed through a session with the events' times, and the chrome drawn where the
/// editor hit-tests it.
@Suite("Desktop edit mode")
struct EditModeTests {
    /// A store in a folder of its own, removed when `body` ends.
    private func withStore(_ body: (SharedStore, StoreLocation) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edit-mode-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = StoreLocation(directory: folder)
        try body(try SharedStore.open(location), location)
    }

    @Test("The keyboard coming or going draws an open sheet again (its focused field's caret or hint), and nothing without one")
    func keyboardRedrawsAnOpenSheet() throws {
        try withStore { _, location in
            let screen = HomeScreen(storeLocation: location)
            let sheets = SheetRenderer(tiles: TileRenderer(store: LazySharedStore(location: location)))
            let session = HomeEditSession(screen: screen, output: nil, placingFor: nil, width: 1280, height: 720, note: { _ in })
            screen.setHasKeyboard(false)
            var changes = screen.takeChanges()
            #expect(changes.keyboard && !screen.hasKeyboard)
            #expect(!session.sheetNeedsRedraw(after: changes, sheets: sheets), "no sheet is open")
            session.perform([.change(.openGallery)])
            screen.setHasKeyboard(true)
            changes = screen.takeChanges()
            #expect(changes.keyboard && screen.hasKeyboard)
            #expect(session.sheetNeedsRedraw(after: changes, sheets: sheets))
        }
    }

    @Test("A drop's placements, a stack and a removal are written to the store; sheets are left to the backend")
    func changesReachTheStore() throws {
        try withStore { store, _ in
            let first = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])
            let second = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])

            let place = HomeLayoutChange.place([.init(instance: first.id.rawValue, page: 1, column: 4, row: 2)])
            #expect(try place.apply(to: store, output: nil) == .applied)
            let placement = try #require(try store.homePlacements().first { $0.instance == first.id })
            #expect(placement.page == 1 && placement.column == 4 && placement.row == 2)
            #expect(placement.output == nil)

            try HomeLayoutChange.stack(dropped: second.id.rawValue, onto: first.id.rawValue).apply(to: store, output: nil)
            #expect(try store.homeStacks().first.map { Set($0.members) } == [first.id, second.id])

            try HomeLayoutChange.remove(instance: second.id.rawValue).apply(to: store, output: nil)
            #expect(try store.instances().map(\.id) == [first.id])

            #expect(try HomeLayoutChange.openGallery.apply(to: store, output: nil) == .needsSheet(.openGallery))
        }
    }

    @Test("A change about an instance that is gone throws, naming the change")
    func goneInstance() throws {
        try withStore { store, _ in
            let change = HomeLayoutChange.place([.init(instance: "missing", page: 0, column: 0, row: 0)])
            #expect(throws: HomeEditError.self) { try change.apply(to: store, output: nil) }
        }
    }

    @Test("A kind chosen in a gallery opened before its bundle was removed is not added, and the error says why")
    func removedBundleIsNotAdded() throws {
        try withStore { store, location in
            let gone = location.directory.appendingPathComponent("libGone.so").path
            try store.recordCatalog(BundleCatalog(kinds: ["GoneWidget": .init(bundleName: "Gone", bundlePath: gone)]))
            let change = HomeLayoutChange.add(kind: "GoneWidget", family: .systemSmall, page: 0, column: 0, row: 0)
            let error = try #require(throws: HomeEditError.self) { try change.apply(to: store, output: nil) }
            #expect(error.isBundleRemoved)
            #expect(error.description.contains(gone) && error.description.contains("Nothing was added"))
            #expect(try store.instances().isEmpty)
            // Its file back, the same choice adds it.
            FileManager.default.createFile(atPath: gone, contents: Data())
            #expect(try change.apply(to: store, output: nil) == .applied)
            #expect(try store.instances().map(\.kind) == ["GoneWidget"])
        }
    }

    @Test("A move or a stack made on a layout changed since (another home screen's edit) writes nothing, and says so")
    func staleEditsAreRefused() throws {
        try withStore { store, _ in
            let first = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])
            let second = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])
            let read = try store.homeLayoutRevision()
            // Another screen places the first widget meanwhile.
            try store.place(first.id, output: nil, page: 0, column: 2, row: 0)
            let placements = try store.homePlacements()

            for change in [HomeLayoutChange.place([.init(instance: first.id.rawValue, page: 1, column: 4, row: 2)]),
                           .stack(dropped: second.id.rawValue, onto: first.id.rawValue)] {
                let error = try #require(throws: HomeEditError.self) { try change.apply(to: store, output: nil, madeAt: read) }
                #expect(error.isLayoutChanged, "\(error)")
                #expect(error.description.contains("nothing was moved"), "\(error)")
            }
            #expect(try store.homePlacements() == placements)
            #expect(try store.homeStacks().isEmpty)
            // Made on the layout as it is now, the same move is written.
            let place = HomeLayoutChange.place([.init(instance: first.id.rawValue, page: 1, column: 4, row: 2)])
            #expect(try place.apply(to: store, output: nil, madeAt: try store.homeLayoutRevision()) == .applied)
        }
    }

    @Test("A drop on a layout another screen changed since is noted, not written, and the editor goes back to what the store holds")
    func staleDropThroughASession() throws {
        try withStore { store, location in
            let counter = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])
            let screen = HomeScreen(storeLocation: location)
            screen.setLayout(instances: [counter], placements: [], bundlePaths: [:], revision: try store.homeLayoutRevision())
            let notes = NoteList()
            let session = HomeEditSession(screen: screen, output: nil, placingFor: nil, width: 1280, height: 720, note: notes.add)
            let tile = try #require(session.editor.shown.tiles.first)
            // Another screen adds a widget; this one has not read the layout again yet.
            _ = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])

            let start = Point(x: tile.frame.minX + 20, y: tile.frame.minY + 20)
            session.input { $0.press(at: Point(x: 900, y: 500), time: 10) }
            session.input { $0.tick(now: 10.5) }
            session.input { $0.release(at: Point(x: 900, y: 500), time: 10.6) }
            let across = 4 * (HomeGrid.cellWidth + HomeGrid.columnGap)
            session.input { $0.press(at: start, time: 11) }
            for step in 1...4 { session.input { $0.move(to: Point(x: start.x + across * Double(step) / 4, y: start.y), time: 11 + Double(step) / 10) } }
            session.input { $0.release(at: Point(x: start.x + across, y: start.y), time: 11.5) }

            #expect(try store.homePlacements().isEmpty, "the stale drop writes nothing")
            #expect(notes.lines.contains { $0.contains("nothing was moved") }, "\(notes.lines)")
            #expect(session.editor.shown.tiles.first?.column == tile.column, "the editor shows the layout as read, not the refused move")
        }
    }

    @Test("A kind chosen in the gallery after its bundle was removed: nothing is added, and the gallery comes back with the bundle's kinds marked")
    func removedBundleIsShownInTheGallery() throws {
        try withStore { store, location in
            let gone = location.directory.appendingPathComponent("libGone.so").path
            let other = location.directory.appendingPathComponent("libOther.so").path
            try store.recordCatalog(BundleCatalog(kinds: [
                "GoneWidget": .init(bundleName: "Gone", bundlePath: gone), "GoneToo": .init(bundleName: "Gone", bundlePath: gone),
                "OtherWidget": .init(bundleName: "Other", bundlePath: other),
            ]))
            let screen = HomeScreen(storeLocation: location)
            screen.setLayout(instances: [], placements: [], bundlePaths: [:])
            screen.setKinds([GalleryKind(kind: "GoneWidget", displayName: "Gone", description: "Was here", families: [.systemSmall], bundleName: "Gone")])
            let notes = NoteList()
            let session = HomeEditSession(screen: screen, output: nil, placingFor: nil, width: 1280, height: 720, note: notes.add)
            session.perform([.change(.openGallery)])
            // Tab from the search field to the kind's family, Enter chooses it.
            session.key(.tab)
            session.key(.enter)
            #expect(try store.instances().isEmpty, "nothing is added")
            #expect(notes.lines.contains { $0.contains(gone) && $0.contains("Nothing was added") }, "\(notes.lines)")
            guard case .gallery(let reopened)? = session.editor.sheet else { Issue.record("the gallery did not come back"); return }
            #expect(reopened.removedKinds == ["GoneWidget", "GoneToo"], "every kind of the removed bundle, no other")
            // Chosen again (the focus is still on it), it is not offered: nothing is written.
            #expect(reopened.focus == .family(kind: "GoneWidget", family: .systemSmall))
            session.key(.enter)
            #expect(try store.instances().isEmpty)
            #expect(notes.lines.count == 1, "\(notes.lines)")
            let drawn = SheetViews.tree(for: try #require(session.editor.sheet))
            #expect("\(drawn)".contains("No longer available"))
        }
    }

    @Test("A long press, then a drag in edit mode, moves the widget in the store; times are the events'")
    func dragThroughASession() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edit-mode-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = StoreLocation(directory: folder)
        let store = try SharedStore.open(location)
        let counter = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])
        let screen = HomeScreen(storeLocation: location)
        screen.setLayout(instances: [counter], placements: [], bundlePaths: [:])
        let notes = NoteList()
        let session = HomeEditSession(screen: screen, output: nil, placingFor: nil, width: 1280, height: 720, note: notes.add)
        let tile = try #require(session.editor.shown.tiles.first)
        // A long press on empty space: the deadline comes from the press's own time.
        let empty = Point(x: 900, y: 500)
        session.input { $0.press(at: empty, time: 10) }
        #expect(session.editor.nextDeadline == 10.5)
        let ticked = session.input { $0.tick(now: 10.5) }
        #expect(ticked.redraw)
        #expect(session.editor.isEditing)
        session.input { $0.release(at: empty, time: 10.6) }
        #expect(session.editor.nextDeadline == nil)

        // In edit mode a press on the widget that moves drags it 4 columns right, 2 rows down.
        let start = Point(x: tile.frame.minX + 20, y: tile.frame.minY + 20)
        let across = 4 * (HomeGrid.cellWidth + HomeGrid.columnGap), down = 2 * (HomeGrid.cellHeight + HomeGrid.rowGap)
        session.input { $0.press(at: start, time: 11) }
        for step in 1...4 {
            let point = Point(x: start.x + across * Double(step) / 4, y: start.y + down * Double(step) / 4)
            session.input { $0.move(to: point, time: 11 + Double(step) / 10) }
        }
        #expect(session.editor.drag?.instance == counter.id.rawValue)
        let end = Point(x: start.x + across, y: start.y + down)
        session.input { $0.release(at: end, time: 11.5) }
        let placement = try #require(try store.homePlacements().first { $0.instance == counter.id })
        #expect(placement.column == tile.column! + 4 && placement.row == tile.row! + 2)
        #expect(notes.lines.isEmpty)
        // Escape leaves edit mode.
        let escaped = session.key(.escape)
        #expect(escaped.redraw)
        #expect(!session.editor.isEditing)
    }

    @Test("Outside edit mode a click is the widget's tap; a drag dropped outside the grid changes nothing in the store")
    func tapsAndDropsOutside() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edit-mode-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = StoreLocation(directory: folder)
        let store = try SharedStore.open(location)
        let counter = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])
        let screen = HomeScreen(storeLocation: location)
        screen.setLayout(instances: [counter], placements: [], bundlePaths: [:])
        let session = HomeEditSession(screen: screen, output: nil, placingFor: nil, width: 1280, height: 720, note: NoteList().add)
        let tile = try #require(session.editor.shown.tiles.first)
        let inside = Point(x: tile.frame.minX + 30, y: tile.frame.minY + 30)
        session.input { $0.press(at: inside, time: 1) }
        let tapped = session.input { $0.release(at: inside, time: 1.1) }
        #expect(tapped.taps == [HomeEditSession.Response.Tap(instance: counter.id.rawValue, point: inside)])
        #expect(!session.editor.isEditing)

        // Held on the widget: its menu; moving on picks it up; let go below the grid: put back.
        session.input { $0.press(at: inside, time: 2) }
        session.input { $0.tick(now: 2.5) }
        #expect(session.editor.menu?.instance == counter.id.rawValue)
        let below = Point(x: inside.x, y: 715)
        session.input { $0.move(to: Point(x: inside.x, y: 400), time: 2.6) }
        session.input { $0.move(to: below, time: 2.7) }
        #expect(session.editor.drag?.target == .outside)
        session.input { $0.release(at: below, time: 2.8) }
        #expect(session.editor.drag == nil)
        #expect(try store.homePlacements().isEmpty)
        #expect(session.editor.nextDeadline == nil)
    }

    @Test("The chrome renderer draws a grey badge with a white minus where the chrome says, and the buttons")
    func badgePixels() throws {
        let grid = HomeArrangement(items: [HomeItem(id: "w", family: .systemSmall, placement: .init(page: 0, column: 2, row: 1))], width: 640, height: 480)
        let chrome = HomeEditChrome(arrangement: grid, page: 0)
        let badge = try #require(chrome.badges.first).frame
        let scale = 2.0
        let (width, height) = (1280, 960)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        EditChromeRenderer(appearance: .light).drawChrome(chrome, on: cairo, scale: scale)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        func pixel(_ point: Point) -> UInt32 {
            let x = Int(point.x * scale), y = Int(point.y * scale)
            return data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        }
        let centre = Point(x: badge.minX + badge.width / 2, y: badge.minY + badge.height / 2)
        // ARGB32: opaque grey (0x8F = 0.56) below the minus, opaque white on it, nothing outside.
        #expect(pixel(Point(x: centre.x, y: centre.y + 6)) == 0xFF8F_8F8F)
        #expect(pixel(centre) == 0xFFFF_FFFF)
        #expect(pixel(Point(x: badge.minX + badge.width + 40, y: centre.y - 20)) == 0)
        // The `+` button and Done are drawn (white, nearly opaque), at their rects.
        #expect(pixel(Point(x: chrome.add.minX + 4, y: chrome.add.minY + chrome.add.height / 2)) >> 24 > 0xD0)
        #expect(pixel(Point(x: chrome.done.minX + 6, y: chrome.done.minY + chrome.done.height / 2)) >> 24 > 0xD0)
    }
}

/// The session's notes, kept for the expectations.
private final class NoteList {
    private(set) var lines: [String] = []

    func add(_ line: String) { lines.append(line) }
}
