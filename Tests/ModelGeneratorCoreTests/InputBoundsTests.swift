import Foundation
import Testing

@testable import ModelGeneratorCore

/// Inputs that cost far more than their size, or recurse, end in a located error rather than minutes of work, gigabytes
/// of memory, a flood of output or a crash.
@Suite struct InputBoundsTests {
    /// Nine levels of nine aliases: about four hundred bytes that expand to 387 million values.
    static func aliasBomb(asKey: Bool = false) -> String {
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
        let names = "abcdefghi".map(String.init)
        for (previous, name) in zip(names, names.dropFirst()) {
            let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
            lines.append("\(name): &\(name) [\(aliases)]")
        }
        lines.append(asKey ? "? *i\n: boom" : "objects: *i")
        return lines.joined(separator: "\n") + "\n"
    }

    /// As a value the bomb would expand when converted; as a key Yams itself would hash all of it (260 s). The error
    /// stands at the first anchored value too big to repeat: `&f`, nine to the sixth values.
    @Test(arguments: [false, true]) func anAliasBombIsALocatedError(asKey: Bool) throws {
        let text = Self.aliasBomb(asKey: asKey)
        let result = generate(["objects.yaml": text])
        let limit = text.utf8.count + 100_000
        #expect(messages(result) == ["objects.yaml:6:4: error: aliases expand this document past \(limit) values"])
    }

