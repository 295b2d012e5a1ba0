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
        try TreeDecoding.decode(T.self, from: value, at: TreeLocation(in: TreeNode(value: value, userInfo: userInfo)))
    }
}

/// The decoding of one value: the primitive types directly, everything else through its `init(from:)`.
private enum TreeDecoding {
    static func decode<T: Decodable>(
        _ type: T.Type,
        from value: JSONValue,
        at location: TreeLocation
    ) throws -> T {
        if T.self == JSONValue.self { return identical(value, T.self) }
        if T.self == String.self {
            guard case .string(let text) = value else { throw mismatch(T.self, value, location.codingPath) }
            return identical(text, T.self)
        }
        if T.self == Bool.self {
            guard case .bool(let flag) = value else { throw mismatch(T.self, value, location.codingPath) }
            return identical(flag, T.self)
        }
        if T.self == Double.self { return identical(try double(value, location), T.self) }
        if T.self == Float.self {
            let number = Float(try double(value, location))
            guard number.isFinite else { throw doesNotFit(T.self, value, location.codingPath) }
            return identical(number, T.self)
        }
        if T.self == Int.self { return identical(try integer(Int.self, value, location), T.self) }
        if let integerType = integerType(T.self) {
            return try integer(integerType, value, location) as! T
        }
        if T.self == Decimal.self {
            guard let text = numberText(value), let decimal = Decimal(string: text) else {
                throw mismatch(T.self, value, location.codingPath)
            }
            return identical(decimal, T.self)
        }
        if T.self == URL.self {
            guard case .string(let text) = value else { throw mismatch(T.self, value, location.codingPath) }
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: location.codingPath, debugDescription: "Invalid URL string.")
                )
            }
            return identical(url, T.self)
        }
        if T.self == Data.self {
            guard case .string(let text) = value else { throw mismatch(T.self, value, location.codingPath) }
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: location.codingPath, debugDescription: "Encountered Data is not valid Base64.")
                )
            }
            return identical(data, T.self)
        }
        return try T(from: location.decoder(of: value))
    }

    /// `type` as an integer type, found by comparing metatypes: asking whether a model's type conforms to
    /// `FixedWidthInteger` (`as?`) searched the runtime's conformances for every struct decoded.
    private static func integerType(_ type: Any.Type) -> (any FixedWidthInteger.Type)? {
        // `Int`, the common one, is decided before this, without the cast an existential result needs.
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int8.self): Int8.self
        case ObjectIdentifier(Int16.self): Int16.self
        case ObjectIdentifier(Int32.self): Int32.self
        case ObjectIdentifier(Int64.self): Int64.self
        case ObjectIdentifier(UInt.self): UInt.self
        case ObjectIdentifier(UInt8.self): UInt8.self
        case ObjectIdentifier(UInt16.self): UInt16.self
        case ObjectIdentifier(UInt32.self): UInt32.self
        case ObjectIdentifier(UInt64.self): UInt64.self
        default: wideIntegerType(type)
        }
    }

    /// `Int128` and `UInt128`, which `JSONDecoder` decodes too, where the platform has them.
    private static func wideIntegerType(_ type: Any.Type) -> (any FixedWidthInteger.Type)? {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return nil }
        if type == Int128.self { return Int128.self }
        if type == UInt128.self { return UInt128.self }
        return nil
    }

    static func double(_ value: JSONValue, _ location: TreeLocation) throws -> Double {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        case .bigInteger(let digits):
            guard let number = Double(digits), number.isFinite else {
                throw doesNotFit(Double.self, value, location.codingPath)
            }
            return number
        default: throw mismatch(Double.self, value, location.codingPath)
        }
    }

    static func integer<I: FixedWidthInteger>(
        _ type: I.Type,
        _ value: JSONValue,
        _ location: TreeLocation
    ) throws -> I {
        let converted: I? =
            switch value {
            case .int(let number): I(exactly: number)
            case .double(let number): I(exactly: number)
            case .bigInteger(let digits): I(digits)
            default: throw mismatch(I.self, value, location.codingPath)
            }
        guard let converted else { throw doesNotFit(I.self, value, location.codingPath) }
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
        // A server's integer keeps all its digits (a bigInteger of megabytes): the message shows its first 64.
        let text = numberText(value) ?? ""
        let shown = escapedForMessage(text)
        return .dataCorrupted(.init(codingPath: path, debugDescription: "The number \(shown) does not fit in \(type)."))
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
    ///
    /// Generic, so that a caller's `any Decoder` is opened: once the metatypes say `D` is `TreeDecoder`, the value is
    /// one without a cast. An `as?` cost the runtime's generic cast on every struct decoded, and, failing from
    /// Foundation's decoder (a class), a search for a boxed value.
    static func objectMembers<D: Decoder>(of decoder: D) -> [String: JSONValue]? {
        guard D.self == TreeDecoder.self, case .object(let members) = unsafeBitCast(decoder, to: TreeDecoder.self).value
        else { return nil }
        return members
    }
}

/// A value in the tree and where it sits there, behind one decoder. Its coding path is built only when asked for (an
/// error, or a type that reads it), so that decoding a value copies nothing of the path above it: with a path array
/// per value, as before, each value cost an allocation and a copy as long as its depth. Holding the value here keeps
/// the decoder one reference, which an `any Decoder` holds without allocating a box.
private final class TreeNode {
    let value: JSONValue
    let parent: TreeNode?
    let key: TreeKey
    let userInfo: [CodingUserInfoKey: any Sendable]

