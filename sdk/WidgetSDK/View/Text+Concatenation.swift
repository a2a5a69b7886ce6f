import WidgetPayload

extension Text {
    /// One text made of two, as SwiftUI's: laid out and wrapped as one paragraph, each part keeping
    /// its own font, weight, colour and style.
    ///
    ///     Text("Rain ").bold() + Text("at 3 PM").foregroundColor(.secondary)
    ///
    /// A modifier on the result styles every part, under the parts' own.
    public static func + (lhs: Text, rhs: Text) -> Text {
        Text(content: .runs(lhs.runs + rhs.runs), modifiers: [])
    }

    /// The runs this text stands for, each with this text's modifiers outside its own; the wire
    /// holds a flat list of runs, so a concatenation of concatenations is flattened here.
    var runs: [TextRun] {
        guard case .runs(let runs) = content else { return [TextRun(content, modifiers: modifiers)] }
        return runs.map { TextRun($0.content, modifiers: $0.modifiers + modifiers) }
    }

    /// `+=`, as SwiftUI's.
    public static func += (lhs: inout Text, rhs: Text) {
        lhs = lhs + rhs
    }
}
