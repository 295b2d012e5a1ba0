/// Reads Mia-Platform CRUD service collection definitions, in both of the service's forms: the `fields` list
/// (`{"name", "type", "required", "nullable", …}` per field) and the JSON Schema form (`"schema": {"type":
/// "object", "properties": {…}, "required": […]}`). Nested `RawObject` schemas are JSON Schema in both.
///
/// `endpointBasePath` becomes the path of the API calls and `defaultState` a fact of the definition. Mia's types
/// map onto the schema model's (`string` → String, `number` → Number, `boolean` → Boolean, `Date` → Date,
/// `ObjectId` → ObjectId, `Array` → an array of its `items`); a `RawObject` with a schema is a `Document` with its
/// properties, one without is `Any`, and `GeoPoint` keeps its name.
///
/// A table configuration of Mia-Platform's CRUD SQL service looks much the same (`name`, `endpointBasePath`, a JSON
/// Schema `schema`) but has a `metadata` with the table's primary key; it is refused with an error at that key.
enum MiaReader {
    static let collectionKeys = [
        "name", "defaultName", "endpointBasePath", "internalEndpoints", "defaultState", "description", "fields",
        "schema",
    ]
    /// Keys that don't change the generated code: database indexes, sorting, tags, owners, and what makes a view.
    static let ignoredCollectionKeys: Set<String> = [
        "id", "defaultSorting", "indexes", "tags", "type", "source", "pipeline", "enableLookup", "owners",
        "defaultSource", "defaultPipeline",
    ]
    static let endpointKeys = ["basePath", "defaultState"]
    static let fieldKeys = ["name", "type", "description", "required", "nullable", "items", "schema", "enum"]
    /// The service's and the Console's field settings for encryption and data sensitivity, and a `RawObject`'s
    /// `additionalProperties`: checked by the service, not by the generated code.
    static let ignoredFieldKeys: Set<String> = [
        "encryption", "encryptionEnabled", "encryptionSearchable", "sensitivityValue", "sensitivityDescription",
        "additionalProperties", "__mia_configuration",
    ]
    static let fieldTypes = [
        "string", "number", "boolean", "Date", "ObjectId", "GeoPoint", "RawObject", "Array", "object",
        "Array_string", "Array_number", "Array_RawObject",
    ]
    /// The Console's names of array types (`Array_string`), as the element type the service's `Array` has in
    /// `items`. For `Array_RawObject` the field's `schema` describes each element.
    static let consoleArrayTypes = ["Array_string": "string", "Array_number": "number", "Array_RawObject": "RawObject"]
    /// The `__STATE__` values a document may be created with.
    static let states = ["PUBLIC", "DRAFT", "TRASH", "DELETED"]

    static let schemaKeys = [
        "type", "properties", "items", "required", "nullable", "description", "enum", "format",
        "__mia_configuration", "default", "minItems", "maxItems",
    ]
    /// JSON Schema's validation keywords, checked by the CRUD service and not by the generated code.
    static let ignoredSchemaKeys: Set<String> = [
        "additionalProperties", "pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "multipleOf", "uniqueItems", "title", "examples", "$comment", "minProperties",
        "maxProperties", "example", "encryption",
    ]

    static func read(_ root: SyntaxNode, file: String, _ reader: inout NodeReader) -> [ObjectDefinition] {
        if isField(root.elements?.first(where: { $0.entries != nil }) ?? root) {
            // Read as collections, each field would be a model of its own.
            reader.diagnostics.error(
                "this is a list of fields (the Console's export of one collection's fields), which names no collection",
                at: root.location,
                hint:
                    "write it as {\"name\": \"<collection>\", \"endpointBasePath\": \"/<path>\", \"fields\": <this list>}"
            )
            return []
        }
        if let elements = root.elements {
            return elements.compactMap { readCollection($0, file: file, &reader) }
        }
        if let collections = root["data"]?["collections"] {
            return readConsoleExport(root, collections: collections, file: file, &reader)
        }
        return readCollection(root, file: file, &reader).map { [$0] } ?? []
    }

