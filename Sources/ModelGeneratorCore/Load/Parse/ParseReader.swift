/// Reads Parse Server's schemas: the answer of `GET /schemas` (`{"results": [class, …]}`), one class of it
/// (`{"className": …, "fields": {…}}`, what `GET /schemas/<className>` returns), a list of classes, or Parse Server's
/// Defined Schemas (its `schema` option as JSON: `{"definitions": [class, …], "strict": …}`). A class without its
/// `className` is named after its file, as `@openinc/parse-server-schema` keeps a server's classes.
///
/// A system class (`_User`, `_Role`, `_Session`, `_Installation`) gets the fields Parse Server gives it when its
/// definition leaves them out, as a Defined Schema does: the server has them whatever the schema says.
///
/// The rows of a Postgres server's `_SCHEMA` table read as their answer does: they are `GET /schemas`' classes with the
/// fields the server stores for itself (``storageFields``), which it leaves out of every answer.
///
/// Parse's types that the schema model has (String, Number, Boolean, Date, File) keep their names; `Pointer` is an
/// expandable `Reference` to its `targetClass`, `Object` is `Any`, and `Array` is an array of `Any` (Parse doesn't
/// type the elements). `Relation`, `GeoPoint`, `Polygon`, `Bytes` and `ACL` keep their Parse names, a `Relation` with its
/// target class as `sourceObject`.
///
/// A field's `defaultValue` is kept when Parse Server takes it, and is an error at it when the server refuses the
/// class for it (``ParseDefaultValue``). So is a Relation's `required: true`, which the server refuses too; a Defined
/// Schema's is ignored with a warning, since Parse's JavaScript SDK leaves it out.
enum ParseReader {
    static let classKeys = ["className", "fields"]
    /// Keys of a class that don't change the generated code: permissions and database indexes.
    static let ignoredClassKeys: Set<String> = [
        "classLevelPermissions", "indexes", "objectId", "createdAt", "updatedAt",
    ]
    static let fieldKeys = ["type", "targetClass", "required", "defaultValue"]
    /// The keys of Parse Server's `schema` option that JSON can hold (its migration hooks are functions).
    static let definedSchemaKeys = [
        "definitions", "strict", "deleteExtraFields", "recreateModifiedFields", "lockSchemas",
    ]

    /// The fields Parse Server gives every class (`defaultColumns._Default` in its `SchemaController`). The resolver
    /// adds each one a class leaves out, as the backend's system properties.
    static let defaultFields: [(name: String, type: String, targetClass: String?)] = [
        ("objectId", "String", nil), ("createdAt", "Date", nil), ("updatedAt", "Date", nil), ("ACL", "ACL", nil),
    ]

    /// The fields Parse Server gives its system classes (`defaultColumns` in its `SchemaController`), beyond
    /// the ``defaultFields``: name, type, target class.
    static let systemClassFields: [String: [(name: String, type: String, targetClass: String?)]] = [
        "_User": [
            ("username", "String", nil), ("password", "String", nil), ("email", "String", nil),
            ("emailVerified", "Boolean", nil), ("authData", "Object", nil),
        ],
        "_Role": [("name", "String", nil), ("users", "Relation", "_User"), ("roles", "Relation", "_Role")],
        "_Session": [
            ("user", "Pointer", "_User"), ("installationId", "String", nil), ("sessionToken", "String", nil),
            ("expiresAt", "Date", nil), ("createdWith", "Object", nil),
        ],
        "_Installation": [
            ("installationId", "String", nil), ("deviceToken", "String", nil), ("channels", "Array", nil),
            ("deviceType", "String", nil), ("pushType", "String", nil), ("GCMSenderId", "String", nil),
            ("timeZone", "String", nil), ("localeIdentifier", "String", nil), ("badge", "Number", nil),
            ("appVersion", "String", nil), ("appName", "String", nil), ("appIdentifier", "String", nil),
            ("parseVersion", "String", nil),
        ],
    ]

