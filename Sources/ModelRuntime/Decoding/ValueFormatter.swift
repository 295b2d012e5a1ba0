import Foundation

/// Converts a property between its JSON form (`Raw`) and the app's own type (`Value`), for mapping files that name a
/// formatter, as AppCoreKit's `@transformClass` and MMDataObject's input/output formatter blocks did.
///
/// Formatters are namespaces of two static functions, so generated models stay plain values. Errors they throw are
/// wrapped in `DecodingError.dataCorrupted` / `EncodingError.invalidValue` carrying the property's key path.
public protocol ValueFormatter {
    /// The JSON side, decoded from and encoded to the payload.
    associatedtype Raw: Codable & Sendable
    /// The Swift side, stored in the model.
    associatedtype Value: Hashable & Sendable
    /// Settings from the mapping file (its `userData` JSON, decoded), so that one formatter serves several
    /// properties.
    associatedtype UserData: Decodable & Sendable = NoUserData

    /// Converts a decoded JSON value to the model's value (the input direction).
    static func value(from raw: Raw, userData: UserData) throws -> Value

    /// Converts the model's value to its JSON form (the output direction).
    static func raw(from value: Value, userData: UserData) throws -> Raw
}

/// The ``ValueFormatter/UserData`` of formatters that take none; it decodes from any JSON, `null` included, so that
/// a mapping file may still carry user data for it.
public struct NoUserData: Decodable, Hashable, Sendable {
    /// The only value.
    public init() {}

    /// Ignores whatever the decoder holds.
    public init(from decoder: any Decoder) throws {}
}

extension ValueFormatter {
    /// ``value(from:userData:)`` with errors wrapped in `DecodingError.dataCorrupted` at `codingPath`.
    /// The coding path is only built when there is an error to report.
    static func value(from raw: Raw, userData: UserData, codingPath: @autoclosure () -> [any CodingKey]) throws -> Value
    {
        do {
            return try value(from: raw, userData: userData)
        } catch {
            let codingPath = codingPath()
            let description = "\(Self.self) could not convert the value at '\(keyPath(codingPath))': \(error)"
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: description, underlyingError: error)
            )
        }
    }

    /// ``raw(from:userData:)`` with errors wrapped in `EncodingError.invalidValue` at `codingPath`.
    static func raw(from value: Value, userData: UserData, codingPath: @autoclosure () -> [any CodingKey]) throws -> Raw
    {
        do {
            return try raw(from: value, userData: userData)
        } catch {
            let codingPath = codingPath()
            let description = "\(Self.self) could not convert the value for '\(keyPath(codingPath))': \(error)"
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: codingPath, debugDescription: description, underlyingError: error)
            )
        }
    }

    private static func keyPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { JSONKey($0) }.keyPathDescription
    }
}

extension KeyedDecodingContainer where Key == JSONKey {
    /// Decodes `F.Raw` at `path` (as ``decode(_:at:)`` does) and converts it with `formatter`.
    public func decode<F: ValueFormatter>(
        at path: [JSONKey],
        formatter: F.Type,
        userData: F.UserData
    ) throws -> F.Value {
        try decode(at: path, after: [], formatter: formatter, userData: userData)
    }

    /// Decodes `F.Raw` at `path` when present and not `null` (as ``decodeIfPresent(_:at:)`` does) and converts it
    /// with `formatter`.
    public func decodeIfPresent<F: ValueFormatter>(
        at path: [JSONKey],
        formatter: F.Type,
        userData: F.UserData
    ) throws -> F.Value? {
        try decodeIfPresent(at: path, after: [], formatter: formatter, userData: userData)
    }

    /// ``decodeIfPresent(at:formatter:userData:)``, recording in `nulls` where the answer `nil` came from a `null`
    /// (as ``decodeIfPresent(_:at:nulls:)`` does).
    public func decodeIfPresent<F: ValueFormatter>(
        at path: [JSONKey],
        formatter: F.Type,
        userData: F.UserData,
        nulls: inout NullKeys
    ) throws -> F.Value? {
        let value = try decodeIfPresent(at: path, after: [], formatter: formatter, userData: userData)
        return nullRecorded(value, at: path, after: [], in: &nulls)
    }

    /// Decodes `F.Raw` at `path` and converts it with `formatter`, or returns `defaultValue` (unconverted) when a key
    /// along the path is missing; `null` throws, as in ``decode(_:at:default:)``.
    public func decode<F: ValueFormatter>(
        at path: [JSONKey],
        formatter: F.Type,
        userData: F.UserData,
        default defaultValue: @autoclosure () throws -> F.Value
    ) throws -> F.Value {
        try decode(at: path, after: [], formatter: formatter, userData: userData, default: defaultValue())
    }

