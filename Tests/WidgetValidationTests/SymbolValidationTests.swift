import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetValidation

/// `validate`'s `views` check on a view naming a symbol the host does not draw: the name, and
/// the nearest one it draws.
@Suite("Validator: symbols")
struct SymbolValidationTests {
    @Test func aMistypedSymbolIsNamedWithTheNearestKnownOne() async throws {
        let check = try await ViewsCheckTests.views(try FixtureCompiler.compile("Tests/Fixtures/ViewBundles/mistyped_symbol.c"))
        #expect(check.status != .pass, "\(check.message)")
        #expect(check.message.contains("symbol:play.fil"), "\(check.message)")
        #expect(check.message.contains("did you mean 'play.fill'?"), "\(check.message)")
        #expect(!check.message.contains("pause.fill"), "\(check.message)")
    }
}
