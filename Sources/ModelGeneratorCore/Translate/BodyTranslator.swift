/// Turns a resolved object into the view of its bodies: a `Create` body (required properties are the
/// initializer's parameters; only creatable or writable ones exist) and a `Patch` (every writable property as an
/// update, with the array operations the schema allows), for the object, each of its variants and documents.
struct BodyTranslator {
    var translator: Translator
    /// Swift name → API name of every object, for the class of a parse Pointer.
    var apiNames: [String: String]

    func file(_ object: ResolvedObject, listsRequiredMembers: Bool = false) -> BodyFileView {
        var builder = Builder(translator: translator, apiNames: apiNames, listsRequiredMembers: listsRequiredMembers)
        if listsRequiredMembers {
            // The backend keeps a typed object's variants in one collection: each variant's `Create` lists them all.
            builder.objectFilePaths = builder.filePaths(
                object.properties + object.variants.flatMap(\.properties),
                below: ""
            )
        }
        if object.variants.isEmpty {
            let scoped = object.properties.map { ($0, object.swiftName) }
            builder.addBodies(owner: object.swiftName, model: object.swiftName, properties: scoped, role: .object)
        } else {
            // Each variant has its own bodies, which name their type; shared documents live in the enum. Where the
            // models keep the shared properties in `common`, `Common.Create` and `Common.Patch` hold them once, and
            // each variant's `Create` and `Patch` hold those in their own `common`.
            let base = object.properties.map { ($0, object.swiftName) }
            var shared: String?
            if translator.commonProperty(of: object) != nil {
                let owner = "\(object.swiftName).\(Translator.commonTypeName)"
                builder.addBodies(owner: owner, model: object.swiftName, properties: base, role: .shared)
                shared = owner
            }
            for variant in object.variants {
                let owner = "\(object.swiftName).\(variant.swiftName)"
                builder.addBodies(
                    owner: owner,
                    model: object.swiftName,
                    properties: base + variant.properties.map { ($0, owner) },
                    role: shared.map { .holdingShared($0, type: variant.apiName) } ?? .variant(type: variant.apiName)
                )
            }
        }
        return BodyFileView(
            access: translator.access,
            bodies: builder.bodies,
            documents: builder.documents,
            convertibleEnums: builder.enums,
            convertibleEnumLines: CodeLayout(lineLength: translator.lineLength, indent: 0)
                .emptyExtensions(builder.enums, conformingTo: "BodyValueConvertible")
        )
    }

    /// The doc comment line of a `Create` property the server fills in when a create leaves it out, nil for one it
    /// doesn't, with the value as JSON, as the schema and the server hold it. Schema text goes through Markdown's code
    /// spans, which no backtick in it can close.
    static func leftOutLine(_ definition: PropertyDefinition) -> String? {
        switch definition.serverDefault {
        case .value(let value):
            let shown = JSONLiteral.json(defaultValue(of: definition) ?? value)
            return "/// Left out, the server fills in its default (\(MarkdownText.codeSpan(shown)))."
        case .computed(let kind, let detail?):
            return "/// Left out, the server computes it (\(MarkdownText.codeSpan(kind)): "
                + "\(MarkdownText.codeSpan(JSONLiteral.json(detail))))."
        case .computed(let kind, nil):
            return "/// Left out, the server computes it (\(MarkdownText.codeSpan(kind)))."
        case nil:
            return nil
        }
    }

    /// The value the server gives a property a create leaves out, as JSON holds it: one value for an array property
    /// is an array of it (Cortex's static default of a String array is one string, `"email"`); nil for none, and for
    /// one JSON can't hold (YAML's `.inf`).
    static func defaultValue(of definition: PropertyDefinition) -> SyntaxNode? {
        guard case .value(let value)? = definition.serverDefault, JSONLiteral.isRepresentable(value) else { return nil }
        if definition.isArray, value.elements == nil { return SyntaxNode(.sequence([value]), at: value.location) }
        return value
    }

    private struct Builder {
        var translator: Translator
        var apiNames: [String: String]
        /// `generate: [testing]`: each `Create` lists its required members.
        var listsRequiredMembers: Bool
        /// `generate: [testing]`: the file properties' wire paths, of every variant.
        var objectFilePaths: [String] = []
        var bodies: [BodyStructsView] = []
        var documents: [DocumentBodyView] = []
        var enums: [String] = []
        var visitedDocuments: Set<String> = []

