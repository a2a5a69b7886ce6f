import FoundationEssentials
import Testing
@testable import WidgetSDK
import WidgetPayload

// An intent's `parameterSummary` as the SDK records it in the schema (key paths named as the
// schema names parameters), read back from JSON, and resolved for a configuration: the `When`
// branch its values choose, the sentence with the values in it, the parameters after it.

/// The comparisons by the payload's name: WidgetSDK's typealias of the same name makes the bare one ambiguous here.
typealias ParameterSummaryTestComparison = WidgetPayload.ParameterSummaryComparison

private enum Units: String, AppEnum {
    case metric, imperial
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Units"
    static let caseDisplayRepresentations: [Units: DisplayRepresentation] = [.metric: "Metric", .imperial: "Imperial"]
}

private struct Forecast: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Forecast"
    @Parameter(title: "City", default: "Paris") var city: String
    @Parameter(title: "Details", default: false) var details: Bool
    @Parameter(title: "Units", default: .metric) var units: Units
    @Parameter(title: "Days") var days: Int?

    static var parameterSummary: some ParameterSummary {
        When(\.$details, .equalTo, true) {
            Summary("Forecast for \(\.$city) in detail") {
                \.$units
                \.$days
            }
        } otherwise: {
            Summary("Forecast for \(\.$city)")
        }
    }
}

/// A `When` without `otherwise`, on a value's presence.
private struct Presence: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Presence"
    @Parameter(title: "Label") var label: String?

    static var parameterSummary: some ParameterSummary {
        When(\.$label, .hasAnyValue) {
            Summary("Labelled \(\.$label)")
        }
    }
}

private struct Plain: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Plain"
    @Parameter(title: "Label", default: "x") var label: String
}

@Suite struct ParameterSummaryTests {
    private static let forecast = IntentSchema.schema(of: Forecast.self)

