/// Encodes an expanded reference target into the reference's own keyed container, leaving out the keys the
/// reference writes itself (`_id`, and `object`/`path` when known) so that no key is written twice.
///
/// Forwarding rather than encoding twice keeps this independent of how a particular encoder treats repeated keys
/// or repeated container requests.
final class ExpansionEncoder: Encoder {
    private let base: any Encoder
    private let skippedKeys: Set<String>
    private var keyedContainer: KeyedEncodingContainer<JSONKey>?
    private var requestedUnkeyedContainer = false

    init(wrapping base: any Encoder, skippingKeys skippedKeys: Set<String>) {
        self.base = base
        self.skippedKeys = skippedKeys
    }

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FilteringKeyedContainer<Key>(base: sharedKeyedContainer(), skippedKeys: skippedKeys))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        // An array can't carry `_id`; `finish()` reports it. The base container keeps the encoder in a valid state.
        requestedUnkeyedContainer = true
        return base.unkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ObjectOnlySingleValueContainer(encoder: self)
    }

    /// The container to add the reference's own keys to, or an error when the target didn't encode as an object.
    func finish() throws -> KeyedEncodingContainer<JSONKey> {
        if requestedUnkeyedContainer {
            throw EncodingError.invalidValue(
                [String](),
                .init(codingPath: codingPath, debugDescription: "An expanded reference target must encode as an object")
            )
        }
        return sharedKeyedContainer()
    }

    private func sharedKeyedContainer() -> KeyedEncodingContainer<JSONKey> {
        if let keyedContainer {
            return keyedContainer
        }
        let container = base.container(keyedBy: JSONKey.self)
        keyedContainer = container
        return container
    }

    /// Forwards the target's keys to the shared container, dropping the skipped ones.
    private struct FilteringKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var base: KeyedEncodingContainer<JSONKey>
        let skippedKeys: Set<String>

        var codingPath: [any CodingKey] { base.codingPath }

        private func isSkipped(_ key: Key) -> Bool { skippedKeys.contains(key.stringValue) }

        mutating func encodeNil(forKey key: Key) throws {
            if !isSkipped(key) { try base.encodeNil(forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: String, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: Int, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: Int8, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: Int16, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: Int32, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: Int64, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: UInt, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: UInt8, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: UInt16, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: UInt32, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode(_ value: UInt64, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            if !isSkipped(key) { try base.encode(value, forKey: JSONKey(key)) }
        }

        // Nested values belong to the target alone, so they are forwarded unfiltered.
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type,
            forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            base.nestedContainer(keyedBy: keyType, forKey: JSONKey(key))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            base.nestedUnkeyedContainer(forKey: JSONKey(key))
        }
        mutating func superEncoder() -> any Encoder {
            base.superEncoder()
        }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            base.superEncoder(forKey: JSONKey(key))
        }
    }

    /// Lets a target that encodes as a single dictionary-like value (such as ``JSONValue``) reach the keyed
    /// container, and rejects anything that isn't an object.
    private struct ObjectOnlySingleValueContainer: SingleValueEncodingContainer {
        let encoder: ExpansionEncoder

        var codingPath: [any CodingKey] { encoder.codingPath }

        func encode<T: Encodable>(_ value: T) throws {
            // A dictionary (or anything else) encodes itself into `encoder.container(keyedBy:)`.
            try value.encode(to: encoder)
        }

        private func notAnObject(_ value: Any) -> EncodingError {
            EncodingError.invalidValue(
                value,
                .init(codingPath: codingPath, debugDescription: "An expanded reference target must encode as an object")
            )
        }

        func encodeNil() throws { throw notAnObject(Optional<Any>.none as Any) }
        func encode(_ value: Bool) throws { throw notAnObject(value) }
        func encode(_ value: String) throws { throw notAnObject(value) }
        func encode(_ value: Double) throws { throw notAnObject(value) }
        func encode(_ value: Float) throws { throw notAnObject(value) }
        func encode(_ value: Int) throws { throw notAnObject(value) }
        func encode(_ value: Int8) throws { throw notAnObject(value) }
        func encode(_ value: Int16) throws { throw notAnObject(value) }
        func encode(_ value: Int32) throws { throw notAnObject(value) }
        func encode(_ value: Int64) throws { throw notAnObject(value) }
        func encode(_ value: UInt) throws { throw notAnObject(value) }
        func encode(_ value: UInt8) throws { throw notAnObject(value) }
        func encode(_ value: UInt16) throws { throw notAnObject(value) }
        func encode(_ value: UInt32) throws { throw notAnObject(value) }
        func encode(_ value: UInt64) throws { throw notAnObject(value) }
    }
}
