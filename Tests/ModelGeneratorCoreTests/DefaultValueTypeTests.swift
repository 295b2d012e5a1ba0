import Foundation
import Testing

@testable import ModelGeneratorCore

/// A schema's default value of another type than its field's. Parse Server refuses the class (`SchemaController.js`
/// at parse-community/parse-server@7ea2a2953e9202d43ddb53ded309fbd26245d45c: `validateSchemaData`, lines 1024-1041,
/// and `getType`/`getObjectType`, lines 1529-1631), and so does the generator, at the default. Mia-Platform's CRUD
/// service and Cortex load such a schema, and the generator warns and leaves the default out. Parse's JavaScript SDK
/// is cited at parse-community/Parse-SDK-JS@a6c2a81cdd574ff26cb1e13f77377dec82797656.
@Suite struct DefaultValueTypeTests {
    /// A `GET /schemas` answer of class `C` with one field `f`, whose default comes first so that it is at column 66
    /// of every case.
    static func parseField(_ defaultValue: String, _ rest: String) -> String {
        #"{"results": [{"className": "C", "fields": {"f": {"defaultValue": \#(defaultValue), \#(rest)}}}]}"#
    }

    /// The column of the default value the first property of `text`'s first definition keeps (`inside`: that
    /// property's own first property), nil for none; `text` loads without a word.
    static func keptDefaultColumn(
        _ text: String,
        file: String,
        inside: Bool = false,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    )
        -> Int?
    {
        let (definitions, diagnostics) = SchemaLoader.load(text, file: file)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)", sourceLocation: sourceLocation)
        let first = definitions.first?.properties.first
        guard case .value(let kept)? = (inside ? first?.properties.first : first)?.serverDefault else { return nil }
        return kept.location.column
    }

    static let parseConfig = "schemas: [schema.json]\noutput: Generated\ngenerate: [models, queries, bodies]\n"

    static func generateParse(_ schema: String) -> GenerationResult {
        generate(config: parseConfig, ["schema.json": schema])
    }

    /// The errors of a run, as `messages` writes them: beside the warning that the target class is no class of the
    /// schema, as in parse-server's own tests.
    static func errors(_ result: GenerationResult) -> [String] {
        messages(result).filter { $0.contains(": error: ") }
    }

    /// The brief's case, `GET /schemas`' `{"type": "String", "defaultValue": 3}`, and parse-server's own tests of it:
    /// spec/schemas.spec.js lines 625-645 ("validated the data type of default values when creating a new class",
    /// `foo: { type: 'String', defaultValue: 10 }`) and 647-679 ("… when adding new fields", where `foo`'s
    /// `'some value'` is accepted and `foo2`'s `10` refused). The error is at the default, with the server's words;
    /// nothing is written.
    @Test func aDefaultOfAnotherTypeIsAnErrorAtTheDefault() throws {
        let schema = """
            {"results": [{"className": "NewClassWithValidation", "fields": {
              "foo": {"type": "String", "defaultValue": "some value"},
              "foo2": {"type": "String", "defaultValue": 10},
              "known": {"type": "String", "defaultValue": 3}
            }}]}
            """
        let result = Self.generateParse(schema)
        #expect(
            messages(result) == [
                "schema.json:3:46: error: the default value of field 'foo2' of 'NewClassWithValidation' is a Number, but the field is a String",
                "schema.json:4:47: error: the default value of field 'known' of 'NewClassWithValidation' is a Number, but the field is a String",
            ]
        )
        #expect(
            result.diagnostics.sorted.first?.hint
                == #"Parse Server refuses the class: "schema mismatch for NewClassWithValidation.foo2 default value; expected String but got Number""#
        )
        #expect(result.files.isEmpty, "a run with errors must produce no files")
    }

    /// Every type with a default of another: what `getType` finds (`typeof`, a list, or the `__type`) against the
    /// field's type. A Date's default as a plain string is a String to the server: only Parse's JavaScript SDK makes a
    /// Date of one (see `aDefinedSchemasDefaultIsWhatParsesSDKMakesOfIt`).
    @Test(arguments: [
        ("String", "true", "a Boolean"),
        ("Number", #""3""#, "a String"),
        ("Boolean", #""true""#, "a String"),
        ("Date", #""2000-01-01T00:00:00.000Z""#, "a String"),
        ("Object", "[]", "an Array"),
        ("Array", #"{"a": 1}"#, "an Object"),
        ("GeoPoint", "[44, -11]", "an Array"),
        ("File", #""logo.png""#, "a String"),
        ("Polygon", "[[0, 0], [0, 1], [1, 1]]", "an Array"),
        ("Bytes", #""ParseA==""#, "a String"),
        ("ACL", #"{"*": {"read": true}}"#, "an Object"),
        ("Number", #"{"__type": "Date", "iso": "2000-01-01T00:00:00.000Z"}"#, "a Date"),
    ])
    func eachTypesDefaultOfAnotherTypeIsAnError(type: String, defaultValue: String, found: String) {
        let result = Self.generateParse(Self.parseField(defaultValue, #""type": "\#(type)""#))
        let expected = (["A", "O"].contains(String(type.prefix(1))) ? "an " : "a ") + type
        #expect(
            messages(result) == [
                "schema.json:1:66: error: the default value of field 'f' of 'C' is \(found), but the field is \(expected)"
            ]
        )
        #expect(result.files.isEmpty)
    }

    /// A Pointer's default points at the field's class: `dbTypeMatchesObjectType` compares the `targetClass` with
    /// the default's `className` (SchemaController.js lines 668-674). Parse-SDK-JS's integration/test/
    /// ParseSchemaTest.js lines 140-157 ("save required and default pointer values") saves a pointer at the field's
    /// class.
    @Test func aPointersDefaultPointsAtTheFieldsClass() {
        let right = #"{"__type": "Pointer", "className": "TestObject", "objectId": "a1"}"#
        let accepted = Self.generateParse(
            Self.parseField(right, #""type": "Pointer", "targetClass": "TestObject", "required": true"#)
        )
        #expect(messages(accepted).allSatisfy { !$0.contains("default") }, "\(messages(accepted))")
        #expect(!accepted.diagnostics.hasErrors)
        let wrong = #"{"__type": "Pointer", "className": "Other", "objectId": "a1"}"#
        let refused = Self.generateParse(Self.parseField(wrong, #""type": "Pointer", "targetClass": "TestObject""#))
        #expect(
            Self.errors(refused) == [
                "schema.json:1:66: error: the default value of field 'f' of 'C' is a Pointer<Other>, but the field is a Pointer<TestObject>"
            ]
        )
        #expect(
            refused.diagnostics.sorted.first?.hint
                == #"Parse Server refuses the class: "schema mismatch for C.f default value; expected Pointer<TestObject> but got Pointer<Other>""#
        )
    }

    /// A Relation has no default: spec/schemas.spec.js lines 538-562 ("try to set a relation field with a default
    /// value") and 564-623 ("try to update schemas with a relation field with options") give one
    /// `{ __type: 'Relation', className: '_User' }` and get error 111, "The 'default value' option is not applicable
    /// for Relation<SomeClass>" (SchemaController.js lines 1028-1033); a default of a plain type is a mismatch.
    @Test(arguments: [
        (
            #"{"__type": "Relation", "className": "_User"}"#, "a Relation<_User>",
            "The 'default value' option is not applicable for Relation<SomeClass>"
        ),
        (
            #""x""#, "a String",
            "schema mismatch for C.f default value; expected Relation<SomeClass> but got String"
        ),
        // `getObjectType`'s `null` for a Delete: `typeof null` is 'object' (SchemaController.js line 1028).
        (
            #"{"__op": "Delete"}"#, "the operation Delete",
            "The 'default value' option is not applicable for Relation<SomeClass>"
        ),
    ])
    func aRelationHasNoDefault(defaultValue: String, found: String, serverSays: String) {
        let result = Self.generateParse(
            Self.parseField(defaultValue, #""type": "Relation", "targetClass": "SomeClass""#)
        )
        #expect(
            Self.errors(result) == [
                "schema.json:1:66: error: the default value of field 'f' of 'C' is \(found), but the field is a Relation<SomeClass>, which can't have a default value"
            ]
        )
        #expect(result.diagnostics.sorted.first?.hint == "Parse Server refuses the class: \"\(serverSays)\"")
        #expect(result.files.isEmpty)
    }

    /// A Relation can't be required: spec/schemas.spec.js lines 564-597 ("try to update schemas with a relation field
    /// with options") add `{ type: 'Relation', targetClass: 'SomeClass', required: true }` and get error 111, "The
    /// 'required' option is not applicable for Relation<SomeClass>" (SchemaController.js lines 1042-1048). The error is
    /// at the `required`, and nothing is written; `required: false` is fine.
    @Test func aRequiredRelationIsAnErrorAtItsRequired() {
        let schema =
            #"{"results": [{"className": "C", "fields": {"f": {"required": true, "type": "Relation", "targetClass": "C"}}}]}"#
        let result = Self.generateParse(schema)
        #expect(
            messages(result) == [
                "schema.json:1:62: error: field 'f' of 'C' is required, but it is a Relation<C>, which can't be required"
            ]
        )
        #expect(
            result.diagnostics.sorted.first?.hint
                == #"Parse Server refuses the class: "The 'required' option is not applicable for Relation<C>""#
        )
        #expect(result.files.isEmpty)
        let optional = Self.generateParse(schema.replacingOccurrences(of: "true", with: "false"))
        #expect(messages(optional).isEmpty, "\(messages(optional))")
        #expect(!optional.files.isEmpty)
    }

    /// With a default too, the server refuses the default first (SchemaController.js lines 1024-1041 come before the
    /// `required` check, which is its `else`): the one error is the default's.
    @Test func aRequiredRelationWithADefaultGetsTheDefaultsError() {
        let result = Self.generateParse(
            Self.parseField(#""x""#, #""type": "Relation", "targetClass": "C", "required": true"#)
        )
        #expect(
            Self.errors(result) == [
                "schema.json:1:66: error: the default value of field 'f' of 'C' is a String, but the field is a Relation<C>, which can't have a default value"
            ]
        )
    }

    /// A Defined Schema's Relation reaches the server without its `required`: Parse's JavaScript SDK's `addField`
    /// calls `addRelation(name, targetClass)`, which keeps the type and the class alone (Parse-SDK-JS
    /// src/ParseSchema.ts). A warning at it, and the relation is not required.
    @Test func aDefinedSchemasRequiredRelationIsIgnored() throws {
        let schema =
            #"{"definitions": [{"className": "C", "fields": {"f": {"required": true, "type": "Relation", "targetClass": "C"}}}]}"#
        let result = Self.generateParse(schema)
        #expect(
            messages(result) == [
                "schema.json:1:66: warning: 'required' of field 'f' of 'C' is ignored: Parse's JavaScript SDK, which saves a Defined Schema, leaves a Relation's 'required' out"
            ]
        )
        #expect(!result.diagnostics.hasErrors)
        let (classes, _) = SchemaLoader.load(schema, file: "schema.json")
        let relation = try #require(classes.first?.properties.first { $0.name.value == "f" })
        #expect(relation.type.value == "Relation" && !relation.isRequired)
    }

    /// A `__type` without what `getObjectType` needs of it, or one Parse Server doesn't know, is no value: the server throws
    /// "This is not a valid <__type>" (SchemaController.js lines 1559-1603). JavaScript's truth decides: an empty
    /// `iso` is none, a latitude of 0 is one.
    @Test(arguments: [
        (#"{"__type": "Date"}"#, "Date", "is no valid Date, which needs its 'iso'"),
        (#"{"__type": "Date", "iso": ""}"#, "Date", "is no valid Date, which needs its 'iso'"),
        (
            #"{"__type": "GeoPoint", "latitude": 0}"#, "GeoPoint",
            "is no valid GeoPoint, which needs its 'latitude' and its 'longitude'"
        ),
        (#"{"__type": "Pointer", "objectId": "a1"}"#, "Pointer", "is no valid Pointer, which needs its 'className'"),
        (#"{"__type": "File", "url": "https://x/a.png"}"#, "File", "is no valid File, which needs its 'name'"),
        (#"{"__type": "Bytes", "base64": ""}"#, "Bytes", "is no valid Bytes, which needs its 'base64'"),
        (#"{"__type": "Polygon"}"#, "Polygon", "is no valid Polygon, which needs its 'coordinates'"),
        (
            #"{"__type": "Timestamp", "iso": "2000-01-01T00:00:00.000Z"}"#, "Timestamp",
            "has the '__type' Timestamp, which Parse Server doesn't know"
        ),
    ])
    func aTypedValueWithoutItsMembersIsAnError(defaultValue: String, kind: String, problem: String) {
        let type = kind == "Timestamp" ? "Date" : kind
        let target = kind == "Pointer" ? #", "targetClass": "C""# : ""
        let result = Self.generateParse(Self.parseField(defaultValue, #""type": "\#(type)"\#(target)"#))
        let expected = kind == "Pointer" ? "Pointer<C>" : type
        #expect(
            messages(result) == [
                "schema.json:1:66: error: the default value of field 'f' of 'C' \(problem); the field is a \(expected)"
            ]
        )
        #expect(
            result.diagnostics.sorted.first?.hint == "Parse Server refuses the class: \"This is not a valid \(kind)\""
        )
    }

    /// `getObjectType` reads a write's operators too: `$ne` is what it holds, `Increment` a Number, `Add` an Array,
    /// a batch its first operation (SchemaController.js lines 1605-1629); an `__op` it doesn't know is thrown.
    @Test(arguments: [
        (#"{"__op": "Increment", "amount": 1}"#, "String", "is a Number, but the field is a String"),
        (#"{"__op": "Add", "objects": [1]}"#, "Object", "is an Array, but the field is an Object"),
        (#"{"$ne": [1]}"#, "Object", "is an Array, but the field is an Object"),
        (
            #"{"__op": "Batch", "ops": [{"__op": "Increment", "amount": 1}]}"#, "String",
            "is a Number, but the field is a String"
        ),
        (
            #"{"__op": "Frobnicate"}"#, "Object",
            "is the operation Frobnicate, which is no value Parse Server can store; the field is an Object"
        ),
    ])
    func operatorsAreTheTypeTheyMake(defaultValue: String, type: String, problem: String) {
        let result = Self.generateParse(Self.parseField(defaultValue, #""type": "\#(type)""#))
        #expect(messages(result) == ["schema.json:1:66: error: the default value of field 'f' of 'C' \(problem)"])
    }

    /// A `targetClass` on a field that is no Pointer or Relation: the server compares it with the default's class,
    /// which a plain value has none of (SchemaController.js lines 668-674), and refuses the class. A Defined Schema's
    /// field is saved without it (Parse-SDK-JS src/ParseSchema.ts, `addField`).
    @Test func aTargetClassOfAStringIsComparedToo() {
        let field = #""type": "String", "targetClass": "C""#
        let refused = Self.generateParse(Self.parseField(#""x""#, field))
        #expect(
            messages(refused) == [
                "schema.json:1:66: error: the default value of field 'f' of 'C' is a String, but the field is a String<C>"
            ]
        )
        #expect(refused.diagnostics.sorted.first?.hint?.contains("only a Pointer or a Relation has") == true)
        let defined = Self.generateParse(
            #"{"definitions": [{"className": "C", "fields": {"f": {"defaultValue": "x", \#(field)}}}]}"#
        )
        #expect(!defined.diagnostics.hasErrors, "\(messages(defined))")
    }

    /// `null`, and `{"__op": "Delete"}`, are no value: `getType` finds no type, and the server fails on it. The field
    /// has no default then, with a warning, and a create sends it.
    @Test(arguments: ["null", #"{"__op": "Delete"}"#])
    func aDefaultOfNoValueIsAWarningAndNoDefault(defaultValue: String) throws {
        let result = Self.generateParse(Self.parseField(defaultValue, #""type": "String", "required": true"#))
        let what = defaultValue == "null" ? "null" : "the operation Delete"
        #expect(
            messages(result) == [
                "schema.json:1:66: warning: the default value of field 'f' of 'C' is \(what), which is no value: Parse Server fails on it, and the field has no default here"
            ]
        )
        let create = try ServerDefaultTests.create(in: #require(file(result, "C.swift")))
        #expect(create.contains("public init(f: String)"), "\(create)")
    }

    /// Every type's default of its own type is kept, as Parse-SDK-JS's integration/test/ParseSchemaTest.js lines
    /// 159-243 ("set multiple required and default values") gets them back from the server, with a File's
    /// (`file.toJSON()`) and a Pointer's; JavaScript's truth of `0` doesn't matter to `typeof`.
    @Test(arguments: [
        ("String", #""hello""#), ("String", #""""#), ("Number", "10"), ("Number", "0"), ("Number", "-1.5"),
        ("Boolean", "false"), ("Date", #"{"__type": "Date", "iso": "2000-01-01T00:00:00.000Z"}"#),
        ("Object", #"{"foo": "bar"}"#), ("Object", "{}"), ("Array", "[1, 2, 3]"), ("Array", "[]"),
        ("GeoPoint", #"{"__type": "GeoPoint", "latitude": 0, "longitude": 0}"#),
        ("Polygon", #"{"__type": "Polygon", "coordinates": [[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]}"#),
        ("Bytes", #"{"__type": "Bytes", "base64": "ParseA=="}"#),
        ("File", #"{"__type": "File", "name": "logo.png", "url": "http://localhost:1337/files/app/logo.png"}"#),
        ("Pointer", #"{"__type": "Pointer", "className": "C", "objectId": "a1"}"#),
    ])
    func eachTypesDefaultOfItsTypeIsKept(type: String, defaultValue: String) {
        let target = type == "Pointer" ? #", "targetClass": "C""# : ""
        let schema = Self.parseField(defaultValue, #""type": "\#(type)"\#(target)"#)
        #expect(Self.keptDefaultColumn(schema, file: "schema.json") == 66)
    }

    /// A Defined Schema reaches the server through Parse's JavaScript SDK (DefinedSchemas.js, `handleFields`), whose
    /// `addField` makes a Date of a Date's default and wraps a Bytes' text (Parse-SDK-JS src/ParseSchema.ts;
    /// integration/test/ParseSchemaTest.js lines 183-187 save `'2000-01-01T00:00:00.000Z'` and `'ParseA=='` and get
    /// them back at lines 210-224 as `{ __type: 'Date', iso: … }` and `{ __type: 'Bytes', base64: 'ParseA==' }`),
    /// and leaves a Relation's out (`addRelation`). A default it makes something the generator can't tell is a
    /// warning, and no default; one it passes on as it is gets the server's check.
    @Test func aDefinedSchemasDefaultIsWhatParsesSDKMakesOfIt() throws {
        let schema = """
            {"definitions": [{"className": "C", "fields": {
              "date": {"type": "Date", "required": true, "defaultValue": "2000-01-01T00:00:00.000Z"},
              "bytes": {"type": "Bytes", "required": true, "defaultValue": "ParseA=="},
              "relation": {"type": "Relation", "targetClass": "C", "defaultValue": {"__type": "Relation", "className": "C"}},
              "answered": {"type": "Date", "defaultValue": {"__type": "Date", "iso": "2000-01-01T00:00:00.000Z"}},
              "local": {"type": "Date", "defaultValue": "1 January 2000"}
            }}]}
            """
        let result = generate(
            config: Self.parseConfig.replacingOccurrences(of: "bodies]", with: "bodies, testing]"),
            ["schema.json": schema]
        )
        #expect(
            messages(result) == [
                "schema.json:4:72: warning: the default value of field 'relation' of 'C' is ignored: Parse's JavaScript SDK, which saves a Defined Schema, leaves a Relation's default out",
                "schema.json:5:48: warning: the default value of field 'answered' of 'C' is ignored: Parse's JavaScript SDK, which saves a Defined Schema, makes a Date of it with new Date(…), which takes a string or a number",
                "schema.json:6:45: warning: the default value of field 'local' of 'C' is ignored: Parse's JavaScript SDK, which saves a Defined Schema, makes a Date of it with new Date(…), which takes a string or a number",
            ]
        )
        let output = try #require(file(result, "C.swift"))
        let create = try ServerDefaultTests.create(in: output)
        #expect(
            create.contains(
                #"/// Left out, the server fills in its default (`{"__type": "Date", "iso": "2000-01-01T00:00:00.000Z"}`)."#
            ),
            "\(create)"
        )
        #expect(
            create.contains(
                #"/// Left out, the server fills in its default (`{"__type": "Bytes", "base64": "ParseA=="}`)."#
            )
        )
        #expect(output.contains(#""date": ["__type": "Date", "iso": "2000-01-01T00:00:00.000Z"]"#), "\(output)")

        // A default the SDK passes on as it is, `""` for a Date (no true value to make a Date of), is the server's.
        let empty = Self.generateParse(
            #"{"definitions": [{"className": "C", "fields": {"f": {"defaultValue": "", "type": "Date"}}}]}"#
        )
        #expect(
            messages(empty) == [
                "schema.json:1:70: error: the default value of field 'f' of 'C' is a String, but the field is a Date"
            ]
        )
    }

    /// A field Parse Server gives the class itself takes no default from a schema: a Defined Schema's definition of it
    /// is left out (src/SchemaMigrations/DefinedSchemas.js, `isProtectedFields`, lines 396-401), and `POST /schemas`
    /// can't add it (SchemaController.js, `fieldNameIsValidForClass`, lines 449-460). Its default, of any type, is
    /// ignored with a warning.
    @Test(arguments: ["5", #""someone@example.com""#])
    func aDefaultOfAFieldTheServerGivesIsIgnored(defaultValue: String) {
        let schema =
            #"{"definitions": [{"className": "_User", "fields": {"email": {"defaultValue": \#(defaultValue), "type": "String"}}}]}"#
        let (classes, diagnostics) = SchemaLoader.load(schema, file: "schema.json")
        #expect(
            diagnostics.all.map { "\($0.location.line):\($0.location.column) \($0.severity) \($0.message)" } == [
                "1:78 warning 'email' of '_User' is a field Parse Server gives the class itself, with no default value from the schema; the default value here is ignored"
            ]
        )
        #expect(classes.first?.properties.first { $0.name.value == "email" }?.serverDefault == nil)
    }

    /// Every real Parse schema's defaults load, each kept: parse-server's and its SDK's tests' classes, apps' own
    /// (Tests/RealSchemas/parse).
    @Test func everyRealParseDefaultIsKept() throws {
        let files = RealSchemaTests.schemaFiles.filter { $0.hasPrefix("parse/") }
        #expect(files.contains("parse/Parse-SDK-JS__SchemaFieldTest.json"))
        var kept = 0
        for path in files {
            let text = try TestFiles.disk.read(RealSchemaTests.directory.appendingPathComponent(path).path)
            let (classes, diagnostics) = SchemaLoader.load(text, file: path)
            #expect(!diagnostics.all.contains { $0.message.contains("default value") }, "\(path): \(diagnostics.all)")
            let defaults = classes.flatMap(\.properties).filter { $0.serverDefault != nil }
            #expect(defaults.count == text.components(separatedBy: "\"defaultValue\"").count - 1, "\(path)")
            kept += defaults.count
        }
        #expect(kept == 21)
    }
}

/// Mia-Platform's CRUD service loads a collection whatever its defaults are: its collection schema allows any
/// `default` (lib/model.jsonschema.js at mia-platform/crud-service@bd427899a7d7b52090203447a868f889b1e559ef), and Ajv
/// checks none when it compiles a schema. The one it fills in (`useDefaults`) then goes through Fastify's Ajv, which
/// converts some values to the type (`coerceTypes`) and refuses the rest. A default of another type is no value the
/// server holds for the property: a warning, and no default.
extension DefaultValueTypeTests {
    /// A collection `things` with one property `p`, whose default is at column 112.
    /// Collection `things` with an object property `box` whose property `p` has its default at column 153: Ajv fills
    /// in a default inside an object property, not one of the collection's own (`aMiaCollectionsOwnDefaultIsNotFilledIn`).
    static func miaProperty(_ defaultValue: String, _ rest: String) -> String {
        #"{"name": "things", "endpointBasePath": "/things", "schema": {"type": "object", "properties": {"box": {"type": "object", "properties": {"p": {"default": \#(defaultValue), \#(rest)}}, "required": ["p"]}, "_id": {"type": "string", "__mia_configuration": {"type": "ObjectId"}}}, "required": ["_id", "box"]}}"#
    }

    @Test(arguments: [
        (#""yes""#, #""type": "boolean""#, "a string, where a boolean is expected"),
        ("5", #""type": "string""#, "a number, where a string is expected"),
        (#""5""#, #""type": "number""#, "a string, where a number is expected"),
        ("1.5", #""type": "integer""#, "a number, where a whole number is expected"),
        ("0", #""type": "string", "format": "date-time""#, "a number, where a string is expected"),
        (
            "5", #""type": "string", "__mia_configuration": {"type": "ObjectId"}"#,
            "a number, where a string is expected"
        ),
        (
            "[1]", #""type": "array", "items": {"type": "string"}"#,
            "a list holding a number, where a list of strings is expected"
        ),
        (
            #""x""#, #""type": "object", "properties": {"a": {"type": "string"}}"#,
            "a string, where a mapping is expected"
        ),
    ])
    func aMiaDefaultOfAnotherTypeIsAWarningAndNoDefault(defaultValue: String, type: String, problem: String) throws {
        let result = generate(
            config: ServerDefaultTests.config("things.json", "mia"),
            ["things.json": Self.miaProperty(defaultValue, type)]
        )
        #expect(
            messages(result) == ["things.json:1:153: warning: the default value of 'p' is \(problem); it is ignored"]
        )
        // Without the default, the required property is the create's to send: `box`'s `Create` takes it.
        let output = try #require(file(result, "Things.swift"))
        #expect(output.contains("public init(p: "), "\(output)")
        #expect(!output.contains("Left out"), "\(output)")
    }

    /// A default of the type is kept: a whole number for an integer however written, one element for an array (Ajv
    /// makes an array of it), anything for a property of no one type. An array's `items` default is not the array's:
    /// Ajv fills in no default of an `items` that is one schema.
    @Test(arguments: [
        ("true", #""type": "boolean""#), (#""x""#, #""type": "string""#), ("2.0", #""type": "integer""#),
        ("-3", #""type": "number""#), (#""2000-01-01T00:00:00.000Z""#, #""type": "string", "format": "date-time""#),
        (#"["a", "b"]"#, #""type": "array", "items": {"type": "string"}"#),
        (#""a""#, #""type": "array", "items": {"type": "string", "default": 5}"#),
        (#"{"a": "x"}"#, #""type": "object", "properties": {"a": {"type": "string"}}"#),
        ("[1]", #""type": "object""#), ("5", #""type": ["string", "number"]"#),
    ])
    func aMiaDefaultOfTheTypeIsKept(defaultValue: String, type: String) {
        #expect(Self.keptDefaultColumn(Self.miaProperty(defaultValue, type), file: "things.json", inside: true) == 153)
    }

    /// An array's `items` with a default, and the array without one: the array has none, where the element's `"x"`
    /// was read as the array's, which the server would fill in as `["x"]`.
    @Test func anArraysItemsDefaultIsNotTheArrays() throws {
        let schema = Self.miaProperty("null", #""type": "array", "items": {"type": "string", "default": "x"}"#)
        let (collections, diagnostics) = SchemaLoader.load(schema, file: "things.json")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let property = try #require(collections.first?.properties.first?.properties.first)
        #expect(property.name.value == "p" && property.serverDefault == nil)
    }

    /// A default that is none of the property's `enum` values: Ajv's `useDefaults` fills it in before the property's
    /// keywords run (lib/compile/validate/index.ts, `iterateKeywords`, and defaults.ts at
    /// ajv-validator/ajv@82735a15826a30cc51e97a1bbfb59b3d388e4b98), so `enum` refuses it, and with it every create
    /// that leaves the property out. A warning at the default, which is dropped: the create sends the property.
    @Test(arguments: [
        (#""c""#, #""type": "string", "enum": ["a", "b"]"#, #""c", which is none of its 'enum' values"#),
        ("3", #""type": "integer", "enum": [1, 2]"#, "3, which is none of its 'enum' values"),
        (
            #"["a", "c"]"#, #""type": "array", "items": {"type": "string", "enum": ["a", "b"]}"#,
            #"a list holding "c", which is none of its items' 'enum' values"#
        ),
        (
            #""c""#, #""type": "array", "items": {"type": "string", "enum": ["a", "b"]}"#,
            #""c", which is none of its items' 'enum' values"#
        ),
        (
            #"{"x": 1}"#, #""type": "object", "properties": {"x": {"type": "number"}}, "enum": [{"x": 2}]"#,
            #"{"x": 1}, which is none of its 'enum' values"#
        ),
    ])
    func aMiaDefaultOutsideTheEnumIsAWarningAndNoDefault(defaultValue: String, type: String, problem: String) throws {
        let result = generate(
            config: ServerDefaultTests.config("things.json", "mia"),
            ["things.json": Self.miaProperty(defaultValue, type)]
        )
        #expect(
            messages(result) == [
                "things.json:1:153: warning: the default value of 'p' is \(problem); it is ignored, and a create sends the property"
            ]
        )
        #expect(result.diagnostics.sorted.first?.hint?.contains("refuses every create without 'p'") == true)
        let output = try #require(file(result, "Things.swift"))
        #expect(output.contains("public init(p: "), "\(output)")
        #expect(!output.contains("Left out"), "\(output)")
    }

    /// A default among the `enum` values is kept, compared as Ajv's `enum` does: a number by its value, a mapping by
    /// its members in any order, an array's elements (or its one element) by its items' values.
    @Test(arguments: [
        (#""b""#, #""type": "string", "enum": ["a", "b"]"#), ("2.0", #""type": "integer", "enum": [1, 2]"#),
        (#"["b", "a"]"#, #""type": "array", "items": {"type": "string", "enum": ["a", "b"]}"#),
        (#""a""#, #""type": "array", "items": {"type": "string", "enum": ["a", "b"]}"#),
        (
            #"{"y": 2, "x": 1}"#,
            #""type": "object", "properties": {"x": {"type": "number"}}, "enum": [{"x": 1, "y": 2}]"#
        ),
    ])
    func aMiaDefaultAmongTheEnumIsKept(defaultValue: String, type: String) {
        #expect(Self.keptDefaultColumn(Self.miaProperty(defaultValue, type), file: "things.json", inside: true) == 153)
    }
}

/// Cortex's static default (`{"type": "static", "value": …}`) and the generator's own `defaultValue`: Cortex's check
/// of a static default is not public, so one of another type is a warning, and no default, as for Mia-Platform.
extension DefaultValueTypeTests {
    /// Object `c_thing` with one property `c_p`, whose static default's value is at column 117.
    static func cortexProperty(_ value: String, _ rest: String) -> String {
        #"{"object": "object", "name": "c_thing", "properties": [{"name": "c_p", "defaultValue": [{"type": "static", "value": \#(value)}], \#(rest), "validators": [{"name": "required"}]}]}"#
    }

    @Test(arguments: [
        ("5", #""type": "String""#, "a number, where a string is expected"),
        (#""5""#, #""type": "Number""#, "a string, where a number is expected"),
        ("1.5", #""type": "Number", "integer": true"#, "a number, where a whole number is expected"),
        (#""false""#, #""type": "Boolean""#, "a string, where a boolean is expected"),
        ("0", #""type": "Date""#, "a number, where a string is expected"),
        (#"{"a": 1}"#, #""type": "ObjectId""#, "a mapping, where a string is expected"),
        ("[1]", #""type": "String", "array": true"#, "a list holding a number, where a list of strings is expected"),
        (
            #""x""#, #""type": "Document", "properties": [{"name": "c_a", "type": "String"}]"#,
            "a string, where a mapping is expected"
        ),
    ])
    func aCortexStaticDefaultOfAnotherTypeIsAWarningAndNoDefault(
        value: String,
        type: String,
        problem: String
    )
        throws
    {
        let result = generate(
            config: ServerDefaultTests.config("c_thing.json", "cortex"),
            ["c_thing.json": Self.cortexProperty(value, type)]
        )
        #expect(
            messages(result) == ["c_thing.json:1:117: warning: the default value of 'c_p' is \(problem); it is ignored"]
        )
        let create = try ServerDefaultTests.create(in: #require(file(result, "Thing.swift")))
        #expect(create.contains("public init(p: "), "\(create)")
    }

    /// The generator's own files give the value itself, in YAML: the warning is at it.
    @Test func theGeneratorsOwnDefaultOfAnotherTypeIsAWarning() {
        let schema = """
            objects:
              - name: c_thing
                properties:
                  - { name: c_count, type: Number, defaultValue: none, validators: [{ name: required }] }
            """
        let result = generate(["objects.yaml": schema])
        #expect(
            messages(result) == [
                "objects.yaml:4:54: warning: the default value of 'c_count' is a string, where a number is expected; it is ignored"
            ]
        )
    }

    /// Static defaults of the type are kept, a String array's one string among them (what the real `c_study`'s
    /// `c_forgot_username_options` has, Tests/RealSchemas/cortex/env-objects/c_study.json), and a `Date`'s ISO text
    /// (`c_public_user`'s `c_events_last_updated`).
    @Test(arguments: [
        (#""email""#, #""type": "String", "array": true"#), (#"["a", "b"]"#, #""type": "String", "array": true"#),
        ("0", #""type": "Number", "integer": true"#), ("false", #""type": "Boolean""#),
        (#""1970-01-01T00:00:00.000Z""#, #""type": "Date""#), (#"{"a": 1}"#, #""type": "Any""#),
        (#""a1""#, #""type": "Reference", "sourceObject": "account""#),
    ])
    func aCortexStaticDefaultOfTheTypeIsKept(value: String, type: String) {
        #expect(Self.keptDefaultColumn(Self.cortexProperty(value, type), file: "c_thing.json") == 117)
    }
}
