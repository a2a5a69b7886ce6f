import WidgetPayload

/// A piece of a widget's user interface, as in SwiftUI: a value whose `body` describes it in
/// terms of other views.
///
///     struct CountView: View {
///         let count: Int
///         var body: some View {
///             Text("\(count)").font(.largeTitle)
///         }
///     }
///
/// The SDK evaluates an entry's view once per entry, into the `ViewTree` the host draws. Views
/// are values, evaluated synchronously; nothing in them runs later on the host. A view type is
/// usable from any thread (`SendableMetatype`): entry views are evaluated on whichever thread the
/// provider answers on.
public protocol View: SendableMetatype {
    /// The view this view is made of.
    associatedtype Body: View

    @ViewBuilder var body: Body { get }

    /// The SDK's own: appends the nodes this view stands for to `nodes`. A view written in terms
    /// of others gets the default, which evaluates `body`; only the SDK's primitive views (whose
    /// `Body` is `Never`) write their own. Do not implement or call it.
    func _makeNodes(into nodes: inout [ViewNode])
}

extension View {
    public func _makeNodes(into nodes: inout [ViewNode]) {
        // A `@State` of this view that changes while its body's views are made (an
        // `onGeometryChange` action) is read by the body evaluated again, as SwiftUI renders a
        // view again when its state changes; a few times at most, so a view that changes its
        // state on every evaluation still ends (State.swift).
        let pass = StatePass()
        var made: [ViewNode] = []
        StatePass.$current.withValue(pass) {
            for _ in 0..<StatePass.maximumEvaluations {
                pass.changed = false
                made = []
                body._makeNodes(into: &made)
                if !pass.changed { break }
            }
        }
        nodes += made
    }
}

extension View where Body == Never {
    /// A primitive view has no body: the SDK turns it into nodes itself.
    public var body: Never {
        fatalError("\(Self.self) is a primitive view; it has no body")
    }
}

extension Never: View {
    public typealias Body = Never

    public func _makeNodes(into nodes: inout [ViewNode]) {}
}
