import WidgetPayload

/// `Text`: wrapped at the proposed width, cut at its line limit and the proposed height; when it
/// would be cut and `minimumScaleFactor` allows, drawn smaller (the largest scale that fits, found
/// by halving the interval down to the factor). Offered nil, it takes one line per paragraph.
final class TextBox: LayoutBox {
    let string: String
    let style: TextStyle
    let minimumScaleFactor: Double
    let foreground: FillStyle?
    let isRedacted: Bool
    let context: LayoutContext

    private struct Fit {
        var measurement: TextMeasurement
        var scale: Double
    }

    private var fits: [ProposedSize: Fit] = [:]

    /// `style`: the environment's, with its text styles and any runs (`LayoutTreeBuilder.textBox`).
    init(string: String, style: TextStyle, environment: ViewEnvironment, context: LayoutContext) {
        self.string = string
        self.style = style
        self.minimumScaleFactor = environment.minimumScaleFactor
        self.foreground = environment.foreground
        self.isRedacted = environment.isRedacted
        self.context = context
    }

    override var isTextEdged: Bool { true }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        fit(proposal).measurement.size
    }

    override func baselines(for proposal: ProposedSize) -> Baselines? {
        let measurement = fit(proposal).measurement
        return Baselines(first: measurement.firstBaseline, last: measurement.lastBaseline)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        let fit = fit(proposal)
        var drawn = style
        drawn.scale = fit.scale
        if isRedacted {
            placeRedacted(in: rect, style: drawn, into: &list)
        } else {
            list.add(.text(string, drawn, frame: rect, paint: context.paints.foreground(foreground, in: rect)))
        }
    }

    /// One bar per line, each a little shorter than the line, the last shorter still.
    private func placeRedacted(in rect: Rect, style: TextStyle, into list: inout DisplayListBuilder) {
        let lineHeight = context.measurer.measure("X", style: style, width: nil, height: nil).size.height
        guard lineHeight > 0, rect.height > 0 else { return }
        let lines = max(1, Int((rect.height / lineHeight).rounded()))
        let barHeight = lineHeight * Redaction.barHeight
        let paint = context.redactionPaint(foreground)
        for line in 0..<lines {
            let width = lines > 1 && line == lines - 1 ? rect.width * 0.6 : rect.width
            let top = rect.minY + Double(line) * lineHeight + (lineHeight - barHeight) / 2
            list.add(.fill(Redaction.shape(height: barHeight), Rect(x: rect.minX, y: top, width: width, height: barHeight), paint))
        }
    }

    private func fit(_ proposal: ProposedSize) -> Fit {
        if let known = fits[proposal] { return known }
        let width = proposal.finiteWidth
        let height = proposal.finiteHeight
        var best = Fit(measurement: measure(scale: 1, width: width, height: height), scale: 1)
        if best.measurement.isTruncated, minimumScaleFactor < 1 {
            let smallest = measure(scale: minimumScaleFactor, width: width, height: height)
            if smallest.isTruncated {
                best = Fit(measurement: smallest, scale: minimumScaleFactor)
            } else {
                // Invariant: `low` fits, `high` does not.
                var low = Fit(measurement: smallest, scale: minimumScaleFactor)
                var high = 1.0
                while high - low.scale > 0.005 {
                    let middle = (low.scale + high) / 2
                    let trial = measure(scale: middle, width: width, height: height)
                    if trial.isTruncated { high = middle } else { low = Fit(measurement: trial, scale: middle) }
                }
                best = low
            }
        }
        fits[proposal] = best
        return best
    }

    private func measure(scale: Double, width: Double?, height: Double?) -> TextMeasurement {
        var scaled = style
        scaled.scale = scale
        return context.measurer.measure(string, style: scaled, width: width, height: height)
    }
}
