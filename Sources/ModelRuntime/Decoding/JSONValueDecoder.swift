import Foundation

/// Decodes a value from a ``JSONValue`` tree as `JSONDecoder` would from its bytes with its default strategies, for
/// `ModelClient`, which reads every answer into a tree first.
///
/// `JSONDecoder` builds a failed try's coding path anew from the root, and ``JSONValue``'s `init(from:)` has to try
/// kinds to find the one present, so through `JSONDecoder` an `Any` property nested d levels deep costs about d³: a
/// 2 KB document 500 levels deep takes over a second. Here a ``JSONValue`` is taken from the tree as it is, and no
/// value is found by trying, so decoding stays linear at any depth.
///
/// `URL` decodes from its string, `Decimal` from a number and `Data` from base64 (`JSONDecoder`'s defaults); `Date`
/// decodes itself (`deferredToDate`). Numbers that don't fit the requested type are errors at their coding path.
package struct JSONValueDecoder {
    package var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    package init() {}

    /// `value` as a `T`.
    package func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try TreeDecoding.decode(T.self, from: value, at: [], userInfo: userInfo)
    }
}

/// The decoding of one value: the primitive types directly, everything else through its `init(from:)`.
private enum TreeDecoding {
    static func decode<T: Decodable>(
        _ type: T.Type,
        from value: JSONValue,
        at path: [any CodingKey],
        userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> T {
        if T.self == JSONValue.self { return value as! T }
        if T.self == String.self {
            guard case .string(let text) = value else { throw mismatch(T.self, value, path) }
            return text as! T
        }
        if T.self == Bool.self {
            guard case .bool(let flag) = value else { throw mismatch(T.self, value, path) }
            return flag as! T
        }
        if T.self == Double.self { return try double(value, path) as! T }
        if T.self == Float.self {
            let number = Float(try double(value, path))
            guard number.isFinite else { throw doesNotFit(T.self, value, path) }
            return number as! T
        }
        if let integerType = T.self as? any FixedWidthInteger.Type {
            return try integer(integerType, value, path) as! T
        }
        if T.self == Decimal.self {
            guard let text = numberText(value), let decimal = Decimal(string: text) else {
                throw mismatch(T.self, value, path)
            }
            return decimal as! T
        }
        if T.self == URL.self {
            guard case .string(let text) = value else { throw mismatch(T.self, value, path) }
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "Invalid URL string."))
            }
            return url as! T
        }
        if T.self == Data.self {
            guard case .string(let text) = value else { throw mismatch(T.self, value, path) }
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: path, debugDescription: "Encountered Data is not valid Base64.")
                )
            }
            return data as! T
        }
        return try T(from: TreeDecoder(value: value, codingPath: path, userInfo: userInfo))
    }

    static func double(_ value: JSONValue, _ path: [any CodingKey]) throws -> Double {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        case .bigInteger(let digits):
            guard let number = Double(digits), number.isFinite else { throw doesNotFit(Double.self, value, path) }
            return number
        default: throw mismatch(Double.self, value, path)
        }
    }

    static func integer<I: FixedWidthInteger>(
        _ type: I.Type,
        _ value: JSONValue,
        _ path: [any CodingKey]
    ) throws -> I {
        let converted: I? =
            switch value {
            case .int(let number): I(exactly: number)
            case .double(let number): I(exactly: number)
            case .bigInteger(let digits): I(digits)
            default: throw mismatch(I.self, value, path)
            }
        guard let converted else { throw doesNotFit(I.self, value, path) }
        return converted
    }

    /// The number's text, or nil for another kind.
    static func numberText(_ value: JSONValue) -> String? {
        switch value {
        case .int(let number): String(number)
        case .double(let number): number.description
        case .bigInteger(let digits): digits
        default: nil
        }
    }

    /// `valueNotFound` for `null`, as `JSONDecoder` says it; `typeMismatch` for any other kind.
    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
        if value == .null {
            return .valueNotFound(
                type,
                .init(
                    codingPath: path,
                    debugDescription: "Cannot get value of type \(type) -- found null value instead"
                )
            )
        }
        return .typeMismatch(
            type,
            .init(
                codingPath: path,
                debugDescription: "Expected to decode \(type) but found \(kind(of: value)) instead."
            )
        )
    }

    static func doesNotFit(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(
            .init(codingPath: path, debugDescription: "The number \(numberText(value) ?? "") does not fit in \(type).")
        )
    }

    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .int, .bigInteger, .double: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}

