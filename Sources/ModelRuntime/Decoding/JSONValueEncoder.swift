import Foundation

/// Encodes a value into a ``JSONValue`` tree as `JSONEncoder` would with its default strategies, recording along the
/// way what ``DecodingReport`` (and ModelRuntimeTesting's backends) need and a JSON document can't show: the keys
/// encoded with `encodeIfPresent(nil)`, the ``OpenEnumeration`` values that aren't documented, and the members kept
/// without being defined.
///
/// `URL` encodes as its `absoluteString` and `Decimal` as a number, as `JSONEncoder` always does; `Data` encodes as
/// base64 (`JSONEncoder`'s default strategy); `Date` encodes itself, which is `JSONEncoder`'s default
/// (`deferredToDate`). A value that encodes nothing becomes `{}`, as a nested one does with `JSONEncoder`.
package final class JSONValueEncoder {
    /// The key paths for which a model called `encodeIfPresent` with `nil`: properties it knows but has no value for.
    private(set) var nilKeyPaths: [[JSONKey]] = []
    /// The undocumented ``OpenEnumeration`` values encoded, with their key paths.
    private(set) var undocumentedValues: [(keyPath: [JSONKey], value: JSONValue)] = []
    /// The members a model kept without defining them (``UnknownMembers``), with their key paths.
    package private(set) var keptValues: [(keyPath: [JSONKey], value: JSONValue)] = []

    package init() {}

    /// Encodes `value`, which sits at `codingPath` (for error messages).
    package func encode(_ value: some Encodable, codingPath: [JSONKey] = []) throws -> JSONValue {
        let node = Node()
        try encode(value, into: node, at: codingPath)
        return node.json
    }

    fileprivate func encode<T: Encodable>(_ value: T, into node: Node, at path: [JSONKey]) throws {
        if let kept = value as? KeptValue {
            node.kind = .value(kept.value)
            keptValues.append((path, kept.value))
        } else if let json = value as? JSONValue {
            // Already the tree this encoder builds: taken as it is, at any depth, without recursing through it.
            node.kind = .value(json)
        } else if let url = value as? URL {
            node.kind = .value(.string(url.absoluteString))
        } else if let data = value as? Data {
            node.kind = .value(.string(data.base64EncodedString()))
        } else if let decimal = value as? Decimal {
            node.kind = .value(.double(NSDecimalNumber(decimal: decimal).doubleValue))
        } else {
            try value.encode(to: TreeEncoder(node: node, path: path, recorder: self))
        }
        if let enumeration = value as? any OpenEnumeration, !enumeration.isDocumented {
            undocumentedValues.append((path, node.json))
        }
    }

    fileprivate func recordNil(at keyPath: [JSONKey]) {
        nilKeyPaths.append(keyPath)
    }
}

/// A JSON value under construction; a class because containers keep adding to it after they are handed out.
private final class Node {
    enum Kind {
        case empty
        case value(JSONValue)
        case object
        case array
    }

    var kind: Kind
    var members: [String: Node] = [:]
    var elements: [Node] = []

    init(_ value: JSONValue? = nil) {
        kind = value.map(Kind.value) ?? .empty
    }

    var json: JSONValue {
        switch kind {
        case .empty: [:]
        case .value(let value): value
        case .object: .object(members.mapValues(\.json))
        case .array: .array(elements.map(\.json))
        }
    }

    /// Makes this an object, keeping the members when it already is one (as `JSONEncoder` merges the keys of
    /// repeated `container(keyedBy:)` calls).
    func makeObject() {
        if case .object = kind { return }
        kind = .object
        members = [:]
    }

    /// Makes this an array, keeping the elements when it already is one.
    func makeArray() {
        if case .array = kind { return }
        kind = .array
        elements = []
    }

    /// The member for `key`, created empty unless present, so that nested containers for the same key share it.
    func member(_ key: String) -> Node {
        if let member = members[key] { return member }
        let member = Node()
        members[key] = member
        return member
    }

    /// An int, or past `Int`'s range (a large `UInt64`) the big integer with its digits, as `JSONDecoder` reads
    /// back what `JSONEncoder` writes.
    static func number(_ value: some BinaryInteger) -> JSONValue {
        if let int = Int(exactly: value) { return .int(int) }
        let approximation = Double(value)
        return JSONValue.bigInteger(String(value), approximatedBy: approximation) ?? .double(approximation)
    }

