/// A strict JSON reader that builds the same `SyntaxNode`s, locations included, as reading the JSON through the
/// YAML parser does, in a fraction of the time (parsing a large export's JSON was a fifth of a run).
///
/// It reads every valid JSON document (RFC 8259) itself, also what the YAML parser refuses or reads another way:
/// tabs between tokens, escaped surrogate pairs and NUL, and raw characters YAML doesn't print (DEL, U+FFFE). A line
/// break inside a string, which YAML would fold into a space, and arrays and objects nested past
/// ``DocumentParser/nestingLimit``, it refuses itself. Text that is no JSON it answers with where and why
/// (``Reading/notJSON(_:)``): a trailing comma, a single-quoted string, an unquoted key, a comment, `NaN`, a `+` or
/// hexadecimal number, a YAML escape, a raw tab inside a string. YAML's flow
/// syntax reads all of these, and no backend's JSON reader does (Node's `JSON.parse`, which mdctl, Mia-Platform's
/// CRUD service and Parse Server read their files with, refuses each), so `DocumentParser` makes it an error.
struct JSONSyntaxParser {
    /// What the text is to this reader.
    enum Reading {
        /// The document.
        case document(SyntaxNode)
        /// Nothing but whitespace.
        case empty
        /// JSON the YAML parser would misread, or nested too deep: the error to report.
        case refused(Diagnostic)
        /// No JSON: the first place where it stops being JSON, and why.
        case notJSON(Diagnostic)
    }

    /// A place in the text, with what `location(of:)` needs to name its line and column later.
    private struct Mark {
        var index: Int
        var line: Int
        var columns: LineColumns
    }

    /// The text's UTF-8, borrowed for the parse (a large export's copy would be its size again in memory).
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private let lineOffset: Int
    private var index = 0
    private var line = 1
    private var columns = LineColumns()
    /// Set where the text is no JSON in a way the YAML parser would read as something else.
    private var refusal: Diagnostic?
    /// Set where the text stops being JSON: the first such place, as every later step only returns.
    private var problem: Diagnostic?

    /// The document in `text`; a diagnostic for JSON the YAML parser would misread; nil for text that is no JSON.
    static func parse(_ text: String, file: String, lineOffset: Int) -> Result<SyntaxNode, Diagnostic>? {
        switch read(text, file: file, lineOffset: lineOffset) {
        case .document(let node): .success(node)
        case .refused(let diagnostic): .failure(diagnostic)
        case .empty, .notJSON: nil
        }
    }

