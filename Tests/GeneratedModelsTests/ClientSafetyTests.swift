import BlockingTestSupport
import Foundation
import ModelRuntime
import ModelRuntimeClient
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// ModelClient against Semantics/response_server.py: redirects between two servers on 127.0.0.1 (two ports, so two
// origins), bodies larger than the limit, endless bodies, a body that trickles past the timeout, and requests an app
// cancels as they start.

/// What a server may do to the client: send its credentials elsewhere, or answer without end.
@Suite(.timeLimit(.minutes(5)), .onPromptThreads)
struct ClientSafetyTests {
    /// Credentials as apps send them to each backend, and one the app's own hook invents.
    static let credentials: [String: String] = [
        "Authorization": "Bearer secret-token",
        "Medable-Client-Key": "client-key",
        "Cookie": "md.sid=session",
        "X-Parse-Application-Id": "app-id",
        "X-Parse-REST-API-Key": "rest-key",
        "X-Parse-Session-Token": "r:session",
        "X-Tenant-Secret": "hook-secret",
    ]

    /// How long a redirect test that is about a bound waits for its answer: far above the time each takes alone (a
    /// few milliseconds), and above what it took in full runs of the suite, whose other transfers hold
    /// FoundationNetworking's one queue (once 18 s). An answer that came only because of this deadline is a
    /// cancellation, not the error the tests expect.
    static let redirectDeadline: Duration = .seconds(40)
    /// Seconds between the 64 KiB writes of a redirect's endless body: slow enough that FoundationNetworking, which
    /// copies the body so far for each chunk, keeps up with six of them until the deadline when nothing stops them.
    static let redirectBodyPace = 0.2

    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectToAnotherOriginDropsEveryCredential(status: Int) async throws {
        try await ResponseServers.run { first, second in
            let client = first.client(headers: { Self.credentials })
            let echo = try await client.get(
                JSONValue.self,
                path: "/redirect",
                queryItems: [
                    URLQueryItem(name: "to", value: second.baseURL.appendingPathComponent("echo").absoluteString),
                    URLQueryItem(name: "status", value: String(status)),
                ]
            )
            #expect(echo["path"] == "/echo")
            let received = Set((echo["headers"]?.objectValue ?? [:]).keys.map { $0.lowercased() })
            for name in Self.credentials.keys {
                #expect(!received.contains(name.lowercased()), "\(name) followed a \(status) to another origin")
            }
            #expect(received.contains("accept"))
            // The first server did see them: the hook ran.
            let first = try await first.log()
            #expect(first.last?["headers"]?["Authorization"] == "Bearer secret-token")
        }
    }

    /// A cookie the first origin set on its redirect, which the session's cookie storage keeps, stays with that
    /// origin. The storage matches a cookie by host or domain, not by port or scheme, so it would go along to the
    /// other server's port here, as to `http` after `https` on one host or to a sibling of a `Domain=` cookie; and
    /// FoundationNetworking adds the storage's cookies to every request, whatever its `httpShouldHandleCookies`.
    @Test(arguments: [302, 303, 307])
    func aCookieTheSessionStoredStaysWithItsOrigin(status: Int) async throws {
        try await ResponseServers.run { first, second in
            let client = first.client()
            let echo = try await client.get(
                JSONValue.self,
                path: "/redirect",
                queryItems: [
                    URLQueryItem(name: "to", value: second.baseURL.appendingPathComponent("echo").absoluteString),
                    URLQueryItem(name: "status", value: String(status)),
                    URLQueryItem(name: "cookie", value: "md.sid=stored-session; Path=/"),
                ]
            )
            #expect(echo["path"] == "/echo")
            let received = (echo["headers"]?.objectValue ?? [:]).keys.map { $0.lowercased() }
            #expect(!received.contains("cookie"), "a stored cookie followed a \(status) to another origin: \(echo)")
            // The storage did keep it: the first origin gets it back.
            let again = try await client.get(JSONValue.self, path: "/echo")
            #expect(again["headers"]?["Cookie"] == "md.sid=stored-session")
        }
    }

