/// Cortex lets one object be defined in pieces: a package extends an object another package (or Cortex itself,
/// for `account`) defines, and an object type may repeat a property the object already has. The pieces are joined
/// here, before anything is resolved, so that the rest of the pipeline sees one definition per object.
enum CortexExtensions {
    /// Every Cortex object defined more than once (in several files or packages) merged into its first
    /// definition: properties and object types the first lacks are added, the same property defined the same way
    /// is read once, and the same property defined differently is an error at the second. Definitions of other
    /// formats pass through unchanged (the resolver reports a second definition of them).
    static func merge(_ definitions: [ObjectDefinition]) -> (definitions: [ObjectDefinition], diagnostics: Diagnostics)
    {
        var diagnostics = Diagnostics()
        var merged: [ObjectDefinition] = []
        var firstIndex: [String: Int] = [:]
        for definition in definitions {
            guard definition.format == .cortex else {
                merged.append(definition)
                continue
            }
            guard let index = firstIndex[definition.name.value] else {
                firstIndex[definition.name.value] = merged.count
                merged.append(definition)
                continue
            }
            var base = merged[index]
            base.label = base.label ?? definition.label
            base.pluralName = base.pluralName ?? definition.pluralName
            base.description = base.description ?? definition.description
            base.properties = join(base.properties, definition.properties, of: base.name.value, &diagnostics)
            for objectType in definition.objectTypes {
                if let typeIndex = base.objectTypes.firstIndex(where: { $0.name.value == objectType.name.value }) {
                    base.objectTypes[typeIndex].properties = join(
                        base.objectTypes[typeIndex].properties,
                        objectType.properties,
                        of: "\(base.name.value).\(objectType.name.value)",
                        &diagnostics
                    )
                } else {
                    base.objectTypes.append(objectType)
                }
            }
            merged[index] = base
        }
        return (merged, diagnostics)
    }

    /// An object type's properties without those that repeat one of the object's own exactly: Cortex exports
    /// list a shared property again under a type that uses it. A repeated name defined differently stays, and the
    /// resolver reports the clash.
    static func typeOwnProperties(_ own: [PropertyDefinition], shared: [PropertyDefinition]) -> [PropertyDefinition] {
        guard !own.isEmpty, !shared.isEmpty else { return own }
        let sharedByName = Dictionary(shared.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        return own.filter { property in
            guard let other = sharedByName[property.name.value] else { return true }
            return !property.isSameDefinition(as: other)
        }
    }

    private static func join(
        _ base: [PropertyDefinition],
        _ extensions: [PropertyDefinition],
        of owner: String,
        _ diagnostics: inout Diagnostics
    ) -> [PropertyDefinition] {
        var joined = base
        for property in extensions {
            guard let existing = joined.first(where: { $0.name.value == property.name.value }) else {
                joined.append(property)
                continue
            }
            if !property.isSameDefinition(as: existing) {
                diagnostics.error(
                    "property '\(property.name.value)' of '\(owner)' is defined differently by two definitions of the object; the other is at \(existing.name.location)",
                    at: property.name.location,
                    hint: "an extension may add properties to an object, but not change one it already has"
                )
            }
        }
        return joined
    }
}

extension PropertyDefinition {
    /// Whether two definitions say the same thing, wherever each was written.
    func isSameDefinition(as other: PropertyDefinition) -> Bool {
        withoutLocations == other.withoutLocations
    }

    private var withoutLocations: PropertyDefinition {
        let nowhere = SourceLocation.start(of: "")
        var copy = self
        copy.name.location = nowhere
        copy.type.location = nowhere
        copy.sourceObject?.location = nowhere
        copy.flagLocations = flagLocations.mapValues { _ in nowhere }
        copy.serverDefault = serverDefault?.withoutLocations
        copy.properties = properties.map(\.withoutLocations)
        copy.facets = facets.map { facet in
            var facet = facet
            facet.name.location = nowhere
            return facet
        }
        copy.validators = validators.map { validator in
            ValidatorDefinition(
                name: Located(validator.name.value, at: nowhere),
                definition: validator.definition?.withoutLocations
            )
        }
        return copy
    }
}

extension ServerDefault {
    /// The same default with every location erased.
    fileprivate var withoutLocations: ServerDefault {
        switch self {
        case .value(let value): .value(value.withoutLocations)
        case .computed(let kind, let detail): .computed(kind: kind, detail: detail?.withoutLocations)
        }
    }
}

extension SyntaxNode {
    /// The same value with every location erased, to compare values written in different places.
    fileprivate var withoutLocations: SyntaxNode {
        let nowhere = SourceLocation.start(of: "")
        switch value {
        case .scalar: return SyntaxNode(value, at: nowhere)
        case .sequence(let elements): return SyntaxNode(.sequence(elements.map(\.withoutLocations)), at: nowhere)
        case .mapping(let entries):
            return SyntaxNode(
                .mapping(entries.map { Entry(key: $0.key.withoutLocations, value: $0.value.withoutLocations) }),
                at: nowhere
            )
        }
    }
}
