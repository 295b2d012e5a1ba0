import Foundation

/// Applies mapping contexts to the resolved schema: refines object definitions (names, key paths, defaults,
/// formatters) and adds the models that only a mapping defines, with types from the object definitions, explicit
/// types or sample payloads.
struct MappingResolver {
    private var diagnostics = Diagnostics()
    private let naming: SwiftNaming
    /// Every context by its identifier, inline ones included.
    private var contexts: [String: MappingContextDefinition] = [:]
    private var contextOrder: [String] = []
    /// The Swift type each context produces, once known (from `@class`, or from an `@object` that names it).
    private var contextTypes: [String: Located<String>] = [:]
    private var samples: [String: SyntaxNode]
    /// The app's Objective-C classes, which type the properties of the contexts whose `@class` they declare.
    private let headers: ObjCHeaders
    /// The class of each context that `naming.overrides` renamed (`{ RKTStatus: Status }`), or that would have hidden
    /// a type the generated code uses (`Optional` → `OptionalObject`), for its header and for references to it.
    private var classNames: [String: String] = [:]
    private var objectsByAPIName: [String: ResolvedObject] = [:]
    private var modelNames: Set<String> = []
    /// Whether a chain of `inherits` was found too long: reported once.
    private var reportedTooLongChain = false

    static func apply(
        _ contexts: [MappingContextDefinition],
        to schema: ResolvedSchema,
        samples: [String: SyntaxNode],
        headers: ObjCHeaders = ObjCHeaders(),
        config: GeneratorConfig
    ) -> (schema: ResolvedSchema, diagnostics: Diagnostics) {
        var resolver = MappingResolver(
            naming: SwiftNaming(stripPrefixes: config.naming.stripPrefixes),
            samples: samples,
            headers: headers
        )
        let result = resolver.apply(contexts, to: schema, overrides: config.naming.overrides)
        resolver.reportUnusedSamples(config.samples)
        return (result, resolver.diagnostics)
    }

    /// Warns of each sample no mapped model reads: its name is neither a mapped model's Swift type nor the class a
    /// naming override renamed (a misspelled name, or a config without mappings), so the payload types nothing and
    /// the model's types fall back, or its error asks for a sample it has.
    private mutating func reportUnusedSamples(_ configured: [String: Located<String>]) {
        let readable = Set(contextTypes.values.map(\.value)).union(classNames.values)
        for (name, path) in configured.sorted(by: { $0.key < $1.key }) where !readable.contains(name) {
            let closest = Suggestion.closest(to: name, in: readable.sorted()).map { "; did you mean '\($0)'?" }
            diagnostics.warning(
                "the sample '\(name)' names no mapped model, so no model reads it\(closest ?? "")",
                at: path.location,
                hint: readable.isEmpty
                    ? "samples type the models that mappings make; this config has none" : nil
            )
        }
    }

    private init(naming: SwiftNaming, samples: [String: SyntaxNode], headers: ObjCHeaders) {
        self.naming = naming
        self.samples = samples
        self.headers = headers
    }

    private mutating func apply(
        _ definitions: [MappingContextDefinition],
        to schema: ResolvedSchema,
        overrides: [GeneratorConfig.Override]
    ) -> ResolvedSchema {
        guard !definitions.isEmpty else { return schema }
        for object in schema.objects { objectsByAPIName[object.apiName] = object }
        for definition in definitions { register(definition) }
        assignTypesFromReferences()
        applyNamingOverrides(overrides)
        let producing = contextOrder.filter { contextTypes[$0] != nil }
        let clashing = checkTypeNames(producing, schema: schema)
        modelNames = Set(producing.compactMap { contextTypes[$0]?.value }).union(schema.objects.map(\.swiftName))
        propagateSamples(from: producing)

        var objects = schema.objects
        var added: [ResolvedObject] = []
        // A context whose type another model has is left out, as `Resolver` leaves out an object whose Swift name
        // another has: its clash is reported once, at its class, and not again as a file that would overwrite the
        // other's.
        for name in producing where !clashing.contains(name) {
            guard let context = contexts[name], let swiftType = contextTypes[name] else { continue }
            let properties = flattenedProperties(of: name, visiting: [])
            if let source = context.source {
                guard let target = objectsByAPIName[source.value] ?? objectsByAPIName["object." + source.value],
                    let index = objects.firstIndex(where: { $0.apiName == target.apiName })
                else {
                    diagnostics.error(
                        "mapping '\(context.name.value)' refines object '\(source.value)', which the schema does not define",
                        at: source.location,
                        hint: Suggestion.hint(for: source.value, in: objectsByAPIName.keys.sorted())
                    )
                    continue
                }
                objects[index] = refine(objects[index], with: context, properties: properties, swiftType: swiftType)
            } else {
                added.append(model(context, properties: properties, swiftType: swiftType))
            }
        }
        return ResolvedSchema(objects: objects + added)
    }

    // MARK: Contexts

    private mutating func register(_ context: MappingContextDefinition) {
        if let first = contexts[context.name.value] {
            diagnostics.error(
                "mapping context '\(context.name.value)' is defined twice; the first is at \(first.name.location)",
                at: context.name.location
            )
            return
        }
        contexts[context.name.value] = context
        contextOrder.append(context.name.value)
        if let swiftType = context.swiftType { contextTypes[context.name.value] = swiftType }
        for property in context.properties {
            if case .inline(var inline) = property.object {
                inline.file = context.file
                register(inline)
            }
        }
    }

