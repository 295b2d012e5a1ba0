/// The objects a run generates when the config has a `filter`: each object and mapped class it names, with
/// everything `generate` lists, and the models (mapped classes, or object definitions a mapping names) that their
/// properties' values are, at any depth: a value can't be decoded without its type.
///
/// A reference, Cortex list or Parse relation to an object the filter leaves out becomes what one to an object the
/// schema doesn't define is: `Reference<JSONValue>` (queried through `UnknownFields`), `CortexList<JSONValue>`,
/// `ParseRelation<JSONValue>` (with no query field: there is no model to query). The wire format doesn't change (a
/// reference is an id, and its expansion is kept as JSON); only the Swift type does. Closing over references instead
/// would keep almost everything: in a real Medable org every object's `creator` and `owner` reach `account`, and
/// `account` reaches half of the org.
///
/// The whole schema is still read, named and checked: names are decided over all of it, so that they stay the same
/// as the filter changes.
enum ObjectFilter {
    /// The objects `filter` names, and what their properties' types need. A name that matches no object is an error
    /// with a "did you mean": generating without it would leave the app's code that uses it to fail to compile,
    /// further from the cause.
    static func apply(
        _ filter: GeneratorConfig.Filter,
        to schema: ResolvedSchema,
        _ diagnostics: inout Diagnostics
    ) -> ResolvedSchema {
        var byFilterName: [String: [Int]] = [:]
        var bySwiftName: [String: Int] = [:]
        for (index, object) in schema.objects.enumerated() {
            byFilterName[object.configName, default: []].append(index)
            bySwiftName[object.swiftName] = index
        }
        var named: [Int] = []
        for name in filter.objects {
            guard let indices = byFilterName[name.value] else {
                // An object definition's Swift name (a mapping that refines it may give it one) is the likeliest
                // mistake, and is no near miss of its API name.
                let definition = schema.objects.first { $0.isListed && $0.swiftName == name.value }
                diagnostics.error(
                    "'filter.objects' names '\(name.value)', which is no object of the schema or mapped class",
                    at: name.location,
                    hint: definition.map {
                        "'\(name.value)' is the Swift name of object '\($0.apiName)': name it '\($0.apiName)'"
                    }
                        ?? Suggestion.hint(for: name.value, in: schema.objects.map(\.configName))
                        ?? "name objects by their API names, as the schema files write them, and mapped classes by their Swift names"
                )
                continue
            }
            named += indices
        }
        // Each object is visited once, and each of its properties once: linear in the schema.
        var kept = Set(named)
        var pending = named
        while let index = pending.popLast() {
            for type in mappedTypeNames(of: schema.objects[index]) {
                guard let reached = bySwiftName[type], kept.insert(reached).inserted else { continue }
                pending.append(reached)
            }
        }
        let keptNames = Set(kept.map { schema.objects[$0].swiftName })
        return ResolvedSchema(
            objects: schema.objects.indices.filter { kept.contains($0) }.map { index in
                var object = schema.objects[index]
                object.properties = object.properties.map { untargeted($0, keeping: keptNames) }
                for variant in object.variants.indices {
                    object.variants[variant].properties = object.variants[variant].properties.map {
                        untargeted($0, keeping: keptNames)
                    }
                }
                return object
            }
        )
    }

    /// The Swift names that an object's properties (its variants' and nested documents' included) use as mapped
    /// types; some are app types, such as what a formatter makes, rather than models.
    static func mappedTypeNames(of object: ResolvedObject) -> Set<String> {
        var names: Set<String> = []
        // Documents nest as deep as the schema does: walked with a list, not recursion.
        var properties = object.properties + object.variants.flatMap(\.properties)
        while let property = properties.popLast() {
            switch property.type {
            case .named(let name): names.insert(name)
            case .document(let document): properties += document.properties
            default: break
            }
        }
        return names
    }

    /// The property, its references (and its documents' properties' references) to objects outside `kept` made
    /// references to an object the schema doesn't define.
    private static func untargeted(_ property: ResolvedProperty, keeping kept: Set<String>) -> ResolvedProperty {
        var property = property
        switch property.type {
        case .reference(let target?) where !kept.contains(target): property.type = .reference(target: nil)
        case .list(let target?) where !kept.contains(target): property.type = .list(target: nil)
        case .relation(let target?) where !kept.contains(target): property.type = .relation(target: nil)
        case .document(var document):
            // As deep as the schema nests its documents, which its parser bounds.
            document.properties = document.properties.map { untargeted($0, keeping: kept) }
            property.type = .document(document)
        default: break
        }
        return property
    }
}
