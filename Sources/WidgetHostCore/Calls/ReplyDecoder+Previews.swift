import WidgetPayload

extension ReplyDecoder {
    /// The previews in a `previews` reply (`wk_widget_t.previews`, ABI 1.6):
    /// `{"version": 1, "previews": [{"name", "source", "entries" | "error"}]}`, or the error
    /// payload of `payload.h`. Each preview's entries are checked as a timeline's are, one at a
    /// time: a preview with a bad entry is a failed preview, and the others stand.
    public func previews(from payload: [UInt8]) throws(ProviderCallError) -> [WidgetPreview] {
        let members = try replyMembers(from: payload)
        guard let value = members["previews"] else { throw .missingMember("previews") }
        guard case .array(let items) = value else {
            throw .malformedPayload(detail: "\"previews\" is not an array")
        }
        guard items.count <= limits.maxEntries else {
            throw .malformedPayload(detail: "\(items.count) previews; at most \(limits.maxEntries)")
        }
        var previews: [WidgetPreview] = []
        for (index, item) in items.enumerated() {
            guard case .object(let preview) = item else {
                throw .malformedPayload(detail: "previews.\(index) is not an object")
            }
            let name = Self.text(preview["name"])
            let source = Self.text(preview["source"]) ?? "preview \(index + 1)"
            previews.append(WidgetPreview(name: name, source: source, content: previewContent(preview, at: "previews.\(index)")))
        }
        return previews
    }

    private func previewContent(_ preview: [String: JSONValue], at path: String) -> WidgetPreview.Content {
        if case .object(let error)? = preview["error"] {
            return .failed(Self.text(error["message"]) ?? "the preview failed without saying why")
        }
        guard case .array(let items)? = preview["entries"] else {
            return .failed("\(path): \"entries\" is missing or not an array")
        }
        guard !items.isEmpty, items.count <= limits.maxEntries else {
            return .failed("\(path): \(items.count) entries; a preview has 1 to \(limits.maxEntries)")
        }
        do throws(ProviderCallError) {
            var entries: [WidgetEntry] = []
            for (index, item) in items.enumerated() {
                entries.append(try validated(ReplyShape.entry(item, at: "\(path).entries.\(index)"), index: index))
            }
            return .entries(entries)
        } catch {
            return .failed("\(path): \(error)")
        }
    }

    private static func text(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }
}

/// One `#Preview` of a kind in a family, as its bundle made it: what `widgethost preview` and
/// the gallery show (Xcode's canvas).
public struct WidgetPreview: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        /// The entries to draw, in the order the preview lists them.
        case entries([WidgetEntry])
        /// Why the preview's entries could not be made or read.
        case failed(String)
    }

    /// The name given to `#Preview`, if any.
    public let name: String?
    /// Where it is declared: "Module/File.swift:LINE".
    public let source: String
    public let content: Content

    public init(name: String?, source: String, content: Content) {
        self.name = name
        self.source = source
        self.content = content
    }

    /// The name, or where it is declared.
    public var title: String {
        name ?? source
    }

    /// Why the preview's entries could not be had; nil when they were.
    public var failure: String? {
        if case .failed(let message) = content { return message }
        return nil
    }
}
