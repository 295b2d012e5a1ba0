import struct ModelRuntime.PathSegment

/// Checks object definitions and decides every name and type: the "resolve" stage.
public struct Resolver: Sendable {
    private let naming: SwiftNaming
    private let config: GeneratorConfig
    private var diagnostics = Diagnostics()
    /// API name → Swift name of every object, to resolve references.
    private var objectNames: [String: String] = [:]
    /// The models' Swift names, the values of `objectNames`, which no property may take.
    private var modelNames: Set<String> = []
    private var usedOverrides: Set<[String]> = []
    /// Set while a system property resolves: its reference to `account` needs no schema definition.
    private var resolvingSystemProperty = false
    /// The backend of the object being resolved, when it is known.
    private var backend: GeneratorConfig.Dialect?
    /// API name → Swift property name, each worked out once: every property's is needed twice (a backend's system
    /// property may not take a name the schema's properties have), and schemas repeat names across objects.
    private var propertyNames: [String: String] = [:]

    public init(config: GeneratorConfig) {
        self.config = config
        self.naming = SwiftNaming(stripPrefixes: config.naming.stripPrefixes)
    }

    public static func resolve(
        _ objects: [ObjectDefinition],
        config: GeneratorConfig
    )
        -> (schema: ResolvedSchema, diagnostics: Diagnostics)
    {
        var resolver = Resolver(config: config)
        let schema = resolver.resolve(objects)
        return (schema, resolver.diagnostics)
    }

    private mutating func resolve(_ definitions: [ObjectDefinition]) -> ResolvedSchema {
        // First every object's name, so references in any order find their target.
        var firstDefinition: [String: ObjectDefinition] = [:]
        var unique: [ObjectDefinition] = []
        for definition in definitions {
            if let first = firstDefinition[definition.name.value] {
                diagnostics.error(
                    "object '\(definition.name.value)' is defined twice; the first definition is at \(first.name.location)",
                    at: definition.name.location
                )
                continue
            }
            firstDefinition[definition.name.value] = definition
            unique.append(definition)
        }
        // Parse's system classes lose their underscore in Swift (`_Role` is `Role`). Apps have classes of their own
        // named so too (a `Role` beside `_Role`): the app's keeps its name, and the system class is named with
        // `Parse` before it (`ParseRole`), with a warning. A name an override gives is kept as it is.
        let candidates = unique.map { override([$0.name.value]) ?? naming.typeName($0.name.value) }
        var ownClasses: [String: ObjectDefinition] = [:]
        for (definition, candidate) in zip(unique, candidates) where !Self.isParseSystemClass(definition) {
            ownClasses[candidate] = ownClasses[candidate] ?? definition
        }
        var swiftNameOwners: [String: ObjectDefinition] = [:]
        for (definition, candidate) in zip(unique, candidates) {
            var name = candidate
            if Self.isParseSystemClass(definition), overrideName([definition.name.value]) == nil,
                let own = ownClasses[candidate]
            {
                name = "Parse" + candidate
                diagnostics.warning(
                    "Parse's class '\(definition.name.value)' is named '\(name)' in Swift, since '\(candidate)' is the schema's own '\(own.name.value)'",
                    at: definition.name.location,
                    hint: "choose another name with 'naming.overrides: { \(definition.name.value): NewName }'"
                )
            }
            let swiftName = SwiftNaming.unreservedTypeName(
                name,
                for: "object '\(definition.name.value)'",
                overrideKey: definition.name.value,
                chosen: overrideName([definition.name.value]) != nil,
                at: definition.name.location,
                &diagnostics
            )
            if let other = swiftNameOwners[swiftName] {
                diagnostics.error(
                    "objects '\(other.name.value)' and '\(definition.name.value)' would both be named '\(swiftName)' in Swift; the other is at \(other.name.location)",
                    at: definition.name.location,
                    hint: "rename one with 'naming.overrides'"
                )
                continue
            }
            swiftNameOwners[swiftName] = definition
            objectNames[definition.name.value] = swiftName
            modelNames.insert(swiftName)
        }
        let named = unique.compactMap { definition in objectNames[definition.name.value].map { (definition, $0) } }
        let objects: [ResolvedObject]
        if named.count >= concurrentMapMinimumCount {
            // Once every name is known, objects resolve independently: each on a copy of the resolver, on every
            // core, with the copies' diagnostics and used overrides taken back in the objects' order.
            var resolver = self
            resolver.diagnostics = Diagnostics()
            resolver.usedOverrides = []
            let results = concurrentMap(named.count) { [resolver] index in
                var copy = resolver
                let object = copy.resolveObject(named[index].0, swiftName: named[index].1)
                return (object, copy.diagnostics, copy.usedOverrides)
            }
            objects = results.map { object, diagnostics, usedOverrides in
                self.diagnostics.append(contentsOf: diagnostics)
                self.usedOverrides.formUnion(usedOverrides)
                return object
            }
        } else {
            objects = named.map { resolveObject($0.0, swiftName: $0.1) }
        }
        reportUnusedOverrides()
        return ResolvedSchema(objects: objects)
    }

