/// One view of the internal layout tree, with SwiftUI's two phases: `size(for:)` answers a
/// proposal (a parent may ask many times, so answers are cached), then `place(in:proposal:into:)`
/// draws the view in the rectangle its parent chose, given the proposal that produced that size.
///
/// Boxes are classes so that the cache is shared by every parent that asks; a tree lives for one
/// `LayoutEngine.layout` call and never crosses threads.
class LayoutBox {
    /// `layoutPriority`: a stack offers space to higher priorities first. Modifiers keep it.
    var layoutPriority: Double = 0
    /// A bare `Spacer`: stacks put no default spacing next to it.
    var isSpacer: Bool { false }
    /// Text meets the neighbours above and below (a `Text`, or a frame or stack of texts): the
    /// stack's default spacing between two such views is `StackSpacing.betweenTextLines`.
    var isTextEdged: Bool { false }

    private var sizes: [ProposedSize: Size] = [:]

    final func size(for proposal: ProposedSize) -> Size {
        if let known = sizes[proposal] { return known }
        let size = computeSize(proposal)
        sizes[proposal] = size
        return size
    }

    /// The size this view chooses for `proposal`. Subclasses override it; callers use `size(for:)`.
    func computeSize(_ proposal: ProposedSize) -> Size {
        Size.zero
    }

    /// Emits the view's drawing into `rect`, which has the size `size(for: proposal)` chose.
    func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {}

    /// The first and last text baselines from the top of the view, or nil when the view holds no
    /// text (a parent then uses the view's bottom, as SwiftUI does).
    func baselines(for proposal: ProposedSize) -> Baselines? {
        nil
    }
}

/// Distances from a view's top to its first and last text baselines.
struct Baselines: Hashable {
    var first: Double
    var last: Double

    func offset(by dy: Double) -> Baselines {
        Baselines(first: first + dy, last: last + dy)
    }
}

/// A box around one child (a modifier): it keeps the child's layout priority.
class WrapperBox: LayoutBox {
    let child: LayoutBox

    init(child: LayoutBox) {
        self.child = child
        super.init()
        layoutPriority = child.layoutPriority
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        child.size(for: proposal)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        child.place(in: rect, proposal: proposal, into: &list)
    }

    override func baselines(for proposal: ProposedSize) -> Baselines? {
        child.baselines(for: proposal)
    }

    override var isTextEdged: Bool { child.isTextEdged }
}
