import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The files a run reads, given to the pipeline by whoever does the I/O (the CLI, or a test in memory).
public struct InputFiles: Sendable {
    /// The text of the file at a path; throws when it cannot be read.
    public var read: @Sendable (_ path: String) throws -> String
    /// The names of the files in a folder (not recursive).
    public var list: @Sendable (_ directory: String) throws -> [String]
    /// What a path leads to, the same for every path that leads there (through symbolic links, `.` and `..`): the
    /// walks of header folders and mapping imports visit each file and folder once by it. Nil when nothing is there.
    public var identity: @Sendable (_ path: String) -> String?
    /// The folder relative paths start from, absolute on disk: where a relative path and an absolute one are
    /// compared (is an absolute `output` inside the config's folder, given by a relative path?). `.` in memory.
    public var workingDirectory: String

    /// `identity` defaults to the path with `.` and `..` folded, which is all that leads to one file in memory.
    public init(
        read: @escaping @Sendable (String) throws -> String,
        list: @escaping @Sendable (String) throws -> [String],
        identity: @escaping @Sendable (String) -> String? = { Paths.join(".", $0) },
        workingDirectory: String = "."
    ) {
        self.read = read
        self.list = list
        self.identity = identity
        self.workingDirectory = workingDirectory
    }

    /// `identity(path)`, or the folded path when nothing is there: a key for "already visited" either way.
    func visitKey(_ path: String) -> String {
        identity(path) ?? "path:" + Paths.join(".", path)
    }

    /// Files held in memory, keyed by path: for tests.
    public static func inMemory(_ files: [String: String]) -> InputFiles {
        struct Missing: Error, CustomStringConvertible { var description: String }
        return InputFiles(
            read: { path in
                guard let text = files[path] else { throw Missing(description: "no such file") }
                return text
            },
            list: { directory in
                let prefix = directory.hasSuffix("/") ? directory : directory + "/"
                let inside = files.keys.filter { $0.hasPrefix(prefix) }
                if inside.isEmpty { throw Missing(description: "no such folder") }
                // Files and folders directly inside, as a file system lists them.
                let names = inside.map { $0.dropFirst(prefix.count).prefix { $0 != "/" } }
                return Set(names.map(String.init)).sorted()
            }
        )
    }
}

/// One file the generator produces, with its path inside the output folder.
public struct GeneratedFile: Hashable, Sendable {
    public var path: String
    public var contents: String
}

/// What a run produces: the output folder's new contents, or the reasons there are none.
public struct GenerationResult: Sendable {
    /// The output folder, relative to where the config path was given from.
    public var outputDirectory: String
    /// Empty when there are errors: nothing may be written then.
    public var files: [GeneratedFile]
    public var diagnostics: Diagnostics
    /// The resolved schema, when resolving succeeded.
    public var schema: ResolvedSchema?
}

/// A run that has been loaded, resolved and checked: its diagnostics, and the files it renders on demand.
public struct PreparedRun: Sendable {
    /// The config, as the run was given it.
    public var configPath: String = ""
    /// The output folder, relative to where the config path was given from.
    public var outputDirectory: String
    /// Whether the config lets the output folder be anywhere (`allowOutputAnywhere`).
    public var allowsOutputAnywhere = false
    /// Whether warnings count as errors (`--strict` or the config's `strict: true`), for the checks the command
    /// line adds to the run's own.
    public var isStrict = false
    /// Where the config names the output folder, for problems about it.
    public var outputLocation: SourceLocation?
    public var diagnostics: Diagnostics
    /// The resolved schema, when resolving succeeded.
    public var schema: ResolvedSchema?
    /// What renders the files; nil when there are errors, or when only the schema was asked for.
    let renderer: OutputRenderer?

    /// Renders every file on all cores and hands each to `receive` as soon as it is done (from any thread, in no
    /// particular order), so that only the files being rendered are in memory. Renders nothing when there are
    /// errors.
    ///
    /// - Returns: the files that could not be rendered (a template rendered more than
    ///   ``TemplateLibrary/maximumRenderedFileBytes``); when there are any, the run must write nothing.
    public func render(_ receive: @Sendable (GeneratedFile) -> Void) -> Diagnostics {
        guard !diagnostics.hasErrors, let renderer else { return Diagnostics() }
        return renderer.render(receive)
    }
}

