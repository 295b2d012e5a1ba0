import Foundation

/// The value of a Cortex `UUID` property, kept as the server sent it.
///
/// Foundation's `UUID` would encode back in uppercase (Cortex writes lowercase) and would refuse text that isn't a
/// UUID, which real data holds (Medable's own tools write keys such as `"key-001"` into `c_key`). This keeps the text,
/// so a decoded value encodes back unchanged, and ``uuid`` reads it as a UUID when it is one.
public struct UUIDString: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The text, as the server sent it.
    public let description: String

    /// The value `text`.
    public init(_ text: String) {
        description = text
    }

    /// A UUID, spelled in lowercase as Cortex writes them.
    public init(_ uuid: UUID = UUID()) {
        description = uuid.uuidString.lowercased()
    }

    /// The text as a UUID, or `nil` when it isn't one.
    public var uuid: UUID? { UUID(uuidString: description) }

    /// Decodes a string.
    public init(from decoder: any Decoder) throws {
        description = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the text as it was given.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
