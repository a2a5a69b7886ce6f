import Foundation
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload
import WidgetStore

/// The catalog's opinion of a group: warns on standard error when the last `widgethost run`
/// found no bundle declaring it, which is how a mistyped group shows up.
enum GroupCheck {
    static func warnIfUndeclared(_ group: AppGroupID, in store: SharedStore) {
        guard let catalog = try? store.catalog(), let recordedAt = catalog.recordedAt,
              catalog.groups[group.rawValue] == nil
        else { return }
        var message = "warning: no bundle declares '\(group)' (as of the last `widgethost run`, \(recordedAt.isoString)), so no widget will read it"
        let similar = catalog.groupsResembling(group.rawValue)
        if !similar.isEmpty { message += "; did you mean \(similar.map { "'\($0)'" }.joined(separator: " or "))?" }
        StandardError.print(message)
    }
}
