/// How far apart two names are, to suggest the one meant for a mistyped one ("did you mean …?"):
/// the host's App Groups and kinds, and SF Symbols' names.
public enum NameDistance {
    /// Whether `a` is likely a typo of `b`: the same but for case, or at most two edits apart.
    public static func isNear(_ a: String, _ b: String) -> Bool {
        a.lowercased() == b.lowercased() || editDistance(Array(a), Array(b), limit: 2) <= 2
    }

    /// Levenshtein distance, giving up (returning limit + 1) once it exceeds `limit`.
    public static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            if current.min()! > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}