        var access: String { translator.access }
        /// Statements inside the members' bodies: `extension X { struct Create { var members { … } } }`.
        var layout: CodeLayout { CodeLayout(lineLength: translator.lineLength, indent: 12) }

        /// Properties a body can address: a plain key (no mapped key path or formatter), and not the server's `_id`.
        func isAddressable(_ property: ResolvedProperty) -> Bool {
            guard property.keyPath.count == 1, property.formatter == nil, property.apiName != "_id" else {
                return false
            }
            switch property.type {
            // A Cortex List is read, never written.
            case .named, .list: return false
            default: return true
            }
        }

        /// The facets of the owner's File properties, declared once for its `Create` and `Patch`.
        func facetRules(_ properties: [ResolvedProperty]) -> [FacetRulesView] {
            properties.compactMap { property in
                guard case .file = property.type else { return nil }
                let rules = property.definition.facets.flatMap { facet in
                    var arguments = ["name: \(SwiftText.stringLiteral(facet.name.value))"]
                    if !facet.mimes.isEmpty {
                        arguments.append("mimes: [\(facet.mimes.map(SwiftText.stringLiteral).joined(separator: ", "))]")
                    }
                    if facet.isRequired { arguments.append("isRequired: true") }
                    if let size = facet.maxFileSize { arguments.append("maxFileSize: \(size)") }
                    if !facet.allowsUpload { arguments.append("allowsUpload: false") }
                    return layout.call("FacetRule", arguments, suffix: ",")
                }
                var view = FacetRulesView(name: SwiftNaming.escaped(property.swiftName), ruleLines: rules)
                // swift-format writes a one-element list without the trailing comma, on one line when it fits.
                if property.definition.facets.count == 1, let last = rules.last {
                    view.ruleLines[rules.count - 1] = String(last.dropLast())
                }
                if rules.isEmpty { view.inlineRule = "" }
                if rules.count == 1 {
                    let inline = "\(access)static let \(property.swiftName): [FacetRule] = [\(rules[0].dropLast())]"
                    if 8 + inline.count <= translator.lineLength { view.inlineRule = String(rules[0].dropLast()) }
                }
                if let rule = view.inlineRule {
                    // The rules sit in `enum FacetRules`, two levels deep.
                    view.declarationLines = CodeLayout(lineLength: translator.lineLength, indent: 8).property(
                        "\(access)static let \(view.name)",
                        type: "[FacetRule]",
                        value: "[\(rule)]"
                    )
                }
                return view
            }
        }

        /// The dotted wire paths of the file properties among `properties` and in their documents, at any depth.
        func filePaths(_ properties: [ResolvedProperty], below prefix: String) -> [String] {
            properties.filter(isAddressable).flatMap { property -> [String] in
                switch property.type {
                case .file: [prefix + property.apiName]
                case .document(let document): filePaths(document.properties, below: prefix + property.apiName + ".")
                default: []
                }
            }
        }

        /// The properties the server gives something when a create leaves them out, by wire path (`c_address.c_city`
        /// inside a Document, and inside each element of a document array), for `defaultMembers` and
        /// `generatedMembers`. A Document's own default (a JSON Schema object's `default: {}`) comes before its
        /// members'.
        func defaultedProperties(
            _ properties: [ResolvedProperty],
            below prefix: String
        ) -> [(path: String, definition: PropertyDefinition)] {
            documentProperties(properties, below: prefix).filter { $0.property.definition.serverDefault != nil }.map {
                (path: $0.path, definition: $0.property.definition)
            }
        }

        /// `properties` and the properties of their Documents, at any depth, each with its dotted wire path (a
        /// document array's elements' below the array's), a Document before its members.
        func documentProperties(
            _ properties: [ResolvedProperty],
            below prefix: String
        ) -> [(path: String, property: ResolvedProperty)] {
            properties.flatMap { property -> [(path: String, property: ResolvedProperty)] in
                let path = prefix + property.apiName
                guard case .document(let document) = property.type else { return [(path, property)] }
                return [(path, property)] + documentProperties(document.properties, below: path + ".")
            }
        }

        /// What a `Create` and a `Patch` are among an object's bodies.
        enum Role {
            /// An untyped object's: each declares every property.
            case object
            /// A type's, which name it (`type`) and declare every property: the object's shared properties are the
            /// type's own where the models can't keep them in `common` (a name `common` or `Common` would take is
            /// taken).
            case variant(type: String)
            /// The shared properties of a typed object (`Visit.Common`): a `Create` of the members every type's create
            /// sends, which is no body of its own since a create names its type, and a `Patch`, an update of its own.
            case shared
            /// A type's, which name it and hold the shared bodies of the first value (`Visit.Common`) in `common`,
            /// declaring only the type's own properties.
            case holdingShared(String, type: String)

