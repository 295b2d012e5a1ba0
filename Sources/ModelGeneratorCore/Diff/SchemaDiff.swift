/// What a schema change does to app code, for a pull request: every added, removed or renamed object, type of a
/// typed object (Cortex `objectTypes`) and property (a document's too), properties moved between a typed object's
/// types and the properties they share, type and optionality changes, enum values, and what a client may write, each
/// marked breaking or not.
public struct SchemaDiff: Sendable {
    public struct Change: Hashable, Sendable {
        /// The object's API name and its Swift type, as the report groups changes (Markdown, as `description`).
        public var object: String
        /// What changed, in Markdown: every piece of schema text in a code span of its own, made by
        /// ``MarkdownText/codeSpan(_:)``. A change inside one type of a typed object starts with the word
        /// "type" and the type's name.
        public var description: String
        public var isBreaking: Bool
    }

    public private(set) var changes: [Change] = []
    public var hasBreakingChanges: Bool { changes.contains(where: \.isBreaking) }

    public init(old: ResolvedSchema, new: ResolvedSchema, config: GeneratorConfig) {
        let translator = Translator(config: config)
        let oldObjects = Dictionary(old.objects.map { ($0.apiName, $0) }, uniquingKeysWith: { first, _ in first })
        let newObjects = Dictionary(new.objects.map { ($0.apiName, $0) }, uniquingKeysWith: { first, _ in first })
        for object in old.objects where newObjects[object.apiName] == nil {
            add(
                Place(object),
                "object removed: code using \(code(object.swiftName)) no longer compiles",
                breaking: true
            )
        }
        for object in new.objects {
            guard let before = oldObjects[object.apiName] else {
                add(Place(object), "object added as \(code(object.swiftName))", breaking: false)
                continue
            }
            compareObject(before, object, translator)
        }
    }

    /// Where a property sits: its object, the type of a typed object it belongs to (nil for the object's own
    /// properties, which every type shares), and the document properties it is nested in. Two properties are only
    /// the same property at the same place: each type of a typed object may define a property of the same name
    /// with a type of its own.
    private struct Place {
        var object: ResolvedObject
        var variant: ResolvedVariant?
        /// The key paths of the documents around the property.
        var apiPath: [String] = []
        /// The Swift names of the documents around the property.
        var swiftPath: [String] = []

        init(_ object: ResolvedObject, variant: ResolvedVariant? = nil) {
            self.object = object
            self.variant = variant
        }

        /// The property's key path from the object (or its type), through the documents it is nested in.
        func name(of property: ResolvedProperty) -> String {
            (apiPath + property.keyPath).joined(separator: ".")
        }

        /// The property's Swift name from the object (or its type), through the documents it is nested in.
        func swiftName(of property: ResolvedProperty) -> String {
            (swiftPath + [property.swiftName]).joined(separator: ".")
        }

        /// The place of the properties of `document`, a document property here.
        func inside(_ document: ResolvedProperty) -> Place {
            var place = self
            place.apiPath += document.keyPath
            place.swiftPath.append(document.swiftName)
            return place
        }
    }

    /// Schema text (names, key paths, enum values, and the Swift spellings made from them) as the report quotes it.
    private func code(_ text: String) -> String { MarkdownText.codeSpan(text) }

    /// Records a change at `place`; one inside a type names the type first, as the object's heading doesn't.
    private mutating func add(_ place: Place, _ description: String, breaking: Bool) {
        let object = place.object
        changes.append(
            Change(
                object: "\(code(object.apiName)) (\(code(object.swiftName)))",
                description: place.variant.map { "type \(code($0.apiName)): \(description)" } ?? description,
                isBreaking: breaking
            )
        )
    }

    /// An object in both schemas: its Swift name, whether it has types, the properties every type shares (all of
    /// an object without types), those that moved, and its types.
    private mutating func compareObject(_ before: ResolvedObject, _ after: ResolvedObject, _ translator: Translator) {
        let place = Place(after)
        if before.swiftName != after.swiftName {
            add(
                place,
                "Swift type renamed from \(code(before.swiftName)) to \(code(after.swiftName))",
                breaking: true
            )
        }
        if before.variants.isEmpty != after.variants.isEmpty {
            add(
                place,
                after.variants.isEmpty
                    ? "no longer has types: \(code(after.swiftName)) is a struct, no longer an enum over its types"
                    : "now has types: \(code(after.swiftName)) is an enum over its types, no longer a struct",
                breaking: true
            )
        }
        let types = pairedVariants(before, after)
        let moves = PropertyMoves(before, after, types: types)
        compare(
            before.properties.filter { !moves.outOfShared.contains($0.keyPath) },
            after.properties.filter { !moves.intoShared.contains($0.keyPath) },
            at: place,
            translator
        )
        reportMoves(moves, before, after, types: types, translator)
        compareVariants(before, after, types: types, moves: moves, translator)
    }

