import Testing

@testable import ModelGeneratorCore

@Suite struct LoadingTests {
    static let yaml = """
        objects:
          - name: c_object
            label: Object
            pluralName: c_objects
            description: Something we store.
            properties:
              - name: c_tags
                label: Tags
                description: Free-form tags.
                type: String
                array: true
                minItems: 1
                maxItems: 10
                canPush: true
                canPull: true
                uniqueValues: true
                indexed: true
                optional: true
                readable: true
                writable: false
                creatable: true
                defaultValue: [a]
                validators: [{ name: required }, { name: string, definition: { min: 1, max: 5 } }]
              - { name: c_count, type: Number, integer: true }
              - { name: c_day, type: Date, dateOnly: true }
              - { name: c_owner, type: Reference, sourceObject: account, expandable: true }
              - name: c_picture
                type: File
                processors: [{ name: content, mimes: [image/png], required: true, maxFileSize: 1000 }]
              - name: c_doc
                type: Document
                properties: [{ name: c_inner, type: String }]
              - { name: c_list, type: "String[]" }
        """

    static let json = """
        {"objects": [{"name": "c_object", "label": "Object", "pluralName": "c_objects",
          "description": "Something we store.", "properties": [
          {"name": "c_tags", "label": "Tags", "description": "Free-form tags.", "type": "String", "array": true,
           "minItems": 1, "maxItems": 10, "canPush": true, "canPull": true, "uniqueValues": true, "indexed": true,
           "optional": true, "readable": true, "writable": false, "creatable": true, "defaultValue": ["a"],
           "validators": [{"name": "required"}, {"name": "string", "definition": {"min": 1, "max": 5}}]},
          {"name": "c_count", "type": "Number", "integer": true},
          {"name": "c_day", "type": "Date", "dateOnly": true},
          {"name": "c_owner", "type": "Reference", "sourceObject": "account", "expandable": true},
          {"name": "c_picture", "type": "File",
           "processors": [{"name": "content", "mimes": ["image/png"], "required": true, "maxFileSize": 1000}]},
          {"name": "c_doc", "type": "Document", "properties": [{"name": "c_inner", "type": "String"}]},
          {"name": "c_list", "type": "String[]"}
        ]}]}
        """

    /// The NDJSON form: one definition per line, among other kinds of configuration, with Cortex's own keys.
    static let ndjson = """
        {"object": "env", "name": "Dev"}
        {"object": "object", "name": "c_object", "label": "Object", "pluralName": "c_objects", "description": "Something we store.", "createAcl": ["account.public"], "properties": [{"name": "c_tags", "label": "Tags", "description": "Free-form tags.", "type": "String", "array": true, "minItems": 1, "maxItems": 10, "canPush": true, "canPull": true, "uniqueValues": true, "indexed": true, "optional": true, "readable": true, "writable": false, "creatable": true, "defaultValue": ["a"], "acl": [], "readAccess": 4, "writeAccess": 6, "auditable": false, "history": false, "removable": false, "unique": false, "validators": [{"name": "required"}, {"name": "string", "definition": {"min": 1, "max": 5}}]}, {"name": "c_count", "type": "Number", "integer": true}, {"name": "c_day", "type": "Date", "dateOnly": true}, {"name": "c_owner", "type": "Reference", "sourceObject": "account", "expandable": true, "referenceAccess": 5}, {"name": "c_picture", "type": "File", "processors": [{"name": "content", "mimes": ["image/png"], "required": true, "maxFileSize": 1000, "source": "content", "type": "passthru", "allowUpload": true, "private": false}]}, {"name": "c_doc", "type": "Document", "properties": [{"name": "c_inner", "type": "String"}]}, {"name": "c_list", "type": "String[]"}]}

        {"object": "template", "name": "c_welcome"}
        """

    @Test(arguments: [("objects.yaml", yaml), ("objects.json", json), ("org.ndjson", ndjson)])
    func readsEveryKeyword(_ file: String, _ text: String) throws {
        let (objects, diagnostics) = SchemaLoader.load(text, file: file)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let object = try #require(objects.first)
        #expect(objects.count == 1)
        #expect(object.name.value == "c_object")
        #expect(object.label == "Object")
        #expect(object.pluralName == "c_objects")
        #expect(object.description == "Something we store.")
        #expect(object.isFromCortexExport == (file == "org.ndjson"))
        #expect(
            object.properties.map(\.name.value) == [
                "c_tags", "c_count", "c_day", "c_owner", "c_picture", "c_doc", "c_list",
            ]
        )

        let tags = object.properties[0]
        #expect(tags.type.value == "String")
        #expect(tags.label == "Tags")
        #expect(tags.description == "Free-form tags.")
        #expect(tags.isArray && tags.canPush && tags.canPull && tags.hasUniqueValues && tags.isIndexed)
        #expect(tags.isOptionalInResponses && tags.isReadable && !tags.isWritable && tags.isCreatable)
        #expect(tags.isRequired)
        #expect(tags.minItems == 1)
        #expect(tags.maxItems == 10)
        guard case .value(let tagsDefault)? = tags.serverDefault else {
            Issue.record("no default: \(String(describing: tags.serverDefault))")
            return
        }
        #expect(tagsDefault.elements?.first?.scalarText == "a")
        #expect(tags.validators.map(\.name.value) == ["required", "string"])
        #expect(tags.validators[1].definition?["max"]?.scalarText == "5")

