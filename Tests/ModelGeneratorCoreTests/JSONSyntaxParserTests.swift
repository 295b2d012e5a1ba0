import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// The fast JSON reader gives exactly the nodes, kinds and locations the YAML parser gives where that parser reads
/// the JSON as JSON means it; reads the valid JSON that parser refuses or misreads; and steps aside for invalid JSON.
@Suite struct JSONSyntaxParserTests {
    static func viaYAML(_ text: String, lineOffset: Int = 0) -> SyntaxNode? {
        guard
            case .success(let node) = DocumentParser.parseAsYAML(
                text,
                file: "t.json",
                lineOffset: lineOffset,
                lineLength: nil
            )
        else { return nil }
        return node
    }

    static let crafted = [
        #"{"a": 1, "b": -2.5, "c": "x", "d": true, "e": false, "f": null, "g": [], "h": {}}"#,
        "{\n  \"objects\": [\n    { \"name\": \"c_a\", \"label\": \"Été\", \"n\": 0 },\n    {\"name\":\"é\",\"x\":[1,[2,[3]]]}\n  ]\n}\n",
        #"["\"quoted\" \\ \/ \b \f \n \r \t", "ünïcödé 👩‍⚕️ text", -0, 0.5, 12345678901234567890123, 1.5e10, 2.0E-3]"#,
        "  \n\n  [ 1 ,\n 2 ]  \n",
        "\"top\"",
        "{\"k\": \"é\", \"after\": [\"é\", {\"deeper\": \"👩‍⚕️\"}], \"n\": 1}",
        // Escapes of the Basic Multilingual Plane, and a file written on Windows.
        #"["\u00e9t\u00C9", "\u0041\u2028\u00a0x"]"#,
        "{\r\n  \"a\": [1,\r\n    \"é\"],\r\n  \"b\": {}\r\n}\r\n",
        // Exponents without a fraction, tabs as whitespace (an editor's indentation), a carriage return alone as a
        // line break (an old Mac file), and a byte-order mark, which counts as a column of the first line.
        "[1e5, 1E+5, -0e0, 1e-5, 2E0]",
        "{\n\t\"a\": [1,\t2],\n\t\"b\": {\"c\":\t\"é\"}\n}\n",
        "[1,\r2,\r\"x\"]\r",
        "\u{FEFF}{\"a\": [1, \"é\"],\n \"b\": 2}",
        // LS and PS in strings, which the YAML parser keeps and counts as line breaks (YAML 1.1).
        "{\"a\": \"x\u{2028}y\",\n \"b\": [\"\u{2029}é\", 1], \"c\": {\"d\": \"\u{2028}\u{2028}\"}, \"e\": 2}",
    ]

    @Test(arguments: crafted)
    func craftedDocumentsMatchTheYAMLParser(_ text: String) throws {
        let fast = try #require(JSONSyntaxParser.parse(text, file: "t.json", lineOffset: 0)).get()
        #expect(fast == Self.viaYAML(text))
        let offset = try #require(JSONSyntaxParser.parse(text, file: "t.json", lineOffset: 7)).get()
        #expect(offset == Self.viaYAML(text, lineOffset: 7))
    }

