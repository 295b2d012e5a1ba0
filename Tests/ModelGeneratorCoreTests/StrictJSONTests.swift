import Testing

@testable import ModelGeneratorCore

/// A `.json` schema file is JSON, as every backend's own tools read it (Node's `JSON.parse` in mdctl, Mia-Platform's
/// CRUD service and Parse Server): what only YAML's flow syntax reads is an error at the place it stops being JSON,
/// where the YAML parser read it without a word. `.yaml` files stay YAML.
@Suite struct StrictJSONTests {
    /// One property of a Cortex definition as mdctl writes it, with `property` in its place in `properties`, the
    /// rest on lines of their own: `property` is on line 6.
    static func definition(_ property: String, after: String = "") -> String {
        [
            "{",
            #"  "object": "object","#,
            #"  "name": "c_ticket", "label": "Ticket", "pluralName": "c_tickets","#,
            #"  "properties": ["#,
            #"    {"name": "c_title", "label": "Title", "type": "String"},"#,
            "    " + property,
            "  ]" + after,
            "}",
            "",
        ].joined(separator: "\n")
    }

    static let config = "schemas: [schema/ticket.json]\noutput: Generated\n"

    /// A property that is no JSON in one way, the place (line 6 or later, column) and the start of the message.
    static let notJSON: [(name: String, text: String, place: String, message: String)] = [
        (
            "a trailing comma in an array", definition(#"{"name": "c_state", "label": "State", "type": "String"},"#),
            "6:60", "JSON allows no trailing comma"
        ),
        (
            "a trailing comma in an object", definition(#"{"name": "c_state", "label": "State", "type": "String",}"#),
            "6:59", "JSON allows no trailing comma"
        ),
        (
            "a trailing comma after the last member", definition(#"{"name": "c_state", "type": "String"}"#, after: ","),
            "7:4", "JSON allows no trailing comma"
        ),
        (
            "single quotes", definition(#"{"name": "c_state", "label": 'State', "type": "String"}"#),
            "6:34", "JSON strings are written in double quotes, not single quotes"
        ),
        (
            "an unquoted key", definition(#"{"name": "c_state", label: "State", "type": "String"}"#),
            "6:25", "an object's key is a string in double quotes in JSON, found 'label'"
        ),
        (
            "a # comment", definition("# the state\n    " + #"{"name": "c_state", "type": "String"}"#),
            "6:5", "JSON allows no comments"
        ),
        (
            "a comment after the document", definition(#"{"name": "c_state", "type": "String"}"#) + "# end\n",
            "9:1", "JSON allows no comments"
        ),
        (
            "NaN", definition(#"{"name": "c_n", "type": "Number", "default": NaN}"#),
            "6:50", "JSON has no NaN or Infinity ('NaN')"
        ),
        (
            ".inf", definition(#"{"name": "c_n", "type": "Number", "default": -.inf}"#),
            "6:50", "JSON has no NaN or Infinity ('-.inf')"
        ),
        (
            "a leading +", definition(#"{"name": "c_n", "type": "Number", "default": +1}"#),
            "6:50", "a JSON number has no leading '+' ('+1')"
        ),
        (
            "a hexadecimal number", definition(#"{"name": "c_n", "type": "Number", "default": 0x1F}"#),
            "6:50", "'0x1F' is not a JSON number"
        ),
        (
            "a YAML 1.1 number", definition(#"{"name": "c_n", "type": "Number", "default": 1_000}"#),
            "6:50", "'1_000' is not a JSON number"
        ),
        (
            "a literal in capitals", definition(#"{"name": "c_b", "type": "Boolean", "default": True}"#),
            "6:51", "JSON's 'true' is written in lower case ('True')"
        ),
        (
            "an unquoted string", definition(#"{"name": "c_state", "type": String}"#),
            "6:33", "'String' is not a JSON value"
        ),
        (
            "a YAML escape", definition(#"{"name": "c_state", "label": "St\x41te", "type": "String"}"#),
            "6:37", "'\\x' is not a JSON escape"
        ),
        (
            "a member without a value", definition(#"{"name": "c_state", "label": , "type": "String"}"#),
            "6:34", "expected a value, found ','"
        ),
        (
            "a key without a value", definition(#"{"name": "c_state", "label", "type": "String"}"#),
            "6:32", "expected ':' after the key 'label'"
        ),
    ]

    /// What the YAML parser read without a word is an error at the place, in the words of JSON; nothing is generated.
    @Test(arguments: notJSON.indices)
    func whatOnlyYAMLReadsIsALocatedError(_ index: Int) {
        let (name, text, place, message) = Self.notJSON[index]
        let result = generate(config: Self.config, ["schema/ticket.json": text])
        #expect(
            messages(result) == ["schema/ticket.json:\(place): error: malformed JSON: \(message)"],
            "\(name): \(messages(result))"
        )
        #expect(result.files.isEmpty, "\(name)")
        // The same value in a YAML file is YAML's to read: the generator's own format and configs keep it.
        if index == 0 {
            let yaml =
                "objects:\n  - { name: c_ticket, label: Ticket, properties: [{ name: c_title, type: String },] }\n"
            let read = generate(config: "schemas: [objects.yaml]\noutput: Generated\n", ["objects.yaml": yaml])
            #expect(messages(read).isEmpty, "\(messages(read))")
            #expect(file(read, "CTicket.swift") != nil)
        }
    }

    /// The message says what to do; a duplicate key and broken JSON keep the YAML parser's errors.
    @Test func theTrailingCommaSaysWhatToDoAndOtherErrorsStayAsTheyWere() throws {
        let text = Self.definition(#"{"name": "c_state", "type": "String"},"#)
        let result = generate(config: Self.config, ["schema/ticket.json": text])
        let diagnostic = try #require(result.diagnostics.sorted.first)
        #expect(diagnostic.hint == "remove the comma after the last element")
        let duplicate = generate(
            config: Self.config,
            ["schema/ticket.json": Self.definition(#"{"name": "c_state", "name": "c_other", "type": "String"}"#)]
        )
        #expect(messages(duplicate).first?.hasPrefix("schema/ticket.json:6:") == true, "\(messages(duplicate))")
        #expect(messages(duplicate).first?.contains("duplicate key 'name'") == true, "\(messages(duplicate))")
    }

    /// A line of a Cortex export (NDJSON) is JSON too, each line strictly.
    @Test func aLineOfAnExportWithATrailingCommaIsAnError() {
        let text = #"{"object": "object", "name": "c_a", "label": "A", "properties": [],}"# + "\n"
        let result = generate(config: "schemas: [org.ndjson]\noutput: Generated\n", ["org.ndjson": text])
        #expect(messages(result) == ["org.ndjson:1:67: error: malformed JSON: JSON allows no trailing comma"])
    }

    /// An empty `.json` file is still an empty schema file, a warning; one holding only a comment is no JSON.
    @Test func anEmptyJSONFileIsEmptyAndACommentAloneIsAnError() {
        let empty = generate(config: Self.config, ["schema/ticket.json": "  \n"])
        #expect(messages(empty) == ["schema/ticket.json:1:1: warning: the schema file is empty"])
        let comment = generate(config: Self.config, ["schema/ticket.json": "# nothing yet\n"])
        #expect(messages(comment) == ["schema/ticket.json:1:1: error: malformed JSON: JSON allows no comments"])
    }

    /// The reader's own answer, beside the pipeline's: a trailing comma is no JSON, at the comma, also one line
    /// before the bracket, and valid JSON stays a document.
    @Test func theReaderPointsAtTheComma() throws {
        guard case .notJSON(let problem) = JSONSyntaxParser.read("[1,\n\n]", file: "t.json", lineOffset: 3) else {
            Issue.record("read as JSON")
            return
        }
        #expect("\(problem.location)" == "t.json:4:3")
        guard case .document = JSONSyntaxParser.read("[1,\n\n2]", file: "t.json", lineOffset: 0) else {
            Issue.record("valid JSON not read")
            return
        }
    }
}
