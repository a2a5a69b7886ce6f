import Foundation
import WidgetSDK

// SwiftUI's modifiers that take Core Graphics values, which Foundation has here: the SDK's own
// module has their forms with plain numbers, and these, which a widget reaches through SwiftUI,
// are here.

extension View {
    /// The view drawn moved by `offset`; layout is unchanged.
    public func offset(_ offset: CGSize) -> some View {
        self.offset(x: offset.width, y: offset.height)
    }

    /// The view with its centre at `position` of the space it is offered: SwiftUI's `position(_:)`.
    public func position(_ position: CGPoint) -> some View {
        self.position(x: position.x, y: position.y)
    }

    /// The view drawn scaled by `scale` (its width and height) around `anchor`.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale.width, y: scale.height, anchor: anchor)
    }
}
