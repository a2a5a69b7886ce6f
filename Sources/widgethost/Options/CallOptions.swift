import ArgumentParser
import Foundation
import WidgetHostCore

/// The kind to call, in which family, at what time.
struct CallOptions: ParsableArguments {
    @Argument(help: "The widget kind.")
    var kind: String

    @Option(help: ArgumentHelp("The widget family (default: the kind's first supported family).", valueName: "family"))
    var family: WidgetFamily?

    @Option(help: ArgumentHelp("The clock the providers see, ISO-8601 (default: now).", valueName: "date"))
    var now: ISODate?

    /// The clock for this run, read once so every call sees the same time.
    var clock: Date { now?.date ?? Date() }
}

extension WidgetFamily: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