    /// The context an `@object`, `@mappings` or `@inherits` names: by identifier, with or without AppCoreKit's
    /// `$`, or by the Swift type it produces.
    private func contextName(for reference: String) -> String? {
        if contexts[reference] != nil { return reference }
        if contexts["$" + reference] != nil { return "$" + reference }
        return contextOrder.first { contextTypes[$0]?.value == reference }
            ?? contextRenamed(fromClass: reference)
    }

    /// Models keep their class names unless `naming.overrides` names the class: `{ RKTStatus: Status }`. A sample
    /// may still be named by the class.
    private mutating func applyNamingOverrides(_ overrides: [GeneratorConfig.Override]) {
        for name in contextOrder {
            guard let original = contextTypes[name],
                let override = overrides.last(where: { $0.path == [original.value] })
            else { continue }
            rename(name, from: original, to: Located(override.swiftName, at: override.location))
        }
    }

    /// Context `name` produces `renamed` instead of its class `original`: the class stays known, for its header and
    /// for references to it, and a sample named by the class serves the new name.
    private mutating func rename(_ name: String, from original: Located<String>, to renamed: Located<String>) {
        if classNames[name] == nil { classNames[name] = original.value }
        contextTypes[name] = renamed
        if samples[renamed.value] == nil, let sample = samples[original.value] { samples[renamed.value] = sample }
    }

    /// The context whose class `className` names, after `rename` gave it another Swift type.
    private func contextRenamed(fromClass className: String) -> String? {
        contextOrder.first { classNames[$0] == className }
    }

    /// `"@object": { "@class": "UserModel", "@mappings": "$UserModel" }` gives a class-less context its type.
    private mutating func assignTypesFromReferences() {
        for name in contextOrder {
            for property in contexts[name]?.properties ?? [] {
                guard case .named(let reference, let swiftType?) = property.object,
                    let target = contextName(for: reference.value)
                else { continue }
                if let existing = contextTypes[target], existing.value != swiftType.value {
                    diagnostics.error(
                        "'@class' \(swiftType.value) disagrees with context '\(target)', which creates \(existing.value)",
                        at: swiftType.location
                    )
                } else if contextTypes[target] == nil {
                    contextTypes[target] = swiftType
                }
            }
        }
    }

    /// Checks the Swift type each context produces; returns the contexts whose type an object or an earlier context
    /// already has.
    private mutating func checkTypeNames(_ producing: [String], schema: ResolvedSchema) -> Set<String> {
        var clashing: Set<String> = []
        var owners: [String: Located<String>] = [:]
        for object in schema.objects { owners[object.swiftName] = Located(object.apiName, at: object.location) }
        for name in producing {
            guard let context = contexts[name], let declared = contextTypes[name] else { continue }
            // A class that would hide a type the generated code uses is renamed, as an object definition is;
            // `type`, `object` and `collection` still find it by its class.
            let swiftType = Located(
                SwiftNaming.unreservedTypeName(
                    declared.value,
                    for: "mapping '\(name)'",
                    // A class `naming.overrides` renamed keeps its class name as the override's key.
                    overrideKey: classNames[name] ?? declared.value,
                    chosen: classNames[name] != nil,
                    at: declared.location,
                    &diagnostics
                ),
                at: declared.location
            )
            if swiftType.value != declared.value { rename(name, from: declared, to: swiftType) }
            if let problem = SwiftText.typeNameProblem(swiftType.value) {
                diagnostics.error("'\(swiftType.value)' is not a Swift type name: \(problem)", at: swiftType.location)
            }
            // A context that refines an object takes over that object's name.
            let refined = context.source.flatMap { objectsByAPIName[$0.value] }
            let refinedOwner = refined.flatMap { owners.removeValue(forKey: $0.swiftName) }
            if let other = owners[swiftType.value] {
                diagnostics.error(
                    "mapping '\(context.name.value)' and '\(other.value)' would both be the Swift type '\(swiftType.value)'; the other is at \(other.location)",
                    at: swiftType.location
                )
                // Left out, the context doesn't refine the object, which keeps its name.
                if let refined, let refinedOwner { owners[refined.swiftName] = refinedOwner }
                clashing.insert(name)
                continue
            }
            owners[swiftType.value] = Located(context.name.value, at: swiftType.location)
        }
        return clashing
    }

    /// How many mappings a chain of `inherits` may hold.
    static let inheritanceLimit = 64