    /// A cookie another origin sets on a redirect is not stored: it would go with the app's next requests to any
    /// origin it matches (here the first server's, on the same host), as a `Domain=` cookie of a sibling would.
    @Test func aCookieAnotherOriginSetsIsNotStored() async throws {
        try await ResponseServers.run { first, second in
            let client = first.client()
            var back = URLComponents(
                url: second.baseURL.appendingPathComponent("redirect"),
                resolvingAgainstBaseURL: false
            )!
            back.queryItems = [
                URLQueryItem(name: "to", value: first.baseURL.appendingPathComponent("echo").absoluteString),
                URLQueryItem(name: "cookie", value: "md.sid=planted; Path=/"),
            ]
            let echo = try await client.get(
                JSONValue.self,
                path: "/redirect",
                queryItems: [URLQueryItem(name: "to", value: back.url!.absoluteString)]
            )
            #expect(echo["path"] == "/echo")
            #expect(echo["headers"]?["Cookie"] == nil, "the other origin's cookie came back: \(echo)")
            let later = try await client.get(JSONValue.self, path: "/echo")
            #expect(later["headers"]?["Cookie"] == nil, "the other origin's cookie was stored: \(later)")
        }
    }

    /// Headers the app put in the session's configuration (`httpAdditionalHeaders`), which the session adds to every
    /// request, stay with the origin as the request's own do; those that carry no credential go along.
    @Test(arguments: [302, 303])
    func theSessionsOwnHeadersStayWithTheOrigin(status: Int) async throws {
        try await ResponseServers.run { first, second in
            let configuration = LocalPythonServer.makeConfiguration()
            configuration.httpAdditionalHeaders = [
                "X-Parse-Application-Id": "app-id", "X-Parse-REST-API-Key": "rest-key",
                "Medable-Client-Key": "client-key", "Accept-Language": "fr",
            ]
            let transport = URLSessionTransport(configuration: configuration)
            defer { transport.session.invalidateAndCancel() }
            var components = URLComponents(
                url: first.baseURL.appendingPathComponent("redirect"),
                resolvingAgainstBaseURL: false
            )!
            components.queryItems = [
                URLQueryItem(name: "to", value: second.baseURL.appendingPathComponent("echo").absoluteString),
                URLQueryItem(name: "status", value: String(status)),
            ]
            let (data, response) = try await transport.send(URLRequest(url: components.url!))
            #expect(response.statusCode == 200)
            let echo = try JSONValue(parsing: data)
            #expect(echo["path"] == "/echo")
            let received = Set((echo["headers"]?.objectValue ?? [:]).keys.map { $0.lowercased() })
            for name in ["x-parse-application-id", "x-parse-rest-api-key", "medable-client-key"] {
                #expect(!received.contains(name), "\(name) followed a \(status) to another origin")
            }
            #expect(received.contains("accept-language"))
            let sent = try await first.log()
            #expect(sent.last?["headers"]?["X-Parse-Application-Id"] == "app-id")
        }
    }

    @Test func aRedirectWithinTheOriginKeepsTheCredentials() async throws {
        try await ResponseServers.run { first, _ in
            let client = first.client(headers: { Self.credentials })
            let echo = try await client.get(
                JSONValue.self,
                path: "/redirect",
                queryItems: [
                    URLQueryItem(name: "to", value: first.baseURL.appendingPathComponent("echo").absoluteString)
                ]
            )
            #expect(echo["path"] == "/echo")
            #expect(echo["headers"]?["Authorization"] == "Bearer secret-token")
            #expect(echo["headers"]?["X-Tenant-Secret"] == "hook-secret")
        }
    }

    /// A relative `Location` is read against the request's URL, as RFC 3986 reads it: `echo` from
    /// `/v1/files/redirect` is `/v1/files/echo` (FoundationNetworking's own redirects made it `/echo`).
    @Test func aRelativeRedirectStaysInItsFolderWithTheCredentials() async throws {
        try await ResponseServers.run { first, _ in
            let client = first.client(headers: { Self.credentials })
            let echo = try await client.get(
                JSONValue.self,
                path: "/v1/files/redirect",
                queryItems: [URLQueryItem(name: "to", value: "echo")]
            )
            #expect(echo["path"] == "/v1/files/echo")
            #expect(echo["headers"]?["Authorization"] == "Bearer secret-token")
        }
    }

