import WidgetPayload

/// SwiftUI's `RedactionReasons`: why a view is redacted. Read them with
/// `@Environment(\.redactionReasons)`.
public struct RedactionReasons: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Text and images drawn as placeholder shapes, as a widget's placeholder is.
    public static let placeholder = RedactionReasons(rawValue: 1 << 0)
    /// The `privacySensitive()` views inside drawn as placeholder shapes.
    public static let privacy = RedactionReasons(rawValue: 1 << 1)
    /// The `invalidatableContent()` views inside drawn as out of date.
    public static let invalidated = RedactionReasons(rawValue: 1 << 2)

    var names: RedactionReasonNames {
        RedactionReasonNames(rawValue: rawValue & 0b111)
    }
}

extension View {
    /// Redacts the view for `reason`, and adds it to the `redactionReasons` the views inside
    /// read: `.placeholder` draws their text and images as placeholder shapes, `.privacy` does
    /// so to the `privacySensitive()` ones, `.invalidated` dims the `invalidatableContent()`
    /// ones. An empty set changes nothing.
    public func redacted(reason: RedactionReasons) -> some View {
        ModifiedView(self, .environment { $0.redactionReasons.formUnion(reason) })
            .modifier(optional: reason.names.isEmpty ? nil : .redacted(reason.names))
    }

    /// Lifts every reason to redact from the view and the views inside it, as for a label that
    /// stays readable in a placeholder.
    public func unredacted() -> some View {
        ModifiedView(self, .environment { $0.redactionReasons = [] })
            .modifier(.unredacted)
    }

    /// Marks the view as private: redacted when the host draws without private data, or inside
    /// `redacted(reason: .privacy)`.
    public func privacySensitive(_ sensitive: Bool = true) -> some View {
        modifier(optional: sensitive ? .privacySensitive : nil)
    }
}