    @Test func theSummaryIsRecordedWithItsKeyPathsNamed() throws {
        let summary = try #require(Self.forecast.summary)
        #expect(summary == .when(
            parameter: "details", comparison: .equalTo, value: .bool(true),
            then: .summary(sentence: [.text("Forecast for "), .parameter("city"), .text(" in detail")], parameters: ["units", "days"]),
            otherwise: .summary(sentence: [.text("Forecast for "), .parameter("city")], parameters: [])))
        #expect(IntentSchema.schema(of: Presence.self).summary
            == .when(parameter: "label", comparison: .hasAnyValue, value: nil,
                     then: .summary(sentence: [.text("Labelled "), .parameter("label")], parameters: []), otherwise: nil))
        #expect(IntentSchema.schema(of: Plain.self).summary == nil)
    }

    @Test func theSummaryTravelsInTheSchemaJSON() throws {
        let json = Self.forecast.jsonValue
        #expect(json["summary"]?["when"] == .string("details"))
        let read = try ConfigurationSchema(json: json)
        #expect(read.summary == Self.forecast.summary)
        // A summary naming a parameter the schema lacks is refused, naming where.
        var members = try #require(json.objectValue)
        members["summary"] = .object(["summary": .array([.object(["parameter": .string("town")])])])
        #expect(throws: ConfigurationSchemaError.unknownSummaryParameter(path: "summary.summary[0].parameter", name: "town")) {
            try ConfigurationSchema(json: .object(members))
        }
    }

    @Test func theValuesChooseTheBranchAndFillTheSentence() throws {
        let summary = try #require(Self.forecast.summary)
        let detailed = try #require(summary.resolved(
            for: ["details": .bool(true), "city": .string("Oslo"), "units": .string("imperial")], schema: Self.forecast))
        #expect(detailed.sentence == [
            .text("Forecast for "), .parameter(name: "city", value: .string("Oslo"), display: "Oslo"), .text(" in detail"),
        ])
        #expect(detailed.parameters == ["units", "days"])
        #expect(detailed.text(titles: [:]) == "Forecast for Oslo in detail")
        // Defaults stand in for values a configuration does not give.
        let plain = try #require(summary.resolved(for: [:], schema: Self.forecast))
        #expect(plain.sentence == [.text("Forecast for "), .parameter(name: "city", value: .string("Paris"), display: "Paris")])
        #expect(plain.parameters == [])
    }

    @Test func aParameterWithoutAValueShowsItsTitle() throws {
        let schema = IntentSchema.schema(of: Presence.self)
        let summary = try #require(schema.summary)
        #expect(summary.resolved(for: [:], schema: schema) == nil)
        #expect(summary.resolved(for: ["label": .null], schema: schema) == nil)
        let labelled = try #require(summary.resolved(for: ["label": .string("Home")], schema: schema))
        #expect(labelled.text(titles: ["label": "Label"]) == "Labelled Home")
        let empty = ResolvedParameterSummary(sentence: [.text("Labelled "), .parameter(name: "label", value: nil, display: nil)], parameters: [])
        #expect(empty.text(titles: ["label": "Label"]) == "Labelled Label")
    }

    @Test func anEnumShowsItsCaseTitleAndAnEntityTheTitleGiven() throws {
        let schema = ConfigurationSchema(title: "", description: "", parameters: [
            ConfigurationParameter(name: "units", title: "Units", type: .enum, options: Units.parameterOptions, isRequired: true),
            ConfigurationParameter(name: "spot", title: "Spot", type: .entity, isRequired: false),
            ConfigurationParameter(name: "wind", title: "Wind", type: .bool, isRequired: false),
        ])
        let summary = ParameterSummaryDescription.summary(
            sentence: [.parameter("units"), .text(" at "), .parameter("spot"), .text(", wind "), .parameter("wind")], parameters: [])
        let configuration: [String: JSONValue] = ["units": .string("imperial"), "spot": .string("pier"), "wind": .bool(false)]
        let resolved = try #require(summary.resolved(for: configuration, schema: schema) { parameter, value in
            parameter.type == .entity && value == .string("pier") ? "North Pier" : nil
        })
        #expect(resolved.text(titles: [:]) == "Imperial at North Pier, wind Off")
        // Without a title from the bundle, an entity shows its id.
        #expect(summary.resolved(for: configuration, schema: schema)?.text(titles: [:]) == "Imperial at pier, wind Off")
    }

    @Test(arguments: [
        // comparison, value, expected, holds
        (ParameterSummaryTestComparison.equalTo, JSONValue.integer(3), JSONValue.number(3), true),
        (.equalTo, .string("a"), .string("b"), false),
        (.notEqualTo, .string("a"), .string("b"), true),
        (.notEqualTo, .bool(true), .bool(true), false),
        (.greaterThan, .integer(4), .integer(3), true),
        (.greaterThan, .integer(3), .integer(3), false),
        (.greaterThanOrEqualTo, .number(3), .integer(3), true),
        (.lessThan, .number(2.5), .integer(3), true),
        (.lessThan, .integer(3), .integer(3), false),
        (.lessThanOrEqualTo, .integer(3), .integer(3), true),
        (.lessThanOrEqualTo, .integer(4), .integer(3), false),
        (.greaterThan, .string("b"), .string("a"), true),
        (.greaterThan, .bool(true), .bool(false), false),
        (.contains, .string("North Pier"), .string("Pie"), true),
        (.contains, .string("North Pier"), .string("pie"), false),
        (.hasPrefix, .string("North Pier"), .string("North"), true),
        (.hasPrefix, .string("North Pier"), .string("Pier"), false),
        (.hasSuffix, .string("North Pier"), .string("Pier"), true),
        (.hasSuffix, .integer(3), .string("3"), false),
    ])
    func everyComparison(_ comparison: ParameterSummaryTestComparison, _ value: JSONValue, _ expected: JSONValue, _ holds: Bool) {
        #expect(ParameterSummaryDescription.compare(value, comparison, expected) == holds)
    }

    @Test(arguments: ParameterSummaryTestComparison.allCases)
    func aMissingValueHoldsOnlyForNotEqualAndNoValue(_ comparison: ParameterSummaryTestComparison) {
        let holds = ParameterSummaryDescription.compare(nil, comparison, .integer(1))
        #expect(holds == (comparison == .notEqualTo || comparison == .hasNoValue))
        #expect(ParameterSummaryDescription.compare(.integer(1), .hasAnyValue, nil))
        #expect(!ParameterSummaryDescription.compare(.integer(1), .hasNoValue, nil))
    }

    @Test func aStringQueryIsSearchableAndSearched() async throws {
        let schema = IntentSchema.schema(of: Searching.self)
        #expect(schema.parameter(named: "place")?.isSearchable == true)
        #expect(schema.parameter(named: "other")?.isSearchable == false)
        guard case .array(let parameters)? = schema.jsonValue["parameters"] else { Issue.record("no parameters"); return }
        #expect(parameters.first?["searchable"] == .bool(true))
        let found = try await EntityOptions.matching("pi", of: Searching.self, parameter: "place")
        #expect(found == [ParameterOption(value: "pier", title: "North Pier")])
        await #expect(throws: (any Error).self) { try await EntityOptions.matching("pi", of: Searching.self, parameter: "other") }
    }

    @Test func entityQueryAnswersASearchAndALookupFromTheQuery() async throws {
        // ABI 1.7's entity_query: the request as the host writes it, answered by the query.
        let search = try EntityQueryRequest.read(Array(#"{"version":1,"parameter":"place","matching":"pi"}"#.utf8)).get()
        #expect(try await EntityOptions.query(search, of: Searching.self) == [ParameterOption(value: "pier", title: "North Pier")])
        let lookup = try EntityQueryRequest.read(Array(#"{"version":1,"parameter":"place","identifiers":["pier","nowhere"]}"#.utf8)).get()
        #expect(try await EntityOptions.query(lookup, of: Searching.self) == [ParameterOption(value: "pier", title: "North Pier")])
        // A query that is no EntityStringQuery does not search.
        let other = try EntityQueryRequest.read(Array(#"{"version":1,"parameter":"other","matching":"pi"}"#.utf8)).get()
        await #expect(throws: (any Error).self) { try await EntityOptions.query(other, of: Searching.self) }
        // A request that asks nothing is refused.
        #expect(throws: (any Error).self) { try EntityQueryRequest.read(Array(#"{"version":1,"parameter":"place"}"#.utf8)).get() }
    }

    @Test func anEntityTheQueryNoLongerFindsFailsNamingItsParameterAndValue() async {
        let error: ConfigurationDecodingError
        do {
            _ = try await IntentDecoding.intent(Searching.self, from: .object(["place": .string("gone")]))
            Issue.record("an entity the query does not find was accepted")
            return
        } catch let thrown {
            error = thrown
        }
        #expect(error.unavailableValue == UnavailableValue(parameter: "place", value: "gone"))
        let reply = error.reply(kind: "Places")
        #expect(reply.error?.unavailable == UnavailableValue(parameter: "place", value: "gone"))
        #expect(reply.error?.message.contains("gone") == true)
        #expect(ConfigurationDecodingError.parameter(name: "place", .wrongType(expected: .entity, found: .integer(1))).unavailableValue == nil)
    }
}

private struct Place: AppEntity {
    let id: String
    let name: String
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Place"
    static var defaultQuery: PlaceQuery { PlaceQuery() }
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
    static let all = [Place(id: "pier", name: "North Pier"), Place(id: "lake", name: "Blue Lake")]
}

private struct PlaceQuery: EntityStringQuery {
    func entities(for identifiers: [String]) async throws -> [Place] { Place.all.filter { identifiers.contains($0.id) } }
    func suggestedEntities() async throws -> [Place] { Place.all }
    func entities(matching string: String) async throws -> [Place] {
        Place.all.filter { $0.name.lowercased().contains(string.lowercased()) }
    }
}

private struct Other: AppEntity {
    let id: String
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Other"
    static var defaultQuery: OtherQuery { OtherQuery() }
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
}

private struct OtherQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [Other] { identifiers.map(Other.init) }
}

private struct Searching: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Searching"
    @Parameter(title: "Place") var place: Place?
    @Parameter(title: "Other") var other: Other?
}
