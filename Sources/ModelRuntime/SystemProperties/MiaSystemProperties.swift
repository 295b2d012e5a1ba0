import Foundation

/// The standard fields Mia-Platform's CRUD service keeps on every document besides `_id`, which the model holds
/// itself.
///
/// Decodes from and encodes into the model's own JSON object, reading and writing only these keys; `null` stays
/// `null`, absent stays absent, and dates are ISO 8601 strings.
public struct MiaSystemProperties: Codable, Hashable, Sendable {
    /// The document's state: `PUBLIC`, `DRAFT`, `TRASH` or `DELETED` (`__STATE__`).
    public var state: String?
    /// Who created it (`creatorId`).
    public var creatorId: String?
    /// When it was created (`createdAt`).
    public var createdAt: Date?
    /// Who last updated it (`updaterId`).
    public var updaterId: String?
    /// When it was last updated (`updatedAt`).
    public var updatedAt: Date?
    private var nullKeys = NullKeys()

    /// Standard fields with these values; the service writes them, so an app sets them only for tests and previews.
    public init(
        state: String? = nil,
        creatorId: String? = nil,
        createdAt: Date? = nil,
        updaterId: String? = nil,
        updatedAt: Date? = nil
    ) {
        self.state = state
        self.creatorId = creatorId
        self.createdAt = createdAt
        self.updaterId = updaterId
        self.updatedAt = updatedAt
    }

    /// Reads its keys from the model's JSON object; the model's own keys are left to the model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        var nulls = NullKeys()
        state = try container.decodeOrNull(String.self, forKey: JSONKey("__STATE__"), nulls: &nulls)
        creatorId = try container.decodeOrNull(String.self, forKey: JSONKey("creatorId"), nulls: &nulls)
        createdAt = try container.decodeOrNull(ISO8601Date<Date>.self, forKey: JSONKey("createdAt"), nulls: &nulls)?
            .wrappedValue
        updaterId = try container.decodeOrNull(String.self, forKey: JSONKey("updaterId"), nulls: &nulls)
        updatedAt = try container.decodeOrNull(ISO8601Date<Date>.self, forKey: JSONKey("updatedAt"), nulls: &nulls)?
            .wrappedValue
        nullKeys = nulls
    }

    /// Writes its keys into the model's JSON object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeOrNull(state, forKey: JSONKey("__STATE__"), nulls: nullKeys)
        try container.encodeOrNull(creatorId, forKey: JSONKey("creatorId"), nulls: nullKeys)
        try container.encodeOrNull(createdAt.map(ISO8601Date.init), forKey: JSONKey("createdAt"), nulls: nullKeys)
        try container.encodeOrNull(updaterId, forKey: JSONKey("updaterId"), nulls: nullKeys)
        try container.encodeOrNull(updatedAt.map(ISO8601Date.init), forKey: JSONKey("updatedAt"), nulls: nullKeys)
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