            /// The `type` member a create sends.
            var type: String? {
                switch self {
                case .object, .shared: nil
                case .variant(let type), .holdingShared(_, let type): type
                }
            }

            /// The owner of the shared bodies these hold (`Visit.Common`).
            var sharedOwner: String? {
                if case .holdingShared(let owner, _) = self { owner } else { nil }
            }
        }

        /// The `Create` and `Patch` of `owner`, as its `role` among its object's bodies has them.
        mutating func addBodies(
            owner: String,
            model: String,
            properties: [(ResolvedProperty, String)],
            role: Role
        ) {
            let addressable = properties.filter { isAddressable($0.0) }
            // A relation's objects are added by an update, once both exist.
            let creatable = addressable.filter { property, _ in
                if case .relation = property.type { return false }
                return property.definition.isCreatable || property.definition.isWritable
            }
            let shared = role.sharedOwner
            // Bodies that hold the shared ones list only the properties of their own scope.
            let isOwn: ((ResolvedProperty, String)) -> Bool = { shared == nil || $0.1 == owner }
            let writable = addressable.filter { $0.0.definition.isWritable && isOwn($0) }
            // The shared bodies were added first: whether their create checks anything is theirs to say.
            let sharedCreate = shared.flatMap { shared in bodies.last { $0.owner == shared }?.create }
            let create = createView(
                creatable.filter(isOwn),
                typeValue: role.type,
                common: shared.map {
                    (
                        createType: "\($0).Create", properties: creatable.filter { !isOwn($0) },
                        checks: sharedCreate.map { !$0.violationLines.isEmpty } ?? true
                    )
                }
            )
            var patch = patchView(writable)
            if let shared { holdCommon("\(shared).Patch", in: &patch) }
            // `init(from:to:)` sits two levels in: `extension Owner { struct Patch { … } }`.
            patch.differenceSignatureLines = CodeLayout(lineLength: translator.lineLength, indent: 8).call(
                "\(access)init",
                ["from original: \(owner)", "to edited: \(owner)"],
                suffix: " {",
                declared: true
            )
            var structs = BodyStructsView(
                owner: owner,
                model: model,
                access: access,
                create: create,
                patch: patch,
                facetRules: facetRules(creatable.filter(isOwn).map(\.0)),
                extensionLines: CodeLayout(lineLength: translator.lineLength, indent: 0)
                    .declaration("extension \(owner)"),
                // `Create` and `Patch` sit one level inside the extension.
                modelLines: CodeLayout(lineLength: translator.lineLength, indent: 8)
                    .assignment("\(access)typealias Model", model)
            )
            if case .shared = role { structs.createIsShared = true }
            if shared != nil {
                structs.createConformances = "CreateBody, CommonPropertiesCarrying"
                structs.patchConformances = "UpdateBody, CommonPropertiesCarrying"
            }
            if listsRequiredMembers, !structs.createIsShared {
                structs.requiredMembersLines = createMembersLines(creatable.map(\.0), type: role.type)
                structs.requiredMembersDeclarationLines = CodeLayout(lineLength: translator.lineLength, indent: 0)
                    .declaration("extension \(owner).Create", conformances: ["RequiredCreateMembers"])
            }
            bodies.append(structs)
        }

