import WidgetPayload

/// How controls look, written in the view vocabulary so the layout engine draws them like any
/// view: the label's colours, fonts and sizes carry through.
enum ControlFaces {
    /// A button's face in `style`, as iOS 17 draws a widget's `Button(intent:)`: `.automatic`
    /// (a widget's buttons are bordered) and `.bordered`, the label in the tint, padded over a
    /// rounded plate of the tint at `borderedPlateOpacity`; `.borderedProminent`, the label white
    /// over a plate of the tint; `.borderless`, the label alone in the tint; `.plain`, the label
    /// as it is, in the inherited foreground. The tint is `tint(_:)`'s, else the accent colour
    /// (the catalog's `AccentColor`, else system blue: `PaintResolver`). The label's colour is
    /// only the style's default: a `foregroundStyle` set on the button or above it
    /// (`hasForegroundStyle`), or on the label, colours the label instead, as in SwiftUI
    /// (`.borderedProminent` with `.foregroundStyle(.black)` on a yellow tint); the plate stays
    /// the tint. Outside full colour, where every colour becomes white, a prominent plate is
    /// translucent so its white label still shows.
    static func button(_ label: ViewNode, style: ButtonStyleName = .automatic, tint: FillStyle? = nil,
                       hasForegroundStyle: Bool = false, fullColor: Bool = true) -> ViewNode {
        let accent = tint ?? .color(.named(.accentColor, opacity: 1))
        var face = label
        func colorLabel(_ style: FillStyle) {
            if !hasForegroundStyle { face.modifiers.append(.foregroundStyle(style)) }
        }
        switch style {
        case .automatic, .bordered:
            let plate = ViewNode(.shape(plateShape, fill: accent, stroke: nil), modifiers: [.opacity(borderedPlateOpacity)])
            colorLabel(accent)
            face.modifiers += [.padding(plateInsets), .background(plate, alignment: .center)]
        case .borderedProminent:
            let plate = ViewNode(.shape(plateShape, fill: accent, stroke: nil), modifiers: fullColor ? [] : [.opacity(0.35)])
            colorLabel(.color(.named(.white, opacity: 1)))
            face.modifiers += [.padding(plateInsets), .background(plate, alignment: .center)]
        case .borderless:
            colorLabel(accent)
        case .plain:
            break
        }
        return face
    }

    /// How much of the tint a bordered plate shows: iOS's tinted fill, light enough that the
    /// label in the full tint reads on it, on any background the widget has.
    static let borderedPlateOpacity = 0.15
    static let plateShape = ShapeName.roundedRectangle(cornerRadius: 8)
    static let plateInsets = EdgeInsetsSpec(top: 6, leading: 12, bottom: 6, trailing: 12)

    /// A switch at the trailing edge, the label at the leading one, as a `Toggle` fills its row:
    /// a track of the tint with the knob trailing when on, a faint one with the knob leading when
    /// off. Without `tint(_:)` the track is green: iOS's switches do not take the app's accent
    /// colour (`AccentColor`), only an explicit tint.
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
