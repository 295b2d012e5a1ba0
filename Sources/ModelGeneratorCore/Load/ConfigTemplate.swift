/// The commented `model-generator.yaml` that `model-generator init` writes: every key explained, the user's input
/// already named when they have one.
public enum ConfigTemplate {
    public static func make(cortexExport: String? = nil, mappings: String? = nil) -> String {
        let schemas = cortexExport.map { "[\(yamlString($0))]" } ?? "[schema/objects.yaml]"
        let mappingsLine = mappings.map { "mappings: [\(yamlString($0))]" } ?? "# mappings: [schema/app.mappings]"
        let stripPrefixes = cortexExport == nil ? "stripPrefixes: []" : "stripPrefixes: [c_]"
        return """
            # model-generator.yaml: what swift-model-generator reads and what it writes.
            # Run: swift package --allow-writing-to-package-directory generate-models
            #  or: model-generator generate --config model-generator.yaml
            # Paths are relative to this file. The editor schema: Schemas/model-generator.schema.json.

            # Object definitions: YAML or JSON with a top-level `objects` list, or a Cortex NDJSON export.
            schemas: \(schemas)

            # Mapping files (YAML, or AppCoreKit .mappings): key paths, defaults, formatters, models without a schema.
            \(mappingsLine)

            # Sample payloads that give mapped properties their types, by Swift type name.
            # samples: { TweetModel: schema/tweet.json }

            # The folder the generator owns: it writes only there, and deletes only files it generated.
            output: Generated

            # public | package | internal
            accessModifier: public

            # models, and the typed query builders and request bodies built on them.
            generate: [models, queries, bodies]

            # cortex | mia | parse: the backend you talk to.
            dialect: cortex

            naming:
              # Prefixes removed from API names: with [c_], c_stringArray becomes stringArray.
              \(stripPrefixes)
              # API name, or object.property, to the Swift name to use instead.
              # overrides: { c_object: Thing, c_object.c_bool: isEnabled }

            # templates: Templates          # your .mustache files replace the defaults of the same name
            # additionalImports: []
            # additionalFileComments: ["swiftlint:disable all"]

            """
    }

    private static func yamlString(_ text: String) -> String {
        swiftStringLiteral(text)
    }
}
