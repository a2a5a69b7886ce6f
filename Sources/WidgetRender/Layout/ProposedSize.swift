import WidgetPayload

/// What a parent offers a child, SwiftUI's `ProposedViewSize`: on each axis a length, `nil`
/// (the child's ideal size) or `.infinity` (as much as the child can use).
struct ProposedSize: Hashable {
    var width: Double?
    var height: Double?

    init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// The ideal size on both axes, as `fixedSize()` asks.
    static let unspecified = ProposedSize(width: nil, height: nil)

    init(along axis: Axis, _ along: Double?, cross: Double?) {
        switch axis {
        case .horizontal: self.init(width: along, height: cross)
        case .vertical: self.init(width: cross, height: along)
        }
    }

    subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set {
            if axis == .horizontal { width = newValue } else { height = newValue }
        }
    }

    /// nil and infinity as nil: what a measurer or an aspect ratio can bound by.
    var finiteWidth: Double? { width.flatMap { $0.isFinite ? $0 : nil } }
    var finiteHeight: Double? { height.flatMap { $0.isFinite ? $0 : nil } }
}

/// A stack's direction: the axis it lays its children along.
enum Axis: Sendable, Hashable {
    case horizontal, vertical

    var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension Size {
    init(along axis: Axis, _ along: Double, cross: Double) {
        switch axis {
        case .horizontal: self.init(width: along, height: cross)
        case .vertical: self.init(width: cross, height: along)
        }
    }

    subscript(axis: Axis) -> Double {
        axis == .horizontal ? width : height
    }

    var isFinite: Bool { width.isFinite && height.isFinite }
}

extension Point {
    subscript(axis: Axis) -> Double {
        axis == .horizontal ? x : y
    }
}

extension Rect {
    /// A rectangle of `size` placed in this one at `alignment`; it may overflow (centred
    /// overflow, as SwiftUI places a child larger than its parent).
    func aligned(_ size: Size, _ alignment: AlignmentName) -> Rect {
        let (fx, fy) = alignment.fractions
        return Rect(
            x: minX + (width - size.width) * fx,
            y: minY + (height - size.height) * fy,
            width: size.width, height: size.height
        )
    }

    /// The largest square centred in this rectangle: where a `Circle` is drawn.
    var centeredSquare: Rect {
        let side = min(width, height)
        return aligned(Size(width: side, height: side), .center)
    }

    var center: Point { Point(x: minX + width / 2, y: minY + height / 2) }
}

extension AlignmentName {
    /// Where on each axis a child sits in the space left over: 0 leading/top, 1 trailing/bottom.
    var fractions: (x: Double, y: Double) {
        switch self {
        case .topLeading: (0, 0)
        case .top: (0.5, 0)
        case .topTrailing: (1, 0)
        case .leading: (0, 0.5)
        case .center: (0.5, 0.5)
        case .trailing: (1, 0.5)
        case .bottomLeading: (0, 1)
        case .bottom: (0.5, 1)
        case .bottomTrailing: (1, 1)
        }
    }
}
