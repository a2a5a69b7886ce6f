import Foundation
import Synchronization
import TestSupport
import Testing
import TestTraits

/// Issue 11: nothing typed on the command line crashes the host or is silently ignored. Every
/// numeric option of every subcommand is tried with hostile values; each is refused while the
/// command line is parsed (so before any bundle is opened) with a message naming the option and
/// its range, unless the range documented in the option's help takes it.
@Suite struct NumericOptionSweepTests {
    static let hostileValues = ["0", "-1", "nan", "inf", "-inf", "1e300", "1e-300", "9223372036854775808"]

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

    @Test("Every subcommand × numeric option × hostile value: no signal, and refused naming the option and range unless in range",
          .loadsTheMachine)
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

/// How one run of the CLI ended: by exit or by a signal.
struct SweepOutcome: Sendable {
    let status: Int32
    let signalled: Bool
    let standardError: String

    /// Runs the CLI to its end. A value in range may start a command that stays (`run`), so a
    /// run still going after a minute is stopped with SIGTERM and counts as accepted; that bound
    /// guards against a hang and is not what any test measures.
    static func run(_ arguments: [String], in folder: URL) -> SweepOutcome {
        let process = Process()
        process.executableURL = TestPaths.cli
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["WIDGETHOST_PATH"] = nil
        process.environment = environment
        process.currentDirectoryURL = folder
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        do {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errorFile)
            try process.run()
        } catch {
            return SweepOutcome(status: -1, signalled: false, standardError: "could not start: \(error)")
        }
        let ended = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { process.waitUntilExit(); ended.signal() }
        if ended.wait(timeout: .now() + 60) == .timedOut {
            process.terminate()
            ended.wait()
        }
        let standardError = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return SweepOutcome(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            standardError: standardError)
    }
}