    /// Every JSON file the tests and examples hold: seconds of parsing, on a thread of its own rather than one of
    /// Swift concurrency's few pool threads.
    @Test(.onOwnThread) func everyJSONFileOfTheRepositoryMatchesTheYAMLParser() throws {
        let root = GoldenTests.goldensDirectory.deletingLastPathComponent().deletingLastPathComponent()
        var checked = 0
        for folder in ["Tests", "examples", "Benchmarks/Inputs"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".json") || path.hasSuffix(".ndjson"), !path.contains(".build") else { continue }
                let text = try String(
                    contentsOf: root.appendingPathComponent(folder).appendingPathComponent(path),
                    encoding: .utf8
                )
                let documents =
                    path.hasSuffix(".ndjson") ? text.split(separator: "\n").map(String.init) : [text]
                for document in documents {
                    guard case .success(let fast)? = JSONSyntaxParser.parse(document, file: "t.json", lineOffset: 0)
                    else { continue }
                    #expect(fast == Self.viaYAML(document), "\(folder)/\(path)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 10)
    }

    @Test(arguments: [
        #"{"a": 1, "a": 2}"#, "[1,]", "{\"a\" 1}", "[01]", "[1.]", "[1e]", "[1e+]", "[\"\u{1}\"]", "", "[", "nul",
        "[+1]", "[1] [2]", "\u{FEFF}", #"["\ud83d"]"#, #"["\ud83d x"]"#, #"["\ude00"]"#, #"["\ud83d\u0041"]"#,
        #"["\u12"]"#, #"["\u12g4"]"#,
    ])
    func invalidJSONIsLeftToYAML(_ text: String) {
        #expect(JSONSyntaxParser.parse(text, file: "t.json", lineOffset: 0) == nil)
    }

    /// Valid JSON whose raw characters YAML doesn't print (so the YAML parser refused the file) or reads as line
    /// breaks (so it folded them into spaces): each is read as written.
    @Test(arguments: [
        ("[\"a\u{7F}b\"]", "a\u{7F}b"), ("[\"\u{FFFE}\"]", "\u{FFFE}"), ("[\"\u{85}x\"]", "\u{85}x"),
    ])
    func validJSONTheYAMLParserRefusesOrMisreadsIsRead(_ text: String, _ expected: String) throws {
        let node = try #require(JSONSyntaxParser.parse(text, file: "t.json", lineOffset: 0)).get()
        #expect(node.elements?.first?.scalarText == expected)
        #expect(Self.viaYAML(text)?.elements?.first?.scalarText != expected)
        // What follows is where the YAML parser, where it reads the text, puts it: it counts NEL as a line break.
        let after = text.replacingOccurrences(of: "]", with: ", [1]]")
        let read = try #require(JSONSyntaxParser.parse(after, file: "t.json", lineOffset: 0)).get()
        if let yaml = Self.viaYAML(after) { #expect(read.elements?.last?.location == yaml.elements?.last?.location) }
    }

    /// A line break inside a string is no JSON, and the YAML parser read it as a space: it is refused where it is.
    @Test func aLineBreakInsideAStringIsRefusedWhereItIs() throws {
        for text in ["{\n  \"a\": \"x\ny\"\n}\n", "{\r\n  \"a\": \"x\r\ny\"\r\n}\r\n"] {
            #expect(Self.viaYAML(text)?["a"]?.scalarText == "x y")
            guard case .failure(let diagnostic) = DocumentParser.parse(text, file: "s.json") else {
                Issue.record("read \(text.debugDescription)")
                continue
            }
            #expect(
                diagnostic.description.hasPrefix("s.json:2:10: error: malformed JSON: a line break inside a string")
            )
        }
    }

    /// A raw tab inside a string is no JSON either (RFC 8259 wants it escaped, and Node's `JSON.parse` refuses it),
    /// which the YAML parser read as a space: a .json file holding one is refused at the tab.
    @Test func aTabInsideAStringIsRefusedWhereItIs() throws {
        let text = "{\n  \"a\": \"tab\there\"\n}\n"
        #expect(Self.viaYAML(text)?["a"]?.scalarText != "tab\there")
        guard case .failure(let diagnostic) = DocumentParser.parse(text, file: "s.json") else {
            Issue.record("read \(text.debugDescription)")
            return
        }
        #expect(
            diagnostic.description.hasPrefix(
                #"s.json:2:12: error: malformed JSON: a tab inside a string must be written as \t in JSON"#
            ),
            "\(diagnostic.description)"
        )
    }

    /// JSON escapes a code point beyond the Basic Multilingual Plane as a surrogate pair (Python's `json.dumps`
    /// writes every emoji so) and may escape NUL. YAML has neither escape, and the YAML parser refused such a file as
    /// malformed JSON; this reader decodes them, also in a file written on Windows.
    @Test func surrogatePairsAndEscapedNULAreRead() throws {
        let text =
            "{\r\n  \"label\": \"smile \\ud83d\\ude00 \\uD83D\\uDC69\\u200D\\u2695\\uFE0F\",\r\n  \"nul\": \"a\\u0000b\"\r\n}\r\n"
        let node = try #require(JSONSyntaxParser.parse(text, file: "t.json", lineOffset: 0)).get()
        #expect(node["label"]?.scalarText == "smile 😀 👩‍⚕️")
        #expect(node["nul"]?.scalarText == "a\u{0}b")
        #expect(node["nul"]?.location.line == 3)
        #expect(Self.viaYAML(text) == nil, "the YAML parser reads these now: leave them to it again")
    }

    /// A schema a Python tool wrote (`json.dump` escapes every non-ASCII character) generates, its emoji in the doc
    /// comment, whether written on Windows, indented with tabs (the YAML parser read such a file, and failed on its
    /// escapes) or with a byte-order mark; a lone surrogate is still an error on its line.
    @Test(arguments: [("", "\r\n", " "), ("", "\n", "\t"), ("\u{FEFF}", "\n", " ")])
    func aSchemaWithEscapedEmojiGenerates(mark: String, lineBreak: String, indent: String) throws {
        let lines: [String] = [
            mark + "{",
            indent + #""object": "object", "name": "c_a", "label": "A", "pluralName": "c_as","#,
            indent + #""properties": [{"name": "c_x", "label": "X", "type": "String","#,
            indent + indent + #""description": "caf\u00e9 \ud83d\ude00"}]"#,
            "}",
        ]
        let schema = lines.joined(separator: lineBreak) + lineBreak
        let result = generate(config: "schemas: [a.json]\noutput: Generated\n", ["a.json": schema])
        #expect(messages(result).isEmpty, "\(messages(result))")
        #expect(file(result, "CA.swift")?.contains("/// café 😀") == true)
        let lone = schema.replacingOccurrences(of: "\\ude00", with: "")
        let refused = generate(config: "schemas: [a.json]\noutput: Generated\n", ["a.json": lone])
        #expect(messages(refused).first?.hasPrefix("a.json:4:") == true, "\(messages(refused))")
    }
}
