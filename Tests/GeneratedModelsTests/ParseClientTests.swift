import BlockingTestSupport
import Foundation
import GoldenCortexExport
import GoldenQueries
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// ModelClient against Semantics/parse_server.py, a Parse Server stand-in written from Parse's REST guide and
// parse-server's routers: it refuses a request without the app id and REST key, and an unknown session token.

/// The client speaking Parse's REST API: credentials, the `results` envelope, counts, keys and include, objectId,
/// writes, Parse's error codes and `/batch` with per-operation failures.
@Suite(.timeLimit(.minutes(5)), .onPromptThreads)
struct ParseClientTests {
    static let credentials = ParseCredentials(applicationID: "testapp", restAPIKey: "restkey")

    /// Parse's paging, so against the in-memory backend (ModelRuntimeTesting).
    @Test func aPageTheServerCappedHasMoreAndLeadsToTheNext() async throws {
        do {
            let client = InMemoryBackend(.parse).client()
            // Three /batch requests rather than 101 creates, which took minutes on a loaded machine.
            let bodies = (0..<101).map { index in
                var body = GameScore.Create()
                body.points = index
                return body
            }
            #expect(try await client.createAll(bodies).count == 101)
            // No limit: parse-server answers its own page of 100, and says nothing of what follows.
            let first = try await client.list(GameScore.query)
            #expect(first.items.count == 100)
            #expect(first.hasMore)
            let second = try #require(try await first.next())
            #expect(second.skip == 100)
            #expect(second.items.count == 1)
            #expect(!second.hasMore)
            let third = try await second.next()
            #expect(third == nil)
            let points = (first.items + second.items).compactMap(\.points)
            #expect(Set(points) == Set(0..<101))
        }
    }