    private mutating func resolveObject(_ definition: ObjectDefinition, swiftName: String) -> ResolvedObject {
        var (propertyDefinitions, systemProperties) = withSystemProperties(definition)
        let isTyped = !definition.objectTypes.isEmpty
        if isTyped { propertyDefinitions = withoutTypeKey(propertyDefinitions, of: definition.name.value) }
        let path = [definition.name.value]
        // Every name is given out after all types are known, so no nested type hides a model that any
        // property of this object refers to.
        var scope = Scope(enclosingNames: [swiftName])
        var properties = resolveProperties(
            propertyDefinitions,
            path: path,
            scope: &scope,
            systemProperties: systemProperties
        )
        var systemNames = Dictionary(
            properties.filter(\.isSystemProperty).map { ($0.swiftName, $0.apiName) },
            uniquingKeysWith: { first, _ in first }
        )
        // A typed object's `type` is the backend's too: its enum reads it, and its query fields have it.
        if isTyped, systemNames[ResolvedObject.typeKey] == nil {
            systemNames[ResolvedObject.typeKey] = ResolvedObject.typeKey
        }
        stepAside(from: systemNames, path: path, &properties)
        checkPropertyCollisions(properties, path: path)
        var variantProperties: [[ResolvedProperty]] = []
        var variantCaseNames: [String: SourceLocation] = [:]
        var objectTypes: [ObjectTypeDefinition] = []
        for objectType in definition.objectTypes {
            let caseName = naming.propertyName(objectType.name.value)
            if let other = variantCaseNames[caseName] {
                diagnostics.error(
                    "object types would both be named '\(caseName)' in Swift; the other is at \(other)",
                    at: objectType.name.location
                )
                continue
            }
            variantCaseNames[caseName] = objectType.name.location
            var own = resolveProperties(
                withoutTypeKey(objectType.properties, of: definition.name.value),
                path: path + [objectType.name.value],
                scope: &scope
            )
            stepAside(from: systemNames, path: path + [objectType.name.value], &own)
            // The shared properties were checked among themselves once, above: each type adds only its own.
            checkPropertyCollisions(
                properties + own,
                path: path + [objectType.name.value],
                reportingFrom: properties.count
            )
            objectTypes.append(objectType)
            variantProperties.append(own)
        }
        // The enum's cases share its namespace with the nested types: `1st` is both the case and the type `_1st`.
        scope.enclosingNames.formUnion(variantCaseNames.keys)
        // Each variant's struct holds the shared properties and its own, and names the shared nested types.
        scope.memberNames = Set(variantProperties.joined().map(\.swiftName))
        scope.assignNestedNames(&properties, &diagnostics)
        var variants: [ResolvedVariant] = []
        for (objectType, var own) in zip(objectTypes, variantProperties) {
            let name = override(path + [objectType.name.value]) ?? naming.typeName(objectType.name.value)
            let typeName = scope.claim(name, suffix: "Variant", at: objectType.name.location, &diagnostics)
            var variantScope = Scope(enclosingNames: scope.claimed.union([swiftName]))
            variantScope.referencedTypes = scope.referencedTypes
            variantScope.memberNames = Set(properties.map(\.swiftName))
            variantScope.assignNestedNames(&own, &diagnostics)
            variants.append(
                ResolvedVariant(
                    apiName: objectType.name.value,
                    swiftName: typeName,
                    caseName: naming.propertyName(objectType.name.value),
                    label: objectType.label,
                    description: objectType.description,
                    properties: own
                )
            )
        }
        var object = ResolvedObject(
            apiName: definition.name.value,
            swiftName: swiftName,
            label: definition.label,
            description: definition.description,
            pluralName: definition.pluralName ?? definition.name.value + "s",
            sourceFile: definition.sourceFile,
            location: definition.name.location,
            properties: properties,
            variants: variants
        )
        checkPluralName(object.pluralName, of: definition)
        if !definition.otherEndpoints.isEmpty {
            let first = MiaEndpointDefinition(basePath: object.pluralName, defaultState: definition.defaultState)
            object.miaEndpoints = [first] + definition.otherEndpoints
        }
        return object
    }

