import Foundation
import Synchronization
import TestSupport
import Testing

/// Issue 11, the sweep: every numeric option of every subcommand is tried with hostile values;
/// each is refused while the command line is parsed (so before any bundle is opened) with a
/// message naming the option and its range, unless the range documented in the option's help
/// takes it. Hundreds of CLI processes: a stress run, outside the unit suite.
@Suite(.stressRun) struct NumericOptionSweepStressTests {
    static let hostileValues = ["0", "-1", "nan", "inf", "-inf", "1e300", "1e-300", "9223372036854775808"]

    @Test("Every subcommand × numeric option × hostile value: no signal, and refused naming the option and range unless in range")
    func hostileValuesAreRefused() async throws {
        let numericNames = Set(try NumericOptionCatalog.declarations().filter(\.isNumeric).map(\.name))
        let options = try await NumericOptionCatalog.commandOptions().filter { numericNames.contains($0.name) }
        #expect(options.count >= 30, "expected every loading subcommand's host and scheduling options: \(options.map(\.name))")
        let cases = options.flatMap { option in Self.hostileValues.map { (option, $0) } }
        let outcomes = Mutex<[Int: SweepOutcome]>([:])
        let data = TestStore.temporaryLocation().directory.path
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-sweep")
        // Several at once: each run is mostly process start, waiting on the loader.
        // The waiting is done off the cooperative pool, which the other suites need meanwhile.
        let runs = cases.enumerated().map { index, pair in
            // --option=value, so that "-1" and "-inf" are read as the value, not as an option.
            let (option, value) = pair
            return (index, option.command + option.positionals + ["\(option.name)=\(value)", "--data-dir", data]
                + (option.acceptsNoDefaultBundles ? ["--no-default-bundles"] : []))
        }
        try await offThePool {
            let slots = DispatchSemaphore(value: 4), done = DispatchGroup()
            for (index, arguments) in runs {
                slots.wait()
                DispatchQueue.global().async(group: done) {
                    let outcome = SweepOutcome.run(arguments, in: folder)
                    outcomes.withLock { $0[index] = outcome }
                    slots.signal()
                }
            }
            done.wait()
        }
        let results = outcomes.withLock { $0 }
        for (index, (option, value)) in cases.enumerated() {
            let what = "widgethost \(option.command.joined(separator: " ")) \(option.name) \(value)"
            guard let outcome = results[index], let range = option.range else {
                Issue.record("\(what): not run, or no documented range")
                continue
            }
            #expect(!outcome.signalled, "\(what) was killed by signal \(outcome.status): \(outcome.standardError)")
            let refusal = "invalid for '\(option.name)"
            if range.accepts(value) {
                #expect(!outcome.standardError.contains(refusal), "\(what) is in range but was refused: \(outcome.standardError)")
            } else {
                #expect(outcome.status != 0 && !outcome.signalled, "\(what) was accepted")
                #expect(outcome.standardError.contains(refusal), "\(what): the message does not name \(option.name): \(outcome.standardError)")
                #expect(outcome.standardError.contains(range.lowerText) && outcome.standardError.contains(range.upperText),
                        "\(what): the message does not give the range: \(outcome.standardError)")
            }
        }
    }
}