    /// What `text` is: a document, nothing, JSON to refuse, or no JSON (and where).
    static func read(_ text: String, file: String, lineOffset: Int) -> Reading {
        var text = text
        return text.withUTF8 { bytes in
            var parser = JSONSyntaxParser(bytes: bytes, file: file, lineOffset: lineOffset)
            // A byte-order mark counts as a column on the first line, as the YAML parser's marks count it.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            parser.skipWhitespace()
            if parser.index == parser.bytes.count { return .empty }
            let root = parser.value(depth: 0)
            if let refusal = parser.refusal { return .refused(refusal) }
            if let root {
                parser.skipWhitespace()
                if parser.index == parser.bytes.count { return .document(root) }
                if !parser.isComment() {
                    parser.fail("more text after the document's value, where a JSON file holds one value")
                }
            }
            return .notJSON(
                parser.problem ?? Diagnostic(.error, "malformed JSON", at: .start(of: file))
            )
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

    /// Where `index` is, kept to be named later.
    private func mark() -> Mark {
        Mark(index: index, line: line, columns: columns)
    }

    private func location(of mark: Mark) -> SourceLocation {
        var columns = mark.columns
        return SourceLocation(
            file: file,
            line: mark.line + lineOffset,
            column: columns.column(of: mark.index, in: bytes) + 1
        )
    }

    /// Notes that the text stops being JSON at `mark` (at `index` without one), unless an inner step noted where
    /// already; nil, for the step to return.
    @discardableResult
    private mutating func fail(_ message: String, at mark: Mark? = nil, hint: String? = nil) -> SyntaxNode? {
        if problem == nil {
            let place = mark.map { location(of: $0) } ?? location()
            problem = Diagnostic(.error, "malformed JSON: \(message)", at: place, hint: hint)
        }
        return nil
    }

    /// Whether a comment starts at `index`: `#` (YAML's, which the YAML parser skipped), `//` or `/*`. JSON has none;
    /// it is noted as the problem.
    private mutating func isComment() -> Bool {
        guard index < bytes.count else { return false }
        let isComment =
            bytes[index] == UInt8(ascii: "#")
            || (bytes[index] == UInt8(ascii: "/") && index + 1 < bytes.count
                && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")))
        if isComment { fail("JSON allows no comments", hint: "remove the comment, or keep the file as YAML (.yaml)") }
        return isComment
    }

    /// The text from `start` up to the next whitespace, comma, bracket, brace, quote or (unless `throughColons`, for
    /// a number such as YAML's `12:30`) colon, or that character alone where it is at `start`: a word written where
    /// a value or key should be. At most 40 bytes of it, cut at a character's start.
    private func word(from start: Int, throughColons: Bool = false) -> String {
        var end = start
        scan: while end < bytes.count, end - start < 40 {
            switch bytes[end] {
            case UInt8(ascii: ":") where throughColons:
                end += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","),
                UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""),
                UInt8(ascii: ":"):
                break scan
            default:
                end += 1
            }
        }
        if end == start, start < bytes.count { end += 1 }
        while end < bytes.count, end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// What is at `index` where a value should be, which no value starts with: the problem, named.
    private mutating func notAValue() -> SyntaxNode? {
        guard index < bytes.count else { return fail("the text ends where a value should be") }
        if isComment() { return nil }
        let found = word(from: index)
        switch bytes[index] {
        case UInt8(ascii: "'"):
            return fail("JSON strings are written in double quotes, not single quotes")
        case UInt8(ascii: "+"):
            return fail("a JSON number has no leading '+' ('\(found)')")
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return notANumber(word(from: index, throughColons: true))
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
            return fail("expected a value, found '\(Character(Unicode.Scalar(bytes[index])))'")
        default:
            let lowered = found.lowercased()
            if ["nan", "infinity", "inf", ".nan", ".inf"].contains(lowered) {
                return fail("JSON has no NaN or Infinity ('\(found)')", hint: "write null, or the value as a string")
            }
            if ["true", "false", "null"].contains(lowered) {
                return fail("JSON's '\(lowered)' is written in lower case ('\(found)')")
            }
            return fail(
                "'\(found)' is not a JSON value",
                hint: "a string is written in double quotes; the other values are numbers, true, false, null, "
                    + "arrays and objects"
            )
        }
    }

    /// The problem with `found`, written where a value should be and starting like a number.
    private mutating func notANumber(_ found: String) -> SyntaxNode? {
        let unsigned = found.drop { $0 == "-" || $0 == "+" }.lowercased()
        if ["nan", "infinity", "inf", ".nan", ".inf"].contains(unsigned) {
            return fail("JSON has no NaN or Infinity ('\(found)')", hint: "write null, or the value as a string")
        }
        return fail(
            "'\(found)' is not a JSON number",
            hint: "a JSON number is decimal: an optional '-', digits without a leading zero, then an optional "
                + "fraction ('.5') and exponent ('e3')"
        )
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

    /// After an element or member: a comma (kept in `comma`, for a trailing one) or `closer`; true at the closer.
    /// Anything else is the problem, named.
    private mutating func separator(_ closer: UInt8, comma: inout Mark, in what: String) -> Bool? {
        skipWhitespace()
        if consume(closer) { return true }
        comma = mark()
        if consume(UInt8(ascii: ",")) { return false }
        if index == bytes.count {
            fail("the text ends inside \(what), before its '\(Character(Unicode.Scalar(closer)))'")
        } else if !isComment() {
            fail(
                "expected ',' or '\(Character(Unicode.Scalar(closer)))' after \(what)'s \(closer == UInt8(ascii: "]") ? "element" : "member"), found '\(word(from: index))'"
            )
        }
        return nil
    }

    /// A trailing comma at `comma`, when `closer` follows it: the problem.
    private mutating func isTrailingComma(_ comma: Mark, before closer: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == closer else { return false }
        fail(
            "JSON allows no trailing comma",
            at: comma,
            hint: "remove the comma after the last \(closer == UInt8(ascii: "]") ? "element" : "member")"
        )
        return true
    }

    /// The value at `index`, inside `depth` arrays and objects. Each level is a call: an array or object past
    /// ``DocumentParser/nestingLimit`` is refused rather than read.
    private mutating func value(depth: Int) -> SyntaxNode? {
        guard index < bytes.count else { return notAValue() }
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
            var comma = mark()
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return SyntaxNode(.mapping(entries), at: start) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    if !entries.isEmpty, isTrailingComma(comma, before: UInt8(ascii: "}")) { return nil }
                    return notAKey()
                }
                let keyMark = mark()
                guard let key = string() else { return nil }
                guard names.insert(key.scalarText ?? "").inserted else {
                    return fail("duplicate key '\(key.scalarText ?? "")' in one object", at: keyMark)
                }
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else {
                    if isComment() { return nil }
                    return fail("expected ':' after the key '\(key.scalarText ?? "")'")
                }
                skipWhitespace()
                guard let member = value(depth: depth + 1) else { return nil }
                entries.append(SyntaxNode.Entry(key: key, value: member))
                guard let closed = separator(UInt8(ascii: "}"), comma: &comma, in: "an object") else { return nil }
                if closed { return SyntaxNode(.mapping(entries), at: start) }
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [SyntaxNode] = []
            var comma = mark()
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return SyntaxNode(.sequence(elements), at: start) }
            while true {
                skipWhitespace()
                if !elements.isEmpty, isTrailingComma(comma, before: UInt8(ascii: "]")) { return nil }
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                guard let closed = separator(UInt8(ascii: "]"), comma: &comma, in: "an array") else { return nil }
                if closed { return SyntaxNode(.sequence(elements), at: start) }
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

    /// What is at `index` where an object's key should be, which is no string in double quotes: the problem, named.
    private mutating func notAKey() -> SyntaxNode? {
        guard index < bytes.count else { return fail("the text ends inside an object, where a key should be") }
        if isComment() { return nil }
        if bytes[index] == UInt8(ascii: "'") {
            return fail("JSON strings are written in double quotes, not single quotes")
        }
        return fail("an object's key is a string in double quotes in JSON, found '\(word(from: index))'")
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
            return notAValue()
        }
        index += utf8.count
        return SyntaxNode(.scalar(word, kind), at: start)
    }