extension JSONValueDecoder {
    /// The members of the object `decoder` decodes, when it decodes from a tree and the value is an object.
    static func objectMembers(of decoder: any Decoder) -> [String: JSONValue]? {
        // The metatypes first: a failing `as?` from Foundation's decoder (a class) to this struct costs the runtime a
        // search for a boxed value, on every model decoded through JSONDecoder.
        guard type(of: decoder) == TreeDecoder.self, let tree = decoder as? TreeDecoder,
            case .object(let members) = tree.value
        else { return nil }
        return members
    }
}

private struct TreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let storedUserInfo: [CodingUserInfoKey: any Sendable]

    init(value: JSONValue, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.value = value
        self.codingPath = codingPath
        self.storedUserInfo = userInfo
    }

    var userInfo: [CodingUserInfoKey: Any] { storedUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw TreeDecoding.mismatch([String: Any].self, value, codingPath)
        }
        return KeyedDecodingContainer(
            KeyedTreeContainer<Key>(members: members, codingPath: codingPath, userInfo: storedUserInfo)
        )
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw TreeDecoding.mismatch([Any].self, value, codingPath) }
        return UnkeyedTreeContainer(elements: elements, codingPath: codingPath, userInfo: storedUserInfo)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueTreeContainer(value: value, codingPath: codingPath, userInfo: storedUserInfo)
    }
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: any Sendable]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue).")
            )
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decodeAny(type, key) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeAny(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeAny(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeAny(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeAny(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeAny(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeAny(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeAny(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeAny(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeAny(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeAny(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeAny(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeAny(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeAny(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeAny(type, key) }

    /// The one implementation behind the primitive overloads the protocol requires.
    private func decodeAny<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try TreeDecoding.decode(T.self, from: try member(key), at: codingPath + [key], userInfo: userInfo)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: try member(key), codingPath: codingPath + [key], userInfo: userInfo)
            .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: try member(key), codingPath: codingPath + [key], userInfo: userInfo).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: members["super"] ?? .null, codingPath: codingPath + [JSONKey("super")], userInfo: userInfo)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key], userInfo: userInfo)
    }
}

private struct UnkeyedTreeContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: any Sendable]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.elements = elements
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The current element and its coding path; an error at the end.
    private func current(_ type: Any.Type) throws -> (JSONValue, [any CodingKey]) {
        let path = codingPath + [JSONKey(intValue: currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(codingPath: path, debugDescription: "Unkeyed container is at end.")
            )
        }
        return (elements[currentIndex], path)
    }

    mutating func decodeNil() throws -> Bool {
        guard try current(Any?.self).0 == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeAny(type) }

    /// The one implementation behind the primitive overloads the protocol requires.
    private mutating func decodeAny<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try current(T.self)
        let decoded = try TreeDecoding.decode(T.self, from: value, at: path, userInfo: userInfo)
        currentIndex += 1
        return decoded
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeAny(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeAny(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeAny(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeAny(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeAny(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeAny(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeAny(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeAny(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeAny(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeAny(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeAny(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeAny(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeAny(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeAny(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try current(KeyedDecodingContainer<NestedKey>.self)
        let container = try TreeDecoder(value: value, codingPath: path, userInfo: userInfo).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try current((any UnkeyedDecodingContainer).self)
        let container = try TreeDecoder(value: value, codingPath: path, userInfo: userInfo).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try current((any Decoder).self)
        currentIndex += 1
        return TreeDecoder(value: value, codingPath: path, userInfo: userInfo)
    }
}

private struct SingleValueTreeContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: any Sendable]

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeAny(type) }

    /// The one implementation behind the primitive overloads the protocol requires.
    private func decodeAny<T: Decodable>(_ type: T.Type) throws -> T {
        try TreeDecoding.decode(T.self, from: value, at: codingPath, userInfo: userInfo)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decodeAny(type) }
    func decode(_ type: String.Type) throws -> String { try decodeAny(type) }
    func decode(_ type: Double.Type) throws -> Double { try decodeAny(type) }
    func decode(_ type: Float.Type) throws -> Float { try decodeAny(type) }
    func decode(_ type: Int.Type) throws -> Int { try decodeAny(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeAny(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeAny(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeAny(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeAny(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeAny(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeAny(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeAny(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeAny(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeAny(type) }
}
