/// Reads Cortex object definitions: the generator's own `objects:` files, mdctl's one-definition-per-file
/// `env/objects/` layout, a list of definitions, and NDJSON exports. All of them share Cortex's definition keys.
enum CortexReader {
    /// A parsed YAML or JSON document of the generator's own format or of Cortex's.
    static func read(
        _ root: SyntaxNode,
        format: SchemaFormat,
        file: String,
        _ reader: inout NodeReader
    )
        -> [ObjectDefinition]
    {
        if let stored = ([root] + (root.elements ?? [])).first(where: isParseStoredClass) {
            refuseParseStoredClass(stored, &reader)
            return []
        }
        if let elements = root.elements {
            return reader.readEach(elements) { readObject($0, file: file, format: format, &$1) }
        }
        if format == .cortex {
            return readObject(root, file: file, format: format, &reader).map { [$0] } ?? []
        }
        guard let entries = reader.mapping(root, "a schema file") else { return [] }
        reader.checkKeys(entries, known: ["objects"], in: "a schema file", severity: .warning)
        guard let list = root["objects"] else {
            reader.diagnostics.error(
                "a schema file needs a top-level 'objects' list",
                at: root.location,
                hint: "write 'objects:' followed by one entry per object definition, or give a Cortex object "
                    + "definition, a Mia-Platform collection definition or Parse's GET /schemas answer"
            )
            return []
        }
        return reader.readEach(reader.sequence(list, "'objects'") ?? []) {
            readObject($0, file: file, format: format, &$1)
        }
    }

    /// A document of Parse Server's `_SCHEMA` collection (`{"_id": "<className>", "_metadata": {…}, "field":
    /// "string", …}`): the form its database adapter keeps, which a database dump holds. Parse Server leaves
    /// `_metadata` out of a class without permissions, indexes or field options (`MongoStorageAdapter.js`,
    /// `mongoSchemaFromFieldsAndClassNameAndCLP`): then every other value is one of its stored field types.
    static func isParseStoredClass(_ node: SyntaxNode) -> Bool {
        guard node["_id"]?.scalarText != nil, let entries = node.entries else { return false }
        if node["_metadata"] != nil || node["_client_permissions"] != nil { return true }
        let fields = entries.filter { $0.name != "_id" }
        return !fields.isEmpty && fields.allSatisfy { $0.value.scalarText.map(isParseStoredType) ?? false }
    }

    /// The field types of Parse Server's `_SCHEMA` documents (`mongoFieldToParseSchemaField` in
    /// `MongoSchemaCollection.js`): a pointer is `*<className>`, a relation `relation<<className>>`.
    private static func isParseStoredType(_ text: String) -> Bool {
        if text.hasPrefix("relation<") { return text.hasSuffix(">") && text.count > "relation<>".count }
        return (text.hasPrefix("*") && text.count > 1) || parseStoredTypes.contains(text)
    }

    private static let parseStoredTypes: Set<String> = [
        "number", "string", "boolean", "date", "map", "object", "array", "geopoint", "file", "bytes", "polygon",
    ]

    private static func refuseParseStoredClass(_ stored: SyntaxNode, _ reader: inout NodeReader) {
        reader.diagnostics.error(
            "this is a class as Parse Server stores it (a document of its _SCHEMA collection), not a schema",
            at: stored.location,
            hint: "give the answer of GET /schemas, which model-generator pull parse downloads"
        )
    }

    /// A Cortex export: one JSON object per line. Lines whose `object` is `object` are definitions; the rest are
    /// other configuration (apps, templates, instances) and are skipped. A fault line (``CortexFault``) is an error
    /// there: the export failed, and the objects after it are missing.
    static func readExport(_ text: String, file: String, _ reader: inout NodeReader) -> [ObjectDefinition] {
        let (lines, problems) = DocumentParser.parseLines(text, file: file)
        reader.diagnostics.append(contentsOf: problems)
        var definitions: [SyntaxNode] = []
        for line in lines {
            if let fault = CortexFault.description(of: line) {
                reader.diagnostics.error(
                    "the export failed after \(definitions.count) object definition\(definitions.count == 1 ? "" : "s") "
                        + "(\(fault)): the objects after this line are missing",
                    at: line.location,
                    hint: "export the org again (mdctl env export, or model-generator pull cortex); generating from "
                        + "this file would delete the models of the missing objects"
                )
                break
            }
            if line["object"]?.scalarText == "object" { definitions.append(line) }
        }
        // `mongoexport` of Parse Server's `_SCHEMA` collection writes one stored class a line.
        if definitions.isEmpty, !reader.diagnostics.hasErrors, let stored = lines.first(where: isParseStoredClass) {
            refuseParseStoredClass(stored, &reader)
            return []
        }
        if definitions.isEmpty, let first = lines.first, !reader.diagnostics.hasErrors {
            reader.diagnostics.warning(
                "this export holds no object definition (a line with \"object\": \"object\"), so it adds no model",
                at: first.location,
                hint: "export the org's objects with it (mdctl env export), or leave this file out of 'schemas'"
            )
        }
        return reader.readEach(definitions) { readObject($0, file: file, format: .cortex, &$1) }
    }

