import Testing

@testable import ModelGeneratorCore

/// `filter: { objects: [...] }`: only the objects named are generated, and references to the others are what a
/// reference to an object the schema doesn't define is, on the wire and in Swift.
@Suite struct ObjectFilterTests {
    static let schema = [
        "objects.yaml": """
        objects:
          - name: c_visit
            properties:
              - { name: c_clinic, type: Reference, sourceObject: c_clinic }
              - { name: c_doctor, type: Reference, sourceObject: c_doctor, expandable: true }
              - { name: c_doctors, type: List, sourceObject: c_doctor }
              - name: c_notes
                type: Document
                array: true
                properties:
                  - { name: c_by, type: Reference, sourceObject: c_doctor }
                  - name: c_detail
                    type: Document
                    properties: [{ name: c_seenAt, type: Reference, sourceObject: c_clinic }]
            objectTypes:
              - name: c_remote
                properties:
                  - { name: c_via, type: Reference, sourceObject: c_doctor }
                  - name: c_call
                    type: Document
                    properties: [{ name: c_host, type: Reference, sourceObject: c_doctor }]
          - name: c_clinic
            properties: [{ name: c_name, type: String }]
          - name: c_doctor
            properties:
              - { name: c_name, type: String }
              - { name: c_clinic, type: Reference, sourceObject: c_clinic }
          - name: c_other
            properties: [{ name: c_name, type: String }]
        """
    ]

    static func config(filter: String?) -> String {
        """
        schemas: [objects.yaml]
        output: Generated
        generate: [models, queries, bodies, testing]
        naming: { stripPrefixes: [c_] }
        \(filter.map { "filter: \($0)" } ?? "")
        """
    }

    @Test func onlyTheNamedObjectsAreGenerated() throws {
        let result = generate(config: Self.config(filter: "{ objects: [c_visit, c_clinic] }"), Self.schema)
        #expect(result.diagnostics.all.isEmpty, "\(messages(result))")
        #expect(result.files.map(\.path) == ["Clinic.swift", "SchemaObjects.swift", "Visit.swift"])
        let listing = try #require(file(result, "SchemaObjects.swift"))
        #expect(listing.contains("Clinic.self,") && listing.contains("Visit.self,"))
        #expect(!listing.contains("Doctor") && !listing.contains("Other"))
        // A named object keeps everything `generate` lists, its bodies included.
        let visit = try #require(file(result, "Visit.swift"))
        #expect(visit.contains("public struct Fields<Root>") && visit.contains("public struct Create: CreateBody"))
    }

    /// The filtered output is the whole output's, but for the Swift types of references to objects left out, at any
    /// depth (a variant's property, a document in a document array): `Reference<JSONValue>` and `UnknownFields`.
    /// Their JSON names and their targets' API names, which the wire carries, stay. (The shorter type names may
    /// let a call fit on one line, so the two are compared without their whitespace.)
    @Test func referencesToObjectsLeftOutBecomeUntypedAndNothingElseChanges() throws {
        let whole = generate(config: Self.config(filter: nil), Self.schema)
        let filtered = generate(config: Self.config(filter: "{ objects: [c_visit, c_clinic] }"), Self.schema)
        #expect(!whole.diagnostics.hasErrors && !filtered.diagnostics.hasErrors)
        let wholeVisit = try #require(file(whole, "Visit.swift"))
        let filteredVisit = try #require(file(filtered, "Visit.swift"))
        #expect(wholeVisit.contains("Reference<Doctor>") && wholeVisit.contains("CortexList<Doctor>"))
        let untyped =
            wholeVisit
            .replacingOccurrences(of: "Reference<Doctor>", with: "Reference<JSONValue>")
            .replacingOccurrences(of: "CortexList<Doctor>", with: "CortexList<JSONValue>")
            .replacingOccurrences(of: "Doctor.Fields<Root>", with: "UnknownFields<Root>")
        #expect(filteredVisit.filter { !$0.isWhitespace } == untyped.filter { !$0.isWhitespace })
        #expect(filteredVisit.contains("Reference<Clinic>") && filteredVisit.contains("Clinic.Fields<Root>"))
        #expect(filteredVisit.contains(#"target: "c_doctor""#) && filteredVisit.contains(#"object: "c_doctor""#))
        #expect(file(filtered, "Clinic.swift") == file(whole, "Clinic.swift"))
    }

