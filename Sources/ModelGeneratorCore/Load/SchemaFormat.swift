/// Which backend's file a definition was read from. Each has a reader of its own; the rest of the pipeline sees
/// only `ObjectDefinition`s and the facts their readers put on them.
public enum SchemaFormat: String, Hashable, Sendable, CaseIterable {
    /// The generator's own format (`objects: [...]`), shaped like Cortex's definitions but tied to no backend.
    case objects
    /// Medable's Cortex: an object definition as mdctl writes it (`env/objects/*.json`), or an NDJSON export.
    case cortex
    /// A Mia-Platform CRUD service collection definition, in the `fields` form or the JSON Schema `schema` form, or
    /// as the Mia-Platform Console keeps it (`defaultName`, `internalEndpoints`, and its export of a project's
    /// collections).
    case mia
    /// Parse Server's `GET /schemas` answer, or one class of it (with or without its `className`).
    case parse

    /// The wire dialect of the backend whose file this is; nil for the generator's own format.
    public var dialect: GeneratorConfig.Dialect? {
        switch self {
        case .objects: nil
        case .cortex: .cortex
        case .mia: .mia
        case .parse: .parse
        }
    }

    /// How people call the format in messages.
    public var displayName: String {
        switch self {
        case .objects: "object definitions file"
        case .cortex: "Cortex object definition"
        case .mia: "Mia-Platform collection definition"
        case .parse: "Parse schema"
        }
    }

    /// The format of a parsed document, recognized by the keys only that format's files have at the top. A file
    /// nobody recognizes is read as the generator's own format, whose reader then says what is missing.
    static func recognize(_ root: SyntaxNode) -> SchemaFormat {
        if let elements = root.elements {
            // A list of definitions: the format of its first mapping.
            return elements.first(where: { $0.entries != nil }).map(recognize) ?? .objects
        }
        guard root.entries != nil else { return .objects }
        if root["objects"] != nil { return .objects }
        if let results = root["results"]?.elements, results.allSatisfy({ $0["className"] != nil }) { return .parse }
        // Parse Server's Defined Schemas (its `schema` option): `{"definitions": [class, …], "strict": …}`.
        if let definitions = root["definitions"]?.elements, !definitions.isEmpty,
            definitions.allSatisfy({ $0["className"] != nil })
        {
            return .parse
        }
        if root["className"] != nil || ParseReader.isClassWithoutItsName(root) { return .parse }
        // The service's own keys, or the Console's: `internalEndpoints`, `defaultName`, and the export's wrapper.
        if root["endpointBasePath"] != nil || root["fields"]?.elements != nil
            || (root["schema"]?.entries != nil && root["name"] != nil)
            || root["internalEndpoints"] != nil || root["defaultName"] != nil
            || root["data"]?["collections"]?.entries != nil || MiaReader.isField(root)
            || MiaReader.crudSQLMetadata(root) != nil || MiaReader.isViewDefinition(root)
        {
            return .mia
        }
        if root["object"]?.scalarText == "object" || (root["name"] != nil && root["properties"]?.elements != nil) {
            return .cortex
        }
        return .objects
    }
}