/// The translate and render stages for a resolved schema.
struct OutputRenderer: Sendable {
    let schema: ResolvedSchema
    let library: TemplateLibrary
    let translator: Translator
    let queries: QueryTranslator
    let bodies: BodyTranslator
    let generatesQueries: Bool
    let generatesBodies: Bool
    let generatesTesting: Bool

    init(schema: ResolvedSchema, config: GeneratorConfig, library: TemplateLibrary) {
        self.schema = schema
        self.library = library
        translator = Translator(config: config)
        queries = QueryTranslator(
            translator: translator,
            apiNames: Dictionary(
                schema.objects.map { ($0.swiftName, $0.apiName) },
                uniquingKeysWith: { first, _ in first }
            )
        )
        bodies = BodyTranslator(translator: translator, apiNames: queries.apiNames)
        generatesQueries = config.generate.contains(.queries)
        generatesBodies = config.generate.contains(.bodies)
        generatesTesting = config.generate.contains(.testing)
    }

    /// One file per object, its model first and then the extensions that add its query builder and bodies (for
    /// object definitions, which have an API path, when the config asks for them). One file rather than three: each
    /// Swift file costs the compiler its own import and lookup work, and a build of the full output is about an
    /// eighth faster this way (see `Benchmarks/README.md`).
    private func objectFile(_ object: ResolvedObject) throws(TemplateLibrary.RenderedTooMuch) -> String {
        try library.renderObjectFile(
            model: translator.modelFile(object),
            query: generatesQueries && object.isListed ? queries.file(object) : nil,
            bodies: generatesBodies && object.isListed
                ? bodies.file(object, listsRequiredMembers: generatesTesting) : nil
        )
    }

    func render(_ receive: @Sendable (GeneratedFile) -> Void) -> Diagnostics {
        let failures = RenderFailures()
        // Objects are independent from here on, so they are translated and rendered on every core.
        let objects = schema.objects
        DispatchQueue.concurrentPerform(iterations: objects.count) { index in
            let path = objects[index].swiftName + ".swift"
            do throws(TemplateLibrary.RenderedTooMuch) {
                let contents = try objectFile(objects[index])
                if let problem = library.headerProblem(in: contents, renderedBy: "model", for: path) {
                    return failures.add(problem)
                }
                receive(GeneratedFile(path: path, contents: contents))
            } catch {
                failures.add(error.diagnostic(for: path))
            }
        }
        if schema.hasListing {
            let path = ResolvedSchema.listingName + ".swift"
            do throws(TemplateLibrary.RenderedTooMuch) {
                let contents = try library.render(translator.listingFile(schema), template: "listing")
                if let problem = library.headerProblem(in: contents, renderedBy: "listing", for: path) {
                    failures.add(problem)
                } else {
                    receive(GeneratedFile(path: path, contents: contents))
                }
            } catch {
                failures.add(error.diagnostic(for: path))
            }
        }
        return failures.diagnostics
    }
}

/// The files that could not be rendered, reported from several threads.
private final class RenderFailures: @unchecked Sendable {
    private var collected = Diagnostics()
    private let lock = NSLock()

    func add(_ diagnostic: Diagnostic) {
        lock.lock()
        collected.append(diagnostic)
        lock.unlock()
    }

    /// In file order, whichever thread found them first.
    var diagnostics: Diagnostics {
        lock.lock()
        defer { lock.unlock() }
        var sorted = Diagnostics()
        for diagnostic in collected.sorted { sorted.append(diagnostic) }
        return sorted
    }
}

/// Files handed over from several threads, kept in one list.
private final class CollectedFiles: @unchecked Sendable {
    private var collected: [GeneratedFile] = []
    private let lock = NSLock()

    func add(_ file: GeneratedFile) {
        lock.lock()
        collected.append(file)
        lock.unlock()
    }

    var files: [GeneratedFile] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
}

