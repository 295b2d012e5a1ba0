import Foundation

/// A UUID as the server spells it (Cortex's `UUID` properties are lowercase), kept as sent.
///
/// Foundation's `UUID` would encode back in uppercase; this keeps the server's text, so a decoded value encodes back
/// unchanged, and checks it is a UUID.
public struct UUIDString: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The UUID's text, as the server sent it.
    public let description: String

    /// The UUID's text, or `nil` when `text` isn't a UUID.
    public init?(_ text: String) {
        guard UUID(uuidString: text) != nil else { return nil }
        description = text
    }

    /// A new UUID, spelled in lowercase as Cortex writes them.
    public init(_ uuid: UUID = UUID()) {
        description = uuid.uuidString.lowercased()
    }

    /// The UUID.
    public var uuid: UUID { UUID(uuidString: description)! }

    /// Decodes a UUID string; anything else throws `DecodingError.dataCorrupted` quoting it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = UUIDString(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected a UUID such as \"9d2a6c4e-0f1b-11ee-be56-0242ac120002\", got \(quotedForMessage(text))"
            )
        }
        self = value
    }

    /// Encodes the text as it was given.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