    /// The plural name is the collection's place in every request path (a Mia-Platform base path's segments, where
    /// `/`s in a row count as one, or one segment elsewhere): one that names the collection's parent or nothing could
    /// never be sent, and the runtime refuses it at every request, so it is an error here, by the runtime's own rule.
    private mutating func checkPluralName(_ pluralName: String, of definition: ObjectDefinition) {
        do {
            _ = backend == .mia ? try PathSegment.basePath(pluralName) : try PathSegment.collectionPath(pluralName)
        } catch {
            let what = backend == .mia && error.value != pluralName ? "whose segment '\(error.value)'" : "which"
            diagnostics.error(
                "object '\(definition.name.value)' has the plural name '\(pluralName)', \(what) can't be part of a request path: it names the collection's parent or nothing",
                at: definition.name.location
            )
        }
    }

    private mutating func resolveProperties(
        _ definitions: [PropertyDefinition],
        path: [String],
        scope: inout Scope,
        systemProperties: [String: SystemProperty] = [:]
    )
        -> [ResolvedProperty]
    {
        var seen: [String: SourceLocation] = [:]
        // Reserved: grown one property at a time, the arrays of a large schema's properties took a quarter more
        // memory than they hold.
        var properties: [ResolvedProperty] = []
        properties.reserveCapacity(definitions.count)
        for definition in definitions {
            if let first = seen[definition.name.value] {
                diagnostics.error(
                    "property '\(definition.name.value)' is defined twice; the first is at \(first)",
                    at: definition.name.location
                )
                continue
            }
            seen[definition.name.value] = definition.name.location
            let property = resolveProperty(
                definition,
                path: path + [definition.name.value],
                scope: &scope,
                system: systemProperties[definition.name.value]
            )
            if let property { properties.append(property) }
        }
        return properties
    }