    /// The fields Parse Server keeps for itself in a class's stored schema and leaves out of `GET /schemas` and of
    /// every object it answers: the permissions (`_rperm`, `_wperm`, with a `contents` type where Postgres stores them,
    /// `toPostgresSchema`), and `_User`'s password, token and lockout columns (`PostgresStorageAdapter.js`,
    /// `toParseSchema` and `createTable`; `SchemaController.js`, `convertAdapterSchemaToParseSchema`). No client can
    /// name one: Parse's field names begin with a letter (`classAndFieldRegex`).
    static let storageFields: Set<String> = [
        "_rperm", "_wperm", "_hashed_password", "_password_history", "_password_changed_at", "_email_verify_token",
        "_email_verify_token_expires_at", "_perishable_token", "_perishable_token_expires_at",
        "_account_lockout_expires_at", "_failed_login_count", "_tombstone",
    ]

    /// The classes every Parse Server has, which a pointer may target without the schema listing them.
    static let builtInClasses: Set<String> = [
        "_User", "_Role", "_Session", "_Installation", "_Product", "_Audience", "_PushStatus", "_JobStatus",
        "_JobSchedule", "_Hooks", "_GlobalConfig", "_GraphQLConfig", "_Idempotency",
    ]

    static func read(_ root: SyntaxNode, file: String, _ reader: inout NodeReader) -> [ObjectDefinition] {
        if let elements = root.elements {
            return elements.compactMap { readClass($0, file: file, &reader) }
        }
        if let results = root["results"] {
            if let entries = root.entries {
                reader.checkKeys(entries, known: ["results"], in: "a Parse schemas answer", severity: .warning)
            }
            return (reader.sequence(results, "'results'") ?? []).compactMap { readClass($0, file: file, &reader) }
        }
        if let definitions = root["definitions"] {
            if let entries = root.entries {
                reader.checkKeys(entries, known: definedSchemaKeys, in: "a Parse Defined Schema", severity: .warning)
            }
            return (reader.sequence(definitions, "'definitions'") ?? []).compactMap {
                readClass($0, file: file, isDefinedSchema: true, &reader)
            }
        }
        if isClassWithoutItsName(root) {
            return readClassNamedAfterItsFile(root, file: file, &reader).map { [$0] } ?? []
        }
        return readClass(root, file: file, &reader).map { [$0] } ?? []
    }

    /// One class without its `className`, as `@openinc/parse-server-schema` keeps each class of a server
    /// (`schema/classes/<className>.json`, `{"fields": …, "classLevelPermissions": …}`): named after its file, as
    /// that tool's `up` names it, at the start of the file. A file name that is no class name Parse Server takes
    /// (`classAndFieldRegex`, or one of its own classes) is an error there.
    private static func readClassNamedAfterItsFile(
        _ root: SyntaxNode,
        file: String,
        _ reader: inout NodeReader
    ) -> ObjectDefinition? {
        guard var entries = root.entries else { return nil }
        let name = Paths.fileName(of: file).split(separator: ".", omittingEmptySubsequences: false).dropLast()
            .joined(separator: ".")
        guard isClassName(name) else {
            reader.diagnostics.error(
                "this Parse class has no 'className', and the name of its file, '\(name)', is no Parse class name",
                at: root.location,
                hint: "add \"className\", or name the file after the class (<className>.json), as "
                    + "@openinc/parse-server-schema does: a letter, then letters, digits and '_'"
            )
            return nil
        }
        entries.insert(
            SyntaxNode.Entry(
                key: SyntaxNode(.scalar("className", .string), at: root.location),
                value: SyntaxNode(.scalar(name, .string), at: root.location)
            ),
            at: 0
        )
        return readClass(SyntaxNode(.mapping(entries), at: root.location), file: file, &reader)
    }

