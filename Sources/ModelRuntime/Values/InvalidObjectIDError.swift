/// Why a string isn't an ``ObjectID``, thrown by ``ObjectID/init(validating:)`` so that callers can report it.
public struct InvalidObjectIDError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the string.
    public enum Reason: Hashable, Sendable {
        /// The string has this many characters instead of 24.
        case wrongLength(Int)
        /// The character at this offset isn't a hexadecimal digit.
        case invalidCharacter(Unicode.Scalar, offset: Int)
    }

    /// The rejected string.
    public let value: String
    /// What is wrong with it.
    public let reason: Reason

    /// A message quoting the rejected string.
    public var description: String {
        switch reason {
        case .wrongLength(let count):
            "\(quotedForMessage(value)) is not an ObjectID: expected 24 hexadecimal characters, got \(count)"
        case .invalidCharacter(let scalar, let offset):
            "\(quotedForMessage(value)) is not an ObjectID: \(quotedForMessage(String(scalar))) at offset \(offset) is not a "
                + "hexadecimal digit"
        }
    }
}
