/// What the keyboard's focus is on, drawn as a ring by the backends.
public enum HomeFocus: Sendable, Hashable {
    case tile(String)
    /// The edit mode's `+` and Done buttons.
    case add
    case done
}

/// The keys the home screen answers; a backend maps its keysyms to these.
public enum HomeKey: Sendable, Hashable {
    case tab
    /// Shift-Tab.
    case backTab
    case arrow(Direction)
    /// An arrow with a modifier (Alt, say): moves the focused widget a slot that way in edit mode.
    case move(Direction)
    case enter
    case escape
    /// Delete or Backspace: removes the focused widget in edit mode.
    case delete
    /// The Menu key, or Shift-F10: the context menu of the focused widget or of the home screen.
    case menu
    case pageUp
    case pageDown

    public enum Direction: Sendable, Hashable {
        case left, right, up, down
    }

    /// The key an X keysym (X11's, or xkbcommon's on Wayland: they are one numbering) stands
    /// for with Shift or Alt held; nil for keys the home screen does not use.
    public init?(keysym: UInt32, shift: Bool, alt: Bool) {
        func arrow(_ direction: Direction) -> HomeKey { alt ? .move(direction) : .arrow(direction) }
        switch keysym {
        case 0xFF09: self = shift ? .backTab : .tab  // Tab
        case 0xFE20: self = .backTab  // ISO_Left_Tab: what Shift-Tab sends on most layouts
        case 0xFF51: self = arrow(.left)
        case 0xFF52: self = arrow(.up)
        case 0xFF53: self = arrow(.right)
        case 0xFF54: self = arrow(.down)
        case 0xFF0D, 0xFF8D, 0x0020: self = .enter  // Return, KP_Enter, space
        case 0xFF1B: self = .escape
        case 0xFFFF, 0xFF08: self = .delete  // Delete, BackSpace
        case 0xFF67: self = .menu
        case 0xFFC7 where shift: self = .menu  // Shift-F10
        case 0xFF55: self = .pageUp
        case 0xFF56: self = .pageDown
        default: return nil
        }
    }
}

extension HomeEditor {
    /// The order Tab follows: the page's widgets as they are drawn (the accessory row, then the
    /// grid across then down), then in edit mode `+` and Done.
    public var focusOrder: [HomeFocus] {
        shown.tiles(onPage: page).filter { $0.id != drag?.instance }.map { .tile($0.id) } + (isEditing ? [.add, .done] : [])
    }

    /// Handles a key: focus moves, Enter activates, Escape backs out (the menu, then edit mode).
    public mutating func key(_ key: HomeKey) -> HomeEditorEffect? {
        if sheet != nil { return sheetKey(key) }
        if menu != nil { return menuKey(key) }
        switch key {
        case .tab: return moveFocus(by: 1)
        case .backTab: return moveFocus(by: -1)
        case .arrow(let direction): return moveFocus(toward: direction)
        case .move(let direction): return moveFocusedTile(toward: direction)
        case .pageUp: return turnPage(by: -1) ? .redraw : nil
        case .pageDown: return turnPage(by: 1) ? .redraw : nil
        case .enter: return activateFocus()
        case .menu:
            // At the focused widget's middle; with nothing focused, the home screen's own menu.
            guard case .tile(let instance)? = focus, let frame = focusedFrame else { return openMenu(at: shown.grid.origin, about: nil) }
            return openMenu(at: frame.centre, about: instance)
        case .delete:
            guard isEditing, case .tile(let instance)? = focus else { return nil }
            return confirmRemoval(of: instance)
        case .escape:
            if drag != nil {
                drag = nil
                page = min(page, arrangement.pageCount - 1)
                recognizer = HomeGestureRecognizer(isEditing: isEditing)
                return .redraw
            }
            if isEditing {
                exitEditing()
                return .redraw
            }
            guard focus != nil else { return nil }
            focus = nil
            return .redraw
        }
    }

    /// The focused tile's or button's frame, for its ring and for where its menu opens.
    public var focusedFrame: Rect? {
        switch focus {
        case .tile(let instance)?: shown.tiles(onPage: page).first { $0.id == instance }?.frame
        case .add?: chrome?.add
        case .done?: chrome?.done
        case nil: nil
        }
    }

    private mutating func moveFocus(by delta: Int) -> HomeEditorEffect? {
        let order = focusOrder
        guard !order.isEmpty else { return nil }
        if let current = focus, let index = order.firstIndex(of: current) {
            focus = order[((index + delta) % order.count + order.count) % order.count]
        } else {
            focus = delta > 0 ? order.first : order.last
        }
        return .redraw
    }

