import WidgetStore
import WidgetStoreModel

/// A widget the user has added, as WidgetKit's `WidgetInfo`: its kind, family and configuration.
public struct WidgetInfo: Sendable, Hashable {
    /// The instance's id (`widgethost instances list`): stable for as long as the widget exists.
    public let id: String
    public let kind: String
    public let family: WidgetFamily
    /// The intent's parameters, name to value, as `docs/configuration.md` spells them; a
    /// parameter left out has its default.
    public let configuration: [String: JSONValue]

    init(_ instance: WidgetInstance) {
        id = instance.id.rawValue
        kind = instance.kind
        family = instance.family
        configuration = instance.configuration
    }
}

extension WidgetCenter {
    /// The widgets the user has added (`widgethost instances add`, the gallery), oldest first.
    /// A kind's implicit instances (one per family, with its defaults) are not listed, as
    /// WidgetKit lists only widgets on the home screen.
    public func currentConfigurations() throws(AppServiceError) -> [WidgetInfo] {
        try service.currentConfigurations()
    }

    /// WidgetKit's spelling: the result is handed to `completion` (at once, on this thread).
    public func getCurrentConfigurations(_ completion: @escaping @Sendable (Result<[WidgetInfo], any Error>) -> Void) {
        do {
            completion(.success(try currentConfigurations()))
        } catch {
            completion(.failure(error))
        }
    }
}
