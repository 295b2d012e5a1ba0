/// The contents of a `model-generator.yaml`. Paths are kept as written, relative to the config's folder.
public struct GeneratorConfig: Hashable, Sendable {
    public enum AccessModifier: String, Hashable, Sendable, CaseIterable {
        case `public`
        case package
        case `internal`
    }

    public enum OutputKind: String, Hashable, Sendable, CaseIterable {
        case models
        case queries
        case bodies
        /// What ModelRuntimeTesting's in-memory backends read of the bodies: each `Create`'s required members.
        case testing
    }

    public enum Dialect: String, Hashable, Sendable, CaseIterable {
        case cortex
        case mia
        case parse
    }

    public struct Naming: Hashable, Sendable {
        /// Prefixes removed from API names before they become Swift names (`c_` for Cortex custom objects).
        public var stripPrefixes: [String] = []
        /// `object` or `object.property[.subproperty…]` → the Swift name to use instead.
        public var overrides: [Override] = []
    }

    public struct Override: Hashable, Sendable {
        public var path: [String]
        public var swiftName: String
        public var location: SourceLocation
    }

    /// The objects a run generates, when the config names them (`ObjectFilter`, after resolving, applies it).
    public struct Filter: Hashable, Sendable {
        /// Object definitions by their API names, models only a mapping defines by their classes' Swift names, in
        /// the config's order.
        public var objects: [Located<String>]
        /// Where the config writes `filter`.
        public var location: SourceLocation
    }

    /// Where the config itself was read from.
    public var file: String
    public var schemas: [Located<String>] = []
    public var mappings: [Located<String>] = []
    /// Objective-C headers, or folders searched for them, that type the classes mappings name.
    public var headers: [Located<String>] = []
    public var output: Located<String>
    public var accessModifier: AccessModifier = .public
    public var generate: [OutputKind] = [.models]
    public var dialect: Dialect = .cortex
    /// Where the config sets `dialect`; nil when it leaves it out and the schema files' format decides.
    public var dialectLocation: SourceLocation?
    public var samples: [String: Located<String>] = [:]
    public var naming = Naming()
    public var templates: Located<String>?
    public var additionalImports: [String] = []
    public var additionalFileComments: [String] = []
    /// Lets `output` be outside the config's folder tree, be the config's own folder, or hold a `Package.swift`:
    /// places where a mistyped path would mix generated files with a package's own.
    public var allowOutputAnywhere = false
    /// Every warning counts as an error, as `--strict` makes it: for CI, where a warning nobody reads would let a typo
    /// change a type.
    public var strict = false
    /// Models keep the members their schema doesn't define (`unknownMembers`) and write them back, so that a read and
    /// a write-back lose nothing; `false` gives leaner models that drop them.
    public var keepUnknownMembers = true
    /// Nil generates every object.
    public var filter: Filter?

    public init(file: String, output: Located<String>) {
        self.file = file
        self.output = output
    }

    /// Every key the config accepts, in the order the reference documents them.
    public static let keys = [
        "schemas", "mappings", "headers", "output", "accessModifier", "generate", "dialect", "samples", "naming",
        "templates", "additionalImports", "additionalFileComments", "allowOutputAnywhere", "strict",
        "keepUnknownMembers", "filter",
    ]
    static let namingKeys = ["stripPrefixes", "overrides"]
    static let filterKeys = ["objects"]
}

