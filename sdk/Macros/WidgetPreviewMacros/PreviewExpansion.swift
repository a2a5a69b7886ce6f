/// `#Preview(…)` rewritten as Xcode's expansion is shaped: a type with a unique name conforming
/// to `_PreviewRegistry`, whose `preview` is a `_PreviewDeclaration` made from the macro's own
/// arguments, written out as an initializer call. The compiler then checks those arguments
/// against `_PreviewDeclaration`'s initializers, which mirror the macro's signatures, so the
/// plugin never has to parse them: it only finds where the arguments begin.
struct PreviewExpansion {
    /// Why a `#Preview`'s source could not be expanded.
    struct Failure: Error {
        let message: String
    }

    let expansion: FreestandingExpansion

    func expandedSource() throws(Failure) -> String {
        let source = expansion.syntax.source
        let scanner = LeadingTrivia(source)
        guard let macro = scanner.macroStart(named: "#Preview") else {
            throw Failure(message: "#Preview: expected '#Preview' at the start of the expansion")
        }
        let attributes = String(source[source.startIndex..<macro.start])
        let arguments = String(source[macro.end...])
        let line = expansion.syntax.location.line + source[..<macro.start].count(where: { $0 == "\n" })
        // `unique` follows the compiler's scheme for a macro's unique names (the discriminator,
        // the name's length and text, then `fMu_`): at file scope no other name is allowed.
        let unique = "\(expansion.discriminator)15PreviewRegistryfMu_"
        return """
            \(attributes.trimmingTrivia())
            struct \(unique): WidgetSDK._PreviewRegistry {
                static let fileID: String = \(Self.literal(expansion.syntax.location.fileID))
                static let line: Int = \(line)
                static var preview: WidgetSDK._PreviewDeclaration {
                    WidgetSDK._PreviewDeclaration\(arguments)
                }
            }
            """
    }

    /// A Swift string literal of `text` (a file ID: no quotes or backslashes in practice).
    private static func literal(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}

/// Finds a freestanding macro's `#Name` after the trivia (spaces, comments) and attributes
/// (`@available(…)`) that may precede it.
struct LeadingTrivia {
    let source: String

    init(_ source: String) {
        self.source = source
    }

    func macroStart(named name: String) -> (start: String.Index, end: String.Index)? {
        var index = source.startIndex
        while index < source.endIndex {
            let rest = source[index...]
            if rest.first!.isWhitespace {
                index = source.index(after: index)
            } else if rest.hasPrefix("//") {
                index = rest.firstIndex(of: "\n") ?? source.endIndex
            } else if rest.hasPrefix("/*") {
                guard let close = rest.firstRange(of: "*/") else { return nil }
                index = close.upperBound
            } else if rest.hasPrefix("@") {
                index = Self.endOfAttribute(rest)
            } else if rest.hasPrefix(name) {
                let end = source.index(index, offsetBy: name.count)
                // `#PreviewX` is another macro.
                if end < source.endIndex, source[end].isLetter || source[end].isNumber || source[end] == "_" { return nil }
                return (index, end)
            } else {
                return nil
            }
        }
        return nil
    }

    /// Past `@name` and its parenthesised arguments, if any.
    private static func endOfAttribute(_ text: Substring) -> String.Index {
        var index = text.index(after: text.startIndex)
        while index < text.endIndex, text[index].isLetter || text[index].isNumber || text[index] == "_" || text[index] == "." {
            index = text.index(after: index)
        }
        guard index < text.endIndex, text[index] == "(" else { return index }
        var depth = 0
        while index < text.endIndex {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return text.index(after: index) }
            }
            index = text.index(after: index)
        }
        return index
    }
}

extension String {
    func trimmingTrivia() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