    /// The object's properties with the backend's system properties added (ids first, the rest after the schema's
    /// own), and the system properties by API name, with the Swift name each gets here.
    private mutating func withSystemProperties(
        _ definition: ObjectDefinition
    ) -> (properties: [PropertyDefinition], systemProperties: [String: SystemProperty]) {
        let path = [definition.name.value]
        var properties = definition.properties
        // A variant's own properties share the struct with the object's: they count as declared too.
        let variantProperties = definition.objectTypes.flatMap { objectType in
            objectType.properties.map { (path: path + [objectType.name.value, $0.name.value], name: $0.name) }
        }
        // Each Swift name the schema's properties take, with the first property that takes it.
        var schemaSwiftNames: [String: (path: [String], name: Located<String>)] = [:]
        for property in definition.properties.map({ (path: path + [$0.name.value], name: $0.name) })
            + variantProperties
        {
            let swiftName = overrideName(property.path) ?? propertyName(property.name.value)
            schemaSwiftNames[swiftName] = schemaSwiftNames[swiftName] ?? property
        }
        let variantNames = Set(variantProperties.map(\.name.value))
        var systemProperties: [String: SystemProperty] = [:]
        var leading: [PropertyDefinition] = []
        // The backend is known when the config names it, or when the schema is the backend's own file.
        let backend: GeneratorConfig.Dialect? =
            config.dialectLocation != nil ? config.dialect : definition.format.dialect
        self.backend = backend
        for var system in backend.map(SystemProperty.of) ?? SystemProperty.unknownBackend {
            if let index = properties.firstIndex(where: { $0.name.value == system.apiName }) {
                let declared = system.applied(to: properties[index])
                if system.leads {
                    // The ids come first, also when the schema lists them further down.
                    properties.remove(at: index)
                    leading.append(declared)
                } else {
                    properties[index] = declared
                }
                system.swiftName = overrideName(path + [system.apiName]) ?? system.swiftName
                systemProperties[system.apiName] = system
                continue
            }
            // A variant that declares it keeps its own declaration.
            guard system.isAddedWhenMissing, !variantNames.contains(system.apiName) else { continue }
            // A schema property already has the name (`c_owner` → `owner`): the backend's gets its dialect's prefix,
            // with a warning, since code reading the backend's value by its usual name (`id`, which makes the model
            // `Identifiable`) now reads the schema's. An override of the backend's property names it anyway.
            if overrideName(path + [system.apiName]) == nil, let taker = schemaSwiftNames[system.swiftName] {
                let renamed = config.dialect.rawValue + SwiftNaming().typeName(system.swiftName)
                diagnostics.warning(
                    "the backend's '\(system.apiName)' is named '\(renamed)' in Swift, since the schema's '\(taker.name.value)' is named '\(system.swiftName)'",
                    at: taker.name.location,
                    hint:
                        "choose another name with 'naming.overrides: { \(taker.path.joined(separator: ".")): newName }'"
                )
                system.swiftName = renamed
            }
            system.sharedDefinition = backend.flatMap { SystemProperty.addedDefinitions[$0]?[system.apiName] }
            systemProperties[system.apiName] = system
            let added = system.definition(at: definition.name.location)
            if system.leads { leading.append(added) } else { properties.append(added) }
        }
        return (leading + properties, systemProperties)
    }

    /// One property; a system property has the backend's Swift name (an override still wins), presence and wire
    /// form.
    private mutating func resolveProperty(
        _ definition: PropertyDefinition,
        path: [String],
        scope: inout Scope,
        system: SystemProperty? = nil
    )
        -> ResolvedProperty?
    {
        resolvingSystemProperty = system != nil
        defer { resolvingSystemProperty = false }
        let swiftName = SwiftNaming.propertyName(
            override(path) ?? system?.swiftName ?? propertyName(definition.name.value),
            for: definition.name.value,
            modelNames: modelNames,
            at: definition.name.location,
            hint: "choose another name with 'naming.overrides: { \(path.joined(separator: ".")): newName }'",
            &diagnostics
        )
        PropertyChecks.check(
            definition,
            addressesItsKey: config.generate.contains(.queries) || config.generate.contains(.bodies),
            &diagnostics
        )
        guard let type = resolveType(definition, swiftName: swiftName, path: path, scope: &scope) else { return nil }
        var property = ResolvedProperty(
            apiName: definition.name.value,
            swiftName: swiftName,
            label: definition.label,
            description: definition.description,
            location: definition.name.location,
            type: type,
            isArray: definition.isArray,
            // Reads are not writes: a backend leaves out what the caller may not read or did not select, even
            // when a create requires it, and puts in every read only what it guarantees. `Create` bodies keep
            // `definition.isRequired`.
            isRequired: system?.isGuaranteed ?? false,
            definition: system?.sharedDefinition ?? SharedValue(definition)
        )
        property.isSystemProperty = system != nil
        return property
    }

