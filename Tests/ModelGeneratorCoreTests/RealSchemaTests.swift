import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// The backends' own schema files (`Tests/RealSchemas`, sources in its SOURCES.md), read by their readers.
/// On threads of its own, not Swift concurrency's few pool threads: generation from the real schemas and a package build.
@Suite(.onOwnThread) struct RealSchemaTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("RealSchemas")

    /// Every schema entry to test: each file, and the mdctl folder as one entry. The CRUD SQL tables and the CRUD
    /// service's view definitions are refused, and tested as such (`crudSQLTables`, `crudServiceViews`).
    static var entries: [String] {
        let files = schemaFiles.filter {
            !$0.hasPrefix("cortex/env-objects/") && !$0.hasPrefix(crudSQLFolder)
                && !$0.hasPrefix(crudServiceViewsFolder)
        }
        return files + ["cortex/env-objects"]
    }

    static let crudSQLFolder = "mia/crud-sql/"
    static var crudSQLTables: [String] { schemaFiles.filter { $0.hasPrefix(crudSQLFolder) } }
    static let crudServiceViewsFolder = "mia/views/"
    static var crudServiceViews: [String] { schemaFiles.filter { $0.hasPrefix(crudServiceViewsFolder) } }

    static var schemaFiles: [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") || $0.hasSuffix(".ndjson") }
            .sorted()
    }

    /// The disk, with the config held in memory.
    static func run(config: String) -> GenerationResult {
        let configPath = directory.appendingPathComponent("model-generator.yaml").path
        let files = InputFiles(
            read: { path in path == configPath ? config : try TestFiles.disk.read(path) },
            list: TestFiles.disk.list
        )
        return Pipeline.generate(configPath: configPath, files: files)
    }

    static func objects(_ path: String) throws -> [ObjectDefinition] {
        let text = try TestFiles.disk.read(directory.appendingPathComponent(path).path)
        let (objects, diagnostics) = SchemaLoader.load(text, file: path)
        #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
        return objects
    }

    /// The warnings a real file gets besides those about unknown keys, by entry: parse-server's tests point at
    /// classes they never define.
    static let expectedWarnings: [String: [String]] = [
        "parse/Schema-spec__NewClass.json": [
            "reference 'aPointer' points at 'ThisClassDoesNotExistYet', which the schema does not define; its expanded value decodes as JSON"
        ],
        "parse/schemas-spec__NewClassWithOptions.json": [
            "reference 'ptr' points at 'SomeClass', which the schema does not define; its expanded value decodes as JSON",
            "relation 'relation' points at 'SomeClass', which the schema does not define; its items decode as JSON",
        ],
        // A collection with a field `id` beside its `_id`, which the model names `id`.
        "mia/public-catalog/notification-module__nm_nm_users.json": [
            "property 'id' is named 'idProperty' in Swift, since 'id' is the backend's '_id'"
        ],
        // parse-server's test that a Defined Schema can't retype the fields the server gives a class.
        "parse/DefinedSchemas-spec__protected.json": [
            "'email' of '_User' is a String on every Parse Server, which keeps it whatever the schema says; the Object here is ignored",
            "'users' of '_Role' is a Relation on every Parse Server, which keeps it whatever the schema says; the Object here is ignored",
            "'installationId' of '_Installation' is a String on every Parse Server, which keeps it whatever the schema says; the Object here is ignored",
            "'createdAt' of 'Test' is a Date on every Parse Server, which keeps it whatever the schema says; the Object here is ignored",
            "'objectId' of 'Test' is a String on every Parse Server, which keeps it whatever the schema says; the Number here is ignored",
            "'updatedAt' of 'Test' is a Date on every Parse Server, which keeps it whatever the schema says; the String here is ignored",
            "'ACL' of 'Test' is an ACL on every Parse Server, which keeps it whatever the schema says; the String here is ignored",
        ],
        // A real app's own `Role` class beside Parse's `_Role`: the app's keeps its name.
        "parse/ParseSpod-schema.json": [
            "Parse's class '_Role' is named 'ParseRole' in Swift, since 'Role' is the schema's own 'Role'"
        ],
        // crud-service's benchmark customers: the card's schema requires `cardCode` and defines `cvv`, which the
        // benchmark's data generator fills in.
        "mia/collections/bench-customers.json": [
            "'required' of 'creditCardDetail' names 'cardCode', which is none of its properties: the CRUD service refuses every create without it, and no generated body sends it"
        ],
        // A work-in-progress collection of crud-service's tests whose `required` misspells `createdAt`.
        "mia/collections-json-schema/restaurants.json": [
            "'required' of 'restaurants' names 'createrAt', which is none of its properties: the CRUD service refuses every create without it, and no generated body sends it"
        ],
        // mdctl's export of instances only: nothing to generate, which the run says.
        "cortex/c_geo_history.ndjson": [
            "this export holds no object definition (a line with \"object\": \"object\"), so it adds no model"
        ],
        // The insurance model's own `state` and `id` beside `__STATE__` and `_id`, and the bodies' own `operations`.
        "mia/console/insurance-crud-data-model__Claim.json": [
            "property 'state' is named 'stateProperty' in Swift, since 'state' is the backend's '__STATE__'",
            "property 'operations' is named 'operationsProperty' in Swift, since 'operations' already means something else in the generated code",
        ],
        // An app's prescriptions: a field `id` beside `_id`, and array items whose schemas list both.
        "mia/carol-crud-service/prescriptions-prescriptions.json": [
            "property 'id' is named 'idProperty' in Swift, since 'id' is the backend's '_id'",
            "property 'id' is named 'idProperty' in Swift, since 'id' is the document's '_id'",
        ],
        "mia/console/notification-module__nm_nm_events.json": [
            "property 'id' is named 'idProperty' in Swift, since 'id' is the backend's '_id'"
        ],
        "mia/console/insurance-crud-data-model__Vehicle.json": [
            "property 'id' is named 'idProperty' in Swift, since 'id' is the backend's '_id'"
        ],
        "mia/console/insurance-crud-data-model__Policy.json": [
            "property 'id' is named 'idProperty' in Swift, since 'id' is the backend's '_id'",
            "property 'operations' is named 'operationsProperty' in Swift, since 'operations' already means something else in the generated code",
        ],
    ]

    /// Generates one entry with the dialect its format implies, and checks what the issue asks of every real file:
    /// no errors, and no warning but at most one line per file about keys (and those `expectedWarnings` lists).
    static func generated(
        _ entry: String,
        filter: [String]? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    )
        -> GenerationResult
    {
        var config = "schemas: [\(entry)]\noutput: Generated\n"
        if let filter {
            // Filtered entries generate `testing` too: what it lists of each `Create` is built with the rest.
            config += "generate: [models, queries, bodies, testing]\n"
            config += "filter: { objects: [\(filter.joined(separator: ", "))] }\n"
        } else {
            config += "generate: [models, queries, bodies]\n"
        }
        let result = run(config: config)
        #expect(!result.diagnostics.hasErrors, "\(entry): \(messages(result))", sourceLocation: sourceLocation)
        let expected = expectedWarnings[entry] ?? []
        let allWarnings = result.diagnostics.all.filter { $0.severity == .warning }
        #expect(
            expected.allSatisfy { message in allWarnings.contains { $0.message == message } },
            "\(entry): \(allWarnings)",
            sourceLocation: sourceLocation
        )
        let warnings = allWarnings.filter { !expected.contains($0.message) }
        #expect(
            warnings.allSatisfy { $0.message.contains("unknown key") },
            "\(entry): \(warnings)",
            sourceLocation: sourceLocation
        )
        let linesPerFile = Dictionary(grouping: warnings, by: \.location.file).values.map(\.count)
        #expect(linesPerFile.allSatisfy { $0 <= 1 }, "\(entry): \(warnings)", sourceLocation: sourceLocation)
        return result
    }

    @Test(arguments: entries) func everyRealSchemaGeneratesWithoutErrors(entry: String) {
        let result = Self.generated(entry)
        // Every file but the export of instances only defines objects, and each of them is generated.
        if entry != "cortex/c_geo_history.ndjson" {
            #expect(!result.files.isEmpty)
            #expect(result.files.count == (result.schema?.objects.count ?? -1) + 1)
        }
    }

    @Test func formatsAreRecognizedFromTheContent() throws {
        #expect(try Self.objects("cortex/env-objects/account.json").map(\.format) == [.cortex])
        #expect(try Self.objects("cortex/tp__test.json").map(\.format) == [.cortex])
        #expect(try Self.objects("cortex/blob.ndjson").allSatisfy { $0.format == .cortex })
        #expect(try Self.objects("mia/collections/books.json").map(\.format) == [.mia])
        #expect(try Self.objects("mia/collections-json-schema/books.json").map(\.format) == [.mia])
        #expect(try Self.objects("mia/console/dev-portal__requests.json").map(\.format) == [.mia])
        #expect(try Self.objects("parse/schemas-spec-results.json").allSatisfy { $0.format == .parse })
        let (own, _) = SchemaLoader.load("objects:\n  - name: c_a\n", file: "objects.yaml")
        #expect(own.map(\.format) == [.objects])
        #expect(try Self.objects("cortex/tp__test.json").first?.isFromCortexExport == true)
        #expect(own.first?.isFromCortexExport == false)
    }

    @Test func aFolderReadsEveryDefinitionFileInNameOrder() throws {
        let result = Self.run(config: "schemas: [cortex/env-objects]\noutput: Generated\n")
        let schema = try #require(result.schema)
        #expect(schema.objects.count == 86)
        #expect(schema.objects.first?.apiName == "ab__workflow_configuration")
        #expect(schema.objects.first?.sourceFile == "cortex/env-objects/ab__workflow_configuration.json")
        #expect(schema.objects.map(\.sourceFile) == schema.objects.map(\.sourceFile).sorted())
        // No warning at all about the keys Cortex writes (include, aclOverride, pacl, trim, hasOwner, …).
        #expect(!result.diagnostics.all.contains { $0.message.contains("unknown key") })
        // mdctl's definitions are Cortex's: the dialect follows.
        #expect(result.files.contains { $0.path == "Account.swift" })
    }

    @Test func theOrgJoinedIntoAnNDJSONExportReadsTheSameWithoutAWord() throws {
        let folder = Self.directory.appendingPathComponent("cortex/env-objects")
        let names = SchemaLoader.definitionFiles(in: try TestFiles.disk.list(folder.path))
        // One definition a line, as an export has them, with a line of other configuration among them.
        var lines = ["{\"object\": \"env\", \"name\": \"Dev\"}"]
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let compact = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: data))
            lines.append(String(decoding: compact, as: UTF8.self))
        }
        let result = generate(
            config: "schemas: [org.ndjson]\noutput: Generated\n",
            ["org.ndjson": lines.joined(separator: "\n") + "\n"]
        )
        #expect(!result.diagnostics.hasErrors, "\(messages(result).prefix(5))")
        #expect(!result.diagnostics.all.contains { $0.message.contains("unknown key") })
        #expect(result.schema?.objects.count == 86)
    }

    @Test func anMdctlDefinitionInYAMLIsCortexToo() throws {
        let yaml = """
            object: object
            name: c_note
            label: Note
            hasOwner: true
            properties:
              - name: c_text
                type: String
                trim: true
                validators: [{ name: required }]
            """
        let (objects, diagnostics) = SchemaLoader.load(yaml, file: "env/objects/c_note.yaml")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        #expect(objects.map(\.format) == [.cortex])
        #expect(objects.first?.properties.first?.isRequired == true)
    }

    @Test func folderEntriesSkipOtherFilesAndSortByBytes() {
        #expect(
            SchemaLoader.definitionFiles(in: ["b.json", "README.md", ".hidden.json", "a.yaml", "B.yml", "c.ndjson"])
                == ["B.yml", "a.yaml", "b.json", "c.ndjson"]
        )
        let result = generate(
            config: "schemas: [empty]\noutput: Generated\n",
            ["empty/notes.txt": "nothing"]
        )
        #expect(
            messages(result) == [
                "model-generator.yaml:1:11: error: the schema folder 'empty' holds no definition files"
            ]
        )
    }

    @Test func anObjectTypeRepeatingASharedPropertyIsReadOnce() throws {
        let notification = try #require(try Self.objects("cortex/env-objects/c_axon_notif.json").first)
        let eventType = try #require(notification.objectTypes.first { $0.name.value == "c_axon_event_notif" })
        #expect(eventType.properties.isEmpty)
        #expect(notification.properties.contains { $0.name.value == "c_event" })
    }

    static let accountBase = """
        {"object": "object", "name": "account", "label": "Account", "properties": [
          {"name": "c_age", "type": "Number"}
        ]}
        """

    @Test func extensionsOfOneObjectAreMerged() throws {
        let result = generate(
            config: "schemas: [env]\noutput: Generated\n",
            [
                "env/account.json": Self.accountBase,
                "env/account_ext.json": """
                {"object": "object", "name": "account", "properties": [
                  {"name": "c_age", "type": "Number"},
                  {"name": "c_nickname", "type": "String"}
                ]}
                """,
            ]
        )
        #expect(messages(result).isEmpty, "\(messages(result))")
        let account = try #require(result.schema?.objects.first)
        #expect(result.schema?.objects.count == 1)
        #expect(account.label == "Account")
        // With Cortex's system properties, which every instance carries.
        #expect(
            account.properties.map(\.apiName) == [
                "_id", "object", "c_age", "c_nickname", "created", "creator", "updated", "updater", "owner", "access",
                "accessRoles", "favorite", "shared", "idx",
            ]
        )
    }

    @Test func anExtensionChangingAPropertyIsALocatedError() {
        let result = generate(
            config: "schemas: [env]\noutput: Generated\n",
            [
                "env/account.json": Self.accountBase,
                "env/more.json": "{\"object\": \"object\", \"name\": \"account\", \"properties\": [\n"
                    + "  {\"name\": \"c_age\", \"type\": \"String\"}\n]}\n",
            ]
        )
        #expect(
            messages(result) == [
                "env/more.json:2:12: error: property 'c_age' of 'account' is defined differently by two definitions of the object; the other is at env/account.json:2:12"
            ]
        )
    }

    @Test func keysNobodyKnowsGetOneLinePerFile() {
        let result = generate(
            config: "schemas: [a.json]\noutput: Generated\n",
            [
                "a.json": """
                {"object": "object", "name": "c_a", "colour": 1, "properties": [
                  {"name": "c_b", "type": "String", "lable": "B", "trim": true},
                  {"name": "c_c", "type": "String", "lable": "C", "creatabel": true}
                ]}
                """
            ]
        )
        #expect(
            messages(result) == [
                "a.json:1:37: warning: 4 unknown keys, ignored: 'colour' in an object definition, 'lable' in a property (2 times) (did you mean 'label'?), 'creatabel' in a property (did you mean 'creatable'?)"
            ]
        )
    }

    // MARK: Mia-Platform

    /// A table configuration of Mia-Platform's CRUD SQL service is refused with one error at its `metadata`: no
    /// complaint about its types (`decimal`, `Date`) or its keys, and no file.
    @Test func crudSQLTablesAreRefusedAtTheirMetadata() throws {
        #expect(Self.crudSQLTables == ["mia/crud-sql/books.json"])
        let result = Self.run(config: "schemas: [mia/crud-sql/books.json]\noutput: Generated\n")
        let diagnostics = result.diagnostics.all
        #expect(
            diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" } == [
                "63:3: error: this is a table configuration of Mia-Platform's CRUD SQL service ('books'), not a CRUD service collection: its 'metadata' names the table's primary key. The generator doesn't read CRUD SQL tables"
            ]
        )
        #expect(diagnostics.first?.location.file.hasSuffix("/mia/crud-sql/books.json") == true)
        #expect(diagnostics.first?.hint?.contains("Leave the file out of 'schemas:'") == true)
        #expect(result.files.isEmpty)
    }

    /// crud-service's own view definitions (with `type: view` or without it, with `enableLookup`) are each refused
    /// with one error at their start that names the view's source and its collection definition, and no file.
    @Test(arguments: crudServiceViews) func crudServiceViewsAreRefusedAsViews(entry: String) throws {
        let text = try TestFiles.disk.read(Self.directory.appendingPathComponent(entry).path)
        let (objects, diagnostics) = SchemaLoader.load(text, file: entry)
        #expect(objects.isEmpty)
        let view = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        )
        let name = try #require(view["name"] as? String)
        let source = try #require(view["source"] as? String)
        #expect(
            diagnostics.all.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
                == [
                    "1:1: error: this is a view definition of the CRUD service over '\(source)', not a collection definition: the service takes the view's fields from the collection definition '\(name)'"
                ]
        )
        let result = Self.run(config: "schemas: [\(entry)]\noutput: Generated\n")
        #expect(result.diagnostics.hasErrors)
        #expect(result.files.isEmpty)
    }

    static func property(_ path: [String], in properties: [PropertyDefinition]) -> PropertyDefinition? {
        guard let first = properties.first(where: { $0.name.value == path[0] }) else { return nil }
        return path.count == 1 ? first : property(Array(path.dropFirst()), in: first.properties)
    }

    @Test(arguments: ["mia/collections/books.json", "mia/collections-json-schema/books.json"])
    func miaCollectionsReadEveryType(path: String) throws {
        let books = try #require(try Self.objects(path).first)
        #expect(books.name.value == "books")
        #expect(books.pluralName == "books-endpoint")
        #expect(books.defaultState == "DRAFT")
        func check(
            _ name: String,
            _ type: String,
            array: Bool = false,
            required: Bool = false,
            nullable: Bool = false,
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) {
            let property = Self.property(name.split(separator: ".").map(String.init), in: books.properties)
            #expect(property?.type.value == type, "\(name)", sourceLocation: sourceLocation)
            #expect(property?.isArray == array, "\(name)", sourceLocation: sourceLocation)
            #expect(property?.isRequired == required, "\(name)", sourceLocation: sourceLocation)
            #expect(property?.isNullable == nullable, "\(name)", sourceLocation: sourceLocation)
        }
        check("_id", "ObjectId", required: true)
        check("name", "String", required: true, nullable: true)
        check("price", "Number")
        check("isPromoted", "Boolean")
        check("publishDate", "Date", nullable: true)
        check("position", "GeoPoint")
        check("tags", "String", array: true)
        check("tagIds", "Number", array: true)
        check("tagObjectIds", "ObjectId", array: true)
        check("additionalInfo", "Any", nullable: true)
        check("signature", "Document", nullable: true)
        check("signature.name", "String", required: true)
        check("metadata", "Document")
        check("metadata.somethingNumber", "Number", required: true)
        check("metadata.somethingArrayObject", "Document", array: true)
        check("metadata.somethingArrayObject.arrayItemObjectChildNumber", "Number", required: true)
        check("metadata.somethingArrayObject.anotherObject", "Any", nullable: true)
        check("metadata.somethingObject.childNumber", "Number")
        check("metadata.somethingArrayOfNumbers", "Number", array: true)
        check("metadata.exampleArrayOfArray", "Any", array: true)
        check("attachments", "Document", array: true, nullable: true)
        check("attachments.detail.size", "Number")
        check("editionsDates.date", "Date")
        let integer = Self.property(["metadata", "somethingArrayObject", "integerNum"], in: books.properties)
        #expect(integer?.isInteger == true)
        if path.contains("json-schema") {
            let state = Self.property(["__STATE__"], in: books.properties)
            #expect(state?.validators.first?.name.value == "stringEnum")
            #expect(state?.validators.first?.definition?["values"]?.elements?.count == 4)
        }
    }

    /// The Console's collections (`mia/console`, from the public catalog and console-mcp-server) read as they are:
    /// every key the Console writes is used or read quietly, so not even the line about unknown keys appears; only
    /// the renames `expectedWarnings` lists do.
    @Test(arguments: entries.filter { $0.hasPrefix("mia/console/") })
    func consoleCollectionsReadWithoutAWord(entry: String) throws {
        let text = try TestFiles.disk.read(Self.directory.appendingPathComponent(entry).path)
        let (objects, diagnostics) = SchemaLoader.load(text, file: entry)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        #expect(objects.count == 1)
        #expect(objects.first?.format == .mia)
        let result = Self.generated(entry)
        #expect(
            result.diagnostics.all.map(\.message).sorted() == (Self.expectedWarnings[entry] ?? []).sorted(),
            "\(messages(result))"
        )
    }

    /// A description written with a leading space (`" original file name"`) reads without it.
    @Test func aConsoleFieldsDescriptionLosesItsMargin() throws {
        let result = Self.generated("mia/console/csv-connector__input_files.json")
        let model = try #require(result.files.first { $0.contents.contains("public struct InputFiles") })
        #expect(model.contents.contains("    /// original file name\n"), "\(model.contents.prefix(2000))")
        #expect(!model.contents.contains("///  original"))
    }

    @Test func consoleCollectionsKeepTheirNamesPathsAndTypes() throws {
        let fnol = try #require(try Self.objects("mia/console/insurance-crud-data-model__FNOL.json").first)
        #expect(fnol.name.value == "FNOL")
        #expect(fnol.pluralName == "fnol")
        #expect(fnol.defaultState == "PUBLIC")
        #expect(fnol.otherEndpoints.isEmpty)
        let fields = Dictionary(uniqueKeysWithValues: fnol.properties.map { ($0.name.value, $0) })
        // `Array_RawObject` with a `schema`: the schema describes each element.
        #expect(fields["injuredSubjects"]?.type.value == "Document")
        #expect(fields["injuredSubjects"]?.isArray == true)
        #expect(fields["injuredSubjects"]?.properties.isEmpty == false)
        let users = try #require(try Self.objects("mia/console/console-mcp-server__users.json").first)
        #expect(users.name.value == "users")
        #expect(users.pluralName == "users")
        func check(
            _ name: String,
            _ type: String,
            array: Bool,
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) {
            let field = users.properties.first { $0.name.value == name }
            #expect(field?.type.value == type, "\(name)", sourceLocation: sourceLocation)
            #expect(field?.isArray == array, "\(name)", sourceLocation: sourceLocation)
        }
        check("tags", "String", array: true)
        check("rates", "Number", array: true)
        check("items", "Any", array: true)
        check("preferences", "Any", array: false)
    }

    /// The Console's "Export to JSON" of a project's collections (written here in the shape of Mia-Platform's
    /// documentation, whose files are not ours to copy): `name` rather than `defaultName`, `owners`, and the
    /// export's `metadata`.
    @Test func theConsolesExportOfAProjectsCollectionsReadsEachCollection() throws {
        let export = """
            {"data": {"collections": {
              "cp-users": {"id": "cp-users", "name": "cp-users", "description": "Users", "type": "collection",
                "owners": [{"owner": "team"}],
                "fields": [
                  {"name": "_id", "type": "ObjectId", "required": true, "nullable": false, "description": "_id"},
                  {"name": "email", "type": "string", "required": true, "nullable": false, "sensitivityValue": 2,
                   "encryptionEnabled": true, "encryptionSearchable": true, "sensitivityDescription": "personal"},
                  {"name": "settings", "type": "RawObject", "required": false, "nullable": true,
                   "schema": {"type": "object", "properties": {"theme": {"type": "string"}}, "additionalProperties": true,
                     "encryption": {"enabled": false, "searchable": false}}}
                ],
                "internalEndpoints": [{"basePath": "/cp-users", "defaultState": "DRAFT"}],
                "indexes": [{"name": "_id", "type": "normal", "unique": true, "fields": [{"name": "_id", "order": 1}]}]},
              "rbac-roles": {"name": "rbac-roles", "type": "collection",
                "fields": [{"name": "roleId", "type": "string", "required": true, "nullable": false}],
                "internalEndpoints": [{"basePath": "/rbac-roles"}]}
            }},
            "metadata": {"branchName": "main", "exportTimestamp": "2024-01-01T00:00:00.000Z", "isImported": false,
              "pathRefType": "branches", "projectId": "p", "projectName": "Project"}}
            """
        let (objects, diagnostics) = SchemaLoader.load(export, file: "export.json")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        #expect(objects.map(\.name.value) == ["cp-users", "rbac-roles"])
        #expect(objects.map(\.pluralName) == ["cp-users", "rbac-roles"])
        #expect(objects.map(\.defaultState) == ["DRAFT", nil])
        #expect(objects.allSatisfy { $0.format == .mia })
        #expect(objects.first?.properties.last?.properties.map(\.name.value) == ["theme"])
    }

    /// A collection with several internal endpoints (the Console's "Add new" route, e.g. one per `__STATE__`; no
    /// public file has more than one): one model, whose path is the first endpoint's, and every endpoint listed with
    /// the state a create through it gets.
    static let twoEndpoints = """
        {"defaultName": "books", "type": "collection",
         "fields": [{"name": "title", "type": "string", "required": true, "nullable": false}],
         "internalEndpoints": [{"basePath": "/books", "defaultState": "DRAFT"}, {"basePath": "/books/public"},
           {"basePath": "/published-books", "defaultState": "PUBLIC"}]}
        """

    static let oneEndpoint = "mia/console/dev-portal__requests.json"

    @Test func aCollectionWithSeveralInternalEndpointsIsOneModelWithEveryPath() throws {
        let (objects, diagnostics) = SchemaLoader.load(Self.twoEndpoints, file: "books.json")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let books = try #require(objects.first)
        #expect(objects.count == 1)
        #expect(books.pluralName == "books")
        #expect(books.defaultState == "DRAFT")
        #expect(
            books.otherEndpoints == [
                MiaEndpointDefinition(basePath: "books/public", defaultState: nil),
                MiaEndpointDefinition(basePath: "published-books", defaultState: "PUBLIC"),
            ]
        )
        let result = generate(config: "schemas: [books.json]\noutput: Generated\n", ["books.json": Self.twoEndpoints])
        #expect(messages(result).isEmpty, "\(messages(result))")
        #expect(result.files.map(\.path).sorted() == ["Books.swift", "SchemaObjects.swift"])
        #expect(
            file(result, "SchemaObjects.swift")?.hasSuffix(
                """
                extension Books: SchemaObject {
                    public static let apiName = "books"
                    public static let pluralName = "books"
                }

                extension Books: MiaEndpoints {
                    public static let internalEndpoints: [MiaEndpoint] = [
                        MiaEndpoint(basePath: "books", defaultState: .draft),
                        MiaEndpoint(basePath: "books/public", defaultState: nil),
                        MiaEndpoint(basePath: "published-books", defaultState: .public),
                    ]
                }

                """
            ) == true,
            "\(file(result, "SchemaObjects.swift") ?? "")"
        )
        // A collection with one endpoint lists none: its pluralName says it all.
        let one = generate(
            config: "schemas: [c.json]\noutput: Generated\n",
            ["c.json": try TestFiles.disk.read(Self.directory.appendingPathComponent(Self.oneEndpoint).path)]
        )
        #expect(file(one, "SchemaObjects.swift")?.contains("MiaEndpoints") == false)
    }

    /// The listing of several endpoints builds with warnings as errors, and a generic function over
    /// ``MiaEndpoints`` reads it.
    @Test func severalInternalEndpointsBuild() async throws {
        let result = generate(config: "schemas: [books.json]\noutput: Generated\n", ["books.json": Self.twoEndpoints])
        #expect(messages(result).isEmpty, "\(messages(result))")
        let output = try await GeneratedPackage(
            name: "ConsoleEndpoints",
            modules: [
                "ConsoleEndpoints": Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) })
            ],
            main: """
                import ConsoleEndpoints
                import ModelRuntime

                func paths<M: MiaEndpoints>(_ type: M.Type) -> [String] {
                    M.internalEndpoints.map { "/\\($0.basePath) \\($0.defaultState?.rawValue ?? "-")" }
                }
                print(Books.pluralName, paths(Books.self).joined(separator: ", "))

                """
        ).buildAndRun()
        #expect(output == "books /books DRAFT, /books/public -, /published-books PUBLIC\n")
    }

    /// The Console's export of one collection's fields is a bare list of them: it names no collection, and read as
    /// a list of definitions each field would become a model of its own.
    @Test func theConsolesExportOfFieldsAloneIsAClearError() {
        let fields = """
            [
              {"name": "sagaId", "type": "string", "required": true, "nullable": false, "description": "id"},
              {"name": "metadata", "type": "RawObject", "required": false, "nullable": true}
            ]
            """
        let result = generate(config: "schemas: [fields.json]\noutput: Generated\n", ["fields.json": fields])
        #expect(
            messages(result) == [
                "fields.json:1:1: error: this is a list of fields (the Console's export of one collection's fields), which names no collection"
            ]
        )
        #expect(result.files.isEmpty)
    }

    @Test func aFieldLevelAdditionalPropertiesIsReadQuietly() {
        let text = """
            {"name": "c", "endpointBasePath": "/c", "fields": [
              {"name": "raw", "type": "RawObject", "required": false, "additionalProperties": true},
              {"name": "list", "type": "Array", "items": {"type": "RawObject", "additionalProperties": false}}
            ]}
            """
        let (_, diagnostics) = SchemaLoader.load(text, file: "c.json")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
    }

    @Test func malformedConsoleEndpointsAreLocatedErrors() {
        let result = generate(
            config: "schemas: [c.json]\noutput: Generated\n",
            [
                "c.json": """
                [{"defaultName": "a", "fields": [], "internalEndpoints": []},
                 {"defaultName": "b", "fields": [], "endpointBasePath": "/b",
                  "internalEndpoints": [{"basePath": "/b", "defaultState": "PUBLC"}]},
                 {"defaultName": "c", "fields": [], "internalEndpoints": [{"basePath": "/c"}, {"basePath": "c"},
                  {"defaultState": "DRAFT"}, {"basePath": "/"}]}]
                """
            ]
        )
        #expect(
            messages(result) == [
                "c.json:1:58: error: collection 'a' has no internal endpoint",
                "c.json:2:57: error: collection 'b' has both 'endpointBasePath' and 'internalEndpoints'",
                "c.json:3:60: error: unknown 'defaultState' 'PUBLC' of the internal endpoint '/b'",
                "c.json:4:92: error: collection 'c' has the internal endpoint '/c' twice; the first is at c.json:4:72",
                "c.json:5:3: error: an internal endpoint of 'c' needs a 'basePath'",
                "c.json:5:43: error: the 'basePath' of an internal endpoint of 'c' names no path",
            ]
        )
        #expect(result.diagnostics.sorted[2].hint == "did you mean 'PUBLIC'?")
    }

    @Test func miaEnumsBecomeEnums() throws {
        let result = generate(
            config: "schemas: [c.json]\noutput: Generated\n",
            [
                "c.json": """
                {"name": "plates", "endpointBasePath": "/v2/dishes", "schema": {"type": "object", "properties": {
                  "size": {"type": "string", "enum": ["small", "large"]}}}}
                """
            ]
        )
        #expect(messages(result).isEmpty)
        let plates = try #require(file(result, "Plates.swift"))
        #expect(plates.contains("case small"))
        #expect(file(result, "SchemaObjects.swift")?.contains("pluralName = \"v2/dishes\"") == true)
    }

    @Test func malformedMiaFieldsAreLocatedErrors() {
        let result = generate(
            config: "schemas: [c.json]\noutput: Generated\n",
            [
                "c.json": """
                {"name": "c", "endpointBasePath": "/c", "fields": [
                  {"name": "a", "required": true},
                  {"name": "b", "type": "strng", "required": true},
                  {"name": "d", "type": "Array"}
                ]}
                """
            ]
        )
        #expect(
            messages(result) == [
                "c.json:2:3: error: field 'a' needs a 'type'",
                "c.json:3:25: error: unknown Mia-Platform type 'strng' of field 'b'",
                "c.json:4:25: error: array field 'd' needs its 'items'",
            ]
        )
        #expect(result.diagnostics.sorted[1].hint == "did you mean 'string'?")
    }

    // MARK: Parse

    @Test func parseSchemasReadEveryFieldType() throws {
        let classes = try Self.objects("parse/schemas-spec-results.json")
        #expect(classes.map(\.name.value) == ["HasAllPOD", "HasPointersAndRelations", "_User", "_Role"])
        #expect(classes[0].pluralName == "HasAllPOD")
        let types = Dictionary(uniqueKeysWithValues: classes[0].properties.map { ($0.name.value, $0) })
        #expect(types["aString"]?.type.value == "String")
        #expect(types["aNumber"]?.type.value == "Number")
        #expect(types["aBool"]?.type.value == "Boolean")
        #expect(types["aDate"]?.type.value == "Date")
        #expect(types["aObject"]?.type.value == "Any")
        #expect(types["aArray"]?.type.value == "Any")
        #expect(types["aArray"]?.isArray == true)
        #expect(types["aGeoPoint"]?.type.value == "GeoPoint")
        #expect(types["aFile"]?.type.value == "File")
        #expect(types["ACL"]?.type.value == "ACL")
        let pointer = classes[1].properties.first { $0.name.value == "aPointer" }
        #expect(pointer?.type.value == "Reference")
        #expect(pointer?.sourceObject?.value == "HasAllPOD")
        // Any pointer can be fetched with its object (`include`), so every one is expandable.
        #expect(pointer?.isExpandable == true)
        let relation = classes[1].properties.first { $0.name.value == "aRelation" }
        #expect(relation?.type.value == "Relation")
        #expect(relation?.sourceObject?.value == "HasAllPOD")
        #expect(relation?.isExpandable == false)
    }

    @Test func aSingleParseClassWithRequiredAndDefaultValues() throws {
        let text = """
            {"className": "GameScore", "fields": {
              "score": {"type": "Number", "required": true, "defaultValue": 0},
              "area": {"type": "Polygon"}, "raw": {"type": "Bytes"},
              "player": {"type": "Pointer", "targetClass": "_User"}
            }}
            """
        let (classes, diagnostics) = SchemaLoader.load(text, file: "GameScore.json")
        #expect(diagnostics.all.isEmpty)
        let score = try #require(classes.first?.properties.first)
        #expect(score.isRequired)
        guard case .value(let scoreDefault)? = score.serverDefault else {
            Issue.record("no default: \(String(describing: score.serverDefault))")
            return
        }
        #expect(scoreDefault.scalarText == "0")
        #expect(classes.first?.properties.map(\.type.value) == ["Number", "Polygon", "Bytes", "Reference"])
        // A pointer at a class every Parse Server has is fine without its definition.
        let result = generate(config: "schemas: [GameScore.json]\noutput: Generated\n", ["GameScore.json": text])
        #expect(!result.diagnostics.all.contains { $0.message.contains("_User") }, "\(messages(result))")
    }

    @Test func malformedParseFieldsAreLocatedErrors() {
        let result = generate(
            config: "schemas: [s.json]\noutput: Generated\n",
            [
                "s.json": """
                {"results": [{"className": "A", "fields": {
                  "b": {"type": "Pointr", "targetClass": "A"},
                  "c": {"type": "Relation"}
                }}]}
                """
            ]
        )
        #expect(
            messages(result) == [
                "s.json:2:17: error: unknown Parse type 'Pointr' of field 'b'",
                "s.json:3:17: error: a Relation field ('c') needs a 'targetClass'",
            ]
        )
    }

    // MARK: Dialect and references

    @Test(arguments: [
        ("parse/schemas-spec-results.json", GeneratorConfig.Dialect.parse),
        ("mia/collections", .mia),
        ("cortex/env-objects", .cortex),
    ])
    func theDialectDefaultsFromTheSchemaFormat(entry: String, dialect: GeneratorConfig.Dialect) {
        var config = GeneratorConfig(file: "model-generator.yaml", output: Located("G", at: .start(of: "")))
        config.dialect = dialect == .cortex ? .mia : .cortex
        config.schemas = [Located(entry, at: .start(of: "model-generator.yaml"))]
        var diagnostics = Diagnostics()
        _ = SchemaFiles.load(&config, configDirectory: Self.directory.path, TestFiles.disk, &diagnostics)
        #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
        #expect(config.dialect == dialect)
    }

    @Test func aDialectContradictingTheSchemaIsALocatedError() {
        let result = Self.run(
            config: "schemas: [parse/schemas-spec-results.json]\noutput: Generated\ndialect: cortex\n"
        )
        let errors = result.diagnostics.sorted.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.location.line == 1)
        #expect(errors.first?.location.column == 11)
        #expect(
            errors.first?.message.hasSuffix(
                "schemas-spec-results.json' is a Parse schema, but the config's 'dialect' is cortex (at \(Self.directory.path)/model-generator.yaml:3:10)"
            ) == true,
            "\(errors)"
        )
    }

    @Test func schemasOfTwoBackendsNeedADialect() {
        let result = Self.run(
            config: "schemas: [cortex/tp__test.json, mia/collections/items.json]\noutput: Generated\n"
        )
        #expect(messages(result).count == 1)
        #expect(messages(result).first?.contains("is a Mia-Platform collection definition, but") == true)
        #expect(messages(result).first?.contains("model-generator.yaml:1:33: error:") == true)
    }

    @Test func referencesToBuiltInsAreFineAndMisspelledTargetsAreErrors() {
        let result = generate(
            """
            objects:
              - name: c_a
                properties:
                  - { name: c_owner, type: Reference, sourceObject: account }
                  - { name: c_room, type: Reference, sourceObject: object.room }
                  - { name: c_b, type: Reference, sourceObject: c_bb }
                  - { name: c_c, type: Reference, sourceObject: acount }
              - name: c_b
            """.filesNamed("objects.yaml")
        )
        #expect(
            messages(result) == [
                "objects.yaml:6:53: error: reference 'c_b' points at 'c_bb', which is no object of the schema",
                "objects.yaml:7:53: error: reference 'c_c' points at 'acount', which is no object of the schema",
            ]
        )
        #expect(result.diagnostics.sorted.map(\.hint) == ["did you mean 'c_b'?", "did you mean 'account'?"])
    }
}