/// Reads a `model-generator.yaml`.
public enum ConfigLoader {
    public static func load(_ text: String, file: String) -> (config: GeneratorConfig?, diagnostics: Diagnostics) {
        var reader = NodeReader()
        let root: SyntaxNode
        switch DocumentParser.parse(text, file: file) {
        case .failure(let diagnostic):
            reader.diagnostics.append(diagnostic)
            return (nil, reader.diagnostics)
        case .success(nil):
            reader.diagnostics.error("the config is empty; it needs at least 'schemas'", at: .start(of: file))
            return (nil, reader.diagnostics)
        case .success(let node?):
            root = node
        }
        guard let entries = reader.mapping(root, "the config") else { return (nil, reader.diagnostics) }
        reader.checkKeys(entries, known: GeneratorConfig.keys, in: "the config", severity: .error)

        let output = root["output"].flatMap { node in
            reader.name(node, "'output'").map { Located($0, at: node.location) }
        }
        var config = GeneratorConfig(file: file, output: output ?? Located("Generated", at: .start(of: file)))

        if let node = root["schemas"] {
            config.schemas = readPaths(node, "'schemas'", &reader)
        }
        if let node = root["mappings"] { config.mappings = readPaths(node, "'mappings'", &reader) }
        if let node = root["headers"] { config.headers = readPaths(node, "'headers'", &reader) }
        // Invalid entries were reported one by one; this is for a config that names no input at all. Mappings
        // alone are enough for a third-party API that has no object definitions.
        let namesNothing = { (key: String) in root[key] == nil || root[key]?.elements?.isEmpty == true }
        if namesNothing("schemas") && namesNothing("mappings") {
            reader.diagnostics.error(
                "the config names no schema files",
                at: root["schemas"]?.location ?? root.location,
                hint:
                    "add 'schemas: [path/to/objects.yaml]' (YAML, JSON or a Cortex NDJSON export) or 'mappings: [...]'"
            )
        }
        if let node = root["accessModifier"] {
            config.accessModifier = readChoice(node, "'accessModifier'", &reader) ?? config.accessModifier
        }
        if let node = root["dialect"] {
            config.dialect = readChoice(node, "'dialect'", &reader) ?? config.dialect
            config.dialectLocation = node.location
        }
        if let node = root["generate"], let list = reader.stringList(node, "'generate'") {
            config.generate = list.compactMap { item in
                readChoice(
                    SyntaxNode(.scalar(item.value, .string), at: item.location),
                    "each entry of 'generate'",
                    &reader
                )
            }
            if !config.generate.contains(.models) {
                reader.diagnostics.error(
                    "'generate' must include 'models': queries and bodies are built on the models",
                    at: node.location
                )
            }
            if config.generate.contains(.testing) && !config.generate.contains(.bodies) {
                reader.diagnostics.error(
                    "'generate' must include 'bodies' with 'testing': what it generates describes the create bodies",
                    at: node.location
                )
            }
        }
        if let node = root["samples"], let sampleEntries = reader.mapping(node, "'samples'") {
            for entry in sampleEntries {
                if let path = reader.name(entry.value, "the sample of '\(entry.name)'") {
                    config.samples[entry.name] = Located(path, at: entry.value.location)
                }
            }
        }
        if let node = root["naming"] { config.naming = readNaming(node, &reader) }
        if let node = root["templates"], let folder = reader.name(node, "'templates'") {
            config.templates = Located(folder, at: node.location)
        }
        if let node = root["additionalImports"] {
            // Each becomes an `import` line, so each must be a module name, not a line of code.
            for module in reader.stringList(node, "'additionalImports'") ?? [] {
                if let problem = SwiftText.dottedNameProblem(module.value) {
                    reader.diagnostics.error(
                        "'\(module.value)' in 'additionalImports' is not a module name: \(problem)",
                        at: module.location
                    )
                } else {
                    config.additionalImports.append(module.value)
                }
            }
        }
        if let node = root["additionalFileComments"] {
            config.additionalFileComments = reader.stringList(node, "'additionalFileComments'")?.map(\.value) ?? []
        }
        if let node = root["allowOutputAnywhere"] {
            config.allowOutputAnywhere = reader.bool(node, "'allowOutputAnywhere'") ?? false
        }
        if let node = root["strict"] { config.strict = reader.bool(node, "'strict'") ?? false }
        if let node = root["keepUnknownMembers"] {
            config.keepUnknownMembers = reader.bool(node, "'keepUnknownMembers'") ?? true
        }
        if let node = root["filter"] { config.filter = readFilter(node, &reader) }
        return (reader.diagnostics.hasErrors ? nil : config, reader.diagnostics)
    }

