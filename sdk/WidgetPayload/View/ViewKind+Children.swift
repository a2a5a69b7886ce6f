extension ViewKind {
    /// The views inside this one, in the order they were written (labels and contents; not the
    /// views inside its modifiers).
    public var children: [ViewNode] {
        switch self {
        case .empty, .text, .image, .spacer, .divider, .fill, .shape: []
        case .vStack(_, _, let children), .hStack(_, _, let children), .zStack(_, let children): children
        case .progress(_, _, let label): label.map { [$0] } ?? []
        case .gauge(let gauge): [gauge.label, gauge.currentValueLabel].compactMap { $0 }
        case .link(_, let content): [content]
        case .button(_, let label), .toggle(_, _, let label): [label]
        case .viewThatFits(_, let children): children
        case .grid(_, _, _, let rows): rows
        case .gridRow(_, let cells): cells
        case .canvas(let drawing): drawing.views
        }
    }
}
