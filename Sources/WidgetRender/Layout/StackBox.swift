/// `HStack` and `VStack`, with SwiftUI's sharing rule: the space left after spacing goes first to
/// the highest layout priority, and within a priority to the least flexible children first
/// (flexibility: the size at an infinite offer less the size at a zero offer), each offered an
/// equal share of what remains; spacers share what the views of their priority leave.
///
/// Spacing: an explicit `spacing` goes between every pair; the default depends on the neighbours
/// and the platform (`StackSpacing`).
final class StackBox: LayoutBox {
    enum CrossAlignment {
        /// Leading or top (0), centre (0.5), trailing or bottom (1).
        case fraction(Double)
        case firstTextBaseline
        case lastTextBaseline
    }

    let axis: Axis
    let alignment: CrossAlignment
    let children: [LayoutBox]
    /// `gaps[i]` separates `children[i]` and `children[i + 1]`.
    let gaps: [Double]

    private var arrangements: [ProposedSize: [ProposedSize]] = [:]

    init(axis: Axis, alignment: CrossAlignment, spacing: Double?, defaults: StackSpacing = .iOS, children: [LayoutBox]) {
        self.axis = axis
        self.alignment = alignment
        self.children = children
        self.gaps = zip(children, children.dropFirst()).map { before, after in
            spacing ?? defaults.gap(between: before, and: after, along: axis)
        }
    }

    /// Texts all the way (spacers aside): a stack of texts meets its neighbours with text.
    override var isTextEdged: Bool {
        let views = children.filter { !$0.isSpacer }
        return !views.isEmpty && views.allSatisfy(\.isTextEdged)
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        let offers = childProposals(proposal)
        let sizes = zip(children, offers).map { $0.size(for: $1) }
        let along = sizes.reduce(0) { $0 + $1[axis] } + gaps.reduce(0, +)
        let cross: Double
        switch alignment {
        case .fraction:
            cross = sizes.map { $0[axis.cross] }.max() ?? 0
        case .firstTextBaseline, .lastTextBaseline:
            let lines = childBaselines(offers, sizes)
            let above = lines.max() ?? 0
            let below = zip(sizes, lines).map { $0.height - $1 }.max() ?? 0
            cross = above + below
        }
        return Size(along: axis, along, cross: cross)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        for (child, frame, offer) in arrange(in: rect, proposal: proposal) {
            child.place(in: frame, proposal: offer, into: &list)
        }
    }

    override func baselines(for proposal: ProposedSize) -> Baselines? {
        let size = size(for: proposal)
        let placed = arrange(in: Rect(origin: Point(x: 0, y: 0), size: size), proposal: proposal)
        let lines = placed.map { child, frame, offer in child.baselines(for: offer)?.offset(by: frame.minY) }
        guard lines.contains(where: { $0 != nil }) else { return nil }
        if axis == .vertical {
            // A non-text child's baseline is its bottom.
            let first = lines.first! ?? Baselines(first: placed[0].1.maxY, last: placed[0].1.maxY)
            let last = lines.last! ?? Baselines(first: placed.last!.1.maxY, last: placed.last!.1.maxY)
            return Baselines(first: first.first, last: last.last)
        }
        let texts = lines.compactMap { $0 }
        return Baselines(first: texts.first!.first, last: texts.last!.last)
    }

    /// The children's frames inside `rect`. The cross axis is re-offered at the stack's own
    /// size, as SwiftUI does: a `Divider` or `Color` then spans a stack sized by its content.
    private func arrange(in rect: Rect, proposal: ProposedSize) -> [(LayoutBox, Rect, ProposedSize)] {
        var placing = proposal
        placing[axis.cross] = rect.size[axis.cross]
        let offers = childProposals(placing)
        let sizes = zip(children, offers).map { $0.size(for: $1) }
        let lines = alignment.isBaseline ? childBaselines(offers, sizes) : []
        let commonLine = lines.max() ?? 0
        var position = rect.origin[axis]
        var result: [(LayoutBox, Rect, ProposedSize)] = []
        for (index, child) in children.enumerated() {
            let size = sizes[index]
            let crossOffset: Double
            switch alignment {
            case .fraction(let fraction): crossOffset = (rect.size[axis.cross] - size[axis.cross]) * fraction
            case .firstTextBaseline, .lastTextBaseline: crossOffset = commonLine - lines[index]
            }
            let origin = axis == .horizontal
                ? Point(x: position, y: rect.minY + crossOffset)
                : Point(x: rect.minX + crossOffset, y: position)
            result.append((child, Rect(origin: origin, size: size), offers[index]))
            position += size[axis] + (index < gaps.count ? gaps[index] : 0)
        }
        return result
    }

    /// Each child's chosen baseline (first or last), or its bottom when it has no text.
    private func childBaselines(_ offers: [ProposedSize], _ sizes: [Size]) -> [Double] {
        children.indices.map { index in
            guard let lines = children[index].baselines(for: offers[index]) else { return sizes[index].height }
            if case .lastTextBaseline = alignment { return lines.last }
            return lines.first
        }
    }

    /// What each child is offered for the stack's `proposal`: the sharing rule above.
    private func childProposals(_ proposal: ProposedSize) -> [ProposedSize] {
        if let known = arrangements[proposal] { return known }
        let cross = proposal[axis.cross]
        var offers = Array(repeating: ProposedSize(along: axis, proposal[axis], cross: cross), count: children.count)
        // Ideal (nil) and unbounded offers pass through: there is nothing to share.
        if let total = proposal[axis], total.isFinite {
            let zero = ProposedSize(along: axis, 0, cross: cross)
            let unbounded = ProposedSize(along: axis, .infinity, cross: cross)
            let minimums = children.map { $0.size(for: zero)[axis] }
            let flexibility = children.indices.map { children[$0].size(for: unbounded)[axis] - minimums[$0] }
            var remaining = total - gaps.reduce(0, +)
            var reserved = minimums.reduce(0, +)
            let priorities = Set(children.map(\.layoutPriority)).sorted(by: >)
            for priority in priorities {
                let group = children.indices
                    .filter { children[$0].layoutPriority == priority }
                    .sorted { flexibility[$0] < flexibility[$1] || (flexibility[$0] == flexibility[$1] && $0 < $1) }
                // Spacers take what the views of their priority leave: `Text(title); Spacer()`
                // gives the title the whole row, as SwiftUI does, not half of it.
                for members in [group.filter { !children[$0].isSpacer }, group.filter { children[$0].isSpacer }] {
                    // Lower priorities, and the spacers while views are offered, keep their minimums.
                    reserved -= members.reduce(0) { $0 + minimums[$1] }
                    var available = remaining - reserved
                    var left = members.count
                    for index in members {
                        let share = max(0, available / Double(left))
                        let offer = ProposedSize(along: axis, share, cross: cross)
                        let chosen = children[index].size(for: offer)[axis]
                        offers[index] = offer
                        available -= chosen
                        remaining -= chosen
                        left -= 1
                    }
                }
            }
        }
        arrangements[proposal] = offers
        return offers
    }
}

extension StackBox.CrossAlignment {
    var isBaseline: Bool {
        if case .fraction = self { return false }
        return true
    }
}
