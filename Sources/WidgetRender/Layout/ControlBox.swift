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

/// `invalidatableContent()`: its content, with its frame reported for hosts to dim; drawn
/// dimmed already inside `redacted(reason: .invalidated)`.
final class InvalidatableBox: WrapperBox {
    static let invalidatedOpacity = 0.4

    let isInvalidated: Bool

    init(child: LayoutBox, isInvalidated: Bool) {
        self.isInvalidated = isInvalidated
        super.init(child: child)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        list.addInvalidatable(frame: rect)
        if isInvalidated { list.add(.pushOpacity(Self.invalidatedOpacity)) }
        child.place(in: rect, proposal: proposal, into: &list)
        if isInvalidated { list.add(.popOpacity) }
    }
}

/// `widgetAccentable()`: its content as the accent group, a layer of its own that the accented
/// mode draws in the tint (`ColorTreatment`).
final class AccentGroupBox: WrapperBox {
    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        list.add(.pushAccentGroup)
        child.place(in: rect, proposal: proposal, into: &list)
        list.add(.popAccentGroup)
    }
}
