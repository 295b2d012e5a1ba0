import Testing

@testable import ModelGeneratorCore

/// Each context outside text can land in: comments, string literals, identifiers, module and type names, numbers.
@Suite struct SwiftTextTests {
    static let lineBreaks = ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"]

    @Test(arguments: lineBreaks) func commentsSplitOnEveryLineBreak(lineBreak: String) {
        #expect(SwiftText.commentLines("one\(lineBreak)two") == ["one", "two"])
        #expect(
            SwiftText.docComment("label\(lineBreak)public struct Injected {}")
                == ["/// label", "/// public struct Injected {}"]
        )
    }

    @Test func aCarriageReturnLineFeedIsOneBreakAndEmptyLinesStay() {
        #expect(SwiftText.commentLines("a\r\n\r\nb\n") == ["a", "", "b", ""])
        #expect(SwiftText.docComment("a\r\n\r\nb  ") == ["/// a", "///", "/// b"])
        // The schema's margins go, its own indentation stays (a Mia-Platform field's `" original file name"`).
        #expect(SwiftText.docComment(" original file name") == ["/// original file name"])
        #expect(
            SwiftText.docComment("\n  Steps:\n    - one\n\n  Done.\n") == [
                "/// Steps:", "///   - one", "///", "/// Done.",
            ]
        )
        #expect(SwiftText.docComment(" \n\t\n").isEmpty)
        // A tab and spaces are no common margin.
        #expect(SwiftText.docComment("\tTabbed\n    spaced") == ["/// \tTabbed", "///     spaced"])
    }

    @Test func invisibleCharactersInCommentsAreVisibleEscapes() {
        // U+202E turns `exe.png` into what reads as `gnp.exe`; U+200B and U+2066 show nothing.
        #expect(SwiftText.commentText("file\u{202E}gnp.exe") == "file\\u{202e}gnp.exe")
        #expect(
            SwiftText.commentText("a\u{200B}b\u{2066}c\u{0}d\u{7F}e\u{9B}")
                == "a\\u{200b}b\\u{2066}c\\u{0}d\\u{7f}e\\u{9b}"
        )
        // Line breaks inside one line (the header's file list) are escaped, not kept.
        #expect(SwiftText.commentText("a\nb\u{2028}c") == "a\\u{a}b\\u{2028}c")
        // Visible text, tabs and comment markers are left alone: a `//` comment ends only at a line break.
        #expect(SwiftText.commentText("café 😀 */ /* \t x") == "café 😀 */ /* \t x")
    }

    @Test func stringLiteralsEscapeWhatCouldEndOrInterpolateThem() {
        #expect(SwiftText.stringLiteral(#"say "hi""#) == #""say \"hi\"""#)
        #expect(SwiftText.stringLiteral(#"\(exit(1))"#) == #""\\(exit(1))""#)
        #expect(SwiftText.stringLiteral(#"""""#) == #""\"\"\"""#)
        #expect(SwiftText.stringLiteral("a\nb\rc\td\0e") == #""a\nb\rc\td\0e""#)
        #expect(SwiftText.stringLiteral("\u{2028}\u{2029}\u{85}\u{0B}\u{0C}") == #""\u{2028}\u{2029}\u{85}\u{b}\u{c}""#)
        #expect(SwiftText.stringLiteral("x\u{202E}y\u{FEFF}z") == #""x\u{202e}y\u{feff}z""#)
        #expect(SwiftText.stringLiteral("café ☕️ 名前") == "\"café ☕️ 名前\"")
    }

    @Test(arguments: ["name", "_2fa", "café", "名前", "e\u{301}t\u{301}e\u{301}", "Ωmega", "x²"])
    func validIdentifiers(text: String) {
        #expect(SwiftText.identifierProblem(text) == nil)
    }

    @Test(arguments: [
        ("", "an empty name is not a Swift identifier"),
        ("_", "'_' alone is not a Swift identifier"),
        ("2fa", "a Swift identifier can't start with '2' (U+0032)"),
        ("first name", "U+0020 can't be part of a Swift identifier"),
        ("../../outside/Pwned", "'.' (U+002E) can't be part of a Swift identifier"),
        ("a\u{202E}b", "U+202E can't be part of a Swift identifier"),
        ("a\u{200D}b", "U+200D can't be part of a Swift identifier"),
        ("x\nstruct Injected {}", "U+000A can't be part of a Swift identifier"),
        ("\u{301}x", "a Swift identifier can't start with '\u{301}' (U+0301)"),
        ("smile😀", "'😀' (U+1F600) can't be part of a Swift identifier"),
    ])
    func invalidIdentifiersSayWhy(text: String, problem: String) {
        #expect(SwiftText.identifierProblem(text) == problem)
    }

    @Test func dottedNamesAreIdentifiersBetweenDots() {
        #expect(SwiftText.dottedNameProblem("MyApp.Formatters.Coordinate") == nil)
        #expect(SwiftText.dottedNameProblem("Foundation") == nil)
        #expect(SwiftText.dottedNameProblem("A..B") == "an empty name is not a Swift identifier")
        #expect(SwiftText.dottedNameProblem("Foundation\nimport Evil") == "U+000A can't be part of a Swift identifier")
        #expect(SwiftText.dottedNameProblem("Lolify.self); exit(1); (X") != nil)
    }

    @Test func numberLiteralsAreDecimalFiniteAndUnchanged() {
        for text in ["0", "-12", "1.5", "1.5e-3", "2E10", "-0.0"] {
            #expect(SwiftText.numberLiteral(text, integer: false) == text)
        }
        for text in [".5", "5.", "nan", ".inf", "-.inf", "1e400", "0x1F", "1_000", "+5", "190:20:30", "1e", ""] {
            #expect(SwiftText.numberLiteral(text, integer: false) == nil, "\(text)")
        }
        #expect(SwiftText.numberLiteral("42", integer: true) == "42")
        #expect(SwiftText.numberLiteral("99999999999999999999", integer: true) == nil)
        #expect(SwiftText.numberLiteral("1.0", integer: true) == nil)
    }

    @Test func namesMadeFromAPINamesKeepOnlyVisibleIdentifierCharacters() {
        let naming = SwiftNaming()
        #expect(naming.propertyName("a\u{200D}b") == "ab")
        #expect(naming.propertyName("c_x\u{202E}y") == "cXY")
        #expect(SwiftText.isIdentifier(naming.typeName("\u{345}name")))
        #expect(naming.propertyName("first\r\nname") == "firstName")
    }

    @Test func diagnosticsQuoteSchemaTextOnOneVisibleLine() {
        let diagnostic = Diagnostic(
            .error,
            "unknown type 'x\nobjects.yaml:1:1: error: fake\u{1B}[2J'",
            at: SourceLocation(file: "a.yaml", line: 1, column: 2),
            hint: "h\u{202E}"
        )
        #expect(
            diagnostic.description
                == "a.yaml:1:2: error: unknown type 'x\\u{a}objects.yaml:1:1: error: fake\\u{1b}[2J'\na.yaml:1:2: note: h\\u{202e}"
        )
    }
}
