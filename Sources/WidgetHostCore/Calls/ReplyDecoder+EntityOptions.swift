import WidgetPayload

extension ReplyDecoder {
    /// The options in an `entity_options` reply: `{"version": 1, "options": [{"value", "title"}]}`
    /// (`widget.h`), or the error payload of `payload.h`.
    public func entityOptions(from payload: [UInt8]) throws(ProviderCallError) -> [EntityOption] {
        let document: JSONValue
        do {
            document = try JSONReader().read(payload)
        } catch {
            throw .malformedPayload(detail: error.description)
        }
        guard case .object(let members) = document else {
            throw .malformedPayload(detail: "wrong type at the top level: expected an object")
        }
        // The version decides how to read the rest, as in every payload.
        guard case .integer(let number)? = members["version"], let version = Int(exactly: number) else {
            throw .malformedPayload(detail: "\"version\" is missing or not an integer such as 1")
        }
        guard version <= PayloadVersion.current else {
            throw .unsupportedPayloadVersion(found: version, supported: PayloadVersion.current)
        }
        if case .object(let failure)? = members["error"] {
            guard case .string(let message)? = failure["message"] else {
                throw .malformedPayload(detail: "\"error.message\" is missing or not a string")
            }
            throw .providerFailed(message: message)
        }
        guard let value = members["options"] else { throw .missingMember("options") }
        guard case .array(let items) = value else {
            throw .malformedPayload(detail: "\"options\" is not an array")
        }
        var options: [EntityOption] = []
        options.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            do {
                options.append(try EntityOption(json: item, path: "options.\(index)"))
            } catch {
                throw .malformedPayload(detail: error.description)
            }
        }
        return options
    }
}
