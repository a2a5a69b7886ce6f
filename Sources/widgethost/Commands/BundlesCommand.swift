import ArgumentParser

struct BundlesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundles",
        abstract: "Show every bundle file found: path, status, ABI version, kinds and errors.")

    @OptionGroup var host: HostOptions
    @OptionGroup var output: OutputOptions

    @Flag(help: "Also show .so files in default folders that are not widget bundles.")
    var all = false

    func run() async throws {
        let bundleHost = host.makeHost()
        try await UnreadableBundleFolders.check(bundleHost) {
            let reports = bundleHost.bundles.reports.filter { all || $0.status != .skipped }
            switch output.format {
            case .json: try JSONOutput.print(reports.map(BundleJSON.init))
            case .text: print(TextOutput.bundles(reports))
            }
        }
    }
}