    /// `Float` through its shortest decimal form, so that `0.1` stays `0.1` as in `JSONEncoder`'s output.
    static func number(_ value: Float) -> JSONValue {
        .double(Double(value.description) ?? Double(value))
    }
}

private struct TreeEncoder: Encoder {
    let node: Node
    let path: [JSONKey]
    let recorder: JSONValueEncoder

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedContainer(node: node, path: path, recorder: recorder))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedContainer(node: node, path: path, recorder: recorder)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, path: path, recorder: recorder)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let path: [JSONKey]
    let recorder: JSONValueEncoder

    var codingPath: [any CodingKey] { path }

    /// Array indexes only come from unkeyed containers, so keys with an `intValue` (such as an `[Int: V]`
    /// dictionary's) are plain object keys here.
    private func keyPath(_ key: some CodingKey) -> [JSONKey] { path + [JSONKey(key.stringValue)] }

    private func set(_ value: JSONValue, _ key: Key) { node.members[key.stringValue] = Node(value) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(Node.number(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(Node.number(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(Node.number(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(Node.number(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(Node.number(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(Node.number(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(Node.number(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(Node.number(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(Node.number(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(Node.number(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let member = Node()
        try recorder.encode(value, into: member, at: keyPath(key))
        node.members[key.stringValue] = member
    }

    // `encodeIfPresent` is what synthesized `Codable` calls for optionals; `nil` is recorded, then nothing written.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOrRecord(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try encodeOrRecord(value, key)
    }

    private mutating func encodeOrRecord<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            recorder.recordNil(at: keyPath(key))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        superEncoder(forKey: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        superEncoder(forKey: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(forKey: JSONKey("super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(forKey: key as any CodingKey)
    }

    private func superEncoder(forKey key: any CodingKey) -> TreeEncoder {
        TreeEncoder(node: node.member(key.stringValue), path: keyPath(key), recorder: recorder)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let path: [JSONKey]
    let recorder: JSONValueEncoder

    var codingPath: [any CodingKey] { path }
    var count: Int { node.elements.count }

    private func append(_ value: JSONValue) { node.elements.append(Node(value)) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.double(value)) }
    mutating func encode(_ value: Float) throws { append(Node.number(value)) }
    mutating func encode(_ value: Int) throws { append(.int(value)) }
    mutating func encode(_ value: Int8) throws { append(Node.number(value)) }
    mutating func encode(_ value: Int16) throws { append(Node.number(value)) }
    mutating func encode(_ value: Int32) throws { append(Node.number(value)) }
    mutating func encode(_ value: Int64) throws { append(Node.number(value)) }
    mutating func encode(_ value: UInt) throws { append(Node.number(value)) }
    mutating func encode(_ value: UInt8) throws { append(Node.number(value)) }
    mutating func encode(_ value: UInt16) throws { append(Node.number(value)) }
    mutating func encode(_ value: UInt32) throws { append(Node.number(value)) }
    mutating func encode(_ value: UInt64) throws { append(Node.number(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let element = Node()
        try recorder.encode(value, into: element, at: path + [JSONKey(intValue: count)])
        node.elements.append(element)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<
        NestedKey
    > {
        superEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        superEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let element = Node()
        let encoder = TreeEncoder(node: element, path: path + [JSONKey(intValue: count)], recorder: recorder)
        node.elements.append(element)
        return encoder
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: Node
    let path: [JSONKey]
    let recorder: JSONValueEncoder

    var codingPath: [any CodingKey] { path }

    private func set(_ value: JSONValue) { node.kind = .value(value) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(.double(value)) }
    mutating func encode(_ value: Float) throws { set(Node.number(value)) }
    mutating func encode(_ value: Int) throws { set(.int(value)) }
    mutating func encode(_ value: Int8) throws { set(Node.number(value)) }
    mutating func encode(_ value: Int16) throws { set(Node.number(value)) }
    mutating func encode(_ value: Int32) throws { set(Node.number(value)) }
    mutating func encode(_ value: Int64) throws { set(Node.number(value)) }
    mutating func encode(_ value: UInt) throws { set(Node.number(value)) }
    mutating func encode(_ value: UInt8) throws { set(Node.number(value)) }
    mutating func encode(_ value: UInt16) throws { set(Node.number(value)) }
    mutating func encode(_ value: UInt32) throws { set(Node.number(value)) }
    mutating func encode(_ value: UInt64) throws { set(Node.number(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try recorder.encode(value, into: node, at: path)
    }
}