    /// A field of the `fields` form rather than a collection: what the Console's export of one collection's fields
    /// (a bare list of them) holds.
    static func isField(_ node: SyntaxNode) -> Bool {
        node["nullable"] != nil && node["type"]?.scalarText != nil && node["fields"] == nil && node["schema"] == nil
    }

    /// The Console's export of a project's collections: `{"data": {"collections": {<name>: collection}},
    /// "metadata": {…}}`. The metadata (project, branch, time of the export) changes nothing in the code.
    private static func readConsoleExport(
        _ root: SyntaxNode,
        collections: SyntaxNode,
        file: String,
        _ reader: inout NodeReader
    ) -> [ObjectDefinition] {
        if let entries = root.entries {
            reader.checkKeys(entries, known: ["data", "metadata"], in: "a Console export", severity: .warning)
        }
        if let entries = root["data"]?.entries {
            reader.checkKeys(entries, known: ["collections"], in: "the 'data' of a Console export", severity: .warning)
        }
        guard let entries = reader.mapping(collections, "the 'collections' of a Console export") else { return [] }
        return entries.compactMap { readCollection($0.value, file: file, &reader) }
    }

    private static func readCollection(
        _ node: SyntaxNode,
        file: String,
        _ reader: inout NodeReader
    )
        -> ObjectDefinition?
    {
        if let metadata = crudSQLMetadata(node) {
            refuseCRUDSQLTable(node, metadata: metadata, &reader)
            return nil
        }
        if isViewDefinition(node) {
            refuseViewDefinition(node, &reader)
            return nil
        }
        // The Console writes `defaultName` where the service has `name`.
        let nameKey = node["name"] == nil && node["defaultName"] != nil ? "defaultName" : "name"
        guard
            let located = reader.namedDefinition(
                node,
                "a Mia-Platform collection",
                key: nameKey,
                known: collectionKeys,
                ignored: ignoredCollectionKeys
            )
        else { return nil }
        let name = located.value
        var properties: [PropertyDefinition] = []
        if let fields = node["fields"], !fields.isNull {
            properties = (reader.sequence(fields, "'fields' of '\(name)'") ?? []).compactMap { readField($0, &reader) }
        } else if let schema = node["schema"], !schema.isNull {
            properties = readObjectSchema(schema, owner: name, defaultsFilledIn: false, &reader)
        } else {
            reader.diagnostics.error(
                "collection '\(name)' needs 'fields' or a JSON Schema 'schema'",
                at: located.location
            )
        }
        var definition = ObjectDefinition(
            name: located,
            description: CortexReader.optionalString(node["description"], "'description'", &reader),
            properties: properties.allowingEveryArrayOperation(),
            objectTypes: [],
            sourceFile: file
        )
        definition.format = .mia
        if let endpoints = node["internalEndpoints"], !endpoints.isNull {
            readInternalEndpoints(endpoints, of: name, into: &definition, &reader)
            for key in ["endpointBasePath", "defaultState"] {
                if let other = node[key] {
                    reader.diagnostics.error(
                        "collection '\(name)' has both '\(key)' and 'internalEndpoints'",
                        at: other.location,
                        hint: "the Console writes 'internalEndpoints', the CRUD service's own files 'endpointBasePath' "
                            + "and 'defaultState': keep one of them"
                    )
                }
            }
            return definition
        }
        if let pathNode = node["endpointBasePath"], let path = reader.name(pathNode, "'endpointBasePath'") {
            definition.pluralName = basePath(path)
        }
        definition.defaultState = CortexReader.optionalString(node["defaultState"], "'defaultState'", &reader)
        return definition
    }

    /// A view definition of the CRUD service, as it loads them from its `VIEWS_DEFINITION_FOLDER` (`index.js`):
    /// `{"name", "source", "pipeline"}`, without fields of its own. The service takes the view's fields from the
    /// collection definition of the same name, and sets `type: 'view'` itself (`lib/mergeViewsInCollections.js`), so
    /// the file may leave `type` out, as crud-service's own `tests/viewsDefinitions/store-open.js` does. A Console
    /// collection of type `view` has its fields, and is read as a collection.
    static func isViewDefinition(_ node: SyntaxNode) -> Bool {
        let type = node["type"]
        return (type == nil || type?.scalarText == "view") && node["source"] != nil && node["pipeline"] != nil
            && node["fields"] == nil && node["schema"] == nil
    }

