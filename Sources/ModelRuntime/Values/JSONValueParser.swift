import Foundation

extension JSONValue {
    /// The deepest nesting ``init(parsing:maximumDepth:)`` accepts by default, as `JSONDecoder` does.
    public static let defaultMaximumDepth = 512

    /// Parses JSON text (UTF-8, an optional byte order mark first) in one pass, in time linear in its size and
    /// without recursion, so that neither a long document nor a deep one can exhaust the stack.
    ///
    /// Numbers keep their kind: `1` is an int, `1.5` a double, and `1.0` and `1e2` are ints, as ``init(from:)``
    /// reads them. An integer outside `Int`'s range that a double can't hold exactly is a ``bigInteger(_:)`` with
    /// all its digits. A number that
    /// doesn't fit a `Double` (`1e400`), nesting deeper than `maximumDepth`, invalid UTF-8 and any syntax error throw
    /// `DecodingError.dataCorrupted` whose coding path is where in the document it happened.
    public init(parsing data: Data, maximumDepth: Int = JSONValue.defaultMaximumDepth) throws {
        self = try data.withUnsafeBytes { raw in
            var parser = JSONValueParser(bytes: raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth)
            return try parser.parseDocument()
        }
    }
}

/// The parser behind ``JSONValue/init(parsing:maximumDepth:)``: a loop over the bytes with the open arrays and
/// objects on explicit stacks, so that depth costs heap, never stack.
private struct JSONValueParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var index = 0

    /// Which kind each open container is, outermost first.
    private var open: [Bool] = []  // true: an object
    /// The elements of each open array, outermost first; mutated in place so that appending stays amortized O(1).
    private var arrays: [[JSONValue]] = []
    /// The members of each open object, outermost first.
    private var objects: [[String: JSONValue]] = []
    /// The key whose value is being read, for each open object.
    private var keys: [String] = []
    /// Reused for strings with escapes.
    private var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = max(1, maximumDepth)
    }

    mutating func parseDocument() throws -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while true {
            skipWhitespace()
            var value: JSONValue
            switch peek() {
            case UInt8(ascii: "{"):
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    index += 1
                    value = .object([:])
                } else {
                    try push(object: true)
                    keys.append(try parseKey())
                    continue
                }
            case UInt8(ascii: "["):
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    try push(object: false)
                    continue
                }
            default:
                value = try parseScalar()
            }
            // Hand the finished value to the containers it closes, until one needs another value.
            while true {
                guard let isObject = open.last else {
                    skipWhitespace()
                    guard index == bytes.count else { throw failure("unexpected text after the JSON value") }
                    return value
                }
                if isObject {
                    objects[objects.count - 1][keys.removeLast()] = value
                } else {
                    arrays[arrays.count - 1].append(value)
                }
                skipWhitespace()
                let separator = peek()
                if separator == UInt8(ascii: ",") {
                    index += 1
                    if isObject {
                        skipWhitespace()
                        keys.append(try parseKey())
                    }
                    break
                }
                guard separator == UInt8(ascii: isObject ? "}" : "]") else {
                    throw failure(isObject ? "expected ',' or '}' after an object member" : "expected ',' or ']'")
                }
                index += 1
                open.removeLast()
                value = isObject ? .object(objects.removeLast()) : .array(arrays.removeLast())
            }
        }
    }

    private mutating func push(object: Bool) throws {
        guard open.count < maximumDepth else {
            throw failure("the document nests deeper than \(maximumDepth) levels")
        }
        open.append(object)
        if object { objects.append([:]) } else { arrays.append([]) }
    }

    /// A member's key and the colon after it.
    private mutating func parseKey() throws -> String {
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string key") }
        let key = try parseString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after the key \(quotedForMessage(key))") }
        index += 1
        return key
    }

    private mutating func parseScalar() throws -> JSONValue {
        guard let byte = peek() else { throw failure("the document ends where a value should be") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character where a value should be")
        }
    }

    private mutating func expect(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0
        else { throw failure("unexpected character where a value should be") }
        index += count
    }

    // MARK: Numbers

    private mutating func parseNumber() throws -> JSONValue {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let digitsStart = index
        var magnitude: UInt64 = 0
        var overflow = false
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            overflow = overflow || o1 || o2
            magnitude = sum
            index += 1
        }
        let digitCount = index - digitsStart
        guard digitCount > 0 else { index = start; throw failure("a number needs digits") }
        guard digitCount == 1 || bytes[digitsStart] != UInt8(ascii: "0") else {
            index = start
            throw failure("a number can't start with 0")
        }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard try skipDigits() > 0 else { throw failure("a number needs digits after '.'") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard try skipDigits() > 0 else { throw failure("a number needs digits in its exponent") }
        }
        if isInteger {
            if !overflow {
                if !negative, magnitude <= UInt64(Int.max) { return .int(Int(magnitude)) }
                if negative, magnitude <= UInt64(Int.max) + 1 { return .int(Int(truncatingIfNeeded: 0 &- magnitude)) }
            }
            let digits = text(from: start)
            guard let approximation = Double(digits) else { return .bigInteger(digits) }
            return JSONValue.bigInteger(digits, approximatedBy: approximation) ?? .double(approximation)
        }
        let literal = text(from: start)
        guard let number = Double(literal), number.isFinite else {
            index = start
            throw failure("the number \(literal.prefix(40)) is outside the range of Double")
        }
        if number == number.rounded(.towardZero), let integer = Int(exactly: number) { return .int(integer) }
        return .double(number)
    }

    private mutating func skipDigits() throws -> Int {
        let start = index
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    private func text(from start: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    // MARK: Strings

    private mutating func parseString() throws -> String {
        index += 1  // the opening quote
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if !ascii { try validateUTF8(from: start, to: index) }
                index += 1
                return String(decoding: slice, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start) }
            if byte < 0x20 { throw failure("a control character must be escaped in a string") }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        throw failure("the document ends inside a string")
    }

    /// The rest of a string that has escapes, decoded into `scratch`.
    private mutating func parseEscapedString(from start: Int) throws -> String {
        try validateUTF8(from: start, to: index)
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try validateUTF8(from: runStart, to: index)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try validateUTF8(from: runStart, to: index)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                try appendEscape()
                runStart = index
            case 0..<0x20:
                throw failure("a control character must be escaped in a string")
            default:
                index += 1
            }
        }
        throw failure("the document ends inside a string")
    }

    /// The escape after a backslash.
    private mutating func appendEscape() throws {
        guard let byte = peek() else { throw failure("the document ends inside a string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("a \\u escape holds half a surrogate pair") }
                index += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a \\u escape holds half a surrogate pair") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("a \\u escape holds half a surrogate pair")
            }
            scratch.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
            throw failure("unknown escape in a string")
        }
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Checks that `bytes[start..<end]` is well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
    private func validateUTF8(from start: Int, to end: Int) throws {
        var position = start
        while position < end {
            let lead = bytes[position]
            if lead < 0x80 {
                position += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: throw failure("a string is not valid UTF-8", at: position)
            }
            guard position + length <= end else { throw failure("a string is not valid UTF-8", at: position) }
            let second = bytes[position + 1]
            guard second >= lower, second <= upper else { throw failure("a string is not valid UTF-8", at: position) }
            for offset in 2..<max(2, length) where bytes[position + offset] & 0xC0 != 0x80 {
                throw failure("a string is not valid UTF-8", at: position)
            }
            position += length
        }
    }

    // MARK: Helpers

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// A `DecodingError` naming where in the document (the coding path of the open containers) and at which byte.
    private func failure(_ reason: String, at position: Int? = nil) -> DecodingError {
        var path: [JSONKey] = []
        var arrayIndex = 0
        var objectIndex = 0
        for isObject in open {
            if isObject {
                if objectIndex < keys.count { path.append(JSONKey(keys[objectIndex])) }
                objectIndex += 1
            } else {
                path.append(JSONKey(intValue: arrays[arrayIndex].count))
                arrayIndex += 1
            }
        }
        return DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: path,
                debugDescription: "\(reason) (at '\(path.keyPathForMessage)', byte \(position ?? index))"
            )
        )
    }
}