    /// The nearest focusable thing whose centre lies that way, the straight line preferred.
    private mutating func moveFocus(toward direction: HomeKey.Direction) -> HomeEditorEffect? {
        guard let from = focusedFrame else { return moveFocus(by: 1) }
        let start = from.centre
        var best: (focus: HomeFocus, score: Double)?
        for candidate in focusOrder where candidate != focus {
            guard let frame = frame(of: candidate) else { continue }
            let dx = frame.centre.x - start.x, dy = frame.centre.y - start.y
            let (along, across): (Double, Double) =
                switch direction {
                case .left: (-dx, dy)
                case .right: (dx, dy)
                case .up: (-dy, dx)
                case .down: (dy, dx)
                }
            guard along > 0 else { continue }
            let score = along + 2 * abs(across)
            if best.map({ score < $0.score }) ?? true { best = (candidate, score) }
        }
        guard let best else { return nil }
        focus = best.focus
        return .redraw
    }

    private func frame(of candidate: HomeFocus) -> Rect? {
        switch candidate {
        case .tile(let instance): shown.tiles(onPage: page).first { $0.id == instance }?.frame
        case .add: chrome?.add
        case .done: chrome?.done
        }
    }

    private mutating func activateFocus() -> HomeEditorEffect? {
        switch focus {
        case .add?: return .change(.openGallery)
        case .done?:
            exitEditing()
            return .redraw
        case .tile(let instance)?:
            if isEditing { return configurable.contains(instance) ? .change(.configure(instance: instance)) : nil }
            // Outside edit mode Enter opens the widget's menu: its way into editing by keyboard.
            return key(.menu)
        case nil:
            return nil
        }
    }

    /// Moves the focused widget one slot of its own size that way, making room as a drop does;
    /// off the grid's side, onto the next or previous page.
    private mutating func moveFocusedTile(toward direction: HomeKey.Direction) -> HomeEditorEffect? {
        guard isEditing, drag == nil, case .tile(let instance)? = focus,
            let tile = arrangement.tiles.first(where: { $0.id == instance }), let from = tile.gridPlacement,
            let span = HomeGrid.span(of: tile.family)
        else { return nil }
        let grid = arrangement.grid
        var target = (page: from.page, column: from.column, row: from.row)
        switch direction {
        case .left where from.column == 0:
            guard from.page > 0 else { return nil }
            target = (from.page - 1, grid.columns - span.columns, from.row)
        case .left: target.column = max(from.column - span.columns, 0)
        case .right where from.column + span.columns >= grid.columns:
            target = (from.page + 1, 0, from.row)
        case .right: target.column = min(from.column + span.columns, grid.columns - span.columns)
        case .up: target.row = max(from.row - span.rows, 0)
        case .down: target.row = min(from.row + span.rows, grid.rows - span.rows)
        }
        let placement = HomeItem.Placement(page: target.page, column: target.column, row: target.row)
        let result = arrangement.movingTile(instance, to: placement, items: items)
        let entries = arrangement.placements(keeping: result, items: items, moved: instance)
        guard !entries.isEmpty else { return nil }
        items = arrangement.itemsMovingTile(instance, to: placement, items: items)
        arrangement = result
        page = target.page
        return .change(.place(entries))
    }

    private mutating func menuKey(_ key: HomeKey) -> HomeEditorEffect? {
        switch key {
        case .arrow(.down), .tab:
            menu!.moveHighlight(by: 1)
        case .arrow(.up), .backTab:
            menu!.moveHighlight(by: -1)
        case .enter:
            guard let menu, let index = menu.highlighted else { return nil }
            return choose(menu.items[index])
        case .escape, .menu:
            menu = nil
        default:
            return nil
        }
        return .redraw
    }

    /// After a reload: the focused widget keeps the focus wherever it went, the page following it
    /// to another; one that is gone hands it to the one now at its place in the order.
    mutating func keepFocus(previousOrder: [HomeFocus]) {
        guard let focus, !focusOrder.contains(focus) else { return }
        if case .tile(let instance) = focus, let tile = shown.tiles.first(where: { $0.id == instance }) {
            page = tile.page
            return
        }
        let order = focusOrder
        guard case .tile = focus, let index = previousOrder.firstIndex(of: focus), !order.isEmpty else {
            self.focus = nil
            return
        }
        self.focus = order[min(index, order.count - 1)]
    }
}

extension Rect {
    var centre: Point { Point(x: minX + width / 2, y: minY + height / 2) }
}
