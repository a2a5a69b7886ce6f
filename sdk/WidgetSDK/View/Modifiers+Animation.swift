// Animations, transitions and appearance, as SwiftUI's. iOS animates a widget from one entry's view to the
// next (iOS 17); a host drawing each entry as a still image draws where the animation ends, so
// these modifiers compile and leave the view as it is.

/// How a change animates: SwiftUI's `Animation`. A widget's drawing is its end state.
public struct Animation: Sendable, Hashable {
    let name: String
    let duration: Double?

    init(_ name: String, duration: Double? = nil) {
        self.name = name
        self.duration = duration
    }

    public static let `default` = Animation("default")
    public static let linear = Animation("linear")
    public static let easeIn = Animation("easeIn")
    public static let easeOut = Animation("easeOut")
    public static let easeInOut = Animation("easeInOut")
    public static let spring = Animation("spring")
    public static let bouncy = Animation("bouncy")
    public static let smooth = Animation("smooth")
    public static let snappy = Animation("snappy")

    public static func linear(duration: Double) -> Animation { Animation("linear", duration: duration) }
    public static func easeIn(duration: Double) -> Animation { Animation("easeIn", duration: duration) }
    public static func easeOut(duration: Double) -> Animation { Animation("easeOut", duration: duration) }
    public static func easeInOut(duration: Double) -> Animation { Animation("easeInOut", duration: duration) }
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        Animation("spring", duration: duration)
    }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation("spring", duration: response)
    }

    public func delay(_ delay: Double) -> Animation { self }
    public func speed(_ speed: Double) -> Animation { self }
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation { self }
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
}

/// How a view enters or leaves when the entry changes: SwiftUI's `AnyTransition`.
public struct AnyTransition: Sendable {
    let name: String

    init(_ name: String) {
        self.name = name
    }

    public static let identity = AnyTransition("identity")
    public static let opacity = AnyTransition("opacity")
    public static let scale = AnyTransition("scale")
    public static let slide = AnyTransition("slide")

    public static func scale(scale: Double, anchor: UnitPoint = .center) -> AnyTransition { AnyTransition("scale") }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition("move") }
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition("push") }
    public static func offset(x: Double = 0, y: Double = 0) -> AnyTransition { AnyTransition("offset") }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { insertion }

    public func combined(with other: AnyTransition) -> AnyTransition { self }
    public func animation(_ animation: Animation?) -> AnyTransition { self }
}

/// How a view's content (a number, a symbol) changes when the entry does: SwiftUI's
/// `ContentTransition`.
public struct ContentTransition: Sendable, Hashable {
    let name: String

    init(_ name: String) {
        self.name = name
    }

    public static let identity = ContentTransition("identity")
    public static let opacity = ContentTransition("opacity")
    public static let interpolate = ContentTransition("interpolate")

    /// Digits rolling up (or down, `countsDown`) to the new number.
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition("numericText") }

    /// Digits rolling towards `value`.
    public static func numericText(value: Double) -> ContentTransition { ContentTransition("numericText") }
}

extension View {
    /// Animates changes of `value` in this view; drawn as the end state.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        self
    }

    /// How this view comes and goes between entries; drawn as the entry's view.
    public func transition(_ transition: AnyTransition) -> some View {
        self
    }

    /// How this view's content changes between entries; drawn as the entry's content.
    public func contentTransition(_ transition: ContentTransition) -> some View {
        self
    }
}

extension View {
    /// Runs `action` when the view appears on screen, in an app. A widget's view is drawn for its
    /// entry, not kept on a screen (iOS archives it; here the host draws it), so the action is
    /// not run and the view is drawn as it is.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        self
    }

    /// Runs `action` when the view leaves the screen, in an app; in a widget, as `onAppear`.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        self
    }
}
