import ArgumentParser

/// The values a numeric option accepts: a closed range, of whole numbers for counts and sizes.
///
/// Every numeric option parses its text here (as its `transform`), so a value out of range is
/// refused while the command line is read, before any bundle is opened or provider called, and
/// the error names the option (ArgumentParser adds it) and the range. The range is also printed
/// in the option's help, from the same numbers.
struct OptionRange: Sendable {
    let lower: Double
    let upper: Double
    /// What the number counts, after the range in messages: "seconds", "MiB".
    let unit: String
    let wholeNumbers: Bool

    // MARK: The table

    /// `--timeout`: a provider call's wait. Under a millisecond nothing can answer; over an hour
    /// the call has hung.
    static let timeout = OptionRange(lower: 0.001, upper: 3600, unit: "seconds", wholeNumbers: false)
    /// `--worker-memory`: a worker's data segment. Below 64 MiB a bundle cannot be mapped; a
    /// TiB is the most a `MiB << 20` byte count is asked to hold.
    static let workerMemory = OptionRange(lower: 64, upper: 1_048_576, unit: "MiB", wholeNumbers: true)
    /// `--worker-cpu`: a worker's CPU time over its life; up to a week.
    static let workerCPU = OptionRange(lower: 1, upper: 604_800, unit: "seconds", wholeNumbers: true)
    /// `--worker-idle`: how long a worker may sit without a call; 0 keeps workers; up to a day.
    static let workerIdle = OptionRange(lower: 0, upper: 86_400, unit: "seconds", wholeNumbers: false)
    /// `--budget`: scheduled reloads per kind and family per 24 hours; at most one a second.
    static let budget = OptionRange(lower: 1, upper: 86_400, unit: "reloads", wholeNumbers: true)
    /// `--backoff-initial`: the first retry's wait; up to a day.
    static let backoffInitial = OptionRange(lower: 1, upper: 86_400, unit: "seconds", wholeNumbers: false)
    /// `--backoff-maximum`: the longest wait between retries; up to a week.
    static let backoffMaximum = OptionRange(lower: 1, upper: 604_800, unit: "seconds", wholeNumbers: false)
    /// `--minimum-interval`: between two scheduled reloads; up to a day.
    static let minimumInterval = OptionRange(lower: 1, upper: 86_400, unit: "seconds", wholeNumbers: false)
    /// `home place --page`: a home screen's pages, from the first; a thousand is more than a
    /// screen's worth of widgets will ever fill.
    static let homePage = OptionRange(lower: 0, upper: 999, unit: "pages", wholeNumbers: true)
    /// `desktop --scale`: X11's device pixels per point, from half to an 8K screen's.
    static let desktopScale = OptionRange(lower: 0.5, upper: 8, unit: "pixels per point", wholeNumbers: false)
    /// `simulate --hours`: from 36 seconds to a leap year of virtual time.
    static let hours = OptionRange(lower: 0.01, upper: 24 * 366, unit: "hours", wholeNumbers: false)

    // MARK: Parsing

    /// The text as a number in range, or why not.
    func double(_ text: String) throws(OptionRangeError) -> Double {
        guard let value = Double(text), value >= lower, value <= upper else { throw OptionRangeError(range: self) }
        if wholeNumbers && value.rounded(.towardZero) != value { throw OptionRangeError(range: self) }
        return value
    }

    /// The text as a whole number in range. Text that is no `Int` (1e300, 2^63) is refused by
    /// the range, never converted.
    func integer(_ text: String) throws(OptionRangeError) -> Int {
        // Both bounds are exact in a Double and far inside Int, so this conversion cannot trap.
        Int(try double(text))
    }

    // MARK: Text

    /// "0.001 to 3600 seconds", "a whole number, 64 to 1048576 MiB".
    var summary: String {
        (wholeNumbers ? "a whole number, " : "") + "\(Self.text(lower)) to \(Self.text(upper)) \(unit)"
    }

    /// The option's help with its range appended, as `--help` shows it.
    func help(_ text: String, valueName: String) -> ArgumentHelp {
        ArgumentHelp("\(text) (\(summary))", valueName: valueName)
    }

    static func text(_ number: Double) -> String {
        number.rounded(.towardZero) == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

/// A numeric option's value outside its range. ArgumentParser prints it after the option's name
/// and the value: "The value 'inf' is invalid for '--timeout <seconds>': must be …".
struct OptionRangeError: Error, CustomStringConvertible {
    let range: OptionRange

    var description: String {
        range.wholeNumbers
            ? "must be a whole number from \(OptionRange.text(range.lower)) to \(OptionRange.text(range.upper)) \(range.unit)"
            : "must be between \(OptionRange.text(range.lower)) and \(OptionRange.text(range.upper)) \(range.unit)"
    }
}
