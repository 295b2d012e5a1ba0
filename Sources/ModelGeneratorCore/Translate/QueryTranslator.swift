/// Turns a resolved object into the view of its query builder: the typed `Fields` of the object and of each
/// of its documents, the properties a query may include or expand, and the enums it compares.
struct QueryTranslator {
    var translator: Translator
    /// Swift name → API name of every object, for the parse Pointer class of references.
    var apiNames: [String: String]

    func file(_ object: ResolvedObject) -> QueryFileView {
        var builder = Builder(translator: translator, apiNames: apiNames)
        var properties = object.properties
        if !object.variants.isEmpty {
            // Typed objects are queried over the fields of every variant, and their `type`.
            for variant in object.variants {
                for property in variant.properties
                where !properties.contains(where: { $0.swiftName == property.swiftName }) {
                    properties.append(property)
                }
            }
        }
        let scopes = Dictionary(
            object.variants.flatMap { variant in
                variant.properties.map { ($0.swiftName, object.swiftName + "." + variant.swiftName) }
            },
            uniquingKeysWith: { first, _ in first }
        )
        builder.addFields(
            owner: object.swiftName,
            properties: properties,
            systemBundle: SystemBundle.of(properties),
            scope: { scopes[$0.swiftName] ?? object.swiftName },
            typeField: object.variants.isEmpty ? nil : ResolvedObject.typeKey,
            isModel: true
        )
        let includable = object.properties.filter { $0.definition.isOptionalInResponses && $0.keyPath.count == 1 }
        let expandable = object.properties.filter { property in
            if case .reference = property.type { return property.definition.isExpandable }
            return false
        }
        return QueryFileView(
            access: translator.access,
            modelName: object.swiftName,
            includable: includable.map { pathView($0, kind: "IncludePath", model: object.swiftName) },
            expandable: expandable.map { pathView($0, kind: "ExpandPath", model: object.swiftName) },
            fieldsStructs: builder.structs,
            queryValueEnums: builder.enums,
            queryValueLines: CodeLayout(lineLength: translator.lineLength, indent: 0)
                .emptyExtensions(builder.enums, conformingTo: "QueryValue"),
            declarationLines: CodeLayout(lineLength: translator.lineLength, indent: 0)
                .declaration("extension \(object.swiftName)", conformances: ["QueryableModel"]),
            // `typealias QueryFields = Fields<Model>` sits one level in: a type whose generic arguments break.
            queryFieldsLines: CodeLayout(lineLength: translator.lineLength, indent: 4)
                .type("\(translator.access)typealias QueryFields = Fields<\(object.swiftName)>"),
            // `typealias Root` sits in `IncludableFields` and `ExpandableFields`, two levels deep.
            rootLines: CodeLayout(lineLength: translator.lineLength, indent: 8)
                .assignment("\(translator.access)typealias Root", object.swiftName)
        )
    }

    private func pathView(_ property: ResolvedProperty, kind: String, model: String) -> QueryFieldView {
        QueryFieldView(
            docLines: translator.docLines(
                label: property.label,
                name: property.apiName,
                description: property.description
            ),
            name: SwiftNaming.escaped(property.swiftName),
            type: "\(kind)<\(model)>",
            arguments: [SwiftText.stringLiteral(property.keyPath.joined(separator: "."))],
            access: translator.access,
            lineLength: translator.lineLength
        )
    }

    /// Collects the `Fields` structs of an object and its documents, depth first.
    private struct Builder {
        var translator: Translator
        var apiNames: [String: String]
        var structs: [FieldsStructView] = []
        var enums: [String] = []

