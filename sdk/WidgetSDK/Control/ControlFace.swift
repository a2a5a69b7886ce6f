import WidgetPayload

/// How a control's template is drawn as the widget its control is exported as: as iOS draws a
/// small control in Control Center, its symbol on a round plate, with no title (the title is the
/// widget's display name, shown in galleries).
///
/// A label is drawn icon only (`labelStyle(.iconOnly)`), so `Label("12 days", systemImage:
/// "calendar")` shows the calendar; a label without an icon shows as written.
enum ControlFace {
    /// A button filling the plate: a click anywhere on the circle performs the intent.
    static func button(intent: any AppIntent, symbol: ControlSymbol) -> some View {
        Button(intent: intent) {
            ZStack {
                AccessoryWidgetBackground()
                symbol.labelStyle(.iconOnly).font(symbolFont)
            }
        }
        .buttonStyle(.plain)
    }

    /// A toggle as Control Center draws a small one: no switch, the symbol of its value label
    /// ("On", "Off", or its own) on the plate, ringed while on. (iOS lights the whole plate; a
    /// ring stays visible in the vibrant mode the accessory families are drawn in, where a dark
    /// symbol on a white plate would vanish.) The whole circle is a button whose intent already
    /// holds the other state, so a click sets it, as `Toggle(isOn:intent:)` does.
    static func toggle(isOn: Bool, settingOtherState intent: any AppIntent, symbol: ControlSymbol) -> some View {
        Button(intent: intent) {
            ZStack {
                AccessoryWidgetBackground()
                if isOn {
                    Circle().strokeBorder(Color.white, lineWidth: 3)
                }
                symbol.labelStyle(.iconOnly).font(symbolFont)
            }
        }
        .buttonStyle(.plain)
    }

    /// Control Center's small control draws its symbol about this size in a 64-point circle.
    private static let symbolFont = Font.title2
}

/// A control's symbol, or its title when the symbol draws nothing: a titled button whose action
/// label shows only while its action runs would otherwise be an empty circle.
struct ControlSymbol: View {
    typealias Body = Never

    let symbol: AnyView
    let title: AnyView?

    init(_ symbol: some View) {
        self.symbol = AnyView(symbol)
        self.title = nil
    }

    init(_ symbol: some View, orTitle title: some View) {
        self.symbol = AnyView(symbol)
        self.title = AnyView(title)
    }

    func _makeNodes(into nodes: inout [ViewNode]) {
        let drawn = ViewEvaluation.nodes(of: symbol)
        if drawn.isEmpty, let title {
            title._makeNodes(into: &nodes)
        } else {
            nodes += drawn
        }
    }
}
