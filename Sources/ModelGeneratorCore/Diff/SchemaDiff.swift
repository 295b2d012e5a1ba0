/// What a schema change does to app code, for a pull request: every added, removed or renamed object and property,
/// type and optionality changes, enum values, and what a client may write, each marked breaking or not.
public struct SchemaDiff: Sendable {
    public struct Change: Hashable, Sendable {
        /// The object's API name and its Swift type, as the report groups changes (Markdown, as `description`).
        public var object: String
        /// What changed, in Markdown: every piece of schema text in a code span of its own, made by
        /// ``MarkdownText/codeSpan(_:)``.
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
            add(object, "object removed: code using \(code(object.swiftName)) no longer compiles", breaking: true)
        }
        for object in new.objects {
            guard let before = oldObjects[object.apiName] else {
                add(object, "object added as \(code(object.swiftName))", breaking: false)
                continue
            }
            if before.swiftName != object.swiftName {
                add(
                    object,
                    "Swift type renamed from \(code(before.swiftName)) to \(code(object.swiftName))",
                    breaking: true
                )
            }
            compare(
                before.properties + before.variants.flatMap(\.properties),
                object.properties + object.variants.flatMap(\.properties),
                in: object,
                translator
            )
        }
    }

    /// Schema text (names, key paths, enum values, and the Swift spellings made from them) as the report quotes it.
    private func code(_ text: String) -> String { MarkdownText.codeSpan(text) }

    private mutating func add(_ object: ResolvedObject, _ description: String, breaking: Bool) {
        changes.append(
            Change(
                object: "\(code(object.apiName)) (\(code(object.swiftName)))",
                description: description,
                isBreaking: breaking
            )
        )
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
            var unpaired = Dictionary(grouping: oldProperties.indices.filter { !paired.contains($0) }) {
                identity(oldProperties[$0])
            }
            for index in newProperties.indices where partners[index] == nil {
                let key = identity(newProperties[index])
                guard let match = unpaired[key]?.first else { continue }
                unpaired[key]?.removeFirst()
                partners[index] = match
                paired.insert(match)
            }
        }
        return partners
    }

    /// The properties of one object, old and new: renamed on the server, removed, added, and what changed of each
    /// one kept.
    private mutating func compare(
        _ oldProperties: [ResolvedProperty],
        _ newProperties: [ResolvedProperty],
        in object: ResolvedObject,
        _ translator: Translator
    ) {
        let key: (ResolvedProperty) -> String = { $0.keyPath.joined(separator: ".") }
        let partners = Self.partners(oldProperties, newProperties)
        // A property whose JSON key changed while its Swift name stayed (an alias) is a rename the app does not see.
        for (property, partner) in zip(newProperties, partners) {
            guard let partner, oldProperties[partner].keyPath != property.keyPath else { continue }
            let before = oldProperties[partner]
            add(
                object,
                "\(code(key(before))) renamed on the server to \(code(key(property))); the Swift "
                    + "name \(code(property.swiftName)) is kept",
                breaking: false
            )
            compareProperty(before, property, in: object, translator)
        }
        let kept = Set(partners.compactMap { $0 })
        for (index, property) in oldProperties.enumerated() where !kept.contains(index) {
            add(
                object,
                "property \(code(key(property))) removed: code using \(code(property.swiftName)) "
                    + "no longer compiles",
                breaking: true
            )
        }
        for (property, partner) in zip(newProperties, partners) {
            guard let partner else {
                addProperty(property, in: object, translator)
                continue
            }
            if oldProperties[partner].keyPath == property.keyPath {
                compareProperty(oldProperties[partner], property, in: object, translator)
            }
        }
    }

    /// A property that is new in `object`, breaking when an initializer takes it.
    private mutating func addProperty(_ property: ResolvedProperty, in object: ResolvedObject, _ translator: Translator)
    {
        let spelling = translator.typeSpelling(property)
        // Reads are not writes: the model's initializer takes what every read carries, `Create` what the
        // schema requires.
        let takers = [
            property.isRequired ? "the memberwise initializer" : nil,
            property.definition.isRequired ? "`Create`" : nil,
        ].compactMap { $0 }
        add(
            object,
            "property \(code(property.keyPath.joined(separator: "."))) added as \(code("\(property.swiftName): \(spelling)"))"
                + (takers.isEmpty
                    ? ""
                    : "; \(takers.joined(separator: " and ")) take\(takers.count == 1 ? "s" : "") a new parameter"),
            breaking: !takers.isEmpty
        )
    }

    private mutating func compareProperty(
        _ before: ResolvedProperty,
        _ after: ResolvedProperty,
        in object: ResolvedObject,
        _ translator: Translator
    ) {
        let name = code(after.keyPath.joined(separator: "."))
        if before.swiftName != after.swiftName {
            add(
                object,
                "\(name) renamed in Swift from \(code(before.swiftName)) to \(code(after.swiftName))",
                breaking: true
            )
        }
        let oldType = translator.elementTypeSpelling(before.type)
        let newType = translator.elementTypeSpelling(after.type)
        if oldType != newType || before.isArray != after.isArray {
            add(
                object,
                "\(name) changed type from \(code(translator.typeSpelling(before))) to "
                    + code(translator.typeSpelling(after)),
                breaking: true
            )
        } else if before.isRequired != after.isRequired {
            let change = "\(code(translator.typeSpelling(before))) → \(code(translator.typeSpelling(after)))"
            add(
                object,
                after.isRequired
                    ? "\(name) became required (\(change)): initializers take a new parameter"
                    : "\(name) became optional (\(change)): code reading it must unwrap it",
                breaking: true
            )
        } else if before.definition.isRequired != after.definition.isRequired {
            add(
                object,
                after.definition.isRequired
                    ? "\(name) became required on create: `Create`'s initializer takes a new parameter"
                    : "\(name) is no longer required on create: `Create`'s initializer no longer takes it",
                breaking: true
            )
        }
        if case .enumeration(let oldEnum) = before.type, case .enumeration(let newEnum) = after.type {
            let oldValues = oldEnum.cases.map(\.rawValue)
            let newValues = newEnum.cases.map(\.rawValue)
            let added = newValues.filter { !oldValues.contains($0) }
            let removed = oldValues.filter { !newValues.contains($0) }
            if !added.isEmpty {
                add(
                    object,
                    "\(name) gained enum values \(added.map(code).joined(separator: ", "))",
                    breaking: false
                )
            }
            if !removed.isEmpty {
                add(
                    object,
                    "\(name) lost enum values \(removed.map(code).joined(separator: ", ")): their cases no longer exist",
                    breaking: true
                )
            }
        }
        if before.definition.isWritable != after.definition.isWritable {
            add(
                object,
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
                object,
                canCreate
                    ? "\(name) can now be set when creating"
                    : "\(name) can no longer be set when creating: `Create` no longer has it",
                breaking: !canCreate
            )
        }
    }

    /// The report, in Markdown. Schema text can't add lines, markup or terminal escapes to it (see
    /// ``MarkdownText``), so it reads the same in a pull request comment and on a terminal.
    public var markdown: String {
        let breaking = changes.filter(\.isBreaking).count
        guard !changes.isEmpty else { return "## Schema changes\n\nNo changes to the generated API.\n" }
        var text =
            "## Schema changes\n\n\(changes.count) change\(changes.count == 1 ? "" : "s"), \(breaking) breaking.\n"
        var objects: [String] = []
        for change in changes where !objects.contains(change.object) { objects.append(change.object) }
        for object in objects {
            text += "\n### \(object)\n\n"
            for change in changes where change.object == object {
                text += "- \(change.isBreaking ? "**Breaking**: " : "")\(change.description)\n"
            }
        }
        return text
    }
}
