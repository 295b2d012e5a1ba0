/// Reads a schema file of any format the generator knows into object definitions. The format is recognized from
/// the content (`SchemaFormat.recognize`), and each has its reader: Cortex (the generator's own `objects:` files,
/// mdctl definitions, NDJSON exports), Mia-Platform collections and Parse schemas.
public enum SchemaLoader {
    /// The definition files of a folder named in `schemas:`, in the order they are read: sorted by name, so a
    /// run never depends on the order a file system lists them in.
    public static func definitionFiles(in names: [String]) -> [String] {
        let extensions = [".json", ".yaml", ".yml", ".ndjson", ".jsonl"]
        return names.filter { name in
            !name.hasPrefix(".") && extensions.contains(where: { name.lowercased().hasSuffix($0) })
        }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    public static func load(_ text: String, file: String) -> (objects: [ObjectDefinition], diagnostics: Diagnostics) {
        var reader = NodeReader()
        reader.unknownKeys = []
        var objects: [ObjectDefinition] = []
        if isExport(file) {
            objects = CortexReader.readExport(text, file: file, &reader)
        } else {
            switch DocumentParser.parse(text, file: file) {
            case .failure(let diagnostic):
                reader.diagnostics.append(diagnostic)
            case .success(nil):
                reader.diagnostics.warning("the schema file is empty", at: .start(of: file))
            case .success(let root?):
                let format = SchemaFormat.recognize(root)
                switch format {
                case .objects, .cortex: objects = CortexReader.read(root, format: format, file: file, &reader)
                case .mia: objects = MiaReader.read(root, file: file, &reader)
                case .parse: objects = ParseReader.read(root, file: file, &reader)
                }
            }
        }
        reader.reportUnknownKeys()
        return (objects, reader.diagnostics)
    }

    private static func isExport(_ file: String) -> Bool {
        let lowered = file.lowercased()
        return lowered.hasSuffix(".ndjson") || lowered.hasSuffix(".jsonl")
    }
}
