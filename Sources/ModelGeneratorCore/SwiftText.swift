/// The one way text from outside the generator (schema and mapping files, the config) becomes Swift source, chosen by
/// where it lands: a comment, a string literal, an identifier or type name, a module name, or a number literal.
///
/// Schema text is not trusted: a label typed into a web form can hold `\r\n`, and a pull request can add a description
/// ending in a declaration. So comments split on every line break Swift, Unicode and editors know, literals escape
/// everything that could end them or be read as code, names are checked rather than escaped, and invisible characters
/// (bidi overrides, zero-width joiners, other format and control characters) are written out as visible escapes, so
/// that a reviewer of the generated diff sees what the compiler sees.
public enum SwiftText {
    // MARK: Comments

    /// The lines of `text`, split at `\n`, `\r`, `\r\n`, vertical tab, form feed, NEL (U+0085) and the line and
    /// paragraph separators (U+2028, U+2029), each line then made safe with ``commentText(_:)``.
    public static func commentLines(_ text: String) -> [String] {
        // Nearly all schema text is printable ASCII on one line; it needs no escapes.
        if isPlainASCII(text, allowing: "\t") { return [text] }
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            // `\r\n` is one break, not two.
            if scalar == "\n" && previousWasCarriageReturn {
                previousWasCarriageReturn = false
                continue
            }
            previousWasCarriageReturn = scalar == "\r"
            if isLineBreak(scalar) {
                lines.append(commentText(String(current)))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(commentText(String(current)))
        return lines
    }

    /// One line of comment text: every line break and invisible or control character (other than a tab) written as
    /// a visible `\u{…}` escape, so nothing can end the comment or hide in it.
    public static func commentText(_ text: String) -> String {
        if isPlainASCII(text, allowing: "\t") { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar != "\t", isLineBreak(scalar) || isInvisible(scalar) {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `/// line` for each line of `text`, `///` for an empty one; trailing whitespace dropped, and the indentation
    /// every line shares, and blank lines before and after the text (a schema's `" original file name"`), so that
    /// the comment reads as written without the schema's margins.
    public static func docComment(_ text: String) -> [String] {
        let all = commentLines(text).map(\.trimmingTrailingWhitespace)
        // Sliced, not removed one by one from the front, which moved every line for each blank one.
        guard let first = all.firstIndex(where: { !$0.isEmpty }), let last = all.lastIndex(where: { !$0.isEmpty })
        else { return [] }
        let lines = all[first...last]
        // The blanks every line starts with, as written: a tab and a space are not the same margin.
        var margin: Substring? = nil
        for line in lines where !line.isEmpty {
            let blanks = line.prefix { $0 == " " || $0 == "\t" }
            margin = margin.map { String($0).commonPrefix(with: String(blanks))[...] } ?? blanks
        }
        let width = margin?.count ?? 0
        return lines.map { line in line.isEmpty ? "///" : "/// \(line.dropFirst(width))" }
    }

    // MARK: String literals

    /// A single-line Swift string literal holding exactly `text`: quotes and backslashes escaped (so neither `"""`
    /// nor `\(` can end it or interpolate), and line breaks, control and invisible characters written as escapes.
    public static func stringLiteral(_ text: String) -> String {
        if isPlainASCII(text), !text.utf8.contains(UInt8(ascii: "\\")), !text.utf8.contains(UInt8(ascii: "\"")) {
            return "\"" + text + "\""
        }
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            case _ where isLineBreak(scalar) || isInvisible(scalar): literal += escape(scalar)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    // MARK: Names

    /// Why `text` can't be a Swift identifier, or nil when it can. Names are checked rather than escaped: a name
    /// that isn't one is a mistake in the input and is reported where it was written. Swift's grammar allows a few
    /// invisible characters (bidi controls, zero-width joiners) in identifiers; these are refused too.
    public static func identifierProblem(_ text: String) -> String? {
        guard let first = text.unicodeScalars.first else { return "an empty name is not a Swift identifier" }
        if text == "_" { return "'_' alone is not a Swift identifier" }
        if let bad = text.unicodeScalars.first(where: { !isIdentifierCharacter($0) }) {
            return "\(describe(bad)) can't be part of a Swift identifier"
        }
        if !isIdentifierHead(first) { return "a Swift identifier can't start with \(describe(first))" }
        return nil
    }

    /// Whether `text` can be written as a Swift identifier (keywords included: they are written in backticks).
    public static func isIdentifier(_ text: String) -> Bool {
        identifierProblem(text) == nil
    }

    /// Why `text` can't name a type the generator declares, or nil when it can: an identifier, and no keyword but
    /// those a generated type is renamed from (`Type`, `Self`: ``SwiftNaming/reservedTypeNames``). Type names are
    /// written without backticks (`extension class` doesn't compile).
    public static func typeNameProblem(_ text: String) -> String? {
        if let problem = identifierProblem(text) { return problem }
        if SwiftNaming.keywords.contains(text) && !SwiftNaming.reservedTypeNames.contains(text) {
            return keywordProblem(text)
        }
        return nil
    }

    /// Why `text` can't be a type or module name written with dots (`MyApp.Formatters.Coordinate`), or nil. No part
    /// may be a keyword: `import class` and `formatter: Coordinate.Type.self` don't mean a name.
    public static func dottedNameProblem(_ text: String) -> String? {
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            if let problem = identifierProblem(String(part)) { return problem }
            if SwiftNaming.keywords.contains(String(part)) { return keywordProblem(String(part)) }
        }
        return nil
    }

    private static func keywordProblem(_ keyword: String) -> String {
        "'\(keyword)' is a Swift keyword, which can't name a type or module"
    }

    /// Whether `text` is a dotted type name such as `MyTransformers.Coordinate`.
    public static func isDottedName(_ text: String) -> Bool {
        dottedNameProblem(text) == nil
    }

    /// Whether a scalar may stand anywhere in an identifier: Swift's identifier characters (The Swift Programming
    /// Language, Lexical Structure), without the invisible ones, and only letters, marks and digits beyond ASCII.
    static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar)
        }
        if isInvisible(scalar) || joinsTheNextCharacter(scalar) { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber,
            .decimalNumber, .otherNumber, .nonspacingMark, .spacingMark:
            break
        default:
            return false
        }
        let value = scalar.value
        return continuationRanges.contains { $0.contains(value) } || headRanges.contains { $0.contains(value) }
            || (value >= 0x10000 && value & 0xFFFF <= 0xFFFD)
    }

    /// Whether a scalar may start an identifier: not a digit or combining mark.
    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        guard isIdentifierCharacter(scalar) else { return false }
        if ("0"..."9").contains(scalar) { return false }
        let value = scalar.value
        return !continuationRanges.contains { $0.contains(value) }
    }