    /// The types of a typed object that both schemas have, matched by their `type` value.
    private func pairedVariants(
        _ before: ResolvedObject,
        _ after: ResolvedObject
    ) -> [(before: ResolvedVariant, after: ResolvedVariant)] {
        let oldVariants = Dictionary(before.variants.map { ($0.apiName, $0) }, uniquingKeysWith: { first, _ in first })
        return after.variants.compactMap { variant in oldVariants[variant.apiName].map { ($0, variant) } }
    }

    /// The properties of a typed object that moved between the properties every type shares and the types' own,
    /// by key path: a move is one change, not a property removed in one place and added in another.
    private struct PropertyMoves {
        /// Key paths of properties that were some types' own and are now shared.
        var intoShared: Set<[String]> = []
        /// Key paths of properties that were shared and are now some types' own.
        var outOfShared: Set<[String]> = []

        init(
            _ before: ResolvedObject,
            _ after: ResolvedObject,
            types: [(before: ResolvedVariant, after: ResolvedVariant)]
        ) {
            let oldShared = Set(before.properties.map(\.keyPath))
            let newShared = Set(after.properties.map(\.keyPath))
            let oldOwn = Set(types.flatMap { $0.before.properties.map(\.keyPath) })
            let newOwn = Set(types.flatMap { $0.after.properties.map(\.keyPath) })
            intoShared = newShared.subtracting(oldShared).intersection(oldOwn)
            outOfShared = oldShared.subtracting(newShared).intersection(newOwn)
        }
    }