    /// ``decode(at:formatter:userData:)`` below this container, the object at `prefix` below the model's
    /// (``KeyPathObject``).
    func decode<F: ValueFormatter>(
        at path: [JSONKey],
        after prefix: [JSONKey],
        formatter: F.Type,
        userData: F.UserData
    ) throws -> F.Value {
        let raw = try decode(F.Raw.self, at: path, after: prefix)
        return try F.value(from: raw, userData: userData, codingPath: codingPath(to: path))
    }

    /// ``decodeIfPresent(at:formatter:userData:)`` below this container, the object at `prefix` below the model's.
    func decodeIfPresent<F: ValueFormatter>(
        at path: [JSONKey],
        after prefix: [JSONKey],
        formatter: F.Type,
        userData: F.UserData
    ) throws -> F.Value? {
        try decodeIfPresent(F.Raw.self, at: path, after: prefix).map {
            try F.value(from: $0, userData: userData, codingPath: codingPath(to: path))
        }
    }

    /// ``decode(at:formatter:userData:default:)`` below this container, the object at `prefix` below the model's.
    func decode<F: ValueFormatter>(
        at path: [JSONKey],
        after prefix: [JSONKey],
        formatter: F.Type,
        userData: F.UserData,
        default defaultValue: @autoclosure () throws -> F.Value
    ) throws -> F.Value {
        let raw = try decodeUnlessMissing(F.Raw.self, at: path, after: prefix)
        return try raw.map { try F.value(from: $0, userData: userData, codingPath: codingPath(to: path)) }
            ?? defaultValue()
    }

    /// ``decode(at:formatter:userData:)`` for a formatter without user data.
    public func decode<F: ValueFormatter>(at path: [JSONKey], formatter: F.Type) throws -> F.Value
    where F.UserData == NoUserData {
        try decode(at: path, formatter: formatter, userData: NoUserData())
    }

    /// ``decodeIfPresent(at:formatter:userData:)`` for a formatter without user data.
    public func decodeIfPresent<F: ValueFormatter>(at path: [JSONKey], formatter: F.Type) throws -> F.Value?
    where F.UserData == NoUserData {
        try decodeIfPresent(at: path, formatter: formatter, userData: NoUserData())
    }

    /// ``decodeIfPresent(at:formatter:userData:nulls:)`` for a formatter without user data.
    public func decodeIfPresent<F: ValueFormatter>(
        at path: [JSONKey],
        formatter: F.Type,
        nulls: inout NullKeys
    ) throws -> F.Value? where F.UserData == NoUserData {
        try decodeIfPresent(at: path, formatter: formatter, userData: NoUserData(), nulls: &nulls)
    }

    /// ``decode(at:formatter:userData:default:)`` for a formatter without user data.
    public func decode<F: ValueFormatter>(
        at path: [JSONKey],
        formatter: F.Type,
        default defaultValue: @autoclosure () throws -> F.Value
    ) throws -> F.Value where F.UserData == NoUserData {
        try decode(at: path, formatter: formatter, userData: NoUserData(), default: defaultValue())
    }
}

extension KeyedEncodingContainer where Key == JSONKey {
    /// Converts `value` with `formatter` and encodes the result under `key`.
    public mutating func encode<F: ValueFormatter>(
        _ value: F.Value,
        forKey key: JSONKey,
        formatter: F.Type,
        userData: F.UserData
    ) throws {
        try encode(F.raw(from: value, userData: userData, codingPath: codingPath + [key]), forKey: key)
    }

    /// Converts and encodes `value` unless it is `nil`. `nil` still goes to the container's `encodeIfPresent` (which
    /// writes nothing), so that ``DecodingReport`` sees a property the model knows but has no value for.
    public mutating func encodeIfPresent<F: ValueFormatter>(
        _ value: F.Value?,
        forKey key: JSONKey,
        formatter: F.Type,
        userData: F.UserData
    ) throws {
        guard let value else { return try encodeIfPresent(nil as F.Raw?, forKey: key) }
        try encode(value, forKey: key, formatter: formatter, userData: userData)
    }

