/// Numbers: finite, and in the range their member allows.
extension ViewTreeReader {
    /// The ranges of `docs/view-tree.md`, each with the words its error uses.
    enum NumberRule {
        /// Any finite number: a priority, a unit point, a gauge's value or bounds.
        case any
        /// Lengths, sizes, spacings, radii and line widths.
        case nonNegative
        /// Opacity, scale factors, gradient locations, colour components.
        case unit
        /// A progress total and an aspect ratio, which the host divides by.
        case positive
        /// A `Text(date, style:)` date, in seconds since 1970 (`SupportedDates`).
        case supportedDate

        func allows(_ value: Double) -> Bool {
            switch self {
            case .any: true
            case .nonNegative: value >= 0
            case .unit: value >= 0 && value <= 1
            case .positive: value > 0
            case .supportedDate: SupportedDates.contains(secondsSince1970: value)
            }
        }

        var range: String {
            switch self {
            case .any: "any finite number"
            case .nonNegative: "≥ 0"
            case .unit: "0…1"
            case .positive: "> 0"
            case .supportedDate: "in \(SupportedDates.summary), \(Int64(SupportedDates.earliest)) ≤ seconds < \(Int64(SupportedDates.end)) (seconds, not milliseconds)"
            }
        }
    }

    /// `value` as a number in `rule`; `member` names it below the current path for errors.
    func number(_ value: JSONValue, _ rule: NumberRule, member: String? = nil) throws(ViewTreeError) -> Double {
        let number: Double
        switch value {
        case .integer(let integer): number = Double(integer)
        case .number(let double): number = double
        default: throw error(.wrongType(expected: "a number", found: value.wireTypePhrase), member: member)
        }
        guard number.isFinite else { throw error(.notFinite, member: member) }
        guard rule.allows(number) else { throw error(.outOfRange(value: number, range: rule.range), member: member) }
        return number
    }

    func number(_ members: Members, _ key: String, _ rule: NumberRule) throws(ViewTreeError) -> Double? {
        guard let value = members[key] else { return nil }
        return try number(value, rule, member: key)
    }

    func requiredNumber(_ members: Members, _ key: String, _ rule: NumberRule) throws(ViewTreeError) -> Double {
        guard let value = members[key] else { throw error(.missingMember(key)) }
        return try number(value, rule, member: key)
    }

    /// A frame member: a length, or `"infinity"`.
    func frameLength(_ members: Members, _ key: String) throws(ViewTreeError) -> Double? {
        guard let value = members[key] else { return nil }
        if case .string(let text) = value {
            guard text == ViewWireNames.infinity else {
                throw error(.unknownValue(text, allowed: [ViewWireNames.infinity]), member: key)
            }
            return .infinity
        }
        switch value {
        case .integer, .number: return try number(value, .nonNegative, member: key)
        default: throw error(.wrongType(expected: "a number or \"infinity\"", found: value.wireTypePhrase), member: key)
        }
    }

    /// A whole number (`2` or `2.0`, as JSON Schema's "integer") within `range`; `expected`
    /// names what else the member could be, for a value of the wrong type.
    func integer(
        _ value: JSONValue, in range: ClosedRange<Int>, member: String?, expected: String = "an integer"
    ) throws(ViewTreeError) -> Int {
        let number: Double
        switch value {
        case .integer(let integer):
            if range.contains(Int(integer)) { return Int(integer) }
            number = Double(integer)
        case .number(let double):
            guard double.isFinite else { throw error(.notFinite, member: member) }
            guard double == double.rounded(.towardZero) else {
                throw error(.wrongType(expected: expected, found: "a number with a fraction"), member: member)
            }
            // Int(exactly:) also refuses 2^63, which Double(Int.max) rounds up to.
            if let integer = Int(exactly: double), range.contains(integer) { return integer }
            number = double
        default:
            throw error(.wrongType(expected: expected, found: value.wireTypePhrase), member: member)
        }
        let words = range.upperBound == Int.max ? "≥ \(range.lowerBound)" : "\(range.lowerBound)…\(range.upperBound)"
        throw error(.outOfRange(value: number, range: words), member: member)
    }

    /// An array of exactly `count` numbers in `rule`, in member `key`.
    mutating func numbers(_ members: Members, _ key: String, count: Int, _ rule: NumberRule) throws(ViewTreeError) -> [Double] {
        guard let value = members[key] else { throw error(.missingMember(key)) }
        enter(key)
        defer { leave() }
        let elements = try array(value)
        guard elements.count == count else { throw error(.wrongCount(expected: count, found: elements.count)) }
        var result: [Double] = []
        result.reserveCapacity(count)
        for (index, element) in elements.enumerated() {
            result.append(try number(element, rule, member: String(index)))
        }
        return result
    }
}
