import Foundation
import WidgetPayload
import WidgetSDK

/// A container whose content is made from the space it is offered, as SwiftUI's: it takes all of
/// that space, and places its content at the top leading corner.
///
///     GeometryReader { geometry in
///         Image("poster").resizable().frame(width: geometry.size.width, height: geometry.size.height)
///     }
///
/// Here views are evaluated once, before the host lays them out, so the space is the SDK's
/// reckoning of what the host will offer: the widget's content area (its family's size less the
/// content margins, the whole widget in a `containerBackground`), less each `padding`, inside
/// each `frame` of a fixed width or height. Inside a stack, which shares its space among its
/// children only when laid out, the reader is told the stack's whole space (docs/porting.md).
public struct GeometryReader<Content: View>: View {
    public typealias Body = Never

    let content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        let space = EnvironmentValues.current.offeredSize
        let children = ViewEvaluation.nodes(of: content(GeometryProxy(size: CGSize(width: space.width, height: space.height))))
        var node = ViewNode(.zStack(alignment: .topLeading, children: children))
        node.modifiers.append(.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)))
        nodes.append(node)
    }
}

/// The space a `GeometryReader` was offered.
public struct GeometryProxy: Sendable {
    /// The offered size, in points.
    public let size: CGSize

    /// None: a widget has no safe area.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    /// The reader's frame: at the origin in its own space; in any other, its origin is not known
    /// before layout, and is reported as the origin too.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        CGRect(origin: .zero, size: size)
    }
}

/// Where a frame is measured from, as SwiftUI's.
public enum CoordinateSpace: Sendable, Hashable {
    case global
    case local
    case named(String)
}


extension View {
    /// Calls `action` with what `transform` makes of this view's geometry, as SwiftUI does when
    /// the view is first laid out. Here views are evaluated once, before layout, so the geometry
    /// is the SDK's reckoning of the space offered to the view, as a `GeometryReader` is told; a
    /// `@State` the action sets is seen by the views evaluated after it.
    public func onGeometryChange<T: Equatable>(
        for type: T.Type, of transform: @escaping (GeometryProxy) -> T, action: @escaping (T) -> Void
    ) -> some View {
        GeometryReporter(content: self) { action(transform($0)) }
    }

    /// As `onGeometryChange(for:of:action:)`, the action told the old value and the new: the first
    /// value is both.
    public func onGeometryChange<T: Equatable>(
        for type: T.Type, of transform: @escaping (GeometryProxy) -> T, action: @escaping (_ oldValue: T, _ newValue: T) -> Void
    ) -> some View {
        GeometryReporter(content: self) {
            let value = transform($0)
            action(value, value)
        }
    }
}

/// A view that tells its geometry to code before its content is evaluated.
private struct GeometryReporter<Content: View>: View {
    typealias Body = Never

    let content: Content
    let report: (GeometryProxy) -> Void

    func _makeNodes(into nodes: inout [ViewNode]) {
        let space = EnvironmentValues.current.offeredSize
        report(GeometryProxy(size: CGSize(width: space.width, height: space.height)))
        nodes += ViewEvaluation.nodes(of: content)
    }
}
