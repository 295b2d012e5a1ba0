import BlockingTestSupport
import Foundation
import GoldenMedable
import GoldenQueries
import ModelRuntime
import ModelRuntimeClient
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// ModelClient against Semantics/client_server.py (standard library only), a document server on 127.0.0.1 that speaks
// cortex (under /cortex), mia (/mia) and parse (/parse), and shows its whole state at GET /__state: what a real socket
// shows (uploads, retries, timeouts, cancellation, headers). Each dialect's semantics (round trips, states, bulk calls,
// paging, not found) are tested against ModelRuntimeTesting's in-memory backends in InMemoryBackendTests.swift.

/// The client's uploads, errors, retries and cancellation over a real socket.
@Suite(.timeLimit(.minutes(5)), .onPromptThreads)
struct ClientTests {
    @Test func cortexCreateUploadsTheFilesItsAnswerAsksFor() async throws {
        try await ClientServer.run { server in
            let client = server.client("cortex", dialect: CortexDialect.cortex)
            let first = Data((0..<3000).map { UInt8($0 % 251) })
            let second = Data("second picture\r\n--".utf8)
            var create = Office.Create()
            create.stringProperty = "Room 4"
            create.pictures = [
                FileUpload(facets: ["content": .init(data: first, mime: "image/jpeg")]),
                FileUpload(facets: ["content": .init(data: second, mime: "image/png")]),
            ]
            let office = try await client.create(create)
            #expect(office.stringProperty == "Room 4")
            #expect(office.pictures?.count == 2)
            let uploads = try await server.uploads()
            #expect(uploads.map(\.path).count == 2)
            #expect(uploads.map { $0.path.hasSuffix("/0/content") || $0.path.hasSuffix("/1/content") } == [true, true])
            #expect(uploads.allSatisfy { $0.contentType?.hasPrefix("multipart/form-data") == true })
            #expect(uploads.first?.body.range(of: first) != nil, "the first file's bytes were uploaded")
            #expect(uploads.last?.body.range(of: second) != nil, "the second file's bytes were uploaded")
            #expect(try await server.documents("cortex", "c_offices").count == 1)
        }
    }

    // MARK: Writes that succeed on the server