        /// `generate: [testing]`'s lists of a `Create` of `properties` (of the variant `type`), for the in-memory
        /// backends: the members it must send (its initializer's parameters), the object's file properties, and what
        /// the server gives what it leaves out. The declaration sits one level in.
        func createMembersLines(_ properties: [ResolvedProperty], type: String?) -> [String] {
            // The members a create must send: its initializer's parameters.
            let keys = properties.filter(\.definition.isRequiredOnCreate).map { SwiftText.stringLiteral($0.apiName) }
            let layout = CodeLayout(lineLength: translator.lineLength, indent: 4)
            var lines = layout.literal("\(access)static let requiredMembers: Set<String> = ", keys)
            lines += layout.literal(
                "\(access)static let fileMembers: Set<String>? = ",
                objectFilePaths.map(SwiftText.stringLiteral)
            )
            if let type {
                lines.append("\(access)static let variantType: String? = \(SwiftText.stringLiteral(type))")
            }
            // What the server gives what a create leaves out, for a backend in memory to give it too.
            let defaulted = defaultedProperties(properties, below: "")
            let defaults = defaulted.compactMap { path, definition -> String? in
                guard let value = BodyTranslator.defaultValue(of: definition) else { return nil }
                return "\(SwiftText.stringLiteral(path)): \(JSONLiteral.of(value))"
            }
            // A generated UUID is one value: an array of them (`UUID[]` with `autoGenerate`) is left to the server.
            let generated = defaulted.filter { _, definition in
                if case .computed("autoGenerate", _)? = definition.serverDefault { !definition.isArray } else { false }
            }
            if !generated.isEmpty {
                lines += layout.literal(
                    "\(access)static let generatedMembers: Set<String> = ",
                    generated.map { SwiftText.stringLiteral($0.path) }
                )
            }
            if !defaults.isEmpty {
                lines += layout.literal("\(access)static let defaultMembers: [String: JSONValue] = ", defaults)
            }
            // What Mia-Platform's CRUD service's JSON Schemas of the collection check that the models don't.
            if translator.config.dialect == .mia {
                let nested = documentProperties(properties, below: "")
                lines += layout.literal(
                    "\(access)static let nullableMembers: Set<String>? = ",
                    nested.filter { $0.property.definition.isNullable }.map { SwiftText.stringLiteral($0.path) }
                )
                let required = nested.filter { $0.path.contains(".") && $0.property.definition.isRequired }
                if !required.isEmpty {
                    lines += layout.literal(
                        "\(access)static let requiredDocumentMembers: Set<String> = ",
                        required.map { SwiftText.stringLiteral($0.path) }
                    )
                }
                let closed = nested.filter { $0.property.definition.isClosed }
                if !closed.isEmpty {
                    lines += layout.literal(
                        "\(access)static let closedDocuments: Set<String> = ",
                        closed.map { SwiftText.stringLiteral($0.path) }
                    )
                }
            }
            return lines
        }

        // MARK: Create

        /// The `Create` of `properties`. With `common`, it holds the create of the shared properties, of Swift type
        /// `common.createType` (`Visit.Common.Create`), in `common`, first; its initializer takes their required
        /// members too, and it checks them when that create has checks (`common.checks`).
        mutating func createView(
            _ properties: [(ResolvedProperty, String)],
            typeValue: String?,
            common: (createType: String, properties: [(ResolvedProperty, String)], checks: Bool)? = nil
        ) -> CreateView {
            var view = CreateView()
            if let typeValue {
                view.memberLines += layout.call(
                    "members.append",
                    ["BodyMember(\"type\", .value(.string(\(SwiftText.stringLiteral(typeValue)))))"]
                )
            }
            let siblings = ((common?.properties ?? []) + properties).map(\.0.swiftName)
            if let common {
                let name = Translator.commonPropertyName
                view.properties.append(
                    BodyPropertyView(
                        docLines: ["/// The members every type's create sends, each also a member of this body."],
                        access: access,
                        name: name,
                        type: common.createType,
                        lineLength: translator.lineLength
                    )
                )
                var arguments: [String] = []
                for (property, scope) in common.properties where property.definition.isRequiredOnCreate {
                    let parameter = initParameter(property, scope: scope, among: siblings)
                    view.initParameters.append(parameter.declaration)
                    arguments.append("\(SwiftNaming.argumentLabel(property.swiftName)): \(parameter.internalName)")
                }
                view.initAssignments.append("self.\(name) = .init(\(arguments.joined(separator: ", ")))")
                // The call breaks between its arguments, not after its `=`.
                view.initAssignmentLines += layout.call("self.\(name) = .init", arguments)
                view.memberLines.append("members.append(contentsOf: self.\(name).members)")
                if common.checks {
                    view.violationLines.append("violations.append(contentsOf: self.\(name).violations(at: prefix))")
                }
            }
            var assignments: [String] = []
            for (property, scope) in properties {
                let name = SwiftNaming.escaped(property.swiftName)
                let key = SwiftText.stringLiteral(property.apiName)
                let element = valueType(property, scope: scope, documentsAsCreate: true)
                let type = property.isArray ? "[\(element)]" : element
                let isParameter = property.definition.isRequiredOnCreate
                var docLines = translator.docLines(
                    label: property.label,
                    name: property.apiName,
                    description: property.description
                )
                if let leftOut = BodyTranslator.leftOutLine(property.definition) {
                    if !docLines.isEmpty { docLines.append("///") }
                    docLines.append(leftOut)
                }
                view.properties.append(
                    BodyPropertyView(
                        docLines: docLines,
                        access: access,
                        name: name,
                        type: isParameter ? type : Translator.storedOptional(type),
                        lineLength: translator.lineLength
                    )
                )
                if isParameter {
                    let parameter = initParameter(property, scope: scope, among: siblings)
                    view.initParameters.append(parameter.declaration)
                    assignments.append("self.\(name) = \(parameter.internalName)")
                    view.memberLines += layout.call(
                        "members.append",
                        label: "",
                        "BodyMember",
                        [key, bodyValue(property, of: "self.\(name)")]
                    )
                } else {
                    assignments.append("self.\(name) = nil")
                    view.memberLines += layout.block(
                        "if let value = self.\(name)",
                        layout.nested.call(
                            "members.append",
                            label: "",
                            "BodyMember",
                            [key, bodyValue(property, of: "value")]
                        )
                    )
                }
                view.violationLines += violationLines(
                    property,
                    value: "self.\(name)",
                    isOptional: !isParameter,
                    layout: layout
                )
            }
            let signature = "\(access)init(\(view.initParameters.joined(separator: ", "))) {"
            view.initOnOneLine = 8 + signature.count <= translator.lineLength
            // The parameters sit one level inside `init(`, three levels deep.
            view.initParameterLines = layout.parameters(view.initParameters, declared: true)
            view.initAssignments += assignments
            view.initAssignmentLines += layout.assignments(assignments)
            return view
        }

