import Foundation
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

/// The in-memory Parse backend decides what each request reads and writes by the objects' ACLs and the session's user
/// and roles, as parse-server does without the master key (DatabaseController.js `addReadACL`, `addWriteACL` and
/// `filterSensitiveData`, Auth.js `getUserRoles`, RestWrite.js and rest.js @ 7ea2a2953e9202d43ddb53ded309fbd26245d45c).
@Suite struct InMemoryBackendParseACLTests {
    /// The backend's answer to a request, in the session `session` when one is given.
    static func send(
        _ backend: InMemoryBackend,
        _ path: String,
        _ query: [(String, String)] = [],
        method: String = "GET",
        body: String? = nil,
        as session: String? = nil
    ) async throws -> (status: Int, body: JSONValue) {
        try await InMemoryBackendParseTests.send(
            backend,
            path,
            query,
            method: method,
            body: body,
            headers: session.map { ["X-Parse-Session-Token": $0] } ?? [:]
        )
    }

    /// The `objectId`s of a list answer, sorted.
    private static func ids(_ answer: JSONValue) -> [String] {
        (answer["results"]?.arrayValue?.compactMap { $0["objectId"]?.stringValue } ?? []).sorted()
    }

    private static let notFound: JSONValue = ["code": 101, "error": "Object not found."]

    /// A backend with two users signed up (their objectIds and sessions), Bob an `Admins` member, and `Admins` in
    /// the `roles` of `Moderators`, so that Bob is a moderator too.
    private static func twoUsers() async throws -> (
        backend: InMemoryBackend, alice: (id: String, session: String), bob: (id: String, session: String)
    ) {
        let backend = InMemoryBackend(.parse)
        func signUp(_ name: String) async throws -> (id: String, session: String) {
            let body = #"{"username":"\#(name)","password":"p","email":"\#(name)@example.com"}"#
            let (status, answer) = try await send(backend, "/users", method: "POST", body: body)
            #expect(status == 201, "\(answer)")
            return (
                try #require(answer["objectId"]?.stringValue), try #require(answer["sessionToken"]?.stringValue)
            )
        }
        let alice = try await signUp("alice")
        let bob = try await signUp("bob")
        let admins = try await send(
            backend,
            "/classes/_Role",
            method: "POST",
            body: #"{"name":"Admins","ACL":{"*":{"read":true}},"users":{"__op":"AddRelation","objects":"#
                + #"[{"__type":"Pointer","className":"_User","objectId":"\#(bob.id)"}]}}"#
        )
        let adminsID = try #require(admins.body["objectId"]?.stringValue)
        _ = try await send(
            backend,
            "/classes/_Role",
            method: "POST",
            body: #"{"name":"Moderators","ACL":{"*":{"read":true}},"roles":{"__op":"AddRelation","objects":"#
                + #"[{"__type":"Pointer","className":"_Role","objectId":"\#(adminsID)"}]}}"#
        )
        return (backend, alice, bob)
    }

