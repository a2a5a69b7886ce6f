/// The symbol modifiers of `docs/view-tree.md` (version 7), written and read.
extension ViewTreeEncoding {
    static func symbolStyle(_ modifier: ViewModifierNode) -> Members {
        switch modifier {
        case .symbolRenderingMode(let mode):
            return ["type": .string("symbolRenderingMode"), "mode": mode.map { .string($0.rawValue) } ?? .null]
        case .symbolVariant(let variants):
            let names = SymbolVariantNames.wireNames.filter { variants.contains($0.0) }.map { JSONValue.string($0.1) }
            return ["type": .string("symbolVariant"), "variants": .array(names)]
        case .imageScale(let scale):
            return ["type": .string("imageScale"), "scale": .string(scale.rawValue)]
        case .secondaryForegroundStyles(let secondary, let tertiary):
            var members: Members = ["type": .string("secondaryForegroundStyles"), "secondary": fill(secondary)]
            if let tertiary { members["tertiary"] = fill(tertiary) }
            return members
        case .symbolVariableValue(let value):
            return ["type": .string("symbolVariableValue"), "value": number(value)]
        default:
            preconditionFailure("not a symbol modifier: \(modifier)")
        }
    }
}

extension ViewTreeReader {
    /// A symbol modifier, `type` one of `ViewWireNames.symbolModifierTypes`.
    mutating func symbolStyle(_ type: String, _ members: Members) throws(ViewTreeError) -> ViewModifierNode {
        switch type {
        case "symbolRenderingMode":
            if case .null? = members["mode"] { return .symbolRenderingMode(nil) }
            return .symbolRenderingMode(try name(members, "mode", default: nil))
        case "symbolVariant":
            enter("variants")
            defer { leave() }
            var variants: SymbolVariantNames = []
            for (index, element) in try array(members["variants"] ?? .array([])).enumerated() {
                enter(index)
                guard case .string(let word) = element else {
                    throw error(.wrongType(expected: "a string", found: element.wireTypePhrase))
                }
                guard let variant = SymbolVariantNames.wireNames.first(where: { $0.1 == word }) else {
                    throw error(.unknownValue(word, allowed: SymbolVariantNames.wireNames.map(\.1)))
                }
                variants.insert(variant.0)
                leave()
            }
            return .symbolVariant(variants)
        case "imageScale":
            return .imageScale(try name(members, "scale", default: nil))
        case "secondaryForegroundStyles":
            return .secondaryForegroundStyles(secondary: try requiredFill(members, "secondary"), tertiary: try fill(members, "tertiary"))
        default: // "symbolVariableValue"
            return .symbolVariableValue(try requiredNumber(members, "value", .unit))
        }
    }
}
