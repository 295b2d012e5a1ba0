import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-models [--target T]… [--check] [--dry-run] [--strict]`:
/// runs model-generator on the `model-generator.yaml` (or `.yml`) of each target, or of the targets named, writing
/// each config's output folder. In Xcode the same command runs every config below the project's folder.
@main
struct GenerateModels: CommandPlugin {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The file names a config may have; the generator's `ConfigFile.names` lists the same (a plugin can't share
    /// code with the generator's targets).
    static let configNames = ["model-generator.yaml", "model-generator.yml"]

    static let help = """
        OVERVIEW: Generates Swift models from each target's model-generator.yaml (or .yml).

        USAGE: swift package --allow-writing-to-package-directory generate-models [--target <target>]… [--check] [--dry-run] [--strict]

        OPTIONS:
          --target <target>  Only the config of this target; repeat for more. Without it, every target's config runs.
          --check            Write nothing; list stale, missing and extra files and fail if there are any (for CI).
          --dry-run          Write nothing; print what a run would change.
          --strict           Count every warning as an error.
          --help             Show this help.

        In Xcode, choose GenerateModels from the project's context menu: every config below the project's folder
        runs, whichever targets the dialog ticks (other arguments go in the dialog's field).
        """

    /// What the arguments ask for.
    struct Options {
        var targets: [String]
        var check: Bool
        var dryRun: Bool
        var strict: Bool
        var help: Bool

        init(_ arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            targets = extractor.extractOption(named: "target")
            check = extractor.extractFlag(named: "check") > 0
            dryRun = extractor.extractFlag(named: "dry-run") > 0
            strict = extractor.extractFlag(named: "strict") > 0
            help = extractor.extractFlag(named: "help") > 0
            if !extractor.remainingArguments.isEmpty {
                throw Failure(
                    description:
                        "unknown arguments: \(extractor.remainingArguments.joined(separator: " ")) (see generate-models --help)"
                )
            }
        }

        /// The generator's own flags for these options.
        var generatorFlags: [String] {
            (check ? ["--check"] : []) + (dryRun ? ["--dry-run"] : []) + (strict ? ["--strict"] : [])
        }
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let options = try Options(arguments)
        if options.help {
            print(Self.help)
            return
        }

        let allTargets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        let package = context.package.directoryURL
        let outside = try Self.configsOutsideTargets(in: package, targets: allTargets)
        for name in options.targets where !allTargets.contains(where: { $0.name == name }) {
            throw Failure(
                description: Self.unknownTargetMessage(
                    name,
                    known: allTargets.map(\.name),
                    outside: outside,
                    hasFolder: Self.isFolder(package.appendingPathComponent("Sources/\(name)"))
                )
            )
        }
        let targets =
            options.targets.isEmpty ? allTargets : allTargets.filter { options.targets.contains($0.name) }

        var configs: [GeneratorRun] = []
        for target in targets.sorted(by: { $0.name < $1.name }) {
            let found = try (target as? any FolderOwning).map { try Self.configs(in: $0.folder) } ?? []
            if found.count > 1 {
                let paths = found.map(\.path).joined(separator: ", ")
                throw Failure(
                    description:
                        "target '\(target.name)' has \(found.count) model-generator configs (\(paths)); keep one"
                )
            }
            if let config = found.first {
                // The files SwiftPM compiles for the target, so the generator can refuse an output folder it excludes.
                let sourceList = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name)-sources.txt")
                try target.sourceFiles(withSuffix: "swift").map { $0.url.standardizedFileURL.path + "\n" }.joined()
                    .write(to: sourceList, atomically: true, encoding: .utf8)
                configs.append(GeneratorRun(config: config, targetSources: sourceList))
            }
        }
        if configs.isEmpty, !options.targets.isEmpty {
            throw Failure(description: "the targets named have no model-generator.yaml")
        }
        if configs.isEmpty {
            throw Failure(description: Self.outsideTargetsMessage(outside) ?? Self.noConfigMessage)
        }
        // Under --strict this warning, as every other, fails the command, after the configs that do run.
        let outsideMessage = Self.outsideTargetsMessage(outside)
        if let outsideMessage, !options.strict { Diagnostics.warning(outsideMessage, file: nil, line: nil) }
        try Self.generate(
            configs,
            with: try context.tool(named: "model-generator").url,
            in: package,
            options: options,
            regenerateCommand: "swift package --allow-writing-to-package-directory generate-models"
        )
        if let outsideMessage, options.strict { throw Failure(description: outsideMessage) }
    }

    /// What the plugin says when no folder of the package holds a config.
    static let noConfigMessage =
        "no target of this package has a model-generator.yaml; add one to the target that holds your models"

    /// The command that generates a config's first files, for a config the plugin can't run.
    static func firstGenerationCommand(for config: String) -> String {
        "swift run model-generator generate --config \(config)"
    }

    /// Names the configs, relative to the package, that no target the plugin sees holds, each with the command that
    /// generates its first files; nil when there are none. SwiftPM leaves out a target with no Swift files yet, such
    /// as the models' target right after `model-generator init`; once it has them, the plugin finds its config.
    static func outsideTargetsMessage(_ configs: [String]) -> String? {
        guard let first = configs.first else { return nil }
        let reason = "SwiftPM leaves out a target without Swift files yet"
        if configs.count == 1 {
            return "\(first) is in no target SwiftPM knows; \(reason). Generate its first files with "
                + "'\(firstGenerationCommand(for: first))'; once its target has Swift files, this command finds it"
        }
        let commands = configs.map { "\n  " + firstGenerationCommand(for: $0) }.joined()
        return "\(listed(configs)) are in no target SwiftPM knows; \(reason). Generate their first files with"
            + commands + "\nOnce their targets have Swift files, this command finds them"
    }

    /// Names in a sentence: "A", "A and B", "A, B and C".
    static func listed(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Why `--target` names no target the plugin sees: a target declared in Package.swift whose folder has no Swift
    /// file yet is left out by SwiftPM, so a `Sources/<name>` folder is named as such, with the command that
    /// generates its first files when it holds a config.
    static func unknownTargetMessage(_ name: String, known: [String], outside: [String], hasFolder: Bool) -> String {
        let own = outside.filter { $0.hasPrefix("Sources/\(name)/") }
        if !own.isEmpty {
            return "target '\(name)' has no Swift file yet, and SwiftPM leaves such a target out of the package it "
                + "shows plugins; generate its first files with "
                + own.map { "'\(firstGenerationCommand(for: $0))'" }.joined(separator: " and ")
                + ", then this command finds it"
        }
        if hasFolder {
            return "Sources/\(name) has no Swift file and no model-generator.yaml, and SwiftPM leaves out a target "
                + "without Swift files; write a config with 'swift run model-generator init' in Sources/\(name), then "
                + "generate its first files with '\(firstGenerationCommand(for: "Sources/\(name)/model-generator.yaml"))'"
        }
        return "the package has no target '\(name)'; its targets are \(known.sorted().joined(separator: ", "))"
    }

    /// The configs in the package's `Sources` folder, relative to the package, that are in no target's folder: where
    /// a target without Swift files yet keeps its config, which SwiftPM leaves out of the targets it shows. Configs
    /// elsewhere (test fixtures, examples, packages nested in this one) are no target's. Paths are compared with
    /// symbolic links resolved, as a target's folder may be one.
    static func configsOutsideTargets(in package: URL, targets: [any SourceModuleTarget]) throws -> [String] {
        let resolved: (URL) -> String = { $0.resolvingSymlinksInPath().standardizedFileURL.path }
        let targetFolders = Set(targets.compactMap { ($0 as? any FolderOwning).map { resolved($0.folder) } })
        let root = resolved(package)
        let skipped: (URL) -> Bool = { url in
            let path = resolved(url)
            return targetFolders.contains(path) || FileManager.default.fileExists(atPath: path + "/Package.swift")
        }
        // A target whose folder is the package's own (`path: "."`) holds every config.
        let inTarget: (String) -> Bool = { path in
            targetFolders.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
        let sources = package.appendingPathComponent("Sources").resolvingSymlinksInPath()
        guard isFolder(sources), !inTarget(resolved(sources)) else { return [] }
        return try configs(in: sources, skipping: skipped).map(resolved).filter { !inTarget($0) }
            .map { relative($0, to: root) }
    }

    /// `path` from `folder` when it lies inside it, else `path` as it is.
    static func relative(_ path: String, to folder: String) -> String {
        path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
    }

    /// Whether a folder exists at this location.
    static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// One config to run, with the list of files its target compiles where SwiftPM tells (not in Xcode projects).
    struct GeneratorRun {
        var config: URL
        var targetSources: URL?
    }

    /// Runs the generator on each config with the given folder as working directory, so what it prints reads as
    /// that folder's own paths. Every config runs, then the command fails if any of them failed.
    ///
    /// SwiftPM shows what a plugin and its child processes print on standard output, both streams merged, and only
    /// the plugin's diagnostics and thrown error on standard error. So the generator's diagnostics (its standard
    /// error) are kept and reported as the plugin's own: a failed run's in the error the command ends with, a
    /// passing run's warnings as a warning. What it writes goes to standard output as before.
    static func generate(
        _ configs: [GeneratorRun],
        with generator: URL,
        in directory: URL,
        options: Options,
        regenerateCommand: String
    ) throws {
        let base = directory.standardizedFileURL.path
        var failures: [String] = []
        for run in configs {
            let relative = Self.relative(run.config.standardizedFileURL.path, to: base)
            let sources = run.targetSources.map { ["--target-sources", $0.path] } ?? []
            let arguments =
                ["generate", "--config", relative, "--regenerate-command", regenerateCommand] + sources
                + options.generatorFlags
            let result = try Self.run(generator, arguments, in: directory)
            if result.status != 0 {
                failures.append(failureMessage(for: relative, diagnostics: result.diagnostics))
            } else if !result.diagnostics.isEmpty {
                Diagnostics.warning("model-generator for \(relative):\n\(result.diagnostics)", file: nil, line: nil)
            }
        }
        if !failures.isEmpty { throw Failure(description: failures.joined(separator: "\n")) }
    }

    /// A failed run's message: the config, then the generator's diagnostics (what is wrong, or what is out of date
    /// and how to regenerate).
    static func failureMessage(for config: String, diagnostics: String) -> String {
        diagnostics.isEmpty
            ? "model-generator failed for \(config)" : "model-generator failed for \(config):\n\(diagnostics)"
    }

    /// The configs below a folder, in path order, skipping hidden folders, build products and the folders `skipped`
    /// says to.
    static func configs(in directory: URL, skipping skipped: (URL) -> Bool = { _ in false }) throws -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: directory,
                includingPropertiesForKeys: nil,
                options: [.skipsHiddenFiles]
            )
        else {
            return []
        }
        var found: [URL] = []
        for case let url as URL in walker {
            if ["DerivedData", "Pods", "Carthage", "node_modules"].contains(url.lastPathComponent) || skipped(url) {
                walker.skipDescendants()
            } else if configNames.contains(url.lastPathComponent) {
                found.append(url)
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// A finished generator run: its exit status and its standard error without the last newline.
    struct RunResult {
        var status: Int32
        var diagnostics: String
    }

    /// Runs an executable in a folder; its standard output is the plugin's, its standard error is returned.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> RunResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Read to the end before waiting, so a run that prints more than a pipe holds doesn't block.
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return RunResult(
            status: process.terminationStatus,
            diagnostics: text.hasSuffix("\n") ? String(text.dropLast()) : text
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same command for an `.xcodeproj` app: every config below the project's folder runs.
extension GenerateModels: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let options = try Options(arguments)
        if options.help {
            print(Self.help)
            return
        }
        // Xcode passes a `--target` for each target ticked in its dialog: configs aren't tied to an Xcode target's
        // files, so every config below the project's folder runs whichever are ticked (refusing them made the command
        // fail whenever one was).
        let project = context.xcodeProject.folder
        let configs = try Self.configs(in: project)
        if configs.isEmpty {
            throw Failure(
                description:
                    "no model-generator.yaml below \(project.path); add one next to the models' sources"
            )
        }
        try Self.generate(
            configs.map { GeneratorRun(config: $0, targetSources: nil) },
            with: try context.tool(named: "model-generator").url,
            in: project,
            options: options,
            regenerateCommand: "GenerateModels from the project's context menu in Xcode"
        )
    }
}

extension XcodeProject: FolderOwning {}
#endif

/// A target's or project's folder. `directoryURL` needs swift-tools-version 6.1 and `directory` is deprecated from
/// 6.0, so the folder is read through this requirement, which the deprecated property satisfies without a warning.
protocol FolderOwning {
    var directory: Path { get }
}

extension FolderOwning {
    var folder: URL { URL(fileURLWithPath: String(describing: directory)) }
}

extension SwiftSourceModuleTarget: FolderOwning {}
extension ClangSourceModuleTarget: FolderOwning {}
