import WidgetHostCore
import WidgetHostJSON
import WidgetValidation

// The JSON of `validate --format json`. Add fields, never rename them.

struct ValidationJSON: Encodable {
    /// The bundle file as named on the command line.
    let bundle: String
    /// True when no check failed (warnings allowed): the exit status is 0.
    let passed: Bool
    /// Every check, in the order they run.
    let checks: [ValidationCheckJSON]

    init(_ report: ValidationReport) {
        bundle = report.bundlePath
        passed = report.passed
        checks = report.checks.map(ValidationCheckJSON.init)
    }
}

struct ValidationCheckJSON: Encodable {
    /// Stable: entry-symbol, abi-version, loads, descriptors, kinds-unique, app-groups,
    /// placeholder-fast, snapshot-preview-fast, timeline-valid, completes-once,
    /// completes-off-thread, survives.
    let id: String
    let title: String
    /// pass, warn, fail or skip.
    let status: String
    let message: String
    /// What to change; null unless the status is warn or fail.
    @ExplicitNull var fix: String?

    init(_ check: ValidationCheck) {
        id = check.id.rawValue
        title = check.title
        status = check.status.rawValue
        message = check.message
        fix = check.fix
    }
}