    static func readObject(
        _ node: SyntaxNode,
        file: String,
        format: SchemaFormat,
        _ reader: inout NodeReader
    ) -> ObjectDefinition? {
        guard
            let located = reader.namedDefinition(
                node,
                "an object definition",
                known: CortexKeys.object,
                ignored: CortexKeys.ignoredObjectKeys
            )
        else { return nil }
        let name = located.value
        let properties = readProperties(node["properties"], owner: name, &reader)
        var objectTypes: [ObjectTypeDefinition] = []
        if let typesNode = node["objectTypes"] {
            for typeNode in reader.sequence(typesNode, "'objectTypes'") ?? [] {
                guard
                    let typeName = reader.namedDefinition(
                        typeNode,
                        "an object type",
                        known: CortexKeys.objectType,
                        ignored: CortexKeys.ignoredObjectTypeKeys
                    )
                else { continue }
                objectTypes.append(
                    ObjectTypeDefinition(
                        name: typeName,
                        label: optionalString(typeNode["label"], "'label'", &reader),
                        description: optionalString(typeNode["description"], "'description'", &reader),
                        properties: CortexExtensions.typeOwnProperties(
                            readProperties(typeNode["properties"], owner: typeName.value, &reader),
                            shared: properties
                        )
                    )
                )
            }
        }
        return ObjectDefinition(
            name: located,
            label: optionalString(node["label"], "'label'", &reader),
            pluralName: optionalString(node["pluralName"], "'pluralName'", &reader),
            description: optionalString(node["description"], "'description'", &reader),
            properties: properties,
            objectTypes: objectTypes,
            sourceFile: file,
            format: format
        )
    }

    private static func readProperties(
        _ node: SyntaxNode?,
        owner: String,
        _ reader: inout NodeReader
    )
        -> [PropertyDefinition]
    {
        guard let node, !node.isNull else { return [] }
        return (reader.sequence(node, "the properties of '\(owner)'") ?? []).compactMap { readProperty($0, &reader) }
    }

