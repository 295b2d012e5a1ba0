import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-models [--target T]… [--check] [--dry-run]`:
/// runs model-generator on the `model-generator.yaml` of each target (or of the targets named), writing each
/// config's output folder. With `--check` nothing is written and the command fails when anything is stale.
@main
struct GenerateModels: CommandPlugin {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        let dryRun = extractor.extractFlag(named: "dry-run") > 0
        if !extractor.remainingArguments.isEmpty {
            throw Failure(description: "unknown arguments: \(extractor.remainingArguments.joined(separator: " "))")
        }

        let allTargets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        for name in targetNames where !allTargets.contains(where: { $0.name == name }) {
            let known = allTargets.map(\.name).sorted().joined(separator: ", ")
            throw Failure(description: "the package has no target '\(name)'; its targets are \(known)")
        }
        let targets = targetNames.isEmpty ? allTargets : allTargets.filter { targetNames.contains($0.name) }

        var configs: [(target: String, config: URL, sources: [URL])] = []
        for target in targets.sorted(by: { $0.name < $1.name }) {
            let found = try Self.configs(in: target.directoryURL)
            if found.count > 1 {
                let paths = found.map(\.path).joined(separator: ", ")
                throw Failure(
                    description:
                        "target '\(target.name)' has \(found.count) model-generator.yaml files (\(paths)); keep one"
                )
            }
            if let config = found.first {
                configs.append((target.name, config, target.sourceFiles(withSuffix: "swift").map(\.url)))
            }
        }
        if configs.isEmpty {
            throw Failure(
                description: targetNames.isEmpty
                    ? "no target of this package has a model-generator.yaml; add one to the target that holds your models"
                    : "the targets named have no model-generator.yaml"
            )
        }

        let generator = try context.tool(named: "model-generator").url
        var stale = false
        let packagePath = context.package.directoryURL.standardizedFileURL.path + "/"
        for (target, config, sources) in configs {
            // Relative to the package, so what the generator prints reads as the package's own paths.
            let path = config.standardizedFileURL.path
            let relative = path.hasPrefix(packagePath) ? String(path.dropFirst(packagePath.count)) : path
            // The files SwiftPM compiles for the target, so the generator can refuse an output folder it excludes.
            let sourceList = context.pluginWorkDirectoryURL.appendingPathComponent("\(target)-sources.txt")
            try sources.map { $0.standardizedFileURL.path + "\n" }.joined()
                .write(to: sourceList, atomically: true, encoding: .utf8)
            var arguments = ["generate", "--config", relative, "--target-sources", sourceList.path]
            if check { arguments.append("--check") }
            if dryRun { arguments.append("--dry-run") }
            let status = try Self.run(generator, arguments, in: context.package.directoryURL)
            if status != 0 {
                if check { stale = true } else { throw Failure(description: "model-generator failed for \(relative)") }
            }
        }
        if stale {
            throw Failure(
                description:
                    "generated code is out of date; run swift package --allow-writing-to-package-directory generate-models"
            )
        }
    }

    /// The configs below a target's folder, in path order.
    static func configs(in directory: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        var found: [URL] = []
        for case let url as URL in walker where url.lastPathComponent == "model-generator.yaml" {
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Runs the generator with the package folder as working directory, so the paths it prints are the package's.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
