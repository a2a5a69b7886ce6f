import FoundationEssentials
import Testing
@testable import WidgetSDK
import WidgetPayload

// The schema the SDK writes for an intent, and the typed intent it makes of a configuration.

private typealias Tutorial = SpotIntentTutorial

@Suite struct IntentSchemaTests {
    private var schema: ConfigurationSchema {
        IntentSchema.schema(of: Tutorial.ConfigurationAppIntent.self, recommendations: Tutorial.Provider().recommendations())
    }

    @Test func listsEveryParameterInDeclarationOrder() {
        #expect(schema.title == "Configuration")
        #expect(schema.description == "This is an example widget.")
        #expect(schema.parameters.map(\.name) == [
            "favoriteEmoji", "spot", "weather", "days", "minimumTemperature", "showsWind", "since",
        ])
        #expect(schema.parameters.map(\.type) == [.string, .entity, .enum, .int, .double, .bool, .date])
    }

    @Test func spellsDefaultsAsConfigurationsDo() {
        let defaults = Dictionary(uniqueKeysWithValues: schema.parameters.map { ($0.name, $0.defaultValue) })
        #expect(defaults["favoriteEmoji"] == .string("😃"))
        #expect(defaults["weather"] == .string("sunny"))
        #expect(defaults["days"] == .integer(3))
        #expect(defaults["minimumTemperature"] == .number(12.5))
        #expect(defaults["showsWind"] == .bool(true))
        #expect(defaults["spot"] == .some(nil))
        #expect(defaults["since"] == .some(nil))
    }

    @Test func enumsListTheirCasesEntitiesNone() throws {
        let weather = try #require(schema.parameter(named: "weather"))
        #expect(weather.options == [
            ParameterOption(value: "sunny", title: "Sunny"), ParameterOption(value: "rainy", title: "Rainy"),
            ParameterOption(value: "windy", title: "Windy"),
        ])
        #expect(try #require(schema.parameter(named: "spot")).options == nil)
    }

    @Test func optionalsAndDefaultedParametersAreNotRequired() {
        #expect(schema.parameters.allSatisfy { !$0.isRequired })
        let required = IntentSchema.schema(of: RequiredIntent.self)
        #expect(required.parameters.map(\.isRequired) == [true])
    }

    @Test func recommendationsCarryTheirConfiguration() throws {
        let recommendation = try #require(schema.recommendations.first)
        #expect(recommendation.description == "Rain at the lake")
        #expect(recommendation.configuration["weather"] == .string("rainy"))
        #expect(recommendation.configuration["spot"] == .string("lake"))
        #expect(recommendation.configuration["days"] == .integer(3))
        #expect(recommendation.configuration["since"] == nil)
    }

    @Test func roundTripsThroughJSON() throws {
        let bytes = try JSONWriter.bytes(of: schema.jsonValue)
        let read = try ConfigurationSchema(json: try JSONReader().read(bytes))
        #expect(read == schema)
    }

    @Test func decodesAConfigurationIntoTheTypedIntent() async throws {
        let intent = try await IntentDecoding.intent(Tutorial.ConfigurationAppIntent.self, from: .object([
            "spot": .string("pier"), "weather": .string("windy"), "days": .integer(5),
            "minimumTemperature": .integer(9), "showsWind": .bool(false), "since": .number(86_400),
        ]))
        #expect(intent.spot?.name == "North Pier")
        #expect(intent.weather == .windy)
        #expect(intent.days == 5)
        #expect(intent.minimumTemperature == 9)
        #expect(intent.showsWind == false)
        #expect(intent.since == Date(timeIntervalSince1970: 86_400))
        #expect(intent.favoriteEmoji == "😃")
    }

    @Test func noConfigurationMeansTheDefaults() async throws {
        let intent = try await IntentDecoding.intent(Tutorial.ConfigurationAppIntent.self, from: nil)
        #expect(intent.weather == .sunny)
        #expect(intent.spot == nil)
        #expect(intent.since == nil)
    }

    @Test func refusesWhatDoesNotFit() async {
        await #expect(throws: ConfigurationDecodingError.self) {
            try await IntentDecoding.intent(Tutorial.ConfigurationAppIntent.self, from: .object(["weather": .string("snowy")]))
        }
        await #expect(throws: ConfigurationDecodingError.self) {
            try await IntentDecoding.intent(Tutorial.ConfigurationAppIntent.self, from: .object(["spot": .string("moon")]))
        }
        await #expect(throws: ConfigurationDecodingError.self) {
            try await IntentDecoding.intent(Tutorial.ConfigurationAppIntent.self, from: .object(["colour": .string("red")]))
        }
        await #expect(throws: ConfigurationDecodingError.self) {
            try await IntentDecoding.intent(Tutorial.ConfigurationAppIntent.self, from: .object(["days": .number(2.5)]))
        }
        await #expect(throws: ConfigurationDecodingError.self) {
            try await IntentDecoding.intent(RequiredIntent.self, from: nil)
        }
    }

    @Test func entityOptionsComeFromTheQuery() async throws {
        let options = try await EntityOptions.options(of: Tutorial.ConfigurationAppIntent.self, parameter: "spot")
        #expect(options == [ParameterOption(value: "pier", title: "North Pier"), ParameterOption(value: "lake", title: "Blue Lake")])
        await #expect(throws: (any Error).self) {
            try await EntityOptions.options(of: Tutorial.ConfigurationAppIntent.self, parameter: "weather")
        }
    }
}

/// An intent with a parameter that has neither a default nor an optional type.
private struct RequiredIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Required" }
    @Parameter(title: "Name") var name: String
}
