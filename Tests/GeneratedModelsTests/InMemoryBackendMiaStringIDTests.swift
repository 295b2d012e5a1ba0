import Foundation
import GoldenRealMia
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// A Mia-Platform collection whose `_id` is a string, on the in-memory backend: crud-service's own `canines`
// (`Tests/RealSchemas/mia/collections/canines.json`, `{"name": "_id", "type": "string"}`), whose generated model's `id`
// is a `String`. The service reads a collection's id type from its definition (crud-service `lib/mongo/mongo-plugin.js`,
// `getIdType`), gives its documents a UUID (`lib/pkFactories.js`) and compares its ids as the text they are: the query
// parser casts only an ObjectId field's values (`lib/QueryParser.js`, `castValueFunctions`).

@Suite struct InMemoryBackendMiaStringIDTests {
    /// A request answered as the backend answers it, as the other Mia-Platform tests send theirs.
    private static func send(
        _ backend: InMemoryBackend,
        _ path: String,
        _ query: [(String, String)] = [],
        method: String = "GET",
        body: String? = nil
    ) async throws -> (status: Int, body: JSONValue) {
        try await InMemoryBackendMiaTests.send(backend, path, query, method: method, body: body)
    }

    /// The `name`s of a list answer, in order.
    private static func names(_ answer: JSONValue) -> [String] {
        answer.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    }

    /// The canines of crud-service's own fixtures (`tests/fixtures`, the `animals` its `canines` view selects), each
    /// with the fields the view projects.
    private static func realCanines() throws -> [JSONValue] {
        let animals = try JSONValue(parsing: try Fixtures.data("Real/mia-animals-fixtures.json")).arrayValue ?? []
        let projected: Set<String> = [
            "_id", "name", "updaterId", "updatedAt", "creatorId", "createdAt", "weight", "__STATE__",
        ]
        return animals.filter { $0["family"] == "canines" }.compactMap { animal in
            animal.objectValue.map { .object($0.filter { projected.contains($0.key) }) }
        }
    }

    private static func uuid(_ counter: Int) -> String {
        "00000000-0000-4000-8000-" + String(format: "%012lx", counter)
    }

    // MARK: Ids made

