import WidgetPayload

extension ReplyDecoder {
    /// Checks a `perform` reply (`bundle.h`, ABI 1.4): `{"version": 1, "performed": true}`, or
    /// the error payload of `payload.h` for an intent that threw (`.providerFailed`).
    public func performed(from payload: [UInt8]) throws(ProviderCallError) {
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
        guard let value = members["performed"] else { throw .missingMember("performed") }
        guard value == .bool(true) else {
            throw .malformedPayload(detail: "\"performed\" is not true; a failed intent answers with the error payload")
        }
    }
}
