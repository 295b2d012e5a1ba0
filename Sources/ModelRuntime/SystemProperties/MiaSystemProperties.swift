import Foundation

/// The standard fields Mia-Platform's CRUD service keeps on every document besides `_id`, which the model holds
/// itself.
///
/// Decodes from and encodes into the model's own JSON object, reading and writing only these keys; `null` stays
/// `null`, absent stays absent, and dates are ISO 8601 strings.
public struct MiaSystemProperties: Codable, Hashable, Sendable, CustomReflectable {
    /// The document's state: `PUBLIC`, `DRAFT`, `TRASH` or `DELETED` (`__STATE__`).
    public var state: String? {
        get { stored.value.state }
        set { stored.update { $0.state = newValue } }
    }
    /// Who created it (`creatorId`).
    public var creatorId: String? {
        get { stored.value.creatorId }
        set { stored.update { $0.creatorId = newValue } }
    }
    /// When it was created (`createdAt`).
    public var createdAt: Date? {
        get { stored.value.createdAt }
        set { stored.update { $0.createdAt = newValue } }
    }
    /// Who last updated it (`updaterId`).
    public var updaterId: String? {
        get { stored.value.updaterId }
        set { stored.update { $0.updaterId = newValue } }
    }
    /// When it was last updated (`updatedAt`).
    public var updatedAt: Date? {
        get { stored.value.updatedAt }
        set { stored.update { $0.updatedAt = newValue } }
    }

    /// The fields, out of line: a model copies all of them with one reference (see `OutOfLine`).
    private var stored: OutOfLine<Values>

    /// Shows the fields, as if they were stored here.
    public var customMirror: Mirror { stored.mirror(of: self) }

    private struct Values: Hashable, Sendable {
        var state: String?
        var creatorId: String?
        var createdAt: Date?
        var updaterId: String?
        var updatedAt: Date?
        var nullKeys = NullKeys()
    }

    /// Standard fields with these values; the service writes them, so an app sets them only for tests and previews.
    public init(
        state: String? = nil,
        creatorId: String? = nil,
        createdAt: Date? = nil,
        updaterId: String? = nil,
        updatedAt: Date? = nil
    ) {
        stored = OutOfLine(
            Values(state: state, creatorId: creatorId, createdAt: createdAt, updaterId: updaterId, updatedAt: updatedAt)
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
        values.state = try container.decodeOrNull(String.self, forKey: Key("__STATE__"), nulls: &nulls)
        values.creatorId = try container.decodeOrNull(String.self, forKey: Key("creatorId"), nulls: &nulls)
        values.createdAt = try container.decodeOrNull(
            ISO8601Date<Date>.self,
            forKey: Key("createdAt"),
            nulls: &nulls
        )?
        .wrappedValue
        values.updaterId = try container.decodeOrNull(String.self, forKey: Key("updaterId"), nulls: &nulls)
        values.updatedAt = try container.decodeOrNull(
            ISO8601Date<Date>.self,
            forKey: Key("updatedAt"),
            nulls: &nulls
        )?
        .wrappedValue
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
        try container.encodeOrNull(values.state, forKey: JSONKey("__STATE__"), nulls: values.nullKeys)
        try container.encodeOrNull(values.creatorId, forKey: JSONKey("creatorId"), nulls: values.nullKeys)
        try container.encodeOrNull(
            values.createdAt.map(ISO8601Date.init),
            forKey: JSONKey("createdAt"),
            nulls: values.nullKeys
        )
        try container.encodeOrNull(values.updaterId, forKey: JSONKey("updaterId"), nulls: values.nullKeys)
        try container.encodeOrNull(
            values.updatedAt.map(ISO8601Date.init),
            forKey: JSONKey("updatedAt"),
            nulls: values.nullKeys
        )
    }
}

/// The query fields of ``MiaSystemProperties``.
public struct MiaSystemFields<Root>: FieldCollection {
    private let prefix: FieldPath

    /// The fields below `prefix`, the model's own.
    public init(_ prefix: FieldPath) {
        self.prefix = prefix
    }

    /// State (PUBLIC, DRAFT, TRASH, DELETED)
    public var state: ValueField<Root, String, MaybeAbsent> { .init(prefix, "__STATE__") }
    /// Creator
    public var creatorId: ValueField<Root, String, MaybeAbsent> { .init(prefix, "creatorId") }
    /// Created
    public var createdAt: ValueField<Root, Date, MaybeAbsent> { .init(prefix, "createdAt") }
    /// Last updater
    public var updaterId: ValueField<Root, String, MaybeAbsent> { .init(prefix, "updaterId") }
    /// Updated
    public var updatedAt: ValueField<Root, Date, MaybeAbsent> { .init(prefix, "updatedAt") }
}
