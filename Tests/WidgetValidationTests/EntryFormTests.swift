import Foundation
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetValidation

/// `validate` says which entry form a bundle uses, read from its `sdk_version`
/// (`BundleEntryForm`): the Tests/Fixtures/SwiftBundles entry-form bundles, and the C fixtures.
@Suite("Entry forms")
struct EntryFormTests {
    @Test("A @main bundle passes every check, and entry-symbol names @main")
    func mainBundlePasses() async throws {
        let file = try await offThePool { try MainEntryBundles.library(.mainBundle) }
        let report = try await BundleValidatorTests.validate(file, timeout: nil)
        for check in report.checks {
            #expect(check.status != .fail, "\(check.id.rawValue): \(check.message) — \(check.fix ?? "")")
        }
        #expect(report.passed)
        let entry = try #require(report.check(.entrySymbol))
        #expect(entry.status == .pass)
        #expect(entry.message.contains("@main"), "\(entry.message)")
    }

    @Test("entry-symbol names each form", arguments: [
        (MainEntryBundles.Product.mainWidget, "the SDK's, for the WidgetBundle or Widget marked @main"),
        (.explicitEntry, "its own, calling the SDK's export(...)"),
    ])
    func namesTheForm(_ product: MainEntryBundles.Product, _ words: String) async throws {
        let file = try await offThePool { try MainEntryBundles.library(product) }
        let report = try await BundleValidatorTests.validate(file)
        let entry = try #require(report.check(.entrySymbol))
        #expect(entry.status == .pass)
        #expect(entry.message.contains(words), "\(entry.message)")
    }

    @Test("A bundle with no entry fails abi-version with a fix naming @main")
    func noEntryFails() async throws {
        let file = try await offThePool { try MainEntryBundles.library(.noEntry) }
        let report = try await BundleValidatorTests.validate(file)
        let abi = try #require(report.check(.abiVersion))
        #expect(abi.status == .fail)
        #expect(abi.message.contains("returned NULL"), "\(abi.message)")
        #expect(abi.fix?.contains("@main") == true, "\(abi.fix ?? "nil")")
    }

    @Test func theFormIsReadFromSDKVersion() {
        #expect(BundleEntryForm(sdkVersion: "WidgetSDK 0.1.0 (ABI 1.5.0; @main)") == .swiftMain)
        // Every Swift bundle before @main, and the explicit form today.
        #expect(BundleEntryForm(sdkVersion: "WidgetSDK 0.1.0 (ABI 1.5.0)") == .swiftExport)
        #expect(BundleEntryForm(sdkVersion: "widgethost C headers 1.5.0") == .other(sdkVersion: "widgethost C headers 1.5.0"))
        #expect(BundleEntryForm(sdkVersion: nil) == .other(sdkVersion: nil))
    }
}