    /// A `Location` whose scheme is written in capitals is followed: a scheme's case means nothing, and
    /// FoundationNetworking refused `HTTP://` as an unsupported URL.
    @Test func aLocationWithACapitalSchemeIsFollowed() async throws {
        try await ResponseServers.run { first, second in
            let client = first.client(headers: { Self.credentials })
            let target = second.baseURL.appendingPathComponent("echo").absoluteString
            let echo = try await client.get(
                JSONValue.self,
                path: "/redirect",
                queryItems: [URLQueryItem(name: "to", value: "HTTP" + target.dropFirst("http".count))]
            )
            #expect(echo["path"] == "/echo")
            #expect(echo["headers"]?["Authorization"] == nil)
        }
    }

    /// Within the origin a `307` sends the body again with its method; a `303` asks for the target with a `GET` and
    /// no body.
    @Test(arguments: [(307, "POST", #"{"secret":"payload"}"#), (303, "GET", "")])
    func aRedirectWithinTheOriginSendsWhatItsStatusSays(status: Int, method: String, body: String) async throws {
        try await ResponseServers.run { first, _ in
            let client = first.client(headers: { Self.credentials })
            let echo = try await client.post(
                ["secret": "payload"] as JSONValue,
                to: "/redirect?to=/echo&status=\(status)",
                answer: JSONValue.self
            )
            #expect(echo["path"] == "/echo")
            #expect(echo["method"] == .string(method))
            #expect(echo["body"]?.stringValue?.replacingOccurrences(of: " ", with: "") == body)
        }
    }

    /// A server that redirects a request to itself without end: it is sent once and redirected
    /// `URLSessionTransport.maximumRedirects` times, and then fails, without a retry: the loop would come again.
    @Test func aRedirectLoopEndsAfterTheLimit() async throws {
        try await ResponseServers.run { first, _ in
            let client = first.client(retry: try RetryPolicy(maxAttempts: 3))
            await #expect {
                _ = try await client.get(JSONValue.self, path: "/loop")
            } throws: { error in
                guard case ModelClientError.transport(let underlying) = error else { return false }
                return (underlying as? URLError)?.code == .httpTooManyRedirects
            }
            let sent = try await first.log()
            #expect(sent.count == URLSessionTransport.maximumRedirects + 1)
        }
    }

    @Test(arguments: [307, 308])
    func aBodyIsNeverResentToAnotherOrigin(status: Int) async throws {
        try await ResponseServers.run { first, second in
            let client = first.client(headers: { Self.credentials })
            let target = second.baseURL.appendingPathComponent("echo").absoluteString
            await #expect {
                _ = try await client.post(
                    ["secret": "payload"] as JSONValue,
                    to: "/redirect?to=\(target)&status=\(status)",
                    answer: JSONValue.self
                )
            } throws: { error in
                guard case ModelClientError.transport(let underlying) = error,
                    case HTTPTransportError.crossOriginRedirectRefused(_, let to)? = underlying as? HTTPTransportError
                else { return false }
                return to.absoluteString == target
            }
            let reached = try await second.log()
            #expect(reached.isEmpty, "the redirected request reached the other origin: \(reached)")
        }
    }

    /// `RedirectPolicy.refuseCrossOrigin`, as `model-generator pull` uses it: a redirect to another origin is refused
    /// even for a `GET`, and nothing reaches the other server.
    @Test(arguments: [301, 302, 303, 307, 308])
    func aTransportThatRefusesCrossOriginRedirectsSendsNothingThere(status: Int) async throws {
        try await ResponseServers.run { first, second in
            let transport = URLSessionTransport(
                configuration: LocalPythonServer.makeConfiguration(),
                redirectPolicy: .refuseCrossOrigin
            )
            defer { transport.session.invalidateAndCancel() }
            let target = second.baseURL.appendingPathComponent("echo")
            var components = URLComponents(
                url: first.baseURL.appendingPathComponent("redirect"),
                resolvingAgainstBaseURL: false
            )!
            components.queryItems = [
                URLQueryItem(name: "to", value: target.absoluteString),
                URLQueryItem(name: "status", value: String(status)),
            ]
            var request = URLRequest(url: components.url!)
            request.setValue("Bearer secret-token", forHTTPHeaderField: "Authorization")
            await #expect {
                _ = try await transport.send(request)
            } throws: { error in
                guard case HTTPTransportError.crossOriginRedirectRefused(_, let to) = error else { return false }
                return to == target
            }
            let reached = try await second.log()
            #expect(reached.isEmpty, "the redirected request reached the other origin: \(reached)")
        }
    }