    /// `headers: [/usr]` read every header of the system: the folders' walk lists at most `entryLimit` entries, and
    /// stops with a located error past them, rather than read some of the headers and not others silently.
    @Test(arguments: [0, 1]) func aHeaderFolderWalkStopsAtItsEntryLimit(over: Int) {
        var files = ["H/a.h": "@interface A : NSObject\n@end\n"]
        // `H` lists `a.h` and `big`.
        for index in 0..<(HeaderFiles.Search.entryLimit - 2 + over) { files["H/big/f\(index).txt"] = "" }
        var search = HeaderFiles.Search(files: .inMemory(files))
        let location = SourceLocation(file: "model-generator.yaml", line: 3, column: 10)
        #expect(search.paths("H", at: location) == ["H/a.h"])
        let errors = search.diagnostics.errors.map { "\($0.location): \($0.message)" }
        #expect(
            errors
                == (over == 0
                    ? []
                    : [
                        "model-generator.yaml:3:10: the header folders hold more than 20000 entries; 'H/big' and what follows are not searched"
                    ])
        )
    }

    @Test func manyAliasesOfAnAllowedValueAreALocatedErrorToo() throws {
        let list = "[" + Array(repeating: "x", count: 1_000).joined(separator: ", ") + "]"
        let text = "a: &a \(list)\nobjects: [" + Array(repeating: "*a", count: 200).joined(separator: ", ") + "]\n"
        let result = generate(["objects.yaml": text])
        #expect(
            messages(result) == [
                "objects.yaml:2:10: error: aliases expand this document past \(text.utf8.count + 100_000) values"
            ]
        )
    }

    @Test func aliasesWithinTheLimitStillWork() throws {
        let text = """
            base: &base { type: String, indexed: true }
            objects:
              - name: c_a
                properties:
                  - { name: c_one, <<: *base }
                  - *base
            """
        guard case .success(let root?) = DocumentParser.parse(text, file: "objects.yaml") else {
            Issue.record("a document with a few aliases was rejected")
            return
        }
        #expect(root["objects"]?.elements?.first?["properties"]?.elements?.count == 2)
    }

    @Test func onlyTheFirstDiagnosticsAreKeptAndTheRestCounted() throws {
        let badLines = String(repeating: "{ not json\n", count: Diagnostics.limit + 1_000)
        let result = generate(config: "schemas: [export.ndjson]\n", ["export.ndjson": badLines])
        #expect(result.diagnostics.all.count == Diagnostics.limit)
        #expect(result.diagnostics.omittedCount >= 1_000)
        #expect(result.diagnostics.hasErrors)
        let printed = result.diagnostics.printedLines
        #expect(printed.count == Diagnostics.limit + 1)
        #expect(printed.first?.hasPrefix("export.ndjson:1:") == true)
        #expect(printed.last?.hasPrefix("... and \(result.diagnostics.omittedCount) more problems (") == true)
    }

    @Test func omittedErrorsStillFailTheRun() {
        var diagnostics = Diagnostics()
        for line in 1...Diagnostics.limit {
            diagnostics.warning("w", at: SourceLocation(file: "f", line: line, column: 1))
        }
        diagnostics.error("e", at: SourceLocation(file: "f", line: 1, column: 1))
        #expect(diagnostics.all.count == Diagnostics.limit && diagnostics.hasErrors)
        var merged = Diagnostics()
        merged.append(contentsOf: diagnostics)
        #expect(merged.hasErrors && merged.omittedCount == 1)
        #expect(merged.printedLines.last == "... and 1 more problems (1 errors), not shown; fix these first")
    }

    @Test(arguments: [
        (
            ["templates/model.mustache": "{{%CONTENT_TYPE: TEXT}}\n{{> model}}\n"],
            "templates/model.mustache:2:1: error: template 'model' includes 'model', which includes it again: model → model"
        ),
        (
            [
                "templates/struct.mustache": "{{%CONTENT_TYPE: TEXT}}\n// s\n  {{> enum}}\n",
                "templates/enum.mustache": "{{%CONTENT_TYPE: TEXT}}\n{{<struct}}{{/struct}}\n",
            ],
            "templates/struct.mustache:3:3: error: template 'struct' includes 'enum', which includes it again: enum → struct → enum"
        ),
    ])
    func aTemplateThatIncludesItselfIsAnError(templates: [String: String], expected: String) {
        var files = templates
        files["objects.yaml"] = "objects:\n  - name: c_a\n    properties: [{ name: c_b, type: String }]\n"
        let result = generate(config: "schemas: [objects.yaml]\ntemplates: templates\n", files)
        #expect(messages(result) == [expected])
        #expect(result.files.isEmpty)
    }

    /// A user template that leaves out the header wrote files the next run took for edited ones: it refused to
    /// overwrite them, and only deleting them by hand got the config generating again. Such a file is an error at
    /// the template now, and nothing is written.
    @Test(arguments: [
        (
            "model",
            "templates/model.mustache:1:1: error: template 'model' renders CA.swift without the generated header first ('// Generated by model-generator from …'), which the next run would take for a file someone edited"
        ),
        (
            "listing",
            "templates/listing.mustache:1:1: error: template 'listing' renders SchemaObjects.swift without the generated header first ('// Generated by model-generator from …'), which the next run would take for a file someone edited"
        ),
    ])
    func aTemplateThatLeavesOutTheHeaderIsAnError(template: String, expected: String) {
        let files = [
            "objects.yaml": "objects:\n  - name: c_a\n    properties: [{ name: c_b, type: String }]\n",
            "templates/\(template).mustache":
                "{{%CONTENT_TYPE: TEXT}}\nimport Foundation\n{{#headerLines}}\n{{.}}\n{{/headerLines}}\n",
        ]
        let result = generate(config: "schemas: [objects.yaml]\ntemplates: templates\n", files)
        #expect(messages(result) == [expected])
        #expect(result.files.isEmpty)
    }

    /// Each default must be a literal Swift reads as the same value; the loader reported none of these, and the
    /// compiler failed on the generated code.
    @Test(arguments: [
        ("Bool", "on"), ("Bool", "no"), ("Bool", "yes"), ("Bool", "'true'"), ("Double", "nan"), ("Double", ".inf"),
        ("Double", "-.inf"), ("Double", "1e400"), ("Double", ".5"), ("Int", "0x1F"), ("Int", "1_000"),
        ("Int", "+5"), ("Int", "190:20:30"), ("Int", "99999999999999999999"), ("Int", "1.5"), ("String", "no"),
        ("String", "on"), ("String", "12"),
    ])
    func aDefaultThatIsNoSwiftLiteralOfItsTypeIsALocatedError(type: String, value: String) {
        let mapping = """
            mappings:
              Thing:
                properties:
                  value: { type: \(type), default: \(value) }
            """
        let result = generate(config: "mappings: [m.yaml]\n", ["m.yaml": mapping])
        #expect(
            messages(result) == ["m.yaml:4:\(33 + type.count): error: the default of 'value' is not a valid \(type)"],
            "\(type) \(value)"
        )
        if type == "String" {
            // YAML reads `no` and `on` as booleans and `12` as a number; quoted, each is the text.
            #expect(result.diagnostics.errors.first?.hint == "quote the text to make it a string")
        }
    }

    /// Defaults that go into the code as JSON (through a formatter, in an array) hold only numbers Swift reads.
    @Test(arguments: ["[1, .nan]", "{ a: 0x1F }", ".inf"])
    func aJSONDefaultWithANumberSwiftCantWriteIsALocatedError(value: String) {
        let mapping = """
            mappings:
              Thing:
                properties:
                  value: { type: "[Double]", default: \(value) }
                  other: { type: JSONValue, default: \(value) }
            """
        let result = generate(config: "mappings: [m.yaml]\n", ["m.yaml": mapping])
        #expect(result.diagnostics.errors.count == 2, "\(messages(result))")
        #expect(result.diagnostics.errors.allSatisfy { $0.message.contains("which is not a finite decimal number") })
    }

    @Test func defaultsThatAreSwiftLiteralsStillGenerate() throws {
        let mapping = """
            mappings:
              Thing:
                properties:
                  flag: { type: Bool, default: false }
                  count: { type: Int, default: -12 }
                  ratio: { type: Double, default: 1.5e-3 }
                  list: { type: "[Double]", default: [1, 2.5] }
            """
        let result = generate(config: "mappings: [m.yaml]\n", ["m.yaml": mapping])
        #expect(messages(result) == [])
        let model = try #require(file(result, "Thing.swift"))
        #expect(model.contains("default: false"))
        #expect(model.contains("default: -12"))
        #expect(model.contains("default: 1.5e-3"))
    }
}
