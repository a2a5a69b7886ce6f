import Foundation
import Testing
import WidgetDesktop
import WidgetPayload
import WidgetRender
import WidgetStore
import WidgetStoreModel

/// The desktop's parts that need no display: the portal's appearance, taps, and drawing a widget
/// into a buffer the way a backend does.
@Suite("Desktop home screen parts")
struct DesktopPartsTests {
    @Test("The portal's color-scheme reads from gdbus's call answer and monitor lines")
    func portalAppearance() {
        #expect(DesktopAppearance.portalValue(in: "(<<uint32 1>>,)\n") == 1)
        #expect(DesktopAppearance.portalValue(in: "(<uint32 2>,)") == 2)
        let changed = "/org/freedesktop/portal/desktop: org.freedesktop.portal.Settings.SettingChanged ('org.freedesktop.appearance', 'color-scheme', <uint32 1>)"
        #expect(DesktopAppearance.portalValue(in: changed) == 1)
        let other = "/org/freedesktop/portal/desktop: org.freedesktop.portal.Settings.SettingChanged ('org.gnome.desktop.interface', 'font-size', <uint32 11>)"
        #expect(DesktopAppearance.portalValue(in: other) == nil)
        #expect(DesktopAppearance.scheme(portalValue: 1) == .dark)
        #expect(DesktopAppearance.scheme(portalValue: 2) == .light)
        #expect(DesktopAppearance.scheme(portalValue: 0) == .light)
    }

    @Test("A tap performs the topmost control under it, else opens the link, else the widget URL")
    func taps() {
        var list = DisplayList(size: Size(width: 170, height: 170), commands: [])
        list.links = [
            LinkRegion(url: "widget://whole", frame: Rect(x: 0, y: 0, width: 170, height: 170), isWidgetURL: true),
            LinkRegion(url: "widget://corner", frame: Rect(x: 0, y: 0, width: 40, height: 40), isWidgetURL: false),
        ]
        list.controls = [ControlRegion(
            control: .button, action: ControlAction(intent: "Increment", parameters: ["by": .integer(1)]),
            frame: Rect(x: 60, y: 100, width: 50, height: 30))]
        #expect(TileTap(at: Point(x: 70, y: 110), in: list) == .perform(ControlAction(intent: "Increment", parameters: ["by": .integer(1)])))
        #expect(TileTap(at: Point(x: 10, y: 10), in: list) == .open("widget://corner"))
        #expect(TileTap(at: Point(x: 150, y: 20), in: list) == .open("widget://whole"))
        list.links = []
        #expect(TileTap(at: Point(x: 150, y: 20), in: list) == nil)
    }

    @Test("A widget with no entry yet is drawn as its kind's card, into the caller's pixels at the scale asked")
    func drawsIntoABuffer() throws {
        let location = StoreLocation(directory: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("desktop-\(UUID())"))
        let renderer = TileRenderer(store: LazySharedStore(location: location))
        let instance = WidgetInstance(
            id: WidgetInstanceID(rawValue: "w1"), kind: "CounterWidget", family: .systemSmall, configuration: [:], createdAt: Date(), updatedAt: Date())
        let (width, height) = (340, 340)
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 16)
        defer { pixels.deallocate() }
        // Alpha 1 under full colour: no premultiplied pixel Cairo draws can be this.
        let garbage: UInt32 = 0x01FF_FFFF
        pixels.initializeMemory(as: UInt32.self, repeating: garbage, count: width * height)
        let list = renderer.draw(
            HomeScreen.Widget(instance: instance), appearance: .light, now: Date(), scale: 2,
            into: pixels, width: width, height: height, stride: width * 4)
        #expect(list.size == Size(width: 170, height: 170))
        let words = pixels.bindMemory(to: UInt32.self, capacity: width * height)
        // Cleared first (none of the garbage left), and something drawn in the middle.
        #expect((0..<(width * height)).allSatisfy { words[$0] != garbage })
        #expect(words[170 * width + 170] != 0)
    }
}
