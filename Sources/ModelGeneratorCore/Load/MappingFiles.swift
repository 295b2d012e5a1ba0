/// Loads the mapping files a config names, following `imports:` (relative to the importing file). Each file is read
/// once, however many paths lead to it (symbolic links included), and an import that leads back to a file being read
/// is an error at the import.
enum MappingFiles {
    static func load(
        _ config: GeneratorConfig,
        configDirectory: String,
        _ files: InputFiles,
        _ diagnostics: inout Diagnostics
    ) -> [MappingContextDefinition] {
        var loader = ImportWalker(files: files, configDirectory: configDirectory)
        for mapping in config.mappings {
            loader.visit(Paths.join(configDirectory, mapping.value), from: mapping.location)
        }
        diagnostics.append(contentsOf: loader.diagnostics)
        return loader.contexts
    }

    private struct ImportWalker {
        let files: InputFiles
        let configDirectory: String
        var contexts: [MappingContextDefinition] = []
        var diagnostics = Diagnostics()
        /// The files read, by what they are (``InputFiles/identity``) rather than the path that led to them.
        var loaded: Set<String> = []
        /// The files being read, outermost first: each one's path and what it is.
        var stack: [(path: String, key: String)] = []

        /// Imported files come before the file that imports them; a file imported twice is read once.
        mutating func visit(_ path: String, from location: SourceLocation) {
            let key = files.visitKey(path)
            if let start = stack.firstIndex(where: { $0.key == key }) {
                let cycle = stack[start...].map(\.path) + [path]
                let sameFile = stack[start].path == path ? "" : " ('\(path)' is '\(stack[start].path)', through a link)"
                diagnostics.error("import cycle: \(cycle.joined(separator: " → "))\(sameFile)", at: location)
                return
            }
            guard loaded.insert(key).inserted else { return }
            let text: String
            do {
                text = try files.read(path)
            } catch {
                diagnostics.error("cannot read mapping file '\(path)': \(error)", at: location)
                return
            }
            var (file, fileDiagnostics) = MappingLoader.load(text, file: path)
            diagnostics.append(contentsOf: fileDiagnostics)
            // Headers name the file from the config's folder, wherever the generator runs from: an absolute path in the
            // config would put one machine's folders in committed code, and fail `--check` on every other checkout.
            let displayName = Paths.relative(path, to: configDirectory, in: files)
            for index in file.contexts.indices { file.contexts[index].file = displayName }
            stack.append((path, key))
            for imported in file.imports {
                visit(Paths.join(Paths.directory(of: path), imported.value), from: imported.location)
            }
            stack.removeLast()
            contexts += file.contexts
        }
    }
}
