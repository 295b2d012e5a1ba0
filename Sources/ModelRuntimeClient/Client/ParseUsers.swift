import Foundation
import ModelRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A Parse user signed in: the user as the server has it, and the session token its requests send from then on
/// (``ParseCredentials/sessionToken``).
public struct ParseSession<User: SchemaObject>: Sendable, Hashable {
    /// The user, without the session token parse-server answers beside its fields.
    public var user: User
    /// The session's token (`r:…`), which signs the user's requests until ``ModelClient/logOut()``.
    public var sessionToken: String

    /// The session `sessionToken` of `user`.
    public init(user: User, sessionToken: String) {
        self.user = user
        self.sessionToken = sessionToken
    }
}

// Parse's users, as parse-server's UsersRouter and RestWrite.js answer them: a sign-up is a create of `_User` whose
// answer holds a session token; `/login`, `/users/me` and `/logout` sign in, say who is signed in, and sign out.
extension ModelClient {
    /// Signs up the user `body` describes (a create of `_User`, which Parse answers with a new session) and returns
    /// the user as the server stored it, with the session's token: set it as the credentials'
    /// ``ParseCredentials/sessionToken`` for the user's requests.
    ///
    /// The user is read back with the new session, whatever session the client's credentials hold. When that read
    /// fails, the error is ``ModelClientError/createdButNotRead(id:underlying:)``: the user exists, and
    /// ``logIn(_:username:password:)`` signs it in. So is a sign-up that the server answers without a session, as
    /// parse-server does when users verify their email before they sign in (`preventLoginWithUnverifiedEmail`), and
    /// to new `authData` sent in another user's session. A username or email another user has is a `.conflict`
    /// (Parse's 202 and 203).
    ///
    /// A sign-up with the `authData` of the user whose session the credentials send (an anonymous user signed up
    /// again) is that user's log-in, which Parse answers with the user and no new session: this returns the user with
    /// the session the credentials send.
    public func signUp<Body: CreateBody>(
        _ body: Body,
        progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws -> ParseSession<Body.Model> {
        _ = try requireParse("a sign-up")
        try Self.requireUser(Body.Model.self, "a sign-up")
        let request = try await renderedCreate(body, progress: progress)
        let (answer, status) = try await jsonExchange(for: request, expecting: Body.Model.self)
        guard let id = answer["objectId"]?.stringValue else {
            throw decodingError(
                Body.Model.self,
                keyPath: "",
                request: request,
                reason: "a sign-up's answer has no objectId"
            )
        }
        // A server that signs a user in only once its email is verified (`verifyUserEmails` with
        // `preventLoginWithUnverifiedEmail`) makes no session: the user exists all the same (RestWrite.js
        // `createSessionTokenIfNeeded`).
        let answered: String?
        do {
            answered = try sessionToken(in: answer, of: Body.Model.self, request: request)
        } catch {
            // The user exists, with a session the client can't send.
            throw ModelClientError.createdButNotRead(id: id, underlying: error)
        }
        guard let token = answered else {
            // A 200, not a 201: the `authData` is the signed-in user's, whose log-in it is, and whose session goes on
            // (RestWrite.js `handleAuthData`, and `createSessionTokenIfNeeded`'s "linking via sessionToken").
            if status == 200, let sent = try await sentSessionToken() {
                return ParseSession(user: try user(Body.Model.self, from: answer, request: request), sessionToken: sent)
            }
            throw ModelClientError.createdButNotRead(
                id: id,
                underlying: decodingError(
                    Body.Model.self,
                    keyPath: "",
                    request: request,
                    reason: "a sign-up's answer has no sessionToken: the server signs the user in once its email is "
                        + "verified, or the sign-up's authData was new in another user's session"
                )
            )
        }
        // The user exists from here on: a failure to read it says which one it is.
        do {
            let session = [ParseCredentials.sessionTokenHeader: token]
            let user = try await get(Body.Model.self, id: id, queryItems: [], headers: session)
            return ParseSession(user: user, sessionToken: token)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw ModelClientError.createdButNotRead(id: id, underlying: error)
        }
    }

    /// Signs in the user `username` with `password` (`POST /login`) and returns the user with its new session's
    /// token. A wrong username or password is Parse's 101, `Invalid username/password.`, which reads as
    /// `.notFound`; a missing one is 200 or 201.
    public func logIn<User: SchemaObject>(
        _ type: User.Type,
        username: String,
        password: String
    ) async throws -> ParseSession<User> {
        _ = try requireParse("a log-in")
        try Self.requireUser(User.self, "a log-in")
        let request = RenderedRequest(
            method: "POST",
            path: "/login",
            body: .object([("username", .string(username)), ("password", .string(password))])
        )
        let answer = try await json(for: request, expecting: User.self)
        guard let token = try sessionToken(in: answer, of: User.self, request: request) else {
            throw decodingError(
                User.self,
                keyPath: "",
                request: request,
                reason: "a log-in's answer has no sessionToken"
            )
        }
        return ParseSession(user: try user(User.self, from: answer, request: request), sessionToken: token)
    }

    /// Applies `patch` to the signed-in user `id` and returns the user with the session its requests send from now
    /// on: where the patch sets a `password`, Parse ends every session of the user, the one that sent the update
    /// too, and answers with a new one, which this returns (and which the update's read-back sends); otherwise the
    /// session the credentials send. ``update(_:_:progress:)`` of such a patch succeeds too, but the app's token
    /// has then ended. Where a later step of the update or its read-back fails after the new password is set, the
    /// ``PartialUpdateError`` holds the new session's token.
    public func updateUser<Body: UpdateBody>(
        _ id: some ReferenceIdentifier,
        _ patch: Body,
        progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws -> ParseSession<Body.Model> {
        _ = try requireParse("an update of the signed-in user")
        try Self.requireUser(Body.Model.self, "an update of the signed-in user")
        // Parse lets a user change itself only in its session (a 206 without one).
        guard let sent = try await sentSessionToken() else {
            throw ModelClientError.unsupported("an update of the signed-in user without a session token")
        }
        let (user, newToken) = try await updateKeepingSession(id.referenceID, patch, extraItems: [], progress: progress)
        return ParseSession(user: user, sessionToken: newToken ?? sent)
    }

    /// The user whose session the client's credentials send (`GET /users/me`). Without a session, or with one that
    /// ended, it is Parse's 209, `Invalid session token`, which reads as `.unauthorized`.
    public func currentUser<User: SchemaObject>(_ type: User.Type) async throws -> User {
        _ = try requireParse("the current user")
        try Self.requireUser(User.self, "the current user")
        let request = RenderedRequest(path: "/users/me")
        return try user(User.self, from: try await json(for: request, expecting: User.self), request: request)
    }

    /// Ends the session the client's credentials send (`POST /logout`); the app then forgets its token. A session
    /// that already ended is Parse's 209.
    public func logOut() async throws {
        _ = try requireParse("a log-out")
        _ = try await json(for: RenderedRequest(method: "POST", path: "/logout"), expecting: JSONValue.self)
    }

    /// The user an answer holds, without the session token parse-server answers beside its fields: a model that
    /// keeps unknown members would keep it, and send it back.
    private func user<User: SchemaObject>(
        _ type: User.Type,
        from answer: JSONValue,
        request: RenderedRequest
    ) throws -> User {
        guard case .object(var members) = answer else {
            throw decodingError(User.self, keyPath: "", request: request, reason: "the answer is not a user")
        }
        members["sessionToken"] = nil
        return try decode(User.self, from: .object(members), at: "", request: request)
    }

    /// The session token `answer` holds, `nil` when it has none. The app sends it in a header from then on, so one
    /// that can't be a header's value (a line break would end the header and start one of the server's choosing) is a
    /// decoding error at `sessionToken`, rather than a session that every later request refuses.
    func sessionToken<User>(
        in answer: JSONValue,
        of type: User.Type,
        request: RenderedRequest
    ) throws -> String? {
        guard let token = answer["sessionToken"]?.stringValue else { return nil }
        if token.isEmpty || token.unicodeScalars.contains(where: RequestHeaderError.isControl) {
            throw decodingError(
                User.self,
                keyPath: "sessionToken",
                request: request,
                reason: "the session token is empty or holds a control character, and cannot be sent in a header"
            )
        }
        return token
    }

    /// The session token the client's credentials send, whatever the header's case; an empty one is none, as
    /// parse-server's `!info.sessionToken` reads it.
    private func sentSessionToken() async throws -> String? {
        let header = ParseCredentials.sessionTokenHeader.lowercased()
        guard let sent = try await headers().first(where: { $0.key.lowercased() == header })?.value, !sent.isEmpty
        else { return nil }
        return sent
    }

    /// Parse's users are its `_User` class: a model of another class is no user.
    private static func requireUser<User: SchemaObject>(_ type: User.Type, _ what: String) throws {
        guard User.apiName == "_User" else {
            throw ModelClientError.unsupported("\(what) is for Parse's _User class, not \(User.apiName)")
        }
    }
}
