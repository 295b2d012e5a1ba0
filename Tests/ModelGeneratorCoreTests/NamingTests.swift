import Testing

@testable import ModelGeneratorCore

@Suite struct NamingTests {
    let naming = SwiftNaming(stripPrefixes: ["c_", "c_x_"])

    /// Swift's own types an app names (`Task`, `Duration`) are hidden only by a model, in every file that imports the
    /// models: a model named so is renamed, unless the app chose the name; a nested Document or enum of that name
    /// hides nothing outside its model and keeps it.
    @Test func onlyAModelIsRenamedForASwiftTypeAndOnlyWhenNotChosen() throws {
        let schema = """
            objects:
              - name: c_task
              - name: c_visit
                properties:
                  - { name: c_duration, type: Document, properties: [{ name: c_minutes, type: Number }] }
                  - { name: c_range, type: String, validators: [{ name: stringEnum, definition: { values: [a, b] } }] }
            """
        let renamed = generate(["objects.yaml": schema])
        #expect(renamed.files.map(\.path).contains("TaskObject.swift"), "\(renamed.files.map(\.path))")
        let visit = try #require(file(renamed, "Visit.swift"))
        #expect(visit.contains("public struct Duration:") && visit.contains("public enum Range:"), "\(visit)")
        #expect(messages(renamed).count == 1, "\(messages(renamed))")

        let chosen = generate(config: defaultConfig + "\n  overrides: { c_task: Task }\n", ["objects.yaml": schema])
        #expect(chosen.files.map(\.path).contains("Task.swift"), "\(chosen.files.map(\.path))")
        #expect(messages(chosen).isEmpty, "\(messages(chosen))")

        // A mapped class renamed so by `naming.overrides` keeps the name too.
        let mapping = "mappings:\n  RKTTask:\n    properties:\n      title: { keyPath: title, type: String }\n"
        let mapped = generate(
            config: "mappings: [m.yaml]\noutput: Generated\nnaming:\n  overrides: { RKTTask: Task }\n",
            ["m.yaml": mapping]
        )
        #expect(mapped.files.map(\.path).contains("Task.swift"), "\(mapped.files.map(\.path)) \(messages(mapped))")
        #expect(messages(mapped).isEmpty, "\(messages(mapped))")
    }

    /// A nested type's name takes its suffix again while the suffixed name would hide a type the model's code names:
    /// `File` + `Value` is the runtime's `FileValue`, and `Visit` + `Document` a model a property refers to. Hidden, the
    /// model's File property and its reference compiled, to the nested enum and struct instead.
    @Test func aSuffixedNestedTypeNameHidesNoTypeTheModelUses() throws {
        let schema = """
            objects:
              - name: c_file
                properties:
                  - { name: c_file, type: String, validators: [{ name: stringEnum, definition: { values: [a, b] } }] }
                  - { name: c_picture, type: File }
              - name: c_visit_document
              - name: c_visit
                properties:
                  - { name: c_visit, type: Document, properties: [{ name: c_note, type: String }] }
                  - { name: c_ref, type: Reference, sourceObject: c_visit_document }
            """
        let result = generate(config: defaultConfig + "\ndialect: cortex\n", ["objects.yaml": schema])
        #expect(messages(result).isEmpty, "\(messages(result))")
        let model = try #require(file(result, "File.swift"), "\(result.files.map(\.path))")
        #expect(model.contains("public enum FileValueValue:") && !model.contains("enum FileValue:"), "\(model)")
        #expect(model.contains("var file: Optional<FileValueValue>\n"), "\(model)")
        #expect(model.contains("var picture: Optional<FileValue>\n"), "\(model)")
        let visit = try #require(file(result, "Visit.swift"), "\(result.files.map(\.path))")
        #expect(visit.contains("public struct VisitDocumentDocument:") && !visit.contains("struct VisitDocument:"))
        #expect(visit.contains("var visit: Optional<VisitDocumentDocument>\n"), "\(visit)")
        #expect(visit.contains("var ref: Optional<Reference<VisitDocument>>\n"), "\(visit)")
    }