    @Test func roundTripWithCredentials() async throws {
        try await ParseServer.run { server in
            let client = server.client()
            for (index, player) in ["ann", "bob", "cy"].enumerated() {
                var body = GameScore.Create()
                body.points = (index + 1) * 10
                body.playerName = player
                let created = try await client.create(body)
                #expect(created.playerName == player)
            }
            var stored = try await server.objects("GameScore")
            #expect(stored.map { $0["playerName"]?.stringValue } == ["ann", "bob", "cy"])
            let ids = try stored.map { try #require($0["objectId"]?.stringValue) }

            // where, order, limit, skip in the `results` envelope.
            let page = try await client.list(
                GameScore.query.where { $0.points.gt(5) }.sort { $0.points.descending }.skip(1).limit(1)
            )
            #expect(page.items.map(\.playerName) == ["bob"])
            #expect(page.hasMore)
            let rest = try #require(try await page.next())
            #expect(rest.items.map(\.playerName) == ["ann"])

            // count=1 with limit=0.
            #expect(try await client.count(GameScore.query.where { $0.points.gte(20) }) == 2)
            let countRequest = try #require(try await server.requests().last)
            #expect(countRequest.contains("count=1") && countRequest.contains("limit=0"), "\(countRequest)")

            // Update with PUT /classes/<Class>/<objectId>, read back.
            var patch = GameScore.Patch()
            patch.points.increment(by: 7)
            let updated = try await client.update(ids[1], patch)
            #expect(updated.points == 27)
            #expect(try await server.requests().suffix(2).first == "PUT /parse/classes/GameScore/\(ids[1])")

            try await client.delete(GameScore.self, id: ids[0])
            stored = try await server.objects("GameScore")
            #expect(stored.compactMap { $0["objectId"]?.stringValue } == Array(ids.dropFirst()))

            // A session token the server knows is accepted.
            let signedIn = server.client(
                ParseCredentials(applicationID: "testapp", restAPIKey: "restkey", sessionToken: "r:valid")
            )
            #expect(try await signedIn.count(GameScore.query) == 2)
        }
    }

    @Test func refusalsAreTyped() async throws {
        try await ParseServer.run { server in
            // No REST key: parse-server's 403 {"error":"unauthorized"}.
            let keyless = server.client(ParseCredentials(applicationID: "testapp"))
            await expectRefusal(.unauthorized) { _ = try await keyless.count(GameScore.query) }
            // An unknown session token: 400 with code 209.
            let badSession = server.client(
                ParseCredentials(applicationID: "testapp", restAPIKey: "restkey", sessionToken: "r:expired")
            )
            await expectRefusal(.unauthorized, code: "209") { _ = try await badSession.count(GameScore.query) }
            // A missing object: 404 with code 101.
            let client = server.client()
            await expectRefusal(.notFound, code: "101") { _ = try await client.get(GameScore.self, id: "nope") }
            // A duplicate value on a unique field: 137.
            try await server.addUniqueIndex("GameScore", "playerName")
            var body = GameScore.Create()
            body.playerName = "ann"
            _ = try await client.create(body)
            await expectRefusal(.conflict, code: "137") { _ = try await client.create(body) }
        }
    }

    @Test func keysAndIncludeComeFromTheQuery() async throws {
        // Parse's semantics, so against the in-memory backend (ModelRuntimeTesting), not the stand-in server.
        do {
            let backend = InMemoryBackend(.parse)
            let client = backend.client()
            let players = try await client.createAll([playerBody("ann")])
            let score = try await client.post(
                RawBody(
                    points: 3,
                    playerName: "x",
                    owner: ParsePointerBody(className: "Player", objectId: players[0])
                ),
                to: "/classes/GameScore",
                answer: JSONValue.self
            )
            let scoreID = try #require(score["objectId"]?.stringValue)

            let listed = try await client.list(
                ScoreWithOwner.query.paths { [$0.points] }.expand { [$0.owner] }
            )
            let query = try #require(await backend.requests.last)
            #expect(query.queryItem("keys") == "points,owner", "\(query)")
            #expect(query.queryItem("include") == "owner", "\(query)")
            let item = try #require(listed.items.first)
            #expect(item.objectId == scoreID)
            #expect(item.points == 3)
            #expect(item.playerName == nil, "keys left playerName out")
            #expect(item.owner?.name == "ann", "include replaced the pointer with the object")

            let read = try await client.get(
                ScoreWithOwner.self,
                id: scoreID,
                query: ScoreWithOwner.query.expand { [$0.owner] }
            )
            #expect(read.owner?.name == "ann")
            #expect(read.playerName == "x")
        }
    }

    /// Parse's `/batch` semantics, so against the in-memory backend (ModelRuntimeTesting), with a unique index.
    @Test func batchCreatesUpdatesAndDeletesAndNamesEachFailure() async throws {
        do {
            let backend = InMemoryBackend(.parse)
            let client = backend.client()
            await backend.requireUnique("name", in: "Player")
            // 60 creates: two batch requests (50 + 10), each path under the mount path.
            let names = (0..<60).map { "p\($0)" }
            let ids = try await client.createAll(names.map { playerBody($0) })
            #expect(ids.count == 60)
            #expect(Set(ids).count == 60)
            let stored = await backend.documents(in: "Player")
            #expect(stored.compactMap { $0["name"]?.stringValue } == names)
            #expect(stored.compactMap { $0["objectId"]?.stringValue } == ids)
            #expect(await backend.requests.filter { $0.method == "POST" && $0.path == "/batch" }.count == 2)

            // Updates: the second renames onto a taken name and is refused; the others are applied.
            var rename = Player.Patch()
            rename.name = .set("renamed")
            var clash = Player.Patch()
            clash.name = .set("p5")
            do {
                try await client.updateAll([
                    (id: ids[0], patch: rename), (id: ids[1], patch: clash), (id: "gone", patch: rename),
                ])
                Issue.record("a refused batch update did not throw")
            } catch let error as BatchError {
                #expect(error.applied == [0])
                #expect(error.failures.map(\.index) == [1, 2])
                #expect(error.failures.map(\.error.refusal) == [.conflict, .notFound])
                #expect(error.notSent.isEmpty)
            }
            let afterUpdate = await backend.documents(in: "Player")
            #expect(afterUpdate.first?["name"]?.stringValue == "renamed")
            #expect(afterUpdate.dropFirst().first?["name"]?.stringValue == "p1")

            // A push and a pull of one array take two requests on Parse, which one batch operation can't hold.
            var pushAndPull = GoldenCortexExport.Clinic.Patch()
            pushAndPull.tags.push(["a"])
            pushAndPull.tags.pull(["b"])
            let batchesBefore = await backend.requests.filter { $0.path == "/batch" }.count
            do {
                try await client.updateAll([(id: ids[4], patch: pushAndPull)])
                Issue.record("a two-step patch went into a batch")
            } catch ModelClientError.unsupported(let what) {
                #expect(what.contains("takes 2 requests"), "\(what)")
            }
            #expect(await backend.requests.filter { $0.path == "/batch" }.count == batchesBefore)

            // Deletes: one id is unknown.
            do {
                try await client.deleteAll(Player.self, ids: [ids[2], "missing", ids[3]])
                Issue.record("a batch delete of a missing object did not throw")
            } catch let error as BatchError {
                #expect(error.applied == [0, 2])
                #expect(error.failures.map(\.index) == [1])
                #expect(error.failures.first?.error.refusal == .notFound)
            }
            let remaining = await backend.documents(in: "Player").compactMap { $0["objectId"]?.stringValue }
            #expect(!remaining.contains(ids[2]) && !remaining.contains(ids[3]))
            #expect(remaining.count == 58)

            // A create refused midway: the others exist, and the error gives their ids.
            do {
                _ = try await client.createAll([playerBody("new1"), playerBody("p9"), playerBody("new2")])
                Issue.record("a duplicate create did not throw")
            } catch let error as BatchError {
                #expect(error.applied == [0, 2])
                #expect(error.failures.first?.error.refusal == .conflict)
                let created = await backend.documents(in: "Player").suffix(2).compactMap { $0["objectId"]?.stringValue }
                #expect([error.createdIDs[0], error.createdIDs[2]].compactMap { $0 } == created)
            }
        }
    }

    private func expectRefusal(
        _ refusal: ServerRefusal,
        code: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            Issue.record("no refusal", sourceLocation: sourceLocation)
        } catch let error as ModelClientError {
            #expect(error.refusal == refusal, "\(error)", sourceLocation: sourceLocation)
            if let code, case .server(_, let sent, _, _) = error {
                #expect(sent == code, sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }
}

private func playerBody(_ name: String) -> Player.Create {
    var body = Player.Create()
    body.name = name
    return body
}

/// A create body with a Parse Pointer, written by hand: the Queries golden has no Parse wire types.
private struct RawBody: Encodable {
    var points: Int
    var playerName: String
    var owner: ParsePointerBody
}

private struct ParsePointerBody: Encodable {
    var __type = "Pointer"
    var className: String
    var objectId: String
}

/// A Parse score whose owner comes back included (`{"__type":"Object",…}`) or as a bare pointer.
private struct ScoreWithOwner: QueryableModel {
    static let apiName = "GameScore"
    static let pluralName = "GameScore"
    typealias QueryFields = GameScore.Fields<ScoreWithOwner>

    struct Owner: Codable, Hashable, Sendable {
        var objectId: String
        var name: String?
    }

    struct ExpandableFields: FieldCollection {
        typealias Root = ScoreWithOwner
        private let prefix: FieldPath
        init(_ prefix: FieldPath) { self.prefix = prefix }
        var owner: ExpandPath<ScoreWithOwner> { .init(prefix, "owner") }
    }

    var objectId: String
    var points: Int?
    var playerName: String?
    var owner: Owner?
}

/// Semantics/parse_server.py on 127.0.0.1; stopped in every path.
final class ParseServer: @unchecked Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Semantics/parse_server.py")

    let transport = LocalPythonServer.makeTransport()
    private let control = LocalPythonServer.makeTransport()
    private let server: LocalPythonServer

    private init(server: LocalPythonServer) {
        self.server = server
    }

    static func run(_ body: (ParseServer) async throws -> Void) async throws {
        let server = ParseServer(
            server: try await LocalPythonServer.start(
                script: script,
                lifetime: 600,
                requirement: "the Parse client tests need python3"
            )
        )
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    func client(_ credentials: ParseCredentials = ParseClientTests.credentials) -> ModelClient {
        ModelClient(
            baseURL: server.baseURL.appendingPathComponent("parse"),
            parse: { credentials },
            transport: transport,
            retry: .never,
            timeout: LocalPythonServer.answerBackstop
        )
    }

    func stop() async {
        transport.session.invalidateAndCancel()
        await server.stop()
        control.session.invalidateAndCancel()
    }

    private func controlJSON(_ path: String, body: JSONValue? = nil) async throws -> JSONValue {
        var request = URLRequest(url: server.baseURL.appendingPathComponent(path))
        if let body {
            request.httpMethod = "POST"
            request.httpBody = try body.jsonData()
        }
        let (data, response) = try await control.send(request)
        try #require(response.statusCode == 200, "\(path): \(String(decoding: data, as: UTF8.self))")
        return try JSONValue(parsing: data)
    }

    /// The stored objects of one class, in creation order.
    func objects(_ className: String) async throws -> [JSONValue] {
        try await controlJSON("__state")["classes"]?[className]?.arrayValue ?? []
    }

    /// Every request below the mount path so far, as `METHOD /path?query`.
    func requests() async throws -> [String] {
        try await controlJSON("__state")["requests"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The files uploads stored, by the name the server gave each: `contentType` and `data` (base64).
    func files() async throws -> [String: JSONValue] {
        try await controlJSON("__state")["files"]?.objectValue ?? [:]
    }

    func addUniqueIndex(_ className: String, _ field: String) async throws {
        _ = try await controlJSON(
            "__unique",
            body: .object(["className": .string(className), "field": .string(field)])
        )
    }
}
