@testable import WidgetHostCore

extension ReplyDecoder {
    /// Why `json` is refused as a timeline; nil when it is accepted.
    func timelineError(_ json: String) -> ProviderCallError? {
        do {
            _ = try timeline(from: Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }
}
