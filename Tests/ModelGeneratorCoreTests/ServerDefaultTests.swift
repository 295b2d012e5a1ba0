import Foundation
import Testing

@testable import ModelGeneratorCore

/// A property the server fills in when a create leaves it out is no parameter of `Create`'s initializer, even when
/// the schema requires it, and its doc comment says what the server gives it: each backend's schema says so in its
/// own words.
@Suite struct ServerDefaultTests {
    /// Cortex writes a property's `defaultValue` as a list of `{type, value}` (`[]` for none, as 1,228 of the real
    /// org's properties do), and generates a UUID with `autoGenerate`.
    @Test func cortexDefaultsInEveryFormItsExportsWrite() throws {
        let schema = """
            {"object": "object", "name": "c_job", "label": "Job", "properties": [
              {"name": "c_none", "type": "String", "defaultValue": [], "validators": [{"name": "required"}]},
              {"name": "c_status", "type": "String", "defaultValue": [{"type": "static", "value": "created"}],
               "validators": [{"name": "required"}]},
              {"name": "c_counter", "type": "Number", "defaultValue": [{"type": "env", "value": "increment"}],
               "validators": [{"name": "required"}]},
              {"name": "c_version", "type": "String",
               "defaultValue": [{"type": "expression", "value": {"$config": "app.version"}}],
               "validators": [{"name": "required"}]},
              {"name": "c_cleared", "type": "String", "defaultValue": [{"type": "static", "value": null}],
               "validators": [{"name": "required"}]},
              {"name": "c_key", "type": "UUID", "autoGenerate": true, "defaultValue": [],
               "validators": [{"name": "required"}]}
            ]}
            """
        let result = generate(config: Self.config("c_job.json", "cortex"), ["c_job.json": schema])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let create = try Self.create(in: #require(file(result, "Job.swift")))
        // A `[]` default and a `null` one are no default: the create must send the property.
        #expect(create.contains("public init(none: String, cleared: String)"), "\(create)")
        #expect(create.contains("/// Left out, the server fills in its default (`\"created\"`)."))
        #expect(create.contains("/// Left out, the server computes it (`env`: `\"increment\"`)."))
        #expect(
            create.contains("/// Left out, the server computes it (`expression`: `{\"$config\": \"app.version\"}`).")
        )
        #expect(create.contains("/// Left out, the server computes it (`autoGenerate`)."))
        #expect(create.contains("public var status: Optional<String>"))
    }

    /// Parse's `defaultValue`, a Mia-Platform JSON Schema's `default` and the generator's own `defaultValue`.
    @Test(arguments: [
        (
            "parse", "Thing.json",
            #"{"className": "Thing", "fields": {"flag": {"type": "Boolean", "required": true, "defaultValue": false}, "name": {"type": "String", "required": true}}}"#
        ),
        (
            "mia", "things.json",
            #"{"name": "things", "endpointBasePath": "/things", "defaultState": "PUBLIC", "schema": {"type": "object", "required": ["_id", "name"], "properties": {"_id": {"type": "string", "__mia_configuration": {"type": "ObjectId"}}, "name": {"type": "string"}, "box": {"type": "object", "properties": {"flag": {"type": "boolean", "default": false}, "name": {"type": "string"}}, "required": ["flag", "name"]}}}}"#
        ),
        (
            "cortex", "objects.yaml",
            "objects:\n  - name: thing\n    properties:\n"
                + "      - { name: flag, type: Boolean, defaultValue: false, validators: [{ name: required }] }\n"
                + "      - { name: name, type: String, validators: [{ name: required }] }\n"
        ),
    ])
    func eachBackendsDefaultLeavesTheMemberToTheServer(dialect: String, path: String, schema: String) throws {
        let result = generate(config: Self.config(path, dialect), [path: schema])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let swiftFile = try #require(result.files.first { $0.path.hasPrefix("Thing") }, "\(result.files.map(\.path))")
        // Mia-Platform's service fills in a default only inside an object property (below).
        let create =
            try dialect == "mia" ? Self.documentCreate(in: swiftFile.contents) : Self.create(in: swiftFile.contents)
        #expect(create.contains("public init(name: String)"), "\(create)")
        #expect(create.contains("/// Left out, the server fills in its default (`false`).\n"), "\(create)")
        #expect(create.contains("public var flag: Optional<Bool>"), "\(create)")
    }