    /// The root.
    init(value: JSONValue, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.value = value
        parent = nil
        key = .none
        self.userInfo = userInfo
    }

    init(value: JSONValue, parent: TreeNode, key: TreeKey) {
        self.value = value
        self.parent = parent
        self.key = key
        userInfo = parent.userInfo
    }

    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: TreeNode? = self
        while let current = node {
            if let key = current.key.codingKey { keys.append(key) }
            node = current.parent
        }
        return keys.reversed()
    }
}

/// A value's key in its container: made into a coding key only for a coding path.
private enum TreeKey {
    case none
    case member(any CodingKey)
    case index(Int)

    var codingKey: (any CodingKey)? {
        switch self {
        case .none: nil
        case .member(let key): key
        case .index(let index): JSONKey(intValue: index)
        }
    }
}

/// A value's place: its container's node and its key there. A node of its own is made only for a value decoded
/// through its `init(from:)`.
private struct TreeLocation {
    let container: TreeNode
    let key: TreeKey

    init(in container: TreeNode, key: TreeKey = .none) {
        self.container = container
        self.key = key
    }

    var codingPath: [any CodingKey] {
        guard let codingKey = key.codingKey else { return container.codingPath }
        return container.codingPath + [codingKey]
    }

    /// The decoder of `value`, which sits here. Without a key, the value is the container's own (the root's, or a
    /// single-value container's), whose node serves.
    func decoder(of value: JSONValue) -> TreeDecoder {
        if case .none = key { return TreeDecoder(node: container) }
        return TreeDecoder(node: TreeNode(value: value, parent: container, key: key))
    }
}

private struct TreeDecoder: Decoder {
    let node: TreeNode

    var value: JSONValue { node.value }

    var codingPath: [any CodingKey] { node.codingPath }

    var userInfo: [CodingUserInfoKey: Any] { node.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw TreeDecoding.mismatch([String: Any].self, value, codingPath)
        }
        return KeyedDecodingContainer(KeyedTreeContainer<Key>(members: members, node: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw TreeDecoding.mismatch([Any].self, value, codingPath) }
        return UnkeyedTreeContainer(elements: elements, node: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueTreeContainer(node: node)
    }
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let node: TreeNode

    var codingPath: [any CodingKey] { node.codingPath }

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

    private func location(_ key: Key) -> TreeLocation {
        TreeLocation(in: node, key: .member(key))
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
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try decodeAny(type, key) }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try decodeAny(type, key) }

    /// The one implementation behind the primitive overloads the protocol requires.
    private func decodeAny<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try TreeDecoding.decode(T.self, from: try member(key), at: location(key))
    }

    // The protocol's own `decodeIfPresent` looks the key up three times (`contains`, `decodeNil`, `decode`); these
    // look it up once, as generated models read most of their properties through them.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decodeAnyIfPresent(type, key)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeAnyIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeAnyIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeAnyIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeAnyIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeAnyIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeAnyIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeAnyIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeAnyIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeAnyIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeAnyIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeAnyIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeAnyIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeAnyIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeAnyIfPresent(type, key) }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try decodeAnyIfPresent(type, key) }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try decodeAnyIfPresent(type, key)
    }

    /// `nil` for a key that is absent or `null`, as the protocol's `decodeIfPresent` says.
    private func decodeAnyIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let value = members[key.stringValue] else { return nil }
        if case .null = value { return nil }
        return try TreeDecoding.decode(T.self, from: value, at: location(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try location(key).decoder(of: try member(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try location(key).decoder(of: try member(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeLocation(in: node, key: .member(JSONKey("super"))).decoder(of: members["super"] ?? .null)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        location(key).decoder(of: members[key.stringValue] ?? .null)
    }
}

private struct UnkeyedTreeContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let node: TreeNode
    private(set) var currentIndex = 0

    init(elements: [JSONValue], node: TreeNode) {
        self.elements = elements
        self.node = node
    }

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The current element and its place; an error at the end.
    private func current(_ type: Any.Type) throws -> (JSONValue, TreeLocation) {
        let location = TreeLocation(in: node, key: .index(currentIndex))
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(codingPath: location.codingPath, debugDescription: "Unkeyed container is at end.")
            )
        }
        return (elements[currentIndex], location)
    }

    mutating func decodeNil() throws -> Bool {
        guard try current(Any?.self).0 == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeAny(type) }

    /// The one implementation behind the primitive overloads the protocol requires.
    private mutating func decodeAny<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, location) = try current(T.self)
        let decoded = try TreeDecoding.decode(T.self, from: value, at: location)
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
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try decodeAny(type) }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeAny(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, location) = try current(KeyedDecodingContainer<NestedKey>.self)
        let container = try location.decoder(of: value).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, location) = try current((any UnkeyedDecodingContainer).self)
        let container = try location.decoder(of: value).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, location) = try current((any Decoder).self)
        currentIndex += 1
        return location.decoder(of: value)
    }
}

private struct SingleValueTreeContainer: SingleValueDecodingContainer {
    let node: TreeNode

    var value: JSONValue { node.value }

    var codingPath: [any CodingKey] { node.codingPath }

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeAny(type) }

    /// The one implementation behind the primitive overloads the protocol requires.
    private func decodeAny<T: Decodable>(_ type: T.Type) throws -> T {
        try TreeDecoding.decode(T.self, from: value, at: TreeLocation(in: node))
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
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try decodeAny(type) }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeAny(type) }
}