        /// `property` as a parameter of `Create`'s initializer: its declaration (`name: Type`, or `name internal:
        /// Type` where the name can't be a parameter's) and the name its body reads.
        mutating func initParameter(
            _ property: ResolvedProperty,
            scope: String,
            among siblings: [String]
        ) -> (declaration: String, internalName: String) {
            let name = SwiftNaming.escaped(property.swiftName)
            let internalName = Translator.parameterName(property.swiftName, among: siblings)
            let element = valueType(property, scope: scope, documentsAsCreate: true)
            let type = property.isArray ? "[\(element)]" : element
            return (internalName == name ? "\(name): \(type)" : "\(name) \(internalName): \(type)", internalName)
        }

        /// The Swift type a body holds for one value: ids for references, uploads for files, nested create bodies
        /// (or, in updates, the model's own structs) for documents.
        /// The id type of the dialect's references (`Reference.id`, `ParsePointer.id`): Parse's object ids are not
        /// MongoDB ObjectIDs.
        var referenceIDType: String { translator.wireTypes.referenceID }

        mutating func valueType(_ property: ResolvedProperty, scope: String, documentsAsCreate: Bool) -> String {
            switch property.type {
            case .reference: return referenceIDType
            case .file: return "FileUpload"
            case .document(let document):
                let owner = "\(scope).\(document.swiftName)"
                addDocument(owner: owner, properties: document.properties)
                return documentsAsCreate ? "\(owner).Create" : owner
            case .enumeration(let enumeration):
                let name = "\(scope).\(enumeration.swiftName)"
                if !enums.contains(name) { enums.append(name) }
                return name
            default:
                return translator.elementTypeSpelling(property.type)
            }
        }

        /// The `BodyValue` of a value of the property: references name their object, for parse's Pointers.
        func bodyValue(_ property: ResolvedProperty, of value: String) -> String {
            guard case .reference = property.type else { return "\(value).bodyValue" }
            let object = SwiftText.stringLiteral(referencedObject(property))
            return ".\(property.isArray ? "references" : "reference")(\(value), object: \(object))"
        }

        func referencedObject(_ property: ResolvedProperty) -> String {
            switch property.type {
            case .reference(let target?), .relation(let target?):
                if let apiName = apiNames[target] { return apiName }
            default: break
            }
            let source = property.definition.sourceObject?.value ?? ""
            return source.hasPrefix("object.") ? String(source.dropFirst(7)) : source
        }

