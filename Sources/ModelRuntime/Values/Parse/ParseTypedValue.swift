import Foundation

/// Reads and writes the `{"__type": …}` objects Parse uses for values plain JSON has no type for.
enum ParseTypedValue {
    /// The keyed container of a Parse value whose `__type` must be `type`; anything else throws with the path.
    static func container(
        _ decoder: any Decoder,
        type: String,
        describing description: String
    ) throws -> KeyedDecodingContainer<JSONKey> {
        let container: KeyedDecodingContainer<JSONKey>
        do {
            container = try decoder.container(keyedBy: JSONKey.self)
        } catch DecodingError.typeMismatch(_, let context) {
            throw DecodingError.typeMismatch(
                [String: JSONValue].self,
                .init(codingPath: context.codingPath, debugDescription: "Expected \(description)")
            )
        }
        let found = try container.decode(String.self, forKey: JSONKey("__type"))
        guard found == type else {
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey("__type"),
                in: container,
                debugDescription: "Expected \(description), got a Parse \(quotedForMessage(found))"
            )
        }
        return container
    }

    /// A keyed container that starts with `"__type": type`.
    static func container(_ encoder: any Encoder, type: String) throws -> KeyedEncodingContainer<JSONKey> {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(type, forKey: JSONKey("__type"))
        return container
    }
}