    /// A nested type of an `Identifiable` model isn't named `ID`: it would be the model's `Identifiable.ID`, and the
    /// model's `id`, a Parse class's `objectId` or a Cortex `_id`, no longer of it, so the model didn't compile.
    @Test(arguments: ["parse", "cortex"]) func noNestedTypeIsNamedID(dialect: String) throws {
        let schema = """
            objects:
              - name: c_game
                properties:
                  - { name: c_i_d, type: Document, properties: [{ name: c_x, type: String }] }
            """
        let result = generate(config: defaultConfig + "\ndialect: \(dialect)\n", ["objects.yaml": schema])
        #expect(messages(result).isEmpty, "\(messages(result))")
        let game = try #require(file(result, "Game.swift"), "\(result.files.map(\.path))")
        #expect(game.contains("Identifiable"), "\(game)")
        #expect(game.contains("public struct IDDocument:") && !game.contains("struct ID:"), "\(game)")
        #expect(game.contains("var iD: Optional<IDDocument>\n"), "\(game)")
    }

    /// A schema's leading underscores are dropped, but an override or a mapping names a property as written: one
    /// named like the private members the generated code declares, the model's `_nullKeys` and its query fields'
    /// `_prefix`, is renamed with a warning, where it was declared twice and didn't compile.
    @Test func aPropertyIsNotNamedLikeAPrivateMemberOfTheGeneratedCode() throws {
        let config = """
            schemas: [objects.yaml]
            output: Generated
            dialect: cortex
            generate: [models, queries]
            naming:
              overrides: { c_x.c_a: _nullKeys, c_x.c_b: _prefix }
            """
        let schema = """
            objects:
              - name: c_x
                properties:
                  - { name: c_a, type: String }
                  - { name: c_b, type: String }
            """
        let overridden = generate(config: config, ["objects.yaml": schema])
        #expect(
            messages(overridden) == [
                "objects.yaml:4:17: warning: property 'c_a' is named '_nullKeysProperty' in Swift, since '_nullKeys' already means something else in the generated code",
                "objects.yaml:5:17: warning: property 'c_b' is named '_prefixProperty' in Swift, since '_prefix' already means something else in the generated code",
            ]
        )
        let model = try #require(file(overridden, "CX.swift"), "\(messages(overridden))")
        #expect(model.contains("public var _nullKeysProperty: Optional<String>\n"), "\(model)")
        #expect(model.contains("public var _prefixProperty: ValueField<Root, String, MaybeAbsent> {\n"), "\(model)")