    private static func readProperty(_ node: SyntaxNode, _ reader: inout NodeReader) -> PropertyDefinition? {
        guard
            let located = reader.namedDefinition(
                node,
                "a property",
                known: CortexKeys.property,
                ignored: CortexKeys.ignoredPropertyKeys,
                typeDeciding: CortexKeys.typeDecidingPropertyKeys
            )
        else { return nil }
        let name = located.value
        guard let type = reader.requiredType(of: node, "property", name, oneOf: PropertyTypeName.known) else {
            return nil
        }
        var typeName = type.value
        var property = PropertyDefinition(name: located, type: Located("", at: type.location))
        // `String[]` is how Medable's iOS SDK documentation spells an array of strings.
        if typeName.hasSuffix("[]") {
            typeName.removeLast(2)
            property.isArray = true
        }
        property.type.value = typeName
        property.label = optionalString(node["label"], "'label'", &reader)
        property.description = optionalString(node["description"], "'description'", &reader)

        func flag(_ key: String, _ keyPath: WritableKeyPath<PropertyDefinition, Bool>) {
            if let value = node[key], !value.isNull, let bool = reader.bool(value, "'\(key)' of '\(name)'") {
                property[keyPath: keyPath] = bool
                if bool { property.flagLocations[key] = value.location }
            }
        }
        flag("array", \.isArray)
        flag("integer", \.isInteger)
        flag("dateOnly", \.isDateOnly)
        flag("expandable", \.isExpandable)
        flag("required", \.isRequired)
        flag("optional", \.isOptionalInResponses)
        flag("readable", \.isReadable)
        flag("writable", \.isWritable)
        flag("creatable", \.isCreatable)
        flag("indexed", \.isIndexed)
        flag("canPush", \.canPush)
        flag("canPull", \.canPull)
        flag("uniqueValues", \.hasUniqueValues)
        (property.minItems, property.maxItems) = reader.itemCounts(
            min: node["minItems"],
            max: node["maxItems"],
            of: name
        )
        if let value = node["sourceObject"], !value.isNull,
            let source = reader.name(value, "'sourceObject' of '\(name)'")
        {
            property.sourceObject = Located(source, at: value.location)
        }
        property.serverDefault = node["defaultValue"].flatMap(Self.serverDefault)
        reader.checkDefaultValue(
            of: &property,
            hint:
                "give a value of the property's type, which is what Cortex stores: what else it takes is not documented"
        )
        if property.serverDefault == nil, node["autoGenerate"]?.scalarText == "true" {
            property.serverDefault = .computed(kind: "autoGenerate", detail: nil)
        }
        if let nested = node["properties"], !nested.isNull {
            guard
                let properties = reader.documentProperties(
                    of: name,
                    at: located.location,
                    { readProperties(nested, owner: name, &$0) }
                )
            else { return nil }
            property.properties = properties
        }
        if let processors = node["processors"], !processors.isNull {
            property.facets = (reader.sequence(processors, "'processors' of '\(name)'") ?? []).compactMap {
                readFacet($0, &reader)
            }
        }
        if let validators = node["validators"], !validators.isNull {
            for validatorNode in reader.sequence(validators, "'validators' of '\(name)'") ?? [] {
                guard
                    let validatorName = reader.namedDefinition(
                        validatorNode,
                        "a validator",
                        known: CortexKeys.validator,
                        ignored: CortexKeys.ignoredValidatorKeys
                    )
                else { continue }
                property.validators.append(
                    ValidatorDefinition(name: validatorName, definition: validatorNode["definition"])
                )
                if validatorName.value == "required" { property.isRequired = true }
            }
        }
        return property
    }

    private static func readFacet(_ node: SyntaxNode, _ reader: inout NodeReader) -> FacetDefinition? {
        guard
            let located = reader.namedDefinition(
                node,
                "a file processor",
                known: CortexKeys.facet,
                ignored: CortexKeys.ignoredFacetKeys,
                missing: "a file processor needs a 'name' (the facet's name)"
            )
        else { return nil }
        let name = located.value
        var facet = FacetDefinition(name: located)
        if let mimes = node["mimes"], !mimes.isNull {
            facet.mimes = reader.stringList(mimes, "'mimes' of facet '\(name)'")?.map(\.value) ?? []
        }
        if let required = node["required"], !required.isNull {
            facet.isRequired = reader.bool(required, "'required' of facet '\(name)'") ?? false
        }
        if let allowUpload = node["allowUpload"], !allowUpload.isNull {
            facet.allowsUpload = reader.bool(allowUpload, "'allowUpload' of facet '\(name)'") ?? true
        }
        if let size = node["maxFileSize"], !size.isNull {
            facet.maxFileSize = reader.int(size, "'maxFileSize' of facet '\(name)'")
        }
        return facet
    }

    /// A property's `defaultValue`. Cortex writes a list of `{type, value}`, `[]` for none (an older export one such
    /// object): a `static` default is the value, an `env` or `expression` one the server computes. The generator's
    /// own files may write the value itself.
    static func serverDefault(_ node: SyntaxNode) -> ServerDefault? {
        /// One of Cortex's `{type, value}`, by its kind.
        func cortexDefault(_ element: SyntaxNode) -> (kind: String, value: SyntaxNode?)? {
            guard element.entries != nil, let kind = element["type"]?.scalarText,
                ["static", "env", "expression"].contains(kind)
            else { return nil }
            return (kind, element["value"])
        }
        let elements = node.elements ?? [node]
        let defaults = elements.compactMap(cortexDefault)
        // Anything else is the value itself.
        guard defaults.count == elements.count else { return node.isNull ? nil : .value(node) }
        guard let first = defaults.first else { return nil }
        guard first.kind == "static" else { return .computed(kind: first.kind, detail: first.value) }
        return first.value.flatMap { $0.isNull ? nil : .value($0) }
    }

    static func optionalString(_ node: SyntaxNode?, _ what: String, _ reader: inout NodeReader) -> String? {
        guard let node, !node.isNull else { return nil }
        return reader.string(node, what)
    }
}
