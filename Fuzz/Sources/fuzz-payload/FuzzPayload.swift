import CLibFuzzer
import Foundation
import WidgetHostCore

/// Feeds each input to `ReplyDecoder` as a provider's payload, as a timeline and as an entry.
/// A typed error is fine; a crash, a hang or an answer that breaks the decoder's own promises
/// (checked below) is a finding.
@main
enum FuzzPayload {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let payload = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
            PayloadHarness.run(payload)
            return 0
        })
    }
}

enum PayloadHarness {
    /// Small enough that the fuzzer reaches `tooManyEntries`.
    static let limits: CallLimits = {
        var limits = CallLimits()
        limits.maxEntries = 8
        return limits
    }()

    static func run(_ payload: [UInt8]) {
        let decoder = ReplyDecoder(limits: limits)
        do {
            let timeline = try decoder.timeline(from: payload)
            check(timeline)
        } catch {
            describe(error)
        }
        do {
            let entry = try decoder.entry(from: payload)
            check(entry)
        } catch {
            describe(error)
        }
    }

    /// What ReplyDecoder promises about a timeline it accepts.
    static func check(_ timeline: WidgetTimeline) {
        precondition(!timeline.entries.isEmpty, "accepted a timeline with no entries")
        precondition(timeline.entries.count <= limits.maxEntries, "accepted \(timeline.entries.count) entries")
        for (index, entry) in timeline.entries.enumerated() {
            check(entry)
            if index > 0 {
                precondition(timeline.entries[index - 1].date <= entry.date, "accepted entries out of order")
            }
        }
        if case .after(let date) = timeline.policy {
            precondition(date.timeIntervalSince1970.isFinite, "accepted a non-finite policy date")
        }
    }

    static func check(_ entry: WidgetEntry) {
        precondition(entry.date.timeIntervalSince1970.isFinite, "accepted a non-finite date")
        if let relevance = entry.relevance {
            precondition(relevance.score.isFinite && relevance.duration.isFinite && relevance.duration >= 0,
                         "accepted an invalid relevance")
        }
    }

    /// Formats the error as the host would report it.
    static func describe(_ error: ProviderCallError) {
        precondition(!error.code.isEmpty && !error.description.isEmpty)
    }
}
