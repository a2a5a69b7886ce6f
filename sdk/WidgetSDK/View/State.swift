import Synchronization

// `@State` and `Binding`, as SwiftUI's. A widget's view is evaluated for each entry, and a
// `@State` holds the value it starts with. A change made while the view's body is turned into
// nodes (an `onGeometryChange` action setting it) evaluates that body again, as SwiftUI renders
// a view again when its state changes, so the entry is drawn as SwiftUI settles it.

/// A value a view owns: SwiftUI's `@State`.
///
///     @State private var indicatorWidth: CGFloat = 200
@propertyWrapper
public struct State<Value>: @unchecked Sendable {
    private let box: StateBox<Value>

    public init(wrappedValue value: Value) {
        box = StateBox(value)
    }

    public init(initialValue value: Value) {
        self.init(wrappedValue: value)
    }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// A binding to the value, for a view that reads and writes it (`$value`).
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() {
        self.init(wrappedValue: nil)
    }
}

/// Where a `@State` keeps its value.
private final class StateBox<Value>: @unchecked Sendable {
    private let lock = Mutex(())
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.withLock { _ in stored } }
        set {
            let changed = lock.withLock { _ in
                defer { stored = newValue }
                return !StatePass.same(stored, newValue)
            }
            if changed { StatePass.current?.changed = true }
        }
    }
}

/// One evaluation of a view's body: whether a `@State` changed during it.
final class StatePass: @unchecked Sendable {
    /// The body being evaluated, innermost first; nil outside an evaluation.
    @TaskLocal static var current: StatePass?
    /// How many times a body is evaluated at most.
    static let maximumEvaluations = 3

    var changed = false

    /// Whether two values of a state are the same: equal, when the type can tell.
    static func same<Value>(_ old: Value, _ new: Value) -> Bool {
        guard let old = old as? any Equatable else { return false }
        return isEqual(old, new)
    }

    private static func isEqual<T: Equatable>(_ old: T, _ new: Any) -> Bool {
        (new as? T) == old
    }
}

/// A value some other view owns, read and written through it: SwiftUI's `Binding`.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value>: @unchecked Sendable {
    private let get: () -> Value
    private let set: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}