/// The stages wired together: load → resolve → translate → render. Pure: all I/O goes through `InputFiles`.
public enum Pipeline {
    /// The resolved schema of a config, or of a single schema file read with the default config (for `diff`).
    public static func resolve(path: String, files: InputFiles) -> (schema: ResolvedSchema?, diagnostics: Diagnostics) {
        // A config names schemas or mappings; anything else is a schema file.
        let isConfig: Bool = {
            guard let text = try? files.read(path), case .success(let root?) = DocumentParser.parse(text, file: path)
            else { return false }
            return root["schemas"] != nil || root["mappings"] != nil
        }()
        if isConfig {
            let result = prepare(configPath: path, files: files, rendering: false)
            return (result.diagnostics.hasErrors ? nil : result.schema, result.diagnostics)
        }
        // A bare schema file: the same as a config that names only it.
        let configPath = Paths.join(Paths.directory(of: path), ".model-generator-diff.yaml")
        let config = "schemas: [\(ConfigTemplate.yamlString(Paths.relative(path, to: Paths.directory(of: path))))]\n"
        let inner = files
        let withConfig = InputFiles(
            read: { requested in requested == configPath ? config : try inner.read(requested) },
            list: inner.list,
            identity: inner.identity
        )
        let result = prepare(configPath: configPath, files: withConfig, rendering: false)
        // The config exists only here: what it locates (the schema file it names can't be read) is at the file.
        let diagnostics = result.diagnostics.moving(file: configPath, to: .start(of: path))
        return (diagnostics.hasErrors ? nil : result.schema, diagnostics)
    }

    /// The first line of every generated file. The writer overwrites or deletes only files that its manifest lists
    /// and that still start with it (see `OutputManifest`).
    public static let headerPrefix = "// Generated by model-generator from "

    /// Every file of a run, collected: for tests and small runs. The command line streams them instead
    /// (`prepare` and then `PreparedRun.render`), so a large schema's output is never all in memory at once.
    public static func generate(configPath: String, files: InputFiles) -> GenerationResult {
        let run = prepare(configPath: configPath, files: files)
        let collected = CollectedFiles()
        var diagnostics = run.diagnostics
        diagnostics.append(contentsOf: run.render { collected.add($0) })
        return GenerationResult(
            outputDirectory: run.outputDirectory,
            files: diagnostics.hasErrors ? [] : collected.files.sorted { $0.path < $1.path },
            diagnostics: diagnostics,
            schema: run.schema
        )
    }

    /// Loads, resolves and checks everything a run needs; nothing is rendered yet. `strict` (or the config's
    /// `strict: true`) makes every warning an error.
    public static func prepare(configPath: String, files: InputFiles, strict: Bool = false) -> PreparedRun {
        prepare(configPath: configPath, files: files, rendering: true, strict: strict)
    }

