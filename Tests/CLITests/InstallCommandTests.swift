import Foundation
import Testing
import TestSupport

/// `widgethost install BUNDLE.so`: validated first, then copied into the user's bundle folder,
/// where the host finds it.
@Suite("widgethost install")
struct InstallCommandTests {
    @Test("A bundle that passes is copied into the user's bundle folder and found there")
    func installsIntoTheUserFolder() async throws {
        let home = try TestPaths.makeTemporaryDirectory("widgethost-install-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path, "XDG_DATA_HOME": ""]
        // 200 kinds of its own (no sample declares them) and no view: it passes with a warning.
        let result = try await widgethost(["install", try await FixtureBundles.bundle("staggered_entries").path], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        let installed = home.appendingPathComponent(".local/share/widgethost/bundles/staggered_entries.so")
        #expect(result.standardOutput.contains("installed \(installed.path)"))
        #expect(FileManager.default.fileExists(atPath: installed.path))
        let bundles = try await widgethost(["bundles", "--format", "json"], environment: environment)
        let reports = try #require(try json(bundles) as? [[String: Any]])
        let report = reports.first { $0["path"] as? String == installed.path }
        #expect(report?["status"] as? String == "loaded")
        #expect(report?["origin"] as? String == "userData")
    }

    @Test("A sample's resources (catalog, entitlements, Info.plist) come with it; installing again replaces the copy")
    func copiesTheAssetsAndReplaces() async throws {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-install-to")
        defer { try? FileManager.default.removeItem(at: folder) }
        let movies = TestPaths.sampleBundle("MoviePlannerWidget").path
        for _ in 0..<2 {
            let result = try await widgethost("install", movies, "--to", folder.path)
            #expect(result.status == 0, "\(result.standardError)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["libMoviePlannerWidget.so", "widgethost_MoviePlannerWidget.resources"])
        for file in ["Assets.xcassets/infinity.imageset/infinity.svg", "MoviePlannerWidget.entitlements", "MoviePlannerWidget-Info.plist"] {
            #expect(FileManager.default.fileExists(
                atPath: folder.appendingPathComponent("widgethost_MoviePlannerWidget.resources/" + file).path), "\(file)")
        }
    }

    @Test("A bundle that fails a check is not installed, and the failures are shown")
    func refusesAFailingBundle() async throws {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-install-to")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await widgethost(
            "install", try await FixtureBundles.bundle("unsorted_entries").path, "--to", folder.path)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("FAIL"))
        #expect(result.standardError.contains("was not installed"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