    @Test func aCreateWhoseReadBackFailsSaysWhichInstanceExists() async throws {
        try await ClientServer.run { server in
            let client = server.client("mia", dialect: MiaDialect.mia)
            let id = "5f00000000000000000000aa"
            try await server.script([
                ["status": 200, "body": #"{"_id":"\#(id)"}"#],
                ["status": 404, "body": #"{"statusCode":404,"error":"Not Found","message":"gone"}"#],
            ])
            await #expect {
                _ = try await client.create(Item.Create(name: "x"))
            } throws: { error in
                guard case ModelClientError.createdButNotRead(let created, let underlying) = error,
                    case ModelClientError.server(404, _, "gone", _)? = underlying as? ModelClientError
                else { return false }
                return created == id && "\(error)".contains(id)
            }
        }
    }

    @Test func anUploadToStorageThatCantBeReachedNamesPropertyFacetAndObject() async throws {
        try await ClientServer.run { server in
            // Port 1 on the loopback address: nothing listens there, so the connection is refused.
            try await server.setStorage("http://127.0.0.1:1")
            let client = server.client("cortex", dialect: CortexDialect.cortex)
            var create = Office.Create()
            create.stringProperty = "Room 5"
            create.pictures = [FileUpload(facets: ["content": .init(data: Data("jpeg".utf8), mime: "image/jpeg")])]
            let error = await #expect(throws: UploadError.self) { _ = try await client.create(create) }
            let stored = try await server.documents("cortex", "c_offices")
            #expect(stored.count == 1, "the office was created before its upload")
            #expect(error?.property == "c_pictures[0]")
            #expect(error?.facet == "content")
            #expect(error?.objectID != nil)
            #expect(error?.objectID == stored.first?["_id"]?.stringValue)
            let description = error?.description ?? ""
            #expect(description.contains("c_pictures[0]") && description.contains(#""content""#), "\(description)")
        }
    }

    // MARK: What an error answer means

    @Test func refusalsSayWhatTheyMean() async throws {
        let cases: [(String, [String: any Sendable], ServerRefusal)] = [
            ("mia", ["status": 409, "body": #"{"statusCode":409,"error":"Conflict","message":"dup"}"#], .conflict),
            (
                "mia", ["status": 401, "body": #"{"statusCode":401,"error":"Unauthorized","message":"no"}"#],
                .unauthorized
            ),
            ("parse", ["status": 400, "body": #"{"code":209,"error":"Invalid session token"}"#], .unauthorized),
            ("parse", ["status": 400, "body": #"{"code":137,"error":"duplicate value"}"#], .conflict),
            // Cortex's validators write each path fully qualified, the object's name first, as its own tests of a
            // required property show (`account.email`); the refusal names the property, as the other backends do.
            (
                "cortex",
                [
                    "status": 400,
                    "body":
                        #"{"object":"fault","name":"error","errCode":"cortex.invalidArgument.validation","code":"kValidationError","status":400,"reason":"Validation error.","faults":[{"object":"fault","name":"validation","errCode":"cortex.invalidArgument.required","code":"kRequired","status":400,"reason":"Required property","message":"Please enter a value.","path":"c_item.c_name"},{"object":"fault","name":"validation","errCode":"cortex.invalidArgument.unspecified","code":"kInvalidArgument","status":400,"path":"c_item.c_address.c_city"}]}"#,
                ],
                .validation(fields: ["c_name", "c_address.c_city"])
            ),
            (
                "cortex",
                [
                    "status": 404,
                    "body":
                        #"{"object":"fault","name":"db","errCode":"cortex.notFound.property","code":"kNotFound","status":404,"path":"c_address.c_nope"}"#,
                ],
                .validation(fields: ["c_address.c_nope"])
            ),
            (
                "mia",
                [
                    "status": 400,
                    "body": #"{"statusCode":400,"error":"Bad Request","message":"body/c_name must be string"}"#,
                ],
                .validation(fields: ["c_name"])
            ),
            // Cortex refuses a property a request names that the object doesn't have, or that it may not write, with
            // a 404 and a 403 of their own: the request is wrong, not the instance or the principal.
            (
                "cortex",
                [
                    "status": 404,
                    "body":
                        #"{"object":"fault","name":"db","errCode":"cortex.notFound.property","code":"kNotFound","status":404,"path":"c_nope"}"#,
                ],
                .validation(fields: ["c_nope"])
            ),
            (
                "cortex",
                [
                    "status": 403,
                    "body":
                        #"{"object":"fault","errCode":"cortex.accessDenied.notWritable","code":"kAccessDenied","status":403,"path":"created"}"#,
                ],
                .validation(fields: ["created"])
            ),
            (
                "cortex",
                [
                    "status": 404,
                    "body":
                        #"{"object":"fault","name":"db","errCode":"cortex.notFound.instance","code":"kNotFound","status":404}"#,
                ],
                .notFound
            ),
            (
                "cortex",
                [
                    "status": 403,
                    "body":
                        #"{"object":"fault","errCode":"cortex.accessDenied.instanceRead","code":"kAccessDenied","status":403}"#,
                ],
                .unauthorized
            ),
        ]
        try await ClientServer.run { server in
            for (name, answer, refusal) in cases {
                try await server.script([answer])
                let dialect: any ClientDialect =
                    switch name {
                    case "cortex": CortexDialect.cortex
                    case "mia": MiaDialect.mia
                    default: ParseDialect.parse
                    }
                let error = await #expect(throws: ModelClientError.self) {
                    _ = try await server.client(name, dialect: dialect).get(JSONValue.self, path: "/anything")
                }
                #expect(error?.refusal == refusal, "\(answer)")
            }
        }
    }

    @Test func aRateLimitedRequestWaitsAsToldAndIsRetriedWhateverItsMethod() async throws {
        try await ClientServer.run { server in
            let client = server.client(
                "mia",
                dialect: MiaDialect.mia,
                retry: try RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(10))
            )
            let limited: [String: any Sendable] = [
                "status": 429, "headers": ["Retry-After": "1"],
                "body": #"{"statusCode":429,"error":"Too Many Requests","message":"slow down"}"#,
            ]
            try await server.script([limited])
            let clock = ContinuousClock()
            let start = clock.now
            let created = try await client.create(Item.Create(name: "after the wait"))
            // Not a speed figure: the server asked for a second, and the client must not come back sooner.
            #expect(clock.now - start >= .seconds(1))
            #expect(created.name == "after the wait")
            #expect(try await server.hits().filter { $0.hasPrefix("POST") }.count == 2)
        }
    }

    @Test func aRetryAfterLongerThanThePolicyAllowsEndsTheRetries() async throws {
        try await ClientServer.run { server in
            let client = server.client(
                "mia",
                dialect: MiaDialect.mia,
                retry: try RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(10), maximumDelay: .seconds(30))
            )
            try await server.script([
                ["status": 429, "headers": ["Retry-After": "120"], "body": #"{"statusCode":429,"message":"later"}"#]
            ])
            let error = await #expect(throws: ModelClientError.self) { _ = try await client.count(Item.query) }
            guard case .rateLimited(let retryAfter, _, "later", _)? = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(retryAfter == .seconds(120))
            #expect(error?.refusal == .rateLimited(retryAfter: .seconds(120)))
            #expect(try await server.hits().count == 1)
        }
    }

    @Test func aPostIsSentAgainAfterALostConnectionOnlyWhenThePolicySaysSo() async throws {
        try await ClientServer.run { server in
            let flaky = FlakyTransport(base: server.transport, failures: 1)
            var client = ModelClient(
                baseURL: server.baseURL.appendingPathComponent("mia"),
                dialect: MiaDialect.mia,
                transport: flaky,
                retry: try RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(5)),
                timeout: LocalPythonServer.answerBackstop
            )
            await #expect(throws: ModelClientError.self) { _ = try await client.create(Item.Create(name: "once")) }
            #expect(flaky.attempts == 1)
            flaky.reset(failures: 1)
            client = ModelClient(
                baseURL: server.baseURL.appendingPathComponent("mia"),
                dialect: MiaDialect.mia,
                transport: flaky,
                retry: try RetryPolicy(
                    maxAttempts: 3,
                    initialDelay: .milliseconds(5),
                    retriesNonIdempotentRequests: true
                ),
                timeout: LocalPythonServer.answerBackstop
            )
            let created = try await client.create(Item.Create(name: "twice"))
            #expect(created.name == "twice")
            #expect(flaky.attempts == 3)  // the lost POST, the POST, the GET that reads it back
        }
    }

    // MARK: Errors

    @Test func clientErrorsCarryEachDialectsErrorBody() async throws {
        try await ClientServer.run { server in
            let missing = try #require(ObjectID("5f0000000000000000000999"))
            for (name, dialect) in [("cortex", CortexDialect.cortex as any ClientDialect), ("mia", MiaDialect.mia)] {
                let client = server.client(name, dialect: dialect)
                do {
                    _ = try await client.get(Item.self, id: missing)
                    Issue.record("\(name): a missing item was found")
                } catch ModelClientError.server(let status, let code, let message, let body) {
                    #expect(status == 404)
                    #expect(code == (name == "cortex" ? "kNotFound" : "Not Found"))
                    #expect(message == "no instance \(missing)")
                    #expect(!body.isEmpty)
                }
            }
            let parse = server.client("parse", dialect: ParseDialect.parse)
            do {
                _ = try await parse.get(GameScore.self, id: "nope")
                Issue.record("parse: a missing score was found")
            } catch ModelClientError.server(let status, let code, let message, _) {
                #expect(status == 404)
                #expect(code == "101")
                #expect(message == "no instance nope")
            }
            // A create the server refuses (cortex validation), and it is not retried.
            let cortex = server.client("cortex", dialect: CortexDialect.cortex)
            try await server.script([
                [
                    "status": 400,
                    "body": #"{"object":"fault","code":"kValidationError","reason":"bad","message":"c_name is bad"}"#,
                ]
            ])
            do {
                _ = try await cortex.create(Item.Create(name: "x"))
                Issue.record("the refused create succeeded")
            } catch ModelClientError.server(let status, let code, let message, _) {
                #expect(status == 400)
                #expect(code == "kValidationError")
                #expect(message == "c_name is bad")
            }
        }
    }

    @Test func serverErrorsAreRetriedForGetButNotForPost() async throws {
        try await ClientServer.run { server in
            let client = server.client(
                "mia",
                dialect: MiaDialect.mia,
                retry: try RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(10), multiplier: 2)
            )
            let unavailable: [String: any Sendable] = [
                "status": 503, "body": #"{"statusCode":503,"error":"Service Unavailable","message":"busy"}"#,
            ]
            // Two 503s, then the real answer: the third GET succeeds.
            try await server.script([unavailable, unavailable])
            let page = try await client.list(Item.query)
            #expect(page.items.isEmpty)
            #expect(try await server.hits() == Array(repeating: "GET /mia/c_items/", count: 3))

            // Three 503s: the GET gives up after three attempts.
            try await server.script([unavailable, unavailable, unavailable, unavailable])
            await #expect(throws: ModelClientError.self) { _ = try await client.count(Item.query) }
            #expect(try await server.hits().count == 6)
            try await server.reset()

            // A POST is sent once.
            try await server.script([unavailable])
            do {
                _ = try await client.create(Item.Create(name: "once"))
                Issue.record("the create succeeded")
            } catch ModelClientError.server(let status, let code, let message, _) {
                #expect(status == 503)
                #expect(code == "Service Unavailable")
                #expect(message == "busy")
            }
            #expect(try await server.hits() == ["POST /mia/c_items/"])
            #expect(try await server.documents("mia", "c_items").isEmpty)
        }
    }

    @Test func transportErrorsAreRetriedForIdempotentRequestsOnly() async throws {
        try await ClientServer.run { server in
            let flaky = FlakyTransport(
                base: server.transport,
                failures: 2
            )
            let client = ModelClient(
                baseURL: server.baseURL.appendingPathComponent("mia"),
                dialect: MiaDialect.mia,
                transport: flaky,
                retry: try RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(5), multiplier: 2),
                timeout: LocalPythonServer.answerBackstop
            )
            // Two dropped connections, then the GET gets through.
            #expect(try await client.count(Item.query) == 0)
            #expect(flaky.attempts == 3)

            // A PATCH is never sent twice: the first failure is the answer.
            flaky.reset(failures: 1)
            var patch = Item.Patch()
            patch.name = .set("x")
            do {
                _ = try await client.update(try #require(ObjectID("5f0000000000000000000001")), patch)
                Issue.record("the update succeeded")
            } catch ModelClientError.transport(let error) {
                #expect(error is URLError)
            }
            #expect(flaky.attempts == 1)

            // A DELETE is retried, and gives up after maxAttempts.
            flaky.reset(failures: 10)
            await #expect(throws: ModelClientError.self) {
                try await client.delete(Item.self, id: try #require(ObjectID("5f0000000000000000000001")))
            }
            #expect(flaky.attempts == 3)
        }
    }

    @Test func malformedAnswerNamesModelKeyPathAndRequest() async throws {
        try await ClientServer.run { server in
            let client = server.client("cortex", dialect: CortexDialect.cortex)
            try await server.script([
                [
                    "status": 200,
                    "body":
                        #"{"object":"list","hasMore":false,"data":[{"_id":"5f0000000000000000000001","c_name":"a"},{"_id":"5f0000000000000000000002","c_name":"b","c_size":{"c_width":"wide"}}]}"#,
                ]
            ])
            do {
                _ = try await client.list(Item.query)
                Issue.record("a malformed list decoded")
            } catch ModelClientError.decoding(let model, let keyPath, let request, _) {
                #expect(model == "Item")
                #expect(keyPath == "data[1].c_size.c_width")
                #expect(request == "GET /c_items")
            }
            try await server.script([["status": 200, "body": #"{"_id":"5f0000000000000000000001","c_name":5}"#]])
            do {
                _ = try await client.get(Item.self, id: try #require(ObjectID("5f0000000000000000000001")))
                Issue.record("an item whose name is a number decoded")
            } catch ModelClientError.decoding(let model, let keyPath, let request, _) {
                #expect(model == "Item")
                #expect(keyPath == "c_name")
                #expect(request == "GET /c_items/5f0000000000000000000001")
            }
            // An answer that is not JSON at all.
            try await server.script([["status": 200, "body": "<html>oops</html>"]])
            do {
                _ = try await client.count(Item.query)
                Issue.record("an HTML answer counted")
            } catch ModelClientError.decoding(let model, let keyPath, let request, _) {
                #expect(model == "Int")
                #expect(keyPath == "")
                #expect(request == "GET /c_items")
            }
        }
    }

    @Test func cancellationPassesThrough() async throws {
        try await ClientServer.run { server in
            let client = server.client("cortex", dialect: CortexDialect.cortex)
            // The server keeps its answer until released: the task can end before that only by being cancelled.
            try await server.script([["status": 200, "hold": true, "body": #"{"object":"list","data":[]}"#]])
            let task = Task { try await client.list(Item.query) }
            try await server.waitForHits(1)
            task.cancel()
            let ended = try #require(await result(of: task, within: 300, "the cancelled list"))
            switch ended {
            case .success: Issue.record("the cancelled list finished")
            case .failure(let error): #expect(error is CancellationError, "expected CancellationError, got \(error)")
            }
            #expect(try await server.heldAnswered() == 0, "the server answered before the list ended")
            try await server.release()
        }
    }

    @Test func headersGoWithEveryRequest() async throws {
        try await ClientServer.run { server in
            let client = server.client(
                "cortex",
                dialect: CortexDialect.cortex,
                headers: { ["Medable-Client-Key": "k1"] }
            )
            _ = try await client.list(Item.query)
            let seen = try await server.headers()
            #expect(seen.last?["Medable-Client-Key"] == "k1")
        }
    }
}

/// Fails the first `failures` requests as a dropped connection would, then sends through `base`; counts attempts.
private final class FlakyTransport: HTTPTransport, @unchecked Sendable {
    let base: URLSessionTransport
    private let lock = NSLock()
    private var failures: Int
    private var count = 0

    init(base: URLSessionTransport, failures: Int) {
        self.base = base
        self.failures = failures
    }

    var attempts: Int { lock.withLock { count } }

    func reset(failures: Int) {
        lock.withLock {
            self.failures = failures
            count = 0
        }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let fail = lock.withLock {
            count += 1
            return count <= failures
        }
        if fail { throw URLError(.networkConnectionLost) }
        return try await base.send(request)
    }
}

/// Semantics/client_server.py on 127.0.0.1; stopped in every path.
final class ClientServer: @unchecked Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Semantics/client_server.py")

    let transport = LocalPythonServer.makeTransport()
    private let control = LocalPythonServer.makeTransport()
    private let server: LocalPythonServer
    var baseURL: URL { server.baseURL }

    private init(server: LocalPythonServer) {
        self.server = server
    }

    static func run(_ body: (ClientServer) async throws -> Void) async throws {
        let server = try await start()
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    func client(
        _ dialect: String,
        dialect value: any ClientDialect,
        retry: RetryPolicy = .never,
        headers: @escaping @Sendable () async throws -> [String: String] = { [:] }
    ) -> ModelClient {
        ModelClient(
            baseURL: baseURL.appendingPathComponent(dialect),
            dialect: value,
            transport: transport,
            headers: headers,
            retry: retry,
            timeout: LocalPythonServer.answerBackstop
        )
    }

    static func start() async throws -> ClientServer {
        ClientServer(
            server: try await LocalPythonServer.start(
                script: script,
                // A backstop only: the test stops the server, and it stops itself when the test process ends. A
                // loaded CI machine has run one client suite for three minutes.
                lifetime: 600,
                requirement: "the client tests need python3"
            )
        )
    }

    /// Stops the server and both sessions; safe to call again.
    func stop() async {
        transport.session.invalidateAndCancel()
        await server.stop()
        control.session.invalidateAndCancel()
    }

    private func controlJSON(_ path: String, method: String = "GET", body: Data? = nil) async throws -> JSONValue {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await control.send(request)
        try #require(response.statusCode == 200, "\(path): \(String(decoding: data, as: UTF8.self))")
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The stored documents of one collection, in insertion order.
    func documents(_ dialect: String, _ collection: String) async throws -> [JSONValue] {
        try await controlJSON("__state")[dialect]?[collection]?.arrayValue ?? []
    }

    /// Waits (polling the control endpoint, at most 60 s) until the server has counted `count` requests.
    func waitForHits(_ count: Int) async throws {
        for _ in 0..<600 {
            if try await hits().count >= count { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw LocalPythonServerError(description: "the server did not see \(count) requests within 60 s")
    }

    /// How many held answers (`"hold": true`) the server has sent.
    func heldAnswered() async throws -> Int {
        try await controlJSON("__hits")["heldAnswered"]?.intValue ?? -1
    }

    /// Answers the held requests.
    func release() async throws {
        _ = try await controlJSON("__release", method: "POST")
    }

    /// Every counted request so far, as `METHOD /path`.
    func hits() async throws -> [String] {
        try await controlJSON("__hits")["requests"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The query string of every counted request so far.
    func queries() async throws -> [String] {
        try await controlJSON("__hits")["queries"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The headers of every counted request so far.
    func headers() async throws -> [[String: String]] {
        try await controlJSON("__hits")["headers"]?.arrayValue?.map { value in
            (value.objectValue ?? [:]).compactMapValues(\.stringValue)
        } ?? []
    }

    /// The multipart uploads the server received, in order.
    func uploads() async throws -> [(path: String, contentType: String?, body: Data)] {
        try await controlJSON("__state")["uploads"]?.arrayValue?.map { value in
            (
                value["path"]?.stringValue ?? "", value["contentType"]?.stringValue,
                Data(base64Encoded: value["body"]?.stringValue ?? "") ?? Data()
            )
        } ?? []
    }

    /// Answers for the next requests, in order.
    func script(_ answers: [[String: any Sendable]]) async throws {
        let data = try JSONSerialization.data(withJSONObject: answers.map { $0 as [String: Any] })
        _ = try await controlJSON("__script", method: "POST", body: data)
    }

    /// Points Cortex's upload instructions at `base` instead of the server itself.
    func setStorage(_ base: String) async throws {
        let data = try JSONSerialization.data(withJSONObject: ["base": base])
        _ = try await controlJSON("__storage", method: "POST", body: data)
    }

    func reset() async throws {
        _ = try await controlJSON("__reset", method: "POST", body: Data("{}".utf8))
    }
}

/// A transport that never answers until it is cancelled, and counts how often it was asked.
private final class SilentTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    private var cancellations = 0

    var counts: (calls: Int, cancellations: Int) {
        lock.withLock { (calls, cancellations) }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        lock.withLock { calls += 1 }
        do {
            // Far longer than any run: only the client's own timeout, by cancelling, ends this wait.
            try await Task.sleep(for: .seconds(600))
        } catch {
            lock.withLock { cancellations += 1 }
            throw error
        }
        throw URLError(.timedOut)
    }
}

@Suite(.onPromptThreads) struct ClientTimeoutTests {
    @Test func aRequestWithoutAnswerTimesOutAndIsAbandoned() async throws {
        let transport = SilentTransport()
        let client = ModelClient(
            baseURL: URL(string: "http://127.0.0.1:9")!,
            dialect: .cortex,
            transport: transport,
            retry: try RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(10)),
            timeout: .milliseconds(100)
        )
        await #expect {
            _ = try await client.get(Item.self, id: ObjectID("5a2f1b7c9d3e4f5a6b7c8d9e")!)
        } throws: { error in
            guard case ModelClientError.timedOut(let request, _) = error else { return false }
            return request.hasPrefix("GET /c_items/")
        }
        // A GET is retried once after its first timeout; every attempt was cancelled, not left running. That the
        // transport's wait was cancelled is the proof the timeout fired: a wall-clock bound here failed only when
        // parallel suites kept the thread pool busy.
        #expect(transport.counts.calls == 2)
        // The last attempt's task meets its cancellation on its own, after the call has returned: on a busy machine,
        // later than this line. Waited for, within a bound far above any run.
        let deadline = ContinuousClock.now + .seconds(30)
        while transport.counts.cancellations < 2, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(transport.counts.cancellations == 2)
    }

    /// A timeout of a year or more is none: `.seconds(.max)`, a way to write "forever", made `Task.sleep` trap.
    @Test func aTimeoutTooLongForTheClockIsNone() async throws {
        let client = ModelClient(
            baseURL: URL(string: "http://127.0.0.1:9")!,
            dialect: .cortex,
            transport: AnswerAtOnce(body: #"{"ok": true}"#),
            retry: .never,
            timeout: .seconds(Int64.max)
        )
        #expect(try await client.get(JSONValue.self, path: "/echo")["ok"] == .bool(true))
    }

    @Test func aPostThatTimesOutIsNotRetried() async throws {
        let transport = SilentTransport()
        let client = ModelClient(
            baseURL: URL(string: "http://127.0.0.1:9")!,
            dialect: .mia,
            transport: transport,
            retry: try RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(10)),
            timeout: .milliseconds(100)
        )
        await #expect(throws: ModelClientError.self) {
            _ = try await client.create(Author.Create())
        }
        #expect(transport.counts.calls == 1)
    }
}

/// Answers every request at once with `body` and a 200.
struct AnswerAtOnce: HTTPTransport {
    let body: String

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let url = try #require(request.url)
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
        )
        return (Data(body.utf8), response)
    }
}
