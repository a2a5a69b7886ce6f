import WidgetPayload

extension ReplyDecoder {
    /// Checks a `perform` reply (`bundle.h`, ABI 1.4): `{"version": 1, "performed": true}`, or
    /// the error payload of `payload.h` for an intent that threw (`.providerFailed`).
    public func performed(from payload: [UInt8]) throws(ProviderCallError) {
        let members = try replyMembers(from: payload)
        guard let value = members["performed"] else { throw .missingMember("performed") }
        guard value == .bool(true) else {
            throw .malformedPayload(detail: "\"performed\" is not true; a failed intent answers with the error payload")
        }
    }
}
