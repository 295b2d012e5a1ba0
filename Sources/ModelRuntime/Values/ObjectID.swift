import Foundation

/// A MongoDB/Cortex object id: 24 hexadecimal characters.
///
/// Validated on creation so that a model never holds a malformed id, and stored lowercase so that ids compare equal
/// however the server cased them.
public struct ObjectID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// The id as 24 lowercase hexadecimal characters, the form Cortex sends and expects.
    public let description: String

    /// Creates an id from its 24 hexadecimal characters (any case), or returns `nil` when `description` isn't one.
    public init?(_ description: String) {
        guard let id = try? ObjectID(validating: description) else { return nil }
        self = id
    }

    /// Creates an id from its 24 hexadecimal characters (any case), throwing an ``InvalidObjectIDError`` that says
    /// what is wrong with `string` when it isn't one.
    public init(validating string: String) throws {
        var characterCount = 0
        for scalar in string.unicodeScalars {
            if characterCount < Self.length, !scalar.isHexDigit {
                throw InvalidObjectIDError(value: string, reason: .invalidCharacter(scalar, offset: characterCount))
            }
            characterCount += 1
        }
        guard characterCount == Self.length else {
            throw InvalidObjectIDError(value: string, reason: .wrongLength(characterCount))
        }
        description = string.lowercased()
    }

    /// The number of hexadecimal characters in an id.
    public static let length = 24

    /// The time the id was generated, from its leading four bytes (seconds since 1970); useful for ordering and
    /// display without another field.
    public var timestamp: Date {
        let seconds = UInt32(description.prefix(8), radix: 16) ?? 0
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Orders ids by their characters, which orders them by ``timestamp`` first.
    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool {
        lhs.description < rhs.description
    }

    /// Decodes an id from a JSON string; a string that isn't an id throws `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        do {
            try self.init(validating: string)
        } catch let error as InvalidObjectIDError {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: error.description, underlyingError: error)
            )
        }
    }

    /// Encodes the id as its string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Unicode.Scalar {
    /// `0-9 A-F a-f`.
    var isHexDigit: Bool {
        switch value {
        case 0x30...0x39, 0x41...0x46, 0x61...0x66: true
        default: false
        }
    }
}
