import Foundation

/// The keys a decoded payload held as `null`, so that a model encodes them back as `null` rather than leaving them
/// out: a backend may tell "set to null" from "absent" (Mia-Platform's nullable fields), and a round trip keeps both.
///
/// Generated models keep one of these per struct; it takes no part in `==` or hashing, where `nil` is `nil`.
public struct NullKeys: Hashable, Sendable {
    private var keys: Set<String> = []

    /// No key was `null`.
    public init() {}

    /// Whether `key` held `null` when the value was decoded.
    public func contains(_ key: String) -> Bool { keys.contains(key) }

    /// Records that `key` held `null`.
    public mutating func insert(_ key: String) { keys.insert(key) }

    /// Every instance is equal: which keys were `null` is how the value was sent, not what it is.
    public static func == (lhs: NullKeys, rhs: NullKeys) -> Bool { true }

    /// Hashes nothing, consistent with `==`.
    public func hash(into hasher: inout Hasher) {}
}

extension KeyedDecodingContainer where K == JSONKey {
    /// The value at `key`, or `nil` when it is absent or `null`; a `null` is recorded in `nulls`. A number that
    /// doesn't fit `T` is an error at `key` (see `decodeLocatingErrors(_:forKey:)`).
    @inlinable
    public func decodeOrNull<T: Decodable>(_ type: T.Type, forKey key: JSONKey, nulls: inout NullKeys) throws -> T? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) {
            nulls.insert(key.stringValue)
            return nil
        }
        return try decodeLocatingErrors(type, forKey: key)
    }
}

extension KeyedEncodingContainer where K == JSONKey {
    /// Writes `value`, or `null` when it is `nil` and `nulls` says the key was decoded as `null`, or nothing.
    @inlinable
    public mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: JSONKey, nulls: NullKeys) throws {
        if value == nil, nulls.contains(key.stringValue) {
            try encodeNil(forKey: key)
        } else {
            // `encodeIfPresent`, so that a `DecodingReport` still sees a property without a value.
            try encodeIfPresent(value, forKey: key)
        }
    }
}
