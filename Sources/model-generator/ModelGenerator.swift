import ArgumentParser
import Foundation
import ModelGeneratorCore

@main
struct ModelGenerator: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "model-generator",
        abstract: "Generates Swift models from object definitions.",
        discussion: """
            Reads the object definitions (YAML, JSON, or a Cortex NDJSON export) that a model-generator.yaml names \
            and writes typed Codable models backed by ModelRuntime into the config's output folder.
            """,
        version: Release.version,
        subcommands: [Generate.self, Diff.self, Init.self, Pull.self, ImportCommand.self],
        defaultSubcommand: Generate.self
    )
}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generates the models a config describes.",
        discussion: """
            Writes only files whose bytes change, deletes generated files the run no longer produces (only files \
            the output folder's .model-generator-manifest lists), and never touches anything else. Any error leaves \
            the output folder exactly as it was. Exits 1 on any error. Ends with one line saying what changed.
            """
    )

    @Option(
        name: .long,
        help: "The config to run (model-generator.yaml, or model-generator.yml when only that exists)."
    )
    var config: String?

    @Flag(
        name: .long,
        help: "Write nothing; list stale, missing and extra files and exit 1 if there are any (for CI)."
    )
    var check = false

    @Flag(name: .customLong("dry-run"), help: "Write nothing; print what a run would change.")
    var dryRun = false

    /// From the plugin: a file listing, one absolute path a line, the Swift files SwiftPM compiles for the
    /// config's target.
    @Option(name: .customLong("target-sources"), help: .hidden)
    var targetSources: String?

    @Flag(name: .long, help: "Count every warning as an error (as the config's 'strict: true' does).")
    var strict = false

    /// How the user regenerates, named in `--check`'s message; the plugin passes its own command.
    @Option(name: .customLong("regenerate-command"), help: .hidden)
    var regenerateCommand: String?

    func run() throws {
        let config = self.config ?? ConfigFile.existing(in: ".").first ?? ConfigFile.names[0]
        if let conflict = ConfigFile.conflict(for: config) {
            Terminal.error("error: \(conflict)")
            throw ExitCode.failure
        }
        let run = Pipeline.prepare(configPath: config, files: FileSystem.inputFiles, strict: strict)
        for line in run.diagnostics.printedLines {
            Terminal.errorLines(line)
        }
        if run.diagnostics.hasErrors { throw ExitCode.failure }

        let writing = !(check || dryRun)
        let workingDirectory = FileManager.default.currentDirectoryPath
        let previousFolders = PreviousOutputFolders.diagnostics(for: run, workingDirectory: workingDirectory)
        for line in previousFolders.printedLines {
            Terminal.errorLines(line)
        }
        if previousFolders.hasErrors { throw ExitCode.failure }
        if let targetSources {
            do {
                try TargetSources.checkCompiles(run.outputDirectory, listedIn: targetSources)
            } catch {
                throw Self.failure(error)
            }
        }
        if writing { Interruption.shared.install() }
        let folder: OutputFolder
        let plan: OutputPlan
        do {
            folder = try OutputFolder(for: run, writing: writing, workingDirectory: workingDirectory)
            plan = try folder.plan(run)
        } catch {
            throw Self.failure(error, at: run.outputLocation)
        }
        defer { folder.discard() }
        if !writing {
            for line in plan.describe(in: run.outputDirectory) { Terminal.output(line) }
            Terminal.output(plan.summary(in: run.outputDirectory, written: false))
            if check && !plan.isUpToDate {
                let regenerate = regenerateCommand ?? "model-generator generate --config \(config)"
                Terminal.error("error: generated code in \(run.outputDirectory) is out of date; run \(regenerate)")
                throw ExitCode.failure
            }
            return
        }
        let problems = plan.problems(in: run.outputDirectory)
        for problem in problems { Terminal.error("error: \(problem)") }
        if !problems.isEmpty { throw ExitCode.failure }
        do {
            try folder.commit(plan)
        } catch {
            throw Self.failure(error)
        }
        for path in plan.writes { Terminal.output("wrote \(Paths.join(run.outputDirectory, path))") }
        if plan.manifest.writes { Terminal.output("wrote \(Paths.join(run.outputDirectory, OutputManifest.fileName))") }
        for name in plan.deletions { Terminal.output("deleted \(Paths.join(run.outputDirectory, name))") }
        Terminal.output(plan.summary(in: run.outputDirectory, written: true))
    }

    /// Prints a write-stage error and returns the exit code for it: the signal's for an interrupted run, 1 otherwise.
    /// A problem with the output folder itself (`FileError`) is located at `location`, the config's `output`.
    private static func failure(_ error: any Error, at location: SourceLocation? = nil) -> ExitCode {
        if let failed = error as? RenderFailed {
            for line in failed.diagnostics.printedLines { Terminal.errorLines(line) }
            return ExitCode.failure
        }
        let prefix = error is FileError ? location.map { "\($0): " } ?? "" : ""
        Terminal.error("\(prefix)error: \(error)")
        if let interrupted = error as? Interruption.Interrupted { return ExitCode(interrupted.exitCode) }
        return ExitCode.failure
    }
}

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reports in Markdown what a schema change does to the generated API, for a pull request.",
        discussion: """
            OLD and NEW are two schema files (YAML, JSON or a Cortex NDJSON export) or two model-generator.yaml \
            configs. Objects, typed objects' types and properties (nested documents' too) added, removed, renamed \
            or moved, type and optionality changes, enum values, and what a client may write are listed, each \
            marked breaking or not.
            """
    )

    @Argument(help: "The schema or config before the change.")
    var old: String

    @Argument(help: "The schema or config after the change.")
    var new: String

    @Flag(name: .customLong("fail-on-breaking"), help: "Exit 1 when any change is breaking, 0 otherwise.")
    var failOnBreaking = false

    func run() throws {
        var schemas: [ResolvedSchema] = []
        for path in [old, new] {
            let (schema, diagnostics) = Pipeline.resolve(path: path, files: FileSystem.inputFiles)
            for line in diagnostics.printedLines(diagnostics.sorted.filter { $0.severity == .error }) {
                Terminal.errorLines(line)
            }
            guard let schema else { throw ExitCode.failure }
            schemas.append(schema)
        }
        // The types the report spells are the new schema's backend's (`ParseFile`, not Cortex's `FileValue`).
        var config = GeneratorConfig(file: new, output: Located("", at: .start(of: new)))
        config.dialect = schemas[1].dialect
        let diff = SchemaDiff(old: schemas[0], new: schemas[1], config: config)
        print(diff.markdown, terminator: "")
        if failOnBreaking && diff.hasBreakingChanges { throw ExitCode.failure }
    }
}

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes a commented model-generator.yaml to start from.",
        discussion: """
            Refuses to overwrite an existing config, and prints the commands to run next. Without --from-cortex or \
            --from-mappings it also writes starter object definitions (schema/objects.yaml next to the config) \
            unless that file exists.
            """
    )

    @Option(name: .customLong("from-cortex"), help: "A Cortex NDJSON export the config should read.")
    var cortexExport: String?

    @Option(
        name: .customLong("from-mappings"),
        help: "An AppCoreKit .mappings (or YAML mappings) file the config should read."
    )
    var mappings: String?

    @Option(
        name: .customLong("sample"),
        help: ArgumentHelp(
            "A sample payload that gives a mapped model's properties their types; repeat for each model.",
            valueName: "Model=path"
        )
    )
    var samples: [String] = []

    @Option(name: .long, help: "Where to write the config.")
    var config: String = "model-generator.yaml"

    func validate() throws {
        for sample in samples where SampleOption.parts(of: sample) == nil {
            throw ValidationError(
                "--sample takes Model=path, a Swift type name and a path, such as TweetModel=schema/tweet.json; got "
                    + "'\(SwiftText.commentText(sample))'"
            )
        }
    }

    func run() throws {
        do {
            try SafeFiles.refuseExisting(config, command: "init")
        } catch {
            Terminal.error("error: \(error)")
            throw ExitCode.failure
        }
        if let other = ConfigFile.existingOtherSpelling(of: config) {
            Terminal.error("error: \(other) exists; the generator would take the two for one config, so edit that one")
            throw ExitCode.failure
        }
        let directory = Paths.directory(of: config)
        // Paths in the config are relative to it, wherever init runs from.
        let workingDirectory = FileManager.default.currentDirectoryPath
        let relative = { (path: String) in Paths.relative(path, to: directory, in: FileSystem.inputFiles) }
        let sampleEntries = samples.compactMap(SampleOption.parts(of:)).map {
            (model: $0.type, path: relative($0.path))
        }
        let absoluteDirectory = Paths.join(workingDirectory, directory)
        let text = ConfigTemplate.make(
            cortexExport: cortexExport.map(relative),
            mappings: mappings.map(relative),
            samples: sampleEntries,
            editorSchema: Self.editorSchema(Release.configSchemaPath, near: absoluteDirectory)
        )
        // Created exclusively, never through a link; an error removes what this run wrote.
        var written: [String] = []
        var createdFolders: [String] = []
        do {
            createdFolders += try SafeFiles.createFolders(directory)
            try SafeFiles.create(config, holding: text, shownPath: config)
            written.append(config)
            let starterSchema = Paths.join(directory, ConfigTemplate.starterSchemaPath)
            if cortexExport == nil, mappings == nil, !FileManager.default.fileExists(atPath: starterSchema) {
                createdFolders += try SafeFiles.createFolders(Paths.directory(of: starterSchema))
                // The object definitions' own JSON Schema, for editors, as the config has its.
                let objectSchema = Self.editorSchema(
                    Release.objectSchemaPath,
                    near: Paths.join(workingDirectory, Paths.directory(of: starterSchema))
                )
                let modeline = "# yaml-language-server: $schema=\(objectSchema)\n"
                try SafeFiles.create(
                    starterSchema,
                    holding: modeline + ConfigTemplate.starterSchema,
                    shownPath: starterSchema
                )
                written.append(starterSchema)
            }
        } catch {
            for file in written { unlink(file) }
            for folder in createdFolders.reversed() { rmdir(folder) }
            Terminal.error("error: \(error)")
            throw ExitCode.failure
        }
        for file in written { Terminal.output("wrote \(file)") }
        for command in Self.nextCommands(config: config, directory: absoluteDirectory) { Terminal.output(command) }
    }

    /// One of this package's JSON Schemas (`Schemas/…`) as a path relative to `directory` when a copy of this
    /// package is nearby (this repository, or the checkout SwiftPM keeps of it as a dependency), so the editor checks
    /// against the version in use; otherwise the published copy of this version.
    static func editorSchema(_ schemaPath: String, near directory: String) -> String {
        var folder = directory
        while true {
            for candidate in [schemaPath, ".build/checkouts/swift-model-generator/" + schemaPath] {
                let path = Paths.join(folder, candidate)
                if FileManager.default.fileExists(atPath: path) { return Paths.relative(path, to: directory) }
            }
            if folder == "/" { return Release.publishedURL(of: schemaPath) }
            folder = Paths.directory(of: folder)
        }
    }

    /// The folder of the package around `directory`: the nearest one with a `Package.swift`, which `swift run` and
    /// the plugin there build.
    static func packageFolder(around directory: String) -> String? {
        var folder = directory
        while folder != "/" && !folder.isEmpty {
            if FileManager.default.fileExists(atPath: Paths.join(folder, "Package.swift")) { return folder }
            folder = Paths.directory(of: folder)
        }
        return nil
    }

    /// Commands that work from where `init` ran: this executable as it was started (by name when it is on PATH,
    /// `swift run model-generator` when `swift run` built it in the package around this folder, by its full path
    /// otherwise), and the plugin's when that package depends on this one, with the runtime's products to add when
    /// its manifest names none yet.
    static func nextCommands(config: String, directory: String) -> [String] {
        let started = CommandLine.arguments.first ?? "model-generator"
        let package = packageFolder(around: directory)
        let executable: String
        if !started.contains("/") {
            executable = shellQuoted(started)
        } else {
            // Built by `swift run` in this package: that starts it again from anywhere in the package.
            let path = Paths.join(FileManager.default.currentDirectoryPath, started)
            let isPackages = package.map { path.hasPrefix(Paths.join($0, ".build") + "/") } ?? false
            executable = isPackages ? "swift run model-generator" : shellQuoted(path)
        }
        var commands = ["next: \(executable) generate --config \(shellQuoted(config))"]
        if let package, let text = try? String(contentsOfFile: Paths.join(package, "Package.swift"), encoding: .utf8),
            text.contains("swift-model-generator")
        {
            commands.append(
                "  or, from the package (the config must be inside a target's folder): "
                    + "swift package --allow-writing-to-package-directory generate-models"
            )
            // The generated code needs the runtime's core; a manifest that names no product of it yet gets the line
            // to add, and the client layer's for targets that send requests.
            if !text.contains(#""ModelRuntime""#) {
                commands.append(
                    #"  add to the models' target's dependencies: .product(name: "ModelRuntime", package: "swift-model-generator")"#
                )
                commands.append(
                    #"  and to a target that sends requests through ModelClient: .product(name: "ModelRuntimeClient", package: "swift-model-generator")"#
                )
            }
        }
        return commands
    }

    /// A word as a POSIX shell reads it back.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || "0123456789/._-+=:@".unicodeScalars.contains($0)
        }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A `--sample Type=path` of `init` and `import`.
enum SampleOption {
    /// The type and the path, or nil when either is missing or the type is no Swift identifier: it becomes a key of
    /// the YAML written, where a line break or a `: ` would write keys of its own.
    static func parts(of option: String) -> (type: String, path: String)? {
        guard let equals = option.firstIndex(of: "=") else { return nil }
        let type = String(option[..<equals])
        let path = String(option[option.index(after: equals)...])
        return !SwiftText.isIdentifier(type) || path.isEmpty ? nil : (type, path)
    }
}
