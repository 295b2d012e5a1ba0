/// Loads the mapping files a config names, following `@import`s (relative to the importing file).
enum MappingFiles {
    static func load(
        _ config: GeneratorConfig,
        configDirectory: String,
        _ files: InputFiles,
        _ diagnostics: inout Diagnostics
    ) -> [MappingContextDefinition] {
        var loader = ImportWalker(files: files, configDirectory: configDirectory)
        for mapping in config.mappings {
            loader.visit(Paths.join(configDirectory, mapping.value), from: mapping.location, stack: [])
        }
        diagnostics.append(contentsOf: loader.diagnostics)
        return loader.contexts
    }

    private struct ImportWalker {
        let files: InputFiles
        let configDirectory: String
        var contexts: [MappingContextDefinition] = []
        var diagnostics = Diagnostics()
        var loaded: Set<String> = []

        /// Imported files come before the file that imports them; a file imported twice is read once.
        mutating func visit(_ path: String, from location: SourceLocation, stack: [String]) {
            if let start = stack.firstIndex(of: path) {
                let cycle = stack[start...] + [path]
                diagnostics.error("import cycle: \(cycle.joined(separator: " → "))", at: location)
                return
            }
            guard loaded.insert(path).inserted else { return }
            let text: String
            do {
                text = try files.read(path)
            } catch {
                diagnostics.error("cannot read mapping file '\(path)': \(error)", at: location)
                return
            }
            var (file, fileDiagnostics) = MappingLoader.load(text, file: path)
            diagnostics.append(contentsOf: fileDiagnostics)
            // Headers name the file as the config does, wherever the generator runs from.
            let displayName = Paths.relative(path, to: configDirectory)
            for index in file.contexts.indices { file.contexts[index].file = displayName }
            for imported in file.imports {
                visit(
                    Paths.join(Paths.directory(of: path), imported.value),
                    from: imported.location,
                    stack: stack + [path]
                )
            }
            contexts += file.contexts
        }
    }
}
