// Writes the Swift that Xcode generates from a `.intentdefinition`: one `INIntent` subclass per
// intent (`<Name>Intent`, a property per parameter), one enum per enum and one `INObject`
// subclass per custom type, with what the SDK needs to configure them (their parameters'
// definitions and a setter). Run by the IntentDefinitions plugin:
//
//   IntentDefinitionCodegen INPUT.intentdefinition OUTPUT.swift
import Foundation

struct CodegenError: Error, CustomStringConvertible {
    let description: String
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: IntentDefinitionCodegen INPUT.intentdefinition OUTPUT.swift\n".utf8))
    exit(2)
}
let input = URL(fileURLWithPath: arguments[1])
let output = URL(fileURLWithPath: arguments[2])

do {
    let data = try Data(contentsOf: input)
    guard let definition = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
        throw CodegenError(description: "\(input.lastPathComponent): not a property list dictionary")
    }
    let swift = IntentDefinitionSwift(definition: definition, source: input.lastPathComponent).generated()
    try Data(swift.utf8).write(to: output, options: .atomic)
} catch {
    FileHandle.standardError.write(Data("\(input.path): error: \(error)\n".utf8))
    exit(1)
}
