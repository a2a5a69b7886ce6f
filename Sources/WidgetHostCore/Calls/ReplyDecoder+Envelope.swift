import WidgetPayload

extension ReplyDecoder {
    /// The members of a reply that is not a provider's (`perform`, `entity_options`): an object
    /// whose `version` this host reads. The error payload of `payload.h` throws
    /// `.providerFailed` with the bundle's message.
    func replyMembers(from payload: [UInt8]) throws(ProviderCallError) -> [String: JSONValue] {
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
        return members
    }
}
