import ArgumentParser
import Foundation
import ModelGeneratorCore

extension ObjCMappingSystem: ExpressibleByArgument {}

/// `model-generator import`: Objective-C mapping code in, mapping YAML out. The reading and writing of files is
/// here; what the code means is `ObjCMappingImporter`'s business.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Writes mapping YAML from an Objective-C app's RestKit or MMDataObject mapping code.",
        discussion: """
            Reads the mapping calls in FILES (RestKit 0.10 and 0.20, or MMDataObject's aliases, formatters and \
            collections) and the mapped classes' @property lines in the headers, and writes one mapping YAML file \
            that the generator reads like any other. A RestKit app's Core Data model (named among FILES, or found \
            in the --headers folders) names each entity's class and types its attributes and relationships. \
            Whatever the import cannot read (a key computed at run time, say) is a warning naming its line.
            """
    )

    @Option(name: .long, help: "The mapping system the files use: restkit or mmdataobject.")
    var from: ObjCMappingSystem

    @Argument(
        help: """
            The Objective-C files (.m) with the mapping code, and the app's Core Data model: a .xcdatamodeld folder \
            (its current version is read), a .xcdatamodel folder, or the 'contents' file inside one.
            """
    )
    var files: [String]

    @Option(
        name: .long,
        parsing: .upToNextOption,
        help: """
            Headers, or folders searched for .h files, that declare the mapped classes. A Core Data model \
            (.xcdatamodeld or .xcdatamodel) in these folders is read too. With --from mmdataobject, the folders' .m \
            files are searched for the app's own copy of MMDataObject, whose date patterns the import reads.
            """
    )
    var headers: [String] = []

    @Option(
        name: .customLong("sample"),
        help: ArgumentHelp(
            "A sample payload for a mapped class, which tells which kind of number each NSNumber holds.",
            valueName: "Class=path"
        )
    )
    var samples: [String] = []

    @Option(
        name: .long,
        help: """
            Where to write the mapping YAML: a new file, or one an earlier import wrote. Never one of the files \
            import reads.
            """
    )
    var output: String

    func validate() throws {
        for sample in samples where SampleOption.parts(of: sample) == nil {
            throw ValidationError(
                "--sample takes Class=path, a class name and a path, such as RKTStatus=tweet.json; got "
                    + "'\(SwiftText.commentText(sample))'"
            )
        }
        if let problem = SafeFiles.nameProblem(outputName) {
            throw ValidationError("--output must name a file, and '\(SwiftText.commentText(output))' can't: \(problem)")
        }
    }

    /// The output's file name, in its folder.
    private var outputName: String { Paths.fileName(of: output) }

    /// The sample payloads' paths, after `Class=`.
    private var samplePaths: [(className: String, path: String)] {
        samples.compactMap(SampleOption.parts(of:)).map { (className: $0.type, path: $0.path) }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        let (headerPaths, foundModels, implementationPaths) = headerPaths(&diagnostics)
        let codePaths = files.filter { !CoreDataModelFiles.isModel($0) }
        let modelPaths = models(named: files.filter(CoreDataModelFiles.isModel), found: foundModels, &diagnostics)
        do {
            try checkOutput(
                against: files + headerPaths + implementationPaths + samplePaths.map(\.path) + modelPaths
            )
        } catch {
            Terminal.error("error: \(error)")
            throw ExitCode.failure
        }
        let sources = read(codePaths, &diagnostics)
        let headerFiles = read(headerPaths, &diagnostics)
        let modelFiles = read(modelPaths, &diagnostics)
        let implementations = read(implementationPaths, &diagnostics)
        var sampleNodes: [String: SyntaxNode] = [:]
        for (className, path) in samplePaths {
            guard let file = read([path], &diagnostics).first else { continue }
            switch DocumentParser.parse(file.text, file: path) {
            case .success(let node?): sampleNodes[className] = node
            case .success(nil): diagnostics.error("the sample '\(path)' is empty", at: .start(of: path))
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        if !diagnostics.hasErrors {
            let (yaml, importDiagnostics) = ObjCMappingImporter.importMappings(
                from: from,
                files: sources,
                headers: headerFiles,
                models: modelFiles,
                samples: sampleNodes,
                implementations: implementations
            )
            diagnostics.append(contentsOf: importDiagnostics)
            if !diagnostics.hasErrors {
                do {
                    try OutputFolder.replace(
                        [(outputName, Array(yaml.utf8))],
                        deleting: [],
                        in: Paths.directory(of: output)
                    )
                } catch let interrupted as Interruption.Interrupted {
                    Terminal.error("error: \(interrupted)")
                    throw ExitCode(interrupted.exitCode)
                } catch {
                    diagnostics.error("\(error)", at: .start(of: output))
                }
            }
        }
        for diagnostic in diagnostics.sorted {
            Terminal.errorLines(diagnostic.description)
        }
        if diagnostics.hasErrors { throw ExitCode.failure }
        Terminal.output("wrote \(output)")
    }

    private func read(_ paths: [String], _ diagnostics: inout Diagnostics) -> [ObjCMappingImporter.SourceFile] {
        paths.compactMap { path in
            do {
                return ObjCMappingImporter.SourceFile(path: path, text: try FileSystem.inputFiles.read(path))
            } catch {
                diagnostics.error("cannot read '\(path)': \(error)", at: .start(of: path))
                return nil
            }
        }
    }

    /// The `contents` files of the Core Data models named among FILES and found in the header folders, each once.
    /// A model named that can't be read is an error; one found is a warning (the import then types from the
    /// headers, as without it).
    private func models(
        named: [String],
        found: [String],
        _ diagnostics: inout Diagnostics
    ) -> [String] {
        var seen: Set<String> = []
        var contents: [String] = []
        for (path, isNamed) in named.map({ ($0, true) }) + found.map({ ($0, false) }) {
            switch CoreDataModelFiles.contentsPath(of: path, files: FileSystem.inputFiles) {
            case .success(let file):
                if seen.insert(FileSystem.inputFiles.identity(file) ?? file).inserted { contents.append(file) }
            case .failure(var problem):
                if !isNamed {
                    problem.severity = .warning
                    problem.message += "; the import types from the headers without it"
                }
                diagnostics.append(problem)
            }
        }
        return contents
    }

    /// Stops before anything is read when --output names one of `inputs` (by device and inode: through a link, a
    /// hard link or another spelling of the path too), or anything but a file an earlier import wrote: import
    /// replaces its own mapping file, and leaves every other file where it would write as `init` does.
    private func checkOutput(against inputs: [String]) throws {
        if let target = SafeFiles.identity(of: output),
            let input = inputs.first(where: { SafeFiles.identity(of: $0) == target })
        {
            throw ImportOutputError(
                "--output \(output) is \(input == output ? "" : "\(input), ")one of the files import reads; name a new "
                    + "file for the mapping YAML"
            )
        }
        if case .text(let text) = SafeFiles.existing(at: output), text.hasPrefix(ObjCMappingImporter.writtenFilePrefix)
        {
            return
        }
        do {
            try SafeFiles.refuseExisting(output, command: "import")
        } catch let error as ExistingFileError {
            throw ImportOutputError("\(error) (only a mapping file an earlier import wrote)")
        }
    }

    /// The header files, with each folder's `.h` files (searched through its subfolders) in name order, each
    /// file once; the Core Data models the folders hold; and for MMDataObject the folders' `.m` files, where the
    /// app's own MMDataObject may be.
    private func headerPaths(
        _ diagnostics: inout Diagnostics
    ) -> (headers: [String], models: [String], implementations: [String]) {
        let suffixes = from == .mmdataobject ? [".h", ".m"] : [".h"]
        var search = HeaderFiles.Search(files: FileSystem.inputFiles, suffixes: suffixes)
        var headerPaths: [String] = []
        var implementations: [String] = []
        for header in headers {
            for path in search.paths(header, at: nil) {
                // A file named on the command line is a header, whatever its name.
                if path != header, path.hasSuffix(".m") {
                    implementations.append(path)
                } else {
                    headerPaths.append(path)
                }
            }
        }
        diagnostics.append(contentsOf: search.diagnostics)
        return (headerPaths, search.models, implementations)
    }
}

/// Why import won't write where --output says.
struct ImportOutputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
