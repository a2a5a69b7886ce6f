import WidgetPayload

/// A button or toggle: its face, with the frame a click performs `action` from.
final class ControlBox: WrapperBox {
    let control: ControlRegion.Control
    let action: ControlAction

    init(child: LayoutBox, control: ControlRegion.Control, action: ControlAction) {
        self.control = control
        self.action = action
        super.init(child: child)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        list.addControl(control, action: action, frame: rect)
        child.place(in: rect, proposal: proposal, into: &list)
    }
}

/// `invalidatableContent()`: its content, with its frame reported for hosts to dim.
final class InvalidatableBox: WrapperBox {
    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        list.addInvalidatable(frame: rect)
        child.place(in: rect, proposal: proposal, into: &list)
    }
}