    /// Each moved property once, naming the types it left or joined, then what changed of it in each of them.
    private mutating func reportMoves(
        _ moves: PropertyMoves,
        _ before: ResolvedObject,
        _ after: ResolvedObject,
        types: [(before: ResolvedVariant, after: ResolvedVariant)],
        _ translator: Translator
    ) {
        // Each type's properties by key path, once: a move is looked up in every type.
        func byKeyPath(_ variant: ResolvedVariant) -> [[String]: ResolvedProperty] {
            Dictionary(variant.properties.map { ($0.keyPath, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let oldOwn = types.map { byKeyPath($0.before) }
        let newOwn = types.map { byKeyPath($0.after) }
        // Either way the property's place in the initializers changes: a type's struct holds the shared properties
        // in `common`, or declares them before its own.
        for property in after.properties where moves.intoShared.contains(property.keyPath) {
            let from = types.indices.compactMap { index in
                oldOwn[index][property.keyPath].map { (types[index].after, $0) }
            }
            add(
                Place(after),
                "\(code(Place(after).name(of: property))) moved from \(typeList(from.map(\.0))) to the properties "
                    + "every type shares: initializers take it in another place",
                breaking: true
            )
            for (variant, old) in from {
                compareProperty(old, property, at: Place(after, variant: variant), translator)
            }
        }
        let everyTypesOwn = after.variants.map(byKeyPath)
        for property in before.properties where moves.outOfShared.contains(property.keyPath) {
            let into = types.indices.compactMap { index in
                newOwn[index][property.keyPath].map { (types[index].after, $0) }
            }
            let everyType = everyTypesOwn.allSatisfy { $0[property.keyPath] != nil }
            let others = everyType ? "" : ", and the other types no longer have it"
            add(
                Place(after),
                "\(code(Place(after).name(of: property))) moved from the properties every type shares to "
                    + "\(typeList(into.map(\.0))): initializers take it in another place\(others)",
                breaking: true
            )
            for (variant, new) in into {
                compareProperty(property, new, at: Place(after, variant: variant), translator)
            }
        }
    }

    /// "type `a`", or "types `a`, `b`".
    private func typeList(_ variants: [ResolvedVariant]) -> String {
        "type\(variants.count == 1 ? "" : "s") " + variants.map { code($0.apiName) }.joined(separator: ", ")
    }

    /// Types added, removed and renamed, matched by their `type` value, and the changes to each one's own
    /// properties; those that moved to or from the shared ones are reported as moves.
    private mutating func compareVariants(
        _ before: ResolvedObject,
        _ after: ResolvedObject,
        types: [(before: ResolvedVariant, after: ResolvedVariant)],
        moves: PropertyMoves,
        _ translator: Translator
    ) {
        let newTypes = Set(after.variants.map(\.apiName))
        for variant in before.variants where !newTypes.contains(variant.apiName) {
            add(
                Place(after),
                "type \(code(variant.apiName)) removed: code using \(code("\(before.swiftName).\(variant.swiftName)")) "
                    + "no longer compiles",
                breaking: true
            )
        }
        let paired = Dictionary(types.map { ($0.after.apiName, $0.before) }, uniquingKeysWith: { first, _ in first })
        for variant in after.variants {
            guard let old = paired[variant.apiName] else {
                // As with an enum value gained: a switch over the object's enum that has a default still compiles.
                add(
                    Place(after),
                    "type \(code(variant.apiName)) added as \(code("\(after.swiftName).\(variant.swiftName)"))",
                    breaking: false
                )
                continue
            }
            let place = Place(after, variant: variant)
            if old.swiftName != variant.swiftName {
                add(
                    place,
                    "Swift type renamed from \(code(old.swiftName)) to \(code(variant.swiftName))",
                    breaking: true
                )
            }
            if old.caseName != variant.caseName {
                add(
                    place,
                    "enum case renamed from \(code(old.caseName)) to \(code(variant.caseName))",
                    breaking: true
                )
            }
            compare(
                old.properties.filter { !moves.intoShared.contains($0.keyPath) },
                variant.properties.filter { !moves.outOfShared.contains($0.keyPath) },
                at: place,
                translator
            )
        }
    }

    /// Which old property each new one is, by what identifies a property at one place: the same key path and Swift
    /// name; then the same key path (renamed in Swift); then the same Swift name (renamed on the server behind an
    /// alias that keeps it). A key path alone names no property: a mapping may read one key into several (`@self`,
    /// or one value through two formatters).
    private static func partners(
        _ oldProperties: [ResolvedProperty],
        _ newProperties: [ResolvedProperty]
    ) -> [Int?] {
        struct Identity: Hashable {
            var keyPath: [String]?
            var swiftName: String?
        }
        let rules: [(ResolvedProperty) -> Identity] = [
            { Identity(keyPath: $0.keyPath, swiftName: $0.swiftName) },
            { Identity(keyPath: $0.keyPath) },
            { Identity(swiftName: $0.swiftName) },
        ]
        var partners: [Int?] = Array(repeating: nil, count: newProperties.count)
        var paired = Set<Int>()
        for identity in rules {
            let unpaired = Dictionary(grouping: oldProperties.indices.filter { !paired.contains($0) }) {
                identity(oldProperties[$0])
            }
            // How many of each group are taken, first to last.
            var taken: [Identity: Int] = [:]
            for index in newProperties.indices where partners[index] == nil {
                let key = identity(newProperties[index])
                guard let group = unpaired[key], taken[key, default: 0] < group.count else { continue }
                let match = group[taken[key, default: 0]]
                taken[key, default: 0] += 1
                partners[index] = match
                paired.insert(match)
            }
        }
        return partners
    }

    /// The properties at one place, old and new: renamed on the server, removed, added, and what changed of each
    /// one kept.
    private mutating func compare(
        _ oldProperties: [ResolvedProperty],
        _ newProperties: [ResolvedProperty],
        at place: Place,
        _ translator: Translator
    ) {
        let partners = Self.partners(oldProperties, newProperties)
        // A property whose JSON key changed while its Swift name stayed (an alias) is a rename the app does not see.
        for (property, partner) in zip(newProperties, partners) {
            guard let partner, oldProperties[partner].keyPath != property.keyPath else { continue }
            let before = oldProperties[partner]
            add(
                place,
                "\(code(place.name(of: before))) renamed on the server to \(code(place.name(of: property))); the Swift "
                    + "name \(code(property.swiftName)) is kept",
                breaking: false
            )
            compareProperty(before, property, at: place, translator)
        }
        let kept = Set(partners.compactMap { $0 })
        for (index, property) in oldProperties.enumerated() where !kept.contains(index) {
            add(
                place,
                "property \(code(place.name(of: property))) removed: code using \(code(place.swiftName(of: property))) "
                    + "no longer compiles",
                breaking: true
            )
        }
        for (property, partner) in zip(newProperties, partners) {
            guard let partner else {
                addProperty(property, at: place, translator)
                continue
            }
            if oldProperties[partner].keyPath == property.keyPath {
                compareProperty(oldProperties[partner], property, at: place, translator)
            }
        }
    }

    /// A property that is new at `place`, breaking when an initializer takes it.
    private mutating func addProperty(_ property: ResolvedProperty, at place: Place, _ translator: Translator) {
        let spelling = translator.typeSpelling(property)
        // Reads are not writes: the model's initializer takes what every read carries, `Create` what the
        // schema requires.
        let takers = [
            property.isRequired ? "the memberwise initializer" : nil,
            property.definition.isRequiredOnCreate ? "`Create`" : nil,
        ].compactMap { $0 }
        add(
            place,
            "property \(code(place.name(of: property))) added as \(code("\(property.swiftName): \(spelling)"))"
                + (takers.isEmpty
                    ? ""
                    : "; \(takers.joined(separator: " and ")) take\(takers.count == 1 ? "s" : "") a new parameter"),
            breaking: !takers.isEmpty
        )
    }

    private mutating func compareProperty(
        _ before: ResolvedProperty,
        _ after: ResolvedProperty,
        at place: Place,
        _ translator: Translator
    ) {
        let name = code(place.name(of: after))
        if before.swiftName != after.swiftName {
            add(
                place,
                "\(name) renamed in Swift from \(code(before.swiftName)) to \(code(after.swiftName))",
                breaking: true
            )
        }
        let oldType = translator.elementTypeSpelling(before.type)
        let newType = translator.elementTypeSpelling(after.type)
        if oldType != newType || before.isArray != after.isArray {
            add(
                place,
                "\(name) changed type from \(code(translator.typeSpelling(before))) to "
                    + code(translator.typeSpelling(after)),
                breaking: true
            )
        } else if before.isRequired != after.isRequired {
            let change = "\(code(translator.typeSpelling(before))) → \(code(translator.typeSpelling(after)))"
            add(
                place,
                after.isRequired
                    ? "\(name) became required (\(change)): initializers take a new parameter"
                    : "\(name) became optional (\(change)): code reading it must unwrap it",
                breaking: true
            )
        } else if before.definition.isRequiredOnCreate != after.definition.isRequiredOnCreate {
            add(
                place,
                after.definition.isRequiredOnCreate
                    ? "\(name) became required on create: `Create`'s initializer takes a new parameter"
                    : "\(name) is no longer required on create: `Create`'s initializer no longer takes it",
                breaking: true
            )
        }
        if case .enumeration(let oldEnum) = before.type, case .enumeration(let newEnum) = after.type {
            let oldValues = oldEnum.cases.map(\.rawValue)
            let newValues = newEnum.cases.map(\.rawValue)
            // In the schema's order, each looked up in a set: an enum may have thousands of values.
            let (oldSet, newSet) = (Set(oldValues), Set(newValues))
            let added = newValues.filter { !oldSet.contains($0) }
            let removed = oldValues.filter { !newSet.contains($0) }
            if !added.isEmpty {
                add(
                    place,
                    "\(name) gained enum values \(added.map(code).joined(separator: ", "))",
                    breaking: false
                )
            }
            if !removed.isEmpty {
                add(
                    place,
                    "\(name) lost enum values \(removed.map(code).joined(separator: ", ")): their cases no longer exist",
                    breaking: true
                )
            }
        }
        if before.definition.isWritable != after.definition.isWritable {
            add(
                place,
                after.definition.isWritable
                    ? "\(name) became writable: `Patch` can change it"
                    : "\(name) became read-only: `Patch` no longer has it",
                breaking: !after.definition.isWritable
            )
        }
        let couldCreate = before.definition.isCreatable || before.definition.isWritable
        let canCreate = after.definition.isCreatable || after.definition.isWritable
        if couldCreate != canCreate {
            add(
                place,
                canCreate
                    ? "\(name) can now be set when creating"
                    : "\(name) can no longer be set when creating: `Create` no longer has it",
                breaking: !canCreate
            )
        }
        // A document's properties are the app's as much as the object's are.
        if case .document(let oldDocument) = before.type, case .document(let newDocument) = after.type {
            compare(oldDocument.properties, newDocument.properties, at: place.inside(after), translator)
        }
    }

    /// The report, in Markdown. Schema text can't add lines, markup or terminal escapes to it (see
    /// ``MarkdownText``), so it reads the same in a pull request comment and on a terminal.
    public var markdown: String {
        let breaking = changes.filter(\.isBreaking).count
        guard !changes.isEmpty else { return "## Schema changes\n\nNo changes to the generated API.\n" }
        var text =
            "## Schema changes\n\n\(changes.count) change\(changes.count == 1 ? "" : "s"), \(breaking) breaking.\n"
        // Each object's changes under its heading, the objects in the order of their first change: grouped in one
        // pass, since a schema's every object may have changed.
        var objects: [String] = []
        var changesOfObject: [String: [Change]] = [:]
        for change in changes {
            if changesOfObject[change.object] == nil { objects.append(change.object) }
            changesOfObject[change.object, default: []].append(change)
        }
        for object in objects {
            text += "\n### \(object)\n\n"
            for change in changesOfObject[object] ?? [] {
                text += "- \(change.isBreaking ? "**Breaking**: " : "")\(change.description)\n"
            }
        }
        return text
    }
}
