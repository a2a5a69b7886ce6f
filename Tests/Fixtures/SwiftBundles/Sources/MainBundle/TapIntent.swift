import AppIntents

/// The taps performed in this process, shown by the timeline.
actor TapCount {
    private(set) var value = 0

    func add(_ amount: Int) {
        value += amount
    }
}

let tapCount = TapCount()

/// Listed nowhere: the SDK finds it in the bundle's metadata, as iOS does.
struct TapIntent: AppIntent {
    static let title: LocalizedStringResource = "Tap"

    @Parameter(title: "By", default: 1) var amount: Int

    init() {}

    func perform() async throws -> some IntentResult {
        await tapCount.add(amount)
        return .result()
    }
}

/// Generic, so it has no one type to perform by name: the scan passes it over.
struct GenericIntent<Value: Sendable>: AppIntent {
    static var title: LocalizedStringResource { "Generic" }

    init() {}

    func perform() async throws -> some IntentResult {
        .result()
    }
}
