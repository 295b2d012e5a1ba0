import Foundation

/// The properties Cortex keeps on every instance besides `_id` and `object`, which the model holds itself.
///
/// Decodes from and encodes into the model's own JSON object, reading and writing only these keys. A key that held
/// `null` encodes back as `null`, an absent key stays absent, and dates are ISO 8601 strings, so a payload
/// round-trips unchanged. `Account` is the generated model of `account` when the schema defines it, otherwise
/// ``JSONValue``.
public struct CortexSystemProperties<Account: Codable & Hashable & Sendable>: Codable, Hashable, Sendable,
    CustomReflectable
{
    /// When the instance was created (`created`).
    public var created: Date? {
        get { stored.value.created }
        set { stored.update { $0.created = newValue } }
    }
    /// The account that created it (`creator`).
    public var creator: Reference<Account>? {
        get { stored.value.creator }
        set { stored.update { $0.creator = newValue } }
    }
    /// When it was last updated (`updated`).
    public var updated: Date? {
        get { stored.value.updated }
        set { stored.update { $0.updated = newValue } }
    }
    /// The account that last updated it (`updater`).
    public var updater: Reference<Account>? {
        get { stored.value.updater }
        set { stored.update { $0.updater = newValue } }
    }
    /// The account that owns it (`owner`).
    public var owner: Reference<Account>? {
        get { stored.value.owner }
        set { stored.update { $0.owner = newValue } }
    }
    /// The caller's access level (`access`).
    public var access: Int? {
        get { stored.value.access }
        set { stored.update { $0.access = newValue } }
    }
    /// The roles granting the caller's access (`accessRoles`).
    public var accessRoles: [ObjectID]? {
        get { stored.value.accessRoles }
        set { stored.update { $0.accessRoles = newValue } }
    }
    /// Whether the caller marked it a favorite (`favorite`).
    public var favorite: Bool? {
        get { stored.value.favorite }
        set { stored.update { $0.favorite = newValue } }
    }
    /// Whether it is shared with the caller (`shared`).
    public var shared: Bool? {
        get { stored.value.shared }
        set { stored.update { $0.shared = newValue } }
    }
    /// Cortex's index bookkeeping (`idx`).
    public var idx: JSONValue? {
        get { stored.value.idx }
        set { stored.update { $0.idx = newValue } }
    }

    /// The fields, out of line: a model copies all of them with one reference (see `OutOfLine`).
    private var stored: OutOfLine<Values>

    /// Shows the fields, as if they were stored here.
    public var customMirror: Mirror { stored.mirror(of: self) }

    private struct Values: Hashable, Sendable {
        var created: Date?
        var creator: Reference<Account>?
        var updated: Date?
        var updater: Reference<Account>?
        var owner: Reference<Account>?
        var access: Int?
        var accessRoles: [ObjectID]?
        var favorite: Bool?
        var shared: Bool?
        var idx: JSONValue?
        var nullKeys = NullKeys()
    }

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
        stored = OutOfLine(
            Values(
                created: created,
                creator: creator,
                updated: updated,
                updater: updater,
                owner: owner,
                access: access,
                accessRoles: accessRoles,
                favorite: favorite,
                shared: shared,
                idx: idx
            )
        )
    }

    /// Reads its keys from the model's JSON object; the model's own keys are left to the model.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.container(keyedBy: JSONKey.self))
    }

    /// Reads its keys from the container a model decodes its own from: `JSONDecoder` makes a container by reading
    /// every key of the object, so a second one for the system properties would read them all again.
    public init<Key: NamedCodingKey>(from container: KeyedDecodingContainer<Key>) throws {
        var nulls = NullKeys()
        var values = Values()
        values.created = try container.decodeOrNull(ISO8601Date<Date>.self, forKey: Key("created"), nulls: &nulls)?
            .wrappedValue
        values.creator = try container.decodeOrNull(Reference<Account>.self, forKey: Key("creator"), nulls: &nulls)
        values.updated = try container.decodeOrNull(ISO8601Date<Date>.self, forKey: Key("updated"), nulls: &nulls)?
            .wrappedValue
        values.updater = try container.decodeOrNull(Reference<Account>.self, forKey: Key("updater"), nulls: &nulls)
        values.owner = try container.decodeOrNull(Reference<Account>.self, forKey: Key("owner"), nulls: &nulls)
        values.access = try container.decodeOrNull(Int.self, forKey: Key("access"), nulls: &nulls)
        values.accessRoles = try container.decodeOrNull([ObjectID].self, forKey: Key("accessRoles"), nulls: &nulls)
        values.favorite = try container.decodeOrNull(Bool.self, forKey: Key("favorite"), nulls: &nulls)
        values.shared = try container.decodeOrNull(Bool.self, forKey: Key("shared"), nulls: &nulls)
        values.idx = try container.decodeOrNull(JSONValue.self, forKey: Key("idx"), nulls: &nulls)
        values.nullKeys = nulls
        stored = OutOfLine(values)
    }

    /// Reads its keys as ``init(from:)-(KeyedDecodingContainer<Key>)`` does, and counts those the object held in
    /// `nulls`, the record of the model decoding them, so that the model knows whether any member is left to keep
    /// (``NullKeys/presentKeys``).
    public init<Key: NamedCodingKey>(from container: KeyedDecodingContainer<Key>, counting nulls: inout NullKeys) throws
    {
        try self.init(from: container)
        nulls.countPresent(stored.value.nullKeys.presentKeys)
    }

    /// Writes its keys into the model's JSON object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        let values = stored.value
        try container.encodeOrNull(
            values.created.map(ISO8601Date.init),
            forKey: JSONKey("created"),
            nulls: values.nullKeys
        )
        try container.encodeOrNull(values.creator, forKey: JSONKey("creator"), nulls: values.nullKeys)
        try container.encodeOrNull(
            values.updated.map(ISO8601Date.init),
            forKey: JSONKey("updated"),
            nulls: values.nullKeys
        )
        try container.encodeOrNull(values.updater, forKey: JSONKey("updater"), nulls: values.nullKeys)
        try container.encodeOrNull(values.owner, forKey: JSONKey("owner"), nulls: values.nullKeys)
        try container.encodeOrNull(values.access, forKey: JSONKey("access"), nulls: values.nullKeys)
        try container.encodeOrNull(values.accessRoles, forKey: JSONKey("accessRoles"), nulls: values.nullKeys)
        try container.encodeOrNull(values.favorite, forKey: JSONKey("favorite"), nulls: values.nullKeys)
        try container.encodeOrNull(values.shared, forKey: JSONKey("shared"), nulls: values.nullKeys)
        try container.encodeOrNull(values.idx, forKey: JSONKey("idx"), nulls: values.nullKeys)
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