    /// A context's properties after its `@inherits`, in order: inherited ones first, a later definition replacing an
    /// earlier one of the same name in its place.
    private mutating func flattenedProperties(of name: String, visiting: [String]) -> [MappedPropertyDefinition] {
        guard let context = contexts[name] else { return [] }
        var properties: [MappedPropertyDefinition] = []
        for parent in context.inherits {
            guard let parentName = contextName(for: parent.value) else {
                diagnostics.error(
                    "'\(name)' inherits '\(parent.value)', which no mapping defines",
                    at: parent.location,
                    hint: Suggestion.hint(for: parent.value, in: contextOrder)
                )
                continue
            }
            if visiting.contains(parentName) || parentName == name {
                let cycle = (visiting + [name, parentName]).drop { $0 != parentName }
                diagnostics.error("inheritance cycle: \(cycle.joined(separator: " → "))", at: parent.location)
                continue
            }
            // Each level copies what it inherits: a chain of thousands would take hours, where real ones are a few.
            // The chain so far, this mapping and its parent.
            guard visiting.count + 2 <= Self.inheritanceLimit else {
                // Every mapping further down the chain is past it too: one error says it.
                if !reportedTooLongChain {
                    reportedTooLongChain = true
                    diagnostics.error(
                        "the chain of 'inherits' from '\(visiting.first ?? name)' holds more than \(Self.inheritanceLimit) mappings; '\(name)' inherits '\(parent.value)' past that",
                        at: parent.location,
                        hint: "inherit from fewer mappings in a row"
                    )
                }
                continue
            }
            properties += flattenedProperties(of: parentName, visiting: visiting + [name])
        }
        return (properties + context.properties).lastOfEachName(\.name.value)
    }

    /// Gives nested contexts the part of their parent's sample their key path points at.
    private mutating func propagateSamples(from producing: [String]) {
        var queue = producing.filter { name in contextTypes[name].map { samples[$0.value] != nil } ?? false }
        var next = 0
        while next < queue.count {
            let name = queue[next]
            next += 1
            guard let swiftType = contextTypes[name]?.value, let sample = samples[swiftType] else { continue }
            for property in flattenedPropertiesQuietly(of: name) {
                guard let target = objectTarget(property), let childType = contextTypes[target]?.value,
                    samples[childType] == nil
                else { continue }
                guard case .found(let value) = SampleLookup.lookUp(keyPath(of: property), in: sample) else { continue }
                if let elements = value.elements {
                    guard let first = elements.first else { continue }
                    samples[childType] = first
                } else {
                    samples[childType] = value
                }
                queue.append(target)
            }
        }
    }

    private mutating func flattenedPropertiesQuietly(of name: String) -> [MappedPropertyDefinition] {
        let saved = diagnostics
        defer { diagnostics = saved }
        return flattenedProperties(of: name, visiting: [])
    }

    private func objectTarget(_ property: MappedPropertyDefinition) -> String? {
        switch property.object {
        case .named(let reference, _): contextName(for: reference.value)
        case .inline(let context): context.name.value
        case nil: nil
        }
    }

