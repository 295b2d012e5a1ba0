import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// The fast JSON reader gives exactly the nodes, kinds and locations the YAML parser gives, or steps aside.
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
    ]

    @Test(arguments: crafted)
    func craftedDocumentsMatchTheYAMLParser(_ text: String) throws {
        let fast = try #require(JSONSyntaxParser.parse(text, file: "t.json", lineOffset: 0))
        #expect(fast == Self.viaYAML(text))
        #expect(JSONSyntaxParser.parse(text, file: "t.json", lineOffset: 7) == Self.viaYAML(text, lineOffset: 7))
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
                    guard let fast = JSONSyntaxParser.parse(document, file: "t.json", lineOffset: 0) else { continue }
                    #expect(fast == Self.viaYAML(document), "\(folder)/\(path)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 10)
    }

    @Test(arguments: [
        #"{"a": 1, "a": 2}"#, "[1e5]", "[1,]", "{\"a\" 1}", "[01]", "[1.]", "[\"tab\there\"]",
        "{\t\"a\": 1}", "[1]\r", "[1,\r2]", "[\"\u{7F}\"]", "[\"\u{FFFE}\"]", "", "[", "nul", "[+1]",
        #"["\ud83d"]"#, #"["\ud83d x"]"#, #"["\ude00"]"#, #"["\ud83d\u0041"]"#, #"["\u12"]"#, #"["\u12g4"]"#,
    ])
    func whatItCannotReproduceIsLeftToYAML(_ text: String) {
        #expect(JSONSyntaxParser.parse(text, file: "t.json", lineOffset: 0) == nil)
    }

    /// JSON escapes a code point beyond the Basic Multilingual Plane as a surrogate pair (Python's `json.dumps`
    /// writes every emoji so) and may escape NUL. YAML has neither escape, and the YAML parser refused such a file as
    /// malformed JSON; this reader decodes them, also in a file written on Windows.
    @Test func surrogatePairsAndEscapedNULAreRead() throws {
        let text =
            "{\r\n  \"label\": \"smile \\ud83d\\ude00 \\uD83D\\uDC69\\u200D\\u2695\\uFE0F\",\r\n  \"nul\": \"a\\u0000b\"\r\n}\r\n"
        let node = try #require(JSONSyntaxParser.parse(text, file: "t.json", lineOffset: 0))
        #expect(node["label"]?.scalarText == "smile 😀 👩‍⚕️")
        #expect(node["nul"]?.scalarText == "a\u{0}b")
        #expect(node["nul"]?.location.line == 3)
        #expect(Self.viaYAML(text) == nil, "the YAML parser reads these now: leave them to it again")
    }

    /// A schema a Python tool wrote (`json.dump` escapes every non-ASCII character) on Windows generates, its emoji
    /// in the doc comment; a lone surrogate is still an error on its line.
    @Test func aSchemaWithEscapedEmojiGenerates() throws {
        let schema =
            "{\r\n \"object\": \"object\", \"name\": \"c_a\", \"label\": \"A\", \"pluralName\": \"c_as\",\r\n"
            + " \"properties\": [{\"name\": \"c_x\", \"label\": \"X\", \"type\": \"String\",\r\n"
            + "   \"description\": \"caf\\u00e9 \\ud83d\\ude00\"}]\r\n}\r\n"
        let result = generate(config: "schemas: [a.json]\noutput: Generated\n", ["a.json": schema])
        #expect(messages(result).isEmpty, "\(messages(result))")
        #expect(file(result, "CA.swift")?.contains("/// café 😀") == true)
        let lone = schema.replacingOccurrences(of: "\\ude00", with: "")
        let refused = generate(config: "schemas: [a.json]\noutput: Generated\n", ["a.json": lone])
        #expect(messages(refused).first?.hasPrefix("a.json:4:") == true, "\(messages(refused))")
    }
}