    /// Cortex gives each element of a document array an `_id` of its own, which its `PATCH` paths name
    /// (`c_parts.<_id>.c_qty`): the element's struct gets it as an optional `id` (an element the app makes has none
    /// until the server saves it), read but never written by bodies, unless the schema declares `_id` itself.
    private mutating func elementID(
        of definition: PropertyDefinition,
        path: [String],
        properties: [ResolvedProperty],
        scope: inout Scope
    ) -> ResolvedProperty? {
        guard backend == .cortex, definition.isArray, !properties.contains(where: { $0.apiName == "_id" }),
            var id = SystemProperty.of(.cortex).first(where: { $0.apiName == "_id" })
        else { return nil }
        id.isGuaranteed = false
        if properties.contains(where: { $0.swiftName == id.swiftName }) { id.swiftName = "elementID" }
        return resolveProperty(
            id.definition(at: definition.name.location),
            path: path + ["_id"],
            scope: &scope,
            system: id
        )
    }

    private mutating func resolveType(
        _ definition: PropertyDefinition,
        swiftName: String,
        path: [String],
        scope: inout Scope
    ) -> ResolvedType? {
        let name = definition.name.value
        let typeName = definition.type.value
        if definition.sourceObject != nil, !PropertyTypeName.namingSourceObject.contains(typeName) {
            diagnostics.warning(
                "'sourceObject' only applies to Reference, List, ObjectId and Relation properties; '\(name)' is a \(typeName)",
                at: definition.sourceObject!.location
            )
        }
        if !definition.properties.isEmpty, typeName != "Document" {
            diagnostics.warning(
                "'properties' only apply to Document properties; '\(name)' is a \(typeName)",
                at: definition.type.location
            )
        }
        switch typeName {
        case "String":
            let values = enumValues(definition)
            guard !values.isEmpty else { return .string }
            var usedCases: [String: Located<String>] = [:]
            var cases: [ResolvedEnum.Case] = []
            for located in values {
                let value = located.value
                let caseName = naming.caseName(value)
                if let other = usedCases[caseName] {
                    // At the second value, which names the first's place: with hundreds of values, the
                    // property's name alone left the reader to search for both.
                    diagnostics.error(
                        other.value == value
                            ? "enum value '\(value)' of '\(name)' is listed twice; the first is at \(other.location)"
                            : "enum values '\(other.value)' and '\(value)' of '\(name)' would both be the Swift case '\(caseName)'; the other is at \(other.location)",
                        at: located.location
                    )
                    continue
                }
                usedCases[caseName] = located
                cases.append(.init(rawValue: value, swiftName: caseName))
            }
            var undocumented = "undocumented"
            while usedCases[undocumented] != nil { undocumented += "Value" }
            return .enumeration(ResolvedEnum(swiftName: "", cases: cases, undocumentedCaseName: undocumented))
        case "Number":
            return definition.isInteger ? .int : .double
        case "Boolean", "Bool":
            return .bool
        case "Date":
            return definition.isDateOnly ? .dateOnly : .date
        case "ObjectId":
            return .objectID
        case "File":
            return .file
        case "Any", "Expression":
            // A Cortex expression or pipeline (`script.if`, `view.pipeline`) is JSON of any shape.
            return .any
        case "Facet":
            return .facet
        case "UUID":
            return .uuid
        case "Geometry":
            return .geometry
        case "GeoPoint":
            return .geoPoint
        case "Polygon":
            return .polygon
        case "Bytes":
            return .bytes
        case "ACL":
            return .acl
        case "List":
            return pointedAt(definition, kind: "list", scope: &scope).map { .list(target: $0.swiftName) }
        case "Relation":
            return pointedAt(definition, kind: "relation", scope: &scope).map { .relation(target: $0.swiftName) }
        case "Reference":
            // Without a `sourceObject` (Cortex's standard `posts`, `connections`, `context`), the target is any
            // object: `Reference<JSONValue>`, as for a built-in target such as `account`.
            return pointedAt(definition, kind: "reference", scope: &scope).map { .reference(target: $0.swiftName) }
        case "Document":
            // A document whose definition lists no properties (Cortex's standard objects, a `RawObject` with an
            // empty schema) may hold anything: JSON, not an empty struct that would drop every key it holds.
            if definition.properties.isEmpty { return .any }
            var inner = Scope(enclosingNames: scope.enclosingNames)
            var properties = resolveProperties(definition.properties, path: path, scope: &inner)
            if let elementID = elementID(of: definition, path: path, properties: properties, scope: &inner) {
                properties.insert(elementID, at: 0)
            }
            // A document's `_id` (MongoDB's id of an embedded document, which the naming makes `id`) keeps `id`, as a
            // model's does: a property of its own that would be `id` too steps aside.
            if let id = properties.first(where: { $0.apiName == "_id" }) {
                stepAside(from: [id.swiftName: id.apiName], path: path, whose: "the document's", &properties)
            }
            checkPropertyCollisions(properties, path: path)
            inner.assignNestedNames(&properties, &diagnostics)
            scope.referencedTypes.formUnion(inner.referencedTypes)
            return .document(ResolvedDocument(swiftName: "", properties: properties))
        default:
            if PropertyTypeName.passedThrough.contains(typeName) { return .passedThrough(typeName) }
            diagnostics.error(
                "unknown type '\(typeName)' of property '\(name)'",
                at: definition.type.location,
                hint: Suggestion.hint(for: typeName, in: PropertyTypeName.known)
                    ?? "use one of \(PropertyTypeName.known.joined(separator: ", "))"
            )
            return nil
        }
    }