    /// `rendering: false` stops after resolving, for `resolve`: no templates are loaded.
    static func prepare(configPath: String, files: InputFiles, rendering: Bool, strict: Bool = false) -> PreparedRun {
        var diagnostics = Diagnostics()
        let configDirectory = Paths.directory(of: configPath)
        let fallbackOutput = Paths.join(configDirectory, "Generated")
        let configText: String
        do {
            configText = try files.read(configPath)
        } catch {
            diagnostics.error("cannot read the config: \(error)", at: .start(of: configPath))
            return PreparedRun(outputDirectory: fallbackOutput, diagnostics: diagnostics, renderer: nil)
        }
        let (loadedConfig, configDiagnostics) = ConfigLoader.load(configText, file: configPath)
        diagnostics.append(contentsOf: configDiagnostics)
        guard let loadedConfig else {
            return PreparedRun(outputDirectory: fallbackOutput, diagnostics: diagnostics, renderer: nil)
        }
        var config = loadedConfig
        let outputDirectory = Paths.join(configDirectory, config.output.value)
        func failed() -> PreparedRun {
            PreparedRun(outputDirectory: outputDirectory, diagnostics: diagnostics, renderer: nil)
        }
        if rendering {
            checkOutputFolder(config, outputDirectory, configDirectory: configDirectory, files, &diagnostics)
        }

        // Load
        let definitions = SchemaFiles.load(&config, configDirectory: configDirectory, files, &diagnostics)
        let mappingContexts = MappingFiles.load(config, configDirectory: configDirectory, files, &diagnostics)
        let samples = loadSamples(config, configDirectory: configDirectory, files, &diagnostics)
        let headers = HeaderFiles.load(config, configDirectory: configDirectory, files, &diagnostics)
        let templateOverrides = loadTemplateOverrides(config, configDirectory: configDirectory, files, &diagnostics)
        returnFreedMemory()

        // Resolve. Overrides that name a mapped model (an Objective-C class) are the mappings' to apply.
        let mappedTypes = Set(mappingContexts.compactMap(\.swiftType?.value))
        var objectConfig = config
        objectConfig.naming.overrides.removeAll { $0.path.count == 1 && mappedTypes.contains($0.path[0]) }
        let (definedSchema, resolveDiagnostics) = Resolver.resolve(definitions, config: objectConfig)
        diagnostics.append(contentsOf: resolveDiagnostics)
        let (mappedSchema, mappingDiagnostics) = MappingResolver.apply(
            mappingContexts,
            to: definedSchema,
            samples: samples,
            headers: headers,
            config: config
        )
        diagnostics.append(contentsOf: mappingDiagnostics)
        // Before `resolve` returns too: `diff` of two configs then compares what each one generates.
        var schema = config.filter.map { ObjectFilter.apply($0, to: mappedSchema, &diagnostics) } ?? mappedSchema
        schema.dialect = config.dialect
        let strict = strict || config.strict
        if strict { diagnostics = diagnostics.treatingWarningsAsErrors() }
        if !rendering {
            return PreparedRun(
                outputDirectory: outputDirectory,
                diagnostics: diagnostics,
                schema: diagnostics.hasErrors ? nil : schema,
                renderer: nil
            )
        }
        FileNameClashes.check(schema, &diagnostics)
        let (library, templateDiagnostics) = TemplateLibrary.make(overrides: templateOverrides)
        diagnostics.append(contentsOf: strict ? templateDiagnostics.treatingWarningsAsErrors() : templateDiagnostics)
        guard let library, !diagnostics.hasErrors else { return failed() }

        return PreparedRun(
            configPath: configPath,
            outputDirectory: outputDirectory,
            allowsOutputAnywhere: config.allowOutputAnywhere,
            isStrict: strict,
            outputLocation: config.output.location,
            diagnostics: diagnostics,
            schema: schema,
            renderer: OutputRenderer(schema: schema, config: config, library: library)
        )
    }

    /// Hands the memory the schema files' syntax trees took back to the system once they are read. Resolving and
    /// rendering allocate on every core, in malloc's arenas of other threads, so without this the trees' freed
    /// memory stays in the process, unused, until it ends: about 20 MiB of the peak at 5,000 objects.
    private static func returnFreedMemory() {
        #if canImport(Glibc)
        // glibc's `malloc_trim`, looked up at run time (in every loaded library: `nil` is `RTLD_DEFAULT`), because
        // `malloc.h` is not part of the Glibc module.
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }

    /// Refuses an output folder where a mistyped `output` would mix generated files with a package's own: outside
    /// the config's folder tree (`..`, an absolute path), the config's own folder, or a folder holding
    /// `Package.swift`. `allowOutputAnywhere: true` in the config allows them.
    private static func checkOutputFolder(
        _ config: GeneratorConfig,
        _ outputDirectory: String,
        configDirectory: String,
        _ files: InputFiles,
        _ diagnostics: inout Diagnostics
    ) {
        guard !config.allowOutputAnywhere else { return }
        let inside = Paths.relative(outputDirectory, to: configDirectory, in: files)
        let problem: String?
        if inside == "." {
            problem = "is the config's own folder"
        } else if Paths.climbsOut(inside) {
            problem = "is outside the config's folder"
        } else if (try? files.list(outputDirectory))?.contains("Package.swift") == true {
            problem = "holds a Package.swift"
        } else {
            problem = nil
        }
        if let problem {
            diagnostics.error(
                "the output folder '\(outputDirectory)' \(problem); model-generator writes only into a folder of its own below the config",
                at: config.output.location,
                hint: "point 'output' at a folder below the config, or set 'allowOutputAnywhere: true' if this is meant"
            )
        }
    }

