import Testing

@testable import ModelGeneratorCore

/// What the parser does itself so it works the same with every Yams from 5.0 (which lacks anchors, aliases and
/// duplicate-key errors in its API) to 6.
@Suite struct YamsVersionTests {
    /// Yams before 5.3 keeps both entries of a duplicated key (later versions report it while parsing); the parser
    /// then finds them itself, at the first one.
    @Test func aDuplicateKeyIsFoundInTheParsedTree() throws {
        func scalar(_ text: String, _ line: Int, _ column: Int) -> SyntaxNode {
            SyntaxNode(.scalar(text, .string), at: SourceLocation(file: "f.yaml", line: line, column: column))
        }
        let inner = SyntaxNode(
            .mapping([
                .init(key: scalar("x", 2, 7), value: scalar("1", 2, 10)),
                .init(key: scalar("y", 2, 13), value: scalar("2", 2, 16)),
                .init(key: scalar("x", 2, 19), value: scalar("3", 2, 22)),
            ]),
            at: SourceLocation(file: "f.yaml", line: 2, column: 5)
        )
        let root = SyntaxNode(
            .mapping([.init(key: scalar("a", 1, 1), value: SyntaxNode(.sequence([inner]), at: inner.location))]),
            at: SourceLocation(file: "f.yaml", line: 1, column: 1)
        )
        let duplicate = try #require(DocumentParser.firstDuplicateKey(in: root))
        #expect(duplicate.name == "x")
        #expect(duplicate.location == SourceLocation(file: "f.yaml", line: 2, column: 7))
        let distinct = SyntaxNode(
            .mapping([
                .init(key: scalar("x", 1, 1), value: inner), .init(key: scalar("y", 3, 1), value: scalar("", 3, 4)),
            ]),
            at: SourceLocation(file: "f.yaml", line: 1, column: 1)
        )
        #expect(DocumentParser.firstDuplicateKey(in: distinct)?.name == "x", "found inside the nested mapping")
        #expect(DocumentParser.firstDuplicateKey(in: scalar("x", 1, 1)) == nil)
    }

    /// The alias bound reads anchors from the text, after a tag as well as before one: a bomb whose anchors follow
    /// `!!seq` is caught like one without.
    @Test(arguments: ["!!seq &", "&"]) func anAliasBombBehindTagsIsALocatedError(_ properties: String) {
        var lines = ["a: \(properties)a [x, x, x, x, x, x, x, x, x]"]
        let names = "abcdefghi".map(String.init)
        for (previous, name) in zip(names, names.dropFirst()) {
            let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
            lines.append("\(name): \(properties)\(name) [\(aliases)]")
        }
        let text = lines.joined(separator: "\n") + "\nobjects: *i\n"
        let result = generate(["objects.yaml": text])
        #expect(
            messages(result) == [
                "objects.yaml:6:4: error: aliases expand this document past \(text.utf8.count + 100_000) values"
            ]
        )
    }
}
