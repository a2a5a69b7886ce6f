import Foundation
import WidgetHostCore
import WidgetPayload

// The JSON the CLI prints and the server serves. Other tools rely on these shapes; add fields,
// never rename them.

public struct EntryJSON: Encodable {
    public let date: String
    @ExplicitNull public private(set) var relevance: RelevanceJSON?
    public let content: JSONValue
    /// The view as the bundle sent it (absent for bundles that send none), and why the host
    /// refused it, if it did.
    public let view: JSONValue?
    public let viewError: String?

    public init(_ entry: WidgetEntry) {
        date = entry.date.isoString
        relevance = entry.relevance.map { RelevanceJSON(score: $0.score, duration: $0.duration) }
        content = entry.content
        view = entry.view?.json
        viewError = entry.view?.error?.description
    }
}

public struct RelevanceJSON: Encodable {
    public let score: Double
    public let duration: Double
}

public struct PolicyJSON: Encodable {
    public let type: String
    public let date: String?

    public init(_ policy: ReloadPolicy) {
        switch policy {
        case .atEnd: (type, date) = ("atEnd", nil)
        case .never: (type, date) = ("never", nil)
        case .after(let when): (type, date) = ("after", when.isoString)
        }
    }
}
