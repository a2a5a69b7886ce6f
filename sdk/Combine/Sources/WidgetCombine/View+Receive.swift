import SwiftUI

// SwiftUI's half of Combine: on iOS, SwiftUI imports Combine and its views take publishers.

extension View {
    /// Runs `action` with each value `publisher` sends while the view is on screen: SwiftUI's
    /// `onReceive(_:perform:)`. A widget's view is drawn for its entry and is not running on
    /// screen (iOS archives it; here the host draws it), so no value reaches it: the view is
    /// drawn as it is, and a timeline entry is what changes a widget.
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View
    where P.Failure == Never {
        self
    }
}