    /// The object a Reference, List or Relation points at with its `sourceObject`.
    private struct PointedAt {
        /// The object's Swift name; nil when the schema doesn't define it (a built-in such as Cortex's `account`,
        /// or an object defined elsewhere), and the values decode as JSON.
        var swiftName: String?
    }

    /// What a property's `sourceObject` names, or nil after an error: a name close to one of the schema's objects
    /// or the backend's built-ins is a misspelling, which would otherwise quietly turn a typed value into JSON.
    /// Any other name the schema doesn't define is a warning; a system property's (`creator`) never is.
    private mutating func pointedAt(_ definition: PropertyDefinition, kind: String, scope: inout Scope) -> PointedAt? {
        guard let source = definition.sourceObject else { return PointedAt() }
        // Cortex exports write `object.c_clinic`; the schema format writes `c_clinic`.
        let target = source.value.hasPrefix("object.") ? String(source.value.dropFirst(7)) : source.value
        if let swiftTarget = objectNames[target] {
            scope.referencedTypes.insert(swiftTarget)
            return PointedAt(swiftName: swiftTarget)
        }
        if builtInObjects.contains(target) || resolvingSystemProperty { return PointedAt() }
        let name = definition.name.value
        if let hint = Suggestion.hint(for: target, in: (Array(objectNames.keys) + builtInObjects).sorted()) {
            diagnostics.error(
                "\(kind) '\(name)' points at '\(target)', which is no object of the schema",
                at: source.location,
                hint: hint
            )
            return nil
        }
        let decoded = kind == "reference" ? "its expanded value decodes" : "its items decode"
        diagnostics.warning(
            "\(kind) '\(name)' points at '\(target)', which the schema does not define; \(decoded) as JSON",
            at: source.location,
            hint: "add the object's definition for a typed \(kind)"
        )
        return PointedAt()
    }

    /// The objects the backend has without a schema defining them, which references may point at.
    private var builtInObjects: Set<String> {
        switch config.dialect {
        case .cortex: CortexBuiltIns.objects
        case .parse: ParseReader.builtInClasses
        case .mia: []
        }
    }

    private mutating func enumValues(_ definition: PropertyDefinition) -> [Located<String>] {
        guard let validator = definition.validators.first(where: { $0.name.value == "stringEnum" }) else { return [] }
        var reader = NodeReader()
        defer { diagnostics.append(contentsOf: reader.diagnostics) }
        guard let values = validator.definition?["values"] else {
            reader.diagnostics.error(
                "the stringEnum validator of '\(definition.name.value)' needs 'definition: { values: [...] }'",
                at: validator.name.location
            )
            return []
        }
        guard let elements = reader.sequence(values, "the stringEnum values of '\(definition.name.value)'") else {
            return []
        }
        var strings: [Located<String>] = []
        for element in elements {
            if let text = EnumValues.string(element) {
                strings.append(Located(text, at: element.location))
            } else if !(element.isNull && definition.isNullable) {
                // A nullable property's null is its Swift optional's nil, not a case.
                reader.diagnostics.warning(
                    EnumValues.leftOut(element, of: definition.name.value),
                    at: element.location,
                    hint: element.scalarText.map { "if the text '\($0)' is meant, write it in quotes: \"\($0)\"" }
                )
            }
        }
        return strings
    }

