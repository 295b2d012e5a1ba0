import Foundation
import GoldenParse
import GoldenRealCortex
import GoldenRealMia
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The in-memory backends seeded from real exports and answers (Fixtures/Real, sources in its SOURCES.md) answer as
// the real backends do; their clocks and ids make every run the same; scripted faults reach the client as a real
// network's and server's would.

@Suite struct InMemoryBackendSeedingTests {
    // MARK: Real answers

    /// mdctl's export seeds the collection of the object each line names, and a list answers as Cortex's does.
    @Test func anMdctlExportSeedsCortexAndListsAnswerAsCortexDoes() async throws {
        let backend = InMemoryBackend(.cortex)
        await backend.register(GeoHistory.self)
        let stored = try await backend.insert(ndjson: try Fixtures.data("Real/cortex-c_geo_history.ndjson"))
        #expect(stored == 2)
        let real = try JSONValue(parsing: try Fixtures.data("Real/cortex-c_geo_history.json"))

        let (status, answer) = try await backend.answer(RenderedRequest(path: "/\(GeoHistory.pluralName)"))
        #expect(status == 200)
        #expect(answer == ["object": "list", "data": real, "hasMore": false])
        let page = try await backend.client().list(GeoHistory.query)
        #expect(page.items == (try Fixtures.decode([GeoHistory].self, from: "Real/cortex-c_geo_history.json")))
    }

    /// A created instance carries the system properties a real one has; an updated one its `updated` and
    /// `updater` too.
    @Test func aCortexInstanceHasTheSystemPropertiesOfARealOne() async throws {
        let real = try #require(
            try JSONValue(parsing: try Fixtures.data("Real/cortex-c_geo_history.json")).arrayValue?.first?.objectValue
        )
        let systemKeys = Set(real.keys.filter { !$0.hasPrefix("c_") })
        let backend = InMemoryBackend(.cortex)
        let client = backend.client()
        let created = try await client.create(GeoHistory.Create())
        var document = try #require(await backend.documents(in: GeoHistory.pluralName).first?.objectValue)
        #expect(Set(document.keys) == systemKeys.subtracting(["updated", "updater"]))
        #expect(document["object"] == "c_geo_history")
        #expect(document["creator"] == document["owner"])

