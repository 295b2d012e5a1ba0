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
        run()
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
                advance()
                advance()
                while peek() != nil, !(peek() == "*" && peek(1) == "/") { advance() }
                if peek() != nil {
                    advance()
                    advance()
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

    /// A `"…"` literal from its opening quote; adjacent literals (`@"a" @"b"`) are left to the reader.
    private mutating func stringLiteral() -> String {
        advance()
        var text = ""
        while let next = peek(), next != "\"", next != "\n" {
            if next == "\\", let escaped = peek(1) {
                advance()
                advance()
                switch escaped {
                case "n": text += "\n"
                case "t": text += "\t"
                case "r": text += "\r"
                case "0": text += "\0"
                default: text.unicodeScalars.append(escaped)
                }
                continue
            }
            text.unicodeScalars.append(next)
            advance()
        }
        if peek() == "\"" { advance() }
        return text
    }

    /// A `#…` line (joined across `\` line ends); `#define NAME value` is kept as a macro, the rest is skipped.
    private mutating func preprocessorLine() {
        let start = location
        var text = ""
        while let next = peek(), next != "\n" {
            if next == "\\", peek(1) == "\n" {
                advance()
                advance()
                text += " "
                continue
            }
            // A comment ends what the directive says.
            if next == "/", peek(1) == "/" || peek(1) == "*" { break }
            text.unicodeScalars.append(next)
            advance()
        }
        let words = text.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard words.hasPrefix("define") else { return }
        // Tokenized on its own; the value's columns are counted from the directive's start.
        var inner = ObjCTokenizer(String(words.dropFirst("define".count)), file: file)
        inner.shift(to: start)
        guard let name = inner.tokens.first, name.kind == .identifier else { return }
        // A function-like macro (`NAME(x)`) is not a constant.
        if inner.tokens.count > 1, inner.tokens[1].isSymbol("("),
            inner.tokens[1].location.column == name.location.column + name.text.count
        {
            return
        }
        macros.append(ObjCMacro(name: name.text, tokens: Array(inner.tokens.dropFirst()), location: name.location))
    }

    /// Moves every token onto `start`'s line, for text read out of a preprocessor line.
    private mutating func shift(to start: SourceLocation) {
        for index in tokens.indices {
            tokens[index].location = SourceLocation(
                file: file,
                line: start.line + tokens[index].location.line - 1,
                column: tokens[index].location.line == 1
                    ? start.column + "#define".count + tokens[index].location.column - 1
                    : tokens[index].location.column
            )
        }
    }
}
