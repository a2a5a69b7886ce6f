import WidgetPayload

extension ReplyDecoder {
    /// The options in an `entity_options` reply: `{"version": 1, "options": [{"value", "title"}]}`
    /// (`widget.h`), or the error payload of `payload.h`.
    public func entityOptions(from payload: [UInt8]) throws(ProviderCallError) -> [EntityOption] {
        try entityOptions(in: try replyMembers(from: payload))
    }

    /// The entities in an `entity_query` reply (ABI 1.7), shaped as `entity_options`'; nil when
    /// the host answered for a bundle without the function (`ProviderDriver.noEntityQuery`).
    public func entityQuery(from payload: [UInt8]) throws(ProviderCallError) -> [EntityOption]? {
        let members = try replyMembers(from: payload)
        if members[Self.noEntityQueryMember] == .bool(true), members["options"] == nil { return nil }
        return try entityOptions(in: members)
    }

    /// The member of the host's own reply for a bundle without `entity_query`.
    static let noEntityQueryMember = "widgethostNoEntityQuery"

    private func entityOptions(in members: [String: JSONValue]) throws(ProviderCallError) -> [EntityOption] {
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
