import WidgetPayload

/// How controls look, written in the view vocabulary so the layout engine draws them like any
/// view: the label's colours, fonts and sizes carry through.
enum ControlFaces {
    /// A button's face in `style`, as SwiftUI draws its built-in styles: `.automatic` and
    /// `.bordered`, the label padded over a rounded plate of the foreground colour at low
    /// opacity (so it shows on any background the widget has); `.borderedProminent`, over a
    /// plate of the tint (the accent colour by default) with the label white; `.borderless`,
    /// the label alone in the tint; `.plain`, the label as it is. Outside full colour, where every
    /// colour becomes white, a prominent plate is translucent so its white label still shows.
    static func button(_ label: ViewNode, style: ButtonStyleName = .automatic, tint: FillStyle? = nil,
                       fullColor: Bool = true) -> ViewNode {
        let accent = tint ?? .color(.named(.accentColor, opacity: 1))
        var face = label
        switch style {
        case .automatic, .bordered:
            let plate = ViewNode(.shape(.roundedRectangle(cornerRadius: 8), fill: nil, stroke: nil), modifiers: [.opacity(0.2)])
            face.modifiers += [
                .padding(EdgeInsetsSpec(top: 6, leading: 12, bottom: 6, trailing: 12)),
                .background(plate, alignment: .center),
            ]
        case .borderedProminent:
            let plate = ViewNode(.shape(.roundedRectangle(cornerRadius: 8), fill: accent, stroke: nil),
                                 modifiers: fullColor ? [] : [.opacity(0.35)])
            face.modifiers += [
                .foregroundStyle(.color(.named(.white, opacity: 1))),
                .padding(EdgeInsetsSpec(top: 6, leading: 12, bottom: 6, trailing: 12)),
                .background(plate, alignment: .center),
            ]
        case .borderless:
            face.modifiers.append(.foregroundStyle(accent))
        case .plain:
            break
        }
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
