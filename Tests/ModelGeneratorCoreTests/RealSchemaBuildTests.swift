import Foundation
import Testing

@testable import ModelGeneratorCore

/// The backends' own files as they are, end to end: every entry of `Tests/RealSchemas` generated with the dialect
/// its format implies, all of them compiled with warnings as errors in one package (a module per entry), and every
/// real payload of `Tests/GeneratedModelsTests/Fixtures/Real` decoded through the models of the native file it
/// belongs to and encoded back unchanged, from its bytes as `JSONDecoder` decodes them and from the `JSONValue` tree
/// as `ModelClient` does.
extension RealSchemaTests {
    static let payloadDirectory = directory.deletingLastPathComponent()
        .appendingPathComponent("GeneratedModelsTests/Fixtures/Real")

    /// A real payload (a JSON array of instances) and the object of a real schema entry that reads it.
    struct Payload: Sendable {
        var file: String
        var entry: String
        var object: String
        /// What the round trip is known to lose, with the reason where the payload is listed.
        var lost: [String] = []

        init(_ file: String, _ entry: String, _ object: String, lost: [String] = []) {
            (self.file, self.entry, self.object, self.lost) = (file, entry, object, lost)
        }
    }

    static let payloads: [Payload] = [
        // mdctl's MIG-148 instances of the 86-object org.
        // The ec__ instances carry a `c_key` their objects don't define (the org's is `ec__key`): kept and written
        // back.
        Payload("cortex-c_study.json", "cortex/env-objects", "c_study"),
        Payload("cortex-ec__default_document_css.json", "cortex/env-objects", "ec__default_document_css"),
        Payload("cortex-ec__document_template.json", "cortex/env-objects", "ec__document_template"),
        Payload("cortex-ec__knowledge_check.json", "cortex/env-objects", "ec__knowledge_check"),
        // mdctl's MIG-90, MIG-148 and MIG-74: document arrays whose elements carry their own `_id`, and task
        // assignments with members their object doesn't define (`c_conditions`, `c_some_object_id`).
        Payload("cortex-c_study-document-arrays.json", "cortex/env-objects", "c_study"),
        Payload(
            "cortex-ec__document_template-document-arrays.json",
            "cortex/env-objects",
            "ec__document_template"
        ),
        Payload("cortex-c_task_assignment-unknown-keys.json", "cortex/env-objects", "c_task_assignment"),
        // mdctl's MIG-90 and MIG-67: export entities with `c_key`, references, empty document arrays, and a document
        // array whose elements carry references and no `_id`.
        Payload("cortex-c_task-MIG-90.json", "cortex/env-objects", "c_task"),
        Payload("cortex-c_step-MIG-90.json", "cortex/env-objects", "c_step"),
        Payload("cortex-c_patient_flag-MIG-67.json", "cortex/env-objects", "c_patient_flag"),
        // mdctl's MIG-63: a knowledge check as Cortex lists it in a template's expanded List, with every system
        // property (`creator` and `owner` references, `access`, `accessRoles`, `favorite`, `shared`).
        Payload("cortex-ec__knowledge_check-MIG-63.json", "cortex/env-objects", "ec__knowledge_check"),
        // The CRUD service's test fixtures, through the collection in both of its forms where both exist.
        Payload("mia-books-getlist.json", "mia/collections/books.json", "books"),
        Payload("mia-books-getlist.json", "mia/collections-json-schema/books.json", "books"),
        Payload("mia-stations-fixtures.json", "mia/collections/stations.json", "stations"),
        Payload("mia-stations-fixtures.json", "mia/collections-json-schema/stations.json", "stations"),
        Payload("mia-animals-fixtures.json", "mia/collections/animals.json", "animals"),
        Payload("mia-films-fixtures.json", "mia/collections/films.json", "films"),
        Payload("mia-items-fixtures.json", "mia/collections/items.json", "items"),
        Payload("mia-orders-fixtures.json", "mia/collections/orders.json", "orders"),
        Payload("mia-people-fixtures.json", "mia/collections/people.json", "people"),
        Payload("mia-riders-fixtures.json", "mia/collections/riders.json", "riders"),
        Payload(
            "mia-address_statistics-fixtures.json",
            "mia/collections/address_statistics.json",
            "address-statistics"
        ),
        Payload("mia-orders-items-fixtures.json", "mia/collections/orders-items.json", "orders-items"),
        // What the service answers: a writable lookup view's list (`rider` as `{label, value}`), and a document of
        // `RawObject`s with nested arrays of objects.
        Payload("mia-orders-details-view-public.json", "mia/collections/orders-details.json", "orders-details"),
        Payload("mia-projects-doc.json", "mia/collections/projects.json", "projects"),
        Payload("mia-books-fixtures.json", "mia/collections/books-internal.json", "books"),
        Payload("mia-books-fixtures.json", "mia/collections/books_encrypted.json", "books-encrypted"),
        Payload("mia-books-fixtures.json", "mia/collections-json-schema/books_encrypted.json", "books-encrypted"),
        // The service's import file: a GeoPoint with an altitude, an empty array, dates inside array elements.
        Payload("mia-books-import.json", "mia/collections/books.json", "books"),
        Payload("mia-books-import.json", "mia/collections-json-schema/books.json", "books"),
        // The REST guide's role, whose every field parse-server's GET /schemas answer lists for _Role.
        Payload("parse-role.json", "parse/schemas-spec-results.json", "_Role"),
        // The REST guide's users: a query's, a login's (with its `sessionToken`) and a linked account's `authData`.
        Payload("parse-users.json", "parse/schemas-spec-results.json", "_User"),
        // The REST guide's installations (a retrieval and a query's results) and a retrieved user (its `phone` kept).
        Payload("parse-installations-rest-guide.json", "parse/schemas-spec__Installation.json", "_Installation"),
        Payload("parse-user-retrieve-rest-guide.json", "parse/schemas-spec-results.json", "_User"),
    ]

