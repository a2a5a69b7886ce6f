/// An id the store makes for what it holds (an instance, a stack): short, printable, unique in
/// its store, and starting with a letter that says what it names.
public protocol StoreMadeID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, RawRepresentable
where RawValue == String {
    /// The first letter of every id of this kind.
    static var letter: String { get }
    init(rawValue: String)
}

extension StoreMadeID {
    /// A fresh id: `letter` and 10 random letters and digits (no look-alikes), about 50 bits.
    public static func random() -> Self {
        let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
        var generator = SystemRandomNumberGenerator()
        return Self(rawValue: letter + String((0..<10).map { _ in alphabet.randomElement(using: &generator)! }))
    }

    /// Written as its bare string.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }
}
