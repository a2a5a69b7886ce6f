import Foundation
import TestSupport
import Testing

/// `widgethost bundles` and `validate` on a bundle with an entitlements file and an Info.plist
/// beside it (docs/bundle-files.md).
@Suite struct BundleFilesCommandTests {
    private static let fixtures = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/BundleFiles")

    /// `libProbe.so` (a bundle declaring no groups) with `files` (name: fixture) beside it.
    private func folder(_ files: [String: String]) async throws -> URL {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-cli-bundle-files")
        try FileManager.default.copyItem(at: try await FixtureBundles.bundle("entitlements_probe"), to: folder.appendingPathComponent("libProbe.so"))
        for (name, fixture) in files {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(fixture), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    private func report(_ folder: URL) async throws -> [String: Any] {
        let result = try await widgethost("bundles", "--bundles", folder.path, "--format", "json")
        let reports = try #require(try json(result) as? [[String: Any]], "\(result.standardError)")
        return try #require(reports.first)
    }

    @Test func listsTheEntitlementsGroupsAndTheInfoPlistVersion() async throws {
        let report = try await report(try await folder(["Probe.entitlements": "entitled.entitlements", "Probe-Info.plist": "versioned-Info.plist"]))
        #expect(report["status"] as? String == "loaded")
        #expect(report["version"] as? String == "3.1.4")
        #expect(report["appGroups"] as? [String] == ["group.widgethost.entitled"])
    }

    @Test(arguments: [("mistyped.entitlements", "invalidEntitlementGroup", "grup.widgethost.entitled"),
                      ("set-binary.entitlements", "bundleFile", "Probe.entitlements")])
    func refusesABadEntitlementsFile(fixture: String, code: String, named: String) async throws {
        let report = try await report(try await folder(["Probe.entitlements": fixture]))
        #expect(report["status"] as? String == "failed")
        let errors = report["errors"] as? [[String: Any]] ?? []
        #expect(errors.compactMap { $0["code"] as? String } == [code])
        #expect((report["error"] as? String)?.contains(named) == true, "\(report)")
    }

    @Test func validateNamesTheMistypedGroup() async throws {
        let folder = try await folder(["Probe.entitlements": "mistyped.entitlements"])
        let result = try await widgethost("validate", folder.appendingPathComponent("libProbe.so").path)
        #expect(result.status != 0)
        #expect(result.standardOutput.contains("grup.widgethost.entitled"), "\(result.standardOutput)")
    }
}
