import Foundation

/// The keys a decoded payload held as `null`, so that a model encodes them back as `null` rather than leaving them
/// out: a backend may tell "set to null" from "absent" (Mia-Platform's nullable fields), and a round trip keeps both.
///
/// Generated models keep one of these per struct; it takes no part in `==` or hashing, where `nil` is `nil`.
///
/// While a model decodes, it also counts the model's keys the payload held (``presentKeys``): decoding from the
/// client's tree, a model whose count equals its object's member count has no unknown member to keep, and so doesn't
/// look at the object's keys again (`unknownMembers(_:of:counted:)`, on the model's container).
///
/// A mapped model's key paths record theirs by path (``insert(path:)``): the value at the end of a path, or an object
/// along it, that was `null`, so that `{"links": null}` and `{"links": {"home": null}}` go back as they came.
public struct NullKeys: Hashable, Sendable {
    private var keys: Set<String> = []
    /// Paths of two keys or more, from the model's object; a one-key path is in `keys`.
    private var paths: Set<[String]> = []

    /// How many of the keys decoded through this record were in the payload, with a value or `null`.
    public private(set) var presentKeys = 0

    /// No key was `null`.
    public init() {}

    /// The record of a model that reads `requiredKeys` required keys: its decoding goes on only when each of them is
    /// present, so they count as present from the start.
    public init(requiredKeys: Int) {
        presentKeys = requiredKeys
    }

    /// Counts `count` more keys present: those a model's system properties read from its object.
    public mutating func countPresent(_ count: Int) {
        presentKeys += count
    }

    /// Counts one more key present.
    @usableFromInline
    mutating func countPresent() {
        presentKeys &+= 1
    }

    /// Whether `key` held `null` when the value was decoded.
    public func contains(_ key: String) -> Bool { keys.contains(key) }

    /// The keys that held `null`, in sorted order: a body that writes them is the same bytes every time.
    public var sortedKeys: [String] { keys.sorted() }

    /// Records that `key` held `null`.
    public mutating func insert(_ key: String) { keys.insert(key) }

    /// The record without `keys`: those of properties a body doesn't write (a File), which a `null` would clear.
    public func leavingOut(_ keys: String...) -> NullKeys {
        var kept = self
        kept.keys.subtract(keys)
        return kept
    }

    /// Whether the value at `path`, a key path from the model's object, was `null` when the model was decoded.
    public func contains(path: [String]) -> Bool {
        path.count == 1 ? keys.contains(path[0]) : !paths.isEmpty && paths.contains(path)
    }

    /// Records that the value at `path`, a key path from the model's object, held `null`.
    public mutating func insert(path: [String]) {
        if path.count == 1 { keys.insert(path[0]) } else if !path.isEmpty { paths.insert(path) }
    }

    /// Whether a value inside the object at `path` (below it, not at it) held `null`: the object is then written
    /// back, to hold that `null`, even when none of its properties has a value.
    public func containsNull(below path: [String]) -> Bool {
        paths.contains { $0.count > path.count && $0.starts(with: path) }
    }

    /// Every instance is equal: which keys were `null` is how the value was sent, not what it is.
    public static func == (lhs: NullKeys, rhs: NullKeys) -> Bool { true }

    /// Hashes nothing, consistent with `==`.
    public func hash(into hasher: inout Hasher) {}
}

extension KeyedDecodingContainer {
    /// The value at `key`, or `nil` when it is absent or `null`; a `null` is recorded in `nulls`. A number that
    /// doesn't fit `T` is an error at `key` (see `locatingErrors(of:at:_:)`).
    @inlinable
    public func decodeOrNull<T: Decodable>(_ type: T.Type, forKey key: Key, nulls: inout NullKeys) throws -> T? {
        // One lookup for a value that is there, the common case; only a missing value asks whether it was `null`.
        // JSONDecoder decodes the standard types through overloads of their own, faster than through its generic
        // `decode`; once this function is specialized for one type, the checks fold away, and `identical` is no
        // cast (`as? T` stayed a call to the runtime's, a tenth of a plain model's decoding).
        let value: T? =
            if T.self == String.self {
                identical(try decodeIfPresent(String.self, forKey: key), T?.self)
            } else if T.self == Int.self {
                identical(
                    try locatingErrors(of: Int.self, at: key) { try decodeIfPresent(Int.self, forKey: key) },
                    T?.self
                )
            } else if T.self == Double.self {
                identical(
                    try locatingErrors(of: Double.self, at: key) { try decodeIfPresent(Double.self, forKey: key) },
                    T?.self
                )
            } else if T.self == Bool.self {
                identical(try decodeIfPresent(Bool.self, forKey: key), T?.self)
            } else {
                try decodeIfPresentLocatingErrors(type, forKey: key)
            }
        if value != nil {
            nulls.countPresent()
        } else if contains(key) {
            nulls.insert(key.stringValue)
            nulls.countPresent()
        }
        return value
    }
}

extension KeyedEncodingContainer where K == JSONKey {
    /// Writes `value`, or `null` when it is `nil` and `nulls` says the key was decoded as `null`, or nothing.
    @inlinable
    public mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: JSONKey, nulls: NullKeys) throws {
        guard let value else {
            if nulls.contains(key.stringValue) {
                try encodeNil(forKey: key)
            } else {
                // `encodeIfPresent`, so that a `DecodingReport` still sees a property without a value.
                try encodeIfPresent(value, forKey: key)
            }
            return
        }
        // As in `decodeOrNull`: JSONEncoder's own overloads are faster than its generic `encode`.
        if let string = value as? String {
            try encode(string, forKey: key)
        } else if let int = value as? Int {
            try encode(int, forKey: key)
        } else if let double = value as? Double {
            try encode(double, forKey: key)
        } else if let bool = value as? Bool {
            try encode(bool, forKey: key)
        } else {
            try encode(value, forKey: key)
        }
    }

    /// ``encodeOrNull(_:forKey:nulls:)`` of a value inside a nested object: `path` is its key path from the model's
    /// object, which `nulls` records it by.
    public mutating func encodeOrNull<T: Encodable>(
        _ value: T?,
        forKey key: JSONKey,
        nulls: NullKeys,
        path: [String]
    ) throws {
        if case .none = value, nulls.contains(path: path) { return try encodeNil(forKey: key) }
        try encodeIfPresent(value, forKey: key)
    }
}