    /// A single path or a list of paths.
    private static func readPaths(_ node: SyntaxNode, _ what: String, _ reader: inout NodeReader) -> [Located<String>] {
        if node.scalarText != nil, !node.isNull {
            return reader.name(node, what).map { [Located($0, at: node.location)] } ?? []
        }
        return reader.stringList(node, what) ?? []
    }

    private static func readChoice<Choice: RawRepresentable & CaseIterable>(
        _ node: SyntaxNode,
        _ what: String,
        _ reader: inout NodeReader
    ) -> Choice? where Choice.RawValue == String {
        guard let text = reader.string(node, what) else { return nil }
        if let choice = Choice(rawValue: text) { return choice }
        let choices = Choice.allCases.map(\.rawValue)
        reader.diagnostics.error(
            "\(what) must be one of \(choices.joined(separator: ", ")); found '\(text)'",
            at: node.location,
            hint: Suggestion.hint(for: text, in: choices)
        )
        return nil
    }

    private static func readFilter(_ node: SyntaxNode, _ reader: inout NodeReader) -> GeneratorConfig.Filter? {
        guard let entries = reader.mapping(node, "'filter'") else { return nil }
        reader.checkKeys(entries, known: GeneratorConfig.filterKeys, in: "'filter'", severity: .error)
        // A misspelled key was reported as such: that it names no objects would say the same twice.
        if entries.contains(where: { !GeneratorConfig.filterKeys.contains($0.name) }) { return nil }
        guard let objectsNode = node["objects"] else {
            reader.diagnostics.error(
                "'filter' names no objects",
                at: node.location,
                hint: "list the objects to generate: 'filter: { objects: [c_visit] }', or remove 'filter'"
            )
            return nil
        }
        guard let objects = reader.stringList(objectsNode, "'filter.objects'") else { return nil }
        if objects.isEmpty {
            // An empty list would generate nothing at all, which is never what a config means.
            reader.diagnostics.error(
                "'filter.objects' is empty",
                at: objectsNode.location,
                hint: "list the objects to generate, or remove 'filter' to generate every object"
            )
            return nil
        }
        var seen: Set<String> = []
        for object in objects where !seen.insert(object.value).inserted {
            reader.diagnostics.warning("'\(object.value)' is named twice in 'filter.objects'", at: object.location)
        }
        return .init(objects: objects, location: node.location)
    }

    private static func readNaming(_ node: SyntaxNode, _ reader: inout NodeReader) -> GeneratorConfig.Naming {
        var naming = GeneratorConfig.Naming()
        guard let entries = reader.mapping(node, "'naming'") else { return naming }
        reader.checkKeys(entries, known: GeneratorConfig.namingKeys, in: "'naming'", severity: .error)
        if let prefixes = node["stripPrefixes"] {
            naming.stripPrefixes = reader.stringList(prefixes, "'naming.stripPrefixes'")?.map(\.value) ?? []
        }
        if let overrides = node["overrides"], let overrideEntries = reader.mapping(overrides, "'naming.overrides'") {
            for entry in overrideEntries {
                guard let swiftName = reader.name(entry.value, "the override of '\(entry.name)'") else { continue }
                let path = entry.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                // The name is written into code and, for an object, names its type and its file: it must be an
                // identifier, and an object's no keyword.
                let problem =
                    path.count == 1 ? SwiftText.typeNameProblem(swiftName) : SwiftText.identifierProblem(swiftName)
                if let problem {
                    reader.diagnostics.error(
                        "the override of '\(entry.name)' is not a Swift name: \(problem)",
                        at: entry.value.location
                    )
                    continue
                }
                if path.contains(where: \.isEmpty) {
                    reader.diagnostics.error(
                        "override key '\(entry.name)' must be 'object' or 'object.property'",
                        at: entry.key.location
                    )
                    continue
                }
                naming.overrides.append(.init(path: path, swiftName: swiftName, location: entry.value.location))
            }
        }
        return naming
    }
}
