import PackagePlugin

/// Turns each `.intentdefinition` of a target into Swift, as Xcode does for a widget extension:
/// the intent classes (`ConfigurationIntent`), their enums and custom types, generated into the
/// build folder by `IntentDefinitionCodegen` (nothing generated goes into the sources).
@main
struct IntentDefinitions: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "IntentDefinitionCodegen")
        return target.sourceFiles(withSuffix: "intentdefinition").map { file in
            let output = context.pluginWorkDirectoryURL.appending(path: file.url.deletingPathExtension().lastPathComponent + "+Intents.swift")
            return .buildCommand(
                displayName: "Generating SiriKit intents from \(file.url.lastPathComponent)",
                executable: tool.url,
                arguments: [file.url.path, output.path],
                inputFiles: [file.url],
                outputFiles: [output])
        }
    }
}
