import Foundation
import ModelRuntime
import ModelRuntimeTesting
import Testing

/// parse-server's own specs on ACLs, roles and users (spec/ParseACL.spec.js, spec/ParseRole.spec.js,
/// spec/ParseUser.spec.js, spec/ParseObject.spec.js and spec/rest.spec.js @ 7ea2a2953e9202d43ddb53ded309fbd26245d45c),
/// each case as the REST requests the JavaScript SDK sends for it, against the in-memory Parse backend.
///
/// A case whose spec saves a role or an object with the master key is ported where the same request without it is
/// answered alike: a create (no class-level permissions are set in the specs' server) and a read of what everyone
/// may read; a role the spec changes with the master key after its create is made with its relations in the create.
/// A spec reading a role's `users` with the master key reads it here in each member's session, which finds the
/// member itself (each user is private, `enforcePrivateUsers`).
@Suite struct InMemoryBackendParseACLSpecTests {
    /// A user signed up: its objectId and its session's token.
    struct User: Sendable {
        let id: String
        let session: String
    }

    /// One server the spec talks to.
    struct Server: Sendable {
        let backend = InMemoryBackend(.parse)

        func send(
            _ path: String,
            _ query: [(String, String)] = [],
            method: String = "GET",
            body: String? = nil,
            as session: String? = nil
        ) async throws -> (status: Int, body: JSONValue) {
            try await InMemoryBackendParseACLTests.send(backend, path, query, method: method, body: body, as: session)
        }

        /// `Parse.User.signUp`: `POST /users` with a username, a password and `extra` members (`"foo":"bar"`).
        func signUp(_ name: String, _ password: String = "pass", _ extra: String = "") async throws -> User {
            let members = #""username":"\#(name)","password":"\#(password)""# + (extra.isEmpty ? "" : "," + extra)
            let (status, answer) = try await send("/users", method: "POST", body: "{\(members)}")
            #expect(status == 201, "\(answer)")
            return User(
                id: try #require(answer["objectId"]?.stringValue),
                session: try #require(answer["sessionToken"]?.stringValue)
            )
        }

