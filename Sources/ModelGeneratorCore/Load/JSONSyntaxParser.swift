/// A strict JSON reader that builds the same `SyntaxNode`s, locations included, as reading the JSON through the
/// YAML parser does, in a fraction of the time (parsing a large export's JSON was a fifth of a run).
///
/// It reads every valid JSON document (RFC 8259) itself, also what the YAML parser refuses or reads another way:
/// tabs, escaped surrogate pairs and NUL, and raw characters YAML doesn't print (DEL, U+FFFE). Invalid JSON, a
/// duplicate key and a lone surrogate make it step aside, and `DocumentParser` then reads the text with Yams, which
/// gives the diagnostic it always gave; a line break inside a string, which YAML would fold into a space, and arrays
/// and objects nested past ``DocumentParser/nestingLimit``, it refuses itself.
struct JSONSyntaxParser {
    /// The text's UTF-8, borrowed for the parse (a large export's copy would be its size again in memory).
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private let lineOffset: Int
    private var index = 0
    private var line = 1
    private var columns = LineColumns()
    /// Set where the text is no JSON in a way the YAML parser would read as something else.
    private var refusal: Diagnostic?

    /// The document in `text`; a diagnostic for JSON the YAML parser would misread; nil for text to leave to it.
    static func parse(_ text: String, file: String, lineOffset: Int) -> Result<SyntaxNode, Diagnostic>? {
        var text = text
        return text.withUTF8 { bytes in
            var parser = JSONSyntaxParser(bytes: bytes, file: file, lineOffset: lineOffset)
            // A byte-order mark counts as a column on the first line, as the YAML parser's marks count it.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            parser.skipWhitespace()
            let root = parser.value(depth: 0)
            if let refusal = parser.refusal { return .failure(refusal) }
            parser.skipWhitespace()
            guard let root, parser.index == parser.bytes.count else { return nil }
            return .success(root)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String, lineOffset: Int) {
        self.bytes = bytes
        self.file = file
        self.lineOffset = lineOffset
    }

    /// Where `index` is.
    private mutating func location() -> SourceLocation {
        SourceLocation(file: file, line: line + lineOffset, column: columns.column(of: index, in: bytes) + 1)
    }

    /// A line starts at `index`.
    private mutating func startLine() {
        line += 1
        columns.startLine(at: index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            // A carriage return before a line feed (a file written on Windows) and the line feed end one line; a
            // carriage return alone ends one too, as the YAML parser reads it.
            case UInt8(ascii: "\r") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n"):
                index += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
                startLine()
            default: return
            }
        }
    }

    /// The value at `index`, inside `depth` arrays and objects. Each level is a call: an array or object past
    /// ``DocumentParser/nestingLimit`` is refused rather than read.
    private mutating func value(depth: Int) -> SyntaxNode? {
        guard index < bytes.count else { return nil }
        let start = location()
        if depth == DocumentParser.nestingLimit, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[")
        {
            refusal = DocumentParser.nestingTooDeep(file: file, at: start)
            return nil
        }
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

    /// `-?(0|[1-9][0-9]*)` is an int; with a fraction or an exponent, a double.
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
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard digits() > 0 else { return nil }
            kind = .double
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
        let start = location()
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
            // JSON allows no raw control character in a string. A tab is kept as it is (the YAML parser, which
            // reads tabs as spaces here, made it one), and a line break is refused: YAML would fold it into a space.
            case UInt8(ascii: "\t"):
                text.append(byte)
                index += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                refusal = Diagnostic(
                    .error,
                    "malformed JSON: a line break inside a string must be written as \\n",
                    at: location()
                )
                return nil
            case 0..<0x20:
                return nil
            default:
                text.append(byte)
                index += 1
                // NEL, LS and PS are text in JSON, and line breaks to the YAML parser (YAML 1.1), whose marks count
                // lines after them: as the locations do.
                let breakLength =
                    switch byte {
                    case 0xC2 where index < bytes.count && bytes[index] == 0x85: 1
                    case 0xE2
                    where index + 1 < bytes.count && bytes[index] == 0x80 && (0xA8...0xA9).contains(bytes[index + 1]): 2
                    default: 0
                    }
                if breakLength > 0 {
                    text.append(contentsOf: bytes[index..<index + breakLength])
                    index += breakLength
                    startLine()
                }
            }
        }
        return nil
    }
}
