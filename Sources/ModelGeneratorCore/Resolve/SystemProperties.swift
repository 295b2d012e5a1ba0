/// The properties every instance of a backend carries, whether or not its schema lists them: Cortex's `_id`,
/// `object`, `created`, …, Mia-Platform's `_id`, `__STATE__`, …, Parse's `objectId`, `createdAt`, ….
///
/// A model has each of them once: the schema's own declaration is kept when it has one, with the backend's facts
/// (always returned or not, written only by the server) applied to it. Translate then keeps all but the ids in one
/// runtime value per model when they are exactly the backend's (`SystemBundle`).
struct SystemProperty {
    var apiName: String
    /// The schema type, as a schema file would name it.
    var type: String
    /// The Swift name, unless a schema property already has it (then the dialect's name prefixes it: `cortexOwner`).
    var swiftName: String
    var label: String
    var isArray = false
    var isInteger = false
    var sourceObject: String?
    /// The backend returns it in every read, whatever the caller's access or projection: the Swift property is not
    /// optional.
    var isGuaranteed = false
    /// A client may set it (Parse's `ACL`); the rest only the server writes.
    var isWritable = false
    /// Sits before the schema's properties (the ids) rather than after them.
    var leads = false
    /// Added to a model whose schema doesn't list it.
    var isAddedWhenMissing = true
    /// Set by the resolver when the property is added: the one definition of it that every model of the backend
    /// keeps (`addedDefinitions`).
    var sharedDefinition: SharedValue<PropertyDefinition>?

    static func of(_ dialect: GeneratorConfig.Dialect) -> [SystemProperty] {
        switch dialect {
        case .cortex: cortex
        case .mia: mia
        case .parse: parse
        }
    }

    /// Cortex answers `_id` and `object` whatever `paths` asks for; the others only when readable and selected.
    static let cortex: [SystemProperty] = [
        .init(apiName: "_id", type: "ObjectId", swiftName: "id", label: "Identifier", isGuaranteed: true, leads: true),
        .init(
            apiName: "object",
            type: "String",
            swiftName: "object",
            label: "Object name",
            isGuaranteed: true,
            leads: true
        ),
        .init(apiName: "created", type: "Date", swiftName: "created", label: "Created"),
        .init(apiName: "creator", type: "Reference", swiftName: "creator", label: "Creator", sourceObject: "account"),
        .init(apiName: "updated", type: "Date", swiftName: "updated", label: "Updated"),
        .init(apiName: "updater", type: "Reference", swiftName: "updater", label: "Updater", sourceObject: "account"),
        .init(apiName: "owner", type: "Reference", swiftName: "owner", label: "Owner", sourceObject: "account"),
        .init(
            apiName: "access",
            type: "Number",
            swiftName: "access",
            label: "Access level of the caller",
            isInteger: true
        ),
        .init(
            apiName: "accessRoles",
            type: "ObjectId",
            swiftName: "accessRoles",
            label: "Roles granting the caller's access",
            isArray: true
        ),
        .init(apiName: "favorite", type: "Boolean", swiftName: "favorite", label: "Favorite of the caller"),
        .init(apiName: "shared", type: "Boolean", swiftName: "shared", label: "Shared with the caller"),
        .init(apiName: "idx", type: "Any", swiftName: "idx", label: "Cortex's index bookkeeping"),
    ]

    /// The CRUD service's standard fields; a projection (`_p`) leaves out all but `_id`.
    static let mia: [SystemProperty] = [
        .init(apiName: "_id", type: "ObjectId", swiftName: "id", label: "Identifier", isGuaranteed: true, leads: true),
        .init(apiName: "__STATE__", type: "String", swiftName: "state", label: "State (PUBLIC, DRAFT, TRASH, DELETED)"),
        .init(apiName: "creatorId", type: "String", swiftName: "creatorId", label: "Creator"),
        .init(apiName: "createdAt", type: "Date", swiftName: "createdAt", label: "Created"),
        .init(apiName: "updaterId", type: "String", swiftName: "updaterId", label: "Last updater"),
        .init(apiName: "updatedAt", type: "Date", swiftName: "updatedAt", label: "Updated"),
    ]

    /// Parse returns `objectId`, `createdAt` and `updatedAt` even when `keys` selects other fields.
    static let parse: [SystemProperty] = [
        .init(
            apiName: "objectId",
            type: "String",
            swiftName: "objectId",
            label: "Identifier",
            isGuaranteed: true,
            leads: true
        ),
        .init(apiName: "createdAt", type: "Date", swiftName: "createdAt", label: "Created", isGuaranteed: true),
        .init(apiName: "updatedAt", type: "Date", swiftName: "updatedAt", label: "Updated", isGuaranteed: true),
        .init(apiName: "ACL", type: "ACL", swiftName: "acl", label: "Access control list", isWritable: true),
    ]

    /// When the backend isn't known (the config names no dialect): an `_id` the schema lists is still the id that
    /// every read carries, and nothing is added.
    static let unknownBackend: [SystemProperty] = [
        .init(
            apiName: "_id",
            type: "ObjectId",
            swiftName: "id",
            label: "Identifier",
            isGuaranteed: true,
            leads: true,
            isAddedWhenMissing: false
        )
    ]

    /// The definitions of the properties each backend adds, by API name, made once for every model: a model that
    /// gets eleven of them would otherwise keep eleven definitions of its own, about half the resolved schema's
    /// memory at 5,000 objects. They are the same in every model but for their locations, which here are the
    /// backend's; the resolver still checks the definition `definition(at:)` makes, so a problem with one points at
    /// the model, as does `ResolvedProperty.location`.
    static let addedDefinitions: [GeneratorConfig.Dialect: [String: SharedValue<PropertyDefinition>]] = {
        var definitions: [GeneratorConfig.Dialect: [String: SharedValue<PropertyDefinition>]] = [:]
        for dialect in GeneratorConfig.Dialect.allCases {
            let location = SourceLocation.start(of: "<\(dialect.rawValue) system properties>")
            for property in of(dialect) where property.isAddedWhenMissing {
                definitions[dialect, default: [:]][property.apiName] = SharedValue(property.definition(at: location))
            }
        }
        return definitions
    }()

    /// The definition the resolver reads for a property the schema doesn't list.
    func definition(at location: SourceLocation) -> PropertyDefinition {
        var definition = PropertyDefinition(name: Located(apiName, at: location), type: Located(type, at: location))
        definition.label = label
        definition.isArray = isArray
        definition.isInteger = isInteger
        definition.sourceObject = sourceObject.map { Located($0, at: location) }
        definition.isWritable = isWritable
        definition.isCreatable = isWritable
        return applied(to: definition)
    }

    /// `definition` with what the backend decides about this property. The schema's own declaration keeps its
    /// type; what only the server writes is never part of a create or update body, whatever the schema says (Parse's
    /// `/schemas` lists `objectId`, `createdAt` and `updatedAt` among every class's fields), and a declaration
    /// without a label takes the backend's.
    func applied(to definition: PropertyDefinition) -> PropertyDefinition {
        var definition = definition
        if definition.label == nil && definition.description == nil { definition.label = label }
        if !isWritable {
            definition.isRequired = false
            definition.isWritable = false
            definition.isCreatable = false
        }
        return definition
    }
}
