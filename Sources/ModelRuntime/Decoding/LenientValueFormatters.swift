import Foundation

/// An `Int` that the payload may send as a number, as text (`"42"`, `"3.7"`) or as a boolean, as RestKit converted
/// such values for an `NSInteger` or `NSNumber` property. The import from RestKit writes it; other models stay strict.
///
/// A fraction is truncated toward zero and `true`/`false` read as 1/0, as RestKit stored them; text that spells no
/// number and no boolean throws (RestKit stored 0). Encoding writes a JSON number, as RestKit serialized the property.
public enum LenientIntFormatter: ValueFormatter {
    /// Converts a number, a boolean, or text that spells one, to an `Int`.
    public static func value(from raw: JSONValue, userData: NoUserData) throws -> Int {
        switch LenientScalar(raw) {
        case .integer(let integer): return integer
        case .fraction(let fraction):
            guard let truncated = Int(exactly: fraction.rounded(.towardZero)) else {
                throw UnconvertibleValue(raw: raw, expected: "an integer in Int's range")
            }
            return truncated
        case .boolean(let boolean): return boolean ? 1 : 0
        case nil: throw UnconvertibleValue(raw: raw, expected: "an integer")
        }
    }

    /// The JSON number.
    public static func raw(from value: Int, userData: NoUserData) throws -> JSONValue {
        .int(value)
    }
}

/// A `Double` that the payload may send as a number, as text (`"37.62412"`) or as a boolean, as RestKit converted such
/// values for a `double`, `CGFloat` or `NSNumber` property. The import from RestKit writes it; other models stay strict.
///
/// Text that spells no number and no boolean throws (RestKit stored 0). Encoding writes a JSON number.
public enum LenientDoubleFormatter: ValueFormatter {
    /// Converts a number, a boolean, or text that spells one, to a `Double`.
    public static func value(from raw: JSONValue, userData: NoUserData) throws -> Double {
        switch LenientScalar(raw) {
        case .integer(let integer): return Double(integer)
        case .fraction(let fraction): return fraction
        case .boolean(let boolean): return boolean ? 1 : 0
        case nil: throw UnconvertibleValue(raw: raw, expected: "a number")
        }
    }

    /// The JSON number.
    public static func raw(from value: Double, userData: NoUserData) throws -> JSONValue {
        .double(value)
    }
}

/// A `Bool` that the payload may send as a boolean, a number (0 is `false`) or text: `true`/`false`, `t`/`f`,
/// `yes`/`no`, `y`/`n` in any case, or a number, as RestKit converted such values for a `BOOL` or `NSNumber`
/// property. The import from RestKit writes it; other models stay strict.
///
/// Encoding writes a JSON boolean.
public enum LenientBoolFormatter: ValueFormatter {
    /// Converts a boolean, a number, or text that spells one, to a `Bool`.
    public static func value(from raw: JSONValue, userData: NoUserData) throws -> Bool {
        switch LenientScalar(raw) {
        case .integer(let integer): return integer != 0
        case .fraction(let fraction): return fraction != 0
        case .boolean(let boolean): return boolean
        case nil: throw UnconvertibleValue(raw: raw, expected: "a boolean")
        }
    }

    /// The JSON boolean.
    public static func raw(from value: Bool, userData: NoUserData) throws -> JSONValue {
        .bool(value)
    }
}

/// A `String` that the payload may send as a number or a boolean, as RestKit converted them for an `NSString`
/// property (`42` → `"42"`, `true` → `"true"`). The import from RestKit writes it; other models stay strict.
///
/// Encoding writes a JSON string: the model keeps the text, not which kind of value the server sent.
public enum LenientStringFormatter: ValueFormatter {
    /// The text, or the number's or boolean's spelling.
    public static func value(from raw: JSONValue, userData: NoUserData) throws -> String {
        switch raw {
        case .string(let text): return text
        case .int(let integer): return String(integer)
        case .bigInteger(let digits): return digits
        case .double(let fraction): return LenientScalar.spelling(of: fraction)
        case .bool(let boolean): return boolean ? "true" : "false"
        case .null, .array, .object: throw UnconvertibleValue(raw: raw, expected: "text, a number or a boolean")
        }
    }

    /// The JSON string.
    public static func raw(from value: String, userData: NoUserData) throws -> JSONValue {
        .string(value)
    }
}

/// The error of the lenient formatters: a value that spells nothing the property can hold.
public struct UnconvertibleValue: Error, CustomStringConvertible {
    /// The value the payload sent.
    public var raw: JSONValue
    /// What the property holds.
    public var expected: String

    public var description: String { "expected \(expected), got \(raw)" }
}

/// A scalar read the way RestKit read it: a JSON number or boolean, or text that spells one.
enum LenientScalar {
    case integer(Int)
    case fraction(Double)
    case boolean(Bool)

    /// RestKit's words for booleans sent as text, compared in lower case.
    static let trueWords: Set<String> = ["true", "t", "yes", "y"]
    static let falseWords: Set<String> = ["false", "f", "no", "n"]

    init?(_ raw: JSONValue) {
        switch raw {
        case .int(let integer): self = .integer(integer)
        case .double(let fraction): self = .fraction(fraction)
        case .bool(let boolean): self = .boolean(boolean)
        case .string(let text):
            guard let scalar = Self(text: text) else { return nil }
            self = scalar
        case .null, .bigInteger, .array, .object: return nil
        }
    }

    /// A boolean word, an integer, or a finite decimal number, around blanks (RestKit's `longLongValue` and
    /// `doubleValue` skipped leading ones).
    private init?(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowercased = trimmed.lowercased()
        if Self.trueWords.contains(lowercased) {
            self = .boolean(true)
        } else if Self.falseWords.contains(lowercased) {
            self = .boolean(false)
        } else if let integer = Int(trimmed) {
            self = .integer(integer)
        } else if let fraction = Double(trimmed), fraction.isFinite {
            self = .fraction(fraction)
        } else {
            return nil
        }
    }

    /// A fraction's text as `NSNumber.stringValue` wrote it for a whole number (`3`, not `3.0`).
    static func spelling(of fraction: Double) -> String {
        if let whole = Int(exactly: fraction) { return String(whole) }
        return String(fraction)
    }
}
