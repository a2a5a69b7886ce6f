import Foundation
import PackagePlugin

/// Generates a target's Wayland glue from the protocol XML in its `Protocols` folder at build
/// time, with `WaylandGlueGenerator`: nothing generated is kept in the source tree.
@main
struct WaylandGlue: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Protocols")
        let protocols = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "xml" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "WaylandProtocols.swift")
        return [
            .buildCommand(
                displayName: "Generating Wayland glue for \(target.name)",
                executable: try context.tool(named: "WaylandGlueGenerator").url,
                arguments: [output.path] + protocols.map(\.path),
                inputFiles: protocols,
                outputFiles: [output])
        ]
    }
}
