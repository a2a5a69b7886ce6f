import Foundation
import TestSupport
import Testing

/// Issue 11: nothing typed on the command line crashes the host or is silently ignored. The
/// quick checks: every numeric option is found and documents its range. Trying each with
/// hostile values (hundreds of CLI runs) is a stress run: StressTests'
/// NumericOptionSweepStressTests.
@Suite struct NumericOptionSweepTests {
    @Test("Every @Option with a numeric type declares its type, and every other @Option does too")
    func everyOptionDeclaresItsType() throws {
        let declarations = try NumericOptionCatalog.declarations()
        #expect(declarations.count >= 10, "the source scan found too few @Option declarations: \(declarations)")
        for declaration in declarations where declaration.type == nil {
            Issue.record("\(declaration.file): \(declaration.name) has no type annotation, so this test cannot tell whether it is numeric")
        }
    }

    @Test("Every numeric option is in the help of some subcommand, with a documented range")
    func everyNumericOptionDocumentsARange() async throws {
        let numeric = try NumericOptionCatalog.declarations().filter(\.isNumeric)
        let options = try await NumericOptionCatalog.commandOptions()
        #expect(Set(numeric.map(\.name)).isSuperset(of: ["--timeout", "--worker-memory", "--hours", "--budget"]))
        for declaration in numeric {
            let shown = options.filter { $0.name == declaration.name }
            #expect(!shown.isEmpty, "\(declaration.name) (\(declaration.file)) is in no subcommand's help")
            for option in shown {
                #expect(option.range != nil, "\(option.command.joined(separator: " ")) \(option.name): its help documents no range: \(option.help)")
            }
        }
    }
}
