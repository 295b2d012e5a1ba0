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
        #"{"a": 1, "a": 2}"#, "[1e5]", "[\"\\u00e9\"]", "[1,]", "{\"a\" 1}", "[01]", "[1.]", "[\"tab\there\"]",
        "{\t\"a\": 1}", "[1]\r\n", "[\"\u{7F}\"]", "[\"\u{FFFE}\"]", "", "[", "nul", "[+1]",
    ])
    func whatItCannotReproduceIsLeftToYAML(_ text: String) {
        #expect(JSONSyntaxParser.parse(text, file: "t.json", lineOffset: 0) == nil)
    }
}
