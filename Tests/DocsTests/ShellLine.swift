/// One command line of the docs, split into words as a shell would, far enough to find and check
/// the `widgethost` commands in it.
///
/// - Words: whitespace separates; `'…'` is literal; `"…"` is literal but for `\` escapes and
///   substitutions; `\x` outside quotes is `x`.
/// - Substitutions (`$NAME`, `${…}`, `$(…)`, `` `…` ``) become ``placeholder``: the docs' values
///   are not known here, so one that parses as a name, a path, an ID and a number alike stands in.
/// - `#` at the start of a word begins a comment, which is dropped.
/// - `&&`, `||`, `|`, `;`, `&`, `(` and `)` end a simple command; redirections (`> FILE`,
///   `2>&1`, `< FILE`) are dropped with their targets.
struct ShellLine {
    /// What a substitution stands for.
    static let placeholder = "1"

    /// The simple commands of the line, each its words.
    let commands: [[String]]

    struct SyntaxError: Error, CustomStringConvertible {
        let description: String
    }

    init(_ line: String) throws {
        var commands: [[String]] = []
        var words: [String] = []
        var word: String?
        var dropNextWord = false
        let characters = Array(line)
        var index = 0

        func finishWord() {
            guard let finished = word else { return }
            word = nil
            if dropNextWord {
                dropNextWord = false
            } else {
                words.append(finished)
            }
        }
        func finishCommand() {
            finishWord()
            if !words.isEmpty { commands.append(words) }
            words = []
        }

        /// Skips a substitution starting at `start` (at `$` or a backtick); returns the index after it.
        func skipSubstitution(at start: Int) throws -> Int {
            if characters[start] == "`" {
                guard let end = characters[(start + 1)...].firstIndex(of: "`") else {
                    throw SyntaxError(description: "an unterminated ` substitution")
                }
                return end + 1
            }
            let next = start + 1
            guard next < characters.count else { return next }
            switch characters[next] {
            case "(":
                var depth = 0
                var quote: Character?
                var position = next
                while position < characters.count {
                    let character = characters[position]
                    if let open = quote {
                        if character == open { quote = nil }
                    } else if character == "'" || character == "\"" {
                        quote = character
                    } else if character == "(" {
                        depth += 1
                    } else if character == ")" {
                        depth -= 1
                        if depth == 0 { return position + 1 }
                    }
                    position += 1
                }
                throw SyntaxError(description: "an unterminated $( substitution")
            case "{":
                guard let end = characters[next...].firstIndex(of: "}") else {
                    throw SyntaxError(description: "an unterminated ${ substitution")
                }
                return end + 1
            case let character where character.isLetter || character == "_":
                var position = next
                while position < characters.count, characters[position].isLetter || characters[position].isNumber || characters[position] == "_" {
                    position += 1
                }
                return position
            case let character where character.isNumber || "?#@*!$-".contains(character):
                return next + 1
            default:
                return start  // a lone `$`: literal
            }
        }

        while index < characters.count {
            let character = characters[index]
            switch character {
            case " ", "\t":
                finishWord()
                index += 1
            case "#" where word == nil:
                index = characters.count
            case "'":
                guard let end = characters[(index + 1)...].firstIndex(of: "'") else {
                    throw SyntaxError(description: "an unterminated ' quote")
                }
                word = (word ?? "") + String(characters[(index + 1)..<end])
                index = end + 1
            case "\"":
                var text = word ?? ""
                var position = index + 1
                var closed = false
                while position < characters.count {
                    let inner = characters[position]
                    if inner == "\"" {
                        closed = true
                        position += 1
                        break
                    } else if inner == "\\", position + 1 < characters.count, "$`\"\\".contains(characters[position + 1]) {
                        text.append(characters[position + 1])
                        position += 2
                    } else if inner == "$" || inner == "`" {
                        let after = try skipSubstitution(at: position)
                        if after == position {
                            text.append(inner)
                            position += 1
                        } else {
                            text += Self.placeholder
                            position = after
                        }
                    } else {
                        text.append(inner)
                        position += 1
                    }
                }
                guard closed else { throw SyntaxError(description: "an unterminated \" quote") }
                word = text
                index = position
            case "\\":
                if index + 1 < characters.count {
                    word = (word ?? "") + String(characters[index + 1])
                }
                index += 2
            case "$", "`":
                let after = try skipSubstitution(at: index)
                if after == index {
                    word = (word ?? "") + "$"
                    index += 1
                } else {
                    word = (word ?? "") + Self.placeholder
                    index = after
                }
            case "&", "|", ";", "(", ")":
                if character == "&", index > 0, characters[index - 1] == ">" {
                    // `>&1`: the descriptor that follows is the redirection's target.
                    index += 1
                    continue
                }
                finishCommand()
                index += 1
                if index < characters.count, (character == "&" || character == "|"), characters[index] == character {
                    index += 1
                }
            case "<", ">":
                // A descriptor number right before the operator (`2>`) belongs to the redirection.
                if let current = word, current.allSatisfy(\.isNumber) { word = nil }
                finishWord()
                dropNextWord = true
                index += 1
                while index < characters.count, characters[index] == ">" || characters[index] == "<" {
                    index += 1
                }
            default:
                word = (word ?? "") + String(character)
                index += 1
            }
        }
        finishCommand()
        self.commands = commands
    }

    /// The arguments of every `widgethost` invocation in the line: a command that is `widgethost`,
    /// a path ending in `/widgethost`, or `swift run [OPTIONS] widgethost`, after any
    /// `NAME=VALUE` assignments and `env`, `exec`, `time`, `nice` or `sudo`.
    var widgethostInvocations: [[String]] {
        commands.compactMap(Self.widgethostArguments)
    }

    private static func widgethostArguments(_ words: [String]) -> [String]? {
        var rest = words[...]
        while let first = rest.first {
            if first.firstMatch(of: /^[A-Za-z_][A-Za-z0-9_]*=/) != nil || ["env", "exec", "time", "sudo"].contains(first) {
                rest = rest.dropFirst()
            } else if first == "nice" {
                rest = rest.dropFirst()
                if rest.first == "-n" { rest = rest.dropFirst(2) } else if rest.first?.hasPrefix("-") == true { rest = rest.dropFirst() }
            } else {
                break
            }
        }
        guard let command = rest.first else { return nil }
        if command == "widgethost" || command.hasSuffix("/widgethost") {
            return Array(rest.dropFirst())
        }
        guard command == "swift", rest.dropFirst().first == "run" else { return nil }
        // `swift run`'s own options before the product; these take a value.
        let valued: Set<String> = ["--package-path", "--scratch-path", "--build-path", "--cache-path", "-c", "--configuration", "-C", "--triple", "--sdk", "--swift-sdk", "--jobs", "-j"]
        var position = rest.startIndex + 2
        while position < rest.endIndex, rest[position].hasPrefix("-") {
            position += valued.contains(rest[position]) ? 2 : 1
        }
        guard position < rest.endIndex, rest[position] == "widgethost" else { return nil }
        return Array(rest[(position + 1)...])
    }
}