        #expect(object.properties[1].isInteger)
        #expect(object.properties[2].isDateOnly)
        #expect(object.properties[3].sourceObject?.value == "account")
        #expect(object.properties[3].isExpandable)
        let facet = try #require(object.properties[4].facets.first)
        #expect(facet.name.value == "content")
        #expect(facet.mimes == ["image/png"])
        #expect(facet.isRequired)
        #expect(facet.maxFileSize == 1000)
        #expect(object.properties[5].properties.map(\.name.value) == ["c_inner"])
        #expect(object.properties[6].type.value == "String")
        #expect(object.properties[6].isArray)
    }

    @Test func everyNodeKeepsItsLocation() throws {
        let (objects, _) = SchemaLoader.load(Self.yaml, file: "objects.yaml")
        let object = try #require(objects.first)
        #expect(object.name.location == SourceLocation(file: "objects.yaml", line: 2, column: 11))
        #expect(object.properties[0].name.location == SourceLocation(file: "objects.yaml", line: 7, column: 15))
        #expect(object.properties[0].type.location == SourceLocation(file: "objects.yaml", line: 10, column: 15))
        #expect(
            object.properties[3].sourceObject?.location == SourceLocation(file: "objects.yaml", line: 26, column: 57)
        )

        let (exported, _) = SchemaLoader.load(Self.ndjson, file: "org.ndjson")
        #expect(exported.first?.name.location.line == 2)
        #expect(exported.first?.properties[1].name.location.line == 2)
    }

    @Test func theCortexExportSampleReadsWithoutComplaint() throws {
        let text = try TestFiles.disk.read(
            GoldenTests.goldensDirectory.appendingPathComponent("CortexExport/schema/export.ndjson").path
        )
        let (objects, diagnostics) = SchemaLoader.load(text, file: "export.ndjson")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        #expect(objects.map(\.name.value) == ["c_clinic", "c_visit"])
        #expect(objects[1].objectTypes.map(\.name.value) == ["c_in_person", "c_remote"])
    }

    @Test func tabsInJSONAreWhitespace() {
        let (objects, diagnostics) = SchemaLoader.load(
            "{\n\t\"objects\": [\n\t\t{\"name\": \"c_a\"}\n\t]\n}\n",
            file: "a.json"
        )
        #expect(diagnostics.all.isEmpty)
        #expect(objects.first?.name.location == SourceLocation(file: "a.json", line: 3, column: 12))
    }

    @Test func readsTheConfigWithEveryKey() throws {
        let text = """
            schemas: [schema/objects.yaml, org.ndjson]
            mappings: [schema/app.mappings]
            output: Sources/Models/Generated
            accessModifier: package
            generate: [models, queries, bodies]
            dialect: mia
            samples: { TweetModel: schema/tweet.json }
            naming:
              stripPrefixes: [c_]
              overrides: { c_object: Thing, c_object.c_bool: isEnabled }
            templates: Templates
            additionalImports: [Tagged]
            additionalFileComments: ["swiftlint:disable all"]
            """
        let (loaded, diagnostics) = ConfigLoader.load(text, file: "model-generator.yaml")
        #expect(diagnostics.all.isEmpty)
        let config = try #require(loaded)
        #expect(config.schemas.map(\.value) == ["schema/objects.yaml", "org.ndjson"])
        #expect(config.mappings.map(\.value) == ["schema/app.mappings"])
        #expect(config.output.value == "Sources/Models/Generated")
        #expect(config.accessModifier == .package)
        #expect(config.generate == [.models, .queries, .bodies])
        #expect(config.dialect == .mia)
        #expect(config.samples["TweetModel"]?.value == "schema/tweet.json")
        #expect(config.naming.stripPrefixes == ["c_"])
        #expect(config.naming.overrides.map(\.path) == [["c_object"], ["c_object", "c_bool"]])
        #expect(config.naming.overrides.map(\.swiftName) == ["Thing", "isEnabled"])
        #expect(config.templates?.value == "Templates")
        #expect(config.additionalImports == ["Tagged"])
        #expect(config.additionalFileComments == ["swiftlint:disable all"])
    }

    @Test func theConfigHasDefaults() throws {
        let (loaded, _) = ConfigLoader.load("schemas: objects.yaml\n", file: "c.yaml")
        let config = try #require(loaded)
        #expect(config.schemas.map(\.value) == ["objects.yaml"])
        #expect(config.output.value == "Generated")
        #expect(config.accessModifier == .public)
        #expect(config.generate == [.models])
        #expect(config.dialect == .cortex)
        #expect(config.naming == GeneratorConfig.Naming())
    }

    @Test(arguments: [
        ("a", ".", "a"), ("a/b", "c", "a/b/c"), ("a/b", "../c", "a/c"), ("a", "./c/./d", "a/c/d"),
        ("a", "/abs/x", "/abs/x"), (".", "../x", "../x"), ("/r", "x", "/r/x"),
    ])
    func pathsJoinAsWritten(_ base: String, _ relative: String, _ expected: String) {
        #expect(Paths.join(base, relative) == expected)
    }

    @Test(arguments: [
        ("a/b.yaml", "a", "b.yaml"), ("a/b.yaml", ".", "a/b.yaml"),
        ("data/x.ndjson", "app/config", "../../data/x.ndjson"),
        ("/w/data/x", "/w/app", "../data/x"), ("/w/app", "/w/app", "."), ("./a/../b/c", "b", "c"),
        ("/abs/x", "rel", "/abs/x"), ("x", "/abs", "x"), ("x", "../up", "x"),
    ])
    func pathsRelativeToAFolderClimbOutWithDotDot(_ path: String, _ directory: String, _ expected: String) {
        #expect(Paths.relative(path, to: directory) == expected)
        // Where there is a relative form, joining it back gives the path again.
        if expected != path { #expect(Paths.join(directory, expected) == Paths.join(".", path)) }
    }
}
