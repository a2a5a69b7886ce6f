/// A coding path built only when someone asks for it: an error, or `codingPath`. Shared by
/// `JSONValueEncoder` and `JSONValueDecoder`.
indirect enum CodingPath {
    case root
    case child(any CodingKey, parent: CodingPath)

    func appending(_ key: any CodingKey) -> CodingPath { .child(key, parent: self) }

    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while case .child(let key, let parent) = node {
            keys.append(key)
            node = parent
        }
        return keys.reversed()
    }
}

/// The keys Foundation's JSON coders put in coding paths: array positions and `super`.
struct ValueCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    static let `super` = ValueCodingKey(stringValue: "super")
}
