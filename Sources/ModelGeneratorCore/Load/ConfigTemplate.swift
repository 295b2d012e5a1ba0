/// The commented `model-generator.yaml` that `model-generator init` writes: every key explained, the user's input
/// already named when they have one.
public enum ConfigTemplate {
    /// Where the starter object definitions go, relative to the config, when the user has no input yet.
    public static let starterSchemaPath = "schema/objects.yaml"

    /// The config text. `cortexExport`, `mappings` and the samples' paths are relative to the config. With mappings
    /// alone the models come from them, so there are no schemas and only models (queries and bodies need object
    /// definitions); with neither, the config reads ``starterSchemaPath``. `editorSchema` is the config's JSON Schema
    /// as a path relative to the config or a URL, for editors that read the `yaml-language-server` line.
    public static func make(
        cortexExport: String? = nil,
        mappings: String? = nil,
        samples: [(model: String, path: String)] = [],
        editorSchema: String = Release.configSchemaURL
    ) -> String {
        let mappingsOnly = cortexExport == nil && mappings != nil
        let schemas =
            cortexExport.map { "[\(yamlString($0))]" } ?? (mappingsOnly ? "[]" : "[\(starterSchemaPath)]")
        let mappingsLine = mappings.map { "mappings: [\(yamlString($0))]" } ?? "# mappings: [schema/app.mappings]"
        let samplesLine =
            samples.isEmpty
            ? "# samples: { TweetModel: schema/tweet.json }"
            : "samples:\n" + samples.map { "  \($0.model): \(yamlString($0.path))" }.joined(separator: "\n")
        let generate = mappingsOnly ? "[models]" : "[models, queries, bodies]"
        let stripPrefixes = cortexExport == nil ? "stripPrefixes: []" : "stripPrefixes: [c_]"
        return """
            # yaml-language-server: $schema=\(editorSchema)
            # model-generator.yaml: what swift-model-generator reads and what it writes.
            # Run: swift package --allow-writing-to-package-directory generate-models
            #  or: model-generator generate --config model-generator.yaml
            # Paths are relative to this file.

            # Object definitions, files or folders: YAML or JSON with a top-level `objects` list, Cortex definitions
            # (mdctl's env/objects/) or an NDJSON export, Mia-Platform collections, or Parse's GET /schemas answer.
            schemas: \(schemas)

            # Mapping files (YAML, or AppCoreKit .mappings): key paths, defaults, formatters, models without a schema.
            \(mappingsLine)

            # Sample payloads that give mapped properties their types, by Swift type name.
            \(samplesLine)

            # The folder the generator owns: it writes only there, and deletes only files it generated (the ones its
            # .model-generator-manifest there lists). It must be below this file's folder and hold no Package.swift,
            # unless 'allowOutputAnywhere: true' is set.
            output: Generated

            # public | package | internal
            accessModifier: public

            # models, and the typed query builders and request bodies built on them (for objects with definitions);
            # add testing for what ModelRuntimeTesting's in-memory backends check of creates.
            generate: \(generate)

            # cortex | mia | parse: the backend you talk to. Without it, the schema files' backend decides.
            # dialect: cortex

            # Only these objects (API names; a model only a mapping defines by its class), for an app that uses a
            # few of a large org; references to the others become Reference<JSONValue>. Without it, every object.
            # filter: { objects: [c_object] }

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

    /// The object definitions `init` writes next to a new config when the user has no input yet: one object that
    /// shows the common types, to edit or replace.
    public static let starterSchema = """
        # Object definitions: edit these, or point 'schemas' in model-generator.yaml at your own files.
        # Names are the API's (Medable's custom objects and properties start with c_); Swift names are derived.
        # Types: String, Number, Boolean, Date, ObjectId, Reference, File, Document, Any; 'array: true' for lists.
        objects:
          - name: item
            label: Item
            properties:
              - name: title
                type: String
                required: true
                validators: [{ name: string, definition: { min: 1, max: 200 } }]
              - name: done
                type: Boolean
                defaultValue: false
              - name: due
                type: Date
              - name: priority
                type: Number
              - name: tags
                type: String
                array: true
              - name: status
                type: String
                validators: [{ name: stringEnum, definition: { values: [open, blocked, closed] } }]
              - name: checklist
                type: Document
                array: true
                properties:
                  - { name: text, type: String, required: true }
                  - { name: checked, type: Boolean }

        """

    /// A YAML double-quoted scalar holding exactly `text`: YAML's escapes, which differ from Swift's for
    /// non-printing characters.
    static func yamlString(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where SwiftText.isInvisible(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                quoted += scalar.value > 0xFFFF ? "\\U" + pad(hex, 8) : "\\u" + pad(hex, 4)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    private static func pad(_ hex: String, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - hex.count)) + hex
    }
}