    /// Every create of a string-id collection gets a UUID, as the service's MongoDB client makes it for such a
    /// collection (crud-service `lib/pkFactories.js`, `randomUUID()`): `POST /`, `POST /bulk`, and `POST /upsert-one`
    /// when it inserts. The injected ids make them, the same in every run, on a counter of their own, so that an
    /// ObjectId collection's ids go on as before.
    @Test func createsOfAStringIDCollectionGetUUIDs() async throws {
        let backend = InMemoryBackend(.mia)
        await backend.register(Canines.self)
        let client = backend.client()
        let created = try await client.create(Canines.Create(name: "rex", weight: 30))
        #expect(created.id == Self.uuid(1))
        let ids = try await client.createAll([
            Canines.Create(name: "lassie", weight: 25), Canines.Create(name: "pongo", weight: 20),
        ])
        #expect(ids == [Self.uuid(2), Self.uuid(3)])
        let (status, answer) = try await Self.send(
            backend,
            "/canines-endpoint/upsert-one",
            [("name", "fido")],
            method: "POST",
            body: #"{"$set":{"weight":12}}"#
        )
        #expect(status == 200 && answer["_id"] == .string(Self.uuid(4)), "\(answer)")
        let book = try await Self.send(backend, "/books-endpoint/", method: "POST", body: #"{"title":"Dune"}"#)
        #expect(book.body["_id"] == "660000000000000000000001", "\(book.body)")
        let stored = try await backend.stored(Canines.self).map(\.id)
        #expect(stored == (1...4).map(Self.uuid))
    }

    /// A seeded document without an `_id` gets a UUID too, in a collection the registered model says has string ids,
    /// or, without a model, one whose stored documents' ids are text that is no ObjectId; any other collection's get
    /// ObjectIds, as before.
    @Test func aSeededDocumentWithoutAnIDGetsTheCollectionsKind() async throws {
        let backend = InMemoryBackend(.mia)
        await backend.register(Canines.self)
        try await backend.insert([["name": "rex", "weight": 30]], into: Canines.pluralName)
        try await backend.insert([["_id": "dog-1", "name": "fido"]], into: "dogs")
        try await backend.insert([["name": "pongo"]], into: "dogs")
        try await backend.insert([["name": "tom"]], into: "cats")
        #expect(await backend.documents(in: Canines.pluralName).map { $0["_id"] } == [.string(Self.uuid(1))])
        #expect(await backend.documents(in: "dogs").map { $0["_id"] } == ["dog-1", .string(Self.uuid(2))])
        #expect(await backend.documents(in: "cats").map { $0["_id"] } == ["660000000000000000000001"])
        let (status, answer) = try await Self.send(backend, "/dogs/", method: "POST", body: #"{"name":"lassie"}"#)
        #expect(status == 200 && answer["_id"] == .string(Self.uuid(3)), "\(answer)")
    }

    /// An injected generator's UUIDs are a string-id collection's ids.
    @Test func injectedUUIDsAreAStringCollectionsIDs() async throws {
        let backend = InMemoryBackend(.mia, ids: IDGenerator({ "object\($0)" }, uuids: { "dog\($0)" }))
        await backend.register(Canines.self)
        let created = try await backend.client().create(Canines.Create(name: "rex", weight: 30))
        #expect(created.id == "dog1")
    }

    // MARK: Ids compared

    /// The real canines, read by the generated model: by the path, by the `_id` parameter and by `_q`, an id is the
    /// text it is, whose case counts, where an ObjectId collection reads `ABCDEF…` as `abcdef…` (crud-service
    /// `lib/QueryParser.js` casts only an ObjectId field's values; the path's id, `lib/AdditionalCaster.js`,
    /// `castCollectionId`).
    @Test func aStringIDIsComparedAsItsText() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(try Self.realCanines(), into: Canines.pluralName)
        await backend.register(Canines.self)
        try await backend.insert(
            [["_id": "ABCDEFABCDEFABCDEFABCDEF", "name": "rex", "weight": 30, "__STATE__": "PUBLIC"]],
            into: Canines.pluralName
        )
        let client = backend.client()
        #expect(try await client.get(Canines.self, id: "111111111111111111111111").name == "fufi")
        #expect(try await client.get(Canines.self, id: "ABCDEFABCDEFABCDEFABCDEF").name == "rex")
        let lower = "abcdefabcdefabcdefabcdef"
        var (status, answer) = try await Self.send(backend, "/canines-endpoint/\(lower)")
        #expect(status == 404, "\(answer)")
        (status, answer) = try await Self.send(backend, "/canines-endpoint/", [("_id", lower)])
        #expect(status == 200 && Self.names(answer).isEmpty, "\(answer)")
        (status, answer) = try await Self.send(backend, "/canines-endpoint/", [("_q", #"{"_id":"\#(lower)"}"#)])
        #expect(status == 200 && Self.names(answer).isEmpty, "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/canines-endpoint/",
            [("_q", #"{"_id":{"$in":["ABCDEFABCDEFABCDEFABCDEF","not-an-object-id"]}}"#)]
        )
        #expect(status == 200 && Self.names(answer) == ["rex"], "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/canines-endpoint/\(lower)/state",
            method: "POST",
            body: #"{"stateTo":"TRASH"}"#
        )
        #expect(status == 404, "\(answer)")
    }

    /// `_s=_id` sorts a string id as text, byte by byte: `B…` before `a…`, where an ObjectId sorts as the number it is.
    @Test func aStringIDSortsAsText() async throws {
        let backend = InMemoryBackend(.mia)
        await backend.register(Canines.self)
        try await backend.insert(
            [
                ["_id": "a00000000000000000000000", "name": "lower"],
                ["_id": "B00000000000000000000000", "name": "upper"],
            ],
            into: Canines.pluralName
        )
        let (status, answer) = try await Self.send(backend, "/canines-endpoint/", [("_s", "_id")])
        #expect(status == 200 && Self.names(answer) == ["upper", "lower"], "\(answer)")
    }

    /// An element's `_id` that a positional `$` matches compares as text in a string-id collection, as the filter that
    /// selected the document does: `$.merge` writes the element spelled `aaaa…`, not the `AAAA…` an ObjectId
    /// collection would read as the same id; `_p`'s `.$` answers that element.
    @Test func aPositionalMatchComparesAnElementsIDAsText() async throws {
        let backend = InMemoryBackend(.mia)
        let upper = "AAAAAAAAAAAAAAAAAAAAAAAA"
        let lower = "aaaaaaaaaaaaaaaaaaaaaaaa"
        try await backend.insert(
            [["_id": "dog-1", "toys": [["_id": .string(upper), "n": 1], ["_id": .string(lower), "n": 2]]]],
            into: "dogs"
        )
        let query = [("_q", #"{"toys._id":"\#(lower)"}"#)]
        var (status, answer) = try await Self.send(
            backend,
            "/dogs/dog-1",
            query,
            method: "PATCH",
            body: #"{"$set":{"toys.$.merge":{"n":3}}}"#
        )
        #expect(status == 200 && answer["toys"]?[1]?["n"] == 3 && answer["toys"]?[0]?["n"] == 1, "\(answer)")
        (status, answer) = try await Self.send(backend, "/dogs/", query + [("_p", "toys.$")])
        #expect(status == 200 && answer[0]?["toys"] == [["_id": .string(lower), "n": 3]], "\(answer)")
    }

    /// A string id's schema takes any text that isn't blank (crud-service `lib/schemaGetters.js`, `stringType`: the
    /// pattern `^(?!\s*$).+`), as the `_id` parameter and `POST /state`'s filter read it; other text, hexadecimal or
    /// not, is an id.
    @Test func aBlankStringIDIsRefused() async throws {
        let backend = InMemoryBackend(.mia)
        await backend.register(Canines.self)
        try await backend.insert([["_id": "rex-1", "name": "rex", "weight": 30]], into: Canines.pluralName)
        var (status, answer) = try await Self.send(backend, "/canines-endpoint/", [("_id", " ")])
        #expect(status == 400 && answer["message"] == #"querystring/_id must match pattern "^(?!\s*$).+""#, "\(answer)")
        (status, answer) = try await Self.send(backend, "/canines-endpoint/count", [("_id", "rex-1")])
        #expect(status == 200 && answer == 1, "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/canines-endpoint/state",
            method: "POST",
            body: #"[{"filter":{"_id":""},"stateTo":"TRASH"}]"#
        )
        #expect(
            status == 400 && answer["message"] == #"body/0/filter/_id must match pattern "^(?!\s*$).+""#,
            "\(answer)"
        )
        (status, answer) = try await Self.send(
            backend,
            "/canines-endpoint/state",
            method: "POST",
            body: #"[{"filter":{"_id":"rex-1"},"stateTo":"DRAFT"}]"#
        )
        #expect(status == 200 && answer == 1, "\(answer)")
    }
}