        let mapping =
            "mappings:\n  Foo:\n    properties:\n      _nullKeys: { keyPath: a, type: String, optional: true }\n"
        let mapped = generate(config: "mappings: [m.yaml]\noutput: Generated\n", ["m.yaml": mapping])
        #expect(
            messages(mapped) == [
                "m.yaml:4:7: warning: property '_nullKeys' is named '_nullKeysProperty' in Swift, since '_nullKeys' already means something else in the generated code"
            ]
        )
        let mappedModel = try #require(file(mapped, "Foo.swift"), "\(messages(mapped))")
        #expect(mappedModel.contains("public var _nullKeysProperty: Optional<String>\n"), "\(mappedModel)")
    }

    /// The case of a type the schema doesn't list takes a name no variant has: beside variants `c_undocumented` and
    /// `c_undocumented_type` it was a second `undocumentedType`, and the enum didn't compile.
    @Test func theUndocumentedTypeCaseIsNoVariantsCase() throws {
        let schema = """
            objects:
              - name: c_shape
                objectTypes:
                  - { name: c_undocumented, properties: [{ name: c_a, type: String }] }
                  - { name: c_undocumented_type, properties: [{ name: c_b, type: String }] }
            """
        let result = generate(["objects.yaml": schema])
        #expect(messages(result).isEmpty, "\(messages(result))")
        let shape = try #require(file(result, "Shape.swift"), "\(result.files.map(\.path))")
        let cases = shape.split(separator: "\n").map { String($0.drop { $0 == " " }) }
            .filter { $0.hasPrefix("case undocumented") }
        #expect(
            cases == [
                "case undocumented(Undocumented)", "case undocumentedType(UndocumentedType)",
                "case undocumentedTypeType(type: String, JSONValue)",
            ],
            "\(shape)"
        )
        #expect(shape.contains("default: self = .undocumentedTypeType(type: type, try JSONValue(from: decoder))"))
    }

    /// A typed object's enum keeps the shared properties in a nested `Common` only when nothing else in it is named
    /// so: a reference to a model `Common` meant the nested struct instead (decoding it, with only models generated),
    /// and an enum of values `c_commons` was a second `Common`.
    @Test func theSharedPropertiesStructHidesNoModelAndNoEnum() throws {
        let schema = """
            objects:
              - name: c_common
                properties:
                  - { name: c_name, type: String }
              - name: c_visit
                properties:
                  - { name: c_ref, type: Reference, sourceObject: c_common }
                objectTypes:
                  - { name: c_a, properties: [{ name: c_x, type: String }] }
              - name: c_note
                properties:
                  - { name: c_commons, type: String, array: true, validators: [{ name: stringEnum, definition: { values: [a] } }] }
                objectTypes:
                  - { name: c_b, properties: [{ name: c_y, type: String }] }
            """
        let result = generate(config: defaultConfig + "\ngenerate: [models]\n", ["objects.yaml": schema])
        #expect(messages(result).isEmpty, "\(messages(result))")
        let visit = try #require(file(result, "Visit.swift"), "\(result.files.map(\.path))")
        #expect(!visit.contains("struct Common"), "\(visit)")
        #expect(visit.contains("var ref: Optional<Reference<Common>>\n"), "\(visit)")
        let note = try #require(file(result, "Note.swift"), "\(result.files.map(\.path))")
        #expect(!note.contains("struct Common") && note.contains("enum Common:"), "\(note)")
    }

    /// A reference to the model `Common` from inside a Document of a typed object counts too: the Document's struct
    /// is nested in the object's enum, where a `Common` of the enum's would hide the model.
    @Test func aReferenceToAModelCommonInsideADocumentKeepsTheSharedPropertiesOutOfCommon() throws {
        let schema = """
            objects:
              - name: c_common
                properties:
                  - { name: c_name, type: String }
              - name: c_visit
                properties:
                  - name: c_doc
                    type: Document
                    properties: [{ name: c_ref, type: Reference, sourceObject: c_common }]
                objectTypes:
                  - { name: c_a, properties: [{ name: c_x, type: String }] }
            """
        let result = generate(config: defaultConfig + "\ngenerate: [models]\n", ["objects.yaml": schema])
        #expect(messages(result).isEmpty, "\(messages(result))")
        let visit = try #require(file(result, "Visit.swift"), "\(result.files.map(\.path))")
        #expect(!visit.contains("struct Common"), "\(visit)")
        #expect(visit.contains("var ref: Optional<Reference<Common>>\n"), "\(visit)")
    }

    /// A backend's property the schema doesn't list takes its dialect's prefix when a schema property has its Swift
    /// name, with a warning at that property: a Cortex `c_id` made `id` the schema's String and `_id` `cortexId`, and
    /// the model no longer `Identifiable`, without a word.
    @Test func aBackendsPropertyRenamedForASchemaPropertyIsAWarning() throws {
        let schema = """
            objects:
              - name: c_thing
                properties:
                  - { name: c_id, type: String }
            """
        let result = generate(config: defaultConfig + "\ndialect: cortex\n", ["objects.yaml": schema])
        #expect(
            messages(result) == [
                "objects.yaml:4:17: warning: the backend's '_id' is named 'cortexId' in Swift, since the schema's 'c_id' is named 'id'"
            ]
        )
        #expect(
            result.diagnostics.all.first?.hint
                == "choose another name with 'naming.overrides: { c_thing.c_id: newName }'"
        )
        let thing = try #require(file(result, "Thing.swift"), "\(messages(result))")
        #expect(thing.contains("public var cortexId: ObjectID\n") && !thing.contains("Identifiable"), "\(thing)")

        let collections = #"[{"name": "c", "endpointBasePath": "/c", "fields": [{"name": "state", "type": "string"}]}]"#
        let mia = generate(config: "schemas: [c.json]\noutput: Generated\n", ["c.json": collections])
        #expect(
            messages(mia) == [
                "c.json:1:62: warning: the backend's '__STATE__' is named 'miaState' in Swift, since the schema's 'state' is named 'state'"
            ]
        )
    }

    /// An override of the backend's property names it whatever the schema's properties are named: no warning then,
    /// which named the prefixed name the property didn't get.
    @Test func aBackendsPropertyAnOverrideNamesIsNoWarning() throws {
        let schema = """
            objects:
              - name: c_thing
                properties:
                  - { name: c_id, type: String }
            """
        let config = defaultConfig + "\n  overrides: { c_thing._id: thingId }\ndialect: cortex\n"
        let result = generate(config: config, ["objects.yaml": schema])
        #expect(messages(result).isEmpty, "\(messages(result))")
        let thing = try #require(file(result, "Thing.swift"), "\(messages(result))")
        #expect(thing.contains("public var thingId: ObjectID\n") && !thing.contains("cortexId"), "\(thing)")
    }

    @Test(arguments: [
        ("c_string", "string"),
        ("c_stringArray", "stringArray"),
        ("_id", "id"),
        ("c_in_person", "inPerson"),
        ("first-name", "firstName"),
        ("first name", "firstName"),
        ("c_2fa", "_2fa"),
        ("2fa", "_2fa"),
        ("café_crème", "cafeCreme"),
        ("c_URLString", "urlString"),
        ("URL", "url"),
        ("c_x_value", "value"),
        ("c_", "c"),
        ("---", "unnamed"),
        ("iPhone", "iPhone"),
        ("Name", "name"),
    ])
    func propertyNames(_ apiName: String, _ expected: String) {
        #expect(naming.propertyName(apiName) == expected)
    }

    @Test(arguments: [
        ("c_object", "Object"),
        ("c_in_person", "InPerson"),
        ("account", "Account"),
        ("c_3d_model", "_3dModel"),
        ("blog-post", "BlogPost"),
    ])
    func typeNames(_ apiName: String, _ expected: String) {
        #expect(naming.typeName(apiName) == expected)
    }

    @Test(arguments: [
        ("class", "`class`"), ("default", "`default`"), ("self", "`self`"), ("Type", "`Type`"),
        ("protocol", "`protocol`"), ("init", "`init`"), ("Self", "`Self`"), ("name", "name"), ("type", "type"),
    ])
    func keywordsAreEscaped(_ name: String, _ expected: String) {
        #expect(SwiftNaming.escaped(name) == expected)
    }

    /// A call's argument labels take keywords as they are (`.init(default: x)`; the compiler warns of the backticks,
    /// which a build that treats warnings as errors refuses), but for `inout` and `_`.
    @Test(arguments: [
        ("class", "class"), ("default", "default"), ("self", "self"), ("let", "let"), ("var", "var"),
        ("inout", "`inout`"), ("_", "`_`"), ("name", "name"),
    ])
    func argumentLabelsTakeKeywordsAsTheyAre(_ name: String, _ expected: String) {
        #expect(SwiftNaming.argumentLabel(name) == expected)
    }

    @Test(arguments: [
        ("in-progress", "inProgress"), ("", "empty"), ("2x", "_2x"), ("DONE", "done"), ("new", "new"),
    ])
    func enumCases(_ value: String, _ expected: String) {
        #expect(naming.caseName(value) == expected)
    }

    @Test(arguments: [
        ("Notes", "Note"), ("Entries", "Entry"), ("Addresses", "Address"), ("Boxes", "Box"), ("Status", "Status"),
        ("Class", "Class"), ("Days", "Day"), ("Data", "Data"), ("Analysis", "Analysis"),
    ])
    func singulars(_ plural: String, _ expected: String) {
        #expect(Singular.of(plural) == expected)
    }

    @Test func suggestionsFindCloseWords() {
        #expect(Suggestion.closest(to: "schema", in: GeneratorConfig.keys) == "schemas")
        #expect(Suggestion.closest(to: "acessModifier", in: GeneratorConfig.keys) == "accessModifier")
        #expect(Suggestion.closest(to: "zzzzzz", in: GeneratorConfig.keys) == nil)
    }

    /// No identifier character joins the character after it into one (Unicode's Prepend letters, in the standard
    /// library's Unicode version: U+0D4E, and U+113D1 of Unicode 16), so no generated file's name loses its `.swift`
    /// to its last character; a derived name drops them.
    @Test func noIdentifierCharacterJoinsTheNextCharacter() {
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), SwiftText.isIdentifierCharacter(scalar) else { continue }
            var text = String.UnicodeScalarView()
            text.append(scalar)
            text.append(".")
            if String(text).count != 2 { Issue.record("U+\(String(value, radix: 16, uppercase: true))") }
        }
        #expect(!SwiftText.isIdentifier("A\u{D4E}") && !SwiftText.isIdentifier("A\u{113D1}"))
        #expect(SwiftText.isIdentifier("A\u{D15}"))
    }

    /// A name longer than 64 scalars gets no suggestion, and a candidate whose length is further off than the
    /// threshold isn't compared: the edit distance costs the product of the lengths, and a schema of two names of
    /// 500,000 characters each cost 2.5 × 10¹¹ steps.
    @Test func suggestionsAreBoundedByTheWordsLength() {
        let name = String(repeating: "ab", count: 32)
        #expect(Suggestion.closest(to: name + "x", in: [name + "y"]) == nil, "65 scalars")
        #expect(Suggestion.closest(to: String(name.dropLast()) + "x", in: [name]) == name, "64 scalars")
        let long = String(repeating: "a", count: 500_000)
        #expect(Suggestion.closest(to: "name", in: [long, "nam"]) == "nam")
        #expect(Suggestion.closest(to: long, in: [long + "b"]) == nil)
    }

    /// A property named `self` takes another internal parameter name in the initializers, `selfValue`; with a
    /// property of that name beside it, two parameters were named `selfValue`, which doesn't compile.
    @Test func theInternalNameOfSelfIsNoOtherPropertysName() throws {
        let schema = """
            objects:
              - name: c_thing
                properties:
                  - { name: self, type: String, validators: [{ name: required }] }
                  - { name: selfValue, type: String, validators: [{ name: required }] }
                  - { name: selfValue_x, type: String }
            """
        let config = defaultConfig + "\ngenerate: [models, bodies]\n"
        let result = generate(config: config, ["objects.yaml": schema])
        let model = try #require(file(result, "Thing.swift"), "\(messages(result))")
        // The model's memberwise initializer and the create body's: each names its parameters apart.
        let initializers = model.split(separator: "\n").filter { $0.contains("init(`self`") }
        #expect(initializers.count == 2, "\(model)")
        for line in initializers {
            #expect(line.contains("(`self` selfValue_: String") && line.contains(", selfValue: String"), "\(line)")
        }
        #expect(model.contains("self.`self` = selfValue_\n"))
        #expect(model.contains("self.selfValue = selfValue\n"))
    }
}
