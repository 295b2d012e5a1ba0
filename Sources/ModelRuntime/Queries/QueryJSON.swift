import Foundation

/// JSON whose objects keep their key order, so rendered queries are byte-for-byte deterministic and Cortex's
/// `sort` keeps the order its keys were given in.
public indirect enum QueryJSON: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A whole number past `Int`'s range, as its decimal digits (with a leading `-` when negative), written as they
    /// are: a value the server sent (``JSONValue/bigInteger(_:)``) goes back with every digit, never as a rounded or
    /// infinite double.
    case bigInteger(String)
    /// A number, written without a fraction when it is whole (`70`, not `70.0`).
    case double(Double)
    /// A string, escaped as JSON requires.
    case string(String)
    /// An array.
    case array([QueryJSON])
    /// An object whose members keep the order they were given in.
    case object([(key: String, value: QueryJSON)])

    /// Equal when of the same kind with equal contents; objects also need their keys in the same order.
    public static func == (lhs: QueryJSON, rhs: QueryJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.bigInteger(let a), .bigInteger(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    /// Hashes the serialized text, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(serialized)
    }

    /// True for an object with a key starting with `$`, which MongoDB-style filters read as operators.
    public var hasOperatorKeys: Bool {
        if case .object(let members) = self { return members.contains { $0.key.hasPrefix("$") } }
        return false
    }

    /// Compact JSON text (no spaces), as the wire formats write it.
    public var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        // Only digits are written as they are; text that is no integer (a value built in code) is written as `null`,
        // never as raw JSON. The dialects refuse such a value before it gets here (`containsNonFiniteNumber`).
        case .bigInteger(let digits): output += JSONValue.isInteger(digits) ? digits : "null"
        case .double(let value): output += Self.format(value)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Whole numbers without a fraction (`70`, not `70.0`); others in the shortest form that reads back the same.
    private static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output += String(format: "\\u%04x", scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// The same value as a `JSONValue` (key order is lost there).
    public var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .bigInteger(let digits): .bigInteger(digits)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .array(let elements): .array(elements.map(\.jsonValue))
        case .object(let members):
            .object(Dictionary(members.map { ($0.key, $0.value.jsonValue) }, uniquingKeysWith: { _, last in last }))
        }
    }

    /// A `JSONValue` as ordered JSON; object keys are sorted so the result does not depend on dictionary order.
    public init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .int(let int): self = .int(int)
        case .bigInteger(let digits): self = .bigInteger(digits)
        case .double(let double): self = .double(double)
        case .string(let string): self = .string(string)
        case .array(let elements): self = .array(elements.map(QueryJSON.init))
        case .object(let members):
            self = .object(members.sorted { $0.key < $1.key }.map { (key: $0.key, value: QueryJSON($0.value)) })
        }
    }
}
