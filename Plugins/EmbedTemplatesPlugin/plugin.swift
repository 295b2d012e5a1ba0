import Foundation
import PackagePlugin

/// Embeds `Templates/*.mustache` into the target as Swift string literals, so the generator carries its default
/// templates however it is started, and `Templates/` stays their only copy.
@main
struct EmbedTemplatesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let files = try FileManager.default.contentsOfDirectory(at: templates, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "mustache" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) default templates",
                executable: try context.tool(named: "EmbedTemplates").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
