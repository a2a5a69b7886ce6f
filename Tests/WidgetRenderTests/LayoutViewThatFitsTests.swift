import Testing
import WidgetPayload
@testable import WidgetRender

/// `ViewThatFits`: the first child whose ideal size fits the offer along its axes, else the last;
/// only the chosen one is drawn. Texts are 5 points a character, 12 tall (LayoutHarness).
@Suite("Layout: ViewThatFits")
struct LayoutViewThatFitsTests {
    private func fits(_ axes: FitAxesName, _ children: ViewNode..., width: Double) -> DisplayList {
        LayoutHarness.layout(ViewNode(.viewThatFits(axes: axes, children: children), modifiers: [.frame(FrameSpec(width: width, height: 40))]))
    }

    @Test("the first that fits across is drawn, and nothing of the others")
    func firstThatFits() {
        // 30 characters is 150 points: it fits in 160, not in 100.
        let long = String(repeating: "a", count: 30)
        let wide = fits(.horizontal, text(long), text("short"), width: 160)
        #expect(wide.frame(ofText: long) != nil)
        #expect(wide.frame(ofText: "short") == nil)
        let narrow = fits(.horizontal, text(long), text("short"), width: 100)
        #expect(narrow.frame(ofText: long) == nil)
        #expect(narrow.frame(ofText: "short") != nil)
    }

    @Test("when none fits, the last is drawn, in the space offered")
    func lastWhenNoneFits() {
        let list = fits(.horizontal, text(String(repeating: "a", count: 40)), text(String(repeating: "b", count: 30)), width: 50)
        #expect(list.texts.contains { $0.string.hasPrefix("bbb") })
        #expect(!list.texts.contains { $0.string.hasPrefix("aaa") })
    }

    @Test("only the checked axes count: a tall child fits across when height is not checked")
    func axes() {
        let tall = ViewNode(.shape(.rectangle, fill: nil, stroke: nil), modifiers: [.frame(FrameSpec(width: 20, height: 90))])
        let across = fits(.horizontal, tall, text("short"), width: 100)
        #expect(across.frame(ofText: "short") == nil)
        let both = fits(.both, tall, text("short"), width: 100)
        #expect(both.frame(ofText: "short") != nil)
    }
}

/// `Grid`: columns as wide as their widest cell, rows as tall as their tallest, a non-row child
/// spanning every column. Texts are 5 points a character, 12 tall (LayoutHarness).
@Suite("Layout: Grid")
struct LayoutGridTests {
    @Test("cells line up in columns, each as wide as its widest cell")
    func columns() {
        let grid = ViewNode(.grid(alignment: .leading, horizontalSpacing: 10, verticalSpacing: 4, rows: [
            ViewNode(.gridRow(alignment: nil, cells: [text("Wind"), text("3 m/s")])),
            ViewNode(.gridRow(alignment: nil, cells: [text("Temperature"), text("12")])),
            text("Updated now"),
        ]))
        let list = LayoutHarness.layout(grid)
        // Column 1: "Temperature", 55 wide; column 2 starts 10 after it.
        let wind = list.frame(ofText: "Wind"), speed = list.frame(ofText: "3 m/s")
        let temperature = list.frame(ofText: "Temperature"), twelve = list.frame(ofText: "12")
        #expect(wind?.minX == temperature?.minX)
        #expect(speed?.minX == twelve?.minX)
        #expect(speed.map { $0.minX - (temperature?.minX ?? 0) } == 65)
        // Rows 12 tall, 4 apart; the spanning view in a third row, at the leading edge.
        #expect(twelve.map { $0.minY - (speed?.minY ?? 0) } == 16)
        #expect(list.frame(ofText: "Updated now")?.minX == wind?.minX)
        #expect(list.frame(ofText: "Updated now").map { $0.minY - (twelve?.minY ?? 0) } == 16)
    }

    @Test("a row's modifiers apply to each of its cells, which stay in their columns")
    func rowModifiers() {
        var header = ViewNode(.gridRow(alignment: nil, cells: [text("Day"), text("Rain")]))
        header.modifiers = [.font(.system(size: 8, weight: nil, design: nil))]
        let grid = ViewNode(.grid(alignment: .leading, horizontalSpacing: 10, verticalSpacing: 4, rows: [
            header,
            ViewNode(.gridRow(alignment: nil, cells: [text("Tuesday"), text("2 mm")])),
        ]))
        let list = LayoutHarness.layout(grid)
        #expect(list.frame(ofText: "Rain")?.minX == list.frame(ofText: "2 mm")?.minX)
        #expect(list.frame(ofText: "Day")?.minX == list.frame(ofText: "Tuesday")?.minX)
        // The row's small font reached the cells: shorter than the body rows.
        #expect(list.frame(ofText: "Day").map { $0.height < (list.frame(ofText: "Tuesday")?.height ?? 0) } == true)
    }

    @Test("columns whose cells grow share the room the grid is offered, as a LazyVGrid's flexible columns")
    func flexibleColumnsShareTheRoom() {
        // Busy's calendar: seven `GridItem(.flexible())` columns fill the widget's width.
        let flexible = ViewModifierNode.frame(FrameSpec(minWidth: 10, maxWidth: .infinity))
        let grid = ViewNode(.grid(alignment: .center, horizontalSpacing: 8, verticalSpacing: 4, rows: [
            ViewNode(.gridRow(alignment: nil, cells: [text("a", flexible), text("b", flexible)])),
            ViewNode(.gridRow(alignment: nil, cells: [text("c", flexible)])),
        ]))
        let list = LayoutHarness.layout(grid)
        // 200 wide less 8 between: two columns of 96, each cell's text centred in its column.
        #expect(list.frame(ofText: "a").map { $0.minX + $0.width / 2 } == 48)
        #expect(list.frame(ofText: "b").map { $0.minX + $0.width / 2 } == 152)
        #expect(list.frame(ofText: "c").map { $0.minX + $0.width / 2 } == 48)
        // A column of fixed cells keeps its width; the flexible one takes the rest.
        let mixed = ViewNode(.grid(alignment: .center, horizontalSpacing: 8, verticalSpacing: 4, rows: [
            ViewNode(.gridRow(alignment: nil, cells: [text("a", .frame(FrameSpec(width: 40))), text("b", flexible)])),
        ]))
        let mixedList = LayoutHarness.layout(mixed)
        #expect(mixedList.frame(ofText: "a").map { $0.minX + $0.width / 2 } == 20)
        #expect(mixedList.frame(ofText: "b").map { $0.minX + $0.width / 2 } == 124)
    }

    @Test("a grid row outside a grid is an HStack")
    func rowAlone() {
        let list = LayoutHarness.layout(ViewNode(.gridRow(alignment: nil, cells: [text("a"), text("b")])))
        #expect(list.frame(ofText: "a")?.minY == list.frame(ofText: "b")?.minY)
        #expect(list.frame(ofText: "a").map { $0.maxX < (list.frame(ofText: "b")?.minX ?? 0) } == true)
    }
}
