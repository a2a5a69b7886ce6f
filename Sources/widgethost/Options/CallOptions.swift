import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetPayload

/// The kind to call, in which family, at what time, and as which instance or configuration.
struct CallOptions: ParsableArguments {
    @Argument(help: "The widget kind (omit with --instance).")
    var kind: String?

    @Option(help: ArgumentHelp("The widget family (default: the kind's first supported family).", valueName: "family"))
    var family: WidgetFamily?

    @Option(help: ArgumentHelp("The clock the providers see, ISO-8601 (default: now).", valueName: "date"))
    var now: ISODate?

    @OptionGroup var instance: InstanceOptions

    /// The clock for this run, read once so every call sees the same time.
    var clock: Date { now?.date ?? Date() }

    func validate() throws {
        try instance.validate(kind: kind, family: family)
    }

    /// What to call, with the context for it.
    func target(in host: BundleHost, isPreview: Bool = false) throws -> CallTarget {
        try instance.target(in: host, kind: kind, family: family, now: clock, isPreview: isPreview)
    }
}

extension WidgetFamily: @retroactive ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