    /// crud-service's request schemas keep a collection property's type, description and `nullable`, not its
    /// `default` (`JSONSchemaGenerator.js`, `generateCollectionFields`), so Ajv fills in no default of the collection
    /// itself, and a create without a required one is refused: the create must send it, and the default is a
    /// warning at it.
    @Test func aMiaCollectionsOwnDefaultIsNotFilledIn() throws {
        let schema =
            #"{"name": "things", "endpointBasePath": "/things", "schema": {"type": "object", "required": ["_id", "flag", "name"], "properties": {"_id": {"type": "string", "__mia_configuration": {"type": "ObjectId"}}, "flag": {"type": "boolean", "default": false}, "name": {"type": "string"}, "size": {"type": "number", "default": 1}}}}"#
        let config = Self.config("things.json", "mia").replacingOccurrences(
            of: "generate: [models, queries, bodies]",
            with: "generate: [models, queries, bodies, testing]"
        )
        let result = generate(config: config, ["things.json": schema])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let warnings = result.diagnostics.all.filter { $0.severity == .warning }.map { "\($0.location): \($0.message)" }
        #expect(
            warnings == [
                "things.json:1:243: the CRUD service doesn't fill in the default of 'flag', a property of the collection itself; it is ignored, and a create sends the property",
                "things.json:1:317: the CRUD service doesn't fill in the default of 'size', a property of the collection itself; it is ignored, and a create sends the property",
            ],
            "\(messages(result))"
        )
        let output = try #require(file(result, "Things.swift"))
        let create = try Self.create(in: output)
        #expect(create.contains("public init(flag: Bool, name: String)"), "\(create)")
        #expect(!create.contains("Left out"), "\(create)")
        // The backend in memory requires both, as the service does, and fills in nothing.
        #expect(output.contains(#"public static let requiredMembers: Set<String> = ["flag", "name"]"#), "\(output)")
        #expect(!output.contains("defaultMembers"), "\(output)")
    }

    /// A real Medable object: `dt__config`'s status is required with a static default and its key a generated UUID,
    /// so its `Create` requires neither, and `generate: [testing]` doesn't list them as members a create must send.
    @Test func aRealObjectsRequiredPropertiesWithDefaultsAreLeftToTheServer() throws {
        let path = RealSchemaTests.directory.appendingPathComponent("cortex/env-objects/dt__config.json").path
        let text = try TestFiles.disk.read(path)
        let config = Self.config("dt__config.json", "cortex").replacingOccurrences(
            of: "generate: [models, queries, bodies]",
            with: "generate: [models, queries, bodies, testing]"
        )
        let result = generate(config: config, ["dt__config.json": text])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let output = try #require(file(result, "DtConfig.swift"))
        let create = try Self.create(in: output)
        #expect(create.contains("public init()"), "\(create)")
        #expect(create.contains("/// Left out, the server fills in its default (`\"CONFIGURING\"`)."))
        #expect(create.contains("/// Left out, the server computes it (`autoGenerate`).\n        public var dtKey"))
        #expect(output.contains("public static let requiredMembers: Set<String> = []"))
    }

    /// parse-server-example's own schema option: its `TestObject` gives `beforeSave` a default of `false`, which
    /// `generate: [testing]` lists for the in-memory backend to write as parse-server does.
    @Test func aRealParseSchemasDefaultIsListedForTheBackendsInMemory() throws {
        let path = RealSchemaTests.directory.appendingPathComponent("parse/parse-server-example__schema.json").path
        let config = Self.config("schema.json", "parse").replacingOccurrences(
            of: "generate: [models, queries, bodies]",
            with: "generate: [models, queries, bodies, testing]"
        )
        let result = generate(config: config, ["schema.json": try TestFiles.disk.read(path)])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let output = try #require(file(result, "TestObject.swift"))
        #expect(
            output.contains("/// Left out, the server fills in its default (`false`).\n        public var beforeSave")
        )
        #expect(output.contains("public static let defaultMembers: [String: JSONValue] = [\"beforeSave\": false]"))
    }

    /// Parse-SDK-JS's test of every field type with a default: what parse-server answers for the class. A doc comment
    /// shows each default as the JSON the server holds (`{"__type": "Date", …}`), not as Swift's dictionary literal,
    /// which read like code; `defaultMembers` keeps the Swift literal that builds the same `JSONValue`.
    @Test func aParseDefaultOfEveryTypeIsShownAsJSON() throws {
        let path = RealSchemaTests.directory.appendingPathComponent("parse/Parse-SDK-JS__SchemaFieldTest.json").path
        let config = Self.config("schema.json", "parse").replacingOccurrences(
            of: "generate: [models, queries, bodies]",
            with: "generate: [models, queries, bodies, testing]"
        )
        let result = generate(config: config, ["schema.json": try TestFiles.disk.read(path)])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let output = try #require(file(result, "SchemaFieldTest.swift"))
        let create = try Self.create(in: output)
        for shown in [
            #"(`"hello"`)"#, "(`10`)", "(`false`)", #"(`{"__type": "Bytes", "base64": "ParseA=="}`)"#,
            #"(`{"__type": "Date", "iso": "2000-01-01T00:00:00.000Z"}`)"#,
            #"(`{"__type": "GeoPoint", "latitude": 44, "longitude": -11}`)"#,
            #"(`{"__type": "Polygon", "coordinates": [[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]}`)"#,
            "(`[1, 2, 3]`)", #"(`{"foo": "bar"}`)"#,
        ] {
            #expect(create.contains("/// Left out, the server fills in its default \(shown)."), "\(shown)")
        }
        #expect(!create.contains("default (`[\""), "\(create)")
        #expect(output.contains(#""objectField": ["foo": "bar"]"#))
    }

    /// A default reaches a doc comment through a Markdown code span a backtick in it can't close, and Swift code as
    /// a literal Swift reads, of the value Yams reads: YAML's `+5`, `.5`, `017` and `1:30` are `5`, `0.5`, `15` and
    /// `90`.
    @Test func aDefaultIsWrittenAsMarkdownAndSwiftReadIt() throws {
        let schema = #"{"className": "Thing", "fields": {"note": {"type": "String", "defaultValue": "a`b"}}}"#
        let result = generate(config: Self.config("Thing.json", "parse"), ["Thing.json": schema])
        let create = try Self.create(in: #require(file(result, "Thing.swift")))
        // Three backticks, not two: DocC reads a span between two as a link to a symbol.
        #expect(create.contains("/// Left out, the server fills in its default (```\"a`b\"```)."), "\(create)")
        #expect(
            ["+5", ".5", "-.5", "5.", "5.e3", "1e5", "0x1F", "+0x1F", "017", "1_000.5", "1:30", ".inf", ".nan"].map(
                JSONLiteral.number
            ) == ["5", "0.5", "-0.5", "5.0", "5000.0", "100000.0", "31", "31", "15", "1000.5", "90", nil, nil]
        )
        // Base 60 past any integer's range is a number still, not an overflow.
        #expect(
            ["1:30.5", "-1:30", "999999999999999999:1"].map(JSONLiteral.number) == ["90.5", "-90", "6e+19"]
        )
        // A part with a sign or an exponent of its own is no base 60 number (`1:-1e300` trapped, as an `Int64`).
        #expect(["1:-1e300", "1:1e3", "1:+5", "1.5:30", "1::2", "1:"].map(JSONLiteral.number).allSatisfy { $0 == nil })
        // Two such defaults are no equal numbers (both read as no number, they compared equal), nor are two `.nan`s.
        func number(_ text: String) -> SyntaxNode { SyntaxNode(.scalar(text, .int), at: .start(of: "t.yaml")) }
        #expect(!ParseDefaultValue.strictlyEqual(number("1:-1e300"), number("1:+5")))
        #expect(!ParseDefaultValue.strictlyEqual(number(".nan"), number(".nan")))
        #expect(ParseDefaultValue.strictlyEqual(number("1:30"), number("90")))
    }

    /// A YAML tag makes any plain text a number to the reader: `!!int 1:-1e300` as a Number's default (which
    /// trapped, as an `Int64`) is read as YAML's `.inf` is, a default JSON can't hold: shown as the schema writes it,
    /// never sent.
    @Test func aTaggedDefaultThatIsNoNumberIsShownAndNotSent() throws {
        let schema =
            "objects:\n  - name: thing\n    properties:\n"
            + "      - { name: count, type: Number, defaultValue: !!int 1:-1e300 }\n"
            + "      - { name: ratio, type: Number, defaultValue: !!float 1:-1e300 }\n"
        let result = generate(config: Self.config("objects.yaml", "cortex"), ["objects.yaml": schema])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let thing = try #require(file(result, "Thing.swift"))
        #expect(thing.components(separatedBy: "/// Left out, the server fills in its default (`1:-1e300`).").count == 3)
        #expect(!thing.contains("1e+300"), "\(thing)")
    }

    /// A JSON Schema object's own default comes before its members' in `defaultMembers`, so that a backend in memory
    /// makes the object and then fills it in, as Ajv's `useDefaults` does; a UUID array Cortex generates is left to it.
    @Test func aDocumentsOwnDefaultIsListedBeforeItsMembers() throws {
        let mia = #"""
            {"name": "things", "endpointBasePath": "/things", "defaultState": "PUBLIC", "schema": {"type": "object",
             "properties": {"_id": {"type": "string", "__mia_configuration": {"type": "ObjectId"}},
              "box": {"type": "object", "properties": {
                "meta": {"type": "object", "default": {}, "properties": {"level": {"type": "number", "default": 1}}}}}}}}
            """#
        var config = Self.config("things.json", "mia")
        config = config.replacingOccurrences(of: "bodies]", with: "bodies, testing]")
        let result = generate(config: config, ["things.json": mia])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let things = try #require(file(result, "Things.swift"))
        #expect(
            things.contains(#"defaultMembers: [String: JSONValue] = ["box.meta": [:], "box.meta.level": 1]"#),
            "\(things)"
        )

        let cortex = #"""
            {"object": "object", "name": "c_box", "properties": [
              {"name": "c_ids", "type": "UUID", "array": true, "autoGenerate": true},
              {"name": "c_key", "type": "UUID", "autoGenerate": true}]}
            """#
        config = Self.config("c_box.json", "cortex").replacingOccurrences(of: "bodies]", with: "bodies, testing]")
        let box = try #require(file(generate(config: config, ["c_box.json": cortex]), "Box.swift"))
        #expect(box.contains(#"generatedMembers: Set<String> = ["c_key"]"#), "\(box)")
    }

    static func config(_ path: String, _ dialect: String) -> String {
        """
        schemas: [\(path)]
        output: Generated
        dialect: \(dialect)
        naming:
          stripPrefixes: [c_]
        generate: [models, queries, bodies]
        """
    }

    /// The text of the object's own `Create`, from its declaration to the end of its initializer.
    /// The `Create` of the first Document in `output`.
    static func documentCreate(in output: String) throws -> String {
        let start = try #require(output.range(of: "public struct Create: DocumentBody {"))
        let end = try #require(output.range(of: "public var members", range: start.upperBound..<output.endIndex))
        return String(output[start.lowerBound..<end.lowerBound])
    }

    static func create(in output: String) throws -> String {
        let start = try #require(output.range(of: "public struct Create: CreateBody {"))
        let end = try #require(output.range(of: "public var members", range: start.upperBound..<output.endIndex))
        return String(output[start.lowerBound..<end.lowerBound])
    }
}
