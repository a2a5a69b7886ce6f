import Foundation

extension Date {
    /// ISO-8601 in UTC; fractional seconds only when there are some.
    public var isoString: String {
        let whole = timeIntervalSince1970.rounded(.down) == timeIntervalSince1970
        return formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
    }
}
