import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetValidation

/// `validate`'s `views` check: every view decodes and draws with its assets.
@Suite("Validator: views")
struct ViewsCheckTests {
    static func views(_ file: URL, timeout: Double? = nil) async throws -> ValidationCheck {
        var options = BundleValidator.Options()
        if let timeout { options.limits = CallLimits(timeout: timeout) }
        options.isolation = .worker()
        options.now = Date(timeIntervalSince1970: 1_767_225_600)
        return try #require(try await BundleValidator(options: options).validate(file.path).check(.views))
    }

    @Test func samplesWithViewsAndAssetsPass() async throws {
        for sample in ["MoviePlannerWidget", "ClockWidget"] {
            let check = try await Self.views(TestPaths.sampleBundle(sample))
            #expect(check.status == .pass, "\(sample): \(check.message)")
        }
    }

    /// The malformed view is named; the missing asset is the second problem, counted.
    @Test func aMalformedViewAndAMissingAssetFail() async throws {
        let check = try await Self.views(try FixtureCompiler.compile("Tests/Fixtures/ViewBundles/bad_views.c"))
        #expect(check.status == .fail)
        #expect(check.message.contains("view.root.children.1"), "\(check.message)")
        #expect(check.message.contains("1 more"), "\(check.message)")
    }

    /// Its calls never answer: the views are not asked for again, to wait out the same timeouts.
    @Test func skippedWhenTheCallsFail() async throws {
        let check = try await Self.views(try await FixtureBundles.bundle("never_completes"), timeout: 0.5)
        #expect(check.status == .skip, "\(check.message)")
        #expect(check.message.contains("timeline-valid"), "\(check.message)")
    }

    @Test func entriesWithoutViewsWarn() async throws {
        let check = try await Self.views(try await FixtureBundles.bundle("abi_1_0"))
        #expect(check.status == .warn, "\(check.message)")
        #expect(check.fix?.contains("StaticConfiguration") == true)
    }
}
