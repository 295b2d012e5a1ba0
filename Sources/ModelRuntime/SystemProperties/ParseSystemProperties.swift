import Foundation

/// The fields Parse keeps on every object besides `objectId`, which the model holds itself.
///
/// Parse returns `createdAt` and `updatedAt` in every read, as plain ISO 8601 strings (not `{"__type": "Date"}`);
/// `ACL` only when the caller may see it. Decodes from and encodes into the model's own JSON object, reading and
/// writing only these keys; a `null` ACL stays `null` and an absent one stays absent.
public struct ParseSystemProperties: Codable, Hashable, Sendable, CustomReflectable {
    /// When the object was created (`createdAt`).
    public var createdAt: Date {
        get { stored.value.createdAt }
        set { stored.update { $0.createdAt = newValue } }
    }
    /// When it was last updated (`updatedAt`).
    public var updatedAt: Date {
        get { stored.value.updatedAt }
        set { stored.update { $0.updatedAt = newValue } }
    }
    /// Who may read and write it (`ACL`); the only one a client writes, through the bodies' `acl`.
    public var acl: ParseACL? {
        get { stored.value.acl }
        set { stored.update { $0.acl = newValue } }
    }

    /// The fields, out of line: a model copies all of them with one reference (see `OutOfLine`).
    private var stored: OutOfLine<Values>

    /// Shows the fields, as if they were stored here.
    public var customMirror: Mirror { stored.mirror(of: self) }

    private struct Values: Hashable, Sendable {
        var createdAt: Date
        var updatedAt: Date
        var acl: ParseACL?
        var nullKeys = NullKeys()
    }

    /// Fields with these values; Parse writes the dates, so an app sets them only for tests and previews.
    public init(createdAt: Date, updatedAt: Date, acl: ParseACL? = nil) {
        stored = OutOfLine(Values(createdAt: createdAt, updatedAt: updatedAt, acl: acl))
    }

    /// Reads its keys from the model's JSON object; the model's own keys are left to the model.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.container(keyedBy: JSONKey.self))
    }

    /// Reads its keys from the container a model decodes its own from: `JSONDecoder` makes a container by reading
    /// every key of the object, so a second one for the system properties would read them all again.
    public init<Key: NamedCodingKey>(from container: KeyedDecodingContainer<Key>) throws {
        // Both dates are required: decoding goes on only with them.
        var nulls = NullKeys(requiredKeys: 2)
        let createdAt = try container.decode(ISO8601Date<Date>.self, forKey: Key("createdAt")).wrappedValue
        let updatedAt = try container.decode(ISO8601Date<Date>.self, forKey: Key("updatedAt")).wrappedValue
        let acl = try container.decodeOrNull(ParseACL.self, forKey: Key("ACL"), nulls: &nulls)
        stored = OutOfLine(Values(createdAt: createdAt, updatedAt: updatedAt, acl: acl, nullKeys: nulls))
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
        try container.encode(ISO8601Date(wrappedValue: values.createdAt), forKey: JSONKey("createdAt"))
        try container.encode(ISO8601Date(wrappedValue: values.updatedAt), forKey: JSONKey("updatedAt"))
        try container.encodeOrNull(values.acl, forKey: JSONKey("ACL"), nulls: values.nullKeys)
    }
}

/// The query fields of ``ParseSystemProperties``.
public struct ParseSystemFields<Root>: FieldCollection {
    private let prefix: FieldPath

    /// The fields below `prefix`, the model's own.
    public init(_ prefix: FieldPath) {
        self.prefix = prefix
    }

    /// Created
    public var createdAt: ValueField<Root, Date, Present> { .init(prefix, "createdAt") }
    /// Updated
    public var updatedAt: ValueField<Root, Date, Present> { .init(prefix, "updatedAt") }
    /// Access control list
    public var acl: ValueField<Root, ParseACL, MaybeAbsent> { .init(prefix, "ACL") }
}