        mutating func addFields(
            owner: String,
            properties: [ResolvedProperty],
            systemBundle: SystemBundle? = nil,
            scope: (ResolvedProperty) -> String,
            typeField: String?,
            isModel: Bool = false
        ) {
            var fields: [QueryFieldView] = []
            if let typeField {
                fields.append(
                    QueryFieldView(
                        docLines: ["/// The object type, which selects the variant."],
                        name: typeField,
                        type: "ValueField<Root, String, Present>",
                        arguments: [SwiftText.stringLiteral(typeField)],
                        access: translator.access,
                        lineLength: translator.lineLength
                    )
                )
            }
            var nested: [(owner: String, properties: [ResolvedProperty])] = []
            for property in systemBundle?.replacing(in: properties) ?? properties {
                if let systemBundle, property == systemBundle.property {
                    fields.append(systemField(systemBundle))
                    continue
                }
                guard let field = field(property, scope: scope(property), nested: &nested) else { continue }
                fields.append(field)
            }
            structs.append(
                FieldsStructView(
                    owner: owner,
                    access: translator.access,
                    conformances: "FieldCollection" + (systemBundle == nil ? "" : ", SystemFieldsCarrying"),
                    fields: fields,
                    model: isModel ? owner : nil,
                    extensionLines: CodeLayout(lineLength: translator.lineLength, indent: 0)
                        .declaration("extension \(owner)"),
                    // `typealias Model` sits in `Fields`, two levels deep.
                    modelLines: isModel
                        ? CodeLayout(lineLength: translator.lineLength, indent: 8)
                            .assignment("\(translator.access)typealias Model", owner) : []
                )
            )
            for (nestedOwner, nestedProperties) in nested {
                addFields(owner: nestedOwner, properties: nestedProperties, scope: { _ in nestedOwner }, typeField: nil)
            }
        }

        /// The field of one property, or nil for properties a query cannot address: `@self` mappings, formatted
        /// values (their JSON differs from the Swift value), and mapped models.
        private mutating func field(
            _ property: ResolvedProperty,
            scope: String,
            nested: inout [(owner: String, properties: [ResolvedProperty])]
        ) -> QueryFieldView? {
            guard !property.keyPath.isEmpty, property.formatter == nil else { return nil }
            // Stored data has what a create requires, though a read may leave it out.
            let presence = property.isRequired || property.definition.isRequired ? "Present" : "MaybeAbsent"
            let key = SwiftText.stringLiteral(property.keyPath.joined(separator: "."))
            var arguments = [key]
            let type: String
            switch property.type {
            case .document(let document):
                let owner = "\(scope).\(document.swiftName)"
                nested.append((owner, document.properties))
                type =
                    property.isArray
                    ? "DocumentArrayField<Root, \(owner).Fields<\(owner)>, \(presence)>"
                    : "DocumentField<Root, \(owner).Fields<Root>, \(presence)>"
            case .reference(let target):
                let targetName = target.flatMap { apiNames[$0] } ?? referencedName(property)
                arguments.append("target: \(SwiftText.stringLiteral(targetName))")
                if property.isArray {
                    type = "ReferenceArrayField<Root, \(presence)>"
                } else {
                    type =
                        "ReferenceField<Root, \(target.map { "\($0).Fields<Root>" } ?? "UnknownFields<Root>"), \(presence)>"
                }
            case .file:
                type = "FileField<Root, \(presence)>"
            case .any where !property.isArray && translator.wireTypes.uncomparedJSONField != nil:
                type = "\(translator.wireTypes.uncomparedJSONField ?? "")<Root, \(presence)>"
            case .relation(let target?) where !property.isArray:
                // A Relation is queried from its targets (`Condition.relatedTo`), which name it by this field.
                type = "RelationField<Root, \(target)>"
            case .named, .list, .relation:
                // A List is the server's view of other objects, and a Relation to a class the schema lacks has no
                // model to query: neither is a value a condition compares.
                return nil
            case .enumeration(let enumeration):
                let name = "\(scope).\(enumeration.swiftName)"
                if !enums.contains(name) { enums.append(name) }
                type = "\(property.isArray ? "ArrayField" : "ValueField")<Root, \(name), \(presence)>"
            default:
                type =
                    "\(property.isArray ? "ArrayField" : "ValueField")<Root, \(translator.elementTypeSpelling(property.type)), \(presence)>"
            }
            return QueryFieldView(
                docLines: translator.docLines(
                    label: property.label,
                    name: property.apiName,
                    description: property.description
                ),
                name: SwiftNaming.escaped(property.swiftName),
                type: type,
                arguments: arguments,
                access: translator.access,
                lineLength: translator.lineLength
            )
        }

        /// The `system` field, holding the fields of the system properties on the model's own prefix.
        private func systemField(_ bundle: SystemBundle) -> QueryFieldView {
            QueryFieldView(
                docLines: translator.docLines(label: bundle.fieldsLabel, name: "", description: nil),
                name: SystemBundle.propertyName,
                type: bundle.fieldsTypeName,
                arguments: [],
                access: translator.access,
                lineLength: translator.lineLength
            )
        }

        /// The object a reference to an undefined object names, as written (`account`).
        private func referencedName(_ property: ResolvedProperty) -> String {
            let source = property.definition.sourceObject?.value ?? ""
            return source.hasPrefix("object.") ? String(source.dropFirst(7)) : source
        }
    }
}
