/// Reads object definitions from our YAML/JSON format (`objects: [...]`) and from Cortex NDJSON exports.
public enum SchemaLoader {
    /// How a schema file is laid out, chosen by its extension.
    public enum Format: Sendable {
        case document
        case cortexExport

        public init(file: String) {
            let lowered = file.lowercased()
            self = lowered.hasSuffix(".ndjson") || lowered.hasSuffix(".jsonl") ? .cortexExport : .document
        }
    }

    public static func load(_ text: String, file: String) -> (objects: [ObjectDefinition], diagnostics: Diagnostics) {
        var reader = NodeReader()
        var objects: [ObjectDefinition] = []
        switch Format(file: file) {
        case .cortexExport:
            let (lines, problems) = DocumentParser.parseLines(text, file: file)
            reader.diagnostics.append(contentsOf: problems)
            for line in lines where line["object"]?.scalarText == "object" {
                if let object = readObject(line, file: file, fromExport: true, &reader) { objects.append(object) }
            }
        case .document:
            switch DocumentParser.parse(text, file: file) {
            case .failure(let diagnostic):
                reader.diagnostics.append(diagnostic)
            case .success(nil):
                reader.diagnostics.warning("the schema file is empty", at: .start(of: file))
            case .success(let root?):
                guard let entries = reader.mapping(root, "a schema file") else { break }
                reader.checkKeys(entries, known: ["objects"], in: "a schema file", severity: .warning)
                guard let list = root["objects"] else {
                    reader.diagnostics.error(
                        "a schema file needs a top-level 'objects' list",
                        at: root.location,
                        hint: "write 'objects:' followed by one entry per object definition"
                    )
                    break
                }
                for node in reader.sequence(list, "'objects'") ?? [] {
                    if let object = readObject(node, file: file, fromExport: false, &reader) { objects.append(object) }
                }
            }
        }
        return (objects, reader.diagnostics)
    }

