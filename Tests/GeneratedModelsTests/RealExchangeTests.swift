import Foundation
import GoldenParse
import GoldenSupport
import ModelRuntime
import ModelRuntimeClient
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A backend's real answers, recorded with the requests that got them (`Fixtures/Real`, sources in its SOURCES.md),
/// played back to ``ModelClient``: each request the client sends must be the recorded one, and it must read each
/// answer as the app needs it.
@Suite struct RealExchangeTests {
    /// One recorded call: the request's method, URL and JSON body, the answer's status and JSON body.
    struct Exchange: Sendable {
        var method: String
        var url: String
        var requestBody: JSONValue?
        var status: Int
        var answer: JSONValue

        static func load(_ fixture: String) throws -> [Exchange] {
            let calls = try #require(try json(Fixtures.data("Real/" + fixture)).arrayValue)
            return try calls.map { call in
                Exchange(
                    method: try #require(call["request"]?["method"]?.stringValue),
                    url: try #require(call["request"]?["url"]?.stringValue),
                    requestBody: call["request"]?["body"],
                    status: try #require(call["response"]?["status"]?.intValue),
                    answer: try #require(call["response"]?["body"])
                )
            }
        }
    }

    /// Answers each request with the next recorded call's answer, and keeps what was sent.
    final class Playback: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var pending: [Exchange]
        private var sentRequests: [(method: String, url: String, body: JSONValue?)] = []

        init(_ exchanges: [Exchange]) {
            pending = exchanges
        }

        var sent: [(method: String, url: String, body: JSONValue?)] { lock.withLock { sentRequests } }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let url = try #require(request.url)
            let body = try request.httpBody.map { try JSONValue(parsing: $0) }
            let next: Exchange? = lock.withLock {
                sentRequests.append((request.httpMethod ?? "GET", url.absoluteString, body))
                return pending.isEmpty ? nil : pending.removeFirst()
            }
            let answer = try #require(next, "no recorded answer for \(url)")
            let response = try #require(
                HTTPURLResponse(
                    url: url,
                    statusCode: answer.status,
                    httpVersion: "HTTP/1.1",
                    headerFields: ["Content-Type": "application/json; charset=utf-8"]
                )
            )
            return (try answer.answer.jsonData(), response)
        }
    }

    /// api.parse.com's answers to a create, read, list, update, delete and read of the deleted `GameScore`: a create
    /// answers its id and date alone, an update its date alone, both read back; the list holds two objects the
    /// class's other fields are missing from; a delete answers `{}`; the object gone is a 404 with code 101.
    @Test func parseDotComAnswersACrudRoundThroughTheClient() async throws {
        let exchanges = try Exchange.load("parse-gamescore-api-parse-com.json")
        let playback = Playback(exchanges)
        let client = ModelClient(
            baseURL: try #require(URL(string: "https://api.parse.com/1")),
            parse: { ParseCredentials(applicationID: "app", restAPIKey: "key") },
            transport: playback,
            retry: .never
        )
        var body = GameScore.Create(score: 1337)
        body.playerName = "Joe Johnson"
        body.cheatMode = false
        let created = try await client.create(body)
        #expect(created.objectId == "rc2DiYglFL")
        #expect(created.system.createdAt == ISO8601DateCoding.date(from: "2014-11-17T09:27:27.213Z"))
        #expect(created.score == 1337 && created.playerName == "Joe Johnson" && created.cheatMode == false)

        let page = try await client.list(GameScore.query.sort { $0.createdAt.descending }.limit(3))
        #expect(page.items.map(\.objectId) == ["rc2DiYglFL", "sYU9y9UhBo", "YehuMjpdcx"])
        #expect(page.items.map(\.score) == [1337, nil, nil])
        #expect(page.items[2].system.updatedAt == ISO8601DateCoding.date(from: "2014-11-17T09:23:29.278Z"))
        #expect(page.hasMore)

        var patch = GameScore.Patch()
        patch.playerName = .set("New name")
        let updated = try await client.update(created.objectId, patch)
        #expect(updated.playerName == "New name")
        #expect(updated.system.updatedAt == ISO8601DateCoding.date(from: "2014-11-17T09:27:28.648Z"))
        #expect(updated.system.createdAt == created.system.createdAt)

        try await client.delete(GameScore.self, id: created.objectId)
        let error = await #expect(throws: ModelClientError.self) {
            _ = try await client.get(GameScore.self, id: created.objectId)
        }
        #expect(error?.refusal == .notFound)
        guard case .server(404, "101", "object not found for get", _) = error else {
            Issue.record("\(String(describing: error))")
            return
        }

        // The client sent what the recorded client sent: the methods and paths, and the create's and update's bodies.
        let sent = playback.sent
        #expect(sent.map(\.method) == exchanges.map(\.method))
        #expect(sent.map { $0.url.prefix { $0 != "?" } } == exchanges.map { $0.url[...] })
        for (request, exchange) in zip(sent, exchanges) where exchange.method == "POST" || exchange.method == "PUT" {
            #expect(request.body == exchange.requestBody, "\(exchange.method) \(exchange.url)")
        }
        // Every object read decodes and encodes back as it came.
        let objects = exchanges.filter { $0.status == 200 }.flatMap { $0.answer["results"]?.arrayValue ?? [$0.answer] }
            .filter { $0["objectId"] != nil }
        #expect(objects.count == 5)
        for object in objects {
            let decoded = try object.decoded(as: GameScore.self)
            let differences = jsonDifferences(try json(encoded(decoded)), object)
            #expect(differences.isEmpty, "\(differences)")
        }
    }
}
