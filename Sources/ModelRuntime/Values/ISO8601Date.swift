/// Codes a `Date` (or `Date?`, `[Date]`, `[Date]?`) property as Cortex's ISO 8601 strings, so that generated models
/// work with a plain `JSONDecoder()`/`JSONEncoder()` and their default date strategies.
///
/// Works with synthesized `Codable`: for optional values a missing key or `null` decodes to `nil`, and `nil` is
/// encoded by omitting the key, just as synthesized `Codable` treats plain optionals.
///
/// ```swift
/// struct Visit: Codable, Hashable, Sendable {
///     @ISO8601Date var start: Date
///     @ISO8601Date var end: Date?
/// }
/// ```
@propertyWrapper
public struct ISO8601Date<Value: ISO8601DateCodable>: Codable, Hashable, Sendable {
    /// The wrapped date value.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes the value from ISO 8601 strings; a malformed string throws `DecodingError.dataCorrupted` quoting it.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try Value(iso8601From: decoder)
    }

    /// Encodes the value as ISO 8601 strings in UTC with milliseconds.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encodeISO8601(to: encoder)
    }
}

extension KeyedDecodingContainer {
    /// Decodes an optional ``ISO8601Date`` property as `nil` when its key is missing or `null`, as synthesized
    /// `Codable` does for plain optionals (synthesized code picks this overload because it is more specific).
    public func decode<Wrapped: ISO8601DateCodable>(
        _ type: ISO8601Date<Wrapped?>.Type,
        forKey key: Key
    ) throws -> ISO8601Date<Wrapped?> {
        ISO8601Date(wrappedValue: try decodeIfPresent(ISO8601Date<Wrapped>.self, forKey: key)?.wrappedValue)
    }
}

extension KeyedEncodingContainer {
    /// Omits the key of an optional ``ISO8601Date`` property whose value is `nil`, as synthesized `Codable` does for
    /// plain optionals (synthesized code picks this overload because it is more specific).
    public mutating func encode<Wrapped: ISO8601DateCodable>(
        _ value: ISO8601Date<Wrapped?>,
        forKey key: Key
    ) throws {
        try encodeIfPresent(value.wrappedValue.map(ISO8601Date<Wrapped>.init(wrappedValue:)), forKey: key)
    }
}
