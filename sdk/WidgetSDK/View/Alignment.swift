import WidgetPayload

/// How a `VStack` lines up its children: SwiftUI's `HorizontalAlignment`.
public struct HorizontalAlignment: Sendable, Hashable {
    let name: HorizontalAlignmentName

    public static let leading = HorizontalAlignment(name: .leading)
    public static let center = HorizontalAlignment(name: .center)
    public static let trailing = HorizontalAlignment(name: .trailing)
}

/// How an `HStack` lines up its children: SwiftUI's `VerticalAlignment`.
public struct VerticalAlignment: Sendable, Hashable {
    let name: VerticalAlignmentName

    public static let top = VerticalAlignment(name: .top)
    public static let center = VerticalAlignment(name: .center)
    public static let bottom = VerticalAlignment(name: .bottom)
    public static let firstTextBaseline = VerticalAlignment(name: .firstTextBaseline)
    public static let lastTextBaseline = VerticalAlignment(name: .lastTextBaseline)
}

/// Where a view sits in a `ZStack`, a frame or behind/in front of another: SwiftUI's `Alignment`.
public struct Alignment: Sendable, Hashable {
    let name: AlignmentName

    public static let topLeading = Alignment(name: .topLeading)
    public static let top = Alignment(name: .top)
    public static let topTrailing = Alignment(name: .topTrailing)
    public static let leading = Alignment(name: .leading)
    public static let center = Alignment(name: .center)
    public static let trailing = Alignment(name: .trailing)
    public static let bottomLeading = Alignment(name: .bottomLeading)
    public static let bottom = Alignment(name: .bottom)
    public static let bottomTrailing = Alignment(name: .bottomTrailing)
}

extension Alignment {
    /// The alignment of `horizontal` across and `vertical` down. A text baseline lines up as the
    /// top (first) or bottom (last) edge: the host aligns frames, which have no baselines.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        let names: [[AlignmentName]] = [[.topLeading, .top, .topTrailing], [.leading, .center, .trailing], [.bottomLeading, .bottom, .bottomTrailing]]
        let row = switch vertical.name {
        case .top, .firstTextBaseline: 0
        case .center: 1
        case .bottom, .lastTextBaseline: 2
        }
        let column = switch horizontal.name {
        case .leading: 0
        case .center: 1
        case .trailing: 2
        }
        self.init(name: names[row][column])
    }

    /// The alignment across.
    public var horizontal: HorizontalAlignment {
        switch name {
        case .topLeading, .leading, .bottomLeading: .leading
        case .top, .center, .bottom: .center
        case .topTrailing, .trailing, .bottomTrailing: .trailing
        }
    }

    /// The alignment down.
    public var vertical: VerticalAlignment {
        switch name {
        case .topLeading, .top, .topTrailing: .top
        case .leading, .center, .trailing: .center
        case .bottomLeading, .bottom, .bottomTrailing: .bottom
        }
    }
}

/// How the lines of a multi-line `Text` line up: SwiftUI's `TextAlignment`.
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    case leading, center, trailing

    var name: TextAlignmentName {
        switch self {
        case .leading: .leading
        case .center: .center
        case .trailing: .trailing
        }
    }
}

/// Whether a view scaled to an aspect ratio fits inside its frame or fills it: SwiftUI's `ContentMode`.
public enum ContentMode: Sendable, Hashable, CaseIterable {
    case fit, fill

    var name: ContentModeName {
        switch self {
        case .fit: .fit
        case .fill: .fill
        }
    }
}

/// A point in a view's frame, each coordinate 0…1 from the top leading corner: SwiftUI's `UnitPoint`.
public struct UnitPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public init() {
        self.init(x: 0, y: 0)
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    var spec: UnitPointSpec { UnitPointSpec(x: x, y: y) }
}

/// A side of a view: SwiftUI's `Edge`, with `Edge.Set` for `padding(_:_:)`.
public enum Edge: Sendable, Hashable, CaseIterable {
    case top, leading, bottom, trailing

    /// Several sides at once, such as `.horizontal` or `.all`.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int8

        public init(rawValue: Int8) {
            self.rawValue = rawValue
        }

        public init(_ edge: Edge) {
            switch edge {
            case .top: self = .top
            case .leading: self = .leading
            case .bottom: self = .bottom
            case .trailing: self = .trailing
            }
        }

        public static let top = Set(rawValue: 1 << 0)
        public static let leading = Set(rawValue: 1 << 1)
        public static let bottom = Set(rawValue: 1 << 2)
        public static let trailing = Set(rawValue: 1 << 3)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Lengths, in points, on each side of a view: SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Sendable, Hashable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// `length` on the sides in `edges`, zero on the others.
    init(_ edges: Edge.Set, _ length: Double) {
        self.init(
            top: edges.contains(.top) ? length : 0,
            leading: edges.contains(.leading) ? length : 0,
            bottom: edges.contains(.bottom) ? length : 0,
            trailing: edges.contains(.trailing) ? length : 0)
    }

    var spec: EdgeInsetsSpec {
        EdgeInsetsSpec(top: top, leading: leading, bottom: bottom, trailing: trailing)
    }
}