        /// The schema's rules for a value; `value` is an expression of the property's type (optional or not).
        func violationLines(
            _ property: ResolvedProperty,
            value: String,
            isOptional: Bool,
            layout: CodeLayout,
            checksDocuments: Bool = true
        ) -> [String] {
            let key = SwiftText.stringLiteral(property.apiName)
            // The prefix and the key apart: `Validation` joins them, and the call type-checks several times faster
            // than one with `prefix + "c_name"`.
            let at = ["at: prefix", key]
            // The path below a Document, written as one literal: `prefix + "c_address."`, which type-checks
            // faster than `prefix + "c_address" + "."`.
            func pathBelow(_ suffix: String) -> String { "prefix + \(key.dropLast())\(suffix)\"" }
            var lines: [String] = []
            func check(_ function: String, _ arguments: [String]) {
                lines += layout.call("violations.append", label: "contentsOf: ", "Validation.\(function)", arguments)
            }
            for validator in property.definition.validators where !property.isArray {
                // Bounds come from the schema: only a number Swift reads as the same value goes into the code; the
                // server still checks any other.
                let integer = validator.name.value == "string" || property.type == .int
                func bound(_ key: String) -> String? {
                    validator.definition?[key]?.scalarText.flatMap { SwiftText.numberLiteral($0, integer: integer) }
                }
                let minimum = bound("min")
                let maximum = bound("max")
                let bounds = [minimum.map { "min: \($0)" }, maximum.map { "max: \($0)" }].compactMap { $0 }
                guard !bounds.isEmpty else { continue }
                switch (validator.name.value, property.type) {
                case ("string", .string): check("length", ["of: \(value)"] + bounds + at)
                case ("number", .int), ("number", .double): check("range", ["of: \(value)"] + bounds + at)
                default: continue
                }
            }
            let itemBounds = [
                property.definition.minItems.map { "min: \($0)" }, property.definition.maxItems.map { "max: \($0)" },
            ].compactMap { $0 }
            if property.isArray, !itemBounds.isEmpty { check("count", ["of: \(value)"] + itemBounds + at) }
            switch property.type {
            case .enumeration:
                check("listed", [value] + at)
            case .file:
                check(
                    property.isArray ? "files" : "file",
                    [value, "rules: FacetRules.\(SwiftNaming.escaped(property.swiftName))"] + at
                )
            case .document where checksDocuments:
                let elements = isOptional ? "(\(value) ?? [])" : value
                if property.isArray {
                    lines += layout.opening("for (index, element) in \(elements)", member: ".enumerated()")
                    lines +=
                        layout.nested.call(
                            "violations.append",
                            label: "contentsOf: ",
                            "element.violations",
                            ["at: \(pathBelow("[\\(index)]."))"]
                        ).map { "    " + $0 } + ["}"]
                } else if isOptional {
                    // `if let` rather than `?.violations(…) ?? []`, which takes the compiler several times longer.
                    lines += layout.block(
                        "if let document = \(value)",
                        layout.nested.call(
                            "violations.append",
                            label: "contentsOf: ",
                            "document.violations",
                            ["at: \(pathBelow("."))"]
                        )
                    )
                } else {
                    lines += layout.call(
                        "violations.append",
                        label: "contentsOf: ",
                        "\(value).violations",
                        ["at: \(pathBelow("."))"]
                    )
                }
            default:
                break
            }
            return lines
        }

        // MARK: Documents

