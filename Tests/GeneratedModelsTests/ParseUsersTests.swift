import Foundation
import GoldenParse
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Parse's users through `ModelClient` (sign-up, log-in, the current user, log-out) against the in-memory Parse
// backend, which answers as parse-server's UsersRouter and RestWrite.js (7ea2a29) do, and the REST guide's own answer.

/// The session token an app keeps and its credentials send, changed as the app signs in and out.
private final class SessionStore: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?

    var token: String? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// The backend, as its transport, and the requests sent through it with the session token each carried.
private final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    let backend: InMemoryBackend
    private let lock = NSLock()
    private var sent: [(line: String, sessionToken: String?)] = []

    init(_ backend: InMemoryBackend) {
        self.backend = backend
    }

    var requests: [(line: String, sessionToken: String?)] { lock.withLock { sent } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let line = "\(request.httpMethod ?? "") \(request.url?.path ?? "")"
        let token = request.value(forHTTPHeaderField: ParseCredentials.sessionTokenHeader)
        lock.withLock { sent.append((line, token)) }
        return try await backend.send(request)
    }
}

@Suite struct ParseUsersTests {
    private static func client(_ backend: InMemoryBackend, _ session: SessionStore) -> ModelClient {
        client(backend.baseURL, transport: backend, session)
    }

    private static func client(_ baseURL: URL, transport: any HTTPTransport, _ session: SessionStore) -> ModelClient {
        ModelClient(
            baseURL: baseURL,
            parse: { ParseCredentials(applicationID: "app", sessionToken: session.token) },
            transport: transport
        )
    }

    /// The REST guide's user (`_includes/rest/users.md`, "Signing Up").
    private static func cooldude() -> User.Create {
        var body = User.Create()
        body.username = "cooldude6"
        body.password = "p_n7!-e8"
        body.phone = "415-392-0202"
        return body
    }

    /// The refusal `body` throws: its meaning and Parse's code.
    private static func refusal(_ body: () async throws -> Void) async -> (ServerRefusal?, String?, String?) {
        do {
            try await body()
            return (nil, nil, "no error")
        } catch let error as ModelClientError {
            guard case .server(_, let code, let message, _) = error else { return (error.refusal, nil, "\(error)") }
            return (error.refusal, code, message)
        } catch {
            return (nil, nil, "\(error)")
        }
    }

    /// A user signs up, its session signs its requests, it signs out and in again, as an app's users do.
    @Test func aUserSignsUpSignsOutAndSignsInAgain() async throws {
        let backend = InMemoryBackend(.parse)
        let session = SessionStore()
        let client = Self.client(backend, session)

        let signedUp = try await client.signUp(Self.cooldude())
        #expect(signedUp.user.username == "cooldude6" && signedUp.user.phone == "415-392-0202")
        #expect(signedUp.user.password == nil, "no read answers the password")
        #expect(signedUp.sessionToken.hasPrefix("r:"), "\(signedUp.sessionToken)")
        #expect(signedUp.user.unknownMembers.isEmpty, "\(signedUp.user.unknownMembers)")

        session.token = signedUp.sessionToken
        let current = try await client.currentUser(User.self)
        #expect(current == signedUp.user)
        #expect(current.unknownMembers.isEmpty, "the session token isn't kept as a member of the user")

        try await client.logOut()
        var (refusal, code, message) = await Self.refusal { _ = try await client.currentUser(User.self) }
        #expect(refusal == .unauthorized && code == "209" && message == "Invalid session token")
        // The ended session signs no other request either.
        (refusal, code, _) = await Self.refusal { _ = try await client.count(User.query) }
        #expect(refusal == .unauthorized && code == "209")

        session.token = nil
        let signedIn = try await client.logIn(User.self, username: "cooldude6", password: "p_n7!-e8")
        #expect(signedIn.user == signedUp.user)
        #expect(signedIn.sessionToken.hasPrefix("r:") && signedIn.sessionToken != signedUp.sessionToken)
        #expect(signedIn.user.unknownMembers.isEmpty, "\(signedIn.user.unknownMembers)")
        session.token = signedIn.sessionToken
        #expect(try await client.currentUser(User.self).objectId == signedUp.user.objectId)
    }

    /// A session that ended, which the app's credentials still send, keeps no one from signing in again:
    /// parse-server reads no token from a `/login` (middlewares.js `handleParseHeaders`), and the in-memory backend
    /// reads none either.
    @Test func aSessionThatEndedDoesNotKeepTheUserFromSigningInAgain() async throws {
        let backend = InMemoryBackend(.parse)
        let session = SessionStore()
        let client = Self.client(backend, session)
        session.token = try await client.signUp(Self.cooldude()).sessionToken
        try await client.logOut()

        let signedIn = try await client.logIn(User.self, username: "cooldude6", password: "p_n7!-e8")
        session.token = signedIn.sessionToken
        #expect(try await client.currentUser(User.self).username == "cooldude6")
    }

