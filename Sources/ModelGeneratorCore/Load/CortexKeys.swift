/// The keys object definitions may carry. `known` keys mean something to the generator; `ignored` keys are
/// Cortex's own (access control, auditing, storage) and are read without complaint, since real exports carry
/// them on every property. Anything else is reported as a warning, because it is most likely a typo.
enum CortexKeys {
    static let object = ["object", "name", "label", "pluralName", "description", "properties", "objectTypes"]
    static let ignoredObjectKeys: Set<String> = [
        "_id", "resource", "createAcl", "defaultAcl", "shareAcl", "shareChain", "allowConnections",
        "connectionOptions", "hasETag", "isDeletable", "isUnmanaged", "isVersioned", "uniqueKey", "auditing",
        "localized", "validateOwner", "canCascadeDelete", "created", "updated", "creator", "updater", "owner",
        "sequence", "locales", "objectTypeName", "deletable", "reporting", "lookup", "dataset", "favorite",
        "feeds", "hooks", "isExtensible", "extensible", "defaultSort", "deployable", "storage", "stats", "tags",
        "acl", "type", "dependencies", "editable", "template", "options",
    ]

    static let objectType = ["name", "label", "description", "properties"]
    static let ignoredObjectTypeKeys: Set<String> = ["_id", "resource", "object", "locales", "localized"]

    static let property = [
        "name", "label", "description", "type", "array", "integer", "dateOnly", "sourceObject", "expandable",
        "properties", "processors", "validators", "required", "optional", "readable", "writable", "creatable",
        "indexed", "defaultValue", "minItems", "maxItems", "canPush", "canPull", "uniqueValues",
    ]
    static let ignoredPropertyKeys: Set<String> = [
        "_id", "acl", "auditable", "history", "readAccess", "writeAccess", "removable", "unique",
        "referenceAccess", "localization", "localized", "fqpp", "inheritInstanceRoles", "inheritPropertyAccess",
        "cascadeDelete", "grant", "roles", "accessTransforms", "dependencies", "writeOnCreate", "virtual",
        "reader", "writer", "resource", "object", "uniqueKey", "deprecated", "defaultAcl", "pusher", "puller",
        "onRemovalPull", "autoCreate", "paths", "objectTypes", "urlExpirySeconds", "allowObjectWrite",
        "writeThrough", "updateOnWriteThrough", "defaultValueType", "mergeOverwrite", "maxShift", "minShift",
        "expressionPipeline", "lookup", "sourceObjectType", "groupReader", "groupWriter", "groupPipeline",
        "explicit", "storageId", "locales", "acceptRejected", "slots",
    ]

    static let facet = ["name", "mimes", "required", "maxFileSize", "allowUpload"]
    static let ignoredFacetKeys: Set<String> = [
        "_id", "label", "description", "source", "type", "private", "passMimes", "imageWidth",
        "imageHeight", "cropImage", "maxWidth", "maxHeight", "skipVirusScan", "passthru", "destination",
    ]

    static let validator = ["name", "definition"]
    static let ignoredValidatorKeys: Set<String> = ["_id", "description", "message"]
}

/// The property types of the schema, as Cortex names them.
enum PropertyTypeName {
    static let supported = [
        "String", "Number", "Boolean", "Bool", "Date", "ObjectId", "Reference", "File", "Document", "Any",
        // The backends' own: Cortex, Parse, and Mia-Platform (GeoPoint is both Parse's and Mia's).
        "List", "UUID", "Geometry", "Relation", "GeoPoint", "Polygon", "Bytes", "ACL",
    ]
    /// Cortex types the generator has no dedicated Swift type for; they decode as `JSONValue`.
    static let passedThrough = ["Binary", "Set"]
    static let known = supported + passedThrough
}
