import Foundation

/// The properties Cortex keeps on every instance besides `_id` and `object`, which the model holds itself.
///
/// Decodes from and encodes into the model's own JSON object, reading and writing only these keys. A key that held
/// `null` encodes back as `null`, an absent key stays absent, and dates are ISO 8601 strings, so a payload
/// round-trips unchanged. `Account` is the generated model of `account` when the schema defines it, otherwise
/// ``JSONValue``.
public struct CortexSystemProperties<Account: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// When the instance was created (`created`).
    public var created: Date?
    /// The account that created it (`creator`).
    public var creator: Reference<Account>?
    /// When it was last updated (`updated`).
    public var updated: Date?
    /// The account that last updated it (`updater`).
    public var updater: Reference<Account>?
    /// The account that owns it (`owner`).
    public var owner: Reference<Account>?
    /// The caller's access level (`access`).
    public var access: Int?
    /// The roles granting the caller's access (`accessRoles`).
    public var accessRoles: [ObjectID]?
    /// Whether the caller marked it a favorite (`favorite`).
    public var favorite: Bool?
    /// Whether it is shared with the caller (`shared`).
    public var shared: Bool?
    /// Cortex's index bookkeeping (`idx`).
    public var idx: JSONValue?
    private var nullKeys = NullKeys()

    /// System properties with these values; the server writes them, so an app sets them only for tests and previews.
    public init(
        created: Date? = nil,
        creator: Reference<Account>? = nil,
        updated: Date? = nil,
        updater: Reference<Account>? = nil,
        owner: Reference<Account>? = nil,
        access: Int? = nil,
        accessRoles: [ObjectID]? = nil,
        favorite: Bool? = nil,
        shared: Bool? = nil,
        idx: JSONValue? = nil
    ) {
        self.created = created
        self.creator = creator
        self.updated = updated
        self.updater = updater
        self.owner = owner
        self.access = access
        self.accessRoles = accessRoles
        self.favorite = favorite
        self.shared = shared
        self.idx = idx
    }

    /// Reads its keys from the model's JSON object; the model's own keys are left to the model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        var nulls = NullKeys()
        created = try container.decodeOrNull(ISO8601Date<Date>.self, forKey: JSONKey("created"), nulls: &nulls)?
            .wrappedValue
        creator = try container.decodeOrNull(Reference<Account>.self, forKey: JSONKey("creator"), nulls: &nulls)
        updated = try container.decodeOrNull(ISO8601Date<Date>.self, forKey: JSONKey("updated"), nulls: &nulls)?
            .wrappedValue
        updater = try container.decodeOrNull(Reference<Account>.self, forKey: JSONKey("updater"), nulls: &nulls)
        owner = try container.decodeOrNull(Reference<Account>.self, forKey: JSONKey("owner"), nulls: &nulls)
        access = try container.decodeOrNull(Int.self, forKey: JSONKey("access"), nulls: &nulls)
        accessRoles = try container.decodeOrNull([ObjectID].self, forKey: JSONKey("accessRoles"), nulls: &nulls)
        favorite = try container.decodeOrNull(Bool.self, forKey: JSONKey("favorite"), nulls: &nulls)
        shared = try container.decodeOrNull(Bool.self, forKey: JSONKey("shared"), nulls: &nulls)
        idx = try container.decodeOrNull(JSONValue.self, forKey: JSONKey("idx"), nulls: &nulls)
        nullKeys = nulls
    }

    /// Writes its keys into the model's JSON object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeOrNull(created.map(ISO8601Date.init), forKey: JSONKey("created"), nulls: nullKeys)
        try container.encodeOrNull(creator, forKey: JSONKey("creator"), nulls: nullKeys)
        try container.encodeOrNull(updated.map(ISO8601Date.init), forKey: JSONKey("updated"), nulls: nullKeys)
        try container.encodeOrNull(updater, forKey: JSONKey("updater"), nulls: nullKeys)
        try container.encodeOrNull(owner, forKey: JSONKey("owner"), nulls: nullKeys)
        try container.encodeOrNull(access, forKey: JSONKey("access"), nulls: nullKeys)
        try container.encodeOrNull(accessRoles, forKey: JSONKey("accessRoles"), nulls: nullKeys)
        try container.encodeOrNull(favorite, forKey: JSONKey("favorite"), nulls: nullKeys)
        try container.encodeOrNull(shared, forKey: JSONKey("shared"), nulls: nullKeys)
        try container.encodeOrNull(idx, forKey: JSONKey("idx"), nulls: nullKeys)
    }
}

/// The query fields of ``CortexSystemProperties``; `AccountFields` are the fields of `account` when the schema
/// defines it, for projections through `creator`, `updater` and `owner`.
public struct CortexSystemFields<Root, AccountFields: FieldCollection>: FieldCollection
where AccountFields.Root == Root {
    private let prefix: FieldPath

    /// The fields below `prefix`, the model's own.
    public init(_ prefix: FieldPath) {
        self.prefix = prefix
    }

    /// Created
    public var created: ValueField<Root, Date, MaybeAbsent> { .init(prefix, "created") }
    /// Creator
    public var creator: ReferenceField<Root, AccountFields, MaybeAbsent> {
        .init(prefix, "creator", target: "account")
    }
    /// Updated
    public var updated: ValueField<Root, Date, MaybeAbsent> { .init(prefix, "updated") }
    /// Updater
    public var updater: ReferenceField<Root, AccountFields, MaybeAbsent> {
        .init(prefix, "updater", target: "account")
    }
    /// Owner
    public var owner: ReferenceField<Root, AccountFields, MaybeAbsent> { .init(prefix, "owner", target: "account") }
    /// Access level of the caller
    public var access: ValueField<Root, Int, MaybeAbsent> { .init(prefix, "access") }
    /// Roles granting the caller's access
    public var accessRoles: ArrayField<Root, ObjectID, MaybeAbsent> { .init(prefix, "accessRoles") }
    /// Favorite of the caller
    public var favorite: ValueField<Root, Bool, MaybeAbsent> { .init(prefix, "favorite") }
    /// Shared with the caller
    public var shared: ValueField<Root, Bool, MaybeAbsent> { .init(prefix, "shared") }
    /// Cortex's index bookkeeping
    public var idx: ValueField<Root, JSONValue, MaybeAbsent> { .init(prefix, "idx") }
}
