import Foundation
import OSLog

// The line that killed workers: a Logger's subsystem from the extension's bundle identifier.
extension Logger {
    private static var subsystem = Bundle.main.bundleIdentifier!
    static let facts = Logger(subsystem: subsystem, category: "facts")
}

struct Quote: Decodable {
    let symbol: String
    let price: Double
}

/// What `Bundle.main` says, as an extension asks it.
enum BundleFacts {
    static func report(_ completion: @escaping (ReportEntry) -> Void) {
        Logger.facts.info("reporting the bundle's facts")
        let main = Bundle.main
        var fields: [String: String] = [:]
        fields["identifier"] = main.bundleIdentifier!
        fields["displayName"] = main.object(forInfoDictionaryKey: "CFBundleDisplayName") as? String
        fields["version"] = main.infoDictionary?["CFBundleShortVersionString"] as? String
        fields["endpoint"] = main.object(forInfoDictionaryKey: "QuotesEndpoint") as? String
        fields["bundleFolder"] = main.bundleURL.lastPathComponent
        if let url = main.url(forResource: "quotes", withExtension: "json"),
            let quotes = try? JSONDecoder().decode([Quote].self, from: Data(contentsOf: url))
        {
            fields["firstQuote"] = quotes.first?.symbol
        }
        if let path = main.path(forResource: "quotes", ofType: "json") {
            fields["quotesFile"] = URL(fileURLWithPath: path).lastPathComponent
        }
        completion(ReportEntry(date: Date(), report: "bundle", fields: fields))
    }
}