    @Test(arguments: ["/stream?bytes=8388608&length=1", "/stream?bytes=8388608&length=0", "/endless"])
    func aBodyPastTheLimitStopsWithATypedError(path: String) async throws {
        try await ResponseServers.run { first, _ in
            let client = first.client(retry: try RetryPolicy(maxAttempts: 3), maximumResponseBytes: 1 << 20)
            await #expect {
                _ = try await client.get(JSONValue.self, path: path)
            } throws: { error in
                guard case ModelClientError.responseTooLarge(let request, let limit) = error else { return false }
                return request.hasPrefix("GET /") && limit == 1 << 20
            }
            // Not sent again: the answer would be as large the next time.
            let sent = try await first.log()
            #expect(sent.count == 1)
        }
    }

    @Test func aBodyWithinTheLimitIsRead() async throws {
        try await ResponseServers.run { first, _ in
            let client = first.client(maximumResponseBytes: 1 << 20)
            let answer = try await client.get(JSONValue.self, path: "/stream?bytes=1048576&length=0")
            let numbers = (1_048_576 - 3) / 2 + 1
            #expect(answer.arrayValue?.count == numbers)
        }
    }

    @Test func theTransportStopsAnEndlessBodyAtItsOwnLimit() async throws {
        try await ResponseServers.run { first, _ in
            let transport = URLSessionTransport(
                configuration: LocalPythonServer.makeConfiguration(),
                maximumResponseBytes: 256 << 10
            )
            defer { transport.session.invalidateAndCancel() }
            await #expect(throws: HTTPTransportError.responseTooLarge(limit: 256 << 10)) {
                _ = try await transport.send(URLRequest(url: first.baseURL.appendingPathComponent("endless")))
            }
        }
    }

    /// A redirect whose `Content-Length` passes the limit fails as a `200` of that length does, as soon as its header
    /// is in, and its transfer stops. FoundationNetworking passes no such redirect to the delegate until its body has
    /// all arrived: until then it keeps the body in memory, here a gigabyte, so only the caller's deadline used to end
    /// it. The body comes at 320 KiB/s: much faster, FoundationNetworking's copying of it would hold its queue, and
    /// then nothing could stop it before its end (see `URLSessionTransport`).
    ///
    /// One status at a time: FoundationNetworking runs every session's transfers on one queue, and the five at once,
    /// beside the rest of the suite, once took 21 s each to fail (in a full run; alone, milliseconds).
    @Test(.serialized, arguments: [301, 302, 303, 307, 308])
    func aRedirectDeclaringABodyPastTheLimitFailsAtOnce(status: Int) async throws {
        try await ResponseServers.run { first, second in
            let transport = Self.mebibyteTransport()
            defer { transport.session.invalidateAndCancel() }
            let request = URLRequest(
                url: first.redirect(
                    to: second.baseURL.appendingPathComponent("echo"),
                    status: status,
                    bytes: 1 << 30,
                    every: Self.redirectBodyPace
                )
            )
            let result = await Self.send(request, through: transport, within: Self.redirectDeadline)
            // Failed by its declared length, before the deadline (which would have cancelled it), and not by a body
            // that came to an end: the gigabyte takes an hour at this pace.
            #expect(throws: HTTPTransportError.responseTooLarge(limit: 1 << 20)) { try result.get() }
            #expect(try await first.abortedWithin(Self.redirectDeadline), "the \(status)'s transfer went on")
            let reached = try await second.log()
            #expect(reached.isEmpty, "the redirect was followed: \(reached)")
        }
    }

    /// Through the client: the same typed error as for any answer past the limit, long before the timeout, and no
    /// retry.
    @Test func theClientFailsARedirectDeclaringABodyPastTheLimitWithoutARetry() async throws {
        try await ResponseServers.run { first, second in
            let client = first.client(
                retry: try RetryPolicy(maxAttempts: 3),
                timeout: Self.redirectDeadline,
                maximumResponseBytes: 1 << 20
            )
            await #expect {
                _ = try await client.get(
                    JSONValue.self,
                    path: "/redirect",
                    queryItems: [
                        URLQueryItem(name: "to", value: second.baseURL.appendingPathComponent("echo").absoluteString),
                        URLQueryItem(name: "bytes", value: String(1 << 30)),
                        URLQueryItem(name: "every", value: String(Self.redirectBodyPace)),
                    ]
                )
            } throws: { error in
                guard case ModelClientError.responseTooLarge(let request, let limit) = error else { return false }
                return request.hasPrefix("GET /redirect") && limit == 1 << 20
            }
            let sent = try await first.log()
            #expect(sent.count == 1)
        }
    }

    /// A redirect with a body within the limit, its length declared or not, is still followed, a body of exactly the
    /// limit included.
    @Test(
        arguments: [301, 302, 307],
        [(bytes: 64 << 10, declared: true), (bytes: 1 << 20, declared: true), (bytes: 64 << 10, declared: false)]
    )
    func aRedirectWithABodyWithinTheLimitIsFollowed(status: Int, body: (bytes: Int, declared: Bool)) async throws {
        try await ResponseServers.run { first, second in
            let transport = Self.mebibyteTransport()
            defer { transport.session.invalidateAndCancel() }
            let request = URLRequest(
                url: first.redirect(
                    to: second.baseURL.appendingPathComponent("echo"),
                    status: status,
                    bytes: body.bytes,
                    declared: body.declared
                )
            )
            let (data, response) = try await transport.send(request)
            #expect(response.statusCode == 200)
            #expect(try JSONValue(parsing: data)["path"] == "/echo")
        }
    }

    /// A transport of its own that reads at most 1 MiB of an answer, for the redirect tests about the limit.
    static func mebibyteTransport() -> URLSessionTransport {
        URLSessionTransport(configuration: LocalPythonServer.makeConfiguration(), maximumResponseBytes: 1 << 20)
    }

    /// Sends `request` through `transport` and cancels it after `limit`, as the client's `timeout` would: the
    /// request's own timeout is one of idleness on Linux, which a body that keeps coming never trips.
    static func send(
        _ request: URLRequest,
        through transport: URLSessionTransport,
        within limit: Duration
    ) async -> Result<(Data, HTTPURLResponse), any Error> {
        let sending = Task { try await transport.send(request) }
        let deadline = Task {
            try await Task.sleep(for: limit)
            sending.cancel()
        }
        let result = await sending.result
        deadline.cancel()
        return result
    }

    /// How many requests ``requestsCancelledAsTheyStartLeaveTheProcessRunning()`` cancels: with a `URLCache` in
    /// the session, 4,000 stopped the test process in about two runs of three (the session's configuration, which the
    /// test also checks, catches the cache every time).
    static let cancelledRequests = 4_000

    /// An app cancels requests as they start and as their answers come, and the process goes on: each ends with
    /// its answer or a `CancellationError`. FoundationNetworking looks a task up in its session's `URLCache` before
    /// the transfer starts, and a cancel landing in that lookup stopped the process with a `fatalError` ("Trying to
    /// access a behaviour for a task that in not in the registry"); the transport's sessions keep no cache on Linux.
    @Test func requestsCancelledAsTheyStartLeaveTheProcessRunning() async throws {
        let configuration = LocalPythonServer.makeConfiguration()
        let transport = URLSessionTransport(configuration: configuration)
        #if canImport(FoundationNetworking)
        #expect(configuration.urlCache != nil, "the test's configuration brings a cache for the transport to drop")
        #expect(transport.session.configuration.urlCache == nil)
        #else
        // Apple's URLSession has no such race: the app's cache is kept.
        #expect(transport.session.configuration.urlCache != nil)
        #endif
        try await ResponseServers.run { first, _ in
            let request = URLRequest(url: first.baseURL.appendingPathComponent("echo"))
            // A few dozen at a time, as an app's screens would: the server's backlog stays short, so every failure
            // is a cancellation.
            let wave = 50
            var (answered, cancelled) = (0, 0)
            for start in stride(from: 0, to: Self.cancelledRequests, by: wave) {
                let outcomes = await withTaskGroup(of: Result<Int, any Error>.self) { group in
                    for index in start..<min(start + wave, Self.cancelledRequests) {
                        group.addTask {
                            let sending = Task { try await transport.send(request) }
                            // Half at once, half after up to 2 ms: some as they start, some as the answer comes.
                            if index.isMultiple(of: 2) { try? await Task.sleep(for: .microseconds(index % 2_000)) }
                            sending.cancel()
                            return await sending.result.map { $0.1.statusCode }
                        }
                    }
                    return await group.reduce(into: []) { $0.append($1) }
                }
                for outcome in outcomes {
                    switch outcome {
                    case .success(let status):
                        #expect(status == 200)
                        answered += 1
                    case .failure(let error):
                        #expect(error is CancellationError, "\(error)")
                        cancelled += 1
                    }
                }
            }
            #expect(answered + cancelled == Self.cancelledRequests)
            #expect(cancelled > 0, "no request was cancelled before its answer")
        }
        transport.session.invalidateAndCancel()
    }

    @Test func theTimeoutCoversTheWholeBodyNotJustTheGapsInIt() async throws {
        try await ResponseServers.run { first, _ in
            // A number every 50 ms: never idle for long, and never done.
            let client = first.client(timeout: .seconds(1))
            await #expect {
                _ = try await client.get(JSONValue.self, path: "/trickle?every=0.05")
            } throws: { error in
                guard case ModelClientError.timedOut(let request, let after) = error else { return false }
                return request == "GET /trickle?every=0.05" && after == .seconds(1)
            }
        }
    }
}

