import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetPayload
import WidgetStore
import WidgetStoreModel
import WidgetValidation

/// `validate` on a bundle's entitlements file: the groups it gives, a mistyped one by name, a
/// file that does not parse, and a group no app wrote to beside one with a close name.
@Suite("Validate: bundle files")
struct BundleFilesValidationTests {
    private static let fixtures = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/BundleFiles")

    private static func probe(entitlements fixture: String) async throws -> URL {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-validate-files")
        let library = folder.appendingPathComponent("libProbe.so")
        try FileManager.default.copyItem(at: try await FixtureBundles.bundle("entitlements_probe"), to: library)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(fixture), to: folder.appendingPathComponent("Probe.entitlements"))
        return library
    }

    private static func validate(_ library: URL, store: StoreLocation? = nil) async throws -> ValidationReport {
        var options = BundleValidator.Options()
        options.limits = .hangGuard
        options.storeLocation = store
        return try await BundleValidator(options: options).validate(library.path)
    }

    @Test("The groups from the entitlements file are reported, with the file")
    func reportsEntitlementGroups() async throws {
        let report = try await Self.validate(try await Self.probe(entitlements: "entitled.entitlements"))
        let check = try #require(report.check(.appGroups))
        #expect(check.status == .pass, "\(check.message)")
        #expect(check.message.contains("Probe.entitlements"))
        #expect(check.message.contains("group.widgethost.entitled"))
    }

    @Test("A mistyped group is a failure naming it")
    func mistyped() async throws {
        let report = try await Self.validate(try await Self.probe(entitlements: "mistyped.entitlements"))
        let check = try #require(report.check(.appGroups))
        #expect(check.status == .fail)
        #expect(check.message.contains("grup.widgethost.entitled"), "\(check.message)")
        #expect(!report.passed)
    }

    @Test("A file that does not parse is a failure naming the file")
    func unparsable() async throws {
        let report = try await Self.validate(try await Self.probe(entitlements: "wrong-type.entitlements"))
        let check = try #require(report.check(.appGroups))
        #expect(check.status == .fail)
        #expect(check.message.contains("Probe.entitlements"), "\(check.message)")
    }

    @Test("Two entitlements files: the fix names both, says to keep one, and which one the host would read")
    func twoEntitlementsFiles() async throws {
        let library = try await Self.probe(entitlements: "entitled.entitlements")
        let resources = library.deletingLastPathComponent().appendingPathComponent("ProbePackage_Probe.resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.fixtures.appendingPathComponent("entitled.entitlements"), to: resources.appendingPathComponent("Probe.entitlements"))
        let report = try await Self.validate(library)
        let check = try #require(report.check(.appGroups))
        #expect(check.status == .fail)
        let beside = library.deletingLastPathComponent().appendingPathComponent("Probe.entitlements").path
        let inResources = resources.appendingPathComponent("Probe.entitlements").path
        #expect(check.message.contains(beside) && check.message.contains(inResources), "\(check.message)")
        let fix = try #require(check.fix)
        #expect(!fix.contains("as Xcode writes it"), "\(fix)")
        #expect(fix.contains("keep one entitlements file"), "\(fix)")
        #expect(fix.contains("the host reads \(beside) (beside the .so"), "\(fix)")
        // The copy in the resource folder comes back on every build: the fix is in Package.swift.
        #expect(fix.contains("take Probe.entitlements out of the target's resources in Package.swift"), "\(fix)")
    }

    @Test("A group no app wrote to, beside one with a close name that holds values: did you mean")
    func didYouMean() async throws {
        let location = TestStore.temporaryLocation()
        let store = try SharedStore.open(location)
        try store.setValue(.int(1), forKey: "k", in: try AppGroupID(validating: "group.widgethost.entitlde"))
        let report = try await Self.validate(try await Self.probe(entitlements: "entitled.entitlements"), store: location)
        let check = try #require(report.check(.appGroups))
        #expect(check.status == .fail)
        #expect(check.message.contains("did you mean group.widgethost.entitlde"), "\(check.message)")
    }
}
