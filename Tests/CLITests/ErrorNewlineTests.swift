import Foundation
import TestSupport
import Testing

/// Every error the CLI prints ends in exactly one newline and holds no blank line (issue 28):
/// without one the shell's prompt runs into the message, and a bundle's error text ending in its
/// own newline used to leave a blank line after it. Through each way the CLI reports a failure:
/// ArgumentParser's parse and validation errors, an error a command throws, and the messages a
/// command writes itself before failing (`StandardError.print`).
@Suite struct ErrorNewlineTests {
    /// Standard error of a failed command: non-empty, ends in one newline, no empty line.
    private func expectTidyFailure(
        _ result: ProcessResult, mentioning expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let errors = result.standardError
        #expect(result.status != 0, "it should have failed; stderr: \(errors.debugDescription)", sourceLocation: sourceLocation)
        #expect(errors.contains(expected), "\(errors.debugDescription)", sourceLocation: sourceLocation)
        #expect(errors.hasSuffix("\n"), "no newline at the end: \(errors.debugDescription)", sourceLocation: sourceLocation)
        #expect(!errors.contains("\n\n") && !errors.hasPrefix("\n"), "a blank line: \(errors.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func aRunOnAPortAlreadyHeldSaysSoOnALineOfItsOwn() async throws {
        let holder = try LoopbackListener()
        let result = try await widgethost("run", "--no-default-bundles", "--http", "127.0.0.1:\(holder.port)")
        expectTidyFailure(result, mentioning: "the port is already in use")
        withExtendedLifetime(holder) {}
    }

    @Test func anUnknownOptionEndsInOneNewline() async throws {
        expectTidyFailure(try await widgethost("list", "--no-such-option"), mentioning: "--no-such-option")
    }

    @Test func aValidationErrorEndsInOneNewline() async throws {
        expectTidyFailure(try await widgethost("reload"), mentioning: "name at least one kind")
        expectTidyFailure(try await widgethost("run", "--http", "nonsense"), mentioning: "--http nonsense")
    }

    @Test func aThrownErrorEndsInOneNewline() async throws {
        expectTidyFailure(try await widgethost("timeline", "NoSuchWidget"), mentioning: "unknown kind 'NoSuchWidget'")
    }

    @Test func aMessageTheCommandPrintsItselfEndsInOneNewline() async throws {
        expectTidyFailure(try await widgethost("validate", "/no/such/bundle.so"), mentioning: "error: ")
    }

    /// A bundle's error message ending in "\n", thrown (`timeline`) and printed by the command
    /// (`render --all`).
    @Test func aBundlesMessageEndingInANewlineGetsNoSecondOne() async throws {
        let folder = try await offThePool { try Self.bundleFailingWithANewline() }
        let bundles = ["--no-default-bundles", "--bundles", folder.path]
        expectTidyFailure(try await widgethost(["timeline", "TrailingNewline"] + bundles), mentioning: "database offline")
        let drawings = try TestPaths.makeTemporaryDirectory("widgethost-render-all")
        expectTidyFailure(
            try await widgethost(["render", "--all", "--output", drawings.path] + bundles), mentioning: "database offline")
    }

    /// A folder holding one C bundle whose timeline fails with "database offline\n".
    private static func bundleFailingWithANewline() throws -> URL {
        let source = try TestPaths.makeTemporaryDirectory("widgethost-trailing-newline-source")
            .appendingPathComponent("trailing_newline.c")
        try #"""
            #include "fixture_support.h"

            static void timeline_error(FIXTURE_PROVIDER_PARAMETERS) {
                (void)widget;
                (void)context;
                fixture_complete(completion, request_token,
                                 "{\"version\":1,\"error\":{\"message\":\"database offline\\n\"}}");
            }

            FIXTURE_FAMILIES(families, "systemSmall");
            FIXTURE_WIDGET(trailing_newline, "TrailingNewline", families,
                           fixture_placeholder_ok, fixture_snapshot_ok, timeline_error);
            FIXTURE_BUNDLE("TrailingNewline", fixture_init_ok, &trailing_newline)
            """#.write(to: source, atomically: true, encoding: .utf8)
        let bundles = try TestPaths.makeTemporaryDirectory("widgethost-trailing-newline-bundle")
        try FixtureCompiler.compile(source, to: bundles.appendingPathComponent("trailing_newline.so"))
        return bundles
    }
}