    /// Non-ASCII identifier-head ranges of Swift's grammar, below U+10000 (every plane above is allowed up to
    /// xFFFD).
    private static let headRanges: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
        0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F, 0x2070...0x20CF,
        0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007,
        0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F,
        0xFE30...0xFE44, 0xFE47...0xFFFD,
    ]

    /// Whether `scalar` joins the character after it into one (Unicode's grapheme break class Prepend, as the
    /// standard library's Unicode version has it): a name ending in one (`Aൎ`) makes `Aൎ.swift` a file whose last
    /// `Character` is `ൎ.`, which SwiftPM, reading the extension by characters, doesn't take for a Swift source.
    private static func joinsTheNextCharacter(_ scalar: Unicode.Scalar) -> Bool {
        var text = String.UnicodeScalarView()
        text.append(scalar)
        text.append(".")
        return String(text).count == 1
    }

    /// Ranges Swift allows after the first character only (combining marks).
    private static let continuationRanges: [ClosedRange<UInt32>] = [
        0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]

    // MARK: Numbers

    /// The text itself when it is a decimal number Swift reads as the same finite value (`-12`, `0.5`, `1e-3`), nil
    /// otherwise: YAML's `.nan`, `.inf`, `0x1F`, `1_000`, `+5` or `190:20:30`, and JSON's `1e400`, would not
    /// compile or would not mean what the file says.
    public static func numberLiteral(_ text: String, integer: Bool) -> String? {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "-" { scalars = scalars.dropFirst() }
        func digits() -> Int {
            let count = scalars.prefix { ("0"..."9").contains($0) }.count
            scalars = scalars.dropFirst(count)
            return count
        }
        guard digits() > 0 else { return nil }
        if integer {
            return scalars.isEmpty && Int(text) != nil ? text : nil
        }
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            guard digits() > 0 else { return nil }
        }
        if scalars.first == "e" || scalars.first == "E" {
            scalars = scalars.dropFirst()
            if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
            guard digits() > 0 else { return nil }
        }
        guard scalars.isEmpty, let value = Double(text), value.isFinite else { return nil }
        return text
    }

    // MARK: Characters

    /// Characters that end a line somewhere: in Swift's lexer (`\n`, `\r`), in Unicode (NEL, U+2028, U+2029), or in
    /// editors and terminals (vertical tab, form feed).
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Characters that show nothing or change how the text around them shows: controls (C0, DEL, C1), format
    /// characters (bidi embeddings, overrides and isolates, zero-width spaces and joiners, the byte-order mark, soft
    /// hyphen), private-use, unassigned and surrogate code points.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        return switch scalar.properties.generalCategory {
        case .control, .format, .privateUse, .unassigned, .surrogate, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// Whether `text` is printable ASCII only (space to `~`, plus `allowed`): nothing in it needs an escape in a
    /// comment, and only quotes and backslashes in a literal.
    private static func isPlainASCII(_ text: String, allowing allowed: Unicode.Scalar? = nil) -> Bool {
        let extra = allowed.map { UInt8($0.value) }
        return text.utf8.allSatisfy { (0x20...0x7E).contains($0) || $0 == extra }
    }

    /// `\u{202e}`: the form both comments and literals use.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16))}"
    }

    /// The first line break or invisible character of `text` (those ``commentText(_:)`` escapes, and tabs), as a
    /// message names it (`U+001B`); nil when every character of `text` shows as itself. Text that becomes a file
    /// name must have none.
    public static func hiddenCharacter(in text: String) -> String? {
        if isPlainASCII(text) { return nil }
        return text.unicodeScalars.first { isLineBreak($0) || isInvisible($0) }.map(describe)
    }

    /// `'a'` for something printable, `U+202E` for something that isn't, for messages.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if isInvisible(scalar) || isLineBreak(scalar) || scalar == " " { return code }
        return "'\(scalar)' (\(code))"
    }
}
