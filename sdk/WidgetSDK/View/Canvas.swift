import Foundation
import WidgetPayload

/// A view drawn by code, as SwiftUI's `Canvas`: its renderer gets a `GraphicsContext` and the
/// canvas's size, and fills, strokes and draws text and images into it.
///
///     Canvas { context, size in
///         context.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.orange))
///     }
///
/// Views are evaluated once, before the host lays them out, so the renderer runs once, in the
/// SDK, at its reckoning of the canvas's size (the space it is offered, as `GeometryReader`'s);
/// what it drew is recorded into the view tree and the host scales the drawing to the frame the
/// canvas gets. A canvas takes the space it is offered and draws only inside it.
public struct Canvas<Symbols: View>: View {
    public typealias Body = Never

    let isOpaque: Bool
    let renderer: (inout GraphicsContext, CGSize) -> Void

    /// - Parameters:
    ///   - opaque: A promise the drawing covers the canvas; the host draws the same either way.
    ///   - colorMode: Accepted for SwiftUI's sake: the host blends in sRGB (`nonLinear`).
    ///   - rendersAsynchronously: Accepted for SwiftUI's sake: the renderer runs once, when
    ///     the entry's view is evaluated.
    ///   - renderer: Draws into the context, given the size the SDK reckons the canvas is
    ///     offered; the host scales the drawing to the canvas's frame.
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) where Symbols == EmptyView {
        self.isOpaque = opaque
        self.renderer = renderer
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        let space = EnvironmentValues.current.offeredSize
        let recorder = CanvasRecorder()
        var context = GraphicsContext(recorder: recorder, environment: EnvironmentValues.current)
        renderer(&context, CGSize(width: space.width, height: space.height))
        let drawing = CanvasDrawing(size: SizeSpec(width: space.width, height: space.height), isOpaque: isOpaque,
                                    operations: recorder.operations)
        nodes.append(ViewNode(.canvas(drawing)))
    }
}

/// How a canvas blends colours, as SwiftUI's; the host always blends in sRGB.
public enum ColorRenderingMode: Sendable, Hashable, CaseIterable {
    case nonLinear, linear, extendedLinear
}

/// What a canvas's renderer drew, in order: shared by the context it was given and every copy
/// of it (`drawLayer`'s, or one the renderer made), as SwiftUI's contexts share their canvas.
/// A class for that sharing; it lives for one evaluation of one canvas, on one thread.
final class CanvasRecorder {
    var operations: [CanvasOperation] = []
}
