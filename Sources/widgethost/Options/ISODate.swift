import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetPayload

/// A date given on the command line as ISO-8601, with or without fractional seconds, in years 1
/// to 9999 (`SupportedDates`); anything else is refused with the option's name.
struct ISODate: ExpressibleByArgument {
    let date: Date

    init?(argument: String) {
        let strategies = [
            Date.ISO8601FormatStyle(),
            Date.ISO8601FormatStyle(includingFractionalSeconds: true),
        ]
        guard let date = strategies.lazy.compactMap({ try? Date(argument, strategy: $0) }).first,
              SupportedDates.contains(date)
        else { return nil }
        self.date = date
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
