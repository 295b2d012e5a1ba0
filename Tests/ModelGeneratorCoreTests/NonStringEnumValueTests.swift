import Testing

@testable import ModelGeneratorCore

/// A value of a string enum that is no string (`2` in a Cortex `stringEnum`'s `values`, `1` in a Mia-Platform
/// string field's `enum`) can never be a String property's value: it is left out with a warning at its place,
/// where it used to become a case `_2` with the raw value "2". Numeric enums of numeric properties keep working.
@Suite struct NonStringEnumValueTests {
    @Test func aCortexStringEnumLeavesOutANumberAndABoolean() throws {
        let property =
            #"{"name": "c_state", "label": "State", "type": "String", "validators": ["#
            + "\n      "
            + #"{"name": "stringEnum", "definition": {"values": ["open", 2, "closed", true]}}]},"#
            + "\n    "
            + #"{"name": "c_size", "label": "Size", "type": "Number", "validators": ["#
            + #"{"name": "numberEnum", "definition": {"values": [1, 2]}}]}"#
        let result = generate(
            config: StrictJSONTests.config,
            ["schema/ticket.json": StrictJSONTests.definition(property)]
        )
        #expect(
            messages(result) == [
                "schema/ticket.json:7:64: warning: the enum value 2 of 'c_state' is a number, not a string: it is left out of the enum",
                "schema/ticket.json:7:77: warning: the enum value true of 'c_state' is a boolean, not a string: it is left out of the enum",
            ]
        )
        #expect(result.diagnostics.sorted.first?.hint == #"if the text '2' is meant, write it in quotes: "2""#)
        let model = try #require(file(result, "CTicket.swift"))
        #expect(model.contains(#"case "open": self = .`open`"#))
        #expect(model.contains(#"case "closed": self = .closed"#))
        #expect(!model.contains("_2"))
        #expect(!model.contains(#""2""#))
        #expect(!model.contains(#""true""#))
    }

    /// Ajv, which Mia-Platform's CRUD service validates bodies with, checks `type: string` and `enum` both: `1`
    /// passes no `type: string`. A nullable field's `null` is its optional's nil, without a word; an integer
    /// field's numeric `enum` is no string enum and stays a number.
    @Test(arguments: [false, true])
    func aMiaStringFieldLeavesOutANumber(jsonSchema: Bool) throws {
        let text =
            jsonSchema
            ? """
            {
              "name": "tickets", "endpointBasePath": "/tickets",
              "schema": {"type": "object", "properties": {
                "_id": {"type": "string", "__mia_configuration": {"type": "ObjectId"}},
                "state": {"type": "string", "nullable": true, "enum": ["open", null, 1, "closed"]},
                "priority": {"type": "integer", "enum": [1, 2]}
              }}
            }

            """
            : """
            {
              "name": "tickets", "endpointBasePath": "/tickets",
              "fields": [
                {"name": "_id", "type": "ObjectId", "required": true},
                {"name": "state", "type": "string", "required": false, "nullable": true, "enum": ["open", null, 1, "closed"]},
                {"name": "priority", "type": "number", "required": false, "enum": [1, 2]}
              ]
            }

            """
        let result = generate(config: "schemas: [tickets.json]\noutput: Generated\n", ["tickets.json": text])
        let column = jsonSchema ? 74 : 101
        #expect(
            messages(result).filter { $0.contains("enum") } == [
                "tickets.json:5:\(column): warning: the enum value 1 of 'state' is a number, not a string: it is left out of the enum"
            ],
            "\(messages(result))"
        )
        let model = try #require(file(result, "Tickets.swift"))
        #expect(model.contains(#"case "open": self = .`open`"#))
        #expect(model.contains(#"case "closed": self = .closed"#))
        #expect(!model.contains("_1"))
        #expect(model.contains("var priority: ") && !model.contains("enum Priority"))
    }

    /// In a YAML file, what YAML 1.2's core schema reads as text is text (as js-yaml, mdctl's YAML reader, reads it),
    /// though the YAML parser here reads `yes` and `12:30` as YAML 1.1's boolean and number; a plain `2` is a number.
    @Test func aYAMLEnumKeepsWhatYAMLReadsAsText() throws {
        let yaml = """
            objects:
              - name: c_ticket
                properties:
                  - { name: c_state, type: String, validators: [{ name: stringEnum, definition: { values: [open, 2, yes, "3", 12:30] } }] }

            """
        let result = generate(["objects.yaml": yaml])
        #expect(
            messages(result) == [
                "objects.yaml:4:102: warning: the enum value 2 of 'c_state' is a number, not a string: it is left out of the enum"
            ]
        )
        let model = try #require(file(result, "Ticket.swift"))
        for raw in ["open", "yes", "3", "12:30"] { #expect(model.contains("\"\(raw)\""), "\(raw)") }
        #expect(!model.contains(#""2""#))
    }
}