    /// Real schema entries generated with a `filter` (and `testing`), each a module of its own: their references to
    /// the objects left out are untyped, and the real payloads of the objects kept still round-trip through them. A
    /// payload's entry names one of these by its module.
    static let filteredEntries: [(entry: String, objects: [String], module: String)] = [
        // `account` kept, so that the system properties are typed: `CortexSystemProperties<Account>`.
        ("cortex/env-objects", ["account", "c_study", "c_task_assignment"], "RealOrgFiltered"),
        // A pointer and a relation to a class left out, and `_Role`'s relation to itself, kept.
        ("parse/schemas-spec-results.json", ["_Role", "HasPointersAndRelations"], "RealParseFiltered"),
    ]

    static let filteredPayloads: [Payload] = [
        Payload("cortex-c_study.json", "RealOrgFiltered", "c_study"),
        Payload("cortex-c_study-document-arrays.json", "RealOrgFiltered", "c_study"),
        Payload("cortex-c_task_assignment-unknown-keys.json", "RealOrgFiltered", "c_task_assignment"),
        Payload("parse-role.json", "RealParseFiltered", "_Role"),
    ]

    /// Real payloads no native schema file defines: the goldens read them (RealPayloadTests, and RealExchangeTests
    /// for a recorded round of calls), with definitions written for them in the backend's own format.
    static let payloadsWithoutANativeSchema: Set<String> = [
        "cortex-c_geo_history.json", "parse-gamescores.json", "parse-gamescores-query.json", "parse-places.json",
        "parse-placeobjects-query.json", "parse-gamescore-api-parse-com.json",
    ]

    static func moduleName(_ entry: String) -> String {
        "Real" + SwiftNaming().typeName(entry.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined())
    }

