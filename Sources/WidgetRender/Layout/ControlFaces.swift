import WidgetPayload

/// How controls look, written in the view vocabulary so the layout engine draws them like any
/// view: the label's colours, fonts and sizes carry through.
enum ControlFaces {
    /// SwiftUI's `.bordered` button: the label, padded, over a rounded rectangle of the
    /// foreground colour at low opacity (so it shows on any background the widget has).
    static func button(_ label: ViewNode) -> ViewNode {
        let plate = ViewNode(.shape(.roundedRectangle(cornerRadius: 8), fill: nil, stroke: nil), modifiers: [.opacity(0.2)])
        var face = label
        face.modifiers += [
            .padding(EdgeInsetsSpec(top: 6, leading: 12, bottom: 6, trailing: 12)),
            .background(plate, alignment: .center),
        ]
        return face
    }

    /// A switch at the trailing edge, the label at the leading one, as a `Toggle` fills its row:
    /// a green (or `tint`) track with the knob trailing when on, a faint one with the knob
    /// leading when off.
    static func toggle(isOn: Bool, label: ViewNode, tint: FillStyle? = nil) -> ViewNode {
        let track = isOn
            ? ViewNode(.shape(.capsule, fill: tint ?? .color(.named(.green, opacity: 1)), stroke: nil))
            : ViewNode(.shape(.capsule, fill: nil, stroke: nil), modifiers: [.opacity(0.25)])
        let knob = ViewNode(.shape(.circle, fill: .color(.named(.white, opacity: 1)), stroke: nil), modifiers: [
            .frame(FrameSpec(width: switchHeight - 4, height: switchHeight - 4)),
            .padding(EdgeInsetsSpec(all: 2)),
        ])
        let toggleSwitch = ViewNode(.zStack(alignment: isOn ? .trailing : .leading, children: [track, knob]), modifiers: [
            .frame(FrameSpec(width: switchWidth, height: switchHeight)),
        ])
        return ViewNode(.hStack(alignment: .center, spacing: 8, children: [label, ViewNode(.spacer(minLength: 0)), toggleSwitch]))
    }

    /// A widget's switch: smaller than a phone's 51 × 31, as widgets draw theirs.
    static let switchWidth = 40.0
    static let switchHeight = 24.0
}