    /// A Swift name is no near miss of its object's API name, but it is the likeliest mistake.
    @Test func anObjectNamedByItsSwiftNameIsToldItsAPIName() {
        let result = generate(config: Self.config(filter: "{ objects: [Visit] }"), Self.schema)
        #expect(
            result.diagnostics.errors.map(\.message) == [
                "'filter.objects' names 'Visit', which is no object of the schema or mapped class"
            ]
        )
        #expect(
            result.diagnostics.errors.first?.hint == "'Visit' is the Swift name of object 'c_visit': name it 'c_visit'"
        )
    }

    /// A mapped class whose values are an object definition's model brings that object along, whole.
    @Test func aMappedClassBringsTheObjectDefinitionsItsValuesAre() throws {
        var files = Self.schema
        files["m.yaml"] = """
            mappings:
              Visit: { object: c_visit }
              VisitPage:
                properties:
                  items: { keyPath: items, collection: Visit }
                  total: { keyPath: total, type: Int }
            """
        let config = Self.config(filter: "{ objects: [VisitPage] }")
            .replacingOccurrences(of: "schemas: [objects.yaml]", with: "schemas: [objects.yaml]\nmappings: [m.yaml]")
        let result = generate(config: config, files)
        #expect(result.diagnostics.all.isEmpty, "\(messages(result))")
        #expect(result.files.map(\.path) == ["SchemaObjects.swift", "Visit.swift", "VisitPage.swift"])
        let visit = try #require(file(result, "Visit.swift"))
        #expect(visit.contains("public struct Create: CreateBody") && visit.contains("Reference<JSONValue>"))
    }

    /// `diff` of two configs compares what each generates: an object the filter no longer names is removed, and the
    /// references to it lose their type.
    @Test func aDiffComparesWhatEachFilterGenerates() throws {
        func resolved(_ filter: String) throws -> ResolvedSchema {
            let files = Self.schema.merging(["model-generator.yaml": Self.config(filter: filter)]) { $1 }
            let (schema, diagnostics) = Pipeline.resolve(path: "model-generator.yaml", files: .inMemory(files))
            #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
            return try #require(schema)
        }
        let config = try #require(ConfigLoader.load(Self.config(filter: nil), file: "c.yaml").config)
        let diff = SchemaDiff(
            old: try resolved("{ objects: [c_visit, c_clinic] }"),
            new: try resolved("{ objects: [c_visit] }"),
            config: config
        )
        let report = diff.markdown
        #expect(report.contains("Clinic"), "\(report)")
        #expect(report.contains("Reference<JSONValue>"), "\(report)")
        #expect(diff.hasBreakingChanges)
    }

    @Test func aNameThatIsNoObjectIsALocatedErrorWithTheNearestName() {
        let result = generate(config: Self.config(filter: "{ objects: [c_visit, c_clinc] }"), Self.schema)
        #expect(
            messages(result) == [
                "model-generator.yaml:5:30: error: 'filter.objects' names 'c_clinc', which is no object of the schema or mapped class"
            ]
        )
        #expect(result.diagnostics.errors.first?.hint == "did you mean 'c_clinic'?")
        #expect(result.files.isEmpty)
    }

    /// A model only a mapping defines is named by its class, and brings the mapped classes its properties' values
    /// are: it can't be decoded without them.
    @Test func aMappedClassBringsTheClassesItsValuesAre() {
        let mappings = #"""
            { "$Tweet": { "@class": "Tweet", "message": { "@keyPath": "text", "@type": "String" },
                "user": { "@keyPath": "user", "@collection": 0,
                          "@object": { "@class": "User", "@mappings": { "name": { "@type": "String" } } } } },
              "$Other": { "@class": "Other", "message": { "@keyPath": "m", "@type": "String" } } }
            """#
        let result = generate(
            config: "mappings: [app.mappings]\noutput: Generated\nfilter: { objects: [Tweet] }\n",
            ["app.mappings": mappings]
        )
        #expect(result.diagnostics.all.isEmpty, "\(messages(result))")
        #expect(result.files.map(\.path) == ["Tweet.swift", "User.swift"])
    }

    @Test(arguments: [
        (
            "[c_visit]",
            "model-generator.yaml:5:9: error: 'filter' must be a mapping, found a list"
        ),
        (
            "{ object: [c_visit] }",
            "model-generator.yaml:5:11: error: unknown key 'object' in 'filter'"
        ),
        (
            "{}",
            "model-generator.yaml:5:9: error: 'filter' names no objects"
        ),
        (
            "{ objects: [] }",
            "model-generator.yaml:5:20: error: 'filter.objects' is empty"
        ),
        (
            "{ objects: c_visit }",
            "model-generator.yaml:5:20: error: 'filter.objects' must be a list, found a string"
        ),
    ])
    func aFilterThatSaysNothingClearIsALocatedError(_ filter: String, _ expected: String) {
        let result = generate(config: Self.config(filter: filter), Self.schema)
        #expect(messages(result) == [expected])
        #expect(result.files.isEmpty)
    }

    @Test func anObjectNamedTwiceIsAWarning() {
        let result = generate(config: Self.config(filter: "{ objects: [c_visit, c_clinic, c_visit] }"), Self.schema)
        #expect(
            messages(result) == ["model-generator.yaml:5:40: warning: 'c_visit' is named twice in 'filter.objects'"]
        )
        #expect(result.files.map(\.path) == ["Clinic.swift", "SchemaObjects.swift", "Visit.swift"])
    }
}

/// The filter on the backends' own files (RealSchemaBuildTests builds these outputs and reads real payloads with them).
extension RealSchemaTests {
    /// In mdctl's 86-object org every object reaches `account` through its system properties, and `account` reaches
    /// half of the org: what the named object needs is itself.
    @Test func aFilteredOrgIsTheNamedObjectAlone() throws {
        let result = Self.generated("cortex/env-objects", filter: ["c_task_response"])
        #expect(result.files.map(\.path) == ["CTaskResponse.swift", "SchemaObjects.swift"])
        let model = try #require(file(result, "CTaskResponse.swift"))
        #expect(model.contains("CortexSystemProperties<JSONValue>"))
        #expect(!model.contains("Reference<Account>") && model.contains("Reference<JSONValue>"))
    }

    @Test func aParseClassKeepsTheRelationsAmongTheClassesKept() throws {
        let result = Self.generated("parse/schemas-spec-results.json", filter: ["_Role", "HasPointersAndRelations"])
        let role = try #require(file(result, "Role.swift"))
        #expect(role.contains("roles: Optional<ParseRelation<Role>>"))
        #expect(role.contains("users: Optional<ParseRelation<JSONValue>>"))
        #expect(role.contains("RelationField<Root, Role>") && !role.contains("RelationField<Root, User>"))
        let pointers = try #require(file(result, "HasPointersAndRelations.swift"))
        #expect(pointers.contains("aPointer: Optional<ParsePointer<JSONValue>>"))
        #expect(pointers.contains("aRelation: Optional<ParseRelation<JSONValue>>"))
    }
}