    /// `definitions` without a property of the key that selects a typed object's type, with a warning for it: the
    /// object's enum reads and writes that key, and a property of its own would read it again and send it twice.
    private mutating func withoutTypeKey(
        _ definitions: [PropertyDefinition],
        of object: String
    )
        -> [PropertyDefinition]
    {
        definitions.filter { definition in
            guard definition.name.value == ResolvedObject.typeKey else { return true }
            diagnostics.warning(
                "property '\(ResolvedObject.typeKey)' of '\(object)' is left out: it selects the object's type, which its enum reads and writes",
                at: definition.name.location
            )
            return false
        }
    }

    /// A property of the schema's own whose Swift name is a system property's (a Mia-Platform collection's own
    /// `state` beside `__STATE__`, or `id` beside `_id`) is renamed with a `Property` suffix and a warning: the
    /// backend's keeps its name, which the runtime's types and `Identifiable` use. A name an override gives is the
    /// user's choice and is kept, so the two collide (an error). `systemNames` maps each system property's Swift name
    /// to its API name; `path` is the properties' owner's, for overrides. A nested document's `_id` is kept the same
    /// way (`owner` says whose it is in the warning).
    private mutating func stepAside(
        from systemNames: [String: String],
        path: [String],
        whose owner: String = "the backend's",
        _ properties: inout [ResolvedProperty]
    ) {
        for index in properties.indices where !properties[index].isSystemProperty {
            let name = properties[index].swiftName
            let key = path + [properties[index].apiName]
            guard let system = systemNames[name], system != properties[index].apiName, overrideName(key) == nil
            else { continue }
            properties[index].swiftName = name + "Property"
            diagnostics.warning(
                "property '\(properties[index].apiName)' is named '\(name)Property' in Swift, since '\(name)' is \(owner) '\(system)'",
                at: properties[index].location,
                hint: "choose another name with 'naming.overrides: { \(key.joined(separator: ".")): newName }'"
            )
        }
    }

    /// An error for each property whose Swift name an earlier one of `properties` has, from the property at
    /// `reportingFrom` on: the ones before it were checked already. The hint names the override that renames it, by
    /// `path`, the properties' owner's: a nested document's key is no one to guess.
    private mutating func checkPropertyCollisions(
        _ properties: [ResolvedProperty],
        path: [String],
        reportingFrom start: Int = 0
    ) {
        // Indices, not copies: this runs for every struct, and a property is a large value.
        var owners: [String: Int] = [:]
        owners.reserveCapacity(properties.count)
        for (index, property) in properties.enumerated() {
            if let otherIndex = owners[property.swiftName] {
                guard index >= start else { continue }
                let other = properties[otherIndex]
                diagnostics.error(
                    "properties '\(other.apiName)' and '\(property.apiName)' would both be named '\(property.swiftName)' in Swift; the other is at \(other.location)",
                    at: property.location,
                    hint:
                        "rename one with 'naming.overrides: { \((path + [property.apiName]).joined(separator: ".")): newName }'"
                )
            } else {
                owners[property.swiftName] = index
            }
        }
    }

    /// `naming.propertyName(apiName)`, remembered.
    private mutating func propertyName(_ apiName: String) -> String {
        if let name = propertyNames[apiName] { return name }
        let name = naming.propertyName(apiName)
        propertyNames[apiName] = name
        return name
    }

    /// A class every Parse Server has (`_User`, `_Role`, …), read from a Parse schema.
    private static func isParseSystemClass(_ definition: ObjectDefinition) -> Bool {
        definition.format == .parse && ParseReader.builtInClasses.contains(definition.name.value)
    }

