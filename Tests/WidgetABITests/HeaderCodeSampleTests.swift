import Foundation
import Testing
import TestSupport

/// The C headers agree with themselves: every code sample in their comments compiles against
/// them (fenced as widgethost.h's comment says; issue 28 found bundle.h documenting a `complete`
/// with four arguments where completion.h declares three), and widgethost.h states the version
/// that version.h defines.
@Suite("C headers: samples compile, version agrees")
struct HeaderCodeSampleTests {
    static let includeFolder = TestPaths.packageRoot.appendingPathComponent(FixtureCompiler.currentHeaders)
    static let headerFolder = includeFolder.appendingPathComponent("widgethost")

    /// Every header's file name, e.g. `bundle.h`.
    static let headers: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: headerFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".h") }.sorted()
    }()

    /// The function a `c body` sample is the body of: the parameter names widgethost.h lists.
    static let bodyPrologue = """
        void wk_header_sample(const wk_bundle_t *bundle, const wk_host_services_t *services,
                              const wk_widget_t *widget, const wk_context_t *context,
                              const wk_completion_t *completion, wk_request_token_t request_token,
                              const char *payload, size_t length) {
        """

    static func samples(in header: String) throws -> (samples: [HeaderSample], problems: [HeaderSampleProblem]) {
        try HeaderSamples.samples(in: headerFolder.appendingPathComponent(header))
    }

    @Test func theHeadersAreFound() {
        #expect(Self.headers.contains("widgethost.h") && Self.headers.contains("bundle.h"), "\(Self.headers)")
    }

    /// Guards against a reader that finds nothing and so passes everything: both C forms occur.
    @Test func samplesOfEveryCompiledFormAreFound() throws {
        let forms = Set(try Self.headers.flatMap { try Self.samples(in: $0).samples.map(\.form) })
        #expect(forms.isSuperset(of: [.file, .body, .json]), "found only \(forms)")
    }

    @Test(arguments: headers)
    func everySampleFollowsTheFenceConvention(header: String) throws {
        for problem in try Self.samples(in: header).problems {
            Issue.record("\(problem)")
        }
    }

    @Test(arguments: headers)
    func everySampleCompilesOrParses(header: String) throws {
        for sample in try Self.samples(in: header).samples {
            switch sample.form {
            case .file, .body:
                if let failure = try Self.compile(sample) { Issue.record("\(failure)") }
            case .json:
                do {
                    _ = try JSONSerialization.jsonObject(with: Data(sample.code.utf8))
                } catch {
                    Issue.record("\(sample): not JSON: \(error)\n\(sample.code)")
                }
            case .text:
                break
            }
        }
    }

    /// `WK_ABI_VERSION_MAJOR`, `_MINOR` and `_PATCH`, `WK_ABI_VERSION_STRING`, and the "version
    /// M.m.p" in widgethost.h's first line are one version.
    @Test func widgethostHStatesTheVersionThatVersionHDefines() throws {
        let versionH = try String(contentsOf: Self.headerFolder.appendingPathComponent("version.h"), encoding: .utf8)
        let macros = ["WK_ABI_VERSION_MAJOR", "WK_ABI_VERSION_MINOR", "WK_ABI_VERSION_PATCH"]
        let defined = macros.compactMap { macro -> Int? in
            let definition = versionH.split(separator: "\n").first { $0.hasPrefix("#define \(macro) ") }
            return definition.flatMap { Int($0.dropFirst("#define \(macro) ".count).trimmingCharacters(in: .whitespaces)) }
        }
        try #require(defined.count == 3, "version.h defines \(macros.joined(separator: ", ")) as numbers")
        let text = defined.map(String.init).joined(separator: ".")

        let string = try #require(versionH.firstMatch(of: /#define WK_ABI_VERSION_STRING "([^"]*)"/)?.output.1)
        #expect(String(string) == text, "WK_ABI_VERSION_STRING is \(string), the macros say \(text)")

        let umbrella = try String(contentsOf: Self.headerFolder.appendingPathComponent("widgethost.h"), encoding: .utf8)
        let firstLines = umbrella.split(separator: "\n").prefix(3).joined(separator: "\n")
        let stated = try #require(
            firstLines.firstMatch(of: /version ([0-9]+(?:\.[0-9]+)*)/)?.output.1,
            "widgethost.h's opening comment states no version: \(firstLines)")
        #expect(String(stated) == text, "widgethost.h says version \(stated); version.h defines \(text)")
    }

    // MARK: Compiling

    struct CompileFailure: CustomStringConvertible {
        let sample: HeaderSample
        let compilerOutput: String
        var description: String { "\(sample) does not compile:\n\(compilerOutput)" }
    }

    /// Compiles `sample` with the system's C compiler against today's headers; nil when it
    /// compiles cleanly. `#line` makes the compiler name the header's own lines.
    static func compile(_ sample: HeaderSample) throws -> CompileFailure? {
        let origin = "#line \(sample.line) \"\(headerFolder.appendingPathComponent(sample.header).path)\"\n"
        var source = "#include <widgethost/widgethost.h>\n"
        switch sample.form {
        case .file: source += origin + sample.code + "\n"
        case .body: source += bodyPrologue + "\n" + origin + sample.code + "\n}\n"
        case .json, .text: return nil
        }
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-header-sample")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("sample.c")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["cc", "-std=c11", "-Wall", "-Werror", "-fsyntax-only", "-I", includeFolder.path, file.path])
        guard result.status != 0 else { return nil }
        return CompileFailure(sample: sample, compilerOutput: result.standardError + result.standardOutput)
    }
}