extension String {
    fileprivate func filesNamed(_ name: String) -> [String: String] { [name: self] }
}

/// Parse Server's Defined Schemas, its `schema` option written as JSON: the classes under `definitions`, the system
/// classes with the fields the server gives them whether the definition lists them or not.
extension RealSchemaTests {
    @Test func parsesDefinedSchemasReadWithTheSystemClassesFields() throws {
        let classes = try TestFiles.disk.read(
            Self.directory.appendingPathComponent("parse/docs-defined-schema__definitions.json").path
        )
        let schema = #"{"definitions": \#(classes), "strict": true, "lockSchemas": false, "beforeMigration": 1}"#
        let result = generate(
            config: "schemas: [schema.json]\noutput: Generated\ngenerate: [models, queries, bodies]\n",
            ["schema.json": schema]
        )
        // The migration hooks are functions, which JSON can't hold: a key of its own is a warning.
        #expect(
            result.diagnostics.all.map(\.message) == ["unknown key 'beforeMigration' in a Parse Defined Schema"]
        )
        #expect(result.schema?.objects.map(\.apiName) == ["_User", "City", "Country"])
        let user = try #require(result.schema?.objects.first)
        #expect(
            user.properties.filter { !$0.isSystemProperty }.map(\.apiName) == [
                "username", "password", "email", "emailVerified", "authData", "birthDate", "firstname", "lastname",
                "tags", "location", "city", "friends", "zone",
            ]
        )
        // A `_Role` that lists nothing has the server's three fields; one that lists `name` keeps its own.
        let roles = generate(
            config: "schemas: [schema.json]\noutput: Generated\n",
            ["schema.json": #"{"definitions": [{"className": "_Role"}]}"#]
        )
        #expect(roles.diagnostics.all.isEmpty, "\(messages(roles))")
        let role = try #require(roles.schema?.objects.first)
        #expect(role.properties.filter { !$0.isSystemProperty }.map(\.apiName) == ["name", "users", "roles"])
        #expect(role.properties.first { $0.apiName == "roles" }?.type == .relation(target: "Role"))

        // A system class's own field with another type keeps the server's, with a warning.
        let retyped = generate(
            config: "schemas: [schema.json]\noutput: Generated\n",
            ["schema.json": #"{"definitions": [{"className": "_User", "fields": {"email": {"type": "Number"}}}]}"#]
        )
        #expect(
            retyped.diagnostics.all.map(\.message) == [
                "'email' of '_User' is a String on every Parse Server, which keeps it whatever the schema says; the Number here is ignored"
            ]
        )
        #expect(retyped.schema?.objects.first?.properties.first { $0.apiName == "email" }?.type == .string)
    }

    /// The fields every Parse class has (`objectId`, `createdAt`, `updatedAt`, `ACL`) keep the server's types too,
    /// and so does a field the server gives a system class whatever its value: Parse Server leaves them out of a
    /// Defined Schema before reading them (`isProtectedFields`). Parse Server's own test of that protection
    /// (spec/DefinedSchemas.spec.js, "should protect default fields") declares them so.
    @Test func parseKeepsTheTypesOfTheFieldsItGivesEveryClass() throws {
        let schema = #"""
            {"definitions": [
              {"className": "Test", "fields": {"createdAt": {"type": "Object"}, "objectId": {"type": "Number"},
                "updatedAt": {"type": "String"}, "ACL": {"type": "String"}, "score": {"type": "Number"}}},
              {"className": "_User", "fields": {"email": "Object", "updatedAt": {"type": "Date"}}}
            ]}
            """#
        let result = generate(
            config: "schemas: [schema.json]\noutput: Generated\ngenerate: [models, queries, bodies]\n",
            ["schema.json": schema]
        )
        #expect(result.diagnostics.errors.isEmpty, "\(messages(result))")
        let warned = result.diagnostics.all.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        let keeps = "on every Parse Server, which keeps it whatever the schema says"
        #expect(
            warned == [
                "2:58 'createdAt' of 'Test' is a Date \(keeps); the Object here is ignored",
                "2:90 'objectId' of 'Test' is a String \(keeps); the Number here is ignored",
                "3:27 'updatedAt' of 'Test' is a Date \(keeps); the String here is ignored",
                "3:54 'ACL' of 'Test' is an ACL \(keeps); the String here is ignored",
                "4:46 'email' of '_User' is a String \(keeps); the Object here is ignored",
            ]
        )
        let test = try #require(result.schema?.objects.first { $0.apiName == "Test" })
        let types = Dictionary(uniqueKeysWithValues: test.properties.map { ($0.apiName, $0.type) })
        #expect(types["objectId"] == .string && types["createdAt"] == .date && types["updatedAt"] == .date)
        #expect(types["ACL"] == .acl && types["score"] == .double)
        #expect(test.properties.filter { $0.apiName == "objectId" }.count == 1)
        let user = try #require(result.schema?.objects.first { $0.apiName == "_User" })
        #expect(user.properties.first { $0.apiName == "email" }?.type == .string)
        #expect(user.properties.filter { $0.apiName == "updatedAt" }.map(\.type) == [.date])
        #expect(result.files.contains { $0.path.hasSuffix("Test.swift") })
    }

    /// A Parse app's own class named like a system class without its underscore (the IDM app's `Role` beside
    /// `_Role`, `parse/ParseSpod-schema.json`) keeps its name, in either order; the system class is named with
    /// `Parse` before it and a warning, pointers at it included. An override of the system class's name is kept.
    @Test func aParseAppsOwnClassNamedLikeASystemClassKeepsItsName() throws {
        let schema = #"""
            {"results": [
              {"className": "Role", "fields": {"users": {"type": "Relation", "targetClass": "_User"}}},
              {"className": "_Role", "fields": {"name": {"type": "String"}}},
              {"className": "Grant", "fields": {"role": {"type": "Pointer", "targetClass": "_Role"},
                "own": {"type": "Pointer", "targetClass": "Role"}}},
              {"className": "_User", "fields": {}},
              {"className": "User", "fields": {}}
            ]}
            """#
        let config = "schemas: [schema.json]\noutput: Generated\ngenerate: [models, queries, bodies]\n"
        let result = generate(config: config, ["schema.json": schema])
        #expect(result.diagnostics.errors.isEmpty, "\(messages(result))")
        #expect(
            messages(result) == [
                "schema.json:3:17: warning: Parse's class '_Role' is named 'ParseRole' in Swift, since 'Role' is the schema's own 'Role'",
                "schema.json:6:17: warning: Parse's class '_User' is named 'ParseUser' in Swift, since 'User' is the schema's own 'User'",
            ]
        )
        let names = Dictionary(uniqueKeysWithValues: (result.schema?.objects ?? []).map { ($0.apiName, $0.swiftName) })
        #expect(
            names == ["Role": "Role", "_Role": "ParseRole", "Grant": "Grant", "_User": "ParseUser", "User": "User"]
        )
        let grant = try #require(file(result, "Grant.swift"))
        #expect(grant.contains("ParsePointer<ParseRole>") && grant.contains("ParsePointer<Role>"), "\(grant)")
        #expect(
            result.files.contains { $0.path == "ParseRole.swift" } && result.files.contains { $0.path == "Role.swift" }
        )
        let overridden = generate(
            config: config + "naming: { overrides: { _Role: AccessRole } }\n",
            ["schema.json": schema]
        )
        #expect(overridden.schema?.objects.first { $0.apiName == "_Role" }?.swiftName == "AccessRole")
        #expect(!overridden.diagnostics.all.contains { $0.message.contains("'_Role'") }, "\(messages(overridden))")
    }

    /// A Parse class's model is `Identifiable` by its `objectId` through the runtime's `ParseIdentifiable`, unless
    /// the class has a field of its own named `id` (servable's `ServableApp`), which keeps its name and its type.
    @Test func aParseModelIsIdentifiedByItsObjectIDUnlessAFieldIsNamedID() throws {
        let servable = Self.generated("parse/servable-parse-server-engine__ServableApp.json")
        let app = try #require(servable.files.first { $0.path == "ServableApp.swift" }?.contents)
        #expect(app.contains("public var id: ") && !app.contains("ParseIdentifiable"), "\(app)")
        let schema = #"{"results": [{"className": "Game", "fields": {"title": {"type": "String"}}}]}"#
        let config = "schemas: [schema.json]\noutput: Generated\ngenerate: [models]\n"
        let game = try #require(file(generate(config: config, ["schema.json": schema]), "Game.swift"))
        #expect(game.contains("Sendable, ParseIdentifiable, SystemPropertiesCarrying"), "\(game)")
    }

    /// A Mia collection's own `state` beside `__STATE__` steps aside, unless an override gave it that name: then the
    /// user chose it, and the two collide.
    @Test func aPropertyAnOverrideNamesLikeASystemPropertyCollides() {
        let entry = "mia/console/insurance-crud-data-model__Claim.json"
        let renamed = Self.run(
            config: "schemas: [\(entry)]\noutput: Generated\nnaming: { overrides: { Claim.state: state } }\n"
        )
        #expect(
            renamed.diagnostics.errors.map(\.message).contains {
                $0.hasPrefix("properties '__STATE__' and 'state' would both be named 'state' in Swift")
            },
            "\(messages(renamed))"
        )
    }
}
