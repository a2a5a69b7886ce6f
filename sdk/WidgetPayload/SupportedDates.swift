import FoundationEssentials

/// The dates the host, the store and the CLI accept: years 1 to 9999 of the Gregorian calendar,
/// UTC. Outside them ISO-8601 has no four-digit year to print and the seconds since 1970 stop
/// meaning a day anyone will see; a date there is a unit mistake (milliseconds for seconds) or
/// garbage, and is refused where it is read, never stored.
public enum SupportedDates {
    /// 0001-01-01T00:00:00Z as Foundation's calendar reads and prints it (Julian before 1582,
    /// so two days before the proleptic Gregorian year 1), in seconds since 1970.
    public static let earliest: Double = -62_135_769_600
    /// 10000-01-01T00:00:00Z, the first moment past the range, in seconds since 1970.
    public static let end: Double = 253_402_300_800

    /// Whether seconds since 1970 fall in years 1 to 9999 (NaN and the infinities do not).
    public static func contains(secondsSince1970 seconds: Double) -> Bool {
        seconds >= earliest && seconds < end
    }

    public static func contains(_ date: Date) -> Bool {
        contains(secondsSince1970: date.timeIntervalSince1970)
    }

    /// For messages: "years 1 to 9999 (UTC)".
    public static let summary = "years 1 to 9999 (UTC)"
}
