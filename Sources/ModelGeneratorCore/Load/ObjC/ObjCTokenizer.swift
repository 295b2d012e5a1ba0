/// One token of Objective-C source, with where it starts.
public struct ObjCToken: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A name or keyword: `NSString`, `nonatomic`, `self`.
        case identifier
        /// `@interface`, `@property`, `@end`, …; the text keeps the `@`.
        case directive
        /// A string literal, `@"…"` or `"…"`; the text is its value with escapes undone.
        case string
        case number
        /// Any other character: `*`, `(`, `[`, `:`, `;`, `@` before `{` or `[`, …
        case symbol
    }

    public var kind: Kind
    public var text: String
    public var location: SourceLocation

    func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }
    func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
}

extension ObjCTokenizer {
    /// The error for a comment that hides the rest of the file, when there is one: a header or mapping file that
    /// doesn't compile, whose declarations after it would otherwise go missing without a word.
    var unterminatedCommentDiagnostic: Diagnostic? {
        unterminatedComment.map { location in
            Diagnostic(
                .error,
                "this comment is never closed, so it hides the rest of the file, which does not compile",
                at: location,
                hint: "close it with '*/'"
            )
        }
    }
}

/// A `#define NAME value` line: the value's tokens.
public struct ObjCMacro: Hashable, Sendable {
    public var name: String
    public var tokens: [ObjCToken]
    public var location: SourceLocation
}

/// A small, tolerant tokenizer for the parts of Objective-C the generator reads (`@interface`/`@property`/`@end`,
/// message expressions, literals). Comments are skipped, preprocessor lines are skipped except `#define`, and
/// anything it does not understand becomes a one-character symbol rather than an error: the readers above it decide
/// what matters.
public struct ObjCTokenizer {
    public private(set) var tokens: [ObjCToken] = []
    public private(set) var macros: [ObjCMacro] = []
    /// Where each of ``tokens``' brackets closes.
    public private(set) var brackets: ObjCBrackets
    /// Where a `/*` that is never closed opens: it hides the rest of the file, which clang refuses.
    public private(set) var unterminatedComment: SourceLocation?

    private let scalars: [Unicode.Scalar]
    private let file: String
    private var index = 0
    private var line = 1
    private var column = 1
    /// True until the first token of a line, where a `#` starts a preprocessor directive.
    private var atLineStart = true

    public init(_ text: String, file: String) {
        scalars = Array(text.unicodeScalars)
        self.file = file
        brackets = ObjCBrackets([])
        run()
        brackets = ObjCBrackets(tokens)
    }

