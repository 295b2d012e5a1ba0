/// Loads the schemas a config names: each entry a file or a folder of definition files (mdctl's `env/objects/`),
/// each file in whatever format it is. Then joins the pieces of Cortex objects defined in several files, and
/// settles the dialect: the config's, or the one the schema files' format implies.
enum SchemaFiles {
    static func load(
        _ config: inout GeneratorConfig,
        configDirectory: String,
        _ files: InputFiles,
        _ diagnostics: inout Diagnostics
    ) -> [ObjectDefinition] {
        var definitions: [ObjectDefinition] = []
        // The first file of each backend's format, for the dialect's default and for contradictions.
        var firstOfFormat: [(format: SchemaFormat, file: String, entry: Located<String>)] = []
        for schema in config.schemas {
            let path = Paths.join(configDirectory, schema.value)
            for name in paths(of: schema, at: path, files, &diagnostics) {
                let file = name.map { Paths.join(path, $0) } ?? path
                let text: String
                do {
                    text = try files.read(file)
                } catch {
                    diagnostics.error("cannot read schema file '\(file)': \(error)", at: schema.location)
                    continue
                }
                var (objects, fileDiagnostics) = SchemaLoader.load(text, file: file)
                diagnostics.append(contentsOf: fileDiagnostics)
                // Headers name the file from the config's folder, wherever the generator runs from: an absolute path in the
                // config would put one machine's folders in committed code, and fail `--check` on every other checkout.
                let shownName = Paths.relative(file, to: configDirectory, in: files)
                for index in objects.indices { objects[index].sourceFile = shownName }
                for format in Set(objects.map(\.format)) where format.dialect != nil {
                    if !firstOfFormat.contains(where: { $0.format == format }) {
                        firstOfFormat.append((format, file, schema))
                    }
                }
                definitions += objects
            }
        }
        settleDialect(&config, formats: firstOfFormat, &diagnostics)
        let (merged, mergeDiagnostics) = CortexExtensions.merge(definitions)
        diagnostics.append(contentsOf: mergeDiagnostics)
        return merged
    }

    /// The files of a schema entry: `[nil]` for a file, the definition files' names for a folder.
    private static func paths(
        of schema: Located<String>,
        at path: String,
        _ files: InputFiles,
        _ diagnostics: inout Diagnostics
    ) -> [String?] {
        // A file can't be listed, so an entry that lists is a folder.
        guard let names = try? files.list(path) else { return [nil] }
        let definitionFiles = SchemaLoader.definitionFiles(in: names)
        if definitionFiles.isEmpty {
            diagnostics.error(
                "the schema folder '\(path)' holds no definition files",
                at: schema.location,
                hint: "a folder entry reads every .json, .yaml, .yml, .ndjson and .jsonl file in it"
            )
        }
        return definitionFiles
    }

    /// Without `dialect` in the config, the schema files' backend decides it (Cortex when they name none). A
    /// config whose `dialect` contradicts a file's backend, or files of two backends without a `dialect`, are
    /// errors: the generated code would speak the wrong wire format.
    private static func settleDialect(
        _ config: inout GeneratorConfig,
        formats: [(format: SchemaFormat, file: String, entry: Located<String>)],
        _ diagnostics: inout Diagnostics
    ) {
        if let dialectLocation = config.dialectLocation {
            for (format, file, entry) in formats where format.dialect != config.dialect {
                diagnostics.error(
                    "'\(file)' is a \(format.displayName), but the config's 'dialect' is \(config.dialect.rawValue) (at \(dialectLocation))",
                    at: entry.location,
                    hint: "set 'dialect: \(format.dialect!.rawValue)', or leave 'dialect' out to take the schema's"
                )
            }
            return
        }
        guard let first = formats.first, let dialect = first.format.dialect else { return }
        config.dialect = dialect
        for (format, file, entry) in formats.dropFirst() {
            diagnostics.error(
                "'\(file)' is a \(format.displayName), but '\(first.file)' is a \(first.format.displayName): one config generates for one backend",
                at: entry.location,
                hint: "give each backend's schemas a config of their own, or set 'dialect' to choose the wire format"
            )
        }
    }
}
