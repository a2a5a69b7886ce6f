import WidgetHostCore

/// Folders the user named (`--bundles DIR`, `WIDGETHOST_PATH`) that could not be read. Every
/// command that searches for bundles fails with this after doing its work with the bundles it
/// did find, so a typo in a path is never silently a shorter list.
struct UnreadableBundleFolders: Error, CustomStringConvertible {
    let problems: [DiscoveryProblem]

    /// The host's unreadable named folders; nil when there are none.
    init?(_ host: BundleHost) {
        let problems = host.bundles.reports.flatMap { report in
            report.issues.compactMap { issue -> DiscoveryProblem? in
                if case .discovery(let problem) = issue { problem } else { nil }
            }
        }
        guard !problems.isEmpty else { return nil }
        self.problems = problems
    }

    var description: String {
        problems.map(\.description).joined(separator: "\n")
    }

    /// Runs a command's work, then fails if a named folder could not be read. When the work
    /// fails itself (an unknown kind, say), its error is the one thrown and the folders are
    /// reported on standard error first, since they are a likely cause.
    static func check<Result>(_ host: BundleHost, _ work: () async throws -> Result) async throws -> Result {
        let unreadable = UnreadableBundleFolders(host)
        let result: Result
        do {
            result = try await work()
        } catch {
            if let unreadable { StandardError.print("error: \(unreadable)") }
            throw error
        }
        if let unreadable { throw unreadable }
        return result
    }
}