    /// An object without an ACL is everyone's; one whose ACL names a user is that user's alone: any other request
    /// doesn't find it, in a list, its count, a read of it, an update or a delete (101).
    @Test func anObjectIsReadAndWrittenAsItsACLSays() async throws {
        let (backend, alice, bob) = try await Self.twoUsers()
        func create(_ body: String, as session: String) async throws -> String {
            let (status, answer) = try await Self.send(
                backend,
                "/classes/Note",
                method: "POST",
                body: body,
                as: session
            )
            #expect(status == 201, "\(answer)")
            return try #require(answer["objectId"]?.stringValue)
        }
        let open = try await create(#"{"text":"open"}"#, as: alice.session)
        let own = try await create(
            #"{"text":"mine","ACL":{"\#(alice.id)":{"read":true,"write":true}}}"#,
            as: alice.session
        )
        let moderated = try await create(
            #"{"text":"moderated","ACL":{"*":{"read":true,"write":false},"role:Moderators":{"write":true}}}"#,
            as: alice.session
        )
        let sealed = try await create(#"{"text":"sealed","ACL":{}}"#, as: alice.session)

        for (session, expected) in [
            (alice.session, [open, own, moderated].sorted()), (bob.session, [open, moderated].sorted()),
            (nil, [open, moderated].sorted()),
        ] {
            let (_, list) = try await Self.send(backend, "/classes/Note", [("count", "1")], as: session)
            #expect(Self.ids(list) == expected && list["count"] == .int(expected.count), "\(list)")
        }
        #expect(try await Self.send(backend, "/classes/Note/" + own, as: alice.session).status == 200)
        for session in [bob.session, nil] {
            let read = try await Self.send(backend, "/classes/Note/" + own, as: session)
            #expect(read.status == 404 && read.body == Self.notFound, "\(read)")
            let update = try await Self.send(
                backend,
                "/classes/Note/" + own,
                method: "PUT",
                body: #"{"text":"theirs"}"#,
                as: session
            )
            #expect(update.status == 404 && update.body == Self.notFound, "\(update)")
            let delete = try await Self.send(backend, "/classes/Note/" + own, method: "DELETE", as: session)
            #expect(delete.status == 404 && delete.body == Self.notFound, "\(delete)")
        }
        #expect(try await Self.send(backend, "/classes/Note/" + sealed, as: alice.session).status == 404)
        // Everyone may read the moderated note; only a moderator may change it, and Bob is one through Admins.
        let byAlice = try await Self.send(
            backend,
            "/classes/Note/" + moderated,
            method: "PUT",
            body: #"{"text":"x"}"#,
            as: alice.session
        )
        #expect(byAlice.status == 404 && byAlice.body == Self.notFound, "\(byAlice)")
        let byBob = try await Self.send(
            backend,
            "/classes/Note/" + moderated,
            method: "PUT",
            body: #"{"text":"edited"}"#,
            as: bob.session
        )
        #expect(byBob.status == 200, "\(byBob)")
        #expect(try await Self.send(backend, "/classes/Note/" + open, method: "DELETE").status == 200)
        // parse-server keeps each ACL as the permissions it grants.
        let (_, stored) = try await Self.send(backend, "/classes/Note/" + moderated)
        #expect(stored["ACL"] == ["*": ["read": true], "role:Moderators": ["write": true]], "\(stored)")
        #expect(stored["text"] == "edited")
    }

    /// An object the session may not read is no pointer's object in an `include`, and no object of a subquery.
    @Test func includesAndSubqueriesSeeOnlyWhatTheSessionReads() async throws {
        let (backend, alice, bob) = try await Self.twoUsers()
        let (_, note) = try await Self.send(
            backend,
            "/classes/Note",
            method: "POST",
            body: #"{"text":"mine","ACL":{"\#(alice.id)":{"read":true}}}"#,
            as: alice.session
        )
        let noteID = try #require(note["objectId"]?.stringValue)
        let pointer = #"{"__type":"Pointer","className":"Note","objectId":"\#(noteID)"}"#
        _ = try await Self.send(backend, "/classes/Comment", method: "POST", body: #"{"note":\#(pointer)}"#)

        let (_, forAlice) = try await Self.send(backend, "/classes/Comment", [("include", "note")], as: alice.session)
        #expect(forAlice["results"]?[0]?["note"]?["text"] == "mine", "\(forAlice)")
        let (_, forBob) = try await Self.send(backend, "/classes/Comment", [("include", "note")], as: bob.session)
        #expect(forBob["results"]?[0]?["note"] == nil && Self.ids(forBob).count == 1, "\(forBob)")

        let subquery = [("where", #"{"note":{"$inQuery":{"className":"Note","where":{}}}}"#)]
        #expect(Self.ids(try await Self.send(backend, "/classes/Comment", subquery, as: alice.session).body).count == 1)
        #expect(Self.ids(try await Self.send(backend, "/classes/Comment", subquery, as: bob.session).body).isEmpty)
    }

    /// A new user is its own alone (`enforcePrivateUsers`); changing or deleting a user takes a session (206) that
    /// may write it; another user's email and `authData` are not answered; and a client's ACL keeps the user's own
    /// access to itself.
    @Test func usersAreTheirOwn() async throws {
        let (backend, alice, bob) = try await Self.twoUsers()
        let own = try await Self.send(backend, "/users/" + alice.id, as: alice.session)
        #expect(own.status == 200 && own.body["email"] == "alice@example.com", "\(own)")
        #expect(own.body["ACL"] == .object([alice.id: ["read": true, "write": true]]), "\(own)")
        for session in [bob.session, nil] {
            #expect(try await Self.send(backend, "/users/" + alice.id, as: session).body == Self.notFound)
        }

        let unauthenticated = try await Self.send(backend, "/users/" + alice.id, method: "PUT", body: #"{"n":1}"#)
        #expect(
            unauthenticated.status == 400
                && unauthenticated.body == ["code": 206, "error": .string("Cannot modify user \(alice.id).")],
            "\(unauthenticated)"
        )
        let byBob = try await Self.send(
            backend,
            "/users/" + alice.id,
            method: "PUT",
            body: #"{"n":1}"#,
            as: bob.session
        )
        #expect(byBob.status == 400 && byBob.body == ["code": 206, "error": "Insufficient auth."], "\(byBob)")
        let deleted = try await Self.send(backend, "/users/" + alice.id, method: "DELETE")
        #expect(deleted.body == ["code": 206, "error": "Insufficient auth to delete user"], "\(deleted)")
        #expect(try await Self.send(backend, "/users/" + alice.id, method: "DELETE", as: bob.session).status == 400)

        // Public again, Alice's user is read by others without its email.
        let opened = try await Self.send(
            backend,
            "/users/" + alice.id,
            method: "PUT",
            body: #"{"ACL":{"*":{"read":true}}}"#,
            as: alice.session
        )
        #expect(opened.status == 200, "\(opened)")
        let (_, seen) = try await Self.send(backend, "/users/" + alice.id, as: bob.session)
        #expect(seen["username"] == "alice" && seen["email"] == nil, "\(seen)")
        let expected: JSONValue = .object(["*": ["read": true], alice.id: ["read": true, "write": true]])
        #expect(seen["ACL"] == expected, "\(seen)")
        #expect(try await Self.send(backend, "/users/" + alice.id, method: "DELETE", as: alice.session).status == 200)
    }

    /// A user another session may not write, or that isn't there, is refused as parse-server's `rest.js`
    /// (`handleSessionMissingError`) refuses a write that finds no `_User`: 206, `Insufficient auth.`, a 400.
    @Test func changingAnotherUserIsInsufficientAuth() async throws {
        let (backend, alice, bob) = try await Self.twoUsers()
        let insufficient: JSONValue = ["code": 206, "error": "Insufficient auth."]
        for path in ["/users/" + alice.id, "/users/nobody", "/classes/_User/" + alice.id] {
            let update = try await Self.send(backend, path, method: "PUT", body: #"{"n":1}"#, as: bob.session)
            #expect(update.status == 400 && update.body == insufficient, "\(path): \(update)")
            let delete = try await Self.send(backend, path, method: "DELETE", as: bob.session)
            #expect(delete.status == 400 && delete.body == insufficient, "\(path): \(delete)")
        }
        // Reading one is no write: not found.
        #expect(try await Self.send(backend, "/users/" + alice.id, as: bob.session).body == Self.notFound)
        #expect(try await Self.send(backend, "/users/" + alice.id, as: alice.session).status == 200)
    }

    /// parse-server checks an update's types (RestWrite.js `validateSchema`) before it looks for the object the
    /// session may write, and a user's session before that too: a wrong type is 111 wherever the object is.
    @Test func anUpdatesTypesAreCheckedBeforeItsAccess() async throws {
        let (backend, alice, bob) = try await Self.twoUsers()
        let (_, note) = try await Self.send(
            backend,
            "/classes/Note",
            method: "POST",
            body: #"{"text":"mine","ACL":{"\#(alice.id)":{"read":true,"write":true}}}"#,
            as: alice.session
        )
        let id = try #require(note["objectId"]?.stringValue)
        for (path, session) in [
            ("/classes/Note/" + id, bob.session), ("/classes/Note/none", bob.session),
            ("/users/" + alice.id, nil),
        ] {
            let body = path.hasPrefix("/users") ? #"{"username":5}"# : #"{"text":5}"#
            let (status, answer) = try await Self.send(backend, path, method: "PUT", body: body, as: session)
            #expect(status == 400 && answer["code"] == 111, "\(path): \(answer)")
        }
    }

    /// parse-server checks a user's new username and email (RestWrite.js `transformUser`: `_validateUserName` 202,
    /// `_validateEmail` 125 and 203) after its types and before its session (`runDatabaseOperation`, 206) and its
    /// access (`handleSessionMissingError`, 206): a name another user has is 202 in any session or none.
    @Test func aUsersNameAndEmailAreCheckedBeforeItsSession() async throws {
        let (backend, alice, bob) = try await Self.twoUsers()
        for session in [nil, bob.session, alice.session] {
            for (body, expected) in [
                (#"{"username":"BOB"}"#, ["code": 202, "error": "Account already exists for this username."]),
                (
                    #"{"email":"Bob@example.com"}"#,
                    ["code": 203, "error": "Account already exists for this email address."]
                ),
                (#"{"email":"nobody"}"#, ["code": 125, "error": "Email address format is invalid."]),
            ] as [(String, JSONValue)] {
                let answer = try await Self.send(backend, "/users/" + alice.id, method: "PUT", body: body, as: session)
                #expect(
                    answer.status == 400 && answer.body == expected,
                    "\(body) in \(session ?? "no session"): \(answer)"
                )
            }
        }
        // A name no one else has still takes Alice's own session.
        let free = try await Self.send(backend, "/users/" + alice.id, method: "PUT", body: #"{"username":"carol"}"#)
        #expect(free.body == ["code": 206, "error": .string("Cannot modify user \(alice.id).")], "\(free)")
    }

    /// `_validateUserName` and `_validateEmail` (RestWrite.js) pass over a username or an email JavaScript reads as
    /// false: an update's empty email is stored, not refused as no address (125), even where another user has one.
    @Test func anEmptyEmailIsNoAddressToCheck() async throws {
        let (backend, alice, bob) = try await Self.twoUsers()
        for user in [alice, bob] {
            let answer = try await Self.send(
                backend,
                "/users/" + user.id,
                method: "PUT",
                body: #"{"email":""}"#,
                as: user.session
            )
            #expect(answer.status == 200, "\(answer)")
        }
        let me = try await Self.send(backend, "/users/me", as: alice.session)
        #expect(me.body["email"] == "", "\(me)")
    }

    /// An update's password is hashed (RestWrite.js `transformUser`, `passwordCrypto.hash`) whatever it is but
    /// undefined: a `Delete` or a `null`, which the schema lets through, fails bcrypt, an error parse-server doesn't
    /// handle (500, `Internal server error.`). Nothing changes: the password, and the sessions a new one would end.
    /// A password of another type is the schema's `String` mismatch (111).
    @Test func aPasswordThatIsNoTextIsNoNewPassword() async throws {
        let (backend, alice, _) = try await Self.twoUsers()
        func update(_ body: String) async throws -> (status: Int, body: JSONValue) {
            try await Self.send(backend, "/users/" + alice.id, method: "PUT", body: body, as: alice.session)
        }
        for body in [#"{"password":{"__op":"Delete"}}"#, #"{"password":null}"#] {
            let answer = try await update(body)
            #expect(
                answer.status == 500 && answer.body == ["code": 1, "message": "Internal server error."],
                "\(body): \(answer)"
            )
        }
        for body in [#"{"password":5}"#, #"{"password":["p"]}"#, #"{"password":{"__op":"Increment","amount":1}}"#] {
            let answer = try await update(body)
            #expect(answer.status == 400 && answer.body["code"] == 111, "\(body): \(answer)")
        }
        #expect(try await Self.send(backend, "/users/me", as: alice.session).status == 200)
        let login = try await Self.send(backend, "/login", [("username", "alice"), ("password", "p")])
        #expect(login.status == 200, "\(login)")
    }

    /// An `ACL` is kept as DatabaseController.js's `transformObjectACL` keeps it: `{"__op":"Delete"}`, or a value
    /// that is no object (`"x"`, `true`, `1`), grants no one anything, so no request finds the object again; one
    /// JavaScript reads as false (`null`, `false`, `0`, `""`) is no ACL: a new object is everyone's, and an update
    /// leaves the ACL as it was.
    @Test func anACLIsKeptAsParseServerTransformsIt() async throws {
        let (backend, alice, bob) = try await Self.twoUsers()
        func create(_ acl: String) async throws -> String {
            let (status, answer) = try await Self.send(
                backend,
                "/classes/Note",
                method: "POST",
                body: #"{"text":"t","ACL":\#(acl)}"#,
                as: alice.session
            )
            #expect(status == 201, "\(acl): \(answer)")
            return try #require(answer["objectId"]?.stringValue)
        }
        for acl in [#"{"__op":"Delete"}"#, #""x""#, "true", "1"] {
            let id = try await create(acl)
            let read = try await Self.send(backend, "/classes/Note/" + id, as: alice.session)
            #expect(read.status == 404 && read.body == Self.notFound, "\(acl): \(read)")
        }
        for acl in ["null", "false", "0", #""""#] {
            let id = try await create(acl)
            let read = try await Self.send(backend, "/classes/Note/" + id, as: bob.session)
            #expect(read.status == 200 && read.body["ACL"] == nil, "\(acl): \(read)")
        }

        let own = try await create(#"{"\#(alice.id)":{"read":true,"write":true}}"#)
        for acl in ["null", "false"] {
            let update = try await Self.send(
                backend,
                "/classes/Note/" + own,
                method: "PUT",
                body: #"{"ACL":\#(acl)}"#,
                as: alice.session
            )
            #expect(update.status == 200, "\(acl): \(update)")
            #expect(try await Self.send(backend, "/classes/Note/" + own, as: bob.session).status == 404, "\(acl)")
            let kept = try await Self.send(backend, "/classes/Note/" + own, as: alice.session)
            #expect(kept.body["ACL"] == .object([alice.id: ["read": true, "write": true]]), "\(acl): \(kept)")
        }
        // Unsetting the ACL leaves it granting nothing; a user keeps its own access to itself.
        let unset = try await Self.send(
            backend,
            "/classes/Note/" + own,
            method: "PUT",
            body: #"{"ACL":{"__op":"Delete"}}"#,
            as: alice.session
        )
        #expect(unset.status == 200, "\(unset)")
        #expect(try await Self.send(backend, "/classes/Note/" + own, as: alice.session).status == 404)
        let user = try await Self.send(
            backend,
            "/users/" + alice.id,
            method: "PUT",
            body: #"{"ACL":{"__op":"Delete"}}"#,
            as: alice.session
        )
        #expect(user.status == 200, "\(user)")
        let (_, stored) = try await Self.send(backend, "/users/" + alice.id, as: alice.session)
        #expect(stored["ACL"] == .object([alice.id: ["read": true, "write": true]]), "\(stored)")

        // JavaScript fails on a `null` entry, and on a user's ACL it can't add the user to: internal errors.
        let internalError: JSONValue = ["code": 1, "message": "Internal server error."]
        let nullEntry = try await Self.send(backend, "/classes/Note", method: "POST", body: #"{"ACL":{"*":null}}"#)
        #expect(nullEntry.status == 500 && nullEntry.body == internalError, "\(nullEntry)")
        let textACL = try await Self.send(
            backend,
            "/users",
            method: "POST",
            body: #"{"username":"carol","password":"p","ACL":"x"}"#
        )
        #expect(textACL.status == 500 && textACL.body == internalError, "\(textACL)")
    }

    /// A role that is gone holds no one: the roles whose `roles` relation names it give its members nothing
    /// (Auth.js `getRolesByIds` finds only the roles there are), though its relations' rows stay.
    @Test func aDeletedRoleLinksNoRoles() async throws {
        let (backend, _, bob) = try await Self.twoUsers()
        func role(_ name: String, holding role: String) async throws -> String {
            let (_, answer) = try await Self.send(
                backend,
                "/classes/_Role",
                method: "POST",
                body: #"{"name":"\#(name)","ACL":{"*":{"read":true,"write":true}},"roles":{"__op":"AddRelation","#
                    + #""objects":[{"__type":"Pointer","className":"_Role","objectId":"\#(role)"}]}}"#
            )
            return try #require(answer["objectId"]?.stringValue)
        }
        // Bob is in Admins; Interns' `roles` hold Admins, and Editors' hold Interns.
        let (_, admins) = try await Self.send(backend, "/classes/_Role", [("where", #"{"name":"Admins"}"#)])
        let interns = try await role("Interns", holding: try #require(admins["results"]?[0]?["objectId"]?.stringValue))
        _ = try await role("Editors", holding: interns)
        let (_, note) = try await Self.send(
            backend,
            "/classes/Note",
            method: "POST",
            body: #"{"text":"edited","ACL":{"role:Editors":{"read":true}}}"#
        )
        let path = "/classes/Note/" + (try #require(note["objectId"]?.stringValue))
        #expect(try await Self.send(backend, path, as: bob.session).status == 200)
        let deleted = try await Self.send(backend, "/classes/_Role/" + interns, method: "DELETE")
        #expect(deleted.status == 200, "\(deleted)")
        #expect(try await Self.send(backend, path, as: bob.session).status == 404)
    }

    /// A query on `_User`'s `email` (the default `protectedFields`) is refused without the master key, as
    /// RestQuery.js's `denyProtectedFields` refuses it (119), in a subquery too; but not where it names the user
    /// of the session by its `objectId`.
    @Test func aQueryOnAUsersEmailIsRefused() async throws {
        let (backend, alice, bob) = try await Self.twoUsers()
        let forbidden: JSONValue = [
            "code": 119, "error": "This user is not allowed to query email on class _User",
        ]
        for session in [nil, alice.session] {
            let (status, answer) = try await Self.send(
                backend,
                "/users",
                [("where", #"{"email":"alice@example.com"}"#)],
                as: session
            )
            #expect(status == 400 && answer == forbidden, "\(answer)")
        }
        let subquery = #"{"user":{"$inQuery":{"className":"_User","where":{"email":{"$exists":true}}}}}"#
        let (status, answer) = try await Self.send(backend, "/classes/Note", [("where", subquery)], as: bob.session)
        #expect(status == 400 && answer == forbidden, "\(answer)")
        let own = #"{"objectId":"\#(alice.id)","email":"alice@example.com"}"#
        let (_, found) = try await Self.send(backend, "/users", [("where", own)], as: alice.session)
        #expect(Self.ids(found) == [alice.id], "\(found)")
        // A false value is no constraint `denyProtectedFields` sees.
        let (_, none) = try await Self.send(backend, "/users", [("where", #"{"email":null}"#)], as: bob.session)
        #expect(none["results"] != nil, "\(none)")
    }

    /// A role must have a name and an ACL (SchemaController.js `requiredColumns`, 111) and a name no other role has
    /// (the unique index `performInitialization` makes, 137).
    @Test func aRoleNeedsANameOfItsOwnAndAnACL() async throws {
        let backend = InMemoryBackend(.parse)
        func create(_ body: String) async throws -> (status: Int, body: JSONValue) {
            try await Self.send(backend, "/classes/_Role", method: "POST", body: body)
        }
        let acl = #""ACL":{"*":{"read":true}}"#
        #expect(try await create(#"{"name":"Admins"}"#).body == ["code": 111, "error": "ACL is required."])
        #expect(try await create("{\(acl)}").body == ["code": 111, "error": "name is required."])
        #expect(try await create(#"{"name":"","#.appending(acl) + "}").body["error"] == "name is required.")
        let (status, admins) = try await create(#"{"name":"Admins","#.appending(acl) + "}")
        #expect(status == 201, "\(admins)")
        let again = try await create(#"{"name":"Admins","#.appending(acl) + "}")
        #expect(
            again.status == 400
                && again.body == [
                    "code": 137, "error": "A duplicate value for a field with unique values was provided",
                ],
            "\(again)"
        )
        let id = try #require(admins["objectId"]?.stringValue)
        let unnamed = try await Self.send(
            backend,
            "/classes/_Role/" + id,
            method: "PUT",
            body: #"{"name":{"__op":"Delete"}}"#
        )
        #expect(unnamed.body == ["code": 111, "error": "name is required."], "\(unnamed)")
        #expect(await backend.documents(in: "_Role").count == 1)
    }

    /// An ACL holding the JS SDK's `*unresolved` placeholder (a user not saved yet) is refused, on a create and an
    /// update (RestWrite.js `runDatabaseOperation`: 123, `Invalid ACL.`), and nothing is written.
    @Test func anACLForAUserNotSavedYetIsRefused() async throws {
        let backend = InMemoryBackend(.parse)
        let invalid: JSONValue = ["code": 123, "error": "Invalid ACL."]
        let unresolved = #"{"text":"x","ACL":{"*unresolved":{"read":true}}}"#
        let created = try await Self.send(backend, "/classes/Note", method: "POST", body: unresolved)
        #expect(created.status == 400 && created.body == invalid, "\(created)")
        #expect(await backend.documents(in: "Note").isEmpty)
        let (_, note) = try await Self.send(backend, "/classes/Note", method: "POST", body: #"{"text":"x"}"#)
        let id = try #require(note["objectId"]?.stringValue)
        let updated = try await Self.send(backend, "/classes/Note/" + id, method: "PUT", body: unresolved)
        #expect(updated.status == 400 && updated.body == invalid, "\(updated)")
        #expect(await backend.documents(in: "Note").first?["ACL"] == nil)
    }

    /// Through `ModelClient`: what a list answers depends on the session the client signs in with.
    @Test func aSignedInClientListsWhatItsUserMayRead() async throws {
        let (backend, alice, _) = try await Self.twoUsers()
        _ = try await Self.send(
            backend,
            "/classes/Note",
            method: "POST",
            body: #"{"text":"mine","ACL":{"\#(alice.id)":{"read":true}}}"#,
            as: alice.session
        )
        let signedIn = backend.client(headers: { ["X-Parse-Session-Token": alice.session] })
        let anonymous = backend.client()
        let path = "/classes/Note"
        let mine = try await signedIn.get(JSONValue.self, path: path)
        let theirs = try await anonymous.get(JSONValue.self, path: path)
        #expect(mine["results"]?.arrayValue?.count == 1 && theirs["results"]?.arrayValue?.isEmpty == true)
    }
}
