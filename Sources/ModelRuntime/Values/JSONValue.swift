import Foundation

/// Any JSON value, for Cortex `Any` properties and for keeping keys a model doesn't know so re-encoding loses nothing.
///
/// Decoding keeps JSON's own kinds apart: `true` stays a bool, `1` an int and `1.5` a double (a number written with
/// an integral value such as `1.0` or `1e2` becomes an int, as JSON doesn't distinguish them). An integer outside
/// `Int`'s range is a double when a double holds it exactly (`1e20`) and otherwise keeps its digits as a
/// ``bigInteger(_:)`` rather than becoming an approximate double. Through `JSONDecoder`, which reads numbers into
/// `Decimal`, a big integer keeps up to 38 significant digits; ``init(parsing:maximumDepth:)`` keeps all of them.
///
/// ``init(parsing:maximumDepth:)`` reads JSON bytes in linear time without recursion; ``jsonData(sortedKeys:)``
/// writes any depth, and ``decoded(as:)`` decodes a model from the tree at any depth in linear time. Through
/// `Codable`, `JSONDecoder` and `JSONEncoder` nest at most ``defaultMaximumDepth`` levels, and deeper values are an
/// error, not a crash; `JSONDecoder` also takes time cubic in the depth, since each kind tried builds its coding path.
public enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case int(Int)
    /// An integer outside `Int`'s range, as its decimal digits (a `-` first when negative).
    case bigInteger(String)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value for `key` when this is an object, else `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` when this is an array and the index is in range, else `nil`.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// The string when this is a string.
    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The integer when this is an int, or a double with an exactly representable integral value.
    public var intValue: Int? {
        switch self {
        case .int(let value): value
        case .double(let value): Int(exactly: value)
        default: nil
        }
    }

    /// The number when this is a double or an int (a big integer rounded to the nearest double), since JSON has one
    /// number type.
    public var doubleValue: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        case .bigInteger(let digits): Double(digits)
        default: nil
        }
    }

    /// The bool when this is a bool (numbers are not treated as bools).
    public var boolValue: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    /// The elements when this is an array.
    public var arrayValue: [JSONValue]? {
        guard case .array(let value) = self else { return nil }
        return value
    }

    /// The members when this is an object.
    public var objectValue: [String: JSONValue]? {
        guard case .object(let value) = self else { return nil }
        return value
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        self == .null
    }

    /// Decodes whichever JSON kind is present. Each kind is tried once, the most common first, and only a value of
    /// another kind fails a try, so that decoding stays linear; errors inside an array or object surface with their
    /// coding path, and a number that fits no Swift type says so, where it is.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let text = try Self.decodeString(container, decoder.codingPath) {
            self = .string(text)
        } else if let number = try Self.decodeNumber(container, decoder.codingPath) {
            self = number
        } else if let members = try? decoder.container(keyedBy: JSONKey.self) {
            var object: [String: JSONValue] = [:]
            object.reserveCapacity(members.allKeys.count)
            for key in members.allKeys { object[key.stringValue] = try members.decode(JSONValue.self, forKey: key) }
            self = .object(object)
        } else if var elements = try? decoder.unkeyedContainer() {
            var array: [JSONValue] = []
            array.reserveCapacity(elements.count ?? 0)
            while !elements.isAtEnd { array.append(try elements.decode(JSONValue.self)) }
            self = .array(array)
        } else {
            self = .bool(try container.decode(Bool.self))
        }
    }

    /// The number in `container`, or `nil` when it holds another kind. An integral value is an int when it fits, and
    /// a big integer (its digits, as `Decimal` reads them) when it doesn't and a double would round it.
    /// The string, or nil when the value is not one. A string the decoder can't read (bytes that are not UTF-8,
    /// half a surrogate pair) is an error at its coding path (`JSONDecoder` reports one for the whole document),
    /// not a value of another kind: tried as the next kinds, it would be reported as no bool.
    private static func decodeString(
        _ container: any SingleValueDecodingContainer,
        _ codingPath: [any CodingKey]
    ) throws -> String? {
        do {
            return try container.decode(String.self)
        } catch DecodingError.typeMismatch {
            return nil
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "the string at '\(codingPath.map { JSONKey($0) }.keyPathForMessage)' is not valid JSON text "
                        + "(bytes that are not UTF-8, or half a surrogate pair)",
                    underlyingError: error
                )
            )
        }
    }

    private static func decodeNumber(
        _ container: any SingleValueDecodingContainer,
        _ codingPath: [any CodingKey]
    ) throws -> JSONValue? {
        let number: Double
        do {
            number = try container.decode(Double.self)
        } catch DecodingError.typeMismatch {
            return nil
        } catch {
            // A number Double can't hold. `JSONDecoder` reads one too small for it (`1e-400`) as the int 0, as
            // `JSONSerialization` does; one too large is an error here, where its coding path is known (`JSONDecoder`
            // would otherwise report "not valid JSON" for the whole document).
            if let integer = try? container.decode(Int.self) { return .int(integer) }
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "the number at '\(codingPath.map { JSONKey($0) }.keyPathForMessage)' is outside the range of "
                        + "Double",
                    underlyingError: error
                )
            )
        }
        guard number == number.rounded(.towardZero) else { return .double(number) }
        // Below 2^53 a double holds every integer exactly; above, only the text has the digits.
        if abs(number) < 9_007_199_254_740_992 { return .int(Int(number)) }
        if let integer = try? container.decode(Int.self) { return .int(integer) }
        if let decimal = try? container.decode(Decimal.self) {
            let digits = decimal.description
            if let integer = Int(digits) { return .int(integer) }
            if let big = bigInteger(digits, approximatedBy: number) { return big }
        }
        return Int(exactly: number).map(JSONValue.int) ?? .double(number)
    }

    /// Encodes the value as the JSON kind it holds. Arrays and objects nested deeper than ``defaultMaximumDepth``
    /// levels are an error (the encoder would otherwise recurse until the stack overflows); ``jsonData(sortedKeys:)``
    /// writes any depth.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .bigInteger(let digits):
            // `Decimal` is the one type encoders write as a number with all its digits; it holds up to 38.
            guard Self.isInteger(digits), digits.utf8.count <= 39, let decimal = Decimal(string: digits) else {
                throw EncodingError.invalidValue(
                    self,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription: "\(digits.prefix(60)) is not an integer of at most 38 digits, which is "
                            + "all an Encoder can write; JSONValue.jsonData() writes longer ones"
                    )
                )
            }
            try container.encode(decimal)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value):
            try Self.checkDepth(encoder)
            try container.encode(value)
        case .object(let value):
            try Self.checkDepth(encoder)
            try container.encode(value)
        }
    }

    /// `.bigInteger(digits)` when `digits` is an integer that `approximation` (the nearest double) doesn't stand
    /// for, so that no digit is lost; `nil` when the double holds it exactly or is how it was written.
    static func bigInteger(_ digits: String, approximatedBy approximation: Double) -> JSONValue? {
        guard isInteger(digits) else { return nil }
        guard approximation.isFinite else { return .bigInteger(digits) }
        // The double's exact value, or its shortest form written out (as `JSONEncoder` writes doubles): either means
        // the text is that double and nothing is lost.
        let exact =
            String(format: "%.0f", approximation) == digits
            || Decimal(string: approximation.description)?.description == digits
        return exact ? nil : .bigInteger(digits)
    }

    /// Whether `text` is an integer as JSON writes it: an optional `-`, then digits.
    static func isInteger(_ text: String) -> Bool {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        // JSON's integers: no leading zero but `0` itself.
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            && (digits.count == 1 || digits.first != UInt8(ascii: "0"))
    }

    private static func checkDepth(_ encoder: any Encoder) throws {
        let path = encoder.codingPath
        guard path.count >= defaultMaximumDepth else { return }
        // Not the value itself: describing thousands of levels would recurse as deep as encoding them.
        throw EncodingError.invalidValue(
            "a JSON array or object",
            EncodingError.Context(
                codingPath: path,
                debugDescription: "the value nests deeper than \(defaultMaximumDepth) levels; JSONValue.jsonData() "
                    + "writes any depth"
            )
        )
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// Creates `null`.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates a bool.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates an int.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates a double.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates a string.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates an array.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates an object; when a key repeats, the last value wins, as in JSON parsers.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