    @Test func everyRealPayloadHasItsSchemaOrAGolden() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.payloadDirectory.path)
            .filter { $0.hasSuffix(".json") }
        let covered = Set(Self.payloads.map(\.file)).union(Self.payloadsWithoutANativeSchema)
        #expect(Set(files) == covered)
        #expect(Set(Self.payloads.map(\.entry)).isSubset(of: Set(Self.entries)))
    }

    @Test func everyRealSchemaBuildsAndItsPayloadsRoundTrip() async throws {
        var modules: [String: [String: String]] = [:]
        var typeNames: [String: String] = [:]
        for entry in Self.entries {
            let result = Self.generated(entry)
            for object in result.schema?.objects ?? [] {
                typeNames[entry + "\u{0}" + object.apiName] = Self.moduleName(entry) + "." + object.swiftName
            }
            // An export of instances only defines no object, and generates nothing to build.
            guard !result.files.isEmpty else { continue }
            modules[Self.moduleName(entry)] = Dictionary(
                uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) }
            )
        }
        for filtered in Self.filteredEntries {
            let result = Self.generated(filtered.entry, filter: filtered.objects)
            #expect(result.schema?.objects.map(\.apiName).sorted() == filtered.objects.sorted())
            for object in result.schema?.objects ?? [] {
                typeNames[filtered.module + "\u{0}" + object.apiName] = filtered.module + "." + object.swiftName
            }
            modules[filtered.module] = Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) })
        }
        let support = GeneratedPackage.repositoryRoot.appendingPathComponent(
            "Tests/GoldenSupport/JSONDifferences.swift"
        )
        modules["PayloadSupport"] = ["JSONDifferences.swift": try String(contentsOf: support, encoding: .utf8)]

        var resources: [String: String] = [:]
        var calls: [String] = []
        var expected: [String] = []
        for payload in Self.payloads + Self.filteredPayloads {
            let type = try #require(typeNames[payload.entry + "\u{0}" + payload.object], "\(payload)")
            let url = Self.payloadDirectory.appendingPathComponent(payload.file)
            resources["payloads/" + payload.file] = try String(contentsOf: url, encoding: .utf8)
            let count = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [Any]).count
            calls.append("roundTrip(\(SwiftText.stringLiteral(payload.file)), as: \(type).self)")
            let outcome = payload.lost.isEmpty ? "unchanged" : payload.lost.joined(separator: "; ")
            expected.append("\(payload.file) as \(type): \(count) decoded, \(outcome)")
        }
        let main = """
            import Foundation
            import ModelRuntime
            \(modules.keys.sorted().map { "import " + $0 }.joined(separator: "\n"))

            let folder = URL(fileURLWithPath: CommandLine.arguments[1]).appendingPathComponent("payloads")

            /// Decodes a payload's instances, encodes them again and says where the JSON is not the same.
            func roundTrip<Model: Codable>(_ file: String, as type: Model.Type) {
                let name = "\\(file) as \\(String(reflecting: type))"
                do {
                    let input = try Data(contentsOf: folder.appendingPathComponent(file))
                    let models = try JSONDecoder().decode([Model].self, from: input)
                    let output = try JSONEncoder().encode(models)
                    let differences = jsonDifferences(
                        try JSONDecoder().decode(JSONValue.self, from: output),
                        try JSONDecoder().decode(JSONValue.self, from: input)
                    )
                    // The client decodes the same bytes from a JSONValue tree: the models must be the same.
                    let fromTree = try JSONValue(parsing: input).decoded(as: [Model].self)
                    let treeDifferences = jsonDifferences(
                        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(fromTree)),
                        try JSONDecoder().decode(JSONValue.self, from: output)
                    )
                    let outcome =
                        differences.isEmpty && treeDifferences.isEmpty
                        ? "unchanged"
                        : (differences + treeDifferences.map { "from the tree: " + $0 }).joined(separator: "; ")
                    print("\\(name): \\(models.count) decoded, \\(outcome)")
                } catch {
                    print("\\(name): \\(error)")
                }
            }

            \(calls.joined(separator: "\n"))

            """
        let output = try await GeneratedPackage(
            name: "RealSchemas",
            modules: modules,
            main: main,
            resources: resources
        ).buildAndRun()
        #expect(output.split(separator: "\n").map(String.init) == expected)
    }
}