        /// A document's `Create` body, and the model struct's own `BodyValueConvertible` conformance (an update
        /// sets a whole document).
        mutating func addDocument(owner: String, properties: [ResolvedProperty]) {
            guard visitedDocuments.insert(owner).inserted else { return }
            let addressable = properties.filter(isAddressable)
            let create = createView(
                addressable.filter { $0.definition.isCreatable || $0.definition.isWritable }.map { ($0, owner) },
                typeValue: nil
            )
            let elementID = properties.first { property in
                guard case .objectID = property.type else { return false }
                return property.apiName == "_id" && property.keyPath == ["_id"] && !property.isArray
            }
            let isArrayElement = elementID != nil
            var modelMembers: [String] = []
            for property in addressable {
                if case .file = property.type { continue }
                let name = SwiftNaming.escaped(property.swiftName)
                let key = SwiftText.stringLiteral(property.apiName)
                // References name their object, so parse's Pointer has its class.
                let builder = self
                let value: (String) -> String = { expression in
                    guard case .reference = property.type else { return "\(expression).bodyValue" }
                    let ids = property.isArray ? "\(expression).map(\\.id)" : "\(expression).id"
                    return builder.bodyValue(property, of: ids)
                }
                // `bodyValue` sits in the document's extension: its lines are two levels deep, not three.
                let layout = CodeLayout(lineLength: translator.lineLength, indent: 8)
                if property.isRequired {
                    modelMembers += layout.call(
                        "members.append",
                        label: "",
                        "BodyMember",
                        [key, value("self.\(name)")]
                    )
                } else {
                    modelMembers += layout.block(
                        "if let value = self.\(name)",
                        layout.nested.call("members.append", label: "", "BodyMember", [key, value("value")])
                    )
                }
            }
            // A decoded document keeps more than its properties' values (its element `_id`, keys that held `null`,
            // members its schema doesn't define): an update that sets it whole sends them too, or the server loses them.
            var documentArguments: [String] = []
            if let elementID { documentArguments.append("id: self.\(SwiftNaming.escaped(elementID.swiftName))") }
            // The keys that held `null` go back, those of properties `members` writes: a File, a List or a mapped
            // type that held `null` is no value this body sets, and a `null` for it would clear it.
            let writtenKeys = Set(
                addressable.filter { if case .file = $0.type { false } else { true } }.map(\.apiName)
            )
            let nullTracked = properties.filter {
                CustomCoding.tracksNull($0) && CustomCoding.readsPlainKey($0) && $0.apiName != "_id"
            }
            let unwrittenNulls = nullTracked.filter { !writtenKeys.contains($0.apiName) }.map(\.apiName)
            if unwrittenNulls.isEmpty, !nullTracked.isEmpty {
                documentArguments.append("nulls: \(CustomCoding.nullKeysName)")
            } else if unwrittenNulls.count < nullTracked.count {
                let keys = unwrittenNulls.map(SwiftText.stringLiteral).joined(separator: ", ")
                documentArguments.append("nulls: \(CustomCoding.nullKeysName).leavingOut(\(keys))")
            }
            if translator.modeledKeys(properties) != nil {
                documentArguments.append("kept: \(CustomCoding.unknownMembersName)")
            }
            let members = modelMembers.isEmpty ? "[]" : "members"
            let value =
                documentArguments.isEmpty
                ? [".object(\(members))"]
                : CodeLayout(lineLength: translator.lineLength, indent: 8).call(
                    ".document",
                    [members] + documentArguments
                )
            documents.append(
                DocumentBodyView(
                    owner: owner,
                    access: access,
                    create: create,
                    modelMemberLines: modelMembers,
                    valueLines: modelMembers.isEmpty ? value : ["return " + value[0]] + value.dropFirst(),
                    facetRules: facetRules(addressable),
                    isArrayElement: isArrayElement,
                    clearableProperties: isArrayElement
                        ? addressable.filter {
                            !$0.isRequired && !$0.definition.isRequired && $0.definition.isWritable
                                && $0.apiName != "_id"
                        }.map {
                            let name = SwiftNaming.escaped($0.swiftName)
                            let rawValue = SwiftText.stringLiteral($0.apiName)
                            return EnumView.Case(
                                name: name,
                                rawValue: rawValue,
                                // The cases sit two levels deep, inside the extension.
                                declarationLines: CodeLayout(lineLength: translator.lineLength, indent: 8)
                                    .assignment("case \(name)", rawValue)
                            )
                        } : [],
                    declarationLines: CodeLayout(lineLength: translator.lineLength, indent: 0).declaration(
                        "extension \(owner)",
                        conformances: ["BodyValueConvertible"] + (isArrayElement ? ["DocumentArrayElement"] : [])
                    )
                )
            )
        }

        // MARK: Patch

        /// Makes `patch` hold the update of a typed object's shared properties, `shared` (`Visit.Common.Patch`), in
        /// `common`, first: set, compared, applied and checked before the update's own properties.
        func holdCommon(_ shared: String, in patch: inout PatchView) {
            let name = Translator.commonPropertyName
            patch.properties.insert(
                BodyPropertyView(
                    docLines: ["/// The update of the properties every type has, each also a member of this update."],
                    access: access,
                    name: name,
                    type: shared,
                    lineLength: translator.lineLength
                ),
                at: 0
            )
            // Lines of a fixed name, which fit on one line at any length.
            patch.initLines.insert("self.\(name) = .init()", at: 0)
            patch.differenceLines.insert("self.\(name) = .init(from: original.\(name), to: edited.\(name))", at: 0)
            patch.operationLines.insert("operations.append(contentsOf: self.\(name).operations)", at: 0)
            patch.violationLines.insert("violations.append(contentsOf: self.\(name).violations(at: prefix))", at: 0)
        }

