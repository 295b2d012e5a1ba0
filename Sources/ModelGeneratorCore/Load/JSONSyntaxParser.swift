/// A strict JSON reader that builds the same `SyntaxNode`s, locations included, as reading the JSON through the
/// YAML parser does, in a fraction of the time (parsing a large export's JSON was a fifth of a run).
///
/// It accepts only what it can read exactly as YAML would, and the escapes of valid JSON that YAML has not (a
/// surrogate pair, NUL): anything else (a syntax error, a duplicate key, a number with an exponent but no fraction,
/// a tab, a lone carriage return or a byte-order mark) makes it return nil, and `DocumentParser` then reads the text
/// with Yams, which gives the value or the diagnostic it always gave.
struct JSONSyntaxParser {
    /// The text's UTF-8, borrowed for the parse (a large export's copy would be its size again in memory).
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private let lineOffset: Int
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Columns count Unicode scalars, as Yams's marks do; a line with non-ASCII text before an index needs a count.
    private var lineIsASCII = true

    /// The document in `text`, or nil when it isn't JSON this reader reproduces exactly.
    static func parse(_ text: String, file: String, lineOffset: Int) -> SyntaxNode? {
        // YAML rejects characters JSON allows (and reads a lone carriage return as a line break): such text is
        // Yams's to judge. A carriage return before a line feed (a file written on Windows) is whitespace in both.
        let utf8 = text.utf8
        if utf8.indices.contains(where: {
            utf8[$0] == UInt8(ascii: "\r") && utf8.index(after: $0) != utf8.endIndex
                && utf8[utf8.index(after: $0)] != UInt8(ascii: "\n")
        }) {
            return nil
        }
        if utf8.last == UInt8(ascii: "\r") { return nil }
        if utf8.contains(where: { $0 >= 0x80 }), !text.unicodeScalars.allSatisfy(isYAMLPrintable) { return nil }
        var text = text
        return text.withUTF8 { bytes in
            var parser = JSONSyntaxParser(bytes: bytes, file: file, lineOffset: lineOffset)
            parser.skipWhitespace()
            guard let root = parser.value(depth: 0) else { return nil }
            parser.skipWhitespace()
            return parser.index == parser.bytes.count ? root : nil
        }
    }

    /// YAML's printable characters: tab, line feed, carriage return and the printable ranges of Unicode.
    private static func isYAMLPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String, lineOffset: Int) {
        self.bytes = bytes
        self.file = file
        self.lineOffset = lineOffset
    }

    private var location: SourceLocation {
        let column =
            lineIsASCII
            ? index - lineStart + 1
            : String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<index]), as: UTF8.self)
                .unicodeScalars.count + 1
        return SourceLocation(file: file, line: line + lineOffset, column: column)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            // A carriage return is here only before a line feed (`parse` checks), which ends the line.
            case UInt8(ascii: " "), UInt8(ascii: "\r"): index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
                lineIsASCII = true
            default: return
            }
        }
    }

    private mutating func value(depth: Int) -> SyntaxNode? {
        guard index < bytes.count, depth < 500 else { return nil }
        let start = location
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var entries: [SyntaxNode.Entry] = []
            var names: Set<String> = []
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return SyntaxNode(.mapping(entries), at: start) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                guard names.insert(key.scalarText ?? "").inserted else { return nil }
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { return nil }
                skipWhitespace()
                guard let member = value(depth: depth + 1) else { return nil }
                entries.append(SyntaxNode.Entry(key: key, value: member))
                skipWhitespace()
                if consume(UInt8(ascii: "}")) { return SyntaxNode(.mapping(entries), at: start) }
                guard consume(UInt8(ascii: ",")) else { return nil }
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [SyntaxNode] = []
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return SyntaxNode(.sequence(elements), at: start) }
            while true {
                skipWhitespace()
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                skipWhitespace()
                if consume(UInt8(ascii: "]")) { return SyntaxNode(.sequence(elements), at: start) }
                guard consume(UInt8(ascii: ",")) else { return nil }
            }
        case UInt8(ascii: "\""):
            return string()
        case UInt8(ascii: "t"):
            return literal("true", .bool, at: start)
        case UInt8(ascii: "f"):
            return literal("false", .bool, at: start)
        case UInt8(ascii: "n"):
            return literal("null", .null, at: start)
        default:
            return number(at: start)
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func literal(
        _ word: String,
        _ kind: SyntaxNode.ScalarKind,
        at start: SourceLocation
    )
        -> SyntaxNode?
    {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, bytes[index..<(index + utf8.count)].elementsEqual(utf8) else {
            return nil
        }
        index += utf8.count
        return SyntaxNode(.scalar(word, kind), at: start)
    }

    /// `-?(0|[1-9][0-9]*)` is an int; with a fraction (and any exponent) a double. An exponent without a fraction
    /// is left to Yams, whose core schema reads such scalars its own way.
    private mutating func number(at start: SourceLocation) -> SyntaxNode? {
        let begin = index
        _ = consume(UInt8(ascii: "-"))
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        var kind = SyntaxNode.ScalarKind.int
        if consume(UInt8(ascii: ".")) {
            guard digits() > 0 else { return nil }
            kind = .double
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
                guard digits() > 0 else { return nil }
            }
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            return nil
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[begin..<index]), as: UTF8.self)
        return SyntaxNode(.scalar(text, kind), at: start)
    }

    /// The code point of the `\uXXXX` escape whose four digits start at `index` (its `\u` read), with the low half
    /// of a surrogate pair when it is the high half; nil for digits that aren't hexadecimal and a lone surrogate.
    private mutating func escapedScalar() -> Unicode.Scalar? {
        guard let high = hexQuad() else { return nil }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { return nil }
        index += 2
        guard let low = hexQuad(), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    /// The four hexadecimal digits at `index`, read.
    private mutating func hexQuad() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            value = value * 16 + UInt32(digit)
        }
        index += 4
        return value
    }

    private mutating func string() -> SyntaxNode? {
        let start = location
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return SyntaxNode(.scalar(String(decoding: text, as: UTF8.self), .string), at: start)
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { return nil }
                index += 2
                switch bytes[index - 1] {
                case UInt8(ascii: "\""): text.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): text.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): text.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    // JSON escapes a code point outside the Basic Multilingual Plane as a surrogate pair, as Python's
                    // `json.dumps` writes every emoji, and may escape NUL; YAML has neither, so this reader decodes
                    // them. A lone surrogate is no code point: Yams reports it, where it is.
                    guard let scalar = escapedScalar() else { return nil }
                    text.append(contentsOf: String(scalar).utf8)
                default: return nil
                }
            case 0..<0x20, 0x7F:
                return nil
            default:
                if byte >= 0x80 { lineIsASCII = false }
                text.append(byte)
                index += 1
            }
        }
        return nil
    }
}
