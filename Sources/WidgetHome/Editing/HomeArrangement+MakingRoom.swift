extension HomeArrangement {
    /// This arrangement with `instance` moved to `placement`, the grid making room as iOS's does:
    /// every other widget is pinned where it is shown, the moved one's placement is the newest of
    /// all, so it wins its slot and the widgets it displaces flow, in reading order, to the next
    /// free slots by the arrangement's own rules (a page after the last if need be). `items` are
    /// what this arrangement was built from: the accessory row and the widgets that did not fit
    /// keep theirs.
    public func movingTile(_ instance: String, to placement: HomeItem.Placement, items: [HomeItem]) -> HomeArrangement {
        HomeArrangement(items: itemsMovingTile(instance, to: placement, items: items), width: grid.width, height: grid.height)
    }

    /// The items `movingTile(_:to:items:)` arranges.
    public func itemsMovingTile(_ instance: String, to placement: HomeItem.Placement, items: [HomeItem]) -> [HomeItem] {
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var moved: [HomeItem] = []
        var pinned: [HomeItem] = []
        for tile in tiles {
            guard let column = tile.column, let row = tile.row else { continue }
            let item = byID[tile.id] ?? HomeItem(id: tile.id, family: tile.family, placement: nil)
            if tile.id == instance {
                moved.append(item.placed(at: placement))
            } else {
                pinned.append(item.placed(at: HomeItem.Placement(page: tile.page, column: column, row: row)))
            }
        }
        let unplaceable = Set(self.unplaceable)
        let untouched = items.filter { HomeGrid.span(of: $0.family) == nil || unplaceable.contains($0.id) }
        return moved + pinned + untouched
    }

    /// What to write so that the layout read back is `result` (an arrangement of the same items on
    /// the same output): the cell of every grid tile on each page where some tile arrived or
    /// left, and of every tile that only flowed into its slot (no placement, or a contested one),
    /// since those would move again once the others change. Empty when nothing moved. `moved`,
    /// the widget the person moved, comes first.
    public func placements(keeping result: HomeArrangement, items: [HomeItem], moved: String) -> [HomeLayoutChange.Placement] {
        var before: [String: HomeItem.Placement] = [:]
        for tile in tiles { if let placement = tile.gridPlacement { before[tile.id] = placement } }
        var affectedPages = Set<Int>()
        for tile in result.tiles {
            guard let placement = tile.gridPlacement, placement != before[tile.id] else { continue }
            affectedPages.insert(placement.page)
            if let old = before[tile.id] { affectedPages.insert(old.page) }
        }
        guard !affectedPages.isEmpty else { return [] }
        let wished = Dictionary(items.compactMap { item in item.placement.map { (item.id, $0) } }, uniquingKeysWith: { first, _ in first })
        let flowing = Set(before.filter { wished[$0.key] != $0.value }.keys)
        let entries = result.tiles.compactMap { tile -> HomeLayoutChange.Placement? in
            guard let placement = tile.gridPlacement, affectedPages.contains(placement.page) || flowing.contains(tile.id) else { return nil }
            return HomeLayoutChange.Placement(instance: tile.id, page: placement.page, column: placement.column, row: placement.row)
        }
        return entries.filter { $0.instance == moved } + entries.filter { $0.instance != moved }
    }
}

extension HomeArrangement.Tile {
    /// The grid cell this tile is in; nil for an accessory tile (its row has no cells).
    public var gridPlacement: HomeItem.Placement? {
        guard let column, let row else { return nil }
        return HomeItem.Placement(page: page, column: column, row: row)
    }
}

extension HomeItem {
    /// The same widget (or Smart Stack), wished at `placement`. (The one place to carry any other
    /// field a `HomeItem` gains.)
    func placed(at placement: HomeItem.Placement) -> HomeItem {
        HomeItem(id: id, family: family, placement: placement, stack: stack)
    }
}