    /// A view definition is no collection: read as one, it would be a model without fields. Its model is its
    /// collection definition's.
    private static func refuseViewDefinition(_ node: SyntaxNode, _ reader: inout NodeReader) {
        let name = node["name"]?.scalarText.map { "'\($0)'" } ?? "of this name"
        let source = node["source"]?.scalarText.map { " over '\($0)'" } ?? ""
        reader.diagnostics.error(
            "this is a view definition of the CRUD service\(source), not a collection definition: the service takes "
                + "the view's fields from the collection definition \(name)",
            at: node.location,
            hint: "name the folder of collection definitions (the service's COLLECTION_DEFINITION_FOLDER) in "
                + "'schemas:', not its views' (VIEWS_DEFINITION_FOLDER)"
        )
    }

    /// The `metadata` entry of a table configuration of Mia-Platform's CRUD SQL service, or nil for anything else.
    /// The table's `metadata` names its primary key (`primaryKey`) and whether the database generates it
    /// (`manageIdColumn`), both required by the service; no CRUD service collection has a `metadata` key at the top
    /// (the Console's export has one around its `data`, with the project and branch, which is read before this).
    static func crudSQLMetadata(_ node: SyntaxNode) -> SyntaxNode.Entry? {
        guard let metadata = node.entries?.first(where: { $0.name == "metadata" }), metadata.value.entries != nil,
            metadata.value["primaryKey"] != nil || metadata.value["manageIdColumn"] != nil
        else { return nil }
        return metadata
    }

    /// A CRUD SQL table is not read: it would become a CRUD service model with an ObjectId `_id`, a `__STATE__`
    /// and typed queries, and CRUD SQL answers with none of that (see ObjectDefinitions.md, "CRUD SQL tables").
    private static func refuseCRUDSQLTable(
        _ node: SyntaxNode,
        metadata: SyntaxNode.Entry,
        _ reader: inout NodeReader
    ) {
        let table = node["name"]?.scalarText.map { " ('\($0)')" } ?? ""
        reader.diagnostics.error(
            "this is a table configuration of Mia-Platform's CRUD SQL service\(table), not a CRUD service collection: "
                + "its 'metadata' names the table's primary key. The generator doesn't read CRUD SQL tables",
            at: metadata.key.location,
            hint: "CRUD SQL answers with an '_id' made from the primary key, column names in the database driver's "
                + "case and no '__STATE__', and serves fewer query and update operators than the CRUD service: a "
                + "model of the CRUD service would decode and send what it doesn't. Leave the file out of 'schemas:'"
        )
    }

