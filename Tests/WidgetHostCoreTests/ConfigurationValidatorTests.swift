import Testing
import WidgetHostCore
import WidgetPayload

// Every rule the host checks a configuration by, before any call (issue 14).

@Suite struct ConfigurationValidatorTests {
    private static let schema = ConfigurationSchema(
        title: "Spot", description: "",
        parameters: [
            ConfigurationParameter(name: "spot", title: "Spot", type: .entity, isRequired: true),
            ConfigurationParameter(
                name: "weather", title: "Weather", type: .enum, defaultValue: .string("sunny"),
                options: [ParameterOption(value: "sunny", title: "Sunny"), ParameterOption(value: "rainy", title: "Rainy")],
                isRequired: false),
            ConfigurationParameter(name: "label", title: "Label", type: .string, isRequired: false),
            ConfigurationParameter(name: "days", title: "Days", type: .int, defaultValue: .integer(3), isRequired: false),
            ConfigurationParameter(name: "temperature", title: "Temperature", type: .double, isRequired: false),
            ConfigurationParameter(name: "wind", title: "Wind", type: .bool, defaultValue: .bool(true), isRequired: false),
            ConfigurationParameter(name: "since", title: "Since", type: .date, isRequired: false),
        ])
    private let validator = ConfigurationValidator(kind: "SpotWidget", schema: schema)

    private func error(_ configuration: [String: JSONValue]) -> ConfigurationError? {
        do {
            _ = try validator.validate(configuration)
            return nil
        } catch {
            return error
        }
    }

    @Test func fillsInDefaults() throws {
        let validated = try validator.validate(["spot": .string("pier")])
        #expect(validated == ["spot": .string("pier"), "weather": .string("sunny"), "days": .integer(3), "wind": .bool(true)])
    }

    @Test func keepsWhatFits() throws {
        let given: [String: JSONValue] = [
            "spot": .string("lake"), "weather": .string("rainy"), "label": .string("Home"), "days": .integer(7),
            "temperature": .integer(12), "wind": .bool(false), "since": .number(1_767_225_600.5),
        ]
        #expect(try validator.validate(given) == given)
    }

    @Test func anIntegralNumberIsAnInteger() throws {
        #expect(try validator.validate(["spot": .string("pier"), "days": .number(4)])?["days"] == .integer(4))
    }

    @Test func nullCountsAsNotGiven() throws {
        #expect(try validator.validate(["spot": .string("pier"), "days": .null])?["days"] == .integer(3))
        #expect(error(["spot": .null]) == .missingValue(parameter: "spot", type: .entity, allowed: []))
    }

    @Test func wrongTypeNamesTheParameterAndWhatItTakes() {
        #expect(error(["spot": .string("pier"), "days": .string("three")])
            == .wrongType(parameter: "days", expected: .int, found: "the string \"three\"", allowed: []))
        #expect(error(["spot": .string("pier"), "days": .number(2.5)])
            == .wrongType(parameter: "days", expected: .int, found: "the number 2.5", allowed: []))
        #expect(error(["spot": .integer(4)]) == .wrongType(parameter: "spot", expected: .entity, found: "the integer 4", allowed: []))
        #expect(error(["spot": .string("pier"), "wind": .string("yes")])?.description
            == "parameter 'wind' takes true or false, not the string \"yes\"")
        #expect(error(["spot": .string("pier"), "since": .string("2026-01-01")])?.description
            == "parameter 'since' takes a date (ISO 8601, or seconds since 1970), not the string \"2026-01-01\"")
        #expect(error(["spot": .string("pier"), "temperature": .bool(true)]) != nil)
        #expect(error(["spot": .string("pier"), "label": .array([])]) != nil)
        #expect(error(["spot": .string("pier"), "weather": .integer(1)])?.description
            == "parameter 'weather' takes one of sunny, rainy, not the integer 1")
    }

    @Test func unknownParameterNamesTheKnownOnes() {
        let error = error(["spot": .string("pier"), "colour": .string("red")])
        #expect(error == .unknownParameter(
            kind: "SpotWidget", name: "colour", known: ["spot", "weather", "label", "days", "temperature", "wind", "since"]))
        #expect(error?.description.contains("its parameters are spot, weather, label") == true)
    }

    @Test func anEnumValueMustBeAnOption() {
        let error = error(["spot": .string("pier"), "weather": .string("snowy")])
        #expect(error == .notAnOption(parameter: "weather", value: "snowy", allowed: ["sunny", "rainy"]))
        #expect(error?.description == "parameter 'weather' cannot be 'snowy'; it is one of sunny, rainy")
    }

    @Test func aRequiredValueMustBeGiven() {
        let error = error(["weather": .string("rainy")])
        #expect(error == .missingValue(parameter: "spot", type: .entity, allowed: []))
        #expect(error?.description.contains("parameter 'spot' needs a value") == true)
    }

    @Test func aStaticKindTakesNoConfiguration() throws {
        let staticKind = ConfigurationValidator(kind: "Counter", schema: nil)
        #expect(try staticKind.validate([:]) == nil)
        #expect(throws: ConfigurationError.notConfigurable(kind: "Counter")) {
            try staticKind.validate(["spot": .string("pier")])
        }
    }

    @Test func schemasThatMakeNoSenseAreRefused() throws {
        func read(_ json: JSONValue) -> ConfigurationSchemaError? {
            do {
                _ = try ConfigurationSchema(json: json)
                return nil
            } catch {
                return error
            }
        }
        #expect(read(.array([])) == .notAnObject(path: "schema"))
        #expect(read(.object(["title": .string("x")])) == .missing(path: "parameters"))
        let parameter: [String: JSONValue] = ["name": .string("a"), "type": .string("colour"), "required": .bool(false)]
        #expect(read(.object(["parameters": .array([.object(parameter)])])) == .unknownType(parameter: "a", type: "colour"))
        let enumWithout: [String: JSONValue] = ["name": .string("a"), "type": .string("enum")]
        #expect(read(.object(["parameters": .array([.object(enumWithout)])])) == .enumWithoutOptions(parameter: "a"))
        let twice: JSONValue = .object(["name": .string("a"), "type": .string("bool")])
        #expect(read(.object(["parameters": .array([twice, twice])])) == .duplicateParameter(name: "a"))
        #expect(try ConfigurationSchema(json: Self.schema.jsonValue) == Self.schema)
    }
}
