/// What one encoder, or one nested container, has encoded so far (`JSONValueEncoder`). A class
/// because a nested container or a super encoder is handed out first and filled in afterwards.
final class ValueBox {
    enum Shape { case nothing, single, object, array }

    /// An object member: a finished value, or a nested container or super encoder still being
    /// filled in, resolved by `value()`.
    private enum Member {
        case value(JSONValue)
        case pending(ValueBox)
    }

    private(set) var shape: Shape
    private var single = JSONValue.null
    /// In the order encoded, a key encoded again winning: a list, hashed once into the object at
    /// the end, rather than a dictionary that rehashes as it grows.
    private var members: [(key: String, member: Member)] = []
    private var elements: [JSONValue] = []
    private var pendingElements: [(index: Int, box: ValueBox)] = []

    init() {
        shape = .nothing
    }

    /// Makes this box an object or an array. Asking again for the same shape keeps what is there,
    /// which is how a subclass and its superclass share one keyed container.
    func become(_ wanted: Shape) {
        if shape == wanted { return }
        switch (shape, wanted) {
        case (.nothing, _):
            shape = wanted
            // Room for a typical struct's members up front, rather than regrowing at 1, 2 and 4.
            if wanted == .object { members.reserveCapacity(8) }
        case (.single, .object) where single.objectValue != nil:
            // A single value container that encoded an object, then a keyed container: one object.
            members = (single.objectValue ?? [:]).map { ($0.key, .value($0.value)) }
            shape = .object
        default:
            // JSONEncoder stops here too: the value cannot be both.
            preconditionFailure("Attempt to push a new \(wanted) container where a \(shape) was already encoded.")
        }
    }

    func setSingle(_ value: JSONValue) {
        precondition(shape == .nothing, "Attempt to encode value through single value container when previously value already encoded.")
        single = value
        shape = .single
    }

    func set(_ value: JSONValue, forKey key: String) {
        members.append((key, .value(value)))
    }

    func append(_ value: JSONValue) {
        elements.append(value)
    }

    var elementCount: Int { elements.count }

    /// A box to be filled in later at `key`. The nested container of the same shape last made for
    /// that key is reused, as `JSONEncoder` does.
    func pendingBox(forKey key: String, shape: Shape) -> ValueBox {
        if let last = members.last(where: { $0.key == key }), case .pending(let existing) = last.member, existing.shape == shape {
            return existing
        }
        let box = ValueBox()
        box.become(shape)
        members.append((key, .pending(box)))
        return box
    }

    /// A box to be filled in later, appended as the next element.
    func appendPendingBox(shape: Shape) -> ValueBox {
        let box = ValueBox()
        box.become(shape)
        pendingElements.append((elements.count, box))
        elements.append(.null)
        return box
    }

    /// What was encoded; nil when nothing was. A pending box that stayed empty (a super encoder
    /// nobody used) is `{}`, as with `JSONEncoder`.
    func value() -> JSONValue? {
        switch shape {
        case .nothing: return nil
        case .single: return single
        case .object:
            var object = [String: JSONValue](minimumCapacity: members.count)
            for (key, member) in members {
                switch member {
                case .value(let value): object[key] = value
                case .pending(let box): object[key] = box.value() ?? .object([:])
                }
            }
            return .object(object)
        case .array:
            for (index, box) in pendingElements { elements[index] = box.value() ?? .object([:]) }
            pendingElements = []
            return .array(elements)
        }
    }
}
