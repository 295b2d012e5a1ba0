/// The keys object definitions may carry. `known` keys mean something to the generator; `ignored` keys are
/// Cortex's own (access control, auditing, storage) and are read without complaint, since real exports carry
/// them on every property. The ignored keys are those of the definitions Cortex itself exports (mdctl's
/// `env/objects/`, NDJSON exports): access control, auditing, storage, list and UUID options, string
/// transformations. Anything else is reported, once per file, because it is most likely a typo.
enum CortexKeys {
    static let object = ["object", "name", "label", "pluralName", "description", "properties", "objectTypes"]
    static let ignoredObjectKeys: Set<String> = [
        "_id", "resource", "createAcl", "defaultAcl", "shareAcl", "shareChain", "allowConnections",
        "connectionOptions", "hasETag", "isDeletable", "isUnmanaged", "isVersioned", "uniqueKey", "auditing",
        "localized", "validateOwner", "canCascadeDelete", "created", "updated", "creator", "updater", "owner",
        "sequence", "locales", "objectTypeName", "deletable", "reporting", "lookup", "dataset", "favorite",
        "feeds", "hooks", "isExtensible", "extensible", "defaultSort", "deployable", "storage", "stats", "tags",
        "acl", "type", "dependencies", "editable", "template", "options", "defaultType", "deletedProperties",
        "hasOwner", "slots", "useBuildVersion", "useBundles",
    ]

    static let objectType = ["name", "label", "description", "properties"]
    static let ignoredObjectTypeKeys: Set<String> = ["_id", "resource", "object", "locales", "localized"]

    static let property = [
        "name", "label", "description", "type", "array", "integer", "dateOnly", "sourceObject", "expandable",
        "properties", "processors", "validators", "required", "optional", "readable", "writable", "creatable",
        "indexed", "defaultValue", "minItems", "maxItems", "canPush", "canPull", "uniqueValues",
    ]
    /// The keys that decide a property's Swift type, whose misspelling is an error and not a warning.
    static let typeDecidingPropertyKeys: Set<String> = [
        "type", "array", "integer", "dateOnly", "sourceObject", "properties", "validators",
    ]
    static let ignoredPropertyKeys: Set<String> = [
        "_id", "acl", "auditable", "history", "readAccess", "writeAccess", "removable", "unique",
        "referenceAccess", "localization", "localized", "fqpp", "inheritInstanceRoles", "inheritPropertyAccess",
        "cascadeDelete", "grant", "roles", "accessTransforms", "dependencies", "writeOnCreate", "virtual",
        "reader", "writer", "resource", "object", "uniqueKey", "deprecated", "defaultAcl", "pusher", "puller",
        "onRemovalPull", "autoCreate", "paths", "objectTypes", "urlExpirySeconds", "allowObjectWrite",
        "writeThrough", "updateOnWriteThrough", "defaultValueType", "mergeOverwrite", "maxShift", "minShift",
        "expressionPipeline", "lookup", "sourceObjectType", "groupReader", "groupWriter", "groupPipeline",
        "explicit", "storageId", "locales", "acceptRejected", "slots", "aclOverride", "autoGenerate", "createAcl",
        "createAclOverride", "defaultAclOverride", "defaultLimit", "documents", "geoType", "hoistList",
        "implicitCreateAccessLevel", "include", "linkedProperty", "linkedReferences", "lowercase", "maxSize", "pacl",
        "readThrough", "serializeData", "skipAcl", "trim", "uppercase", "uuidVersion", "validateReference", "where",
    ]

    static let facet = ["name", "mimes", "required", "maxFileSize", "allowUpload"]
    static let ignoredFacetKeys: Set<String> = [
        "_id", "label", "description", "source", "type", "private", "passMimes", "imageWidth",
        "imageHeight", "cropImage", "maxWidth", "maxHeight", "skipVirusScan", "passthru", "destination",
    ]

    static let validator = ["name", "definition"]
    static let ignoredValidatorKeys: Set<String> = ["_id", "description", "message"]
}

/// The objects every Cortex org has without defining them. A reference may point at one (`sourceObject: account`)
/// although no schema file defines it; its expanded value then decodes as JSON.
enum CortexBuiltIns {
    static let objects: Set<String> = [
        "account", "org", "object", "role", "serviceAccount", "script", "view", "deployment", "export", "room",
        "composition", "signature", "event", "notification", "post", "comment", "connection", "template", "app",
        "policy", "history", "audit", "log", "stat", "i18n", "i18nbundle", "expression", "package", "idp",
        "location", "session", "bundle", "transaction", "image",
    ]
}

/// The property types of the schema, as Cortex names them.
enum PropertyTypeName {
    static let supported = [
        "String", "Number", "Boolean", "Bool", "Date", "ObjectId", "Reference", "File", "Document", "Any",
        // The backends' own: Cortex, Parse, and Mia-Platform (GeoPoint is both Parse's and Mia's).
        "List", "UUID", "Geometry", "Expression", "Facet", "Relation", "GeoPoint", "Polygon", "Bytes", "ACL",
    ]
    /// Cortex types no public file shows the wire form of (`Binary` is documented, `Set` "not used in public
    /// types"): they decode as `JSONValue`, which keeps any form.
    static let passedThrough = ["Binary", "Set"]
    /// Types whose `sourceObject` names an object: a reference's target, the object a Cortex `List` lists, the
    /// object a Cortex `ObjectId` holds ids of, a Parse `Relation`'s class.
    static let namingSourceObject: Set<String> = ["Reference", "List", "ObjectId", "Relation"]
    static let known = supported + passedThrough
}