    /// ``encodeIfPresent(_:forKey:formatter:userData:)``, or `null` when `value` is `nil` and `nulls` says the
    /// value was decoded as `null`. `path` is the value's key path from the model's object, which `nulls` records it
    /// by; without one, it is `key`.
    public mutating func encodeOrNull<F: ValueFormatter>(
        _ value: F.Value?,
        forKey key: JSONKey,
        formatter: F.Type,
        userData: F.UserData,
        nulls: NullKeys,
        path: [String]? = nil
    ) throws {
        if case .none = value, nulls.contains(path: path ?? [key.stringValue]) { return try encodeNil(forKey: key) }
        try encodeIfPresent(value, forKey: key, formatter: formatter, userData: userData)
    }

    /// ``encodeOrNull(_:forKey:formatter:userData:nulls:path:)`` for a formatter without user data.
    public mutating func encodeOrNull<F: ValueFormatter>(
        _ value: F.Value?,
        forKey key: JSONKey,
        formatter: F.Type,
        nulls: NullKeys,
        path: [String]? = nil
    ) throws where F.UserData == NoUserData {
        try encodeOrNull(value, forKey: key, formatter: formatter, userData: NoUserData(), nulls: nulls, path: path)
    }

    /// ``encode(_:forKey:formatter:userData:)`` for a formatter without user data.
    public mutating func encode<F: ValueFormatter>(_ value: F.Value, forKey key: JSONKey, formatter: F.Type) throws
    where F.UserData == NoUserData {
        try encode(value, forKey: key, formatter: formatter, userData: NoUserData())
    }

    /// ``encodeIfPresent(_:forKey:formatter:userData:)`` for a formatter without user data.
    public mutating func encodeIfPresent<F: ValueFormatter>(
        _ value: F.Value?,
        forKey key: JSONKey,
        formatter: F.Type
    ) throws where F.UserData == NoUserData {
        try encodeIfPresent(value, forKey: key, formatter: formatter, userData: NoUserData())
    }
}

/// Coding of `@self` properties, whose formatter reads and writes the enclosing JSON object itself (as AppCoreKit's
/// `@self` did), e.g. a coordinate made from the object's `lat` and `long` keys.
public enum SelfCoding {
    /// Decodes `F.Raw` from the model's own decoder, so it sees the whole object, and converts it with `formatter`.
    public static func decode<F: ValueFormatter>(
        from decoder: any Decoder,
        formatter: F.Type,
        userData: F.UserData
    ) throws -> F.Value {
        try F.value(from: F.Raw(from: decoder), userData: userData, codingPath: decoder.codingPath)
    }

    /// Converts `value` with `formatter` and writes the result's keys into the model's own object, next to its other
    /// keys.
    ///
    /// The result must encode as a JSON object. Its keys are written through `container(keyedBy:)`, which encoders
    /// merge (some trap when a single value follows a keyed container); its own `Date` and `Data` values are
    /// therefore encoded with `JSONEncoder`'s default strategies.
    public static func encode<F: ValueFormatter>(
        _ value: F.Value,
        to encoder: any Encoder,
        formatter: F.Type,
        userData: F.UserData
    ) throws {
        let raw = try F.raw(from: value, userData: userData, codingPath: encoder.codingPath)
        let json = try JSONValueEncoder().encode(raw, codingPath: encoder.codingPath.map { JSONKey($0) })
        guard case .object(let members) = json else {
            throw EncodingError.invalidValue(
                raw,
                .init(
                    codingPath: encoder.codingPath,
                    debugDescription:
                        "\(F.self) must produce a JSON object to merge into the enclosing one, got \(json)"
                )
            )
        }
        var container = encoder.container(keyedBy: JSONKey.self)
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            try container.encode(member, forKey: JSONKey(key))
        }
    }

    /// ``decode(from:formatter:userData:)`` for a formatter without user data.
    public static func decode<F: ValueFormatter>(from decoder: any Decoder, formatter: F.Type) throws -> F.Value
    where F.UserData == NoUserData {
        try decode(from: decoder, formatter: formatter, userData: NoUserData())
    }

    /// ``encode(_:to:formatter:userData:)`` for a formatter without user data.
    public static func encode<F: ValueFormatter>(_ value: F.Value, to encoder: any Encoder, formatter: F.Type) throws
    where F.UserData == NoUserData {
        try encode(value, to: encoder, formatter: formatter, userData: NoUserData())
    }
}

extension JSONValue {
    /// Decodes this value as `T` as `JSONDecoder` would decode its JSON text, straight from the tree (at any depth,
    /// in linear time), so that a formatter's `userData` from the mapping file reaches it typed.
    public func decoded<T: Decodable>(as type: T.Type) throws -> T {
        try JSONValueDecoder().decode(type, from: self)
    }
}