        mutating func patchView(_ properties: [(ResolvedProperty, String)]) -> PatchView {
            var view = PatchView()
            for (property, scope) in properties {
                let name = SwiftNaming.escaped(property.swiftName)
                let key = SwiftText.stringLiteral(property.apiName)
                let element = valueType(property, scope: scope, documentsAsCreate: false)
                let optional = property.isRequired ? "" : "?"
                let update: String
                var change = ""
                var operations = (function: "self.\(name).operations", arguments: ["at: \(key)"])
                var difference: [String]? = ["from: original.\(name)", "to: edited.\(name)"]
                switch property.type {
                case .file:
                    update = "FieldUpdate<\(property.isArray ? "[\(element)]" : element)>"
                    difference = nil
                case .relation:
                    // A relation's objects are not in the model: an update adds or removes them, never compares.
                    update = "RelationUpdate<\(referenceIDType)>"
                    operations.arguments.append("object: \(SwiftText.stringLiteral(referencedObject(property)))")
                    difference = nil
                case .reference where property.isArray:
                    update = "ArrayUpdate<\(referenceIDType), \(arrayOperations(property))>"
                    change = ".change"
                    difference = [
                        "from: original.\(name)\(optional).map(\\.id)",
                        "to: edited.\(name)\(optional).map(\\.id)",
                    ]
                case .reference:
                    update = "FieldUpdate<\(referenceIDType)>"
                    operations = (
                        "self.\(name).referenceOperations",
                        ["at: \(key)", "object: \(SwiftText.stringLiteral(referencedObject(property)))"]
                    )
                    difference = [
                        "from: original.\(name)\(optional).id",
                        "to: edited.\(name)\(optional).id",
                    ]
                case .int where !property.isArray, .double where !property.isArray:
                    update = "NumberUpdate<\(element)>"
                    change = ".change"
                case .date where !property.isArray:
                    update = "DateUpdate"
                    change = ".change"
                default:
                    update =
                        property.isArray
                        ? "ArrayUpdate<\(element), \(arrayOperations(property))>" : "FieldUpdate<\(element)>"
                    change = property.isArray ? ".change" : ""
                }
                view.properties.append(
                    BodyPropertyView(
                        docLines: translator.docLines(
                            label: property.label,
                            name: property.apiName,
                            description: property.description
                        ),
                        access: access,
                        name: name,
                        type: update,
                        lineLength: translator.lineLength
                    )
                )
                view.initLines += assignment(
                    "self.\(name)",
                    update.hasPrefix("FieldUpdate") ? ".unchanged" : ".init()"
                )
                // `append(contentsOf:)` rather than `+=`, which the compiler tries against every `+=` there is.
                view.operationLines += layout.call(
                    "operations.append",
                    label: "contentsOf: ",
                    operations.function,
                    operations.arguments
                )
                if let difference {
                    view.differenceLines += layout.call("self.\(name)\(change) = .difference", difference)
                } else if case .file = property.type, !property.isRequired {
                    // A file is never compared (its upload is not a value); an optional one removed is cleared.
                    view.differenceLines += layout.block(
                        "if",
                        conditions: ["case .some = original.\(name)", "case .none = edited.\(name)"],
                        layout.nested.assignment("self.\(name)", ".null")
                    )
                }
                if property.definition.isRequired {
                    view.violationLines += layout.call(
                        "violations.append",
                        label: "contentsOf: ",
                        "Validation.notCleared",
                        ["self.\(name)\(change)", "at: prefix", key]
                    )
                }
                // A document an update sets is the model's own struct, which carries no rules of its own: the
                // property's own rules (an array's size) still hold.
                let rules = violationLines(
                    property,
                    value: "value",
                    isOptional: false,
                    layout: layout.nested,
                    checksDocuments: false
                )
                if !rules.isEmpty {
                    view.violationLines += layout.block("if case .set(let value) = self.\(name)\(change)", rules)
                }
            }
            return view
        }

        /// `target = value` in an initializer's body, broken after `=` when it doesn't fit on one line.
        func assignment(_ target: String, _ value: String) -> [String] {
            layout.assignment(target, value)
        }

        func arrayOperations(_ property: ResolvedProperty) -> String {
            let definition = property.definition
            let name: String =
                switch (definition.canPush, definition.canPull, definition.hasUniqueValues) {
                case (false, false, false): "SetOnly"
                case (true, false, false): "Push"
                case (false, true, false): "Pull"
                case (false, false, true): "AddToSet"
                case (true, true, false): "PushPull"
                case (true, false, true): "PushAddToSet"
                case (false, true, true): "PullAddToSet"
                case (true, true, true): "All"
                }
            return "ArrayOperationSet.\(name)"
        }
    }
}
