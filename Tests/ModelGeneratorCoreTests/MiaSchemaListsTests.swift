import Foundation
import Testing

@testable import ModelGeneratorCore

/// `generate: [testing]` lists, for an in-memory Mia-Platform backend, what the CRUD service's JSON Schemas of a
/// collection check that the models don't: the fields that take `null`, the members a `RawObject`'s schema requires,
/// and the `RawObject`s whose schema takes no member it doesn't define.
@Suite struct MiaSchemaListsTests {
    /// The config of a Mia-Platform collection file at `path`, with `generate: [testing]`.
    static func testingConfig(_ path: String) -> String {
        ServerDefaultTests.config(path, "mia").replacingOccurrences(
            of: "generate: [models, queries, bodies]",
            with: "generate: [models, queries, bodies, testing]"
        )
    }

    /// The `Books.swift` that `generate: [testing]` makes of the real schema file at `relative`.
    static func generated(_ relative: String) throws -> String {
        let path = RealSchemaTests.directory.appendingPathComponent(relative).path
        let result = generate(config: testingConfig("books.json"), ["books.json": try TestFiles.disk.read(path)])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        return try #require(file(result, "Books.swift"))
    }

    /// The strings of the set literal `declaration` starts (`public static let nullableMembers: Set<String>? = [`),
    /// on one line or many; nil where the output has no such declaration.
    static func listed(_ declaration: String, in output: String) -> Set<String>? {
        guard let start = output.range(of: declaration),
            let end = output.range(of: "]", range: start.upperBound..<output.endIndex)
        else { return nil }
        let literal = output[start.upperBound..<end.lowerBound]
        return Set(
            literal.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
                .map { String($0.element) }
        )
    }

    /// crud-service's own books (`tests/collectionDefinitions/books.js`, the `fields` form, and
    /// `tests/newCollectionDefinitions/books.js`, the JSON Schema form): the lists the in-memory backend's spec tests
    /// register for them (`InMemoryBackendMiaSpecTests.BooksCreateRequirements`), from either form.
    @Test(arguments: ["mia/collections/books.json", "mia/collections-json-schema/books.json"])
    func theBooksCollectionsListsAreTheSpecTests(_ relative: String) throws {
        let output = try Self.generated(relative)
        #expect(
            Self.listed("public static let nullableMembers: Set<String>? = [", in: output) == [
                "name", "publishDate", "additionalInfo", "signature", "metadata.somethingArrayObject.anotherObject",
                "attachments", "editionsDates",
            ],
            "\(output)"
        )
        #expect(
            Self.listed("public static let requiredDocumentMembers: Set<String> = [", in: output) == [
                "signature.name", "metadata.somethingArrayObject.arrayItemObjectChildNumber",
                "metadata.somethingNumber",
                "attachments.name",
            ]
        )
        #expect(
            Self.listed("public static let closedDocuments: Set<String> = [", in: output) == [
                "metadata", "attachments",
            ]
        )
    }

    /// A collection without a nullable field says so (an empty list, where nil would leave every `null` as sent),
    /// and lists no Document it doesn't have.
    @Test func aCollectionWithoutNullableFieldsListsNone() throws {
        let schema = #"""
            {"name": "plain", "endpointBasePath": "/plain", "fields": [
              {"name": "_id", "type": "ObjectId", "required": true},
              {"name": "title", "type": "string", "required": true}
            ]}
            """#
        let result = generate(config: Self.testingConfig("plain.json"), ["plain.json": schema])
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let output = try #require(file(result, "Plain.swift"))
        #expect(output.contains("public static let nullableMembers: Set<String>? = []\n"), "\(output)")
        #expect(!output.contains("requiredDocumentMembers") && !output.contains("closedDocuments"))
    }
}