        /// `Parse.User.logIn`: `POST /login`, answered with the user and a new session.
        func logIn(_ name: String, _ password: String = "pass") async throws -> (user: JSONValue, session: String) {
            let (status, answer) = try await send(
                "/login",
                method: "POST",
                body: #"{"username":"\#(name)","password":"\#(password)"}"#
            )
            #expect(status == 200, "\(answer)")
            return (answer, try #require(answer["sessionToken"]?.stringValue))
        }

        /// `object.save()` of a new object: its objectId.
        func create(_ className: String, _ body: String, as session: String? = nil) async throws -> String {
            let (status, answer) = try await send("/classes/" + className, method: "POST", body: body, as: session)
            #expect(status == 201, "\(className) \(body): \(answer)")
            return try #require(answer["objectId"]?.stringValue)
        }

        /// A new `_Role` with `acl`, holding `users` and the roles `roles` (objectIds) in its relations.
        func role(
            _ name: String,
            acl: String = "{}",
            users: [String] = [],
            roles: [String] = [],
            as session: String? = nil
        ) async throws -> String {
            var members = [#""name":"\#(name)""#, #""ACL":\#(acl)"#]
            if !users.isEmpty { members.append(#""users":\#(Self.adding("_User", users))"#) }
            if !roles.isEmpty { members.append(#""roles":\#(Self.adding("_Role", roles))"#) }
            return try await create("_Role", "{" + members.joined(separator: ",") + "}", as: session)
        }

        /// An `AddRelation` (or `RemoveRelation`) of the objects `ids` of `className`.
        static func adding(_ className: String, _ ids: [String], op: String = "AddRelation") -> String {
            let pointers = ids.map { pointer(className, $0) }.joined(separator: ",")
            return #"{"__op":"\#(op)","objects":[\#(pointers)]}"#
        }

        static func pointer(_ className: String, _ id: String) -> String {
            #"{"__type":"Pointer","className":"\#(className)","objectId":"\#(id)"}"#
        }

        /// The users the `users` relation of the role `role` holds that `session` may read.
        func members(of role: String, as session: String?) async throws -> [String] {
            let related = #"{"$relatedTo":{"object":\#(Self.pointer("_Role", role)),"key":"users"}}"#
            let (status, answer) = try await send("/users", [("where", related)], as: session)
            #expect(status == 200, "\(answer)")
            return ids(answer)
        }
    }

    /// The `objectId`s of a list answer, sorted.
    static func ids(_ answer: JSONValue) -> [String] {
        (answer["results"]?.arrayValue?.compactMap { $0["objectId"]?.stringValue } ?? []).sorted()
    }

    static let notFound: JSONValue = ["code": 101, "error": "Object not found."]

    /// An ACL granting each of `entries` read, write or both.
    static func acl(_ entries: [(String, read: Bool, write: Bool)]) -> String {
        let granted = entries.map { key, read, write in
            let permissions = [read ? #""read":true"# : nil, write ? #""write":true"# : nil].compactMap { $0 }
            return #""\#(key)":{\#(permissions.joined(separator: ","))}"#
        }
        return "{" + granted.joined(separator: ",") + "}"
    }

    // MARK: - spec/ParseACL.spec.js: one object, its ACL, and who reads and writes it

    /// What a spec does to the object: `query.get`, `query.find`, `object.save()` of a change, `object.destroy()`.
    enum Operation: String, Sendable { case get, find, update, delete }

    /// The ACL a spec gives the object.
    enum Sharing: Sendable {
        /// `new Parse.ACL(alice)`.
        case alice
        /// `new Parse.ACL(alice)`, then saved again with `setPublicReadAccess(true)`.
        case aliceThenPublicRead
        /// `new Parse.ACL(alice)`, then saved again with `setPublicWriteAccess(true)`.
        case aliceThenPublicWrite
        /// `new Parse.ACL(alice)` with public read, public write false (#3194).
        case aliceAndPublicRead
        /// `new Parse.ACL(alice)` with Bob's read and write.
        case aliceAndBob
    }

    /// Who sends the request: no session (after `Parse.User.logOut()`), Alice or Bob logged in again
    /// (`Parse.User.logIn`), or Bob's session from his sign-up.
    enum Actor: Sendable { case everyone, aliceAgain, bobAgain, bobSignedUp }

    struct ACLCase: Sendable, CustomTestStringConvertible {
        let title: String
        let line: Int
        let sharing: Sharing
        let actor: Actor
        let operation: Operation
        let allowed: Bool
        var testDescription: String { "ParseACL.spec.js:\(line) \(title)" }
    }

    static let aclCases: [ACLCase] = [
        .init(
            title: "acl an object owned by one user and public get",
            line: 35,
            sharing: .alice,
            actor: .everyone,
            operation: .get,
            allowed: false
        ),
        .init(
            title: "acl an object owned by one user and public find",
            line: 61,
            sharing: .alice,
            actor: .everyone,
            operation: .find,
            allowed: false
        ),
        .init(
            title: "acl an object owned by one user and public update",
            line: 87,
            sharing: .alice,
            actor: .everyone,
            operation: .update,
            allowed: false
        ),
        .init(
            title: "acl an object owned by one user and public delete",
            line: 117,
            sharing: .alice,
            actor: .everyone,
            operation: .delete,
            allowed: false
        ),
        .init(
            title: "acl an object owned by one user and logged in get",
            line: 146,
            sharing: .alice,
            actor: .aliceAgain,
            operation: .get,
            allowed: true
        ),
        .init(
            title: "acl an object owned by one user and logged in find",
            line: 177,
            sharing: .alice,
            actor: .aliceAgain,
            operation: .find,
            allowed: true
        ),
        .init(
            title: "acl an object owned by one user and logged in update",
            line: 212,
            sharing: .alice,
            actor: .aliceAgain,
            operation: .update,
            allowed: true
        ),
        .init(
            title: "acl an object owned by one user and logged in delete",
            line: 236,
            sharing: .alice,
            actor: .aliceAgain,
            operation: .delete,
            allowed: true
        ),
        .init(
            title: "acl making an object publicly readable and public get",
            line: 258,
            sharing: .aliceThenPublicRead,
            actor: .everyone,
            operation: .get,
            allowed: true
        ),
        .init(
            title: "acl making an object publicly readable and public find",
            line: 292,
            sharing: .aliceThenPublicRead,
            actor: .everyone,
            operation: .find,
            allowed: true
        ),
        .init(
            title: "acl making an object publicly readable and public update",
            line: 328,
            sharing: .aliceThenPublicRead,
            actor: .everyone,
            operation: .update,
            allowed: false
        ),
        .init(
            title: "acl making an object publicly readable and public delete",
            line: 366,
            sharing: .aliceThenPublicRead,
            actor: .everyone,
            operation: .delete,
            allowed: false
        ),
        .init(
            title: "acl making an object publicly writable and public get",
            line: 404,
            sharing: .aliceThenPublicWrite,
            actor: .everyone,
            operation: .get,
            allowed: false
        ),
        .init(
            title: "acl making an object publicly writable and public find",
            line: 441,
            sharing: .aliceThenPublicWrite,
            actor: .everyone,
            operation: .find,
            allowed: false
        ),
        .init(
            title: "acl making an object publicly writable and public update",
            line: 475,
            sharing: .aliceThenPublicWrite,
            actor: .everyone,
            operation: .update,
            allowed: true
        ),
        .init(
            title: "acl making an object publicly writable and public delete",
            line: 507,
            sharing: .aliceThenPublicWrite,
            actor: .everyone,
            operation: .delete,
            allowed: true
        ),
        .init(
            title: "acl making an object privately writable (#3194)",
            line: 538,
            sharing: .aliceAndPublicRead,
            actor: .bobSignedUp,
            operation: .delete,
            allowed: false
        ),
        .init(
            title: "acl sharing with another user and get",
            line: 578,
            sharing: .aliceAndBob,
            actor: .bobAgain,
            operation: .get,
            allowed: true
        ),
        .init(
            title: "acl sharing with another user and find",
            line: 608,
            sharing: .aliceAndBob,
            actor: .bobAgain,
            operation: .find,
            allowed: true
        ),
        .init(
            title: "acl sharing with another user and update",
            line: 644,
            sharing: .aliceAndBob,
            actor: .bobAgain,
            operation: .update,
            allowed: true
        ),
        .init(
            title: "acl sharing with another user and delete",
            line: 670,
            sharing: .aliceAndBob,
            actor: .bobAgain,
            operation: .delete,
            allowed: true
        ),
        .init(
            title: "acl sharing with another user and public get",
            line: 696,
            sharing: .aliceAndBob,
            actor: .everyone,
            operation: .get,
            allowed: false
        ),
        .init(
            title: "acl sharing with another user and public find",
            line: 728,
            sharing: .aliceAndBob,
            actor: .everyone,
            operation: .find,
            allowed: false
        ),
        .init(
            title: "acl sharing with another user and public update",
            line: 757,
            sharing: .aliceAndBob,
            actor: .everyone,
            operation: .update,
            allowed: false
        ),
        .init(
            title: "acl sharing with another user and public delete",
            line: 792,
            sharing: .aliceAndBob,
            actor: .everyone,
            operation: .delete,
            allowed: false
        ),
    ]

    /// Bob signs up (and logs out), Alice signs up and saves a `TestObject` with the case's ACL, changing it in a
    /// second save where the spec does; then the case's actor gets, finds, updates or deletes it. What the actor may
    /// not do is not found (101); a find finds nothing. The object's owner reads the ACL as the spec checks it.
    @Test(arguments: aclCases) func anObjectsACLDecidesWhoReadsAndWritesIt(_ spec: ACLCase) async throws {
        let server = Server()
        let bob = try await server.signUp("bob", "pass")
        _ = try await server.send("/logout", method: "POST", as: bob.session)
        let alice = try await server.signUp("alice", "wonderland")
        let own = (alice.id, read: true, write: true)
        let first: [(String, read: Bool, write: Bool)]
        var final: [(String, read: Bool, write: Bool)]
        switch spec.sharing {
        case .alice: (first, final) = ([own], [own])
        case .aliceThenPublicRead: (first, final) = ([own], [own, ("*", read: true, write: false)])
        case .aliceThenPublicWrite: (first, final) = ([own], [own, ("*", read: false, write: true)])
        case .aliceAndPublicRead: (first, final) = ([own, ("*", read: true, write: false)], [])
        case .aliceAndBob: (first, final) = ([own, (bob.id, read: true, write: true)], [])
        }
        if final.isEmpty { final = first }
        let id = try await server.create("TestObject", #"{"ACL":\#(Self.acl(first))}"#, as: alice.session)
        let path = "/classes/TestObject/" + id
        if final.count != first.count {
            let (status, answer) = try await server.send(
                path,
                method: "PUT",
                body: #"{"ACL":\#(Self.acl(final))}"#,
                as: alice.session
            )
            #expect(status == 200, "\(answer)")
        }
        // What the object's ACL is now, as its owner reads it.
        let (_, stored) = try await server.send(path, as: alice.session)
        let expectedACL = try JSONValue(parsing: Data(Self.acl(final).utf8))
        #expect(stored["ACL"] == expectedACL, "\(stored)")
        _ = try await server.send("/logout", method: "POST", as: alice.session)

        let session: String?
        switch spec.actor {
        case .everyone: session = nil
        case .aliceAgain: session = try await server.logIn("alice", "wonderland").session
        case .bobAgain: session = try await server.logIn("bob", "pass").session
        case .bobSignedUp: session = try await server.signUp("bob2", "burger").session
        }
        switch spec.operation {
        case .get:
            let (status, answer) = try await server.send(path, as: session)
            if spec.allowed {
                #expect(status == 200 && answer["objectId"] == .string(id), "\(answer)")
                #expect(answer["ACL"] == expectedACL, "\(answer)")
            } else {
                #expect(status == 404 && answer == Self.notFound, "\(answer)")
            }
        case .find:
            let (status, answer) = try await server.send("/classes/TestObject", as: session)
            #expect(status == 200 && Self.ids(answer) == (spec.allowed ? [id] : []), "\(answer)")
            if spec.allowed { #expect(answer["results"]?[0]?["ACL"] == expectedACL, "\(answer)") }
        case .update:
            let (status, answer) = try await server.send(path, method: "PUT", body: #"{"foo":"bar"}"#, as: session)
            if spec.allowed {
                #expect(status == 200 && answer["updatedAt"] != nil, "\(answer)")
            } else {
                #expect(status == 404 && answer == Self.notFound, "\(answer)")
            }
            let (_, after) = try await server.send(path, as: try await server.logIn("alice", "wonderland").session)
            #expect(after["foo"] == (spec.allowed ? "bar" : nil), "\(after)")
        case .delete:
            let (status, answer) = try await server.send(path, method: "DELETE", as: session)
            if spec.allowed {
                #expect(status == 200 && answer == [:], "\(answer)")
            } else {
                #expect(status == 404 && answer == Self.notFound, "\(answer)")
            }
            #expect(await server.backend.documents(in: "TestObject").count == (spec.allowed ? 0 : 1))
        }
    }

    /// ParseACL.spec.js:21 "refresh object with acl": Alice fetches the object her ACL gives her.
    @Test func refreshObjectWithACL() async throws {
        let server = Server()
        let alice = try await server.signUp("alice", "wonderland")
        let acl = Self.acl([(alice.id, read: true, write: true)])
        let id = try await server.create("TestObject", #"{"ACL":\#(acl)}"#, as: alice.session)
        let (status, answer) = try await server.send("/classes/TestObject/" + id, as: alice.session)
        #expect(status == 200 && answer["objectId"] == .string(id), "\(answer)")
    }

    /// ParseACL.spec.js:826 "acl saveAll with permissions": two objects of Alice's saved in one `/batch`, then changed
    /// in another, are both found by `foo`.
    @Test func aclSaveAllWithPermissions() async throws {
        let server = Server()
        let alice = try await server.signUp("alice", "wonderland")
        let acl = Self.acl([(alice.id, read: true, write: true)])
        let create = #"{"method":"POST","path":"/api/classes/TestObject","body":{"ACL":\#(acl)}}"#
        let (_, created) = try await server.send(
            "/batch",
            method: "POST",
            body: #"{"requests":[\#(create),\#(create)]}"#,
            as: alice.session
        )
        let ids = try (0..<2).map { try #require(created[$0]?["success"]?["objectId"]?.stringValue) }
        let updates = ids.map {
            #"{"method":"PUT","path":"/api/classes/TestObject/\#($0)","body":{"foo":"bar"}}"#
        }
        let (_, updated) = try await server.send(
            "/batch",
            method: "POST",
            body: #"{"requests":[\#(updates.joined(separator: ","))]}"#,
            as: alice.session
        )
        #expect(updated[0]?["success"] != nil && updated[1]?["success"] != nil, "\(updated)")
        let (_, found) = try await server.send(
            "/classes/TestObject",
            [("where", #"{"foo":"bar"}"#)],
            as: alice.session
        )
        #expect(Self.ids(found) == ids.sorted(), "\(found)")
    }

    /// ParseACL.spec.js:855 "empty acl works": a user signed up with an empty ACL still logs in, with its fields.
    @Test func emptyACLWorks() async throws {
        let server = Server()
        let user = try await server.signUp("tdurden", "mayhem", #""ACL":{},"foo":"bar""#)
        _ = try await server.send("/logout", method: "POST", as: user.session)
        let (answer, _) = try await server.logIn("tdurden", "mayhem")
        #expect(answer["foo"] == "bar", "\(answer)")
    }

    /// ParseACL.spec.js:867 "query for included object with ACL works": a pointer is answered as a pointer, without
    /// the ACL of its object; included, the object comes with its ACL.
    @Test func queryForIncludedObjectWithACLWorks() async throws {
        let server = Server()
        let other = try await server.create("TestClass2", #"{"ACL":{"*":{"read":true}}}"#)
        _ = try await server.create("TestClass1", #"{"other":\#(Server.pointer("TestClass2", other))}"#)
        let (_, plain) = try await server.send("/classes/TestClass1", [("limit", "1")])
        let pointer = try JSONValue(parsing: Data(Server.pointer("TestClass2", other).utf8))
        #expect(plain["results"]?[0]?["other"] == pointer, "\(plain)")
        let (_, included) = try await server.send("/classes/TestClass1", [("limit", "1"), ("include", "other")])
        #expect(included["results"]?[0]?["other"]?["ACL"] == ["*": ["read": true]], "\(included)")
    }

    /// ParseACL.spec.js:886 "restricted ACL does not have public access": an empty ACL is no one's.
    @Test func restrictedACLDoesNotHavePublicAccess() async throws {
        let server = Server()
        _ = try await server.create("TestClassMasterACL", #"{"ACL":{}}"#)
        let (status, answer) = try await server.send("/classes/TestClassMasterACL")
        #expect(status == 200 && Self.ids(answer).isEmpty, "\(answer)")
    }

    // MARK: - spec/ParseObject.spec.js

    /// ParseObject.spec.js:768 "acl attribute": the ACL is answered on a create's read, a get and a find.
    @Test func aclAttribute() async throws {
        let server = Server()
        let bob = try await server.signUp("bob", "password")
        let acl = Self.acl([(bob.id, read: true, write: true)])
        let id = try await server.create("TestObject", #"{"ACL":\#(acl)}"#, as: bob.session)
        let expected: JSONValue = .object([bob.id: ["read": true, "write": true]])
        let (_, got) = try await server.send("/classes/TestObject/" + id, as: bob.session)
        #expect(got["ACL"] == expected, "\(got)")
        let (_, found) = try await server.send("/classes/TestObject", as: bob.session)
        #expect(found["results"]?[0]?["ACL"] == expected, "\(found)")
    }

    /// ParseObject.spec.js:2044 "should include ACLs with select": `keys` leaves out the other fields but not the
    /// ACL, and the included object keeps its own.
    @Test func shouldIncludeACLsWithSelect() async throws {
        let server = Server()
        let score = try await server.create("GameScore", #"{"score":1234}"#)
        _ = try await server.create(
            "Player",
            #"{"gameScore":\#(Server.pointer("GameScore", score)),"other":"value","ACL":{"*":{"read":true}}}"#
        )
        let (status, answer) = try await server.send(
            "/classes/Player",
            [("include", "gameScore"), ("keys", "gameScore")]
        )
        let player = answer["results"]?[0]
        #expect(status == 200 && player?["other"] == nil, "\(answer)")
        #expect(player?["gameScore"]?["score"] == 1234, "\(answer)")
        #expect(player?["ACL"] == ["*": ["read": true]], "\(answer)")
    }

    // MARK: - spec/ParseRole.spec.js

    /// ParseRole.spec.js:62 "Do a bunch of basic role testing": a member of `Foos` finds and changes an object only
    /// `Foos` may read and write; the same change with an empty session token is not found.
    @Test func doABunchOfBasicRoleTesting() async throws {
        let server = Server()
        let user = try await server.signUp("test", "moon-y")
        let role = try await server.role("Foos", acl: #"{"*":{"read":true}}"#, users: [user.id])
        let (_, roles) = try await server.send("/classes/_Role")
        #expect(Self.ids(roles) == [role], "\(roles)")
        #expect(try await server.members(of: role, as: user.session) == [user.id])

        let id = try await server.create("TestObject", #"{"ACL":{"role:Foos":{"read":true,"write":true}}}"#)
        let (_, found) = try await server.send("/classes/TestObject", as: user.session)
        #expect(Self.ids(found) == [id], "\(found)")
        let path = "/classes/TestObject/" + id
        let byMember = try await server.send(path, method: "PUT", body: #"{"foo":"bar"}"#, as: user.session)
        #expect(byMember.status == 200, "\(byMember)")
        let byNoOne = try await server.send(path, method: "PUT", body: #"{"foo":"baz"}"#, as: "")
        #expect(byNoOne.status == 404 && byNoOne.body == Self.notFound, "\(byNoOne)")
    }

    /// A `TestObject` for each of `roles`, whose ACL gives the role read.
    private static func objects(readBy roles: [String], in server: Server) async throws {
        for role in roles {
            _ = try await server.create("TestObject", #"{"role":"\#(role)","ACL":{"role:\#(role)":{"read":true}}}"#)
        }
    }

    /// The roles whose `TestObject` `session` finds: the session's roles.
    private static func roles(of session: String, in server: Server) async throws -> [String] {
        let (_, found) = try await server.send("/classes/TestObject", as: session)
        return (found["results"]?.arrayValue?.compactMap { $0["role"]?.stringValue } ?? []).sorted()
    }

    /// ParseRole.spec.js:200 "should recursively load roles" and :204 "should recursively load roles without
    /// config": a member of `FooRole` is a `BarRole` (whose `roles` hold `FooRole`) and a `BazRole` (whose `roles`
    /// hold `BarRole`).
    @Test func shouldRecursivelyLoadRoles() async throws {
        let server = Server()
        let user = try await server.signUp("test", "moon-y")
        let foo = try await server.role("FooRole", users: [user.id])
        let bar = try await server.role("BarRole", roles: [foo])
        _ = try await server.role("BazRole", roles: [bar])
        _ = try await server.role("OtherRole")
        try await Self.objects(readBy: ["FooRole", "BarRole", "BazRole", "OtherRole"], in: server)
        #expect(try await Self.roles(of: user.session, in: server) == ["BarRole", "BazRole", "FooRole"])
    }

    /// ParseRole.spec.js:129 "should not recursively load the same role multiple times": the user is in each of
    /// four roles, each but `RootRole` also holding `RootRole` and the one before it in its `roles`; the user has
    /// the four roles. (How many queries parse-server makes for them is no REST answer.)
    @Test func shouldNotRecursivelyLoadTheSameRoleMultipleTimes() async throws {
        let server = Server()
        let user = try await server.signUp("test", "moon-y")
        let root = try await server.role("RootRole", users: [user.id])
        let foo = try await server.role("FooRole", users: [user.id], roles: [root])
        let bar = try await server.role("BarRole", users: [user.id], roles: [root, foo])
        _ = try await server.role("BazRole", users: [user.id], roles: [root, bar])
        try await Self.objects(readBy: ["RootRole", "FooRole", "BarRole", "BazRole"], in: server)
        #expect(try await Self.roles(of: user.session, in: server) == ["BarRole", "BazRole", "FooRole", "RootRole"])
    }

    /// ParseRole.spec.js:208 "_Role object should not save without name.": without a name, then without an ACL, 111.
    @Test func roleObjectShouldNotSaveWithoutName() async throws {
        let server = Server()
        let unnamed = try await server.send("/classes/_Role", method: "POST", body: "{}")
        #expect(unnamed.status == 400 && unnamed.body == ["code": 111, "error": "name is required."], "\(unnamed)")
        let named = try await server.send("/classes/_Role", method: "POST", body: #"{"name":"testRole"}"#)
        #expect(named.status == 400 && named.body == ["code": 111, "error": "ACL is required."], "\(named)")
    }

    /// ParseRole.spec.js:230 "Different _Role objects cannot have the same name.": 137.
    @Test func differentRoleObjectsCannotHaveTheSameName() async throws {
        let server = Server()
        let user = try await server.signUp("test", "moon-y")
        _ = try await server.role("MyRole", users: [user.id])
        let again = try await server.send(
            "/classes/_Role",
            method: "POST",
            body: #"{"name":"MyRole","ACL":{},"users":\#(Server.adding("_User", [user.id]))}"#
        )
        #expect(again.status == 400 && again.body["code"] == 137, "\(again)")
    }

    /// ParseRole.spec.js:255 "Should properly resolve roles": `ContentManager`'s `roles` hold `Moderator` and
    /// `SuperContentManager`, `Moderator`'s hold `Admin` and `SuperModerator`, `SuperContentManager`'s hold
    /// `SuperModerator`; a member of each role has the roles the spec's `_getAllRolesNamesForRoleIds` gives it.
    @Test func shouldProperlyResolveRoles() async throws {
        let server = Server()
        let inAdmin = try await server.signUp("a")
        let inModerator = try await server.signUp("m")
        let inContentManager = try await server.signUp("c")
        let inSuperModerator = try await server.signUp("s")
        let admin = try await server.role("Admin", users: [inAdmin.id])
        let superModerator = try await server.role("SuperModerator", users: [inSuperModerator.id])
        let moderator = try await server.role(
            "Moderator",
            users: [inModerator.id],
            roles: [admin, superModerator]
        )
        let superContentManager = try await server.role("SuperContentManager", roles: [superModerator])
        _ = try await server.role(
            "ContentManager",
            users: [inContentManager.id],
            roles: [moderator, superContentManager]
        )
        try await Self.objects(
            readBy: ["Admin", "Moderator", "SuperModerator", "ContentManager", "SuperContentManager"],
            in: server
        )
        for (user, expected) in [
            (inAdmin, ["Admin", "ContentManager", "Moderator"]), (inModerator, ["ContentManager", "Moderator"]),
            (inContentManager, ["ContentManager"]),
            (inSuperModerator, ["ContentManager", "Moderator", "SuperContentManager", "SuperModerator"]),
        ] {
            #expect(try await Self.roles(of: user.session, in: server) == expected)
        }
    }

    /// Auth.spec.js:194 "should load all roles for different users with config" (and :147, :170 for one user): each
    /// of two users is in a hundred roles of its own, saved in `/batch`es, and has all of them and none of the
    /// other's: it counts the hundred objects its roles may read.
    @Test func shouldLoadAllRolesForDifferentUsers() async throws {
        let server = Server()
        let user = try await server.signUp("hello", "password")
        let user2 = try await server.signUp("world", "1234")
        let roleCount = 100
        var requests: [String] = []
        for index in 0..<roleCount {
            for (prefix, member) in [("roleloadtest", user), ("role2loadtest", user2)] {
                let users = Server.adding("_User", [member.id])
                requests.append(
                    #"{"method":"POST","path":"/api/classes/_Role","body":{"name":"\#(prefix)\#(index)","ACL":{},"#
                        + #""users":\#(users)}}"#
                )
                requests.append(
                    #"{"method":"POST","path":"/api/classes/TestObject","body":"#
                        + #"{"ACL":{"role:\#(prefix)\#(index)":{"read":true}}}}"#
                )
            }
        }
        // The JavaScript SDK sends a `saveAll` in batches of 20.
        for start in stride(from: 0, to: requests.count, by: 20) {
            let batch = requests[start..<min(start + 20, requests.count)].joined(separator: ",")
            let (status, answer) = try await server.send(
                "/batch",
                method: "POST",
                body: #"{"requests":[\#(batch)]}"#
            )
            #expect(status == 200 && answer.arrayValue?.allSatisfy { $0["success"] != nil } == true, "\(answer)")
        }
        for member in [user, user2] {
            let (_, counted) = try await server.send(
                "/classes/TestObject",
                [("count", "1"), ("limit", "0")],
                as: member.session
            )
            #expect(counted["count"] == .int(roleCount), "\(counted)")
        }
    }

    /// ParseRole.spec.js:316 "can create role and query empty users": the `users` of a role without any is an
    /// empty list, no error.
    @Test func canCreateRoleAndQueryEmptyUsers() async throws {
        let server = Server()
        let role = try await server.role("subscribers", acl: #"{"*":{"read":true}}"#)
        #expect(try await server.members(of: role, as: nil).isEmpty)
    }

    /// ParseRole.spec.js:340 "should properly handle role permissions on objects": `Customer`'s `roles` hold
    /// `Admin`, so an Admin may change an object only Customers may; a Customer may not change one only Admins may
    /// (101).
    @Test func shouldProperlyHandleRolePermissionsOnObjects() async throws {
        let server = Server()
        let user = try await server.signUp("test", "moon-y")
        let user2 = try await server.signUp("user2", "omgbbq")
        let user3 = try await server.signUp("user3", "omgbbq")
        let publicRead = #"{"*":{"read":true}}"#
        let superRole = try await server.role("Super", acl: publicRead, users: [user2.id])
        let admin = try await server.role("Admin", acl: publicRead, users: [user.id], roles: [superRole])
        _ = try await server.role("Customer", acl: publicRead, users: [user3.id], roles: [admin])
        let (_, roles) = try await server.send("/classes/_Role")
        #expect(Self.ids(roles).count == 3, "\(roles)")

        let customers = try await server.create(
            "TestObjectRoles",
            #"{"ACL":{"role:Customer":{"read":true,"write":true}}}"#
        )
        let byAdmin = try await server.send(
            "/classes/TestObjectRoles/" + customers,
            method: "PUT",
            body: #"{"changedByAdmin":true}"#,
            as: user.session
        )
        #expect(byAdmin.status == 200, "\(byAdmin)")
        let admins = try await server.create("TestObjectRoles", #"{"ACL":{"role:Admin":{"read":true,"write":true}}}"#)
        let byCustomer = try await server.send(
            "/classes/TestObjectRoles/" + admins,
            method: "PUT",
            body: #"{"changedByCustomer":true}"#,
            as: user3.session
        )
        #expect(byCustomer.status == 404 && byCustomer.body == Self.notFound, "\(byCustomer)")
    }

    /// ParseRole.spec.js:440 "should add multiple users to a role and remove users": a role everyone may write
    /// holds three users, one of them changes an object everyone may write, and two are taken out of the role.
    @Test func shouldAddMultipleUsersToARoleAndRemoveUsers() async throws {
        let server = Server()
        let user = try await server.signUp("test", "moon-y")
        let user2 = try await server.signUp("user2", "omgbbq")
        let user3 = try await server.signUp("user3", "omgbbq")
        let everyone = #"{"*":{"read":true,"write":true}}"#
        let role = try await server.role("sharedRole", acl: everyone, users: [user.id, user2.id, user3.id])
        let (_, roles) = try await server.send("/classes/_Role", [("where", #"{"name":"sharedRole"}"#)])
        #expect(Self.ids(roles) == [role], "\(roles)")
        for member in [user, user2, user3] {
            #expect(try await server.members(of: role, as: member.session) == [member.id])
        }
        let object = try await server.create("TestObjectRoles", #"{"ACL":\#(everyone)}"#)
        let changed = try await server.send(
            "/classes/TestObjectRoles/" + object,
            method: "PUT",
            body: #"{"changedByUsers":true}"#,
            as: user.session
        )
        #expect(changed.status == 200, "\(changed)")
        let removed = try await server.send(
            "/classes/_Role/" + role,
            method: "PUT",
            body: #"{"users":\#(Server.adding("_User", [user.id, user3.id], op: "RemoveRelation"))}"#
        )
        #expect(removed.status == 200, "\(removed)")
        #expect(try await server.members(of: role, as: user2.session) == [user2.id])
        for former in [user, user3] {
            #expect(try await server.members(of: role, as: former.session).isEmpty)
        }
    }

    /// ParseRole.spec.js:514 "should be secure (#3835)": a role whose ACL is empty can't be given a user without the
    /// master key (101), and its `users` stay empty.
    @Test func shouldBeSecure3835() async throws {
        let server = Server()
        let role = try await server.role("admin")
        let user = try await server.signUp("hello", "world")
        let added = try await server.send(
            "/classes/_Role/" + role,
            method: "PUT",
            body: #"{"users":\#(Server.adding("_User", [user.id]))}"#,
            as: user.session
        )
        #expect(added.status == 404 && added.body == Self.notFound, "\(added)")
        #expect(try await server.members(of: role, as: user.session).isEmpty)
    }

    /// ParseRole.spec.js:539 "should match when matching in users relation", :560 "should not match any entry when
    /// not matching in users relation" and :584 "should not match any entry when searching for null in users
    /// relation": a query on a role's `users` finds the role by a member, not by another user or `null`.
    @Test func aQueryOnARolesUsersMatchesItsMembers() async throws {
        let server = Server()
        let (_, saved) = try await server.send(
            "/users",
            method: "POST",
            body: #"{"username":"admin","password":"admin"}"#
        )
        let admin = try #require(saved["objectId"]?.stringValue)
        let role = try await server.role("admin", acl: #"{"*":{"read":true,"write":true}}"#, users: [admin])
        let (_, other) = try await server.send(
            "/users",
            method: "POST",
            body: #"{"username":"otherUser","password":"otherUser"}"#
        )
        let otherUser = try #require(other["objectId"]?.stringValue)
        for (users, expected) in [
            (Server.pointer("_User", admin), [role]), (Server.pointer("_User", otherUser), []), ("null", []),
        ] {
            let (status, answer) = try await server.send(
                "/classes/_Role",
                [("where", #"{"name":"admin","users":\#(users)}"#)]
            )
            #expect(status == 200 && Self.ids(answer) == expected, "\(users): \(answer)")
        }
    }

    // MARK: - spec/ParseUser.spec.js and spec/rest.spec.js: users and their ACLs

    /// ParseUser.spec.js:206 "should respect ACL without locking user out": a user signed up with an empty ACL, and
    /// one that sets an empty ACL on itself, keeps its own read and write, and only those.
    @Test func shouldRespectACLWithoutLockingUserOut() async throws {
        let server = Server()
        let user = try await server.signUp("asdf", "zxcv", #""ACL":{}"#)
        let own: JSONValue = .object([user.id: ["read": true, "write": true]])
        let (first, session) = try await server.logIn("asdf", "zxcv")
        #expect(first["username"] == "asdf" && first["ACL"] == own, "\(first)")
        let locked = try await server.send("/users/" + user.id, method: "PUT", body: #"{"ACL":{}}"#, as: session)
        #expect(locked.status == 200, "\(locked)")
        let (again, _) = try await server.logIn("asdf", "zxcv")
        #expect(again["username"] == "asdf" && again["ACL"] == own, "\(again)")
    }

    /// ParseUser.spec.js:4103 "user login with enforcePrivateUsers": a new user is its own alone.
    @Test func userLoginWithEnforcePrivateUsers() async throws {
        let server = Server()
        let user = try await server.signUp("asdf", "zxcv")
        let (answer, _) = try await server.logIn("asdf", "zxcv")
        #expect(answer["username"] == "asdf", "\(answer)")
        #expect(answer["ACL"] == .object([user.id: ["read": true, "write": true]]), "\(answer)")
    }

    /// ParseUser.spec.js:505 "cannot save non-authed user" and :530 "cannot delete non-authed user": a user read in
    /// its own session is changed or deleted in another user's session: 206.
    @Test(arguments: [(505, "PUT"), (530, "DELETE")])
    func cannotChangeNonAuthedUser(_ line: Int, _ method: String) async throws {
        let server = Server()
        let user = try await server.signUp("zxcv", "asdf", #""email":"asdf@example.com""#)
        let (status, read) = try await server.send("/users/" + user.id, as: user.session)
        #expect(status == 200 && read["email"] == "asdf@example.com", "\(line): \(read)")
        let hacker = try await server.signUp("hacker", "password")
        let (refused, answer) = try await server.send(
            "/users/" + user.id,
            method: method,
            body: method == "PUT" ? #"{"username":"changed"}"# : nil,
            as: hacker.session
        )
        #expect(refused == 400 && answer == ["code": 206, "error": "Insufficient auth."], "\(line): \(answer)")
        let (_, kept) = try await server.send("/users/" + user.id, as: user.session)
        #expect(kept["username"] == "zxcv", "\(line): \(kept)")
    }

    /// ParseUser.spec.js:555 "cannot saveAll with non-authed user": in a `/batch`, the other user's change is 206.
    @Test func cannotSaveAllWithNonAuthedUser() async throws {
        let server = Server()
        let user = try await server.signUp("zxcv", "asdf", #""email":"asdf@example.com""#)
        let hacker = try await server.signUp("hacker", "password")
        _ = try await server.create(
            "TestObject",
            #"{"user":\#(Server.pointer("_User", hacker.id))}"#,
            as: hacker.session
        )
        let item1 = try await server.create("TestObject", #"{"number":0}"#, as: hacker.session)
        let requests = [
            #"{"method":"PUT","path":"/api/classes/TestObject/\#(item1)","body":{"number":1}}"#,
            #"{"method":"POST","path":"/api/classes/TestObject","body":{"number":2}}"#,
            #"{"method":"PUT","path":"/api/users/\#(user.id)","body":{"username":"changed"}}"#,
        ]
        let (status, answer) = try await server.send(
            "/batch",
            method: "POST",
            body: #"{"requests":[\#(requests.joined(separator: ","))]}"#,
            as: hacker.session
        )
        #expect(status == 200 && answer[0]?["success"] != nil && answer[1]?["success"] != nil, "\(answer)")
        #expect(answer[2]?["error"] == ["code": 206, "error": "Insufficient auth."], "\(answer)")
    }

    /// ParseUser.spec.js:591 "never locks himself up": an empty ACL keeps the user's own access; given the `admin`
    /// role's read and write, an admin changes the user; no session, or another user's, is 206.
    @Test func neverLocksHimselfUp() async throws {
        let server = Server()
        let user = try await server.signUp("username", "password")
        let path = "/users/" + user.id
        _ = try await server.send(path, method: "PUT", body: #"{"ACL":{}}"#, as: user.session)
        let (_, fetched) = try await server.send(path, as: user.session)
        #expect(fetched["ACL"] == .object([user.id: ["read": true, "write": true]]), "\(fetched)")

        let admin = try await server.signUp("admin", "admin")
        _ = try await server.role("admin", acl: #"{"*":{"read":true}}"#, users: [admin.id])
        let acl = #"{"\#(user.id)":{"read":true,"write":true},"role:admin":{"read":true,"write":true}}"#
        let granted = try await server.send(path, method: "PUT", body: #"{"ACL":\#(acl)}"#, as: user.session)
        #expect(granted.status == 200, "\(granted)")
        let fromAdmin = try await server.send(path, method: "PUT", body: #"{"key":"fromAdmin"}"#, as: admin.session)
        #expect(fromAdmin.status == 200, "\(fromAdmin)")
        let (_, changed) = try await server.send(path, as: user.session)
        #expect(changed["key"] == "fromAdmin", "\(changed)")

        let fromPublic = try await server.send(path, method: "PUT", body: #"{"key":"fromPublic"}"#)
        #expect(fromPublic.status == 400 && fromPublic.body["code"] == 206, "\(fromPublic)")
        let anyUser = try await server.signUp("randomUser", "password")
        let fromAnyUser = try await server.send(
            path,
            method: "PUT",
            body: #"{"key":"fromAnyUser"}"#,
            as: anyUser.session
        )
        #expect(fromAnyUser.status == 400 && fromAnyUser.body["code"] == 206, "\(fromAnyUser)")
    }

    /// ParseUser.spec.js:738 "user associations": the user a pointer names is fetched in its session, with its own
    /// pointer.
    @Test func userAssociations() async throws {
        let server = Server()
        let child = try await server.create("TestObject", "{}")
        let user = try await server.signUp(
            "zxcv",
            "asdf",
            #""email":"asdf@example.com","child":\#(Server.pointer("TestObject", child))"#
        )
        let object = try await server.create(
            "TestObject",
            #"{"user":\#(Server.pointer("_User", user.id))}"#,
            as: user.session
        )
        let (_, again) = try await server.send("/classes/TestObject/" + object, as: user.session)
        let userID = try #require(again["user"]?["objectId"]?.stringValue)
        let (_, fetched) = try await server.send("/users/" + userID, as: user.session)
        #expect(fetched["objectId"] == .string(user.id) && fetched["child"]?["objectId"] == .string(child))
    }

    /// ParseUser.spec.js:759 "user queries": in its session, a user gets itself, with its email, and finds itself.
    @Test func userQueries() async throws {
        let server = Server()
        let user = try await server.signUp("zxcv", "asdf", #""email":"asdf@example.com""#)
        let (_, got) = try await server.send("/users/" + user.id, as: user.session)
        #expect(got["objectId"] == .string(user.id) && got["email"] == "asdf@example.com", "\(got)")
        let (_, found) = try await server.send("/users", as: user.session)
        #expect(Self.ids(found) == [user.id], "\(found)")
    }

    /// ParseUser.spec.js:839 "user updates": a user changes and deletes itself, and is then not found.
    @Test func userUpdates() async throws {
        let server = Server()
        let user = try await server.signUp("zxcv", "asdf", #""email":"asdf@example.com""#)
        let path = "/users/" + user.id
        let renamed = try await server.send(path, method: "PUT", body: #"{"username":"test"}"#, as: user.session)
        #expect(renamed.status == 200, "\(renamed)")
        let deleted = try await server.send(path, method: "DELETE", as: user.session)
        #expect(deleted.status == 200, "\(deleted)")
        let (status, answer) = try await server.send(path)
        #expect(status == 404 && answer == Self.notFound, "\(answer)")
    }

    /// ParseUser.spec.js:2121 "querying for users doesn't get session tokens": two users everyone may read are
    /// found without a session, neither with a session token.
    @Test func queryingForUsersDoesntGetSessionTokens() async throws {
        let server = Server()
        for (name, foo) in [("finn", "bar"), ("jake", "baz")] {
            let user = try await server.signUp(name, "human", #""foo":"\#(foo)","ACL":{"*":{"read":true}}"#)
            _ = try await server.send("/logout", method: "POST", as: user.session)
        }
        let (_, found) = try await server.send("/users")
        let users = found["results"]?.arrayValue ?? []
        #expect(users.count == 2 && users.allSatisfy { $0["sessionToken"] == nil }, "\(found)")
    }

    /// ParseUser.spec.js:2167 "querying for users only gets the expected fields": `objectId`, `username`, `foo`,
    /// `createdAt`, `updatedAt` and `ACL`, nothing else (no password, no session).
    @Test func queryingForUsersOnlyGetsTheExpectedFields() async throws {
        let server = Server()
        _ = try await server.signUp("finn", "human", #""foo":"bar","ACL":{"*":{"read":true}}"#)
        let (_, found) = try await server.send("/users")
        let user = try #require(found["results"]?.arrayValue?.first?.objectValue, "\(found)")
        #expect(found["results"]?.arrayValue?.count == 1)
        #expect(
            user.keys.sorted() == ["ACL", "createdAt", "foo", "objectId", "updatedAt", "username"],
            "\(user)"
        )
    }

    /// ParseUser.spec.js:4066 "should throw OBJECT_NOT_FOUND instead of SESSION_MISSING when using masterKey", its
    /// requests without the master key: a change or delete of a user that isn't there, without a session, is 206.
    @Test func aUserThatIsntThereIsSessionMissingWithoutTheMasterKey() async throws {
        let server = Server()
        let saved = try await server.send("/users/fake_id", method: "PUT", body: "{}")
        #expect(
            saved.status == 400 && saved.body == ["code": 206, "error": "Cannot modify user fake_id."],
            "\(saved)"
        )
        let destroyed = try await server.send("/users/fake_id", method: "DELETE")
        #expect(
            destroyed.status == 400
                && destroyed.body == ["code": 206, "error": "Insufficient auth to delete user"],
            "\(destroyed)"
        )
    }

    /// ParseUser.spec.js:399 "become sends token back" and :2715 "test parse user become": `GET /users/me` with
    /// the session's token answers its user, as last saved, with the same token.
    @Test func becomeSendsTokenBack() async throws {
        let server = Server()
        let user = try await server.signUp("Jason", "Parse", #""code":"red","foo":1"#)
        let saved = try await server.send("/users/" + user.id, method: "PUT", body: #"{"foo":2}"#, as: user.session)
        #expect(saved.status == 200, "\(saved)")
        let (status, me) = try await server.send("/users/me", as: user.session)
        #expect(status == 200 && me["objectId"] == .string(user.id), "\(me)")
        #expect(me["username"] == "Jason" && me["code"] == "red" && me["foo"] == 2, "\(me)")
        #expect(me["sessionToken"] == .string(user.session), "\(me)")
    }

    /// ParseUser.spec.js:2743 "ensure logout works": a session logged out is refused (209).
    @Test func ensureLogoutWorks() async throws {
        let server = Server()
        let user = try await server.signUp("log", "out")
        let (loggedOut, _) = try await server.send("/logout", method: "POST", as: user.session)
        #expect(loggedOut == 200)
        let saved = try await server.send("/users/" + user.id, method: "PUT", body: #"{"foo":"bar"}"#, as: user.session)
        #expect(saved.status == 400 && saved.body["code"] == 209, "\(saved)")
    }

    /// ParseUser.spec.js:2800 "Invalid session tokens are rejected": a token the server never gave is 209,
    /// `Invalid session token`.
    @Test func invalidSessionTokensAreRejected() async throws {
        let server = Server()
        _ = try await server.signUp("asdf", "zxcv")
        let (status, answer) = try await server.send("/classes/AClass", as: "text")
        #expect(status == 400 && answer == ["code": 209, "error": "Invalid session token"], "\(answer)")
    }

    // MARK: - Classes only the master key reaches (SharedRest.js `enforceRoleSecurity`)

    /// rest.spec.js:763 "cannot create object in volatileClasses if not masterKey": 119, for each class only the
    /// master key may use, and for each operation.
    @Test func cannotUseMasterKeyOnlyClassesWithoutTheMasterKey() async throws {
        let server = Server()
        for className in ["_PushStatus", "_JobStatus", "_Hooks", "_GlobalConfig", "_JobSchedule", "_Idempotency"] {
            try await server.backend.insert([["objectId": "a1"]], into: className)
            for (method, operation, path) in [
                ("POST", "create", "/classes/\(className)"), ("GET", "find", "/classes/\(className)"),
                ("GET", "get", "/classes/\(className)/a1"), ("PUT", "update", "/classes/\(className)/a1"),
                ("DELETE", "delete", "/classes/\(className)/a1"),
            ] {
                let (status, answer) = try await server.send(
                    path,
                    method: method,
                    body: ["POST", "PUT"].contains(method) ? "{}" : nil
                )
                let message =
                    "Clients aren't allowed to perform the \(operation) operation on the \(className) collection."
                #expect(status == 400 && answer == ["code": 119, "error": .string(message)], "\(path): \(answer)")
            }
            #expect(await server.backend.documents(in: className).count == 1, "\(className)")
        }
    }

    /// rest.spec.js:774 "cannot get object in volatileClasses if not masterKey through pointer" and :790 "cannot get
    /// object in _GlobalConfig if not masterKey through pointer": an `include` of a pointer to such a class is
    /// refused as a get of it (119), and a subquery on one as a find.
    @Test func cannotGetObjectInVolatileClassesThroughAPointer() async throws {
        let server = Server()
        // The spec saves the `_PushStatus` with the master key.
        try await server.backend.insert([["objectId": "p1"]], into: "_PushStatus")
        let pushStatus = try await server.create("TestObject", #"{"pointer":\#(Server.pointer("_PushStatus", "p1"))}"#)
        let config = try await server.create(
            "TestObject",
            #"{"globalConfigPointer":{"__type":"Pointer","className":"_GlobalConfig","objectId":"1"}}"#
        )
        for (id, key, className) in [
            (pushStatus, "pointer", "_PushStatus"), (config, "globalConfigPointer", "_GlobalConfig"),
        ] {
            let (status, answer) = try await server.send("/classes/TestObject/" + id, [("include", key)])
            let message = "Clients aren't allowed to perform the get operation on the \(className) collection."
            #expect(status == 400 && answer == ["code": 119, "error": .string(message)], "\(answer)")
        }
        let subquery = #"{"pointer":{"$inQuery":{"className":"_PushStatus","where":{}}}}"#
        let (status, answer) = try await server.send("/classes/TestObject", [("where", subquery)])
        let message = "Clients aren't allowed to perform the find operation on the _PushStatus collection."
        #expect(status == 400 && answer == ["code": 119, "error": .string(message)], "\(answer)")
    }

    /// ParseInstallation.spec.js:159 "should properly fail queying installations": without the master key,
    /// installations are not found or deleted (119), though one is read by its objectId, and an `include` of
    /// one pointer is such a read (SharedRest.js `enforceRoleSecurity`; RestQuery.js `includePath` gets one
    /// object and finds more).
    @Test func shouldProperlyFailQueryingInstallations() async throws {
        let server = Server()
        // The spec creates the installation through `rest.create`, whose installation rules the backend doesn't
        // model: seeded.
        try await server.backend.insert(
            [
                ["objectId": "i1", "installationId": "12345678-abcd-abcd-abcd-123456789abc", "deviceType": "android"],
                ["objectId": "i2", "installationId": "12345678-abcd-abcd-abcd-123456789abd", "deviceType": "ios"],
            ],
            into: "_Installation"
        )
        let find = "Clients aren't allowed to perform the find operation on the installation collection."
        let (status, answer) = try await server.send("/classes/_Installation")
        #expect(status == 400 && answer == ["code": 119, "error": .string(find)], "\(answer)")
        let deleted = try await server.send("/classes/_Installation/i1", method: "DELETE")
        let delete = "Clients aren't allowed to perform the delete operation on the installation collection."
        #expect(deleted.status == 400 && deleted.body == ["code": 119, "error": .string(delete)], "\(deleted)")
        let (got, installation) = try await server.send("/classes/_Installation/i1")
        #expect(got == 200 && installation["deviceType"] == "android", "\(installation)")

        let one = try await server.create("Device", #"{"installation":\#(Server.pointer("_Installation", "i1"))}"#)
        let (_, included) = try await server.send("/classes/Device/" + one, [("include", "installation")])
        #expect(included["installation"]?["deviceType"] == "android", "\(included)")
        _ = try await server.create("Device", #"{"installation":\#(Server.pointer("_Installation", "i2"))}"#)
        let (listed, both) = try await server.send("/classes/Device", [("include", "installation")])
        #expect(listed == 400 && both == ["code": 119, "error": .string(find)], "\(both)")
    }

    /// rest.spec.js:348 "handles user signup": a sign-up is answered with the objectId, `createdAt` and the session
    /// token, nothing else.
    @Test func handlesUserSignup() async throws {
        let server = Server()
        let (status, answer) = try await server.send(
            "/users",
            method: "POST",
            body: #"{"username":"asdf","password":"zxcv","foo":"bar"}"#
        )
        #expect(status == 201, "\(answer)")
        #expect(answer.objectValue?.keys.sorted() == ["createdAt", "objectId", "sessionToken"], "\(answer)")
    }
}