    /// A name Parse Server takes for a class: a letter, then letters, digits and `_` (`classAndFieldRegex` of its
    /// `SchemaController`), or one of its own classes.
    static func isClassName(_ name: String) -> Bool {
        if builtInClasses.contains(name) { return true }
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = name.unicodeScalars.first, isLetter(first) else { return false }
        return name.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// A class of Parse's schema without its `className`: `fields` by name (Mia-Platform's are a list), and no key a
    /// schema file of another format has at its top.
    static func isClassWithoutItsName(_ root: SyntaxNode) -> Bool {
        guard root["className"] == nil, let fields = root["fields"]?.entries else { return false }
        return fields.allSatisfy { $0.value["type"]?.scalarText != nil }
            && ["name", "defaultName", "endpointBasePath", "object", "objects", "properties", "schema"].allSatisfy {
                root[$0] == nil
            }
    }

    /// One class; `isDefinedSchema` when it is a class of a Defined Schema, whose defaults Parse's JavaScript SDK
    /// changes before the server checks them (``ParseDefaultValue``).
    private static func readClass(
        _ node: SyntaxNode,
        file: String,
        isDefinedSchema: Bool = false,
        _ reader: inout NodeReader
    ) -> ObjectDefinition? {
        guard
            let located = reader.namedDefinition(
                node,
                "a Parse class",
                key: "className",
                known: classKeys,
                ignored: ignoredClassKeys
            )
        else { return nil }
        let name = located.value
        // A field Parse Server gives the class itself (`isProtectedFields`) keeps the server's type whatever a
        // Defined Schema says: one declared otherwise, or not as a field at all, is ignored with a warning.
        let serverFields = defaultFields + (systemClassFields[name] ?? [])
        var properties: [PropertyDefinition] = []
        if let fields = node["fields"], !fields.isNull,
            let fieldEntries = reader.mapping(fields, "'fields' of '\(name)'")
        {
            properties = fieldEntries.compactMap { entry in
                if storageFields.contains(entry.name) { return nil }
                guard let field = serverFields.first(where: { $0.name == entry.name }) else {
                    return readField(entry, of: name, isDefinedSchema: isDefinedSchema, &reader)
                }
                // `{"type": "Date"}`, or the type alone (`"Date"`), which the server ignores here too.
                let typeNode = entry.value["type"] ?? entry.value
                if entry.value["type"]?.scalarText == field.type {
                    return readField(entry, of: name, isDefinedSchema: isDefinedSchema, isServerField: true, &reader)
                }
                let ignored = typeNode.scalarText.map { "the \($0) here" } ?? "its definition here"
                reader.diagnostics.warning(
                    "'\(field.name)' of '\(name)' is \(field.type == "ACL" ? "an" : "a") \(field.type) on every Parse Server, which keeps it whatever the schema says; \(ignored) is ignored",
                    at: typeNode.location
                )
                return nil
            }
        }
        // The system class's own fields the definition leaves out, first, as the server lists them; read as if the
        // definition had them, at its name.
        let listed = Set(properties.map(\.name.value))
        let missing = (systemClassFields[name] ?? []).filter { !listed.contains($0.name) }.compactMap { field in
            let at = located.location
            var members = [
                SyntaxNode.Entry(
                    key: SyntaxNode(.scalar("type", .string), at: at),
                    value: SyntaxNode(.scalar(field.type, .string), at: at)
                )
            ]
            if let target = field.targetClass {
                members.append(
                    SyntaxNode.Entry(
                        key: SyntaxNode(.scalar("targetClass", .string), at: at),
                        value: SyntaxNode(.scalar(target, .string), at: at)
                    )
                )
            }
            return readField(
                SyntaxNode.Entry(
                    key: SyntaxNode(.scalar(field.name, .string), at: at),
                    value: SyntaxNode(.mapping(members), at: at)
                ),
                of: name,
                isDefinedSchema: isDefinedSchema,
                &reader
            )
        }
        properties = missing + properties
        var definition = ObjectDefinition(
            name: located,
            pluralName: name,
            properties: properties.allowingEveryArrayOperation(),
            objectTypes: [],
            sourceFile: file
        )
        definition.format = .parse
        return definition
    }

    /// One field of class `className`; `isServerField` for one Parse Server gives the class itself.
    private static func readField(
        _ entry: SyntaxNode.Entry,
        of className: String,
        isDefinedSchema: Bool,
        isServerField: Bool = false,
        _ reader: inout NodeReader
    ) -> PropertyDefinition? {
        let node = entry.value
        let name = entry.name
        guard !name.isEmpty else {
            reader.diagnostics.error("a Parse field needs a name", at: entry.key.location)
            return nil
        }
        guard let entries = reader.mapping(node, "field '\(name)'") else { return nil }
        reader.checkKeys(entries, known: fieldKeys, in: "a Parse field", severity: .warning)
        guard let type = reader.requiredType(of: node, "field", name, oneOf: fieldTypes) else { return nil }
        let typeName = type.value
        var property = PropertyDefinition(name: Located(name, at: entry.key.location), type: type)
        switch typeName {
        case "Object": property.type.value = "Any"
        case "Array":
            property.type.value = "Any"
            property.isArray = true
        case "Pointer": property.type.value = "Reference"
        case _ where fieldTypes.contains(typeName): break
        default:
            reader.diagnostics.error(
                "unknown Parse type '\(typeName)' of field '\(name)'",
                at: type.location,
                hint: Suggestion.hint(for: typeName, in: fieldTypes)
                    ?? "one of \(fieldTypes.joined(separator: ", "))"
            )
            return nil
        }
        if typeName == "Pointer" || typeName == "Relation" {
            guard let target = node["targetClass"] else {
                reader.diagnostics.error("a \(typeName) field ('\(name)') needs a 'targetClass'", at: type.location)
                return nil
            }
            guard let targetName = reader.name(target, "'targetClass' of '\(name)'") else { return nil }
            property.sourceObject = Located(targetName, at: target.location)
            // A query's `include` fetches any pointer's object; a relation's objects need a query of their own.
            property.isExpandable = typeName == "Pointer"
        }
        if let required = node["required"], !required.isNull {
            property.isRequired = reader.bool(required, "'required' of '\(name)'") ?? false
            if property.isRequired, typeName == "Relation" {
                checkRequiredRelation(required, of: name, in: className, node: node, isDefinedSchema, &reader)
                property.isRequired = false
            }
        }
        if let defaultValue = node["defaultValue"], isServerField {
            // A Defined Schema's definition of it is left out (`isProtectedFields`), and `POST /schemas` can't add it.
            reader.diagnostics.warning(
                "'\(name)' of '\(className)' is a field Parse Server gives the class itself, with no default value from the schema; the default value here is ignored",
                at: defaultValue.location
            )
        } else if let defaultValue = node["defaultValue"],
            let value = ParseDefaultValue.checked(
                defaultValue,
                of: name,
                in: className,
                type: typeName,
                targetClass: property.sourceObject?.value,
                node: node,
                isDefinedSchema: isDefinedSchema,
                &reader.diagnostics
            )
        {
            property.serverDefault = .value(value)
        }
        return property
    }

    /// A Relation that says `required: true`. Parse Server refuses the class when the field has no default
    /// (`SchemaController.js`, `validateSchemaData`: "The 'required' option is not applicable for Relation<…>"); with
    /// one, it refuses the default first, which ``ParseDefaultValue`` reports. A Defined Schema's never reaches the
    /// server: Parse's JavaScript SDK (`addRelation`) keeps only a Relation's type and class.
    private static func checkRequiredRelation(
        _ required: SyntaxNode,
        of name: String,
        in className: String,
        node: SyntaxNode,
        _ isDefinedSchema: Bool,
        _ reader: inout NodeReader
    ) {
        let field = "field '\(name)' of '\(className)'"
        if isDefinedSchema {
            reader.diagnostics.warning(
                "'required' of \(field) is ignored: Parse's JavaScript SDK, which saves a Defined Schema, leaves a Relation's 'required' out",
                at: required.location,
                hint: "leave 'required' out: a Relation holds no value an object could lack"
            )
            return
        }
        guard node["defaultValue"] == nil else { return }
        let fieldType = ParseDefaultValue.FieldType(type: "Relation", targetClass: node["targetClass"])
        reader.diagnostics.error(
            "\(field) is required, but it is \(fieldType.withArticle), which can't be required",
            at: required.location,
            hint:
                "Parse Server refuses the class: \"The 'required' option is not applicable for \(fieldType.description)\""
        )
    }

    /// Every field type of Parse Server's schema (`SchemaController`).
    static let fieldTypes = [
        "String", "Number", "Boolean", "Date", "Object", "Array", "Pointer", "Relation", "File", "GeoPoint",
        "Polygon", "Bytes", "ACL",
    ]
}