    /// `-?(0|[1-9][0-9]*)` is an int; with a fraction or an exponent, a double. Anything else that starts here is
    /// the problem, named.
    private mutating func number(at start: SourceLocation) -> SyntaxNode? {
        let begin = index
        _ = consume(UInt8(ascii: "-"))
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        func notJSON() -> SyntaxNode? {
            index = begin
            return notAValue()
        }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            return notJSON()
        }
        var kind = SyntaxNode.ScalarKind.int
        if consume(UInt8(ascii: ".")) {
            guard digits() > 0 else { return notJSON() }
            kind = .double
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard digits() > 0 else { return notJSON() }
            kind = .double
        }
        // A number ends at whitespace or punctuation; one that goes on (`0x1F`, `1_000`, `1.5.0`, `12:30`) is a YAML
        // scalar of some other kind.
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","),
                UInt8(ascii: "]"), UInt8(ascii: "}"):
                break
            default:
                return notJSON()
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[begin..<index]), as: UTF8.self)
        return SyntaxNode(.scalar(text, kind), at: start)
    }

    /// The code point of the `\uXXXX` escape whose four digits start at `index` (its `\u`, at `escape`, read), with
    /// the low half of a surrogate pair when it is the high half; nil, the problem noted, for digits that aren't
    /// hexadecimal and a lone surrogate.
    private mutating func escapedScalar(at escape: Mark) -> Unicode.Scalar? {
        guard let high = hexQuad() else {
            fail("'\\u' takes four hexadecimal digits", at: escape)
            return nil
        }
        guard (0xD800...0xDBFF).contains(high) else {
            if (0xDC00...0xDFFF).contains(high) { loneSurrogate(high, at: escape) }
            return Unicode.Scalar(high)
        }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else {
            loneSurrogate(high, at: escape)
            return nil
        }
        index += 2
        guard let low = hexQuad(), (0xDC00...0xDFFF).contains(low) else {
            loneSurrogate(high, at: escape)
            return nil
        }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    private mutating func loneSurrogate(_ half: UInt32, at escape: Mark) {
        let digits = String(half, radix: 16)
        fail(
            "'\\u\(digits)' is half of a surrogate pair without its other half, and no character",
            at: escape
        )
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
        let opening = mark()
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return SyntaxNode(.scalar(String(decoding: text, as: UTF8.self), .string), at: start)
            case UInt8(ascii: "\\"):
                let escape = mark()
                guard index + 1 < bytes.count else { return fail("the string is not closed", at: opening) }
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
                    // them. A lone surrogate is no code point.
                    guard let scalar = escapedScalar(at: escape) else { return nil }
                    text.append(contentsOf: String(scalar).utf8)
                default:
                    // YAML's escapes (`\x41`, `\0`, `\e`, a backslash ending the line) are none of JSON's.
                    let escaped = bytes[index - 1]
                    return fail(
                        (0x21...0x7E).contains(escaped)
                            ? "'\\\(Character(Unicode.Scalar(escaped)))' is not a JSON escape"
                            : "a backslash before a space, a line break or a non-ASCII character is no JSON escape",
                        at: escape,
                        hint:
                            "JSON's escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u with four hexadecimal digits"
                    )
                }
            // JSON allows no raw control character in a string: Node's `JSON.parse` refuses a tab there too. A line
            // break is refused here whatever the file's name: YAML would fold it into a space.
            case UInt8(ascii: "\t"):
                return fail("a tab inside a string must be written as \\t in JSON")
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                refusal = Diagnostic(
                    .error,
                    "malformed JSON: a line break inside a string must be written as \\n",
                    at: location()
                )
                return nil
            case 0..<0x20:
                let code = String(byte, radix: 16, uppercase: true)
                return fail(
                    "a control character (U+\(String(repeating: "0", count: 4 - code.count))\(code)) inside a string "
                        + "must be escaped in JSON"
                )
            default:
                // NEL, LS and PS are text in JSON, and line breaks to the YAML parser (YAML 1.1), whose marks count
                // lines after them: as the locations do. (A line feed or carriage return here is an error above.)
                let breakLength = LineBreak.length(at: index, in: bytes)
                if breakLength > 0 {
                    text.append(contentsOf: bytes[index..<index + breakLength])
                    index += breakLength
                    startLine()
                } else {
                    text.append(byte)
                    index += 1
                }
            }
        }
        return fail("the string is not closed", at: opening)
    }
}