/// Two Semantics/response_server.py on 127.0.0.1, each on its own port; stopped in every path.
private final class ResponseServers: @unchecked Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Semantics/response_server.py")

    let server: LocalPythonServer
    let transport = LocalPythonServer.makeTransport()
    var baseURL: URL { server.baseURL }

    private init(server: LocalPythonServer) {
        self.server = server
    }

    static func run(_ body: (ResponseServers, ResponseServers) async throws -> Void) async throws {
        let first = ResponseServers(server: try await start())
        let second: ResponseServers
        do {
            second = ResponseServers(server: try await start())
        } catch {
            await first.stop()
            throw error
        }
        do {
            try await body(first, second)
        } catch {
            await first.stop()
            await second.stop()
            throw error
        }
        await first.stop()
        await second.stop()
    }

    private static func start() async throws -> LocalPythonServer {
        try await LocalPythonServer.start(script: script, lifetime: 600, requirement: "the client tests need python3")
    }

    func stop() async {
        transport.session.invalidateAndCancel()
        await server.stop()
    }

    func client(
        headers: @escaping @Sendable () async throws -> [String: String] = { [:] },
        retry: RetryPolicy = .never,
        timeout: Duration = LocalPythonServer.answerBackstop,
        maximumResponseBytes: Int = ModelClient.defaultMaximumResponseBytes
    ) -> ModelClient {
        ModelClient(
            baseURL: baseURL,
            dialect: CortexDialect.cortex,
            transport: transport,
            headers: headers,
            retry: retry,
            timeout: timeout,
            maximumResponseBytes: maximumResponseBytes
        )
    }

    /// This server's `/redirect` to `target` with `status` and a body of `bytes` spaces, its `Content-Length`
    /// declared or not, written 64 KiB at a time `every` seconds apart (0: as fast as it is read).
    func redirect(to target: URL, status: Int, bytes: Int, declared: Bool = true, every: Double = 0) -> URL {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("redirect"),
            resolvingAgainstBaseURL: false
        )!
        components.queryItems = [
            URLQueryItem(name: "to", value: target.absoluteString),
            URLQueryItem(name: "status", value: String(status)),
            URLQueryItem(name: "bytes", value: String(bytes)),
            URLQueryItem(name: "length", value: declared ? "1" : "0"),
            URLQueryItem(name: "every", value: String(every)),
        ]
        return components.url!
    }

    /// Whether the client hung up on the server's last request before its answer was all written, within `limit`:
    /// the server sees it at its next write.
    func abortedWithin(_ limit: Duration) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            if try await log().last?["aborted"] == .bool(true) { return true }
            if clock.now >= deadline { return false }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Every request the server logged so far (control requests aside).
    func log() async throws -> [JSONValue] {
        let control = LocalPythonServer.makeTransport()
        defer { control.session.invalidateAndCancel() }
        let (data, response) = try await control.send(URLRequest(url: baseURL.appendingPathComponent("__log")))
        try #require(response.statusCode == 200)
        return try JSONValue(parsing: data)["requests"]?.arrayValue ?? []
    }
}
