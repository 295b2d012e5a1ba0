// Helpers for types that model some keys of a JSON object and keep the rest, so that re-encoding loses nothing.

extension KeyedDecodingContainer where Key == JSONKey {
    /// Decodes `key` when present and not `null`; an explicit `null` is recorded in `additionalProperties` so that it
    /// is encoded again.
    func decodeModeledKey<Value: Decodable>(
        _ type: Value.Type,
        _ key: String,
        additionalProperties: inout [String: JSONValue]
    ) throws -> Value? {
        let codingKey = JSONKey(key)
        guard contains(codingKey) else { return nil }
        if try decodeNil(forKey: codingKey) {
            additionalProperties[key] = .null
            return nil
        }
        return try decodeLocatingErrors(type, forKey: codingKey)
    }
}

extension KeyedDecodingContainer {
    /// Every member whose key is not in `modeledKeys`, in the order `allKeys` lists them: the one filter of the
    /// types that keep what they don't model (generated models' ``UnknownMembers``, ``FileValue``, ``Facet``,
    /// ``PendingUpload``).
    func unmodeledMembers(excluding modeledKeys: Set<String>) throws -> [UnknownMembers.Member] {
        try allKeys.filter { !modeledKeys.contains($0.stringValue) }.map { key in
            UnknownMembers.Member(key: key.stringValue, value: try decode(JSONValue.self, forKey: key))
        }
    }

    /// Every key not in `modeledKeys`, with its value.
    func unmodeledKeys(excluding modeledKeys: Set<String>) throws -> [String: JSONValue] {
        Dictionary(try unmodeledMembers(excluding: modeledKeys).map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
    }
}

extension KeyedEncodingContainer where Key == JSONKey {
    /// Encodes `value` under `key` unless it is `nil`, noting the key in `writtenKeys`.
    mutating func encodeModeledKey(
        _ value: (some Encodable)?,
        _ key: String,
        writtenKeys: inout Set<String>
    ) throws {
        guard let value else { return }
        try encode(value, forKey: JSONKey(key))
        writtenKeys.insert(key)
    }

    /// Encodes the kept keys that a modeled value hasn't already written.
    mutating func encodeUnmodeledKeys(_ values: [String: JSONValue], except writtenKeys: Set<String>) throws {
        for (key, value) in values where !writtenKeys.contains(key) {
            try encode(value, forKey: JSONKey(key))
        }
    }
}