        var patch = GeoHistory.Patch()
        patch.prop1 = .null
        let updated = try await client.update(created.id, patch)
        document = try #require(await backend.documents(in: GeoHistory.pluralName).first?.objectValue)
        #expect(Set(document.keys) == systemKeys)
        #expect(updated.system.updated != nil && updated.system.created == created.system.created)
    }

    /// The CRUD service's export (crud-service's books as NDJSON, whose lines name no object) seeds the collection
    /// it is inserted into, each document as it is; the client reads the books back.
    @Test func aCRUDServiceExportSeedsItsCollection() async throws {
        let backend = InMemoryBackend(.mia)
        let data = try Fixtures.data("Real/mia-books-export.ndjson")
        #expect(try await backend.insert(ndjson: data) == 0, "no line names an object")
        #expect(try await backend.insert(ndjson: data, into: Books.pluralName) == 3)
        let lines = try data.split(separator: UInt8(ascii: "\n")).map { try JSONValue(parsing: Data($0)) }
        #expect(await backend.documents(in: Books.pluralName) == lines)
        let books = try await backend.client().list(Books.query).items
        #expect(books.map(\.name) == ["Pride and Prejudice", "1984", "To Kill a Mockingbird"])
    }

    /// The CRUD service's list answer (crud-service's test fixtures as `GET /books-endpoint/` returns them),
    /// every state asked for; a plain list sees only the `PUBLIC` ones.
    @Test func miaListsAnswerAsTheCRUDServiceDoes() async throws {
        let real = try JSONValue(parsing: try Fixtures.data("Real/mia-books-getlist.json"))
        let backend = InMemoryBackend(.mia)
        try await backend.insert(json: try Fixtures.data("Real/mia-books-getlist.json"), into: Books.pluralName)
        let every = URLQueryItem(name: "_st", value: "PUBLIC,DRAFT,TRASH,DELETED")
        let (status, answer) = try await backend.answer(
            RenderedRequest(path: "/\(Books.pluralName)/", queryItems: [every])
        )
        #expect(status == 200)
        #expect(answer == real)
        let published = try await backend.client().list(Books.query)
        let expected = try Fixtures.decode([Books].self, from: "Real/mia-books-getlist.json")
        #expect(published.items == expected.filter { $0.system.state == "PUBLIC" })
        #expect(!published.items.isEmpty && published.items.count < expected.count)

        // A create carries the service's own fields, as the real documents do.
        let systemKeys = Set(try #require(real.arrayValue?.first?.objectValue).keys).intersection([
            "_id", "__STATE__", "createdAt", "creatorId", "updatedAt", "updaterId",
        ])
        #expect(systemKeys.count == 6)
        let client = backend.client(headers: { ["userid": "reader-7"] })
        let created = try await client.create(Books.Create(name: "Dubliners", isbn: "0140186476"))
        let document = try #require(await backend.documents(in: Books.pluralName).last?.objectValue)
        #expect(systemKeys.isSubset(of: Set(document.keys)))
        #expect(document["creatorId"] == "reader-7" && document["__STATE__"] == "DRAFT")
        #expect(created.name == "Dubliners")
    }

    /// Parse's query answer (the REST guide's `GameScore` results), its count, and a create's answer.
    @Test func parseAnswersAsTheRESTGuideShows() async throws {
        let real = try JSONValue(parsing: try Fixtures.data("Real/parse-gamescores-query.json"))
        let backend = InMemoryBackend(.parse)
        try await backend.insert(json: try Fixtures.data("Real/parse-gamescores-query.json"), into: "GameScore")
        var (status, answer) = try await backend.answer(RenderedRequest(path: "/classes/GameScore"))
        #expect(status == 200)
        #expect(answer == ["results": real])
        let count = try GameScore.query.renderedCount(for: ParseDialect())
        (status, answer) = try await backend.answer(count)
        #expect(answer == ["results": [], "count": 2])

        let create = try GameScore.Create(score: 1).rendered(for: ParseDialect())
        let (data, response) = try await backend.send(try create.urlRequest(relativeTo: backend.baseURL))
        #expect(response.statusCode == 201)
        let created = try JSONValue(parsing: data)
        let id = try #require(created["objectId"]?.stringValue)
        #expect(
            created == ["objectId": .string(id), "createdAt": .string(try #require(created["createdAt"]?.stringValue))]
        )
        #expect(id.count == 10 && id.allSatisfy { $0.isLetter || $0.isNumber })
        #expect(response.value(forHTTPHeaderField: "Location")?.hasSuffix("/classes/GameScore/\(id)") == true)
        let found = try await backend.client().list(GameScore.query.where { $0.score.gt(1) })
        #expect(found.items == (try Fixtures.decode([GameScore].self, from: "Real/parse-gamescores-query.json")))
    }

    /// Each write answers in its backend's shape: Parse's update `{"updatedAt"}` (and what an operation made of its
    /// field) and delete `{}` (the REST guide, parse-community/docs `_includes/rest/objects.md`); the CRUD service's create `{"_id"}`, bulk create
    /// `[{"_id"}]`, count a number, `PATCH` the document and `DELETE` of one a 204 (crud-service
    /// `lib/httpInterface.js`).
    @Test func writesAnswerInTheirBackendsShape() async throws {
        let parse = InMemoryBackend(.parse)
        try await parse.insert([["objectId": "s1", "score": 1]], into: "GameScore")
        var (status, answer) = try await parse.answer(
            RenderedRequest(method: "PUT", path: "/classes/GameScore/s1", body: .object([("score", .int(2))]))
        )
        #expect(status == 200 && answer.objectValue?.keys.sorted() == ["updatedAt"])
        (status, answer) = try await parse.answer(
            RenderedRequest(
                method: "PUT",
                path: "/classes/GameScore/s1",
                body: .object([("score", .object([("__op", .string("Increment")), ("amount", .int(5))]))])
            )
        )
        #expect(answer.objectValue?.keys.sorted() == ["score", "updatedAt"] && answer["score"] == 7, "\(answer)")
        (status, answer) = try await parse.answer(
            RenderedRequest(method: "DELETE", path: "/classes/GameScore/s1")
        )
        #expect(status == 200 && answer == [:])

        let mia = InMemoryBackend(.mia(defaultState: .public))
        (status, answer) = try await mia.answer(
            RenderedRequest(method: "POST", path: "/books-endpoint/", body: .object([("name", .string("Ulysses"))]))
        )
        let id = try #require(answer["_id"]?.stringValue)
        #expect(status == 200 && answer == ["_id": .string(id)])
        (status, answer) = try await mia.answer(
            RenderedRequest(
                method: "POST",
                path: "/books-endpoint/bulk",
                body: .array([.object([("name", .string("Dubliners"))])])
            )
        )
        #expect(status == 200 && answer.arrayValue?.map { $0.objectValue?.keys.sorted() ?? [] } == [["_id"]])
        (status, answer) = try await mia.answer(RenderedRequest(path: "/books-endpoint/count"))
        #expect(answer == 2)
        (status, answer) = try await mia.answer(
            RenderedRequest(
                method: "PATCH",
                path: "/books-endpoint/\(id)",
                body: .object([("$set", .object([("name", .string("Ulysses!"))]))])
            )
        )
        #expect(status == 200 && answer["name"] == "Ulysses!" && answer["_id"] == .string(id))
        (status, answer) = try await mia.answer(RenderedRequest(method: "DELETE", path: "/books-endpoint/\(id)"))
        #expect(status == 204 && answer == .null)
    }

    /// An id holding a `/`, percent-encoded as one path segment, names one object: it can't reach another.
    @Test func anIDWithASlashNamesOneObject() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [["objectId": "x", "score": 1], ["objectId": "x/y", "score": 2], ["objectId": "y", "score": 3]],
            into: "GameScore"
        )
        let cases: [(String, Int?)] = [("x/y", 2), ("x/../y", nil), ("y", 3)]
        for (id, expected) in cases {
            let path = "/classes/GameScore/" + (try PathSegment(id).encoded)
            let (status, answer) = try await backend.answer(RenderedRequest(path: path))
            #expect(status == (expected == nil ? 404 : 200), "\(path)")
            #expect(answer["score"]?.intValue == expected, "\(path)")
        }
        #expect(await backend.requests.map(\.path).first == "/classes/GameScore/x%2Fy")
    }

    /// A preview's backend holds its models from the moment it is made.
    @Test func aBackendSeededWhenMadeHoldsItsModels() async throws {
        let histories = try Fixtures.decode([GeoHistory].self, from: "Real/cortex-c_geo_history.json")
        let backend = try InMemoryBackend(.cortex, seeding: histories)
        #expect(try await backend.stored(GeoHistory.self) == histories)
        #expect(try await backend.client().count(GeoHistory.query) == 2)
    }

    /// Parse's relational queries (`$inQuery`, `$notInQuery`, `$select`, `$dontSelect`, `$relatedTo`) resolved
    /// against the stored objects as parse-server resolves them, and a Relation changed with `AddRelation` and
    /// `RemoveRelation`.
    @Test func parseRelationalQueriesAndRelations() async throws {
        let backend = InMemoryBackend(.parse)
        func pointer(_ className: String, _ id: String) -> JSONValue {
            ["__type": "Pointer", "className": .string(className), "objectId": .string(id)]
        }
        try await backend.insert([["objectId": "g1", "title": "Pong"], ["objectId": "g2"]], into: "Game")
        try await backend.insert(
            [["objectId": "p1", "name": "Ann"], ["objectId": "p2", "name": "Cy"]],
            into: "Player"
        )
        try await backend.insert(
            [
                ["objectId": "s1", "score": 1, "playerName": "Ann", "game": pointer("Game", "g1")],
                ["objectId": "s2", "score": 2, "playerName": "Bob", "game": pointer("Game", "g2")],
                ["objectId": "s3", "score": 3, "playerName": "Cy"],
            ],
            into: "GameScore"
        )
        let client = backend.client()
        func ids(_ query: Query<GameScore>) async throws -> [String] {
            try await client.list(query).items.map(\.objectId)
        }
        #expect(try await ids(GameScore.query.where { $0.game.in(where: { $0.title.exists() }) }) == ["s1"])
        #expect(try await ids(GameScore.query.where { $0.game.notIn(where: { $0.title.exists() }) }) == ["s2", "s3"])
        let select = GameScore.query.where { $0.playerName.in(\Player.QueryFields.name, where: { $0.name.exists() }) }
        #expect(try await ids(select) == ["s1", "s3"])
        let dontSelect = GameScore.query.where {
            $0.playerName.notIn(\Player.QueryFields.name, where: { $0.name.hasPrefix("A") })
        }
        #expect(try await ids(dontSelect) == ["s2", "s3"])

        // s1's opponents: p1 and p2, then p1 removed.
        var add = GameScore.Patch()
        add.opponents.add(["p1", "p2"])
        _ = try await client.update("s1", add)
        let opponents = Player.query.where { _ in .relatedTo(\GameScore.QueryFields.opponents, of: "s1") }
        #expect(try await client.list(opponents).items.map(\.objectId) == ["p1", "p2"])
        var remove = GameScore.Patch()
        remove.opponents.remove(["p1"])
        _ = try await client.update("s1", remove)
        #expect(try await client.list(opponents).items.map(\.objectId) == ["p2"])
        let stored = try #require(await backend.documents(in: "GameScore").first)
        #expect(stored["opponents"] == ["__type": "Relation", "className": "Player"])
        #expect(
            try await client.list(Player.query.where { _ in .relatedTo(\GameScore.QueryFields.opponents, of: "s2") })
                .items.isEmpty
        )
    }

    /// A Parse model is `Identifiable` by its `objectId`, as SwiftUI's `List` and `ForEach` need a list's items to be.
    @Test func aParseModelIsIdentifiedByItsObjectID() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [["objectId": "p1", "name": "Ann"], ["objectId": "p2", "name": "Cy"]],
            into: "Player"
        )
        let players = try await backend.client().list(Player.query.sort { $0.name.ascending }).items
        func identities<Item: Identifiable>(_ items: [Item]) -> [Item.ID] { items.map(\.id) }
        #expect(identities(players) == ["p1", "p2"])
    }

    // MARK: Clock and ids

    @Test func theClockAndTheIDsMakeEveryRunTheSame() async throws {
        func run(_ backend: InMemoryBackend) async throws -> [JSONValue] {
            let client = backend.client()
            var ids: [ObjectID] = []
            for _ in 0..<3 { ids.append(try await client.create(GeoHistory.Create()).id) }
            var patch = GeoHistory.Patch()
            patch.prop1 = .null
            _ = try await client.update(ids[1], patch)
            return await backend.documents(in: GeoHistory.pluralName)
        }
        let first = try await run(InMemoryBackend(.cortex))
        #expect(try await run(InMemoryBackend(.cortex)) == first)
        #expect(
            first.map { $0["_id"] } == [
                "650000000000000000000001", "650000000000000000000002", "650000000000000000000003",
            ]
        )
        #expect(
            first.map { $0["created"] } == [
                "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:01.000Z", "2026-01-01T00:00:02.000Z",
            ]
        )
        #expect(first[1]["updated"] == "2026-01-01T00:00:03.000Z")

        // An app's own ids and start.
        let backend = InMemoryBackend(
            .cortex,
            clock: .virtual(start: Date(timeIntervalSince1970: 1_700_000_000), tick: .milliseconds(5)),
            ids: IDGenerator { "aaaaaaaaaaaaaaaaaaaaa" + String(format: "%03d", $0) }
        )
        let documents = try await run(backend)
        #expect(
            documents.map { $0["_id"] } == [
                "aaaaaaaaaaaaaaaaaaaaa001", "aaaaaaaaaaaaaaaaaaaaa002", "aaaaaaaaaaaaaaaaaaaaa003",
            ]
        )
        #expect(
            documents.map { $0["created"] } == [
                "2023-11-14T22:13:20.000Z", "2023-11-14T22:13:20.005Z", "2023-11-14T22:13:20.010Z",
            ]
        )
    }

    // MARK: Scripted faults

    @Test func aScriptedServerErrorIsRetriedAndAnswered() async throws {
        let backend = InMemoryBackend(.cortex)
        try await backend.insert(try Fixtures.decode([GeoHistory].self, from: "Real/cortex-c_geo_history.json"))
        await backend.script(.answer(status: 503), for: .request(method: "GET"), times: 2)
        let client = backend.client(retry: try RetryPolicy(maxAttempts: 3, initialDelay: .zero))
        #expect(try await client.list(GeoHistory.query).items.count == 2)
        #expect(await backend.requests.map(\.status) == [503, 503, 200])
    }

    @Test func aCutConnectionFailsAPostUnappliedAndAGetIsSentAgain() async throws {
        let backend = InMemoryBackend(.cortex)
        let client = backend.client(retry: try RetryPolicy(maxAttempts: 2, initialDelay: .zero))
        await backend.script(.cutConnection, for: .request(method: "POST"))
        await #expect(throws: (any Error).self) { _ = try await client.create(GeoHistory.Create()) }
        #expect(await backend.documents(in: GeoHistory.pluralName).isEmpty, "the backend did nothing")
        #expect(await backend.requests.map(\.status) == [nil])

        let created = try await client.create(GeoHistory.Create())
        await backend.script(.cutConnection, for: .request(method: "GET", pathPrefix: "/c_geo_historys/"))
        #expect(try await client.get(GeoHistory.self, id: created.id) == created)
        #expect(await backend.requests.suffix(2).map(\.status) == [nil, 200])
    }

    /// An access refusal (there is no ACL engine) is scripted for the requests it is for, in the backend's shape.
    @Test func anAccessErrorIsScriptedForTheRequestsItIsFor() async throws {
        let backend = InMemoryBackend(.cortex)
        let client = backend.client()
        let created = try await client.create(GeoHistory.Create())
        await backend.script(
            .answer(
                status: 403,
                body: ["object": "fault", "code": "kAccessDenied", "status": 403, "message": "Access denied"]
            ),
            for: .request(method: "DELETE")
        )
        #expect(try await client.get(GeoHistory.self, id: created.id) == created, "a GET is not the DELETE scripted")
        let error = await #expect(throws: ModelClientError.self) {
            try await client.delete(GeoHistory.self, id: created.id)
        }
        #expect("\(String(describing: error))".contains("kAccessDenied"))
        #expect(await backend.documents(in: GeoHistory.pluralName).count == 1)
        try await client.delete(GeoHistory.self, id: created.id)
        #expect(await backend.documents(in: GeoHistory.pluralName).isEmpty)
    }

    /// Under the virtual clock a scripted delay moves the backend's time on and returns at once.
    @Test func aDelayMovesTheVirtualClockOn() async throws {
        let backend = InMemoryBackend(.cortex)
        let client = backend.client()
        _ = try await client.create(GeoHistory.Create())
        await backend.script(.delay(.seconds(3600)), for: .request(method: "POST"))
        _ = try await client.create(GeoHistory.Create())
        let created = await backend.documents(in: GeoHistory.pluralName).map { $0["created"] }
        #expect(created == ["2026-01-01T00:00:00.000Z", "2026-01-01T01:00:01.000Z"])
    }
}
