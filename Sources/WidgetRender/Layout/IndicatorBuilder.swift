import WidgetPayload

/// `ProgressView` and `Gauge`, composed of ordinary boxes around a track or a ring.
extension LayoutTreeBuilder {
    /// A linear indicator: its labels on one line above a full-width track (label leading,
    /// current value trailing).
    func linearIndicator(fraction: Double, label: ViewNode?, currentValue: ViewNode?, in environment: ViewEnvironment) -> LayoutBox {
        let track = ProgressTrackBox(fraction: fraction, fill: environment.tint ?? environment.foreground, paints: context.paints)
        var row = environment
        row.stackAxis = .horizontal
        let labels = [label.flatMap { box(for: $0, in: row) }, currentValue.flatMap { box(for: $0, in: row) }]
        var children: [LayoutBox] = [track]
        switch (labels[0], labels[1]) {
        case let (label?, value?):
            let spacer = SpacerBox(minLength: nil, axis: .horizontal)
            children.insert(StackBox(axis: .horizontal, alignment: .firstTextBaseline, spacing: nil, children: [label, spacer, value]), at: 0)
        case let (label?, nil), let (nil, label?):
            children.insert(label, at: 0)
        case (nil, nil):
            break
        }
        return StackBox(axis: .vertical, alignment: .fraction(0), spacing: 4, children: children)
    }

    func gaugeBox(_ gauge: GaugeSpec, in environment: ViewEnvironment) -> LayoutBox {
        let span = gauge.maximum - gauge.minimum
        let fraction = span > 0 ? (gauge.value - gauge.minimum) / span : 0
        switch gauge.style {
        case .linearCapacity, .accessoryLinear, .accessoryLinearCapacity:
            return linearIndicator(fraction: fraction, label: gauge.label, currentValue: gauge.currentValueLabel, in: environment)
        case .accessoryCircular, .accessoryCircularCapacity:
            let open = gauge.style == .accessoryCircular
            let ring = GaugeRingBox(fraction: fraction, openRing: open, fill: environment.tint ?? environment.foreground, paints: context.paints)
            var inside = environment
            inside.stackAxis = nil
            // The capacity ring shows one label in its middle; the open ring puts the label in
            // its gap at the bottom and the current value in the middle.
            let middle = open ? gauge.currentValueLabel : (gauge.currentValueLabel ?? gauge.label)
            var result: LayoutBox = ring
            if let middle = middle.flatMap({ box(for: $0, in: inside) }) {
                result = DecorationBox(child: result, decoration: middle, kind: .overlay, alignment: .center)
            }
            if open, let label = gauge.label.flatMap({ box(for: $0, in: inside) }) {
                result = DecorationBox(child: result, decoration: label, kind: .overlay, alignment: .bottom)
            }
            return result
        }
    }
}