    /// The override of `path`, without counting it as used.
    private func overrideName(_ path: [String]) -> String? {
        config.naming.overrides.last(where: { $0.path == path })?.swiftName
    }

    private mutating func override(_ path: [String]) -> String? {
        guard let match = config.naming.overrides.last(where: { $0.path == path }) else { return nil }
        usedOverrides.insert(path)
        return match.swiftName
    }

    private mutating func reportUnusedOverrides() {
        for override in config.naming.overrides where !usedOverrides.contains(override.path) {
            diagnostics.warning(
                "naming override '\(override.path.joined(separator: "."))' matches no object or property",
                at: override.location
            )
        }
    }
}

/// The names visible inside one generated type, so that nested types never hide a type the code uses.
struct Scope {
    /// The enclosing types' names: a nested type of the same name would be confusing to read.
    var enclosingNames: Set<String>
    /// Top-level model types referenced anywhere inside this scope.
    var referencedTypes: Set<String> = []
    /// Nested type names already given out in this scope.
    var claimed: Set<String> = []
    /// The properties of the struct the nested types sit in: its coding names a nested type in expressions
    /// (`_2fa.self`), where a property of the same name would make the name ambiguous.
    var memberNames: Set<String> = []

    init(enclosingNames: Set<String>) {
        self.enclosingNames = enclosingNames
    }

    /// Gives out `name`, or `name` with `suffix` once or more when `name` would hide a type used in this scope.
    mutating func claim(
        _ name: String,
        suffix: String,
        at location: SourceLocation,
        _ diagnostics: inout Diagnostics
    )
        -> String
    {
        var candidate = name
        if hidesUsedType(candidate) || enclosingNames.contains(candidate) || claimed.contains(candidate) {
            candidate += suffix
        }
        // The suffixed name may hide a type too (`File` + `Value` is the runtime's `FileValue`, which the model's
        // file properties then no longer mean), and no property of the struct may have the name, suffixed or not
        // (`2fa` and `2faDocument`).
        while hidesUsedType(candidate) || memberNames.contains(candidate) { candidate += suffix }
        if claimed.contains(candidate) || enclosingNames.contains(candidate) {
            diagnostics.error("two nested types would both be named '\(candidate)'", at: location)
        }
        claimed.insert(candidate)
        return candidate
    }

    /// Whether a nested type named `name` would hide a type the code in this scope names: one of the runtime's or
    /// Swift's (`SwiftNaming.reservedTypeNames`), a model a property refers to, or `Identifiable`'s `ID`, which a
    /// nested `ID` of an `Identifiable` model (a Cortex `_id`'s, a Parse class's) would be, so that its `id` is none.
    private func hidesUsedType(_ name: String) -> Bool {
        SwiftNaming.reservedTypeNames.contains(name) || referencedTypes.contains(name) || name == Self.identifierType
    }

    /// `Identifiable`'s associated type, which a model's nested type of the name would be.
    static let identifierType = "ID"

    /// Names the documents and enums declared by these properties, after their subtrees are resolved.
    mutating func assignNestedNames(_ properties: inout [ResolvedProperty], _ diagnostics: inout Diagnostics) {
        memberNames.formUnion(properties.map(\.swiftName))
        for index in properties.indices {
            let property = properties[index]
            let base = SwiftNaming().typeName(property.swiftName)
            switch property.type {
            case .document(var document):
                let name = property.isArray ? Singular.of(base) : base
                document.swiftName = claim(name, suffix: "Document", at: property.location, &diagnostics)
                properties[index].type = .document(document)
            case .enumeration(var enumeration):
                let name = property.isArray ? Singular.of(base) : base
                enumeration.swiftName = claim(name, suffix: "Value", at: property.location, &diagnostics)
                properties[index].type = .enumeration(enumeration)
            default:
                continue
            }
        }
    }
}

/// English singular of a plural type name, for the element type of an array (`Notes` → `Note`).
enum Singular {
    static func of(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        for ending in ["sses", "shes", "ches", "xes", "zes"] where lower.hasSuffix(ending) {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is"),
            word.count > 3
        {
            return String(word.dropLast())
        }
        return word
    }
}