    /// Sample payloads by the Swift type they describe.
    private static func loadSamples(
        _ config: GeneratorConfig,
        configDirectory: String,
        _ files: InputFiles,
        _ diagnostics: inout Diagnostics
    ) -> [String: SyntaxNode] {
        var samples: [String: SyntaxNode] = [:]
        for (typeName, path) in config.samples.sorted(by: { $0.key < $1.key }) {
            let file = Paths.join(configDirectory, path.value)
            do {
                switch DocumentParser.parse(try files.read(file), file: file) {
                case .success(let node?): samples[typeName] = node
                case .success(nil): diagnostics.error("the sample '\(file)' is empty", at: path.location)
                case .failure(let diagnostic): diagnostics.append(diagnostic)
                }
            } catch {
                diagnostics.error("cannot read sample '\(file)': \(error)", at: path.location)
            }
        }
        return samples
    }

    private static func loadTemplateOverrides(
        _ config: GeneratorConfig,
        configDirectory: String,
        _ files: InputFiles,
        _ diagnostics: inout Diagnostics
    ) -> [String: (text: String, file: String)] {
        guard let folder = config.templates else { return [:] }
        let directory = Paths.join(configDirectory, folder.value)
        var overrides: [String: (text: String, file: String)] = [:]
        do {
            for name in try files.list(directory).sorted() where name.hasSuffix(".mustache") {
                let path = Paths.join(directory, name)
                do {
                    overrides[String(name.dropLast(".mustache".count))] = (try files.read(path), path)
                } catch {
                    diagnostics.error("cannot read template '\(path)': \(error)", at: folder.location)
                }
            }
        } catch {
            diagnostics.error("cannot read the templates folder '\(directory)': \(error)", at: folder.location)
        }
        return overrides
    }
}

/// Path arithmetic on the paths as the user wrote them, so messages show paths they recognise.
public enum Paths {
    /// What follows the last `/` of `path`: the name of the file it leads to in its folder (empty when it ends
    /// with `/`).
    public static func fileName(of path: String) -> String {
        String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    }

    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` relative to `directory`, climbing out with `..` where needed (`../data/org.ndjson`). Both are folded
    /// first; when one is absolute and the other not, or `directory` climbs above where `path` starts, there is no
    /// relative form and `path` is returned as it is.
    public static func relative(_ path: String, to directory: String) -> String {
        let path = join(".", path)
        let directory = join(".", directory)
        if directory == "." { return path }
        guard path.hasPrefix("/") == directory.hasPrefix("/") else { return path }
        let pathParts = path.split(separator: "/")
        let directoryParts = directory.split(separator: "/")
        var shared = 0
        while shared < min(pathParts.count, directoryParts.count), pathParts[shared] == directoryParts[shared] {
            shared += 1
        }
        let climbs = directoryParts[shared...]
        if climbs.contains("..") { return path }
        let parts = Array(repeating: "..", count: climbs.count) + pathParts[shared...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `path` relative to `folder`, both read from `files`' working directory, so that an absolute path and a
    /// relative one (or the other way round) are compared as the same kind of path. Where the text climbs out of
    /// the folder, an ancestor of `path` that is the folder by another spelling (a symbolic link in a path; macOS's
    /// `/var` is `/private/var`, and its working directory reads the latter) makes it the path below that ancestor.
    public static func relative(_ path: String, to folder: String, in files: InputFiles) -> String {
        let text = relative(join(files.workingDirectory, path), to: join(files.workingDirectory, folder))
        guard climbsOut(text), let folderIdentity = files.identity(folder) else { return text }
        var candidate = join(files.workingDirectory, path)
        var below: [String] = []
        while true {
            if files.identity(candidate) == folderIdentity {
                return below.isEmpty ? "." : below.reversed().joined(separator: "/")
            }
            let parent = directory(of: candidate)
            if parent == candidate { return text }
            below.append(fileName(of: candidate))
            candidate = parent
        }
    }

    /// Whether a relative path (``relative(_:to:)``'s) leads out of the folder it is relative to.
    public static func climbsOut(_ relative: String) -> Bool {
        relative == ".." || relative.hasPrefix("../") || relative.hasPrefix("/")
    }

    /// `base/relative`, with `.` and `..` folded; an absolute `relative` stands alone.
    public static func join(_ base: String, _ relative: String) -> String {
        let combined = relative.hasPrefix("/") || base == "." ? relative : base + "/" + relative
        var parts: [Substring] = []
        for part in combined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if combined.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
