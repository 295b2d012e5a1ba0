import Foundation

/// The fields Parse keeps on every object besides `objectId`, which the model holds itself.
///
/// Parse returns `createdAt` and `updatedAt` in every read, as plain ISO 8601 strings (not `{"__type": "Date"}`);
/// `ACL` only when the caller may see it. Decodes from and encodes into the model's own JSON object, reading and
/// writing only these keys; a `null` ACL stays `null` and an absent one stays absent.
public struct ParseSystemProperties: Codable, Hashable, Sendable {
    /// When the object was created (`createdAt`).
    public var createdAt: Date
    /// When it was last updated (`updatedAt`).
    public var updatedAt: Date
    /// Who may read and write it (`ACL`); the only one a client writes, through the bodies' `acl`.
    public var acl: ParseACL?
    private var nullKeys = NullKeys()

    /// Fields with these values; Parse writes the dates, so an app sets them only for tests and previews.
    public init(createdAt: Date, updatedAt: Date, acl: ParseACL? = nil) {
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.acl = acl
    }

    /// Reads its keys from the model's JSON object; the model's own keys are left to the model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        var nulls = NullKeys()
        createdAt = try container.decode(ISO8601Date<Date>.self, forKey: JSONKey("createdAt")).wrappedValue
        updatedAt = try container.decode(ISO8601Date<Date>.self, forKey: JSONKey("updatedAt")).wrappedValue
        acl = try container.decodeOrNull(ParseACL.self, forKey: JSONKey("ACL"), nulls: &nulls)
        nullKeys = nulls
    }

    /// Writes its keys into the model's JSON object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(ISO8601Date(wrappedValue: createdAt), forKey: JSONKey("createdAt"))
        try container.encode(ISO8601Date(wrappedValue: updatedAt), forKey: JSONKey("updatedAt"))
        try container.encodeOrNull(acl, forKey: JSONKey("ACL"), nulls: nullKeys)
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