    private static func readObject(
        _ node: SyntaxNode,
        file: String,
        fromExport: Bool,
        _ reader: inout NodeReader
    ) -> ObjectDefinition? {
        guard let entries = reader.mapping(node, "an object definition") else { return nil }
        reader.checkKeys(
            entries,
            known: CortexKeys.object,
            ignored: CortexKeys.ignoredObjectKeys,
            in: "an object definition",
            severity: .warning
        )
        guard let nameNode = node["name"] else {
            reader.diagnostics.error("an object definition needs a 'name'", at: node.location)
            return nil
        }
        guard let name = reader.name(nameNode, "an object's 'name'") else { return nil }
        let properties = readProperties(node["properties"], owner: name, &reader)
        var objectTypes: [ObjectTypeDefinition] = []
        if let typesNode = node["objectTypes"] {
            for typeNode in reader.sequence(typesNode, "'objectTypes'") ?? [] {
                guard let typeEntries = reader.mapping(typeNode, "an object type") else { continue }
                reader.checkKeys(
                    typeEntries,
                    known: CortexKeys.objectType,
                    ignored: CortexKeys.ignoredObjectTypeKeys,
                    in: "an object type",
                    severity: .warning
                )
                guard let typeNameNode = typeNode["name"] else {
                    reader.diagnostics.error("an object type needs a 'name'", at: typeNode.location)
                    continue
                }
                guard let typeName = reader.name(typeNameNode, "an object type's 'name'") else { continue }
                objectTypes.append(
                    ObjectTypeDefinition(
                        name: Located(typeName, at: typeNameNode.location),
                        label: optionalString(typeNode["label"], "'label'", &reader),
                        description: optionalString(typeNode["description"], "'description'", &reader),
                        properties: readProperties(typeNode["properties"], owner: typeName, &reader)
                    )
                )
            }
        }
        return ObjectDefinition(
            name: Located(name, at: nameNode.location),
            label: optionalString(node["label"], "'label'", &reader),
            pluralName: optionalString(node["pluralName"], "'pluralName'", &reader),
            description: optionalString(node["description"], "'description'", &reader),
            properties: properties,
            objectTypes: objectTypes,
            sourceFile: file,
            isFromCortexExport: fromExport
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
        guard let entries = reader.mapping(node, "a property") else { return nil }
        reader.checkKeys(
            entries,
            known: CortexKeys.property,
            ignored: CortexKeys.ignoredPropertyKeys,
            in: "a property",
            severity: .warning
        )
        guard let nameNode = node["name"] else {
            reader.diagnostics.error("a property needs a 'name'", at: node.location)
            return nil
        }
        guard let name = reader.name(nameNode, "a property's 'name'") else { return nil }
        guard let typeNode = node["type"] else {
            reader.diagnostics.error(
                "property '\(name)' needs a 'type'",
                at: node.location,
                hint: "one of \(PropertyTypeName.known.joined(separator: ", "))"
            )
            return nil
        }
        guard var typeName = reader.name(typeNode, "the 'type' of '\(name)'") else { return nil }
        var property = PropertyDefinition(
            name: Located(name, at: nameNode.location),
            type: Located("", at: typeNode.location)
        )
        // `String[]` is the seed's spelling of an array of strings.
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
        if let value = node["minItems"], !value.isNull {
            property.minItems = reader.int(value, "'minItems' of '\(name)'")
        }
        if let value = node["maxItems"], !value.isNull {
            property.maxItems = reader.int(value, "'maxItems' of '\(name)'")
        }
        if let value = node["sourceObject"], !value.isNull,
            let source = reader.name(value, "'sourceObject' of '\(name)'")
        {
            property.sourceObject = Located(source, at: value.location)
        }
        if let value = node["defaultValue"] { property.defaultValue = value }
        property.properties = readProperties(node["properties"], owner: name, &reader)
        if let processors = node["processors"], !processors.isNull {
            property.facets = (reader.sequence(processors, "'processors' of '\(name)'") ?? []).compactMap {
                readFacet($0, &reader)
            }
        }
        if let validators = node["validators"], !validators.isNull {
            for validatorNode in reader.sequence(validators, "'validators' of '\(name)'") ?? [] {
                guard let validatorEntries = reader.mapping(validatorNode, "a validator") else { continue }
                reader.checkKeys(
                    validatorEntries,
                    known: CortexKeys.validator,
                    ignored: CortexKeys.ignoredValidatorKeys,
                    in: "a validator",
                    severity: .warning
                )
                guard let validatorName = validatorNode["name"] else {
                    reader.diagnostics.error("a validator needs a 'name'", at: validatorNode.location)
                    continue
                }
                guard let text = reader.name(validatorName, "a validator's 'name'") else { continue }
                property.validators.append(
                    ValidatorDefinition(
                        name: Located(text, at: validatorName.location),
                        definition: validatorNode["definition"]
                    )
                )
                if text == "required" { property.isRequired = true }
            }
        }
        return property
    }

    private static func readFacet(_ node: SyntaxNode, _ reader: inout NodeReader) -> FacetDefinition? {
        guard let entries = reader.mapping(node, "a file processor") else { return nil }
        reader.checkKeys(
            entries,
            known: CortexKeys.facet,
            ignored: CortexKeys.ignoredFacetKeys,
            in: "a file processor",
            severity: .warning
        )
        guard let nameNode = node["name"] else {
            reader.diagnostics.error("a file processor needs a 'name' (the facet's name)", at: node.location)
            return nil
        }
        guard let name = reader.name(nameNode, "a facet's 'name'") else { return nil }
        var facet = FacetDefinition(name: Located(name, at: nameNode.location))
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

    private static func optionalString(_ node: SyntaxNode?, _ what: String, _ reader: inout NodeReader) -> String? {
        guard let node, !node.isNull else { return nil }
        return reader.string(node, what)
    }
}
