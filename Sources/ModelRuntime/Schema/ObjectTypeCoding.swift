/// Coding of Cortex `objectTypes`: the variant of an object is named by its `type` field, next to the
/// variant's own properties in the same JSON object.
public enum ObjectTypeCoding {
    private enum Key: String, CodingKey {
        case type
    }

    /// The `type` field of the object being decoded.
    public static func decodeType(from decoder: any Decoder) throws -> String {
        try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .type)
    }

    /// Encodes a variant's properties and its `type` into one JSON object.
    public static func encode<Variant: Encodable>(_ variant: Variant, type: String, to encoder: any Encoder) throws {
        try variant.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(type, forKey: .type)
    }
}
