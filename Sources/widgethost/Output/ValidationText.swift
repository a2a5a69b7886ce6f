import WidgetHostCore
import WidgetValidation

/// The readable text of `validate`: one line per check, then a summary.
///
///     PASS  entry-symbol           an ELF shared object exporting wk_bundle_entry
///     WARN  descriptors            widget 'X' has an empty description — fix: set display_name …
///     FAIL  timeline-valid         X (systemSmall): entries out of order… — fix: sort the entries…
///     SKIP  survives               in process: …
enum ValidationText {
    static func report(_ report: ValidationReport) -> String {
        let width = report.checks.map(\.id.rawValue.count).max() ?? 0
        var lines = report.checks.map { line($0, idWidth: width) }
        lines.append("")
        lines.append(summary(report))
        return lines.joined(separator: "\n")
    }

    static func line(_ check: ValidationCheck, idWidth: Int) -> String {
        let id = check.id.rawValue.padding(toLength: idWidth, withPad: " ", startingAt: 0)
        var line = "\(check.status.rawValue.uppercased())  \(id)  \(check.message)"
        if let fix = check.fix, check.status == .warn || check.status == .fail { line += " \u{2014} fix: \(fix)" }
        return line
    }

    static func summary(_ report: ValidationReport) -> String {
        let counts = ValidationCheck.Status.allCases.map { "\(report.count($0)) \($0.rawValue)" }.joined(separator: ", ")
        let verdict = report.passed
            ? (report.count(.warn) > 0 ? "PASSED with warnings" : "PASSED")
            : "FAILED"
        return "\(report.bundlePath): \(verdict) (\(counts))"
    }
}