    private var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
            atLineStart = true
        } else {
            column += 1
        }
        index += 1
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }

    private mutating func run() {
        while let scalar = peek() {
            if scalar == "\n" || scalar.properties.isWhitespace {
                advance()
            } else if scalar == "/", peek(1) == "/" {
                while let next = peek(), next != "\n" { advance() }
            } else if scalar == "/", peek(1) == "*" {
                let start = location
                advance()
                advance()
                while peek() != nil, !(peek() == "*" && peek(1) == "/") { advance() }
                if peek() != nil {
                    advance()
                    advance()
                } else {
                    unterminatedComment = start
                }
            } else if scalar == "#", atLineStart {
                preprocessorLine()
            } else {
                atLineStart = false
                tokens.append(nextToken())
            }
        }
    }

    private mutating func nextToken() -> ObjCToken {
        let start = location
        let scalar = scalars[index]
        if scalar == "@", let next = peek(1), Self.isIdentifierStart(next) {
            advance()
            return ObjCToken(kind: .directive, text: "@" + identifier(), location: start)
        }
        if scalar == "@", peek(1) == "\"" {
            advance()
            return ObjCToken(kind: .string, text: stringLiteral(), location: start)
        }
        if scalar == "\"" { return ObjCToken(kind: .string, text: stringLiteral(), location: start) }
        if Self.isIdentifierStart(scalar) { return ObjCToken(kind: .identifier, text: identifier(), location: start) }
        if ("0"..."9").contains(scalar) {
            var text = ""
            while let next = peek(), Self.isIdentifierPart(next) || next == "." {
                text.unicodeScalars.append(next)
                advance()
            }
            return ObjCToken(kind: .number, text: text, location: start)
        }
        advance()
        return ObjCToken(kind: .symbol, text: String(scalar), location: start)
    }

    private mutating func identifier() -> String {
        var text = ""
        while let next = peek(), Self.isIdentifierPart(next) {
            text.unicodeScalars.append(next)
            advance()
        }
        return text
    }

    /// A `"…"` literal from its opening quote; adjacent literals (`@"a" @"b"`) are left to the reader. Escapes
    /// are undone as clang does: the literal is bytes (the source's UTF-8, `\x` and octal escapes one byte each,
    /// `\u` and `\U` a scalar's UTF-8), read as UTF-8, so `@"\xC3\xA9"` and `@"\u00E9"` are both `é`.
    private mutating func stringLiteral() -> String {
        advance()
        var bytes: [UInt8] = []
        while let next = peek(), next != "\"", next != "\n" {
            advance()
            if next == "\\", let escaped = peek() {
                escape(escaped, into: &bytes)
            } else {
                Self.appendUTF8(next, to: &bytes)
            }
        }
        if peek() == "\"" { advance() }
        // A `\` line end inside the literal leaves the next token where it is, not at a line's start.
        atLineStart = false
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of the escape whose first character after the backslash is `escaped` (not yet read).
    private mutating func escape(_ escaped: Unicode.Scalar, into bytes: inout [UInt8]) {
        advance()
        switch escaped {
        case "n": bytes.append(0x0A)
        case "t": bytes.append(0x09)
        case "r": bytes.append(0x0D)
        case "a": bytes.append(0x07)
        case "b": bytes.append(0x08)
        case "f": bytes.append(0x0C)
        case "v": bytes.append(0x0B)
        case "e", "E": bytes.append(0x1B)
        // A backslash at the end of a line joins the next one.
        case "\n": break
        case "0"..."7":
            // Up to three octal digits.
            var value = Int(escaped.value - 0x30)
            for _ in 0..<2 {
                guard let digit = peek(), ("0"..."7").contains(digit) else { break }
                value = value * 8 + Int(digit.value - 0x30)
                advance()
            }
            bytes.append(UInt8(value & 0xFF))
        case "x":
            // Every hex digit that follows; clang refuses a value past a byte, which keeps its last byte here.
            var value: UInt8 = 0
            var digits = 0
            while let digit = peek(), let nibble = Self.hexValue(digit) {
                value = value << 4 | UInt8(nibble)
                digits += 1
                advance()
            }
            bytes.append(digits == 0 ? UInt8(ascii: "x") : value)
        case "u", "U":
            // Exactly four or eight hex digits name a scalar; anything else is kept as written.
            let count = escaped == "u" ? 4 : 8
            var value: UInt32 = 0
            var digits: [Unicode.Scalar] = []
            while digits.count < count, let digit = peek(), let nibble = Self.hexValue(digit) {
                value = value << 4 | nibble
                digits.append(digit)
                advance()
            }
            if digits.count == count, let scalar = Unicode.Scalar(value) {
                Self.appendUTF8(scalar, to: &bytes)
            } else {
                for scalar in [escaped] + digits { Self.appendUTF8(scalar, to: &bytes) }
            }
        // `\\`, `\"`, `\'`, `\?`, and any other character (clang warns and keeps it).
        default: Self.appendUTF8(escaped, to: &bytes)
        }
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        UTF8.encode(scalar) { bytes.append($0) }
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    /// A `#…` line (joined across `\` line ends), up to a comment or the line's end. `#define NAME value` is kept
    /// as a macro, its value tokenized in place (a `#` in it is a symbol); the rest is skipped.
    private mutating func preprocessorLine() {
        advance()
        skipDirectiveSpace()
        let isDefine = peek().map(Self.isIdentifierStart) == true && identifier() == "define"
        var tokens: [ObjCToken] = []
        while true {
            skipDirectiveSpace()
            guard let next = peek(), next != "\n" else { break }
            // A comment ends what the directive says.
            if next == "/", peek(1) == "/" || peek(1) == "*" { break }
            if isDefine {
                tokens.append(nextToken())
            } else {
                advance()
            }
        }
        // What follows a comment on the directive's line is no directive.
        atLineStart = false
        guard isDefine, let name = tokens.first, name.kind == .identifier else { return }
        // A function-like macro (`NAME(x)`) is not a constant.
        if tokens.count > 1, tokens[1].isSymbol("("), tokens[1].location.line == name.location.line,
            tokens[1].location.column == name.location.column + name.text.unicodeScalars.count
        {
            return
        }
        macros.append(ObjCMacro(name: name.text, tokens: Array(tokens.dropFirst()), location: name.location))
    }

    /// Spaces and tabs inside a directive, and `\` line ends, which continue it.
    private mutating func skipDirectiveSpace() {
        while let next = peek() {
            if next == "\\", peek(1) == "\n" {
                advance()
                advance()
            } else if next != "\n", next.properties.isWhitespace {
                advance()
            } else {
                return
            }
        }
    }
}
