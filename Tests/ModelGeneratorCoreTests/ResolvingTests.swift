import Testing

@testable import ModelGeneratorCore

@Suite struct ResolvingTests {
    func resolve(
        _ yaml: String,
        config: String = defaultConfig,
        file: String = "objects.yaml"
    )
        -> (ResolvedSchema, Diagnostics)
    {
        let (config, _) = ConfigLoader.load(config, file: "model-generator.yaml")
        let (objects, loadDiagnostics) = SchemaLoader.load(yaml, file: file)
        var (schema, diagnostics) = Resolver.resolve(objects, config: config!)
        diagnostics.append(contentsOf: loadDiagnostics)
        return (schema, diagnostics)
    }

    /// The type table of the design: each schema type and the Swift type of its property. A model is what a read
    /// returns, and a read may leave out what a create requires: `required` makes only `Create`'s property
    /// non-optional.
    @Test(arguments: [
        ("{ name: c_a, type: String }", "String?"),
        ("{ name: c_a, type: String, validators: [{ name: required }] }", "String?"),
        ("{ name: c_a, type: String, required: true }", "String?"),
        ("{ name: c_a, type: Number }", "Double?"),
        ("{ name: c_a, type: Number, integer: true }", "Int?"),
        ("{ name: c_a, type: Boolean }", "Bool?"),
        ("{ name: c_a, type: Bool }", "Bool?"),
        ("{ name: c_a, type: Date }", "Date?"),
        ("{ name: c_a, type: Date, dateOnly: true }", "DateOnly?"),
        ("{ name: c_a, type: ObjectId }", "ObjectID?"),
        ("{ name: c_a, type: Reference, sourceObject: c_thing }", "Reference<Thing>?"),
        ("{ name: c_a, type: Reference, sourceObject: object.c_thing }", "Reference<Thing>?"),
        ("{ name: c_a, type: Reference, sourceObject: account }", "Reference<JSONValue>?"),
        ("{ name: c_a, type: File }", "FileValue?"),
        ("{ name: c_a, type: File, array: true }", "[FileValue]?"),
        ("{ name: c_a, type: Any }", "JSONValue?"),
        ("{ name: c_a, type: Geometry }", "GeoJSONGeometry?"),
        ("{ name: c_a, type: UUID }", "UUIDString?"),
        ("{ name: c_a, type: List, sourceObject: c_thing }", "CortexList<Thing>?"),
        ("{ name: c_a, type: List, sourceObject: account }", "CortexList<JSONValue>?"),
        ("{ name: c_a, type: Relation, sourceObject: c_thing }", "ParseRelation<Thing>?"),
        ("{ name: c_a, type: GeoPoint }", "GeoPosition?"),
        ("{ name: c_a, type: Polygon }", "ParsePolygon?"),
        ("{ name: c_a, type: Bytes }", "ParseBytes?"),
        ("{ name: c_a, type: ACL }", "ParseACL?"),
        ("{ name: c_a, type: Binary }", "JSONValue?"),
        ("{ name: c_a, type: Set }", "JSONValue?"),
        ("{ name: c_a, type: Expression }", "JSONValue?"),
        ("{ name: c_a, type: Facet }", "Facet?"),
        ("{ name: c_a, type: \"Facet[]\" }", "[Facet]?"),
        ("{ name: c_a, type: Reference }", "Reference<JSONValue>?"),
        ("{ name: c_a, type: \"Reference[]\" }", "[Reference<JSONValue>]?"),
        ("{ name: c_a, type: Document }", "JSONValue?"),
        ("{ name: c_a, type: Document, array: true }", "[JSONValue]?"),
        ("{ name: c_a, type: String, array: true }", "[String]?"),
        ("{ name: c_a, type: Date, array: true, required: true }", "[Date]?"),
        ("{ name: c_a, type: Document, properties: [{ name: c_b, type: String }] }", "A?"),
        ("{ name: c_notes, type: Document, array: true, properties: [{ name: c_b, type: String }] }", "[Note]?"),
        ("{ name: c_a, type: String, validators: [{ name: stringEnum, definition: { values: [x] } }] }", "A?"),
        (
            "{ name: c_days, type: String, array: true, validators: [{ name: stringEnum, definition: { values: [x] } }] }",
            "[Day]?"
        ),
    ])
    func swiftTypes(_ property: String, _ expected: String) throws {
        let (schema, diagnostics) = resolve(
            "objects:\n  - name: c_object\n    properties:\n      - \(property)\n  - name: c_thing\n"
        )
        #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
        let resolved = try #require(schema.objects.first?.properties.first)
        #expect(
            Translator(config: GeneratorConfig(file: "c", output: Located("G", at: .start(of: "c")))).typeSpelling(
                resolved
            ) == expected
        )
    }

    @Test func documentsNestToAnyDepth() throws {
        let (schema, diagnostics) = resolve(
            """
            objects:
              - name: c_a
                properties:
                  - name: c_one
                    type: Document
                    properties:
                      - name: c_two
                        type: Document
                        array: true
                        properties:
                          - name: c_three
                            type: Document
                            properties: [{ name: c_leaf, type: Date }]
            """
        )
        #expect(diagnostics.all.isEmpty)
        guard case .document(let one) = schema.objects[0].properties[0].type,
            case .document(let two) = one.properties[0].type,
            case .document(let three) = two.properties[0].type
        else {
            Issue.record("expected three nested documents")
            return
        }
        #expect([one.swiftName, two.swiftName, three.swiftName] == ["One", "Two", "Three"])
        #expect(three.properties[0].type == .date)
    }

    @Test func nestedTypesNeverHideATypeTheirObjectUses() throws {
        let (schema, _) = resolve(
            """
            objects:
              - name: c_a
                properties:
                  - { name: c_b, type: Reference, sourceObject: c_b }
                  - { name: c_b_doc, type: Document, properties: [{ name: c_date, type: Document, properties: [{ name: c_x, type: String }] }] }
                  - { name: c_string, type: Document, properties: [{ name: c_x, type: String }] }
                  - { name: c_a, type: Document, properties: [{ name: c_x, type: String }] }
                  - { name: c_other, type: Document, properties: [{ name: c_b, type: Document, properties: [{ name: c_y, type: String }] }] }
              - name: c_b
            """,
            config: "schemas: [objects.yaml]\nnaming: { stripPrefixes: [c_], overrides: { c_a.c_b_doc: b } }\n"
        )
        let names = schema.objects[0].properties.compactMap { property -> String? in
            if case .document(let document) = property.type { return document.swiftName }
            return nil
        }
        // `B` is the referenced model, `String` Swift's, `A` the enclosing type.
        #expect(names == ["BDocument", "StringDocument", "ADocument", "Other"])
        guard case .document(let doc) = schema.objects[0].properties[1].type,
            case .document(let date) = doc.properties[0].type
        else { return }
        #expect(date.swiftName == "DateDocument")
    }

    /// Generated coding names a nested type in expressions (`_2fa.self`), where a property of the same name would
    /// make the name ambiguous: names that don't start with a letter keep their case, so `2fa` is both.
    @Test func nestedTypesNeverShareANameWithAPropertyOfTheirStruct() throws {
        let (schema, diagnostics) = resolve(
            """
            objects:
              - name: c_a
                properties:
                  - { name: 2fa, type: Document, properties: [{ name: c_x, type: String }] }
                  - { name: 1st, type: String, validators: [{ name: stringEnum, definition: { values: [a, b] } }] }
                  - { name: c_plain, type: Document, properties: [{ name: c_x, type: String }] }
                  - { name: 2faDocument, type: String }
            """
        )
        #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
        let properties = schema.objects[0].properties
        #expect(properties.map(\.swiftName) == ["_2fa", "_1st", "plain", "_2faDocument"])
        var typeNames: [String] = []
        for property in properties {
            switch property.type {
            case .document(let document): typeNames.append(document.swiftName)
            case .enumeration(let enumeration): typeNames.append(enumeration.swiftName)
            default: break
            }
        }
        #expect(typeNames == ["_2faDocumentDocument", "_1stValue", "Plain"])
    }

    @Test func aPropertyNamedLikeAFunctionTheGeneratedCodeCallsIsRenamedWithAWarning() throws {
        let (schema, diagnostics) = resolve(
            """
            objects:
              - name: c_a
                properties:
                  - { name: equalValues, type: String }
                  - { name: hashValue, type: String }
            """
        )
        #expect(schema.objects[0].properties.map(\.swiftName) == ["equalValuesProperty", "hashValueProperty"])
        #expect(
            diagnostics.all.map(\.message) == [
                "property 'equalValues' is named 'equalValuesProperty' in Swift, since 'equalValues' already means something else in the generated code",
                "property 'hashValue' is named 'hashValueProperty' in Swift, since 'hashValue' already means something else in the generated code",
            ]
        )
    }

    /// A `Create` has `members` and a `Patch` `operations`, a Document's body `bodyValue`: a property of one of those
    /// names (a Mia-Platform collection's `operations`, in mia-platform-marketplace's insurance data model) would be
    /// declared twice in the body that copies it.
    @Test func aPropertyNamedLikeABodysOwnMemberIsRenamedWithAWarning() throws {
        let (schema, diagnostics) = resolve(
            """
            objects:
              - name: c_a
                properties:
                  - { name: members, type: String }
                  - { name: operations, type: String }
                  - { name: c_doc, type: Document, properties: [{ name: bodyValue, type: String }] }
            """
        )
        #expect(schema.objects[0].properties.prefix(2).map(\.swiftName) == ["membersProperty", "operationsProperty"])
        guard case .document(let document) = schema.objects[0].properties[2].type else {
            Issue.record("expected a Document")
            return
        }
        #expect(document.properties.map(\.swiftName) == ["bodyValueProperty"])
        #expect(diagnostics.warnings.count == 3)
    }

    @Test func objectTypesBecomeVariants() throws {
        let (schema, diagnostics) = resolve(
            """
            objects:
              - name: c_visit
                properties:
                  - { name: c_when, type: Date, required: true }
                objectTypes:
                  - { name: c_in_person, label: In person, properties: [{ name: c_room, type: String }] }
                  - { name: c_remote, properties: [{ name: c_link, type: String }] }
            """
        )
        #expect(diagnostics.all.isEmpty)
        let visit = schema.objects[0]
        #expect(visit.properties.map(\.swiftName) == ["when"])
        #expect(visit.variants.map(\.apiName) == ["c_in_person", "c_remote"])
        #expect(visit.variants.map(\.swiftName) == ["InPerson", "Remote"])
        #expect(visit.variants.map(\.caseName) == ["inPerson", "remote"])
        #expect(visit.variants[0].properties.map(\.swiftName) == ["room"])
        #expect(visit.variants[0].label == "In person")
    }

    /// Each type's struct keeps its object's own properties in `common`, of the enum's `Common`, declared once; where
    /// a property is called `common`, or a type or a document struct `Common`, every type's struct declares them
    /// itself instead, as the schema says.
    @Test(arguments: [
        ("properties: [{ name: c_when, type: Date }]", "c_a", true),
        ("properties: [{ name: c_when, type: Date }, { name: c_common, type: String }]", "c_a", false),
        ("properties: [{ name: c_when, type: Date }]", "c_common", false),
        (
            "properties: [{ name: c_when, type: Date }, { name: c_common, type: Document, properties: [{ name: c_x, type: String }] }]",
            "c_a", false
        ),
    ])
    func objectTypesKeepTheirObjectsPropertiesInCommonWhereTheNamesAreFree(
        properties: String,
        typeName: String,
        sharesCommon: Bool
    ) throws {
        let result = generate([
            "objects.yaml": """
            objects:
              - name: c_visit
                \(properties)
                objectTypes:
                  - { name: \(typeName), properties: [{ name: c_room, type: String }] }
                  - { name: c_b, properties: [{ name: c_link, type: String }] }
            """
        ])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let visit = try #require(file(result, "Visit.swift"))
        // The enum's struct of the shared properties, which a type or a document of that name would meet.
        #expect(visit.contains("/// The properties of `Visit` that every type has") == sharesCommon)
        #expect(visit.contains("CommonPropertiesCarrying") == sharesCommon)
        // Each of the two types' structs declares the object's `when` itself, or neither does.
        let declarations = visit.components(separatedBy: "public var when: Optional<Date>").count - 1
        #expect(declarations == (sharesCommon ? 1 : 2), "\(visit)")
    }

    /// A Parse typed object's type structs are `Identifiable` by their `objectId`, as a Cortex one's are by `_id`:
    /// `Common` stores `objectId` and is `ParseIdentifiable`, and each type's struct reads `common`'s `id`. Where
    /// the types' structs store the shared properties themselves, each is `ParseIdentifiable`.
    @Test(arguments: [("c_a", true), ("c_common", false)])
    func aParseTypedObjectsTypeStructsAreIdentifiable(typeName: String, sharesCommon: Bool) throws {
        let schema = """
            objects:
              - name: c_visit
                properties: [{ name: c_when, type: Date }]
                objectTypes:
                  - { name: \(typeName), properties: [{ name: c_room, type: String }] }
            """
        let result = generate(config: defaultConfig + "\ndialect: parse\n", ["objects.yaml": schema])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let visit = try #require(file(result, "Visit.swift"))
        let structs = visit.split(separator: "\n").filter { $0.contains("public struct ") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let typeStruct = try #require(structs.first { $0.hasPrefix("public struct \(sharesCommon ? "A" : "Common"):") })
        if sharesCommon {
            #expect(
                structs.contains {
                    $0.hasPrefix("public struct Common: Codable, Hashable, Sendable, ParseIdentifiable")
                },
                "\(visit)"
            )
            #expect(typeStruct.contains("Sendable, Identifiable, CommonPropertiesCarrying"), "\(visit)")
        } else {
            #expect(typeStruct.contains("Sendable, ParseIdentifiable"), "\(visit)")
        }
    }

    @Test func aVariantPropertyCollidingWithASharedOneIsAnError() {
        let (_, diagnostics) = resolve(
            """
            objects:
              - name: c_visit
                properties: [{ name: c_when, type: Date }]
                objectTypes:
                  - { name: c_a, properties: [{ name: when, type: String }] }
            """
        )
        #expect(
            diagnostics.errors.map(\.message) == [
                "properties 'c_when' and 'when' would both be named 'when' in Swift; the other is at objects.yaml:3:26"
            ]
        )
    }

    /// A typed object's enum reads `type` and its query fields have a `type` field: a property of the object or of a
    /// type that would be `type` in Swift steps aside, as one named like a system property does, and an untyped
    /// object's keeps the name.
    @Test func aTypedObjectsPropertyNamedTypeStepsAside() throws {
        let (schema, diagnostics) = resolve(
            """
            objects:
              - name: c_visit
                properties: [{ name: Type, type: String }, { name: c_when, type: Date }]
                objectTypes:
                  - { name: c_a, properties: [{ name: c_room, type: String }] }
              - name: c_note
                properties: [{ name: c_text, type: String }]
                objectTypes:
                  - { name: c_a, properties: [{ name: TYPE, type: String }] }
              - name: c_clinic
                properties: [{ name: Type, type: String }]
            """
        )
        #expect(diagnostics.errors.isEmpty)
        #expect(
            diagnostics.warnings.map(\.message) == [
                "property 'Type' is named 'typeProperty' in Swift, since 'type' is the backend's 'type'",
                "property 'TYPE' is named 'typeProperty' in Swift, since 'type' is the backend's 'type'",
            ]
        )
        let visit = try #require(schema.objects.first { $0.apiName == "c_visit" })
        #expect(visit.properties.map(\.swiftName).contains("typeProperty"))
        let note = try #require(schema.objects.first { $0.apiName == "c_note" })
        #expect(note.variants[0].properties.map(\.swiftName) == ["typeProperty"])
        let clinic = try #require(schema.objects.first { $0.apiName == "c_clinic" })
        #expect(clinic.properties.map(\.swiftName).contains("type"))
    }

    /// A nested document's `_id` is named `id`, as a model's is: a property of the document's own named `id` (a
    /// Mia-Platform `RawObject` schema listing both, as an app's prescriptions do) steps aside with a warning, at any
    /// depth, instead of the two colliding; an override of either keeps the user's names.
    @Test func aDocumentsOwnIDStepsAsideForItsUnderscoreID() throws {
        let yaml = """
            objects:
              - name: c_a
                properties:
                  - name: c_items
                    type: Document
                    array: true
                    properties:
                      - { name: id, type: String }
                      - { name: _id, type: String }
                      - name: c_inner
                        type: Document
                        properties: [{ name: _id, type: String }, { name: id, type: Number }]
            """
        let (schema, diagnostics) = resolve(yaml)
        #expect(diagnostics.errors.isEmpty, "\(diagnostics.errors)")
        #expect(
            diagnostics.warnings.map(\.message) == [
                "property 'id' is named 'idProperty' in Swift, since 'id' is the document's '_id'",
                "property 'id' is named 'idProperty' in Swift, since 'id' is the document's '_id'",
            ]
        )
        // The inner document resolves first.
        #expect(diagnostics.warnings.map(\.location.line) == [12, 8])
        guard case .document(let items) = schema.objects[0].properties[0].type else {
            Issue.record("c_items is no document")
            return
        }
        #expect(items.properties.map(\.swiftName) == ["idProperty", "id", "inner"])
        guard case .document(let inner) = items.properties[2].type else {
            Issue.record("c_inner is no document")
            return
        }
        #expect(inner.properties.map(\.swiftName) == ["id", "idProperty"])
        let (overridden, quiet) = resolve(
            yaml,
            config:
                "schemas: [objects.yaml]\nnaming: { stripPrefixes: [c_], overrides: { c_a.c_items.id: externalID } }\n"
        )
        #expect(
            quiet.all.map(\.message) == [
                "property 'id' is named 'idProperty' in Swift, since 'id' is the document's '_id'"
            ]
        )
        guard case .document(let named) = overridden.objects[0].properties[0].type else { return }
        #expect(named.properties.map(\.swiftName) == ["externalID", "id", "inner"])
    }

    /// A typed object's enum reads and writes `type`: a property of that key, the object's or a type's, would read it
    /// a second time and send it twice in a create, so it is left out, with a warning.
    @Test func aTypedObjectsPropertyOfTheTypeKeyIsLeftOut() throws {
        let (schema, diagnostics) = resolve(
            """
            objects:
              - name: c_visit
                properties: [{ name: type, type: String }, { name: c_when, type: Date }]
                objectTypes:
                  - { name: c_a, properties: [{ name: c_room, type: String }] }
              - name: c_note
                properties: [{ name: c_text, type: String }]
                objectTypes:
                  - { name: c_a, properties: [{ name: type, type: String }, { name: c_room, type: String }] }
            """
        )
        #expect(diagnostics.errors.isEmpty)
        let leftOut =
            "warning: property 'type' of '%@' is left out: it selects the object's type, which its enum reads and writes"
        #expect(
            diagnostics.warnings.map(\.description) == [
                "objects.yaml:3:26: " + leftOut.replacingOccurrences(of: "%@", with: "c_visit"),
                "objects.yaml:9:43: " + leftOut.replacingOccurrences(of: "%@", with: "c_note"),
            ]
        )
        let visit = try #require(schema.objects.first { $0.apiName == "c_visit" })
        #expect(
            visit.properties.map(\.apiName).contains("c_when") && !visit.properties.contains { $0.apiName == "type" }
        )
        let note = try #require(schema.objects.first { $0.apiName == "c_note" })
        #expect(note.variants[0].properties.map(\.apiName) == ["c_room"])
    }

    /// The dialect decides the wire form: the same schema types are Parse's own types under `dialect: parse`.
    @Test(arguments: [
        ("{ name: a, type: Reference, sourceObject: Thing }", "ParsePointer<Thing>?"),
        ("{ name: a, type: Relation, sourceObject: Thing }", "ParseRelation<Thing>?"),
        ("{ name: a, type: File }", "ParseFile?"),
        ("{ name: a, type: GeoPoint }", "ParseGeoPoint?"),
        ("{ name: a, type: Date }", "Date?"),
    ])
    func parseSwiftTypes(_ property: String, _ expected: String) throws {
        let config = "schemas: [objects.yaml]\noutput: G\ndialect: parse\n"
        let (schema, diagnostics) = resolve(
            "objects:\n  - name: Score\n    properties:\n      - \(property)\n  - name: Thing\n",
            config: config
        )
        #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
        let resolved = try #require(schema.objects.first?.properties.first { $0.apiName == "a" })
        let (loaded, _) = ConfigLoader.load(config, file: "model-generator.yaml")
        #expect(try Translator(config: #require(loaded)).typeSpelling(resolved) == expected)
    }

    /// Each backend's system properties, on every model, once: the schema's own declaration is kept, and a schema
    /// property that already has the Swift name keeps it.
    @Test func systemPropertiesOfEachBackend() throws {
        func properties(_ dialect: String, _ schemaProperties: String) -> [String] {
            let (schema, diagnostics) = resolve(
                "objects:\n  - name: c_a\n    properties: [\(schemaProperties)]\n",
                config: "schemas: [objects.yaml]\noutput: G\ndialect: \(dialect)\nnaming: { stripPrefixes: [c_] }\n"
            )
            #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
            return schema.objects[0].properties.map { "\($0.apiName)=\($0.swiftName)\($0.isRequired ? "" : "?")" }
        }
        #expect(
            properties("cortex", "{ name: c_owner, type: String, required: true }") == [
                "_id=id", "object=object", "c_owner=owner?", "created=created?", "creator=creator?",
                "updated=updated?", "updater=updater?", "owner=cortexOwner?", "access=access?",
                "accessRoles=accessRoles?", "favorite=favorite?", "shared=shared?", "idx=idx?",
            ]
        )
        #expect(
            properties("mia", "{ name: name, type: String }, { name: createdAt, type: Date, required: true }") == [
                "_id=id", "name=name?", "createdAt=createdAt?", "__STATE__=state?", "creatorId=creatorId?",
                "updaterId=updaterId?", "updatedAt=updatedAt?",
            ]
        )
        #expect(
            properties("parse", "{ name: score, type: Number }") == [
                "objectId=objectId", "score=score?", "createdAt=createdAt", "updatedAt=updatedAt", "ACL=acl?",
            ]
        )
        // Without a dialect the backend is unknown: nothing is added, and a listed `_id` is still the id.
        let (plain, _) = resolve("objects:\n  - name: c_a\n    properties: [{ name: _id, type: ObjectId }]\n")
        #expect(plain.objects[0].properties.map(\.apiName) == ["_id"])
        #expect(plain.objects[0].properties.map(\.isRequired) == [true])
    }

    @Test func cortexExportsCarryTheSystemProperties() throws {
        let (schema, _) = resolve(
            #"{"object": "object", "name": "c_a", "properties": [{"name": "c_b", "type": "String"}]}"#,
            file: "org.ndjson"
        )
        #expect(
            schema.objects[0].properties.map(\.apiName) == [
                "_id", "object", "c_b", "created", "creator", "updated", "updater", "owner", "access", "accessRoles",
                "favorite", "shared", "idx",
            ]
        )
        #expect(schema.objects[0].properties[0].isRequired)
        #expect(schema.objects[0].properties[0].type == .objectID)
        let (native, _) = resolve("objects:\n  - name: c_a\n    properties: [{ name: c_b, type: String }]\n")
        #expect(native.objects[0].properties.map(\.apiName) == ["c_b"])
    }

    @Test func overridesRenameObjectsPropertiesAndSubproperties() throws {
        let (schema, diagnostics) = resolve(
            """
            objects:
              - name: c_object
                properties:
                  - { name: c_bool, type: Boolean }
                  - { name: c_doc, type: Document, properties: [{ name: c_inner, type: String }] }
            """,
            config: """
                schemas: [objects.yaml]
                naming:
                  stripPrefixes: [c_]
                  overrides: { c_object: Thing, c_object.c_bool: isEnabled, c_object.c_doc: details, c_object.c_doc.c_inner: text }
                """
        )
        #expect(diagnostics.all.isEmpty)
        let object = schema.objects[0]
        #expect(object.swiftName == "Thing")
        #expect(object.properties.map(\.swiftName) == ["isEnabled", "details"])
        guard case .document(let document) = object.properties[1].type else { return }
        #expect(document.swiftName == "Details")
        #expect(document.properties.map(\.swiftName) == ["text"])
    }

    /// A collision's hint names the override that renames the property, nested documents' too, whose keys are the
    /// path of names down to it; that override resolves it.
    @Test func aCollisionsHintNamesTheOverrideKey() {
        let yaml = """
            objects:
              - name: c_a
                properties:
                  - { name: c_name, type: String }
                  - { name: name, type: String }
                  - name: c_doc
                    type: Document
                    properties: [{ name: c_title, type: String }, { name: title, type: String }]
            """
        let (_, collisions) = resolve(yaml)
        #expect(
            collisions.errors.map(\.hint) == [
                "rename one with 'naming.overrides: { c_a.c_doc.title: newName }'",
                "rename one with 'naming.overrides: { c_a.name: newName }'",
            ]
        )
        let (_, resolved) = resolve(
            yaml,
            config: """
                schemas: [objects.yaml]
                naming: { stripPrefixes: [c_], overrides: { c_a.c_doc.title: plainTitle, c_a.name: plainName } }
                """
        )
        #expect(resolved.all.isEmpty, "\(resolved.all)")
    }

    @Test func anOverrideCanResolveACollision() {
        let yaml =
            "objects:\n  - name: c_a\n    properties:\n      - { name: c_name, type: String }\n      - { name: name, type: String }\n"
        let (_, collision) = resolve(yaml)
        #expect(collision.hasErrors)
        let (_, resolved) = resolve(
            yaml,
            config: "schemas: [objects.yaml]\nnaming: { stripPrefixes: [c_], overrides: { c_a.name: plainName } }\n"
        )
        #expect(!resolved.hasErrors)
    }
}
