/// Orders reloads that fall due together so that consecutive ones belong to different bundles.
///
/// `reloadDue` keeps a window of calls under way. Keys come sorted by kind, so a bundle's kinds
/// and families sit side by side, and a window of 16 reached only 4 bundles: in worker mode, 4
/// worker starts at a time when a thousand bundles fell due together (each start waits mostly
/// on its own process). Taken one bundle at a time in turn, the window reaches as many
/// bundles as it has calls.
enum BundleInterleaving {
    /// `items` reordered: the first of each bundle (in order of first appearance), then the
    /// second of each, and so on. Within a bundle the order is kept.
    static func interleaved<Item>(_ items: [Item], bundle: (Item) -> String) -> [Item] {
        var slots: [String: Int] = [:]
        var groups: [[Item]] = []
        for item in items {
            let name = bundle(item)
            if let slot = slots[name] {
                groups[slot].append(item)
            } else {
                slots[name] = groups.count
                groups.append([item])
            }
        }
        guard groups.count > 1 else { return items }
        var ordered: [Item] = []
        ordered.reserveCapacity(items.count)
        var round = 0
        while ordered.count < items.count {
            for group in groups where round < group.count { ordered.append(group[round]) }
            round += 1
        }
        return ordered
    }
}
