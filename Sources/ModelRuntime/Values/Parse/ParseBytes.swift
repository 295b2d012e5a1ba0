import Foundation

/// Binary data stored in a Parse field: `{"__type": "Bytes", "base64": "…"}`.
///
/// Keeps the base64 text as sent, so that it encodes back unchanged; ``data`` decodes it.
public struct ParseBytes: Codable, Hashable, Sendable {
    /// The bytes, base64-encoded.
    public var base64: String

    /// The bytes of `data`.
    public init(data: Data) {
        self.base64 = data.base64EncodedString()
    }

    /// Bytes given as base64 text.
    public init(base64: String) {
        self.base64 = base64
    }

    /// The bytes, or `nil` when the text isn't valid base64.
    public var data: Data? { Data(base64Encoded: base64) }

    /// Decodes `{"__type": "Bytes", "base64": …}`.
    public init(from decoder: any Decoder) throws {
        let container = try ParseTypedValue.container(
            decoder,
            type: "Bytes",
            describing: "Parse bytes {\"__type\": \"Bytes\", \"base64\": …}"
        )
        base64 = try container.decode(String.self, forKey: JSONKey("base64"))
    }

    /// Encodes `{"__type": "Bytes", "base64": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = try ParseTypedValue.container(encoder, type: "Bytes")
        try container.encode(base64, forKey: JSONKey("base64"))
    }
}