    /// The path of the API calls: the runtime puts the slash in front of it itself.
    private static func basePath(_ path: String) -> String? {
        let trimmed = String(path.drop(while: { $0 == "/" }))
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The Console's `internalEndpoints: [{basePath, defaultState}]`: every base path the service serves the
    /// collection at. The first is the model's path (its `pluralName`) and its `defaultState` the definition's; the
    /// others serve the same documents, and are listed on the definition.
    private static func readInternalEndpoints(
        _ node: SyntaxNode,
        of name: String,
        into definition: inout ObjectDefinition,
        _ reader: inout NodeReader
    ) {
        guard let elements = reader.sequence(node, "'internalEndpoints' of '\(name)'") else { return }
        guard !elements.isEmpty else {
            reader.diagnostics.error(
                "collection '\(name)' has no internal endpoint",
                at: node.location,
                hint: "the Console always keeps at least one: {\"basePath\": \"/\(name)\", \"defaultState\": \"DRAFT\"}"
            )
            return
        }
        var endpoints: [MiaEndpointDefinition] = []
        var seen: [String: SourceLocation] = [:]
        for element in elements {
            guard let entries = reader.mapping(element, "an internal endpoint of '\(name)'") else { continue }
            reader.checkKeys(entries, known: endpointKeys, in: "an internal endpoint", severity: .warning)
            guard
                let located = reader.requiredName(
                    "basePath",
                    of: element,
                    missing: "an internal endpoint of '\(name)' needs a 'basePath'",
                    what: "the 'basePath' of an internal endpoint of '\(name)'"
                )
            else { continue }
            guard let path = basePath(located.value) else {
                reader.diagnostics.error(
                    "the 'basePath' of an internal endpoint of '\(name)' names no path",
                    at: located.location
                )
                continue
            }
            if let first = seen[path] {
                reader.diagnostics.error(
                    "collection '\(name)' has the internal endpoint '/\(path)' twice; the first is at \(first)",
                    at: located.location
                )
                continue
            }
            seen[path] = located.location
            var state: String?
            if let stateNode = element["defaultState"], !stateNode.isNull {
                guard let text = reader.name(stateNode, "the 'defaultState' of '/\(path)'") else { continue }
                guard states.contains(text) else {
                    reader.diagnostics.error(
                        "unknown 'defaultState' '\(text)' of the internal endpoint '/\(path)'",
                        at: stateNode.location,
                        hint: Suggestion.hint(for: text, in: states) ?? "one of \(states.joined(separator: ", "))"
                    )
                    continue
                }
                state = text
            }
            endpoints.append(MiaEndpointDefinition(basePath: path, defaultState: state))
        }
        guard let first = endpoints.first else { return }
        definition.pluralName = first.basePath
        definition.defaultState = first.defaultState
        definition.otherEndpoints = Array(endpoints.dropFirst())
    }

    /// One entry of the `fields` form.
    private static func readField(_ node: SyntaxNode, _ reader: inout NodeReader) -> PropertyDefinition? {
        guard let located = reader.namedDefinition(node, "a field", known: fieldKeys, ignored: ignoredFieldKeys)
        else { return nil }
        let name = located.value
        guard let type = reader.requiredType(of: node, "field", name, oneOf: fieldTypes) else { return nil }
        let typeName = type.value
        var property = PropertyDefinition(name: located, type: type)
        property.description = CortexReader.optionalString(node["description"], "'description'", &reader)
        if let required = node["required"], !required.isNull {
            property.isRequired = reader.bool(required, "'required' of '\(name)'") ?? false
        }
        if let nullable = node["nullable"], !nullable.isNull {
            property.isNullable = reader.bool(nullable, "'nullable' of '\(name)'") ?? false
        }
        var element = node
        if let elementType = consoleArrayTypes[typeName] {
            property.isArray = true
            property.type.value = elementType
        } else if typeName == "Array" {
            property.isArray = true
            guard let items = node["items"], let itemEntries = reader.mapping(items, "'items' of '\(name)'") else {
                reader.diagnostics.error("array field '\(name)' needs its 'items'", at: type.location)
                return nil
            }
            reader.checkKeys(
                itemEntries,
                known: ["type", "schema", "enum"],
                ignored: ignoredFieldKeys,
                in: "the items of a field",
                severity: .warning
            )
            guard let itemType = items["type"],
                let itemTypeName = reader.name(itemType, "the items' 'type' of '\(name)'")
            else {
                reader.diagnostics.error("the 'items' of '\(name)' need a 'type'", at: items.location)
                return nil
            }
            property.type = Located(itemTypeName, at: itemType.location)
            element = items
        }
        // `__mia_configuration: { type: ObjectId }` marks a string that holds an ObjectId.
        if element["__mia_configuration"]?["type"]?.scalarText == "ObjectId" { property.type.value = "ObjectId" }
        switch property.type.value {
        case "string":
            property.type.value = "String"
            if let values = element["enum"] { property.validators = [stringEnum(values, at: property.type.location)] }
        case "number": property.type.value = "Number"
        case "boolean": property.type.value = "Boolean"
        case "Date", "ObjectId", "GeoPoint": break
        case "RawObject", "object":
            if let schema = element["schema"], !schema.isNull {
                property.type.value = "Document"
                property.isClosed = isClosed(schema)
                guard
                    let properties = reader.documentProperties(
                        of: name,
                        at: located.location,
                        { readObjectSchema(schema, owner: name, &$0) }
                    )
                else { return nil }
                property.properties = properties
            } else {
                property.type.value = "Any"
            }
        default:
            let known = property.isArray ? fieldTypes.filter { !$0.hasPrefix("Array") } : fieldTypes
            reader.diagnostics.error(
                "unknown Mia-Platform type '\(property.type.value)' of field '\(name)'",
                at: property.type.location,
                hint: Suggestion.hint(for: property.type.value, in: known) ?? "one of \(known.joined(separator: ", "))"
            )
            return nil
        }
        return property
    }

    /// Whether an object's JSON Schema has `additionalProperties: false`: its Document takes no member it doesn't
    /// define, which the CRUD service refuses.
    private static func isClosed(_ schema: SyntaxNode) -> Bool {
        guard case .scalar(let text, .bool)? = schema["additionalProperties"]?.value else { return false }
        return JSONLiteral.bool(text) == "false"
    }

    /// The properties of a JSON Schema `object`: a collection's `schema`, or a nested `RawObject`'s.
    /// `keysChecked` when the caller has checked the schema's keys already. `defaultsFilledIn` is false for the
    /// collection's own: crud-service's request schemas (`JSONSchemaGenerator.js`, `generateCollectionFields`) keep
    /// only a collection property's type, description and `nullable`, so Ajv's `useDefaults` fills in a default
    /// only inside an object property's schema, which they keep whole.
    private static func readObjectSchema(
        _ node: SyntaxNode,
        owner: String,
        keysChecked: Bool = false,
        defaultsFilledIn: Bool = true,
        _ reader: inout NodeReader
    ) -> [PropertyDefinition] {
        guard let entries = reader.mapping(node, "the schema of '\(owner)'") else { return [] }
        if !keysChecked { checkSchemaKeys(entries, &reader) }
        let requiredNames = node["required"].flatMap { reader.stringList($0, "'required' of '\(owner)'") } ?? []
        let required = Set(requiredNames.map(\.value))
        guard let propertiesNode = node["properties"], !propertiesNode.isNull,
            let propertyEntries = reader.mapping(propertiesNode, "'properties' of '\(owner)'")
        else { return [] }
        checkRequiredNamesAreProperties(
            requiredNames,
            of: owner,
            properties: propertyEntries.map(\.name),
            isCollection: !defaultsFilledIn,
            &reader
        )
        return propertyEntries.compactMap { entry in
            guard !entry.name.isEmpty else {
                reader.diagnostics.error("a property of '\(owner)' needs a name", at: entry.key.location)
                return nil
            }
            var property = PropertyDefinition(
                name: Located(entry.name, at: entry.key.location),
                type: Located("", at: entry.value.location)
            )
            guard readSchemaType(entry.value, into: &property, &reader) else { return nil }
            property.isRequired = required.contains(entry.name)
            if case .value(let value)? = property.serverDefault, !defaultsFilledIn {
                reader.diagnostics.warning(
                    "the CRUD service doesn't fill in the default of '\(entry.name)', a property of the collection "
                        + "itself; it is ignored, and a create sends the property",
                    at: value.location,
                    hint: "crud-service's request schemas keep a collection property's type, description and "
                        + "nullable, not its default; a default inside an object property's 'properties' is filled in"
                )
                property.serverDefault = nil
            }
            reader.checkDefaultValue(of: &property, hint: defaultValueHint)
            checkDefaultIsAnEnumValue(of: &property, schema: entry.value, &reader)
            return property
        }
    }

    /// The fields the CRUD service gives every document, which it leaves out of a collection's `required` when it
    /// builds its request schemas (`JSONSchemaGenerator.js`, `collectionFieldsProperties`, `mandatoryFields`).
    static let serviceFields: Set<String> = ["_id", "creatorId", "createdAt", "updaterId", "updatedAt", "__STATE__"]

    /// Warns at each name of `required` that is none of the schema's properties (the collection's own, but for the
    /// fields the service gives every document): the service's request schemas keep the name, and Ajv checks
    /// `required` before it removes members the schema doesn't define, so every create without the member fails,
    /// and no generated body has it.
    private static func checkRequiredNamesAreProperties(
        _ names: [Located<String>],
        of owner: String,
        properties: [String],
        isCollection: Bool,
        _ reader: inout NodeReader
    ) {
        let known = Set(properties)
        for name in names where !known.contains(name.value) && !(isCollection && serviceFields.contains(name.value)) {
            reader.diagnostics.warning(
                "'required' of '\(owner)' names '\(name.value)', which is none of its properties: the CRUD service refuses every create without it, and no generated body sends it",
                at: name.location,
                hint: Suggestion.hint(for: name.value, in: properties + (isCollection ? serviceFields.sorted() : []))
                    ?? "add '\(name.value)' to 'properties', or take it out of 'required'"
            )
        }
    }

    /// Warns at a default that is none of its property's `enum` values (each element's, for an array whose `items`
    /// have one), and leaves the property without it: Ajv's `useDefaults` fills the default in and then checks it
    /// against `enum` like any value (`assignDefaults` runs before the property's keywords), so the service refuses
    /// every create that leaves the property out. Without the default, a create sends it.
    private static func checkDefaultIsAnEnumValue(
        of property: inout PropertyDefinition,
        schema: SyntaxNode,
        _ reader: inout NodeReader
    ) {
        guard case .value(let value)? = property.serverDefault else { return }
        var outside: (part: String, values: String)?
        if let values = schema["enum"]?.elements, !values.contains(where: { isAjvEqual($0, value) }) {
            outside = (JSONLiteral.json(value), "its 'enum' values")
        } else if property.isArray, let values = schema["items"]?["enum"]?.elements {
            let elements = value.elements ?? [value]
            if let element = elements.first(where: { element in !values.contains { isAjvEqual($0, element) } }) {
                let part = JSONLiteral.json(element)
                outside = (value.elements == nil ? part : "a list holding \(part)", "its items' 'enum' values")
            }
        }
        guard let outside else { return }
        let name = property.name.value
        reader.diagnostics.warning(
            "the default value of '\(name)' is \(outside.part), which is none of \(outside.values); it is ignored, and a create sends the property",
            at: value.location,
            hint: "give one of the 'enum' values, or leave 'default' out: the CRUD service's Ajv fills the default in "
                + "and then checks it against 'enum', so it refuses every create without '\(name)'"
        )
        property.serverDefault = nil
    }

    /// Ajv's `enum` comparison (`fast-deep-equal`): scalars as JavaScript's `===` compares them, lists element by
    /// element, mappings by their members whatever their order. Each step goes one level into values the parser
    /// bounds.
    private static func isAjvEqual(_ left: SyntaxNode, _ right: SyntaxNode) -> Bool {
        switch (left.value, right.value) {
        case (.sequence(let a), .sequence(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { isAjvEqual($0, $1) }
        case (.mapping(let a), .mapping(let b)):
            // A JSON object holds the last member of each name.
            let (lastA, lastB) = (a.lastOfEachName(\.name), b.lastOfEachName(\.name))
            guard lastA.count == lastB.count else { return false }
            let valuesB = Dictionary(lastB.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
            return lastA.allSatisfy { entry in valuesB[entry.name].map { isAjvEqual(entry.value, $0) } ?? false }
        case (.scalar, .scalar): return ParseDefaultValue.strictlyEqual(left, right)
        default: return false
        }
    }

    /// The type of one JSON Schema property, with its description, nullability and nested properties. False
    /// after reporting when the schema has no type the generator can read.
    private static func readSchemaType(
        _ node: SyntaxNode,
        into property: inout PropertyDefinition,
        _ reader: inout NodeReader
    ) -> Bool {
        let name = property.name.value
        guard let entries = reader.mapping(node, "the schema of '\(name)'") else { return false }
        checkSchemaKeys(entries, &reader)
        if let description = node["description"], !description.isNull {
            property.description = reader.string(description, "'description' of '\(name)'")
        }
        if let nullable = node["nullable"], !nullable.isNull {
            property.isNullable = reader.bool(nullable, "'nullable' of '\(name)'") ?? false
        }
        if let defaultValue = node["default"], !defaultValue.isNull { property.serverDefault = .value(defaultValue) }
        guard let typeNode = node["type"] else {
            reader.diagnostics.error("the schema of '\(name)' needs a 'type'", at: node.location)
            return false
        }
        property.type.location = typeNode.location
        // `type: [string, "null"]` is JSON Schema's other way of saying nullable.
        var typeName: String
        if let alternatives = typeNode.elements {
            let names = alternatives.compactMap(\.scalarText)
            if names.contains("null") { property.isNullable = true }
            let nonNull = names.filter { $0 != "null" }
            typeName = nonNull.count == 1 ? nonNull[0] : "object"
            if nonNull.count > 1 {
                property.type.value = "Any"
                return true
            }
        } else {
            guard let text = reader.name(typeNode, "the 'type' of '\(name)'") else { return false }
            typeName = text
        }
        let configuredType = node["__mia_configuration"]?["type"]?.scalarText
        switch typeName {
        case "string":
            if configuredType == "ObjectId" {
                property.type.value = "ObjectId"
            } else if let format = node["format"]?.scalarText, format == "date-time" || format == "date" {
                property.type.value = "Date"
                property.isDateOnly = format == "date"
            } else {
                property.type.value = "String"
                if let values = node["enum"] { property.validators = [stringEnum(values, at: typeNode.location)] }
            }
        case "number": property.type.value = "Number"
        case "integer":
            property.type.value = "Number"
            property.isInteger = true
        case "boolean": property.type.value = "Boolean"
        case "null": property.type.value = "Any"
        case "object":
            if configuredType == "GeoPoint" {
                property.type.value = "GeoPoint"
            } else if let properties = node["properties"], !properties.isNull {
                property.type.value = "Document"
                property.isClosed = isClosed(node)
                guard
                    let properties = reader.documentProperties(
                        of: name,
                        at: property.name.location,
                        { readObjectSchema(node, owner: name, keysChecked: true, &$0) }
                    )
                else { return false }
                property.properties = properties
            } else {
                property.type.value = "Any"
            }
        case "array":
            if property.isArray {
                // An array of arrays has no element type of its own here: each element is free-form JSON.
                property.type.value = "Any"
                return true
            }
            property.isArray = true
            (property.minItems, property.maxItems) = reader.itemCounts(
                min: node["minItems"],
                max: node["maxItems"],
                of: name
            )
            guard let items = node["items"], !items.isNull else {
                property.type.value = "Any"
                return true
            }
            let isNullable = property.isNullable
            let description = property.description
            let serverDefault = property.serverDefault
            guard readSchemaType(items, into: &property, &reader) else { return false }
            // The array's own nullability, description and default, not its elements': Ajv fills in no default of
            // `items` that is one schema.
            property.isNullable = isNullable
            property.description = description
            property.serverDefault = serverDefault
        default:
            let known = ["string", "number", "integer", "boolean", "object", "array", "null"]
            reader.diagnostics.error(
                "unknown JSON Schema type '\(typeName)' of '\(name)'",
                at: typeNode.location,
                hint: Suggestion.hint(for: typeName, in: known) ?? "one of \(known.joined(separator: ", "))"
            )
            return false
        }
        return true
    }

    /// Why a default of another type than its property's is ignored, not refused.
    static let defaultValueHint =
        "give a value of the property's type: the CRUD service loads a collection without checking its defaults, "
        + "and Ajv, which fills one in, converts some values to the type and refuses the rest"

    private static func checkSchemaKeys(_ entries: [SyntaxNode.Entry], _ reader: inout NodeReader) {
        reader.checkKeys(
            entries,
            known: schemaKeys,
            ignored: ignoredSchemaKeys,
            in: "a JSON Schema",
            severity: .warning
        )
    }

    /// Mia's `enum` as the schema model's `stringEnum` validator.
    private static func stringEnum(_ values: SyntaxNode, at location: SourceLocation) -> ValidatorDefinition {
        let key = SyntaxNode(.scalar("values", .string), at: values.location)
        return ValidatorDefinition(
            name: Located("stringEnum", at: location),
            definition: SyntaxNode(.mapping([SyntaxNode.Entry(key: key, value: values)]), at: values.location)
        )
    }
}
