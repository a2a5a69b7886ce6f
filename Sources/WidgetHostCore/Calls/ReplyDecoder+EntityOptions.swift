import WidgetPayload

extension ReplyDecoder {
    /// The options in an `entity_options` reply: `{"version": 1, "options": [{"value", "title"}]}`
    /// (`widget.h`), or the error payload of `payload.h`.
    public func entityOptions(from payload: [UInt8]) throws(ProviderCallError) -> [EntityOption] {
        let members = try replyMembers(from: payload)
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
