// The same keyed container read through another key type, so that a model decoding through `MemberKey` reads its key
// paths through `JSONKey`'s helpers without opening its object a second time.

/// A keyed decoding container that reads `Base`'s container through keys of type `Key`: each call makes the base's
/// key of the same name.
///
/// A mapped model decodes through `MemberKey`, which lists only the members it doesn't read, and reads its key paths,
/// defaults and formatters through the helpers of a `JSONKey` container. Asking the decoder for a second container
/// would make `JSONDecoder` read every member of the object again; this view reads the one already open.
struct RekeyedDecodingContainer<Base: NamedCodingKey, Key: NamedCodingKey>: KeyedDecodingContainerProtocol {
    let base: KeyedDecodingContainer<Base>

    var codingPath: [any CodingKey] { base.codingPath }

    /// What the base lists, each made a `Key` as a decoder makes one (`init?(stringValue:)`): read through
    /// `MemberKey`, only the members its model doesn't read, whichever key the base has.
    var allKeys: [Key] { base.allKeys.compactMap { Key(stringValue: $0.stringValue) } }

    private func baseKey(_ key: Key) -> Base { Base(key.stringValue) }

    func contains(_ key: Key) -> Bool { base.contains(baseKey(key)) }

    func decodeNil(forKey key: Key) throws -> Bool { try base.decodeNil(forKey: baseKey(key)) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try base.decode(type, forKey: baseKey(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try base.decode(type, forKey: baseKey(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try base.decode(type, forKey: baseKey(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try base.decode(type, forKey: baseKey(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try base.decode(type, forKey: baseKey(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try base.decode(type, forKey: baseKey(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try base.decode(type, forKey: baseKey(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try base.decode(type, forKey: baseKey(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try base.decode(type, forKey: baseKey(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try base.decode(type, forKey: baseKey(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try base.decode(type, forKey: baseKey(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try base.decode(type, forKey: baseKey(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try base.decode(type, forKey: baseKey(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try base.decode(type, forKey: baseKey(key)) }
    // The protocol's own 128-bit reads throw that the decoder has none, where the base's decoder has them.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try base.decode(type, forKey: baseKey(key)) }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try base.decode(type, forKey: baseKey(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try base.decode(type, forKey: baseKey(key))
    }

    // The optional reads are the base's own, which look the key up once; the protocol's defaults would look it up
    // three times.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try base.decodeIfPresent(type, forKey: baseKey(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try base.nestedContainer(keyedBy: type, forKey: baseKey(key))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try base.nestedUnkeyedContainer(forKey: baseKey(key))
    }

    func superDecoder() throws -> any Decoder { try base.superDecoder() }

    func superDecoder(forKey key: Key) throws -> any Decoder { try base.superDecoder(forKey: baseKey(key)) }
}

extension KeyedDecodingContainer where Key: NamedCodingKey {
    /// This container read through keys of type `OtherKey`, without the decoder opening its object again: a mapped
    /// model decodes through `MemberKey` and reads its key paths, defaults and formatters through `JSONKey`'s
    /// helpers. Listing its keys lists what this container lists that `OtherKey` makes a key of: through
    /// `MemberKey`, only the members its model doesn't read.
    public func keyed<OtherKey: NamedCodingKey>(by type: OtherKey.Type) -> KeyedDecodingContainer<OtherKey> {
        KeyedDecodingContainer<OtherKey>(RekeyedDecodingContainer<Key, OtherKey>(base: self))
    }
}