    /// A user a test seeds with its password signs in with it, as one that signed up does, and no read answers the
    /// password: the backend keeps it apart, as it keeps a sign-up's.
    @Test func aSeededUserSignsInWithItsPassword() async throws {
        let backend = InMemoryBackend(.parse)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        try await backend.insert([
            User(
                objectId: "seededUser",
                system: ParseSystemProperties(createdAt: date, updatedAt: date),
                username: "seeded",
                password: "from the fixture"
            )
        ])
        try await backend.insert([["username": "raw", "password": "from JSON"]], into: "_User")
        let client = Self.client(backend, SessionStore())

        let seeded = try await client.logIn(User.self, username: "seeded", password: "from the fixture")
        #expect(seeded.user.objectId == "seededUser" && seeded.user.password == nil, "\(seeded.user)")
        let raw = try await client.logIn(User.self, username: "raw", password: "from JSON")
        #expect(raw.user.password == nil, "\(raw.user)")
        let listed = try await client.list(User.query).items
        #expect(listed.count == 2 && listed.allSatisfy { $0.password == nil }, "\(listed)")
    }

    /// An update that sets the user's password ends every session of the user, the one that sent it too
    /// (RestWrite.js `handleFollowup`, `revokeSessionOnPasswordReset`), and Parse answers with a new one: the
    /// update reads the user back with it, `updateUser` returns it, and the old one signs nothing in.
    @Test func aNewPasswordEndsTheSessionThatSetItAndTheUpdateGoesOnWithTheNewOne() async throws {
        let backend = InMemoryBackend(.parse)
        let session = SessionStore()
        let client = Self.client(backend, session)
        let signedUp = try await client.signUp(Self.cooldude())
        session.token = signedUp.sessionToken

        var patch = User.Patch()
        patch.password = .set("a new one")
        patch.phone = .set("415-000-0000")
        let changed = try await client.updateUser(signedUp.user.objectId, patch)
        #expect(changed.user.phone == "415-000-0000" && changed.user.password == nil, "\(changed.user)")
        #expect(changed.sessionToken.hasPrefix("r:") && changed.sessionToken != signedUp.sessionToken)
        let (refusal, code, _) = await Self.refusal { _ = try await client.currentUser(User.self) }
        #expect(refusal == .unauthorized && code == "209", "the session that set the password ended")
        session.token = changed.sessionToken
        #expect(try await client.currentUser(User.self).phone == "415-000-0000")

        // Without a new password the session stays, and so does its token.
        var phone = User.Patch()
        phone.phone = .set("415-111-1111")
        #expect(try await client.updateUser(signedUp.user.objectId, phone).sessionToken == changed.sessionToken)

        // `update` of a new password succeeds too, reading the user back with the new session; the app's token
        // has then ended, and it signs in again.
        var again = User.Patch()
        again.password = .set("a third one")
        #expect(try await client.update(signedUp.user.objectId, again).objectId == signedUp.user.objectId)
        #expect(await Self.refusal { _ = try await client.currentUser(User.self) }.1 == "209")
        session.token = try await client.logIn(User.self, username: "cooldude6", password: "a third one").sessionToken
        #expect(try await client.currentUser(User.self).objectId == signedUp.user.objectId)

        // Parse lets a user change itself only in its session; an empty token is none, as parse-server reads it.
        for token in [nil, ""] {
            session.token = token
            await #expect(throws: ModelClientError.self) {
                _ = try await client.updateUser(signedUp.user.objectId, phone)
            }
        }
    }

    /// A new password in an update of several steps (Parse takes a `PUT` for each `__op` of one field, here a push
    /// and a pull): the steps after the one that set it, and the read-back, send the session it was answered with.
    /// Where one of them fails, the ``PartialUpdateError`` holds that session, the user's only one by then.
    @Test func aNewPasswordInAnUpdateOfSeveralStepsKeepsItsSessionWhenALaterStepFails() async throws {
        let backend = InMemoryBackend(.parse)
        let transport = RecordingTransport(backend)
        let session = SessionStore()
        let client = Self.client(backend.baseURL, transport: transport, session)
        let signedUp = try await client.signUp(Self.cooldude())
        let id = signedUp.user.objectId
        session.token = signedUp.sessionToken
        func patch(_ password: String) -> HandWrittenPatch<User> {
            HandWrittenPatch(operations: [
                PatchOperation(path: "password", kind: .set(.value(.string(password)))),
                PatchOperation(path: "tags", kind: .push([.value(.string("a")), .value(.string("b"))])),
                PatchOperation(path: "tags", kind: .pull([.value(.string("a"))])),
            ])
        }

        let before = transport.requests.count
        let changed = try await client.updateUser(id, patch("a new one"))
        let sent = transport.requests.dropFirst(before)
        #expect(
            sent.map(\.line) == [
                "PUT /api/classes/_User/\(id)", "PUT /api/classes/_User/\(id)", "GET /api/classes/_User/\(id)",
            ]
        )
        #expect(sent.map(\.sessionToken) == [signedUp.sessionToken, changed.sessionToken, changed.sessionToken])
        #expect(changed.user.unknownMembers["tags"] == ["b"], "\(changed.user)")
        session.token = changed.sessionToken

        // The pull is refused after the new password is set: the error holds the session that then signs the user in.
        await backend.script(
            .answer(status: 400, body: ["code": 1, "error": "internal error"]),
            for: RequestMatch { $0.body?["tags"]?["__op"] == "Remove" }
        )
        do {
            _ = try await client.updateUser(id, patch("a third one"))
            Issue.record("an update whose second step was refused succeeded")
        } catch let error as PartialUpdateError {
            #expect(error.applied == ["PUT /classes/_User/\(id)"] && error.failed == "PUT /classes/_User/\(id)")
            let token = try #require(error.sessionToken, "\(error)")
            #expect(token != changed.sessionToken && transport.requests.last?.sessionToken == token)
            #expect(await Self.refusal { _ = try await client.currentUser(User.self) }.1 == "209")
            session.token = token
            #expect(try await client.currentUser(User.self).objectId == id)
        }

        // Its read-back fails: the error names the `GET`, after every step applied, and holds the new session.
        await backend.script(
            .answer(status: 400, body: ["code": 1, "error": "internal error"]),
            for: RequestMatch { $0.method == "GET" }
        )
        do {
            _ = try await client.updateUser(id, patch("a fourth one"))
            Issue.record("an update whose read-back was refused succeeded")
        } catch let error as PartialUpdateError {
            #expect(error.applied.count == 2 && error.failed == "GET /classes/_User/\(id)" && error.notSent.isEmpty)
            let token = try #require(error.sessionToken, "\(error)")
            session.token = token
            #expect(try await client.currentUser(User.self).objectId == id)
        }
    }

    /// A wrong or missing username or password is refused in parse-server's words (UsersRouter.js
    /// `_authenticateUserFromRequest`), and a username or email another user has, at sign-up, as a conflict.
    @Test func logInsAndSignUpsAreRefusedAsParseServerRefusesThem() async throws {
        let backend = InMemoryBackend(.parse)
        let client = Self.client(backend, SessionStore())
        _ = try await client.signUp(Self.cooldude())

        var answer = await Self.refusal { _ = try await client.logIn(User.self, username: "cooldude6", password: "x") }
        #expect(answer.0 == .notFound && answer.1 == "101" && answer.2 == "Invalid username/password.", "\(answer)")
        answer = await Self.refusal { _ = try await client.logIn(User.self, username: "nobody", password: "p_n7!-e8") }
        #expect(answer.0 == .notFound && answer.1 == "101", "\(answer)")
        answer = await Self.refusal { _ = try await client.logIn(User.self, username: "", password: "p_n7!-e8") }
        #expect(answer.1 == "200" && answer.2 == "username/email is required.", "\(answer)")
        answer = await Self.refusal { _ = try await client.logIn(User.self, username: "cooldude6", password: "") }
        #expect(answer.1 == "201" && answer.2 == "password is required.", "\(answer)")
        answer = await Self.refusal { _ = try await client.signUp(Self.cooldude()) }
        #expect(answer.0 == .conflict && answer.1 == "202", "\(answer)")
    }

    /// A sign-up reads its user back with the new session, even where the client's credentials send another one;
    /// the app's own requests go on with what its credentials send.
    @Test func aSignUpReadsItsUserBackWithTheNewSession() async throws {
        let backend = InMemoryBackend(.parse)
        let transport = RecordingTransport(backend)
        let session = SessionStore()
        let client = Self.client(backend.baseURL, transport: transport, session)
        let first = try await client.signUp(Self.cooldude())
        session.token = first.sessionToken

        var second = User.Create()
        second.username = "otherdude"
        second.password = "another"
        let signedUp = try await client.signUp(second)
        #expect(signedUp.user.username == "otherdude")
        let requests = transport.requests
        #expect(
            requests.map(\.line).suffix(2) == [
                "POST /api/classes/_User", "GET /api/classes/_User/\(signedUp.user.objectId)",
            ]
        )
        #expect(requests.suffix(2).map(\.sessionToken) == [first.sessionToken, signedUp.sessionToken])
        _ = try await client.count(User.query)
        #expect(transport.requests.last?.sessionToken == first.sessionToken)
    }

    /// An anonymous user (the `authData` Parse's SDKs send for `anonymous`) signs up once, and signing up again
    /// with its id signs the same user in with a new session.
    @Test func anAnonymousUserSignsUpOnceAndThenSignsIn() async throws {
        let client = Self.client(InMemoryBackend(.parse), SessionStore())
        var body = User.Create()
        body.authData = ["anonymous": ["id": "0f2f1c7e-1b36-4a8b-a8b7-1b1f0e3c2a11"]]
        let first = try await client.signUp(body)
        let second = try await client.signUp(body)
        #expect(second.user.objectId == first.user.objectId && second.sessionToken != first.sessionToken)
        #expect(first.user.username?.isEmpty == false && second.user.username == first.user.username)
    }

    /// Signing up again with its `authData` in its own session (an app that signs its anonymous user up at every
    /// launch) is that user's log-in, which parse-server answers with a 200 and no new session
    /// (`createSessionTokenIfNeeded`, "linking via sessionToken"): the session the app has goes on.
    @Test func anAnonymousUserSigningUpAgainInItsSessionKeepsIt() async throws {
        let backend = InMemoryBackend(.parse)
        let session = SessionStore()
        let client = Self.client(backend, session)
        var body = User.Create()
        body.authData = ["anonymous": ["id": "0f2f1c7e-1b36-4a8b-a8b7-1b1f0e3c2a11"]]
        let first = try await client.signUp(body)
        session.token = first.sessionToken
        let again = try await client.signUp(body)
        #expect(again.user == first.user && again.sessionToken == first.sessionToken)
        #expect(again.user.unknownMembers.isEmpty, "\(again.user.unknownMembers)")
        #expect(try await client.currentUser(User.self).objectId == first.user.objectId)

        // In another user's session, new authData makes a user that isn't signed in: it exists, and says so.
        var other = User.Create()
        other.authData = ["anonymous": ["id": "another"]]
        let error = await #expect(throws: ModelClientError.self) { _ = try await client.signUp(other) }
        guard case .createdButNotRead(let id, _)? = error else {
            Issue.record("not createdButNotRead: \(String(describing: error))")
            return
        }
        let users = await backend.documents(in: "_User").count
        #expect(id != first.user.objectId && users == 2)
    }

    /// Only a `_User`'s update answer holds a session: a class with a field named `sessionToken` keeps the session
    /// the credentials send for the update's read-back.
    @Test func anotherClassesSessionTokenFieldIsNoSession() async throws {
        /// Answers the update with a `sessionToken` field and the read with the player, recording each request's
        /// session.
        final class FieldAnswers: HTTPTransport, @unchecked Sendable {
            private let lock = NSLock()
            private var tokens: [String?] = []
            var sent: [String?] { lock.withLock { tokens } }

            func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
                lock.withLock { tokens.append(request.value(forHTTPHeaderField: ParseCredentials.sessionTokenHeader)) }
                let body =
                    request.httpMethod == "PUT"
                    ? #"{"updatedAt":"2026-01-01T00:00:00.000Z","sessionToken":"r:a field"}"#
                    : #"{"objectId":"p1","name":"ann","createdAt":"2026-01-01T00:00:00.000Z","updatedAt":"2026-01-01T00:00:00.000Z"}"#
                let url = try #require(request.url)
                let response = try #require(
                    HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)
                )
                return (Data(body.utf8), response)
            }
        }
        let transport = FieldAnswers()
        let session = SessionStore()
        session.token = "r:the app's"
        let client = Self.client(URL(string: "https://parse.example.com/parse")!, transport: transport, session)
        var patch = Player.Patch()
        patch.name = .set("ann")
        #expect(try await client.update("p1", patch).name == "ann")
        #expect(transport.sent == ["r:the app's", "r:the app's"])
    }

    /// A `_User`'s update answered with a session token that can't be sent in a header (empty, or holding a line
    /// break) is a decoding error at `sessionToken`, as a log-in's is, and nothing is sent with it: the app keeps its
    /// session. (The update's read-back sent the empty token, as no session, and handed it to the app as the user's.)
    @Test(arguments: ["", "r:1\r\nX-Parse-Master-Key: k"])
    func aUsersUpdateAnsweredWithATokenThatCannotBeSentKeepsTheAppsSession(token: String) async throws {
        final class TokenAnswers: HTTPTransport, @unchecked Sendable {
            let token: String
            private let lock = NSLock()
            private var tokens: [String?] = []
            var sent: [String?] { lock.withLock { tokens } }
            init(token: String) { self.token = token }

            func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
                lock.withLock { tokens.append(request.value(forHTTPHeaderField: ParseCredentials.sessionTokenHeader)) }
                let encoded = String(decoding: try JSONEncoder().encode(token), as: UTF8.self)
                let body =
                    request.httpMethod == "PUT"
                    ? #"{"updatedAt":"2026-01-01T00:00:00.000Z","sessionToken":\#(encoded)}"#
                    : #"{"objectId":"u1","username":"ann","createdAt":"2026-01-01T00:00:00.000Z"}"#
                let url = try #require(request.url)
                let response = try #require(
                    HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)
                )
                return (Data(body.utf8), response)
            }
        }
        let transport = TokenAnswers(token: token)
        let session = SessionStore()
        session.token = "r:the app's"
        let client = Self.client(URL(string: "https://parse.example.com/parse")!, transport: transport, session)
        var patch = User.Patch()
        patch.username = .set("ann")
        await #expect {
            _ = try await client.update("u1", patch)
        } throws: { error in
            guard case ModelClientError.decoding(_, let keyPath, _, _) = error else { return false }
            return keyPath == "sessionToken"
        }
        #expect(transport.sent == ["r:the app's"])
    }

    /// Only Parse has these calls, and only for its `_User` class.
    @Test func theCallsAreParsesAndForItsUsers() async throws {
        let parse = Self.client(InMemoryBackend(.parse), SessionStore())
        await #expect(throws: ModelClientError.self) { _ = try await parse.signUp(Player.Create()) }
        await #expect(throws: ModelClientError.self) {
            _ = try await parse.logIn(Player.self, username: "a", password: "b")
        }
        await #expect(throws: ModelClientError.self) { _ = try await parse.currentUser(Player.self) }
        let cortex = InMemoryBackend(.cortex).client()
        await #expect(throws: ModelClientError.self) { try await cortex.logOut() }
    }

    /// A server that signs a user in only once its email is verified answers a sign-up without a session
    /// (RestWrite.js `createSessionTokenIfNeeded` with `verifyUserEmails` and `preventLoginWithUnverifiedEmail`): the
    /// user exists, which the error says with its id.
    @Test func aSignUpAnsweredWithoutASessionSaysTheUserExists() async throws {
        let client = Self.client(
            URL(string: "https://parse.example.com/parse")!,
            transport: AnswerAtOnce(body: #"{"objectId":"g7y9tkhB7O","createdAt":"2011-11-07T20:58:34.448Z"}"#),
            SessionStore()
        )
        do {
            _ = try await client.signUp(Self.cooldude())
            Issue.record("a sign-up without a session signed in")
        } catch ModelClientError.createdButNotRead(let id, let underlying) {
            #expect(id == "g7y9tkhB7O")
            #expect("\(underlying)".contains("no sessionToken"), "\(underlying)")
        }
    }

    /// The REST guide's answer to a log-in (`_includes/rest/users.md`, "Logging In", parse-community/docs @
    /// fb6e96b541f541f86b7c5d9dda443b148d0ae601) decodes as the user, with its session's token beside it.
    @Test func theRESTGuidesLogInAnswerDecodes() async throws {
        let guide = #"""
            {"username":"cooldude6","phone":"415-392-0202","createdAt":"2011-11-07T20:58:34.448Z",
             "updatedAt":"2011-11-07T20:58:34.448Z","objectId":"g7y9tkhB7O","sessionToken":"r:pnktnjyb996sj4p156gjtp4im"}
            """#
        let client = Self.client(
            URL(string: "https://parse.example.com/parse")!,
            transport: AnswerAtOnce(body: guide),
            SessionStore()
        )
        let session = try await client.logIn(User.self, username: "cooldude6", password: "p_n7!-e8")
        #expect(session.sessionToken == "r:pnktnjyb996sj4p156gjtp4im")
        #expect(session.user.objectId == "g7y9tkhB7O" && session.user.phone == "415-392-0202")
        // 2011-11-07T20:58:34.448Z
        #expect(abs(session.user.system.createdAt.timeIntervalSince1970 - 1_320_699_514.448) < 0.000_5)
        #expect(session.user.unknownMembers.isEmpty, "\(session.user.unknownMembers)")
    }
}