    private func keyPath(of property: MappedPropertyDefinition) -> [String] {
        let text = property.keyPath?.value ?? property.name.value
        return text == "@self" ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: Models

    /// A model that only a mapping defines.
    private mutating func model(
        _ context: MappingContextDefinition,
        properties: [MappedPropertyDefinition],
        swiftType: Located<String>
    )
        -> ResolvedObject
    {
        let sample = samples[swiftType.value]
        var scope = Scope(enclosingNames: [swiftType.value])
        var resolved = properties.compactMap { resolve($0, in: context, source: nil, sample: sample, scope: &scope) }
        checkCollisions(resolved)
        checkKeyPaths(resolved)
        scope.assignNestedNames(&resolved, &diagnostics)
        var object = ResolvedObject(
            apiName: context.name.value,
            swiftName: swiftType.value,
            label: nil,
            description: nil,
            pluralName: "",
            sourceFile: context.file,
            location: context.name.location,
            properties: resolved,
            variants: []
        )
        object.isListed = false
        return object
    }

    /// An object definition with a mapping applied.
    private mutating func refine(
        _ object: ResolvedObject,
        with context: MappingContextDefinition,
        properties: [MappedPropertyDefinition],
        swiftType: Located<String>
    ) -> ResolvedObject {
        var refined = object
        refined.swiftName = swiftType.value
        // The object's nested types are named already: an alias must not take one of their names either.
        let nestedTypeNames = object.properties.compactMap { property -> String? in
            switch property.type {
            case .document(let document): document.swiftName
            case .enumeration(let enumeration): enumeration.swiftName
            default: nil
            }
        }
        for alias in context.aliases {
            guard let index = refined.properties.firstIndex(where: { $0.apiName == alias.jsonName.value }) else {
                unknownProperty(alias.jsonName, of: object)
                continue
            }
            if let problem = SwiftText.identifierProblem(alias.swiftName.value) {
                diagnostics.error(
                    "the alias of '\(alias.jsonName.value)' is not a Swift property name: \(problem)",
                    at: alias.swiftName.location
                )
                continue
            }
            refined.properties[index].swiftName = SwiftNaming.propertyName(
                alias.swiftName.value,
                for: alias.jsonName.value,
                modelNames: modelNames.union(nestedTypeNames),
                at: alias.swiftName.location,
                &diagnostics
            )
        }
        for assignment in context.formatters {
            guard let index = refined.properties.firstIndex(where: { $0.apiName == assignment.jsonName.value }) else {
                unknownProperty(assignment.jsonName, of: object)
                continue
            }
            guard checkFormatterName(assignment.formatter) else { continue }
            refined.properties[index].formatter = ResolvedFormatter(typeName: assignment.formatter.value, userData: nil)
            DatePatternUserDataCheck.check(
                nil,
                of: refined.properties[index].swiftName,
                formatter: assignment.formatter,
                &diagnostics
            )
        }
        var scope = Scope(enclosingNames: [swiftType.value])
        let sample = samples[swiftType.value]
        var additions: [ResolvedProperty] = []
        // A mapped property on a key path another already maps would take its place, and the first would be gone.
        var mappedKeyPaths: [[String]: ResolvedProperty] = [:]
        for mapped in properties {
            guard var property = resolve(mapped, in: context, source: object, sample: sample, scope: &scope) else {
                continue
            }
            if !property.keyPath.isEmpty {
                if let other = mappedKeyPaths[property.keyPath] {
                    diagnostics.error(
                        "properties '\(other.swiftName)' and '\(property.swiftName)' both map the key path '\(property.keyPath.joined(separator: "."))' of object '\(object.apiName)', whose bodies send each key once; the other is at \(other.location)",
                        at: property.location,
                        hint: "map the key once, and derive the other value from that property in the app"
                    )
                    continue
                }
                mappedKeyPaths[property.keyPath] = property
            }
            // A mapped property that reads one of the object's own keys takes that property's place.
            if let index = refined.properties.firstIndex(where: {
                $0.keyPath == property.keyPath || $0.swiftName == property.swiftName
            }) {
                if property.label == nil { property.label = refined.properties[index].label }
                if property.description == nil { property.description = refined.properties[index].description }
                refined.properties[index] = property
            } else {
                additions.append(property)
            }
        }
        // The added properties' nested types sit beside the object's own properties.
        scope.memberNames = Set(refined.properties.map(\.swiftName))
        scope.assignNestedNames(&additions, &diagnostics)
        refined.properties += additions
        checkCollisions(refined.properties)
        checkKeyPaths(refined.properties)
        return refined
    }

    private mutating func unknownProperty(_ name: Located<String>, of object: ResolvedObject) {
        diagnostics.error(
            "object '\(object.apiName)' has no property '\(name.value)'",
            at: name.location,
            hint: Suggestion.hint(for: name.value, in: object.properties.map(\.apiName))
        )
    }

    private mutating func checkCollisions(_ properties: [ResolvedProperty]) {
        var owners: [String: ResolvedProperty] = [:]
        for property in properties {
            if let other = owners[property.swiftName] {
                diagnostics.error(
                    "two properties would both be named '\(property.swiftName)' in Swift; the other is at \(other.location)",
                    at: property.location
                )
            }
            owners[property.swiftName] = property
        }
    }

    /// A warning for each property whose key path another's already has, and an error for each whose key path goes
    /// into a key that another holds as something other than one object. A mapping may read one key into two
    /// properties, but encoding writes each at its key path, so only the last one's value is sent; and a key holding a
    /// value has no member to read (and encoding it, then opening it, stops the program in `JSONEncoder`). A key path
    /// into a key another holds as one object (RestKit's `user.name` beside the relationship `user`) is read, but not
    /// written back: encoding writes that object whole (`CustomCoding`), and says so in a warning. Reading the whole
    /// object (`@self`) is no key path of its own.
    private mutating func checkKeyPaths(_ properties: [ResolvedProperty]) {
        var owners: [[String]: ResolvedProperty] = [:]
        for property in properties where !property.keyPath.isEmpty {
            let path = property.keyPath.joined(separator: ".")
            if let other = owners[property.keyPath] {
                diagnostics.warning(
                    "properties '\(other.swiftName)' and '\(property.swiftName)' both have the key path '\(path)': encoding writes it once for each, and only the last one's value is sent; the other is at \(other.location)",
                    at: property.location,
                    hint: "map the key once, and derive the other value from that property in the app"
                )
                continue
            }
            owners[property.keyPath] = property
        }
        for property in properties {
            for length in property.keyPath.indices.dropFirst() {
                guard let holder = owners[Array(property.keyPath[..<length])] else { continue }
                if holdsOneObject(holder) {
                    diagnostics.warning(
                        "key path '\(property.keyPath.joined(separator: "."))' of '\(property.swiftName)' goes into '\(holder.keyPath.joined(separator: "."))', which '\(holder.swiftName)' holds as an object: it is read from there, and not written back, since encoding writes '\(holder.swiftName)' whole; the other is at \(holder.location)",
                        at: property.location,
                        hint: "set the value through '\(holder.swiftName)' to send it"
                    )
                    break
                }
                diagnostics.error(
                    "key path '\(property.keyPath.joined(separator: "."))' of '\(property.swiftName)' goes into '\(holder.keyPath.joined(separator: "."))', which '\(holder.swiftName)' holds as a value that is not an object; the other is at \(holder.location)",
                    at: property.location
                )
                break
            }
        }
    }

    /// Whether a property's value encodes as one JSON object, which another property's key path may go into: a
    /// Document or a mapped model, without a formatter.
    private func holdsOneObject(_ property: ResolvedProperty) -> Bool {
        guard !property.isArray, property.formatter == nil else { return false }
        switch property.type {
        case .document, .named: return true
        default: return false
        }
    }

    // MARK: Properties

    private mutating func resolve(
        _ written: MappedPropertyDefinition,
        in context: MappingContextDefinition,
        source: ResolvedObject?,
        sample: SyntaxNode?,
        scope: inout Scope
    ) -> ResolvedProperty? {
        let mapped = withInheritedAttributes(written, visiting: [])
        let path = keyPath(of: mapped)
        let className = classNames[context.name.value] ?? swiftTypeName(context)
        let declared = headers.property(mapped.name.value, of: className)
        let pathLocation = mapped.keyPath?.location ?? mapped.location
        if path.contains(where: \.isEmpty) {
            diagnostics.error("key path '\(mapped.keyPath?.value ?? "")' has an empty segment", at: pathLocation)
            return nil
        }
        // Each segment nests the coding one level deeper, as a document does.
        if path.count > NodeReader.documentNestingLimit {
            diagnostics.error(
                "the key path of '\(mapped.name.value)' has \(path.count) segments; key paths, like documents, nest at most \(NodeReader.documentNestingLimit) levels",
                at: pathLocation
            )
            return nil
        }
        let swiftName = SwiftNaming.propertyName(
            SwiftText.isIdentifier(mapped.name.value) ? mapped.name.value : naming.propertyName(mapped.name.value),
            for: mapped.name.value,
            modelNames: modelNames,
            at: mapped.name.location,
            &diagnostics
        )
        let definition = PropertyDefinition(
            name: mapped.name,
            type: mapped.type ?? Located("", at: mapped.location)
        )
        var type: ResolvedType?
        var isArray = false
        var sampleSaysOptional = false
        var schemaRequired: Bool?
        var label: String?
        var description: String?

        // 1. An explicit type.
        if let explicit = mapped.type {
            guard let parsed = parseType(explicit, allowAppTypes: mapped.formatter != nil) else { return nil }
            (type, isArray) = (parsed.type, parsed.isArray)
            if parsed.isOptional { sampleSaysOptional = true }
        }
        // 2. A nested model or a collection of them.
        if type == nil, let object = mapped.object {
            guard let target = objectTarget(mapped), let targetType = contextTypes[target] else {
                if case .named(let reference, _) = object {
                    diagnostics.error(
                        "'\(mapped.name.value)' maps to context '\(reference.value)', which no mapping defines",
                        at: reference.location,
                        hint: Suggestion.hint(for: reference.value, in: contextOrder)
                    )
                }
                return nil
            }
            type = .named(targetType.value)
            if let collection = mapped.isCollection {
                isArray = collection
            } else if let declared, case .array = ObjCSwiftType(declared.type) {
                isArray = true
            } else if let declared, case .object = ObjCSwiftType(declared.type) {
                isArray = false
            } else if let sample, case .found(let value) = SampleLookup.lookUp(path, in: sample) {
                isArray = value.elements != nil
            } else if sample != nil {
                sampleSaysOptional = true
            } else {
                diagnostics.error(
                    "cannot tell whether '\(mapped.name.value)' holds one \(targetType.value) or a list of them",
                    at: mapped.location,
                    hint:
                        "add a sample payload for \(swiftTypeName(context)) in the config's 'samples', or say '@collection: 1' ('collection:' in YAML) or '@collection: 0'"
                )
                return nil
            }
        }
        // 3. The object definition the mapping refines.
        if let source, !path.isEmpty {
            switch lookUp(path, in: source.properties) {
            case .found(let property):
                if type == nil {
                    type = property.type
                    isArray = property.isArray
                }
                schemaRequired = property.isRequired
                label = property.label
                description = property.description
            case .intoScalar(let prefix):
                diagnostics.error(
                    "key path '\(path.joined(separator: "."))' goes into '\(prefix.joined(separator: "."))', which is not a Document",
                    at: pathLocation
                )
                return nil
            case .missing:
                break
            }
        }
        // 4. The class's Objective-C header.
        var headerSaysOptional: Bool?
        if let declared {
            let objCType = ObjCSwiftType(declared.type)
            headerSaysOptional = declared.nullability != .nonnull && !objCType.isScalar
            if type == nil, let resolved = headerType(objCType, declared, mapped, path: path, sample: sample) {
                (type, isArray) = resolved
            }
        }
        // 5. The sample payload.
        if let sample {
            switch SampleLookup.lookUp(path, in: sample) {
            case .intoScalar(let prefix, let kind):
                diagnostics.error(
                    "key path '\(path.joined(separator: "."))' goes into '\(prefix.joined(separator: "."))', which is \(kind) in the sample",
                    at: pathLocation
                )
                return nil
            case .missing:
                sampleSaysOptional = true
            case .found(let value):
                if type == nil, mapped.formatter == nil {
                    let inferred = SampleType(value)
                    if inferred == .null { sampleSaysOptional = true }
                    if let resolved = resolvedType(
                        inferred,
                        name: mapped.name.value,
                        location: pathLocation,
                        scope: &scope
                    ) {
                        (type, isArray) = resolved
                    }
                } else if value.isNull {
                    sampleSaysOptional = true
                }
            }
        }
        // 6. The formatter's own output type.
        if type == nil, let formatter = mapped.formatter {
            type = .named("\(formatter.value).Value")
        }
        guard let type else {
            let headerHint =
                headers.isEmpty
                ? "or name its class's header in the config's 'headers'"
                : headers.classes[className] == nil
                    ? "or add the header that declares '@interface \(className)' to the config's 'headers'"
                    : "or declare '@property … \(mapped.name.value)' in \(className)'s header"
            diagnostics.error(
                "the type of '\(mapped.name.value)' in '\(context.name.value)' cannot be known"
                    + (sample.map { Self.missingSampleKey(path, in: $0, of: className) } ?? ""),
                at: mapped.location,
                hint:
                    "give it a 'type' ('@type' in .mappings), point it at an object definition, name a sample payload for \(className) in the config's 'samples', \(headerHint)"
            )
            return nil
        }
        // A nested type must not hide the model or formatter this property names.
        if case .named(let name) = type, let first = name.split(separator: ".").first {
            scope.referencedTypes.insert(String(first))
        }
        var property = ResolvedProperty(
            apiName: path.first ?? "@self",
            swiftName: swiftName,
            label: label,
            description: description,
            location: mapped.location,
            type: type,
            isArray: isArray,
            isRequired: false,
            definition: definition
        )
        property.keyPath = path
        property.defaultValue = mapped.defaultValue
        property.nullAsMissing = mapped.nullAsMissing
        if let formatter = mapped.formatter, checkFormatterName(formatter) {
            property.formatter = ResolvedFormatter(typeName: formatter.value, userData: mapped.userData)
            if let userData = mapped.userData { checkNumbers(in: userData, of: "the user data of '\(swiftName)'") }
            DatePatternUserDataCheck.check(mapped.userData, of: swiftName, formatter: formatter, &diagnostics)
        }
        let isOptional = mapped.isOptional ?? (schemaRequired.map { !$0 } ?? headerSaysOptional ?? sampleSaysOptional)
        property.isRequired = mapped.defaultValue != nil || !isOptional
        if mapped.defaultValue != nil { checkDefault(property) }
        if let singleAsArray = mapped.singleAsArray, singleAsArray.value {
            property.singleAsArray = checkSingleAsArray(property, at: singleAsArray.location)
        }
        return property
    }

    /// Whether `singleAsArray` can apply: to a list, read without a formatter (which converts the whole value, and
    /// so decides itself what it accepts).
    private mutating func checkSingleAsArray(_ property: ResolvedProperty, at location: SourceLocation) -> Bool {
        if let formatter = property.formatter {
            diagnostics.error(
                "'singleAsArray' of '\(property.swiftName)' has no effect beside the formatter '\(formatter.typeName)', which reads the whole value",
                at: location,
                hint: "let \(formatter.typeName) accept one element as well as an array, and remove 'singleAsArray'"
            )
            return false
        }
        guard property.isArray else {
            diagnostics.error(
                "'singleAsArray' of '\(property.swiftName)' needs a list, and '\(property.swiftName)' holds one value",
                at: location,
                hint: "give it a list type ('collection:', or a 'type' such as '[String]'), or remove 'singleAsArray'"
            )
            return false
        }
        return true
    }

    /// A property's attributes after those of the attribute-only contexts it `@inherits`, in order; its own come
    /// last and win.
    private mutating func withInheritedAttributes(
        _ property: MappedPropertyDefinition,
        visiting: [String]
    ) -> MappedPropertyDefinition {
        var result = property
        result.inherits = []
        for parent in property.inherits {
            guard let name = contextName(for: parent.value), let context = contexts[name] else {
                diagnostics.error(
                    "'\(property.name.value)' inherits '\(parent.value)', which no mapping defines",
                    at: parent.location,
                    hint: Suggestion.hint(for: parent.value, in: contextOrder)
                )
                continue
            }
            guard var attributes = context.attributes else {
                diagnostics.error(
                    "'\(property.name.value)' inherits '\(parent.value)', which maps a model; a property inherits only a context of attributes, such as a transform",
                    at: parent.location
                )
                continue
            }
            if visiting.contains(name) {
                diagnostics.error(
                    "inheritance cycle: \((visiting + [name]).joined(separator: " → "))",
                    at: parent.location
                )
                continue
            }
            attributes = withInheritedAttributes(attributes, visiting: visiting + [name])
            result.keyPath = result.keyPath ?? attributes.keyPath
            result.type = result.type ?? attributes.type
            result.isOptional = result.isOptional ?? attributes.isOptional
            result.defaultValue = result.defaultValue ?? attributes.defaultValue
            result.nullAsMissing = result.nullAsMissing || attributes.nullAsMissing
            result.singleAsArray = result.singleAsArray ?? attributes.singleAsArray
            result.formatter = result.formatter ?? attributes.formatter
            result.transformClass = result.transformClass ?? attributes.transformClass
            result.userData = result.userData ?? attributes.userData
            result.object = result.object ?? attributes.object
            result.isCollection = result.isCollection ?? attributes.isCollection
        }
        return result
    }

    /// Why the sample gave no type: the first key of `path` it lacks, and the key it has that is closest to it (a
    /// mapping's misspelt key path is the usual cause).
    private static func missingSampleKey(_ path: [String], in sample: SyntaxNode, of className: String) -> String {
        var current = sample
        for key in path {
            guard let entries = current.entries else { return "" }
            guard let next = entries.first(where: { $0.name == key })?.value else {
                let closest = Suggestion.closest(to: key, in: entries.map(\.name)).map { " (it has '\($0)')" } ?? ""
                return ": the sample for \(className) has no '\(key)'\(closest)"
            }
            current = next
        }
        return ""
    }

    /// The Swift type of a property the class's header declares; nil leaves it to the sample or the formatter.
    private mutating func headerType(
        _ objCType: ObjCSwiftType,
        _ declared: ObjCProperty,
        _ mapped: MappedPropertyDefinition,
        path: [String],
        sample: SyntaxNode?
    ) -> (ResolvedType, Bool)? {
        switch objCType {
        case .string: return (.string, false)
        case .url: return (.url, false)
        case .date: return (.date, false)
        case .bool: return (.bool, false)
        case .int: return (.int, false)
        case .double: return (.double, false)
        case .json: return (.any, false)
        case .number:
            if mapped.formatter != nil { return nil }
            // The mapping's own default says which number, else the sample's value.
            let used: SyntaxNode? =
                if let sample, case .found(let value) = SampleLookup.lookUp(path, in: sample) { value } else { nil }
            for value in [mapped.defaultValue, used].compactMap({ $0 }) {
                switch SampleType(value) {
                case .bool: return (.bool, false)
                case .int: return (.int, false)
                case .double: return (.double, false)
                default: continue
                }
            }
            diagnostics.append(
                Diagnostic(
                    .note,
                    "'\(mapped.name.value)' is an NSNumber and no sample says which number it holds; it is a Double",
                    at: declared.location,
                    hint:
                        "give it a '@type' ('type' in YAML) of Int or Bool, or a sample payload, if that is what it holds"
                )
            )
            return (.double, false)
        case .array(let element):
            guard let element, let inner = headerType(element, declared, mapped, path: [], sample: nil) else {
                return (.any, false)
            }
            return inner.1 ? (.any, false) : (inner.0, true)
        case .object(let name) where modelNames.contains(name):
            return (.named(name), false)
        case .object, .unknown:
            if mapped.formatter != nil { return nil }
            diagnostics.warning(
                "'\(declared.type)' of '\(mapped.name.value)' has no JSON form the generator knows; it is a JSONValue",
                at: declared.location,
                hint: "map it with a '@transformSelector' whose formatter makes the Swift type the app needs"
            )
            return (.any, false)
        }
    }

    private func swiftTypeName(_ context: MappingContextDefinition) -> String {
        contextTypes[context.name.value]?.value ?? context.name.value
    }

    private enum SchemaLookup {
        case found(ResolvedProperty)
        case intoScalar([String])
        case missing
    }

    /// Follows a key path through an object definition's Documents.
    private func lookUp(_ path: [String], in properties: [ResolvedProperty]) -> SchemaLookup {
        var current = properties
        for (index, key) in path.enumerated() {
            guard let property = current.first(where: { $0.apiName == key }) else { return .missing }
            if index == path.count - 1 { return .found(property) }
            guard case .document(let document) = property.type, !property.isArray else {
                return .intoScalar(Array(path[...index]))
            }
            current = document.properties
        }
        return .missing
    }

    /// A Swift type from a sample's inferred type; objects become nested structs named after the property.
    private mutating func resolvedType(
        _ type: SampleType,
        name: String,
        location: SourceLocation,
        scope: inout Scope
    )
        -> (ResolvedType, Bool)?
    {
        switch type {
        case .null, .emptyArray:
            return nil
        case .bool: return (.bool, false)
        case .int: return (.int, false)
        case .double: return (.double, false)
        case .string: return (.string, false)
        case .date: return (.date, false)
        case .dateOnly: return (.dateOnly, false)
        case .url: return (.url, false)
        case .mixed: return (.any, false)
        case .array(.array), .array(.mixed), .array(.null), .array(.emptyArray): return (.any, false)
        case .array(let element):
            return resolvedType(element, name: name, location: location, scope: &scope).map { ($0.0, true) }
        case .object(let fields):
            var inner = Scope(enclosingNames: scope.enclosingNames)
            var properties: [ResolvedProperty] = []
            for field in fields {
                guard
                    let (fieldType, isArray) = resolvedType(
                        field.type,
                        name: field.name,
                        location: field.location,
                        scope: &inner
                    )
                else {
                    diagnostics.error(
                        "the sample's '\(field.name)' is \(field.type == .null ? "null" : "an empty list"), which gives it no type",
                        at: location,
                        hint: "give the sample a value there, or map the property with an explicit type"
                    )
                    continue
                }
                properties.append(
                    ResolvedProperty(
                        apiName: field.name,
                        swiftName: SwiftNaming.propertyName(
                            naming.propertyName(field.name),
                            for: field.name,
                            modelNames: modelNames,
                            at: field.location,
                            &diagnostics
                        ),
                        label: nil,
                        description: nil,
                        location: field.location,
                        type: fieldType,
                        isArray: isArray,
                        isRequired: !field.isOptional,
                        definition: PropertyDefinition(
                            name: Located(field.name, at: field.location),
                            type: Located("", at: field.location)
                        )
                    )
                )
            }
            inner.assignNestedNames(&properties, &diagnostics)
            scope.referencedTypes.formUnion(inner.referencedTypes)
            return (.document(ResolvedDocument(swiftName: "", properties: properties)), false)
        }
    }

    /// `String`, `URL`, `[TweetModel]`, `Int?`, a mapped model's name, or (with a formatter) any app type.
    private mutating func parseType(
        _ text: Located<String>,
        allowAppTypes: Bool
    )
        -> (type: ResolvedType, isArray: Bool, isOptional: Bool)?
    {
        var spelling = text.value.trimmingTrailingWhitespace
        var isOptional = false
        var isArray = false
        if spelling.hasSuffix("?") {
            isOptional = true
            spelling.removeLast()
        }
        if spelling.hasPrefix("["), spelling.hasSuffix("]") {
            isArray = true
            spelling = String(spelling.dropFirst().dropLast())
        }
        let builtIns: [String: ResolvedType] = [
            "String": .string, "Int": .int, "Double": .double, "Bool": .bool, "Date": .date, "DateOnly": .dateOnly,
            "URL": .url, "ObjectID": .objectID, "JSONValue": .any, "FileValue": .file,
        ]
        if let builtIn = builtIns[spelling] { return (builtIn, isArray, isOptional) }
        if modelNames.contains(spelling) || (allowAppTypes && SwiftText.isDottedName(spelling)) {
            return (.named(spelling), isArray, isOptional)
        }
        // A class the model was renamed from (`naming.overrides`, or a name the generated code uses itself).
        if let context = contextRenamed(fromClass: spelling), let type = contextTypes[context] {
            return (.named(type.value), isArray, isOptional)
        }
        diagnostics.error(
            "unknown type '\(text.value)'",
            at: text.location,
            hint: Suggestion.hint(for: spelling, in: builtIns.keys.sorted() + modelNames.sorted())
                ?? "use a Swift type (String, Int, Double, Bool, Date, URL, …), a mapped model, or a formatter for an app type"
        )
        return nil
    }

    /// Defaults are checked here so that the generated literal always compiles and never traps.
    private mutating func checkDefault(_ property: ResolvedProperty) {
        guard let value = property.defaultValue else { return }
        let what = "the default of '\(property.swiftName)'"
        guard property.formatter?.takesLiteralDefault ?? true, !property.isArray else {
            return checkNumbers(in: value, of: what)
        }
        let text = value.scalarText ?? ""
        let valid: Bool
        switch property.type {
        case .string: valid = value.isString
        case .int: valid = SwiftText.numberLiteral(text, integer: true) != nil
        case .double: valid = SwiftText.numberLiteral(text, integer: false) != nil
        // YAML 1.1 also reads `yes`, `no`, `on` and `off` as booleans; a default says what it means.
        case .bool:
            valid = value.value == .scalar(text, .bool) && ["true", "false"].contains(text.lowercased())
        case .url: valid = value.isString && URLCheck.isAbsolute(text)
        case .date: valid = value.isString && SampleType.classify(text) == .date
        case .dateOnly: valid = value.isString && SampleType.classify(text) == .dateOnly
        default:
            checkNumbers(in: value, of: what)
            valid = true
        }
        if !valid {
            // YAML reads `no`, `on` and `12` as a boolean and a number, not as text.
            let hint: String? =
                switch property.type {
                case .bool: "write true or false"
                case .string: "quote the text to make it a string"
                default: nil
                }
            // Only scalars get here, which every dialect spells alike.
            diagnostics.error(
                "\(what) is not a valid \(WireTypes.cortex.spelling(of: property.type))",
                at: value.location,
                hint: hint
            )
        }
    }

    /// A formatter is written into the code as a type (`formatter: Name.self`), so it must be a type name.
    private mutating func checkFormatterName(_ formatter: Located<String>) -> Bool {
        guard let problem = SwiftText.dottedNameProblem(formatter.value) else { return true }
        diagnostics.error("formatter '\(formatter.value)' is not a Swift type name: \(problem)", at: formatter.location)
        return false
    }

    /// A JSON value written into the code as a literal (a default decoded through a formatter or as JSON, user data)
    /// can hold only numbers Swift reads as the same value: not YAML's `.nan`, `.inf`, `0x1F`, `1_000`.
    private mutating func checkNumbers(in value: SyntaxNode, of what: String) {
        switch value.value {
        case .scalar(let text, .int), .scalar(let text, .double):
            if SwiftText.numberLiteral(text, integer: false) == nil {
                diagnostics.error(
                    "\(what) holds '\(text)', which is not a finite decimal number",
                    at: value.location,
                    hint: "write a plain decimal number such as 12 or 0.5, or quote the text to make it a string"
                )
            }
        case .scalar: break
        case .sequence(let elements): for element in elements { checkNumbers(in: element, of: what) }
        case .mapping(let entries): for entry in entries { checkNumbers(in: entry.value, of: what) }
        }
    }
}

enum URLCheck {
    /// Whether Foundation's `URL(string:)` accepts the text as an absolute URL; the generated `URL(string:)!`
    /// relies on it.
    static func isAbsolute(_ text: String) -> Bool {
        URL(string: text)?.scheme != nil
    }
}
