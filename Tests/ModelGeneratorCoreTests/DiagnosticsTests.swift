import Foundation
import Testing

@testable import ModelGeneratorCore

/// Every diagnostic the generator emits, with its message and its `file:line:column`.
@Suite struct DiagnosticsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var config: String = defaultConfig
        var schema: String?
        var files: [String: String] = [:]
        var expected: [String]
        var testDescription: String { name }
    }

    /// A bad first line of NDJSON that closes what it opens (brackets inside strings don't count) is reported as
    /// it is, and so is every other bad line: only a value that goes on past its line is JSON over several lines.
    @Test func badLinesOfNDJSONThatCloseWhatTheyOpenAreEachReported() {
        let text = "{\"object\": \"object\"}]\n{\"object\": \"object\", \"label\": \"{[\"} x\n"
        let (nodes, diagnostics) = DocumentParser.parseLines(text, file: "org.ndjson")
        #expect(nodes.isEmpty)
        #expect(diagnostics.all.map(\.location.line) == [1, 2], "\(diagnostics.all)")
        #expect(!diagnostics.all.contains { $0.message.contains("several lines") }, "\(diagnostics.all)")
    }

    /// An export written on Windows ends its lines with CRLF: each line is still one value. Split by Characters,
    /// "\r\n" is one Character, and the whole file was one line.
    @Test func ndjsonWithCRLFLineEndsReadsEachLine() {
        let text = "{\"object\": \"object\", \"name\": \"c_a\"}\r\n\r\n{\"object\": \"object\", \"name\": \"c_b\"}\r\n"
        let (nodes, diagnostics) = DocumentParser.parseLines(text, file: "org.ndjson")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        #expect(nodes.map { $0["name"]?.scalarText } == ["c_a", "c_b"])
        #expect(nodes.map(\.location.line) == [1, 3])
    }

    /// The scan for JSON over several lines starts at the first line that isn't blank, by the same test of blank
    /// (a form feed is blank), and the error names that line.
    @Test func jsonOverSeveralLinesAfterABlankLineOfOtherWhitespace() {
        let (nodes, diagnostics) = DocumentParser.parseLines("\u{0C}\n{\n\"a\": 1\n}\n", file: "org.ndjson")
        #expect(nodes.isEmpty)
        #expect(diagnostics.all.map(\.location.line) == [2], "\(diagnostics.all)")
        #expect(diagnostics.all.first?.message.contains("several lines") == true)
    }

    @Test(arguments: [
        ("{\n\"a\": 1\n}\n", true), ("\n\n{\n}\n", true), ("[{\"a\": 1},\n {\"b\": 2}]\n", true),
        ("{\"a\": \"}\",\n\"b\": [1,\n2]}\n", true), ("{\"a\": 1}\n{\"b\": 2}\n", false),
        ("{\"a\": \"{[\"}\n{\n}\n", false), ("{\"a\": \"\\\"{\"}\n", false), ("\"a\"\n{\n}\n", false),
        ("{ not json\n{ not json\n", false), ("}\n{\n}\n", false),
    ])
    func aFirstValueWrittenOverSeveralLines(text: String, spansLines: Bool) {
        #expect(DocumentParser.firstValueSpansLines(text) == spansLines, "\(text)")
    }

    static let cases: [Case] = [
        Case(
            name: "unknown config key",
            config: "schemas: [objects.yaml]\nschema: x\n",
            schema: "objects: []\n",
            expected: ["model-generator.yaml:2:1: error: unknown key 'schema' in the config"]
        ),
        Case(
            name: "bad access modifier",
            config: "schemas: [objects.yaml]\naccessModifier: open\n",
            schema: "objects: []\n",
            expected: [
                "model-generator.yaml:2:17: error: 'accessModifier' must be one of public, package, internal; found 'open'"
            ]
        ),
        Case(
            name: "no schemas",
            config: "output: Generated\n",
            expected: ["model-generator.yaml:1:1: error: the config names no schema files"]
        ),
        Case(
            name: "generate without models",
            config: "schemas: [objects.yaml]\ngenerate: [queries]\n",
            schema: "objects: []\n",
            expected: [
                "model-generator.yaml:2:11: error: 'generate' must include 'models': queries and bodies are built on the models"
            ]
        ),
        Case(
            name: "generate testing without bodies",
            config: "schemas: [objects.yaml]\ngenerate: [models, queries, testing]\n",
            schema: "objects: []\n",
            expected: [
                "model-generator.yaml:2:11: error: 'generate' must include 'bodies' with 'testing': what it generates describes the create bodies"
            ]
        ),
        Case(
            name: "malformed config",
            config: "schemas: [objects.yaml\noutput: x\n",
            expected: [
                "model-generator.yaml:2:7: error: malformed YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 1, column 10)"
            ]
        ),
        // A character libYAML refuses is placed where it is (it was placed at 1:1), the column in Unicode scalars.
        Case(
            name: "control character in the config",
            config: "schemas: [objects.yaml]\noutput: G\u{E9}n\u{0C}\n",
            expected: ["model-generator.yaml:2:12: error: cannot read YAML: control characters are not allowed"]
        ),
        Case(
            name: "control character in a schema",
            config: "schemas: [objects.yaml]\n",
            schema: "objects:\n  - name: c_\u{1F600}\u{7F}\n",
            expected: ["objects.yaml:2:14: error: cannot read YAML: control characters are not allowed"]
        ),
        Case(
            name: "unknown naming key",
            config: "schemas: [objects.yaml]\nnaming:\n  stripPrefix: [c_]\n",
            schema: "objects: []\n",
            expected: ["model-generator.yaml:3:3: error: unknown key 'stripPrefix' in 'naming'"]
        ),
        Case(
            name: "empty override path segment",
            config: "schemas: [objects.yaml]\nnaming:\n  overrides: { c_a..b: X }\n",
            schema: "objects: []\n",
            expected: ["model-generator.yaml:3:16: error: override key 'c_a..b' must be 'object' or 'object.property'"]
        ),
        Case(
            name: "missing schema file",
            config: "schemas: [missing.yaml]\n",
            expected: ["model-generator.yaml:1:11: error: cannot read schema file 'missing.yaml': no such file"]
        ),
        Case(
            name: "malformed JSON schema",
            config: "schemas: [objects.json]\n",
            files: ["objects.json": "{\n  \"objects\": [\n    { \"name\": \"a\" \"label\": \"b\" }\n  ]\n}\n"],
            expected: [
                "objects.json:3:19: error: malformed JSON: expected ',' or '}' after an object's member, found '\"'"
            ]
        ),
        Case(
            name: "schema without objects",
            schema: "things: []\n",
            expected: [
                "objects.yaml:1:1: error: a schema file needs a top-level 'objects' list",
                "objects.yaml:1:1: warning: unknown key 'things' in a schema file",
            ]
        ),
        // The form parse-server's spec/MongoSchemaCollectionAdapter.spec.js gives, alone or in a database dump.
        Case(
            name: "a class as Parse Server stores it",
            schema: "{\"_id\": \"_Installation\", \"_metadata\": {\"indexes\": {}}, \"deviceToken\": \"string\"}\n",
            expected: [
                "objects.yaml:1:1: error: this is a class as Parse Server stores it (a document of its _SCHEMA collection), not a schema"
            ]
        ),
        Case(
            name: "a dump of Parse Server's stored classes",
            schema: "[{\"_id\": \"Score\", \"_client_permissions\": {}, \"points\": \"number\"}]\n",
            expected: [
                "objects.yaml:1:2: error: this is a class as Parse Server stores it (a document of its _SCHEMA collection), not a schema"
            ]
        ),
        // Parse Server writes no `_metadata` for a class without permissions, indexes or field options
        // (MongoStorageAdapter.js); a migration that inserts the classes itself writes none either.
        Case(
            name: "a class as Parse Server stores it, without metadata",
            schema: "{\"_id\": \"Profile\", \"objectId\": \"string\", \"firstName\": \"string\"}\n",
            expected: [
                "objects.yaml:1:1: error: this is a class as Parse Server stores it (a document of its _SCHEMA collection), not a schema"
            ]
        ),
        Case(
            name: "a migration's list of stored Parse classes, without metadata",
            schema: """
                [{"_id": "_User", "objectId": "string", "updatedAt": "date", "profile": "*Profile"},
                 {"_id": "Order", "items": "relation<Item>", "totals": "number", "where": "geopoint"}]

                """,
            expected: [
                "objects.yaml:1:2: error: this is a class as Parse Server stores it (a document of its _SCHEMA collection), not a schema"
            ]
        ),
        Case(
            name: "mongoexport of Parse Server's stored classes",
            config: "schemas: [schema.ndjson]\n",
            files: [
                "schema.ndjson":
                    "{\"_id\":\"_User\",\"objectId\":\"string\",\"username\":\"string\"}\n"
                    + "{\"_id\":\"Game\",\"_metadata\":{\"indexes\":{}},\"score\":\"number\"}\n"
            ],
            expected: [
                "schema.ndjson:1:1: error: this is a class as Parse Server stores it (a document of its _SCHEMA collection), not a schema"
            ]
        ),
        Case(
            name: "unknown type with suggestion",
            schema: """
                objects:
                  - name: c_a
                    properties:
                      - name: c_b
                        type: Strng
                """,
            expected: ["objects.yaml:5:15: error: unknown type 'Strng' of property 'c_b'"]
        ),
        Case(
            name: "property without type",
            schema: "objects:\n  - name: c_a\n    properties:\n      - name: c_b\n",
            expected: ["objects.yaml:4:9: error: property 'c_b' needs a 'type'"]
        ),
        Case(
            name: "unknown property key",
            schema:
                "objects:\n  - name: c_a\n    properties:\n      - name: c_b\n        type: String\n        lable: B\n",
            expected: ["objects.yaml:6:9: warning: unknown key 'lable' in a property"]
        ),
        Case(
            name: "object defined twice",
            schema: "objects:\n  - name: c_a\n  - name: c_a\n",
            expected: [
                "objects.yaml:3:11: error: object 'c_a' is defined twice; the first definition is at objects.yaml:2:11"
            ]
        ),
        Case(
            name: "property defined twice",
            schema: """
                objects:
                  - name: c_a
                    properties:
                      - { name: c_b, type: String }
                      - { name: c_b, type: Number }
                """,
            expected: ["objects.yaml:5:17: error: property 'c_b' is defined twice; the first is at objects.yaml:4:17"]
        ),
        Case(
            name: "two properties with one Swift name",
            schema: """
                objects:
                  - name: c_a
                    properties:
                      - { name: c_name, type: String }
                      - { name: name, type: String }
                """,
            expected: [
                "objects.yaml:5:17: error: properties 'c_name' and 'name' would both be named 'name' in Swift; the other is at objects.yaml:4:17"
            ]
        ),
        Case(
            name: "two objects with one Swift name",
            schema: "objects:\n  - name: c_thing\n  - name: thing\n",
            expected: [
                "objects.yaml:3:11: error: objects 'c_thing' and 'thing' would both be named 'Thing' in Swift; the other is at objects.yaml:2:11"
            ]
        ),
        Case(
            name: "reference to an undefined object",
            schema: """
                objects:
                  - name: c_a
                    properties:
                      - { name: c_owner, type: Reference, sourceObject: c_acount }
                  - name: c_account
                """,
            expected: [
                "objects.yaml:4:57: error: reference 'c_owner' points at 'c_acount', which is no object of the schema"
            ]
        ),
        Case(
            name: "a bad line in a Cortex export",
            config: "schemas: [org.ndjson]\n",
            files: ["org.ndjson": "{\"object\": \"env\"}\n{\"object\": \"object\", \"name\": \n"],
            expected: [
                "org.ndjson:2:30: error: malformed JSON: the text ends where a value should be"
            ]
        ),
        Case(
            // mdctl-packages' test/data.ndjson is 276 values written this way: one error, not one per line.
            name: "a Cortex export written as JSON over several lines",
            config: "schemas: [org.ndjson]\n",
            files: [
                "org.ndjson": "\n{\n  \"object\": \"object\",\n  \"name\": \"c_a\"\n}\n{\n  \"object\": \"object\"\n}\n"
            ],
            expected: [
                "org.ndjson:2:1: error: this file holds JSON written over several lines, where an NDJSON export holds one value per line"
            ]
        ),
        Case(
            // An array of objects, the first one on the array's first line: the array is still open at its end.
            name: "a Cortex export written as one JSON array over several lines",
            config: "schemas: [org.ndjson]\n",
            files: [
                "org.ndjson":
                    "[{\"object\": \"object\", \"name\": \"c_a\", \"label\": \"[x\"},\n {\"object\": \"object\"}]\n"
            ],
            expected: [
                "org.ndjson:1:1: error: this file holds JSON written over several lines, where an NDJSON export holds one value per line"
            ]
        ),

        Case(
            name: "stringEnum without values",
            schema: """
                objects:
                  - name: c_a
                    properties:
                      - { name: c_b, type: String, validators: [{ name: stringEnum }] }
                """,
            expected: [
                "objects.yaml:4:57: error: the stringEnum validator of 'c_b' needs 'definition: { values: [...] }'"
            ]
        ),
        Case(
            name: "enum values with one Swift case",
            schema: """
                objects:
                  - name: c_a
                    properties:
                      - name: c_b
                        type: String
                        validators: [{ name: stringEnum, definition: { values: [in-progress, in_progress] } }]
                """,
            expected: [
                "objects.yaml:6:78: error: enum values 'in-progress' and 'in_progress' of 'c_b' would both be the Swift case 'inProgress'; the other is at objects.yaml:6:65"
            ]
        ),
        Case(
            name: "an enum value listed twice",
            schema: """
                objects:
                  - name: c_a
                    properties:
                      - name: c_b
                        type: String
                        validators: [{ name: stringEnum, definition: { values: [new, done, new] } }]
                """,
            expected: [
                "objects.yaml:6:76: error: enum value 'new' of 'c_b' is listed twice; the first is at objects.yaml:6:65"
            ]
        ),
        Case(
            name: "unused override",
            config: "schemas: [objects.yaml]\nnaming:\n  overrides: { c_b: B }\n",
            schema: "objects:\n  - name: c_a\n",
            expected: ["model-generator.yaml:3:21: warning: naming override 'c_b' matches no object or property"]
        ),
        Case(
            name: "an object that would hide a Swift type",
            config: "schemas: [objects.yaml]\nnaming: { stripPrefixes: [c_] }\n",
            schema: "objects:\n  - name: c_date\n",
            expected: [
                "objects.yaml:2:11: warning: object 'c_date' is named 'DateObject' in Swift, since 'Date' would hide the type of that name"
            ]
        ),
        Case(
            name: "an object that would hide a type of Swift's an app names, such as a Medable org's task",
            config: "schemas: [objects.yaml]\nnaming: { stripPrefixes: [c_] }\n",
            schema: "objects:\n  - name: c_task\n  - name: c_range\n",
            expected: [
                "objects.yaml:2:11: warning: object 'c_task' is named 'TaskObject' in Swift, since 'Task' would hide the type of that name",
                "objects.yaml:3:11: warning: object 'c_range' is named 'RangeObject' in Swift, since 'Range' would hide the type of that name",
            ]
        ),
        Case(
            name: "an object whose file name would be too long for a file system",
            schema: "objects:\n  - name: c_\(String(repeating: "a", count: 250))\n",
            expected: [
                "objects.yaml:2:11: error: object 'c_\(String(repeating: "a", count: 250))' would be named 'Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…' in Swift, and its file's name would be longer than the 255 bytes file systems allow"
            ]
        ),
        Case(
            name: "objects whose files' names differ only in case, one file on macOS",
            config: "schemas: [objects.yaml]\n",
            schema: "objects:\n  - name: thing\n  - name: THING\n  - name: schemaobjects\n",
            expected: [
                "objects.yaml:3:11: error: object 'THING' would be written to THING.swift, which differs only in case from 'thing' (Thing.swift, at objects.yaml:2:11): one file on a case-insensitive file system (macOS's default)",
                "objects.yaml:4:11: error: object 'schemaobjects' would be written to Schemaobjects.swift, which differs only in case from the list of objects, SchemaObjects.swift: one file on a case-insensitive file system (macOS's default)",
            ]
        ),
        Case(
            name: "Cortex types whose wire form no public file shows are JSON without a word",
            schema:
                "objects:\n  - name: c_a\n    properties:\n      - { name: c_where, type: Binary }\n      - { name: c_set, type: Set }\n",
            expected: []
        ),
        Case(
            name: "wrong value shape",
            schema: "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: String, array: maybe }\n",
            expected: ["objects.yaml:4:43: error: 'array' of 'c_b' must be true or false, found a string"]
        ),
        Case(
            name: "a template including a missing partial",
            config: "schemas: [objects.yaml]\ntemplates: templates\n",
            schema: "objects:\n  - name: c_a\n",
            files: ["templates/model.mustache": "{{%CONTENT_TYPE: TEXT}}\n// x\n  {{> structure}}\n"],
            expected: [
                "templates/model.mustache:3:3: error: template 'model' includes 'structure', which is no template"
            ]
        ),
        Case(
            name: "a template that replaces nothing",
            config: "schemas: [objects.yaml]\ntemplates: templates\n",
            schema: "objects:\n  - name: c_a\n",
            files: ["templates/modle.mustache": "x"],
            expected: [
                "templates/modle.mustache:1:1: warning: template 'modle' replaces no default template, so it is never used"
            ]
        ),
        Case(
            name: "empty config",
            config: "",
            expected: ["model-generator.yaml:1:1: error: the config is empty; it needs at least 'schemas'"]
        ),
        Case(
            name: "config that is not a mapping",
            config: "- schemas\n",
            expected: ["model-generator.yaml:1:1: error: the config must be a mapping, found a list"]
        ),
        Case(
            name: "schemas that are not strings",
            config: "schemas: [{ a: b }]\n",
            expected: ["model-generator.yaml:1:11: error: each entry of 'schemas' must be a string, found a mapping"]
        ),
        Case(
            name: "empty output",
            config: "schemas: [objects.yaml]\noutput: ''\n",
            schema: "objects: []\n",
            expected: ["model-generator.yaml:2:9: error: 'output' must not be empty"]
        ),
        Case(
            name: "a NUL in a path, where every system call would end it",
            config: "schemas: [objects.yaml]\noutput: \"Gen\\0x\"\n",
            schema: "objects: []\n",
            expected: ["model-generator.yaml:2:9: error: 'output' must not hold a NUL character"]
        ),
        Case(
            name: "a missing mapping file",
            config: "schemas: [objects.yaml]\nmappings: [app.mappings]\n",
            schema: "objects: []\n",
            expected: ["model-generator.yaml:2:12: error: cannot read mapping file 'app.mappings': no such file"]
        ),
        Case(
            name: "control character after a line ended by a carriage return alone",
            config: "schemas: [objects.yaml]\r\routput: Gen\u{0C}\n",
            expected: ["model-generator.yaml:3:12: error: cannot read YAML: control characters are not allowed"]
        ),
        Case(
            name: "control character after a line ended by U+2028, a YAML line break",
            config: "schemas: [objects.yaml]\u{2028}output: Gen\u{0C}\n",
            expected: ["model-generator.yaml:2:12: error: cannot read YAML: control characters are not allowed"]
        ),
        // A sample no mapped model reads types nothing: it was read and ignored without a word.
        Case(
            name: "a sample for a misspelled model",
            config: "schemas: [objects.yaml]\nmappings: [app.mappings]\nsamples: { Twet: tweet.json }\n",
            schema: "objects: []\n",
            files: [
                "app.mappings": #"{ "$Tweet": { "@class": "Tweet", "message": { "@keyPath": "text" } } }"#,
                "tweet.json": #"{ "text": "hi" }"#,
            ],
            expected: [
                "model-generator.yaml:3:18: warning: the sample 'Twet' names no mapped model, so no model reads it; did you mean 'Tweet'?"
            ]
        ),
        Case(
            name: "a sample without mappings",
            config: "schemas: [objects.yaml]\nsamples: { T: t.json }\n",
            schema: "objects: []\n",
            files: ["t.json": "{}"],
            expected: ["model-generator.yaml:2:15: warning: the sample 'T' names no mapped model, so no model reads it"]
        ),
        Case(
            name: "an unreadable templates folder",
            config: "schemas: [objects.yaml]\ntemplates: nowhere\n",
            schema: "objects: []\n",
            expected: ["model-generator.yaml:2:12: error: cannot read the templates folder 'nowhere': no such folder"]
        ),
        Case(
            name: "a template that does not parse",
            config: "schemas: [objects.yaml]\ntemplates: templates\n",
            schema: "objects: []\n",
            files: ["templates/enum.mustache": "{{#cases}}\n"],
            expected: ["templates/enum.mustache:2:1: error: template 'enum' does not parse: expectedSectionEnd"]
        ),
        Case(
            name: "an empty schema file",
            schema: "",
            expected: ["objects.yaml:1:1: warning: the schema file is empty"]
        ),
        Case(
            name: "a duplicate key",
            schema: "objects:\n  - name: c_a\n    name: c_b\n",
            expected: ["objects.yaml:2:5: error: duplicate key 'name' in one mapping"]
        ),
        Case(
            name: "objects that are not a list",
            schema: "objects: c_a\n",
            expected: ["objects.yaml:1:10: error: 'objects' must be a list, found a string"]
        ),
        Case(
            name: "an object without a name",
            schema: "objects:\n  - label: A\n",
            expected: ["objects.yaml:2:5: error: an object definition needs a 'name'"]
        ),
        Case(
            name: "an object type without a name",
            schema: "objects:\n  - name: c_a\n    objectTypes:\n      - label: B\n",
            expected: ["objects.yaml:4:9: error: an object type needs a 'name'"]
        ),
        Case(
            name: "a property without a name",
            schema: "objects:\n  - name: c_a\n    properties:\n      - type: String\n",
            expected: ["objects.yaml:4:9: error: a property needs a 'name'"]
        ),
        Case(
            name: "a validator without a name",
            schema:
                "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: String, validators: [{ definition: {} }] }\n",
            expected: ["objects.yaml:4:49: error: a validator needs a 'name'"]
        ),
        Case(
            name: "a facet without a name",
            schema:
                "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: File, processors: [{ mimes: [a/b] }] }\n",
            expected: ["objects.yaml:4:47: error: a file processor needs a 'name' (the facet's name)"]
        ),
        Case(
            name: "a count that is not a whole number",
            schema:
                "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: String, array: true, maxItems: 2.5 }\n",
            expected: ["objects.yaml:4:59: error: 'maxItems' of 'c_b' must be a whole number, found a number"]
        ),
        Case(
            name: "a negative count, and counts that no array meets",
            schema:
                "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: String, array: true, maxItems: -1 }\n      - { name: c_c, type: String, array: true, minItems: 5, maxItems: 2 }\n",
            expected: [
                "objects.yaml:4:59: error: 'maxItems' of 'c_b' is -1; a count of items can't be negative",
                "objects.yaml:5:72: error: 'maxItems' of 'c_c' is 2, less than its 'minItems' (5): no array of it would be valid",
            ]
        ),
        Case(
            name: "a count too large for a whole number, which was said not to be one",
            schema:
                "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: String, array: true, maxItems: 18446744073709551616, minItems: -1e400 }\n",
            expected: [
                "objects.yaml:4:59: error: 'maxItems' of 'c_b' is 18446744073709551616, beyond the whole numbers it can be (-9223372036854775808 to 9223372036854775807)",
                "objects.yaml:4:91: error: 'minItems' of 'c_b' is -1e400, beyond the whole numbers it can be (-9223372036854775808 to 9223372036854775807)",
            ]
        ),
        Case(
            name: "sourceObject on a string",
            schema:
                "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: String, sourceObject: c_a }\n",
            expected: [
                "objects.yaml:4:50: warning: 'sourceObject' only applies to Reference, List, ObjectId and Relation properties; 'c_b' is a String"
            ]
        ),
        Case(
            name: "an empty properties list on a string is no problem",
            schema: "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: String, properties: [] }\n",
            expected: []
        ),
        Case(
            name: "subproperties on a number",
            schema:
                "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: Number, properties: [{ name: c_c, type: String }] }\n",
            expected: ["objects.yaml:4:28: warning: 'properties' only apply to Document properties; 'c_b' is a Number"]
        ),
        Case(
            name: "a reference without a source object references any object, without a word",
            schema: "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: Reference }\n",
            expected: []
        ),
        Case(
            name: "a document without properties is JSON, without a word",
            schema: "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: Document }\n",
            expected: []
        ),
        Case(
            name: "two object types with one Swift name",
            schema: "objects:\n  - name: c_a\n    objectTypes:\n      - { name: c_x_y }\n      - { name: c_x-y }\n",
            expected: [
                "objects.yaml:5:17: error: object types would both be named 'xY' in Swift; the other is at objects.yaml:4:17"
            ]
        ),
        Case(
            name: "two nested types with one Swift name",
            schema: """
                objects:
                  - name: c_a
                    properties:
                      - { name: c_noteDocument, type: Document, properties: [{ name: c_x, type: String }] }
                      - { name: c_notes, type: Document, array: true, properties: [{ name: c_x, type: String }] }
                      - { name: c_note, type: Document, properties: [{ name: c_x, type: String }] }
                """,
            expected: ["objects.yaml:6:17: error: two nested types would both be named 'NoteDocument'"]
        ),
        Case(
            name: "a property named like an operator or a path warns that queries and updates read it so",
            config: "schemas: [objects.yaml]\noutput: Generated\ngenerate: [models, queries]\n",
            schema: """
                objects:
                  - name: c_a
                    properties:
                      - { name: $where, type: String }
                      - { name: c_doc, type: Document, properties: [{ name: c_x.y, type: String }] }
                """,
            expected: [
                "objects.yaml:4:17: warning: property '$where' starts with '$', which queries and updates read as an operator: its query field and updates address another value than its key",
                "objects.yaml:5:61: warning: property 'c_x.y' holds '.', which queries and updates read as a path into a document: its query field and updates address another value than its key",
            ]
        ),
        Case(
            name: "a Mia-Platform field named like a path warns too",
            config: "schemas: [collections.json]\noutput: Generated\ngenerate: [models, bodies]\n",
            files: [
                "collections.json":
                    #"[{"name": "c", "endpointBasePath": "/c", "fields": [{"name": "a.b", "type": "string"}]}]"#
            ],
            expected: [
                "collections.json:1:62: warning: property 'a.b' holds '.', which queries and updates read as a path into a document: its query field and updates address another value than its key"
            ]
        ),
        Case(
            name: "a Parse field named like an operator warns too",
            config: "schemas: [parse.json]\noutput: Generated\ngenerate: [models, queries, bodies]\n",
            files: ["parse.json": #"{"results": [{"className": "P", "fields": {"$ne": {"type": "String"}}}]}"#],
            expected: [
                "parse.json:1:44: warning: property '$ne' starts with '$', which queries and updates read as an operator: its query field and updates address another value than its key"
            ]
        ),
        Case(
            name: "a field named like an operator or a path is no warning where no query or update is generated",
            config: "schemas: [parse.json]\noutput: Generated\n",
            files: [
                "parse.json":
                    #"{"results": [{"className": "P", "fields": {"$ne": {"type": "String"}, "a.b": {"type": "String"}}}]}"#
            ],
            expected: []
        ),
    ]

    @Test(arguments: cases) func reportsTheProblemWhereItIs(_ testCase: Case) {
        var files = testCase.files
        if let schema = testCase.schema { files["objects.yaml"] = schema }
        let result = generate(config: testCase.config, files)
        let reported = messages(result)
        for expected in testCase.expected {
            #expect(reported.contains(expected), "expected \(expected)\nreported:\n\(reported.joined(separator: "\n"))")
        }
        if testCase.expected.isEmpty {
            #expect(reported.isEmpty)
        }
        if testCase.expected.contains(where: { $0.contains(": error: ") }) {
            #expect(result.files.isEmpty, "a run with errors must produce no files")
        }
    }

    /// Two shared properties of a typed object with one Swift name are one error, not one for each of its types.
    @Test func aCollisionOfSharedPropertiesIsReportedOnce() {
        let schema = """
            objects:
              - name: c_a
                properties:
                  - { name: c_name, type: String }
                  - { name: name, type: String }
                objectTypes:
                  - { name: c_x, properties: [{ name: c_own, type: String }, { name: own, type: String }] }
                  - { name: c_y }
                  - { name: c_z }
            """
        let result = generate(["objects.yaml": schema])
        #expect(
            messages(result) == [
                "objects.yaml:5:17: error: properties 'c_name' and 'name' would both be named 'name' in Swift; the other is at objects.yaml:4:17",
                "objects.yaml:7:74: error: properties 'c_own' and 'own' would both be named 'own' in Swift; the other is at objects.yaml:7:43",
            ]
        )
    }

    @Test func hintsSuggestTheIntendedWord() {
        let config = generate(config: "schemas: [objects.yaml]\nschema: x\n", ["objects.yaml": "objects: []\n"])
        #expect(config.diagnostics.all.contains { $0.hint == "did you mean 'schemas'?" })
        let type = generate([
            "objects.yaml": "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: Strng }\n"
        ])
        #expect(type.diagnostics.all.contains { $0.hint == "did you mean 'String'?" })
        // A key the reader reads without a word is a word a misspelling may mean, too (a Parse class's `indexes`).
        let parse = generate(
            config: "schemas: [Thing.json]\n",
            ["Thing.json": #"{"className": "Thing", "fields": {"name": {"type": "String"}}, "indexs": {}}"#]
        )
        #expect(parse.diagnostics.all.contains { $0.hint == "did you mean 'indexes'?" }, "\(messages(parse))")
    }

    @Test func everyProblemOfARunIsReported() {
        let result = generate([
            "objects.yaml": """
            objects:
              - name: c_a
                properties:
                  - { name: c_b, type: Strng }
                  - { name: c_c, type: Numbr }
              - name: c_d
                properties:
                  - { name: c_e, type: Bolean }
            """
        ])
        #expect(result.diagnostics.errors.count == 3)
        #expect(result.files.isEmpty)
    }

    /// A schema of many objects is read and resolved on every core; what it reports must not depend on that. The
    /// first ``Diagnostics/limit`` kept are the first in the schema, the rest are counted, and an override used by
    /// the last object counts as used.
    @Test func aLargeSchemaReportsInTheSchemasOrder() {
        // Typed one piece at a time: as one expression of `+` and `?:`, this took the type checker seconds.
        func schema(objects: Int, unnamedProperty: Bool) -> String {
            let objectLines: [String] = (0..<objects).map { (index: Int) -> String in
                let firstProperty: String =
                    unnamedProperty
                    ? "      - type: String\n" : "      - name: c_pad\(index)\n        type: String\n"
                let reference: String =
                    "      - name: c_ref\(index)\n        type: Reference\n        sourceObject: c_nowhere\n"
                let value: String = "      - name: c_value\(index)\n        type: String\n"
                return "  - name: c_obj\(index)\n    properties:\n" + firstProperty + reference + value
            }
            return "objects:\n" + objectLines.joined()
        }
        let config = defaultConfig + "\n  overrides:\n    c_obj399.c_value399: lastValue\n"
        // 400 unnamed properties (read) and 400 unknown targets (resolved): the first 300 read errors are kept.
        let many = generate(config: config, ["objects.yaml": schema(objects: 400, unnamedProperty: true)])
        let firstLines: [Int] = (0..<300).map { (index: Int) -> Int in 4 + 8 * index }
        #expect(many.diagnostics.all.map(\.location.line) == firstLines)
        #expect(many.diagnostics.all.allSatisfy { $0.message == "a property needs a 'name'" })
        #expect(many.diagnostics.omittedCount == 500)
        // 200 unknown targets alone, in the objects' order.
        let resolved = generate(config: config, ["objects.yaml": schema(objects: 200, unnamedProperty: false)])
        let lines = resolved.diagnostics.all.map(\.location.line)
        #expect(lines.count == 201)
        let targetLines: [Int] = (0..<200).map { (index: Int) -> Int in 8 + 9 * index }
        #expect(Array(lines.dropLast()) == targetLines)
        #expect(resolved.diagnostics.all.last?.message.contains("c_obj399.c_value399") == true)
    }

    /// A warning repeated for many properties prints once, with how many more there are and where the first few are;
    /// other warnings and every error print as they are.
    @Test func aRepeatedWarningPrintsOnceWithACount() {
        let properties = (1...5).map { "      - { name: c_p\($0), type: Reference, sourceObject: vendor_thing_\($0) }" }
        let schema = """
            objects:
              - name: c_a
                properties:
            \(properties.joined(separator: "\n"))
                  - { name: c_q, type: Strng }
              - name: c_date
            """
        let result = generate(
            config: "schemas: [objects.yaml]\nnaming: { stripPrefixes: [c_] }\n",
            ["objects.yaml": schema]
        )
        #expect(result.diagnostics.warnings.count == 6)
        let firstLines: [String] = result.diagnostics.printedLines.map { (printed: String) -> String in
            printed.split(separator: "\n").first.map(String.init) ?? ""
        }
        #expect(
            firstLines == [
                "objects.yaml:4:54: warning: reference 'c_p1' points at 'vendor_thing_1', which the schema does not define; its expanded value decodes as JSON (and 4 more like it, at objects.yaml:5:54, objects.yaml:6:54, objects.yaml:7:54, …)",
                "objects.yaml:9:28: error: unknown type 'Strng' of property 'c_q'",
                "objects.yaml:10:11: warning: object 'c_date' is named 'DateObject' in Swift, since 'Date' would hide the type of that name",
            ]
        )
    }

    @Test func diagnosticsPrintInTheEditorFormat() {
        let diagnostic = Diagnostic(
            .error,
            "unknown key 'x'",
            at: SourceLocation(file: "a.yaml", line: 3, column: 7),
            hint: "did you mean 'y'?"
        )
        #expect(diagnostic.description == "a.yaml:3:7: error: unknown key 'x'\na.yaml:3:7: note: did you mean 'y'?")
    }

    @Test func userTemplatesReplaceDefaultsByName() throws {
        let result = generate(
            config: "schemas: [objects.yaml]\ntemplates: templates\nnaming: { stripPrefixes: [c_] }\n",
            [
                "objects.yaml":
                    "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: String, validators: [{ name: stringEnum, definition: { values: [x] } }] }\n",
                "templates/enum.mustache": "{{%CONTENT_TYPE: TEXT}}\ntypealias {{name}} = String\n",
            ]
        )
        #expect(!result.diagnostics.hasErrors)
        let model = try #require(file(result, "A.swift"))
        #expect(model.contains("    typealias B = String\n"))
        #expect(!model.contains("enum B"))
        #expect(
            model.contains("public struct A: Codable, Hashable, Sendable, KeepsUnknownMembers, MemberwiseEquatable {")
        )
    }

    /// A user's struct template written before `declarationLines`, with `{{conformances}}` and its own
    /// `static func ==`, renders as it did: its list has no `MemberwiseEquatable`, whose `membersAreEqual` it lacks.
    @Test func anOlderStructTemplateStillDeclaresItsOwnEquality() throws {
        let template = """
            {{%CONTENT_TYPE: TEXT}}
            {{access}}struct {{name}}: {{conformances}} {
            {{#hasEquality}}
                {{access}}static func == (lhs: Self, rhs: Self) -> Bool {
            {{#equalityLines}}
                    {{.}}
            {{/equalityLines}}
                    return true
                }
            {{/hasEquality}}
            }

            """
        let result = generate(
            config: "schemas: [objects.yaml]\ntemplates: templates\nnaming: { stripPrefixes: [c_] }\n",
            [
                "objects.yaml": "objects:\n  - name: c_a\n    properties:\n      - { name: c_b, type: String }\n",
                "templates/struct.mustache": template,
            ]
        )
        #expect(!result.diagnostics.hasErrors)
        let model = try #require(file(result, "A.swift"))
        #expect(model.contains("public struct A: Codable, Hashable, Sendable, KeepsUnknownMembers {"))
        #expect(model.contains("    public static func == (lhs: Self, rhs: Self) -> Bool {"))
        #expect(model.contains("guard equalValues(lhs.b, rhs.b) else { return false }"))
    }

    @Test func theDefaultTemplatesAreTheFilesInTemplates() throws {
        let folder = GoldenTests.goldensDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".mustache")
        }
        #expect(Set(names.map { String($0.dropLast(".mustache".count)) }) == Set(DefaultTemplates.all.keys))
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(DefaultTemplates.all[String(name.dropLast(".mustache".count))] == text)
        }
    }

    /// The place of a byte counts a line break only once the whole break is before it: the line feed of a CRLF, or
    /// the second byte of a NEL, is still on the line the break ends (as before one reading of line breaks served
    /// all; the CRLF's line feed had moved to the start of the next line), and the byte after it starts the next.
    @Test func aByteInsideALineBreakIsOnTheLineItEnds() {
        func place(_ text: String, _ offset: Int, yamlBreaks: Bool = false) -> String {
            let location = SourceLocation(ofByte: offset, in: Array(text.utf8), file: "f", yamlBreaks: yamlBreaks)
            return "\(location.line):\(location.column)"
        }
        #expect(place("ab\r\ncd", 2) == "1:3")
        #expect(place("ab\r\ncd", 3) == "1:4")
        #expect(place("ab\r\ncd", 4) == "2:1")
        #expect(place("ab\rcd", 3) == "2:1")
        #expect(place("ab\u{85}cd", 3, yamlBreaks: true).hasPrefix("1:"))
        #expect(place("ab\u{85}cd", 4, yamlBreaks: true) == "2:1")
        #expect(place("ab\u{2028}cd", 5, yamlBreaks: true) == "2:1")
        // Without YAML's breaks (XML's reading), NEL and LS are text.
        #expect(place("ab\u{85}cd", 4) == "1:4")
        #expect(place("ab\u{2028}cd", 5) == "1:4")
        // Past the end is the end.
        #expect(place("ab\r\n", 9) == "2:1")
    }
}
