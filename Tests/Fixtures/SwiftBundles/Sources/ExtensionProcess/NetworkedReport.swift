import Foundation

/// A networked provider as extensions write them: fetch, then draw the data or the error state.
enum NetworkedReport {
    static func report(_ completion: @escaping (ReportEntry) -> Void) {
        let endpoint = Bundle.main.object(forInfoDictionaryKey: "QuotesEndpoint") as? String ?? "https://quotes.example.com/latest"
        // Longer than the host waits for a timeline: a request that waits for a network that is
        // not there ends in the host's timeout, never in an entry.
        let request = URLRequest(url: URL(string: endpoint)!, timeoutInterval: 120)
        URLSession.shared.dataTask(with: request) { _, _, error in
            let outcome = (error as? URLError).map { "URLError \($0.code.rawValue)" } ?? (error == nil ? "reached" : "failed: \(error!)")
            DispatchQueue.main.async {
                completion(ReportEntry(date: Date(), report: outcome, onMainThread: Thread.isMainThread))
            }
        }.resume()
    }
}
