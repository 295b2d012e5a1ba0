import Foundation
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The in-memory Parse backend read and written as parse-server (7ea2a29) reads and writes: `keys`, `excludeKeys`
// and `include` as `RestQuery` applies them, values compared as MongoDB holds what parse-server stores, and the
// refusals with parse-server's codes.

@Suite struct InMemoryBackendParseTests {
    /// The backend's answer to a raw request: `query` items as sent, `body` JSON text.
    /// The in-memory backend's answer to a request, its body parsed.
    static func send(
        _ backend: InMemoryBackend,
        _ path: String,
        _ query: [(String, String)] = [],
        method: String = "GET",
        body: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> (status: Int, body: JSONValue) {
        try await backend.answer(
            RenderedRequest(
                method: method,
                path: path,
                queryItems: query.map { URLQueryItem(name: $0.0, value: $0.1) },
                headers: headers,
                body: try body.map { QueryJSON(try JSONValue(parsing: Data($0.utf8))) }
            )
        )
    }

    private static func json(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Data(text.utf8))
    }

    /// The `objectId`s of a list answer, in order.
    private static func ids(_ answer: JSONValue) -> [String] {
        answer["results"]?.arrayValue?.compactMap { $0["objectId"]?.stringValue } ?? []
    }

    /// A Score whose owner points to a Player, and a Place with a plain object member.
    private static func seeded() async throws -> InMemoryBackend {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [try json(#"{"objectId":"p1","name":"ann","secret":"x","rank":2}"#)],
            into: "Player"
        )
        try await backend.insert(
            [
                try json(
                    #"{"objectId":"s1","points":3,"owner":{"__type":"Pointer","className":"Player","objectId":"p1"},"#
                        + #""team":[{"__type":"Pointer","className":"Player","objectId":"p1"},"#
                        + #"{"__type":"Pointer","className":"Player","objectId":"gone"}]}"#
                )
            ],
            into: "Score"
        )
        try await backend.insert(
            [try json(#"{"objectId":"a1","address":{"city":"Rome","zip":"00100"},"n":1}"#)],
            into: "Place"
        )
        return backend
    }

    /// parse-server projects the objects it answers by top-level name, and a dotted key includes its parent:
    /// `keys=owner.name` answers the owner included with its name and the keys it always selects,
    /// `excludeKeys=owner.secret` with `include=owner` leaves the secret out of the owner, and `keys=address.city`
    /// on a plain object keeps all of `address` (RestQuery.js: the keys' `n-1` includes, `runFind`, `includePath`).
    @Test func parseKeysProjectByTopLevelNameAndDottedKeysInclude() async throws {
        let backend = try await Self.seeded()
        let always: Set<String> = ["objectId", "createdAt", "updatedAt", "__type", "className"]
        for query in [[("keys", "owner.name")], [("keys", "owner.name"), ("include", "owner")]] {
            let (status, answer) = try await Self.send(backend, "/classes/Score", query)
            #expect(status == 200, "\(answer)")
            let score = try #require(answer["results"]?[0])
            #expect(Set(score.objectValue?.keys.map { $0 } ?? []) == ["objectId", "createdAt", "updatedAt", "owner"])
            let owner = try #require(score["owner"]?.objectValue, "\(query): \(score)")
            #expect(Set(owner.keys) == always.union(["name"]), "\(query): \(owner)")
            #expect(owner["name"] == "ann" && owner["__type"] == "Object" && owner["className"] == "Player")
        }
        // The object itself keeps what `keys` names by top-level name; `owner` alone includes the whole owner.
        var (_, answer) = try await Self.send(
            backend,
            "/classes/Score",
            [("keys", "points,owner"), ("include", "owner")]
        )
        #expect(answer["results"]?[0]?["points"] == 3 && answer["results"]?[0]?["owner"]?["secret"] == "x")
        (_, answer) = try await Self.send(
            backend,
            "/classes/Score",
            [("excludeKeys", "owner.secret"), ("include", "owner")]
        )
        let owner = try #require(answer["results"]?[0]?["owner"]?.objectValue)
        #expect(owner["secret"] == nil && owner["name"] == "ann" && owner["rank"] == 2, "\(owner)")
        #expect(answer["results"]?[0]?["points"] == 3)
        // The same for one object read by its id.
        (_, answer) = try await Self.send(backend, "/classes/Score/s1", [("keys", "owner.name")])
        #expect(answer["owner"]?["name"] == "ann" && answer["owner"]?["secret"] == nil && answer["points"] == nil)
        // A plain object keeps every member of a dotted key's top-level name.
        (_, answer) = try await Self.send(backend, "/classes/Place", [("keys", "address.city")])
        #expect(
            answer["results"]?[0]?["address"] == ["city": "Rome", "zip": "00100"] && answer["results"]?[0]?["n"] == nil
        )
        // An array of pointers is included element by element; a pointer to no object is left out.
        (_, answer) = try await Self.send(backend, "/classes/Score", [("include", "team")])
        let team = try #require(answer["results"]?[0]?["team"]?.arrayValue)
        #expect(team.count == 1 && team.first?["name"] == "ann", "\(team)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server stores a Date, `createdAt` and `updatedAt` as MongoDB Dates, compared as instants whatever the
    /// ISO 8601 spelling, and reads a plain string in equality with `createdAt` or `updatedAt` as a date
    /// (MongoTransform.js `transformQueryKeyValue`, `transformTopLevelAtom`).
    @Test func parseComparesDatesAsInstants() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [
                try Self.json(
                    #"{"objectId":"a","createdAt":"2026-01-01T00:00:00.000Z","updatedAt":"2026-01-01T00:00:00.000Z","#
                        + #""when":{"__type":"Date","iso":"2026-01-01T00:00:00.000Z"}}"#
                ),
                try Self.json(
                    #"{"objectId":"b","createdAt":"2025-06-01T00:00:00.000Z","updatedAt":"2025-06-01T00:00:00.000Z","#
                        + #""when":{"__type":"Date","iso":"2026-01-01T01:00:00+02:00"}}"#
                ),
            ],
            into: "Event"
        )
        let cases: [(String, [String])] = [
            (#"{"createdAt":{"$gte":{"__type":"Date","iso":"2026-01-01T00:00:00Z"}}}"#, ["a"]),
            (#"{"when":{"__type":"Date","iso":"2026-01-01T00:00:00Z"}}"#, ["a"]),
            (#"{"when":{"$lt":{"__type":"Date","iso":"2026-01-01T00:00:00Z"}}}"#, ["b"]),
            (#"{"when":{"$in":[{"__type":"Date","iso":"2025-12-31T23:00:00.000Z"}]}}"#, ["b"]),
            (#"{"createdAt":"2026-01-01T00:00:00Z"}"#, ["a"]),
            (#"{"when":{"$gt":{"__type":"Date","iso":"2025-12-31T23:30:00.000Z"}}}"#, ["a"]),
            // A Date is no text a regular expression matches, at the top or inside `$or`.
            (#"{"createdAt":{"$regex":"^2026"}}"#, []),
            (#"{"$or":[{"objectId":"none"},{"updatedAt":{"$regex":"^2026"}}]}"#, []),
            (#"{"objectId":{"$regex":"^a"}}"#, ["a"]),
        ]
        for (filter, expected) in cases {
            let (status, answer) = try await Self.send(backend, "/classes/Event", [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(filter): \(answer)")
        }
        // Sorted by instant: b's 01:00+02:00 is the evening before a's midnight.
        let (_, answer) = try await Self.send(backend, "/classes/Event", [("order", "when")])
        #expect(Self.ids(answer) == ["b", "a"])
    }
}

extension InMemoryBackendParseTests {
    /// parse-server stores a File as its name, so a filter's File equals a stored one by name, whatever its `url`,
    /// and so does the name alone (MongoTransform.js `FileCoder`).
    @Test func parseMatchesAFileByName() async throws {
        let backend = InMemoryBackend(.parse)
        let (status, _) = try await Self.send(
            backend,
            "/classes/Photo",
            method: "POST",
            body: #"{"photo":{"__type":"File","name":"abc_pic.png","url":"https://elsewhere.example/abc_pic.png"}}"#
        )
        #expect(status == 201)
        for filter in [
            #"{"photo":{"__type":"File","name":"abc_pic.png"}}"#,
            #"{"photo":{"$in":[{"__type":"File","name":"abc_pic.png"}]}}"#, #"{"photo":"abc_pic.png"}"#,
        ] {
            let (_, answer) = try await Self.send(backend, "/classes/Photo", [("where", filter)])
            #expect(Self.ids(answer).count == 1, "\(filter): \(answer)")
        }
        let (_, answer) = try await Self.send(
            backend,
            "/classes/Photo",
            [("where", #"{"photo":{"__type":"File","name":"other.png"}}"#)]
        )
        #expect(Self.ids(answer).isEmpty)
    }
}

extension InMemoryBackendParseTests {
    /// parse-server reads a bare objectId compared with a pointer field (`$in`, `$nin`, `$eq`, `$ne`…) as a pointer
    /// to the class its schema names for the field (MongoTransform.js `transformConstraint`), here the class of
    /// the pointers stored there; a plain equality with a bare id stays a string, which no pointer equals.
    @Test func parsePointerConditionsTakeBareObjectIDs() async throws {
        let backend = try await Self.seeded()
        try await backend.insert(
            [try Self.json(#"{"objectId":"s2","owner":{"__type":"Pointer","className":"Player","objectId":"p2"}}"#)],
            into: "Score"
        )
        let cases: [(String, [String])] = [
            (#"{"owner":{"$in":["p1"]}}"#, ["s1"]),
            (#"{"owner":{"$nin":["p1"]}}"#, ["s2"]),
            (#"{"owner":{"$eq":"p2"}}"#, ["s2"]),
            (#"{"owner":{"$ne":"p2"}}"#, ["s1"]),
            (#"{"owner":{"$in":["p1",{"__type":"Pointer","className":"Player","objectId":"p2"}]}}"#, ["s1", "s2"]),
            (#"{"owner":"p1"}"#, []),
        ]
        for (filter, expected) in cases {
            let (status, answer) = try await Self.send(backend, "/classes/Score", [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(filter): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// A dotted key names a nested field, which MongoDB nests at most 100 deep: a create or an update with a longer
    /// one is refused before anything walks it. A create's answer nested under each of 300,000 segments overflowed
    /// the stack, and an update compared every prefix of a key with the others, quadratic in its length.
    @Test func aDottedKeyDeeperThanMongoDBNestsIsRefused() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"t1","n":1}"#)], into: "T")
        let longKey = "o" + String(repeating: ".a", count: 300_000)
        let writes: [(String, String)] = [("POST", "/classes/T"), ("PUT", "/classes/T/t1")]
        for (method, path) in writes {
            let body = #"{"\#(longKey)":{"__op":"Increment","amount":1}}"#
            let (status, answer) = try await Self.send(backend, path, method: method, body: body)
            #expect(status == 400, "\(method): \(String(describing: answer).prefix(300))")
            #expect(answer["error"]?.stringValue?.contains("more than 100 segments") == true, "\(method)")
        }
        // parse-server's own check of the field's name comes first.
        let badName = #"{"_x\#(String(repeating: ".a", count: 100))":1}"#
        let refused = try await Self.send(backend, "/classes/T", method: "POST", body: badName)
        #expect(refused.status == 400 && refused.body["code"] == 105, "\(refused.body)")
        let stored = await backend.documents(in: "T")
        #expect(stored.count == 1 && stored.first?["o"] == nil, "nothing was written")
        // 100 segments are a path still.
        let deepest = "o." + (0..<99).map { "k\($0)" }.joined(separator: ".")
        let (status, answer) = try await Self.send(
            backend,
            "/classes/T",
            method: "POST",
            body: #"{"\#(deepest)":{"__op":"Increment","amount":1}}"#
        )
        #expect(status == 201, "\(answer)")
        let created = await backend.documents(in: "T").last
        #expect(created?[deepest] == 1)
    }

    /// A Date is kept to its millisecond: answered as written, and compared by it. (Its instant went through a
    /// `Date`'s `Double` seconds and was floored, so `.002` was stored, answered and compared as `.001`.)
    @Test func aDateKeepsItsMillisecond() async throws {
        let backend = InMemoryBackend(.parse)
        let date = #"{"__type":"Date","iso":"2026-01-01T00:00:00.002Z"}"#
        let (status, created) = try await Self.send(
            backend,
            "/classes/Task",
            method: "POST",
            body: #"{"due":\#(date)}"#
        )
        #expect(status == 201, "\(created)")
        let id = try #require(created["objectId"]?.stringValue)
        let (_, read) = try await Self.send(backend, "/classes/Task/\(id)")
        #expect(read["due"]?["iso"] == "2026-01-01T00:00:00.002Z", "\(read)")
        let earlier = #"{"__type":"Date","iso":"2026-01-01T00:00:00.001Z"}"#
        let after = try await Self.send(backend, "/classes/Task", [("where", #"{"due":{"$gt":\#(earlier)}}"#)])
        #expect(after.body["results"]?.arrayValue?.count == 1, "\(after.body)")
        let equal = try await Self.send(backend, "/classes/Task", [("where", #"{"due":\#(earlier)}"#)])
        #expect(equal.body["results"]?.arrayValue?.count == 0, "\(equal.body)")
    }

    /// parse-server refuses a bad constraint or operand as `INVALID_JSON` (107: an unknown operator of a field, `$in`
    /// of no array, `$regex` of no string, an `Increment` of no number, an `Add` of no array) and a `Batch` of no
    /// relation operation as `COMMAND_UNAVAILABLE` (108, MongoTransform.js `transformUpdate`); Cortex and Mia-Platform
    /// answer the same faults as before.
    @Test func parseRefusesBadOperandsAndOperationsWithItsCodes() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"t1","e":["1"],"n":1}"#)], into: "T")
        for filter in [
            #"{"a":{"$foo":1}}"#, #"{"a":{"$size":1}}"#, #"{"a":{"$in":1}}"#, #"{"a":{"$nin":"x"}}"#,
            #"{"a":{"$regex":1}}"#,
        ] {
            let (status, answer) = try await Self.send(backend, "/classes/T", [("where", filter)])
            #expect(status == 400 && answer["code"] == 107, "\(filter): \(answer)")
        }
        let writes: [(String, String, String, Int)] = [
            ("POST", "/classes/T", #"{"n":{"__op":"Increment","amount":"5"}}"#, 107),
            ("PUT", "/classes/T/t1", #"{"n":{"__op":"Increment","amount":"2"}}"#, 107),
            ("PUT", "/classes/T/t1", #"{"e":{"__op":"Add","objects":"x"}}"#, 107),
            ("POST", "/classes/T", #"{"e":{"__op":"AddUnique","objects":{}}}"#, 107),
            ("PUT", "/classes/T/t1", #"{"n":{"__op":"Batch","ops":[{"__op":"Increment","amount":1}]}}"#, 108),
        ]
        for (method, path, body, code) in writes {
            let (status, answer) = try await Self.send(backend, path, method: method, body: body)
            #expect(status == 400 && answer["code"] == .int(code), "\(method) \(body): \(answer)")
        }
        // Nothing was written.
        let stored = await backend.documents(in: "T")
        #expect(stored.count == 1 && stored.first?["n"] == 1 && stored.first?["e"] == ["1"], "\(stored)")
        let cortex = try await InMemoryBackend(.cortex).answer(
            RenderedRequest(
                path: "/c_items",
                queryItems: [URLQueryItem(name: "where", value: #"{"c_name":{"$in":1}}"#)]
            )
        )
        #expect(cortex.status == 400 && cortex.body["code"] == "kInvalidArgument", "\(cortex.body)")
        let mia = try await InMemoryBackend(.mia).answer(
            RenderedRequest(path: "/c_items/", queryItems: [URLQueryItem(name: "_q", value: #"{"c_name":{"$in":1}}"#)])
        )
        #expect(mia.status == 400 && mia.body["message"] == "$in takes an array", "\(mia.body)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server refuses a field name that isn't `[A-Za-z][A-Za-z0-9_]*`, or is `length` or `className`, or on a
    /// create `id` (105, SchemaController.js `fieldNameIsValid`, RestWrite.js), a nested key with `$` or `.` (121,
    /// MongoTransform.js `transformInteriorValue`), and a write to a class it can't create (107 from
    /// `enforceClassExists`: "schema class name does not revalidate"); a system class is a class name.
    @Test func parseRefusesInvalidFieldAndClassNames() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"t1","n":1}"#)], into: "T")
        let writes: [(String, String, String, Int)] = [
            ("POST", "/classes/T", #"{"id":"x"}"#, 105),
            ("POST", "/classes/T", #"{"className":"x"}"#, 105),
            ("POST", "/classes/T", #"{"length":1}"#, 105),
            ("POST", "/classes/T", #"{"my-field":1}"#, 105),
            ("POST", "/classes/T", #"{"1abc":1}"#, 105),
            ("PUT", "/classes/T/t1", #"{"my-field":1}"#, 105),
            ("PUT", "/classes/T/t1", #"{"length":1}"#, 105),
            ("POST", "/classes/T", #"{"obj":{"a.b":1}}"#, 121),
            ("POST", "/classes/T", #"{"obj":{"$x":1}}"#, 121),
            ("PUT", "/classes/T/t1", #"{"list":[{"deep":{"a$b":1}}]}"#, 121),
            ("POST", "/classes/_Hidden", #"{"a":1}"#, 107),
            ("POST", "/classes/1Bad", #"{"a":1}"#, 107),
            ("POST", "/classes/has-dash", #"{"a":1}"#, 107),
        ]
        for (method, path, body, code) in writes {
            let (status, answer) = try await Self.send(backend, path, method: method, body: body)
            #expect(status == 400 && answer["code"] == .int(code), "\(method) \(path) \(body): \(answer)")
        }
        #expect(await backend.documents(in: "T").count == 1)
        for (path, body) in [
            ("/classes/T", #"{"ok_Field1":{"nested":{"deeper":[1]}},"ACL":{"*":{"read":true}}}"#),
            ("/classes/_User", #"{"username":"ann","password":"secret"}"#),
        ] {
            let (status, answer) = try await Self.send(backend, path, method: "POST", body: body)
            #expect(status == 201, "\(path) \(body): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// parse-server trims each `order` key and counts when `count` is true as JavaScript reads its JSON
    /// (RestQuery.js, ClassesRouter.js `JSONFromQuery`): `count=true` counts as `count=1` does, `count=0` doesn't.
    @Test func parseTrimsOrderKeysAndCountsWhenCountIsTrue() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [
                try Self.json(#"{"objectId":"a1","n":1,"m":2}"#), try Self.json(#"{"objectId":"a2","n":2,"m":1}"#),
                try Self.json(#"{"objectId":"a3","n":2,"m":3}"#),
            ],
            into: "T"
        )
        var (status, answer) = try await Self.send(backend, "/classes/T", [("order", "n, -m")])
        #expect(status == 200 && Self.ids(answer) == ["a1", "a3", "a2"], "\(answer)")
        for (count, counted) in [("1", true), ("true", true), ("yes", true), ("0", false), ("false", false)] {
            (status, answer) = try await Self.send(backend, "/classes/T", [("count", count), ("limit", "0")])
            #expect(status == 200 && answer["count"] == (counted ? 3 : nil), "count=\(count): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// A create's operations as parse-server makes them (DatabaseController.js `flattenUpdateOperatorsForCreate`,
    /// `collectRelationUpdates`, `_sanitizeDatabaseResult`): `AddUnique` keeps every object, `Remove` stores `[]`,
    /// `AddRelation` and a `Batch` of relation operations fill the relation, and the answer holds what each
    /// `Increment`, `Add`, `AddUnique` and `Remove` made. An update applies a `Batch` too.
    @Test func parseCreateAppliesRelationsAndFlattensOperationsAsParseServer() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [try Self.json(#"{"objectId":"p1","name":"ann"}"#), try Self.json(#"{"objectId":"p2","name":"bo"}"#)],
            into: "Player"
        )
        let pointer = { (id: String) in #"{"__type":"Pointer","className":"Player","objectId":"\#(id)"}"# }
        var (status, answer) = try await Self.send(
            backend,
            "/classes/Team",
            method: "POST",
            body: #"{"tags":{"__op":"AddUnique","objects":["a","a"]},"gone":{"__op":"Remove","objects":["a"]},"#
                + #""score":{"__op":"Increment","amount":5},"#
                + #""members":{"__op":"AddRelation","objects":[\#(pointer("p1"))]},"#
                + #""coaches":{"__op":"Batch","ops":[{"__op":"AddRelation","objects":[\#(pointer("p1")),\#(pointer("p2"))]},"#
                + #"{"__op":"RemoveRelation","objects":[\#(pointer("p1"))]}]}}"#
        )
        #expect(status == 201, "\(answer)")
        #expect(answer["score"] == 5 && answer["tags"] == ["a", "a"] && answer["gone"] == [], "\(answer)")
        let id = try #require(answer["objectId"]?.stringValue)
        let stored = try #require(await backend.documents(in: "Team").first)
        #expect(stored["tags"] == ["a", "a"] && stored["gone"] == [] && stored["score"] == 5, "\(stored)")
        #expect(stored["members"] == ["__type": "Relation", "className": "Player"], "\(stored)")
        for (key, expected) in [("members", ["p1"]), ("coaches", ["p2"])] {
            (_, answer) = try await Self.send(
                backend,
                "/classes/Player",
                [
                    (
                        "where",
                        #"{"$relatedTo":{"object":{"__type":"Pointer","className":"Team","objectId":"\#(id)"},"key":"\#(key)"}}"#
                    )
                ]
            )
            #expect(Self.ids(answer) == expected, "\(key): \(answer)")
        }
        // An update applies a Batch of relation operations too.
        (status, answer) = try await Self.send(
            backend,
            "/classes/Team/\(id)",
            method: "PUT",
            body: #"{"members":{"__op":"Batch","ops":[{"__op":"AddRelation","objects":[\#(pointer("p2"))]}]}}"#
        )
        #expect(status == 200, "\(answer)")
        (_, answer) = try await Self.send(
            backend,
            "/classes/Player",
            [
                (
                    "where",
                    #"{"$relatedTo":{"object":{"__type":"Pointer","className":"Team","objectId":"\#(id)"},"key":"members"}}"#
                )
            ]
        )
        #expect(Self.ids(answer) == ["p1", "p2"], "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server refuses a list parameter it doesn't read (ClassesRouter.js `optionsFromBody`: "Invalid parameter
    /// for query", 102), and a read of one object with any but `keys`, `include`, `excludeKeys` and the read
    /// preferences (`handleGet`: "Improper encode of parameter", 102).
    @Test func parseRefusesQueryParametersItDoesNotRead() async throws {
        let backend = try await Self.seeded()
        var (status, answer) = try await Self.send(backend, "/classes/Place", [("limt", "1")])
        #expect(status == 400 && answer == ["code": 102, "error": "Invalid parameter for query: limt"], "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/classes/Place",
            [("limit", "1"), ("comment", "c"), ("includeAll", "true"), ("hint", "n")]
        )
        #expect(status == 200 && Self.ids(answer) == ["a1"], "\(answer)")
        (status, answer) = try await Self.send(backend, "/classes/Place/a1", [("where", "{}")])
        #expect(status == 400 && answer == ["code": 102, "error": "Improper encode of parameter"], "\(answer)")
        (status, answer) = try await Self.send(backend, "/classes/Place/a1", [("keys", "n"), ("readPreference", "x")])
        #expect(status == 200 && answer["n"] == 1 && answer["address"] == nil, "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server refuses a field's equality with a plain object (MongoTransform.js `transformTopLevelAtom`: 107
    /// "You cannot use [object Object] as a query parameter.") but takes a typed value, an operator object and a
    /// dotted key's object; and it refuses any query on `ACL` (DatabaseController.js `validateQuery`: 102).
    @Test func parseRefusesObjectEqualityAndQueriesOnACL() async throws {
        let backend = try await Self.seeded()
        let refused: JSONValue = ["code": 107, "error": "You cannot use [object Object] as a query parameter."]
        for filter in [#"{"address":{"city":"Rome","zip":"00100"}}"#, #"{"$or":[{"address":{"city":"Rome"}}]}"#] {
            let (status, answer) = try await Self.send(backend, "/classes/Place", [("where", filter)])
            #expect(status == 400 && answer == refused, "\(filter): \(answer)")
        }
        for filter in [
            #"{"address":{"$exists":true}}"#, #"{"address.city":{"city":"Rome"}}"#, #"{"address":{}}"#,
            #"{"n":{"__type":"Date","iso":"2020-01-01T00:00:00.000Z"}}"#,
        ] {
            let (status, answer) = try await Self.send(backend, "/classes/Place", [("where", filter)])
            #expect(status == 200, "\(filter): \(answer)")
        }
        for filter in [#"{"ACL":{"*":{"read":true}}}"#, #"{"$and":[{"n":1},{"ACL":"x"}]}"#] {
            let (status, answer) = try await Self.send(backend, "/classes/Place", [("where", filter)])
            #expect(status == 400 && answer == ["code": 102, "error": "Cannot query on ACL."], "\(filter): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// A `/batch` GET's `body` is its query, as parse-server hands it to `handleFind` (batch.js, ClassesRouter.js).
    @Test func parseBatchGetReadsItsBodyAsTheQuery() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [
                try Self.json(#"{"objectId":"a1","n":1}"#), try Self.json(#"{"objectId":"a2","n":2}"#),
                try Self.json(#"{"objectId":"a3","n":2}"#),
            ],
            into: "T"
        )
        let body =
            #"{"requests":[{"method":"GET","path":"/api/classes/T","body":{"where":{"n":2},"limit":1,"order":"-objectId"}},"#
            + #"{"method":"GET","path":"/api/classes/T","body":{"limt":1}}]}"#
        let (status, answer) = try await Self.send(backend, "/batch", method: "POST", body: body)
        #expect(status == 200, "\(answer)")
        #expect(Self.ids(try #require(answer[0]?["success"])) == ["a3"], "\(answer)")
        #expect(answer[1]?["error"] == ["code": 102, "error": "Invalid parameter for query: limt"], "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// `$select` reads its `key` down a dotted path in each object its query selects (RestQuery.js
    /// `transformSelect`, `getDeepestObjectFromKey`).
    @Test func parseSelectFollowsADottedKey() async throws {
        let backend = try await Self.seeded()
        try await backend.insert(
            [try Self.json(#"{"objectId":"c1","name":"Rome"}"#), try Self.json(#"{"objectId":"c2","name":"Oslo"}"#)],
            into: "City"
        )
        for (name, expected) in [("$select", ["c1"]), ("$dontSelect", ["c2"])] {
            let filter = #"{"name":{""# + name + #"":{"query":{"className":"Place","where":{}},"key":"address.city"}}}"#
            let (status, answer) = try await Self.send(backend, "/classes/City", [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(name): \(answer)")
        }
    }

    /// A dotted `$select` key through an array's element the array doesn't have stops there, as
    /// `getDeepestObjectFromKey` stops the walk: the object gives JavaScript's `undefined`, a null to MongoDB, which
    /// a missing field matches. It isn't read on into a null, which JavaScript's `in` would fail.
    @Test func parseSelectThroughAnArrayPastItsEndSelectsNothing() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"s1","stops":[{"city":"Rome"}]}"#)], into: "Trip")
        try await backend.insert(
            [try Self.json(#"{"objectId":"c1","name":"Rome"}"#), try Self.json(#"{"objectId":"c2"}"#)],
            into: "City"
        )
        for (key, expected) in [("stops.0.city", ["c1"]), ("stops.5.city", ["c2"])] {
            let filter = #"{"name":{"$select":{"query":{"className":"Trip","where":{}},"key":""# + key + #""}}}"#
            let (status, answer) = try await Self.send(backend, "/classes/City", [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(key): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// A create answers `Location` as the server's URL of the object (RestWrite.js `location`: its mount URL,
    /// `/classes/<Class>/<id>`, or `/users/<id>` for a `_User`).
    @Test func parseCreateLocationIsTheObjectsURL() async throws {
        let backend = InMemoryBackend(.parse, baseURL: URL(string: "https://example.invalid/parse")!)
        for (className, path) in [("T", "/classes/T/"), ("_User", "/users/")] {
            var members: [(key: String, value: QueryJSON)] = [("n", .int(1))]
            if className == "_User" { members += [("username", .string("ann")), ("password", .string("secret"))] }
            let request = RenderedRequest(method: "POST", path: "/classes/" + className, body: .object(members))
            let (data, response) = try await backend.send(try request.urlRequest(relativeTo: backend.baseURL))
            let id = try #require(try JSONValue(parsing: data)["objectId"]?.stringValue)
            #expect(response.statusCode == 201)
            #expect(response.value(forHTTPHeaderField: "Location") == "https://example.invalid/parse" + path + id)
        }
    }
}

extension InMemoryBackendParseTests {
    /// An update's dotted key changes the nested field it names, as parse-server hands it to MongoDB
    /// (MongoTransform.js `transformUpdate`: `$set`, `$unset`, `$inc`… of the dotted key): a missing object on the
    /// way is made, a segment of digits names an array's element, and the answer nests what an operation made under
    /// the key's segments (DatabaseController.js `_sanitizeDatabaseResult`, `_expandResultOnKeyPath`). A key and a
    /// path inside it fail MongoDB's update, which parse-server answers as an internal error (middlewares.js
    /// `handleParseErrors`).
    @Test func parseUpdatesApplyDottedKeysToNestedFields() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [try Self.json(#"{"objectId":"b1","address":{"city":"Rome","zip":"00100"},"scores":[1,2]}"#)],
            into: "Venue"
        )
        var (status, answer) = try await Self.send(
            backend,
            "/classes/Venue/b1",
            method: "PUT",
            body: #"{"address.city":"Milan","address.zip":{"__op":"Delete"},"scores.1":5,"#
                + #""stats.visits":{"__op":"Increment","amount":2},"stats.tags":{"__op":"Add","objects":["new"]}}"#
        )
        #expect(status == 200, "\(answer)")
        #expect(answer["stats"] == ["visits": 2, "tags": ["new"]] && answer["address"] == nil, "\(answer)")
        let stored = try #require(await backend.documents(in: "Venue").first)
        #expect(stored["address"] == ["city": "Milan"], "\(stored)")
        #expect(stored["scores"] == [1, 5] && stored["stats"] == ["visits": 2, "tags": ["new"]], "\(stored)")
        #expect(stored["address.city"] == nil && stored["stats.visits"] == nil)

        // An operation on an array's element answers the whole array.
        (status, answer) = try await Self.send(
            backend,
            "/classes/Venue/b1",
            method: "PUT",
            body: #"{"scores.0":{"__op":"Increment","amount":1}}"#
        )
        #expect(status == 200 && answer["scores"] == [2, 5], "\(answer)")

        (status, answer) = try await Self.send(
            backend,
            "/classes/Venue/b1",
            method: "PUT",
            body: #"{"address":{"city":"Oslo"},"address.city":"Bergen"}"#
        )
        #expect(status == 500 && answer == ["code": 1, "message": "Internal server error."], "\(answer)")
        #expect(await backend.documents(in: "Venue").first?["address"] == ["city": "Milan"])
    }
}

extension InMemoryBackendParseTests {
    /// parse-server refuses a top-level field's equality with a non-empty array as it refuses one with a plain object
    /// (MongoTransform.js `transformQueryKeyValue`: no constraint, no atom; 107 "You cannot use a,b as a query
    /// parameter.", the array as JavaScript's `String` writes it), in `$or` too; a dotted key takes one as it is.
    @Test func parseRefusesAFieldsEqualityWithAnArray() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [try Self.json(#"{"objectId":"a1","tags":["a","b"],"address":{"codes":[1,2]}}"#)],
            into: "Place"
        )
        for (filter, text) in [
            (#"{"tags":["a","b"]}"#, "a,b"), (#"{"$or":[{"tags":["a",[1,null],{"x":1}]}]}"#, "a,1,,[object Object]"),
        ] {
            let (status, answer) = try await Self.send(backend, "/classes/Place", [("where", filter)])
            #expect(status == 400, "\(filter): \(answer)")
            #expect(answer == ["code": 107, "error": .string("You cannot use \(text) as a query parameter.")])
        }
        let (status, answer) = try await Self.send(
            backend,
            "/classes/Place",
            [("where", #"{"address.codes":[1,2]}"#)]
        )
        #expect(status == 200 && Self.ids(answer) == ["a1"], "\(answer)")
    }

    /// An empty array is an empty constraint to parse-server's `transformConstraint` (MongoTransform.js: no key, no
    /// condition), which MongoDB reads as the empty document the field equals: `{"tags":[]}` selects a field that is
    /// `{}` or holds one, not an empty array.
    @Test func parseReadsAnEqualityWithAnEmptyArrayAsAnEmptyDocument() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [
                try Self.json(#"{"objectId":"a1","tags":[]}"#), try Self.json(#"{"objectId":"a2","tags":[{}]}"#),
                try Self.json(#"{"objectId":"a3","tags":{}}"#),
            ],
            into: "Place"
        )
        let (status, answer) = try await Self.send(backend, "/classes/Place", [("where", #"{"tags":[]}"#)])
        #expect(status == 200 && Self.ids(answer) == ["a2", "a3"], "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server's `validateQuery` (DatabaseController.js) takes no top-level `$` key but `$and`, `$or` and `$nor`
    /// (105 "Invalid key name: …", in them too), and refuses an `$or` or `$and` that isn't an array and a `$nor` that
    /// isn't a non-empty one (102).
    @Test func parseRefusesOtherTopLevelOperatorsAndMisshapedLogic() async throws {
        let backend = try await Self.seeded()
        let cases: [(String, JSONValue)] = [
            (#"{"$where":"true"}"#, ["code": 105, "error": "Invalid key name: $where"]),
            (#"{"$or":[{"n":1},{"$expr":{"$eq":["$n",1]}}]}"#, ["code": 105, "error": "Invalid key name: $expr"]),
            (#"{"$or":{"n":1}}"#, ["code": 102, "error": "Bad $or format - use an array value."]),
            (#"{"$and":"n"}"#, ["code": 102, "error": "Bad $and format - use an array value."]),
            (#"{"$nor":[]}"#, ["code": 102, "error": "Bad $nor format - use an array of at least 1 value."]),
        ]
        for (filter, refusal) in cases {
            let (status, answer) = try await Self.send(backend, "/classes/Place", [("where", filter)])
            #expect(status == 400 && answer == refusal, "\(filter): \(answer)")
        }
        let (status, answer) = try await Self.send(backend, "/classes/Place", [("where", #"{"$or":[{"n":1}]}"#)])
        #expect(status == 200 && Self.ids(answer) == ["a1"], "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// A Relation lives in parse-server's join table, not in the object: every object of the class is answered with
    /// each relation field of the class's schema, whatever its `keys`, and so is an included one
    /// (MongoTransform.js `mongoObjectToParseObject`).
    @Test func parseAnswersARelationFieldOnEveryObjectOfTheClass() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [try Self.json(#"{"objectId":"t1","name":"a"}"#), try Self.json(#"{"objectId":"t2","name":"b"}"#)],
            into: "Team"
        )
        try await backend.insert(
            [try Self.json(#"{"objectId":"g1","team":{"__type":"Pointer","className":"Team","objectId":"t2"}}"#)],
            into: "Game"
        )
        var (status, answer) = try await Self.send(
            backend,
            "/classes/Team/t1",
            method: "PUT",
            body:
                #"{"members":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Player","objectId":"p1"}]}}"#
        )
        #expect(status == 200, "\(answer)")
        let relation: JSONValue = ["__type": "Relation", "className": "Player"]
        (status, answer) = try await Self.send(backend, "/classes/Team", [("keys", "name")])
        #expect(answer["results"]?.arrayValue?.map { $0["members"] } == [relation, relation], "\(answer)")
        (status, answer) = try await Self.send(backend, "/classes/Team/t2")
        #expect(status == 200 && answer["members"] == relation, "\(answer)")
        (status, answer) = try await Self.send(backend, "/classes/Game", [("include", "team")])
        #expect(answer["results"]?[0]?["team"]?["members"] == relation, "\(answer)")
        #expect(await backend.documents(in: "Team").last?["members"] == nil, "the stored object holds no relation")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server keeps a class's schema apart from its objects (`_SCHEMA`, SchemaController.js): the first write
    /// of a typed value adds its field with that type (`enforceFieldExists`), and the field keeps it when every
    /// object that held it is deleted. So a later write of another type is still a schema mismatch (111), and a
    /// relation field is still answered on each object of the class.
    @Test func parseKeepsAFieldsTypeInTheSchemaWhenItsObjectsAreGone() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"s1","tags":["a"]}"#)], into: "Note")
        var (status, answer) = try await Self.send(
            backend,
            "/classes/Note",
            method: "POST",
            body: #"""
                {"score":1,"author":{"__type":"Pointer","className":"Player","objectId":"p1"},
                "readers":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Player","objectId":"p2"}]}}
                """#
        )
        #expect(status == 201, "\(answer)")
        let created = try #require(answer["objectId"]?.stringValue)
        (status, _) = try await Self.send(backend, "/classes/Note/s1", method: "DELETE")
        #expect(status == 200)
        (status, answer) = try await Self.send(backend, "/classes/Note/\(created)", method: "DELETE")
        #expect(status == 200, "\(answer)")
        #expect(await backend.documents(in: "Note").isEmpty)

        for (body, message) in [
            (#"{"score":"one"}"#, "schema mismatch for Note.score; expected Number but got String"),
            (#"{"tags":"a"}"#, "schema mismatch for Note.tags; expected Array but got String"),
            (#"{"author":"p1"}"#, "schema mismatch for Note.author; expected Pointer<Player> but got String"),
        ] {
            (status, answer) = try await Self.send(backend, "/classes/Note", method: "POST", body: body)
            #expect(status == 400 && answer == ["code": 111, "error": .string(message)], "\(body): \(answer)")
        }
        #expect(await backend.documents(in: "Note").isEmpty, "a refused write stores nothing")

        // A write whose field is new to the schema (or typeless) goes in; the relation field is on the new object.
        (status, answer) = try await Self.send(backend, "/classes/Note", method: "POST", body: #"{"title":"x"}"#)
        #expect(status == 201, "\(answer)")
        (status, answer) = try await Self.send(backend, "/classes/Note", [("include", "*")])
        let note = answer["results"]?[0]
        #expect(note?["readers"] == ["__type": "Relation", "className": "Player"], "\(answer)")
        #expect(note?["title"] == "x" && note?["author"] == nil, "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server flattens the arrays in an `$in` or a `$nin` one level before MongoDB sees them
    /// (MongoTransform.js `transformConstraint`, `_.flatMap`): `{"$in":[["a","b"],"c"]}` is `$in` a, b and c, not an
    /// array equal to `["a","b"]`.
    @Test func parseFlattensTheArraysOfAnInOrANin() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [
                try Self.json(#"{"objectId":"a1","name":"a","tags":["a","b"]}"#),
                try Self.json(#"{"objectId":"a2","name":"c"}"#), try Self.json(#"{"objectId":"a3","name":"d"}"#),
            ],
            into: "Item"
        )
        for (filter, expected) in [
            (#"{"name":{"$in":[["a","b"],"c"]}}"#, ["a1", "a2"]), (#"{"name":{"$nin":[["a"],"c"]}}"#, ["a3"]),
            (#"{"tags":{"$in":[["x","b"]]}}"#, ["a1"]),
        ] {
            let (status, answer) = try await Self.send(backend, "/classes/Item", [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(filter): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// A `/batch` with `transaction: true` is all or nothing: when one request fails, parse-server aborts the
    /// transaction and rejects the batch with no Parse error, answered as an internal error (batch.js; its
    /// spec/batch.spec.js "should not save anything when one operation fails in a transaction"). Without it, each
    /// request is applied on its own.
    @Test func parseTransactionalBatchIsAllOrNothing() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"a1","key":"string"}"#)], into: "MyObject")
        let requests =
            #"[{"method":"POST","path":"/api/classes/MyObject","body":{"key":"value1"}},"#
            + #"{"method":"POST","path":"/api/classes/MyObject","body":{"key":10}}]"#
        var (status, answer) = try await Self.send(
            backend,
            "/batch",
            method: "POST",
            body: #"{"transaction":true,"requests":"# + requests + "}"
        )
        #expect(status == 500 && answer == ["code": 1, "message": "Internal server error."], "\(answer)")
        #expect(await backend.documents(in: "MyObject").count == 1)

        (status, answer) = try await Self.send(
            backend,
            "/batch",
            method: "POST",
            body: #"{"requests":"# + requests + "}"
        )
        #expect(status == 200 && answer[0]?["success"] != nil && answer[1]?["error"]?["code"] == 111, "\(answer)")
        #expect(await backend.documents(in: "MyObject").count == 2)

        (status, answer) = try await Self.send(
            backend,
            "/batch",
            method: "POST",
            body:
                #"{"transaction":true,"requests":[{"method":"POST","path":"/api/classes/MyObject","body":{"key":"b"}}]}"#
        )
        #expect(status == 200 && answer[0]?["success"]?["objectId"] != nil, "\(answer)")
        #expect(await backend.documents(in: "MyObject").count == 3)
    }
}

extension InMemoryBackendParseTests {
    /// `include=*` (or `includeAll`) includes every top-level pointer and array field of the class's schema, and
    /// adds them to the `keys` a read sends (RestQuery.js, its `include` option and `handleIncludeAll`).
    @Test func parseIncludeAllIncludesEveryPointerAndArrayField() async throws {
        let backend = try await Self.seeded()
        for query in [[("include", "*")], [("includeAll", "true")], [("include", "*"), ("keys", "points")]] {
            let (status, answer) = try await Self.send(backend, "/classes/Score", query)
            #expect(status == 200, "\(query): \(answer)")
            let score = try #require(answer["results"]?[0])
            #expect(score["owner"]?["__type"] == "Object" && score["owner"]?["name"] == "ann", "\(query): \(score)")
            #expect(score["team"]?.arrayValue?.map { $0["__type"] } == ["Object"], "\(query): \(score)")
            #expect(score["points"] == 3)
        }
        let (status, score) = try await Self.send(backend, "/classes/Score/s1", [("include", "*")])
        #expect(status == 200 && score["owner"]?["name"] == "ann", "\(score)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server reads the operand of `$eq`, `$ne`, `$lt`, `$lte`, `$gt`, `$gte` and `$exists`, and each element of
    /// `$in`, `$nin` (flattened one level) and `$containedBy`, as an atom (MongoTransform.js `transformConstraint`,
    /// `transformTopLevelAtom`): a plain object or an array is refused, on a dotted key too (107, `bad atom: …`). A
    /// Parse type is an atom, and a field whose schema type is an Array takes any value (`transformInteriorAtom`).
    /// A `$relativeTime` (`transformConstraint` makes a date of it) is refused as not evaluated.
    @Test func parseRefusesAConstraintsOperandThatIsNoAtom() async throws {
        let backend = try await Self.seeded()
        try await backend.insert([try Self.json(#"{"objectId":"b1","tags":[{"k":1},[2]]}"#)], into: "Bag")
        let (status, answer) = try await Self.send(
            backend,
            "/classes/Place",
            [("where", #"{"address":{"$eq":{"city":"Rome","zip":"00100"}}}"#)]
        )
        #expect(status == 400 && answer == ["code": 107, "error": #"bad atom: {"city":"Rome","zip":"00100"}"#])
        for filter in [
            #"{"address":{"$ne":{"city":"Rome"}}}"#, #"{"address":{"$in":[{"city":"Rome"}]}}"#,
            #"{"address":{"$nin":[[{"city":"Rome"}]]}}"#, #"{"n":{"$gt":[1]}}"#, #"{"address.city":{"$eq":["Rome"]}}"#,
            #"{"$or":[{"n":{"$lt":{"a":1}}}]}"#, #"{"address":{"$exists":{}}}"#,
        ] {
            let (status, answer) = try await Self.send(backend, "/classes/Place", [("where", filter)])
            #expect(status == 400 && answer["code"] == 107, "\(filter): \(answer)")
        }
        for (path, filter, expected) in [
            ("/classes/Place", #"{"n":{"$in":[[1,2]]}}"#, ["a1"]),
            ("/classes/Score", #"{"owner":{"$eq":{"__type":"Pointer","className":"Player","objectId":"p1"}}}"#, ["s1"]),
            ("/classes/Bag", #"{"tags":{"$eq":{"k":1}}}"#, ["b1"]), ("/classes/Bag", #"{"tags":{"$ne":[3]}}"#, ["b1"]),
        ] {
            let (status, answer) = try await Self.send(backend, path, [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(filter): \(answer)")
        }
        // parse-server turns a `$relativeTime` into a date; the in-memory backend says it doesn't.
        let (relative, refusal) = try await Self.send(
            backend,
            "/classes/Place",
            [("where", #"{"createdAt":{"$lt":{"$relativeTime":"1 day ago"}}}"#)]
        )
        #expect(relative == 400 && refusal["error"]?.stringValue?.contains("$relativeTime") == true, "\(refusal)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server appends what a `$select` or an `$inQuery` selects to the field's `$in` (a `$dontSelect` or a
    /// `$notInQuery` to its `$nin`) when the condition has one (RestQuery.js `transformSelect`, `transformInQuery`
    /// and their kin): both together select either.
    @Test func parseAppendsWhatARelationalConditionSelectsToTheFieldsIn() async throws {
        let backend = try await Self.seeded()
        try await backend.insert(
            ["Rome", "Oslo", "Paris"].enumerated().map { ["objectId": .string("c\($0 + 1)"), "name": .string($1)] },
            into: "City"
        )
        let select = #"{"query":{"className":"Place","where":{}},"key":"address.city"}"#
        for (filter, expected) in [
            (#"{"name":{"$in":["Paris"],"$select":"# + select + "}}", ["c1", "c3"]),
            (#"{"name":{"$nin":["Oslo"],"$dontSelect":"# + select + "}}", ["c3"]),
        ] {
            let (status, answer) = try await Self.send(backend, "/classes/City", [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(filter): \(answer)")
        }
        try await backend.insert(
            [try Self.json(#"{"objectId":"s2","owner":{"__type":"Pointer","className":"Player","objectId":"p2"}}"#)],
            into: "Score"
        )
        let filter =
            #"{"owner":{"$in":[{"__type":"Pointer","className":"Player","objectId":"p2"}],"#
            + #""$inQuery":{"className":"Player","where":{"name":"ann"}}}}"#
        let (status, answer) = try await Self.send(backend, "/classes/Score", [("where", filter)])
        #expect(status == 200 && Self.ids(answer) == ["s1", "s2"], "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server's `validateQuery` takes a `$regex`'s `$options` only as letters of `imxs` (DatabaseController.js;
    /// spec/ParseQuery.spec.js "regexes with invalid options fail"): empty text too is refused, in an `$or` as well
    /// (102, `Bad $options value for query: …`).
    @Test func parseRefusesRegexOptionsOutsideIMXS() async throws {
        let backend = try await Self.seeded()
        for (filter, options) in [
            (#"{"name":{"$regex":"a","$options":""}}"#, ""),
            (#"{"$or":[{"name":{"$regex":"a","$options":"some invalid option"}}]}"#, "some invalid option"),
        ] {
            let (status, answer) = try await Self.send(backend, "/classes/Player", [("where", filter)])
            #expect(status == 400, "\(filter): \(answer)")
            #expect(answer == ["code": 102, "error": .string("Bad $options value for query: \(options)")])
        }
        let (status, answer) = try await Self.send(
            backend,
            "/classes/Player",
            [("where", #"{"name":{"$regex":"^A","$options":"imxs"}}"#)]
        )
        #expect(status == 200 && Self.ids(answer) == ["p1"], "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// An update's `Remove` and `Delete` are MongoDB's `$pullAll` and `$unset` (MongoTransform.js `transformUpdate`),
    /// which create nothing where the object has nothing: a `Remove` from a field the object lacks leaves it without
    /// the field (only a create's makes `[]`, `flattenUpdateOperatorsForCreate`), and a `Delete` of a dotted key
    /// under a missing field makes no object on the way.
    @Test func parseRemoveAndDeleteOfAMissingFieldCreateNothing() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"t1","n":1}"#)], into: "T")
        let (status, answer) = try await Self.send(
            backend,
            "/classes/T/t1",
            method: "PUT",
            body: #"{"tags":{"__op":"Remove","objects":["a"]},"meta.note":{"__op":"Delete"}}"#
        )
        #expect(status == 200 && answer["tags"] == nil && answer["meta"] == nil, "\(answer)")
        let stored = try #require(await backend.documents(in: "T").first)
        #expect(stored["tags"] == nil && stored["meta"] == nil && stored["n"] == 1, "\(stored)")
    }

    /// parse-server answers an update's operation only where it changed the field: `_updateResponseWithData`
    /// (RestWrite.js) drops a result equal to the field before the update, so an `AddUnique` of an element the array
    /// holds, a `Remove` of one it doesn't and an `Increment` by 0 answer `updatedAt` alone.
    @Test func parseUpdateAnswersOnlyTheFieldsItsOperationsChanged() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"t1","n":1,"tags":["a"]}"#)], into: "T")
        for body in [
            #"{"tags":{"__op":"AddUnique","objects":["a"]},"n":{"__op":"Increment","amount":0}}"#,
            #"{"tags":{"__op":"Remove","objects":["z"]}}"#,
        ] {
            let (status, answer) = try await Self.send(backend, "/classes/T/t1", method: "PUT", body: body)
            #expect(status == 200 && answer.objectValue?.keys.sorted() == ["updatedAt"], "\(body): \(answer)")
        }
        let (status, answer) = try await Self.send(
            backend,
            "/classes/T/t1",
            method: "PUT",
            body: #"{"tags":{"__op":"AddUnique","objects":["a","b"]},"n":{"__op":"Increment","amount":2}}"#
        )
        #expect(status == 200 && answer["tags"] == ["a", "b"] && answer["n"] == 3, "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server gathers `order`'s keys in an object (RestQuery.js), so a key named twice sorts where it was first
    /// named, as it was last named; `find` (DatabaseController.js) sorts `_created_at` as `createdAt` and refuses a
    /// key whose top-level name is no field name (105, `Invalid field name: …`), an empty one too.
    @Test func parseReadsOrderKeysAsParseServerGathersThem() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [
                try Self.json(#"{"objectId":"a1","n":1,"m":2}"#), try Self.json(#"{"objectId":"a2","n":2,"m":1}"#),
                try Self.json(#"{"objectId":"a3","n":2,"m":3}"#),
            ],
            into: "T"
        )
        for (order, expected) in [("n,m,-n", ["a2", "a3", "a1"]), ("-_created_at", ["a3", "a2", "a1"])] {
            let (status, answer) = try await Self.send(backend, "/classes/T", [("order", order)])
            #expect(status == 200 && Self.ids(answer) == expected, "order=\(order): \(answer)")
        }
        for order in ["my-field", "n,"] {
            let (status, answer) = try await Self.send(backend, "/classes/T", [("order", order)])
            let key = order == "n," ? "" : order
            #expect(status == 400, "order=\(order): \(answer)")
            #expect(answer == ["code": 105, "error": .string("Invalid field name: \(key).")])
        }
    }
}

extension InMemoryBackendParseTests {
    /// A long `order`, a key named twice among many the objects lack, sorts by the keys that tell them apart. Its
    /// keys are gathered in time linear in their number (`InMemoryBenchmark`'s hostile requests measure it): 200,000
    /// keys, each compared with every one before it, took minutes.
    @Test func parseGathersALongOrder() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [try Self.json(#"{"objectId":"a1","n":2}"#), try Self.json(#"{"objectId":"a2","n":1}"#)],
            into: "T"
        )
        let order = (0..<2_000).map { "k\($0)" }.joined(separator: ",") + ",-_created_at,n,k0"
        let (status, answer) = try await Self.send(backend, "/classes/T", [("order", order)])
        // Every `k…` is missing from both, so `n`, the last key that tells them apart, sorts them.
        #expect(status == 200 && Self.ids(answer) == ["a2", "a1"], "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server keeps `createdAt` and `updatedAt` as MongoDB Dates (`_created_at`, `_updated_at`: MongoTransform.js
    /// `parseObjectToMongoObjectForCreate`), so `order` sorts them as instants whatever the ISO 8601 spelling a seed
    /// gave, and answers them as text.
    @Test func parseOrdersCreatedAtAsInstants() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [
                try Self.json(
                    #"{"objectId":"x1","createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:30:00Z"}"#
                ),
                try Self.json(
                    #"{"objectId":"x2","createdAt":"2026-01-01T00:00:00.500Z","updatedAt":"2026-01-01T01:00:00+01:00"}"#
                ),
            ],
            into: "T"
        )
        for (order, expected) in [
            ("createdAt", ["x1", "x2"]), ("-createdAt", ["x2", "x1"]), ("updatedAt", ["x2", "x1"]),
        ] {
            let (status, answer) = try await Self.send(backend, "/classes/T", [("order", order)])
            #expect(status == 200 && Self.ids(answer) == expected, "order=\(order): \(answer)")
            #expect(answer["results"]?[0]?["createdAt"]?.stringValue != nil, "\(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// An `Increment` of a value that is no number, or an `Add`, `AddUnique` or `Remove` on one that is no array, which
    /// the class's schema let through (a null, a nested field), fails MongoDB's `$inc`, `$push`, `$addToSet` or
    /// `$pullAll`: parse-server passes that error on (MongoStorageAdapter.js `handleError`), and answers it as an
    /// internal error (500, middlewares.js `handleParseErrors`), changing nothing.
    @Test func parseOperationOnAValueOfAnotherKindIsAnInternalError() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"t1","n":1,"tags":["a"],"stats":{"n":"x"}}"#)], into: "T")
        for body in [#"{"n":null}"#, #"{"tags":null}"#] {
            let (status, answer) = try await Self.send(backend, "/classes/T/t1", method: "PUT", body: body)
            #expect(status == 200, "\(body): \(answer)")
        }
        let original = await backend.documents(in: "T")
        for body in [
            #"{"n":{"__op":"Increment","amount":1}}"#, #"{"stats.n":{"__op":"Increment","amount":1}}"#,
            #"{"tags":{"__op":"Add","objects":["b"]}}"#, #"{"tags":{"__op":"AddUnique","objects":["b"]}}"#,
            #"{"tags":{"__op":"Remove","objects":["a"]}}"#, #"{"stats.n":{"__op":"Add","objects":["b"]}}"#,
        ] {
            let (status, answer) = try await Self.send(backend, "/classes/T/t1", method: "PUT", body: body)
            #expect(status == 500 && answer == ["code": 1, "message": "Internal server error."], "\(body): \(answer)")
        }
        #expect(await backend.documents(in: "T") == original)
    }
}

extension InMemoryBackendParseTests {
    /// parse-server passes an `$all`'s `{"$regex":…}` values on as regular expressions (MongoTransform.js
    /// `transformInteriorAtom`), which MongoDB's `$all` matches as elements matching each (spec/ParseQuery.spec.js
    /// "containsAllStartingWith should match all strings that starts with string"), and refuses them unless all or
    /// none of the values are starting-with expressions, a lone one too (107, `isAllValuesRegexOrNone`).
    @Test func parseMatchesAnAllOfRegularExpressions() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [
                try Self.json(#"{"objectId":"o1","strings":["the","brown","lazy","fox","jumps"]}"#),
                try Self.json(#"{"objectId":"o2","strings":["the","brown","fox","jumps"]}"#),
                try Self.json(#"{"objectId":"o3","strings":["over","the","lazy","dog"]}"#),
            ],
            into: "Object"
        )
        for (all, expected) in [
            (#"[{"$regex":"^\\Qthe\\E"},{"$regex":"^\\Qfox\\E"},{"$regex":"^\\Qlazy\\E"}]"#, ["o1"]),
            (#"[{"$regex":"^\\Qthe\\E"},{"$regex":"^\\Qlazy\\E"}]"#, ["o1", "o3"]),
            (#"[{"$regex":"^\\Qhe\\E"},{"$regex":"^\\Qlazy\\E"}]"#, []),
            (#"[{"$regex":"^b"},{"$regex":"^f"}]"#, ["o1", "o2"]),
        ] {
            let filter = #"{"strings":{"$all":"# + all + "}}"
            let (status, answer) = try await Self.send(backend, "/classes/Object", [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(filter): \(answer)")
        }
        for all in [#"[{"$regex":"^l"}]"#, #"[{"$regex":"^\\Qthe\\E"},{"$regex":"^l"}]"#] {
            let filter = #"{"strings":{"$all":"# + all + "}}"
            let (status, answer) = try await Self.send(backend, "/classes/Object", [("where", filter)])
            #expect(status == 400 && answer["code"] == 107, "\(filter): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// parse-server passes an `$exists` operand on as it is (MongoTransform.js `transformConstraint`), and MongoDB
    /// reads it as a boolean: `1` and any text (`"false"` too) as true, `0` and `null` as false.
    @Test func parseReadsAnExistsOperandAsMongoDBReadsABoolean() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [try Self.json(#"{"objectId":"a1","n":1}"#), try Self.json(#"{"objectId":"b1"}"#)],
            into: "T"
        )
        for (operand, expected) in [("1", ["a1"]), (#""false""#, ["a1"]), ("0", ["b1"]), ("null", ["b1"])] {
            let filter = #"{"n":{"$exists":"# + operand + "}}"
            let (status, answer) = try await Self.send(backend, "/classes/T", [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(filter): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// An object of a `$select`'s query without the key gives parse-server's `$in` JavaScript's `undefined`
    /// (RestQuery.js `transformSelect`, `getDeepestObjectFromKey`; MongoTransform.js `transformTopLevelAtom` keeps it),
    /// which MongoDB's driver sends as a null: the `$in` then selects a missing or null field too, and a
    /// `$dontSelect`'s `$nin` leaves it out.
    @Test func parseSelectOfAnObjectWithoutTheKeySelectsAMissingField() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [try Self.json(#"{"objectId":"t1","name":"Rome"}"#), try Self.json(#"{"objectId":"t2"}"#)],
            into: "Team"
        )
        try await backend.insert(
            [
                try Self.json(#"{"objectId":"p1","team":"Rome"}"#), try Self.json(#"{"objectId":"p2","team":"Oslo"}"#),
                try Self.json(#"{"objectId":"p3"}"#),
            ],
            into: "Player"
        )
        let select = #"{"query":{"className":"Team","where":{}},"key":"name"}"#
        for (name, expected) in [("$select", ["p1", "p3"]), ("$dontSelect", ["p2"])] {
            let filter = #"{"team":{""# + name + #"":"# + select + "}}"
            let (status, answer) = try await Self.send(backend, "/classes/Player", [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(name): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// parse-server takes a plain object as what a field whose schema type is an Array equals, as `$all` of it
    /// (MongoTransform.js `transformQueryKeyValue`: `expectedTypeIsArray`), so it selects an array holding that
    /// object; only a field of another type refuses it (107).
    @Test func parseTakesAnObjectAnArrayFieldEquals() async throws {
        let backend = try await Self.seeded()
        try await backend.insert([try Self.json(#"{"objectId":"b1","tags":[{"k":1},"x"]}"#)], into: "Bag")
        var (status, answer) = try await Self.send(backend, "/classes/Bag", [("where", #"{"tags":{"k":1}}"#)])
        #expect(status == 200 && Self.ids(answer) == ["b1"], "\(answer)")
        (status, answer) = try await Self.send(backend, "/classes/Place", [("where", #"{"address":{"city":"Rome"}}"#)])
        #expect(status == 400 && answer["code"] == 107, "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server refuses a create's `objectId` only when JavaScript reads it as true (RestWrite.js: a falsy one is
    /// replaced by a new id; one of another type than String is a schema mismatch, 111), and passes an update's on to
    /// MongoDB as `_id` (MongoTransform.js `transformKeyValueForUpdate`), which takes the object's own id and fails on
    /// another (an internal error, 500).
    @Test func parseTakesAnObjectIdOnlyWhereParseServerDoes() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"t1","n":1}"#)], into: "T")
        for body in [#"{"objectId":null,"a":1}"#, #"{"objectId":"","a":2}"#] {
            let (status, answer) = try await Self.send(backend, "/classes/T", method: "POST", body: body)
            #expect(status == 201 && answer["objectId"]?.stringValue?.count == 10, "\(body): \(answer)")
        }
        var (status, answer) = try await Self.send(backend, "/classes/T", method: "POST", body: #"{"objectId":0}"#)
        #expect(status == 400 && answer["code"] == 111, "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/classes/T/t1",
            method: "PUT",
            body: #"{"objectId":"t1","n":2}"#
        )
        #expect(status == 200 && answer["objectId"] == nil, "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/classes/T/t1",
            method: "PUT",
            body: #"{"objectId":"t2","n":3}"#
        )
        #expect(status == 500 && answer == ["code": 1, "message": "Internal server error."], "\(answer)")
        let stored = await backend.documents(in: "T")
        #expect(stored.count == 3 && stored.first?["n"] == 2 && stored.first?["objectId"] == "t1", "\(stored)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server includes all only for an `includeAll` that JavaScript reads as true, as it counts for `count`
    /// (ClassesRouter.js `optionsFromBody`, `JSONFromQuery`): `includeAll=false` or `0` leaves pointers as they are.
    @Test func parseIncludesAllOnlyForAnIncludeAllThatIsTrue() async throws {
        let backend = try await Self.seeded()
        for (value, included) in [("1", true), ("false", false), ("0", false)] {
            let (status, answer) = try await Self.send(backend, "/classes/Score", [("includeAll", value)])
            let owner = answer["results"]?[0]?["owner"]
            #expect(status == 200 && owner?["__type"] == (included ? "Object" : "Pointer"), "\(value): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// parse-server's MongoDB holds Dates, and parse-server answers them as JavaScript's `toISOString` writes them
    /// (MongoTransform.js `mongoObjectToParseObject`, `nestedMongoObjectToNestedParseObject`): `createdAt`,
    /// `updatedAt` and each Date's `iso`, nested too, as `…T00:00:00.000Z`, whatever spelling a seed or a write gave.
    @Test func parseAnswersDatesInTheirISOStringForm() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [
                try Self.json(
                    #"{"objectId":"d1","createdAt":"2026-01-01T01:00:00+01:00","updatedAt":"2026-01-01T00:00:00Z","#
                        + #""when":{"__type":"Date","iso":"2026-01-02T00:00:00Z"},"#
                        + #""meta":{"at":[{"__type":"Date","iso":"2026-01-03T00:00:00.5Z"}]}}"#
                )
            ],
            into: "T"
        )
        let expected: JSONValue = [
            "objectId": "d1", "createdAt": "2026-01-01T00:00:00.000Z", "updatedAt": "2026-01-01T00:00:00.000Z",
            "when": ["__type": "Date", "iso": "2026-01-02T00:00:00.000Z"],
            "meta": ["at": [["__type": "Date", "iso": "2026-01-03T00:00:00.500Z"]]],
        ]
        var (status, answer) = try await Self.send(backend, "/classes/T/d1")
        #expect(status == 200 && answer == expected, "\(answer)")
        (status, answer) = try await Self.send(backend, "/classes/T")
        #expect(status == 200 && answer["results"]?[0] == expected, "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/classes/T/d1",
            method: "PUT",
            body: #"{"days":{"__op":"Add","objects":[{"__type":"Date","iso":"2026-02-01T01:00:00+01:00"}]}}"#
        )
        #expect(
            status == 200 && answer["days"] == [["__type": "Date", "iso": "2026-02-01T00:00:00.000Z"]],
            "\(answer)"
        )
    }
}

extension InMemoryBackendParseTests {
    /// A list with `redirectClassNameForKey` naming a relation field reads the relation's class instead, and answers
    /// each object with that `className` (RestQuery.js `redirectClassNameForKey`, `runFind`); a key that names no
    /// relation leaves the class as it is.
    @Test func parseRedirectsAListToARelationsClass() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"p1","name":"ann"}"#)], into: "Player")
        var (status, answer) = try await Self.send(
            backend,
            "/classes/Team",
            method: "POST",
            body:
                #"{"members":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Player","objectId":"p1"}]}}"#
        )
        let team = try #require(answer["objectId"]?.stringValue, "\(answer)")
        let related =
            #"{"$relatedTo":{"object":{"__type":"Pointer","className":"Team","objectId":""# + team
            + #""},"key":"members"}}"#
        (status, answer) = try await Self.send(
            backend,
            "/classes/Team",
            [("where", related), ("redirectClassNameForKey", "members")]
        )
        #expect(status == 200 && Self.ids(answer) == ["p1"], "\(answer)")
        #expect(answer["results"]?[0]?["className"] == "Player" && answer["results"]?[0]?["name"] == "ann")
        (status, answer) = try await Self.send(backend, "/classes/Team", [("redirectClassNameForKey", "nothing")])
        #expect(status == 200 && Self.ids(answer) == [team] && answer["results"]?[0]?["className"] == nil, "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server answers a list's true `explain` with MongoDB's plan, not the objects, and refuses a value MongoDB's
    /// driver doesn't take (102 `Invalid value for explain`, MongoStorageAdapter.js `validateExplainValue`;
    /// spec/ParseQuery.spec.js "gracefully handles invalid explain values"): the in-memory backend refuses the first as
    /// not evaluated, never answering objects for it.
    @Test func parseRefusesAnExplainItDoesNotEvaluate() async throws {
        let backend = try await Self.seeded()
        for value in ["1", "yolo", #"{"a":1}"#, "[1,2,3]"] {
            let (status, answer) = try await Self.send(backend, "/classes/Player", [("explain", value)])
            #expect(
                status == 400 && answer == ["code": 102, "error": "Invalid value for explain"],
                "\(value): \(answer)"
            )
        }
        var (status, answer) = try await Self.send(backend, "/classes/Player", [("explain", "true")])
        #expect(status == 400 && answer["error"]?.stringValue?.contains("explain") == true, "\(answer)")
        (status, answer) = try await Self.send(backend, "/classes/Player", [("explain", "false")])
        #expect(status == 200 && Self.ids(answer) == ["p1"], "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server's schema reads each written field's type before anything applies an operation
    /// (SchemaController.js `validateObject`, `getObjectType`), and throws no Parse error for an `__op` it doesn't know
    /// (`throw 'unexpected op: …'`, `SetOnInsert` too) or a relation operation without objects (a TypeError):
    /// parse-server answers either as an internal error (500, middlewares.js `handleParseErrors`), on a create as on
    /// an update, changing nothing.
    @Test func parseAnswersAnOperationItsSchemaCannotTypeAsAnInternalError() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"t1","n":1}"#)], into: "T")
        for (method, path, body) in [
            ("POST", "/classes/T", #"{"n":{"__op":"Frobnicate"}}"#),
            ("PUT", "/classes/T/t1", #"{"n":{"__op":"Frobnicate"}}"#),
            ("PUT", "/classes/T/t1", #"{"n":{"__op":"SetOnInsert","amount":2}}"#),
            ("POST", "/classes/T", #"{"r":{"__op":"AddRelation","objects":[]}}"#),
        ] {
            let (status, answer) = try await Self.send(backend, path, method: method, body: body)
            #expect(status == 500 && answer == ["code": 1, "message": "Internal server error."], "\(body): \(answer)")
        }
        let stored = await backend.documents(in: "T")
        #expect(stored.count == 1 && stored.first?["n"] == 1, "\(stored)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server's unique index is sparse (MongoCollection.js `_ensureSparseUniqueIndexInBackground`): objects
    /// without the field never collide, two holding null do, and the refusal names no field (137, "A duplicate value
    /// for a field with unique values was provided", MongoStorageAdapter.js `createObject`).
    @Test func parseUniqueIndexIsSparseAndRefusesInParseServersWords() async throws {
        let backend = InMemoryBackend(.parse)
        await backend.requireUnique("email", in: "Member")
        for body in [#"{"n":1}"#, #"{"n":2}"#, #"{"email":null}"#] {
            let (status, answer) = try await Self.send(backend, "/classes/Member", method: "POST", body: body)
            #expect(status == 201, "\(body): \(answer)")
        }
        let (status, answer) = try await Self.send(backend, "/classes/Member", method: "POST", body: #"{"email":null}"#)
        #expect(status == 400, "\(answer)")
        #expect(answer == ["code": 137, "error": "A duplicate value for a field with unique values was provided"])
    }
}

extension InMemoryBackendParseTests {
    /// parse-server's MongoDB holds a Pointer apart from its field (`_p_owner`, `Player$p1` text), a Date as a Date
    /// and a File as its name (MongoTransform.js `transformQueryKeyValue`, `transformTopLevelAtom`), so a dotted key
    /// into one (`owner.objectId`, `when.iso`, `photo.name`) reaches nothing: it selects what a missing value would.
    @Test func parseFindsNothingInsideAPointerADateOrAFile() async throws {
        let backend = try await Self.seeded()
        try await backend.insert(
            [
                try Self.json(
                    #"{"objectId":"e1","when":{"__type":"Date","iso":"2026-01-01T00:00:00.000Z"},"#
                        + #""photo":{"__type":"File","name":"a.png"}}"#
                )
            ],
            into: "Event"
        )
        for (path, filter, expected) in [
            ("/classes/Score", #"{"owner.objectId":"p1"}"#, [String]()),
            ("/classes/Score", #"{"owner.className":{"$exists":true}}"#, []),
            ("/classes/Score", #"{"owner.objectId":{"$exists":false}}"#, ["s1"]),
            ("/classes/Score", #"{"team.objectId":"p1"}"#, ["s1"]),
            ("/classes/Event", #"{"when.iso":"2026-01-01T00:00:00.000Z"}"#, []),
            ("/classes/Event", #"{"photo.name":"a.png"}"#, []), ("/classes/Event", #"{"photo.name":null}"#, ["e1"]),
        ] {
            let (status, answer) = try await Self.send(backend, path, [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(filter): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// An `order` key into a Pointer (`owner.objectId`) sorts by nothing, as parse-server's MongoDB holds the pointer
    /// apart (`_p_owner` text: MongoTransform.js `transformKey`, DatabaseController.js `find`): the objects keep the
    /// order they were stored in.
    @Test func parseSortsByNothingInsideAPointer() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            ["p2", "p1"].enumerated().map { index, owner in
                [
                    "objectId": .string("s\(index + 1)"),
                    "owner": ["__type": "Pointer", "className": "Player", "objectId": .string(owner)],
                ]
            },
            into: "Score"
        )
        let (status, answer) = try await Self.send(backend, "/classes/Score", [("order", "owner.objectId")])
        #expect(status == 200 && Self.ids(answer) == ["s1", "s2"], "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server refuses an operation's operand of the wrong kind (107) in the words of `transformUpdate`
    /// (MongoTransform.js) on an update, and of `flattenUpdateOperatorsForCreate` (DatabaseController.js) on a
    /// create, which says `objects to add must be an array` for an `Increment` too.
    @Test func parseRefusesAnOperationsOperandInParseServersWords() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"t1","n":1,"e":["1"]}"#)], into: "T")
        for (method, path, body, message) in [
            ("PUT", "/classes/T/t1", #"{"n":{"__op":"Increment","amount":"2"}}"#, "incrementing must provide a number"),
            ("PUT", "/classes/T/t1", #"{"e":{"__op":"AddUnique","objects":"x"}}"#, "objects to add must be an array"),
            ("PUT", "/classes/T/t1", #"{"e":{"__op":"Remove","objects":"x"}}"#, "objects to remove must be an array"),
            ("POST", "/classes/T", #"{"n":{"__op":"Increment","amount":"2"}}"#, "objects to add must be an array"),
            ("POST", "/classes/T", #"{"e":{"__op":"Remove","objects":"x"}}"#, "objects to add must be an array"),
        ] {
            let (status, answer) = try await Self.send(backend, path, method: method, body: body)
            #expect(status == 400 && answer == ["code": 107, "error": .string(message)], "\(body): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// parse-server reads the atoms of an Array field's `$in` and `$nin` with `transformInteriorAtom`, which makes a
    /// `{"$regex":…}` a regular expression (MongoTransform.js), so MongoDB's `$in` selects an array with an element
    /// matching it and `$nin` leaves such an array out.
    @Test func parseMatchesRegularExpressionsInAnArrayFieldsInAndNin() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [
                try Self.json(#"{"objectId":"b1","tags":["apple","x"]}"#),
                try Self.json(#"{"objectId":"b2","tags":["berry"]}"#),
            ],
            into: "Bag"
        )
        for (filter, expected) in [
            (#"{"tags":{"$in":[{"$regex":"^a"},"berry"]}}"#, ["b1", "b2"]),
            (#"{"tags":{"$in":[{"$regex":"^a"}]}}"#, ["b1"]),
            (#"{"tags":{"$nin":[{"$regex":"^a"}]}}"#, ["b2"]), (#"{"tags":{"$nin":[{"$regex":"^a"},"berry"]}}"#, []),
        ] {
            let (status, answer) = try await Self.send(backend, "/classes/Bag", [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(filter): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// parse-server routes a `POST` whose body has a `_method` as that method (middlewares.js `allowMethodOverride`),
    /// the body without it, a `GET`'s body read as its query (ClassesRouter.js `handleGet`): an object is read, updated
    /// and deleted so too.
    @Test func parseRoutesAPostAsTheMethodItsBodyNames() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"t1","n":1,"m":2}"#)], into: "T")
        var (status, answer) = try await Self.send(
            backend,
            "/classes/T/t1",
            method: "POST",
            body: #"{"_method":"GET","keys":"n"}"#
        )
        #expect(status == 200 && answer["n"] == 1 && answer["m"] == nil, "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/classes/T/t1",
            method: "POST",
            body: #"{"_method":"PUT","n":5}"#
        )
        #expect(status == 200 && answer["updatedAt"] != nil && answer["_method"] == nil, "\(answer)")
        #expect(await backend.documents(in: "T").first?["n"] == 5)
        (status, answer) = try await Self.send(backend, "/classes/T/t1", method: "POST", body: #"{"_method":"DELETE"}"#)
        #expect(status == 200 && answer == [:], "\(answer)")
        #expect(await backend.documents(in: "T").isEmpty)
    }
}

extension InMemoryBackendParseTests {
    /// parse-server reads a condition on a relation field as one on the objects whose relation holds what it names
    /// (DatabaseController.js `reduceInRelation`, `owningIds`): a pointer or an `$in` of pointers selects the objects
    /// holding one, a `$nin` those holding none, any other condition none; inside a `$nor` it leaves the key to
    /// MongoDB, where no object has the field (the relation is a join table).
    @Test func parseReadsAConditionOnARelationFieldAsTheRelationsOwners() async throws {
        let backend = InMemoryBackend(.parse)
        let pointer = { (id: String) in #"{"__type":"Pointer","className":"Player","objectId":"\#(id)"}"# }
        var teams: [String] = []
        for body in [
            #"{"members":{"__op":"AddRelation","objects":[\#(pointer("p1"))]}}"#,
            #"{"members":{"__op":"AddRelation","objects":[\#(pointer("p2"))]}}"#, #"{"name":"none"}"#,
        ] {
            let (_, answer) = try await Self.send(backend, "/classes/Team", method: "POST", body: body)
            teams.append(try #require(answer["objectId"]?.stringValue, "\(answer)"))
        }
        for (filter, expected) in [
            (#"{"members":\#(pointer("p1"))}"#, [teams[0]]),
            (#"{"members":{"$in":[\#(pointer("p1")),\#(pointer("p2"))]}}"#, [teams[0], teams[1]]),
            (#"{"members":{"$nin":[\#(pointer("p1"))]}}"#, [teams[1], teams[2]]),
            (#"{"members":{"$exists":true}}"#, []), (#"{"$or":[{"members":\#(pointer("p2"))}]}"#, [teams[1]]),
            (#"{"$nor":[{"members":\#(pointer("p1"))}]}"#, teams),
        ] {
            let (status, answer) = try await Self.send(backend, "/classes/Team", [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(filter): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// A `where` that is no JSON fails `handleFind`'s `JSON.parse` (ClassesRouter.js) with a SyntaxError, no Parse
    /// error, which parse-server answers as an internal error (500, middlewares.js `handleParseErrors`).
    @Test func parseAnswersAWhereThatIsNoJSONAsAnInternalError() async throws {
        let backend = try await Self.seeded()
        let (status, answer) = try await Self.send(backend, "/classes/Player", [("where", #"{"name":"#)])
        #expect(status == 500 && answer == ["code": 1, "message": "Internal server error."], "\(answer)")
    }
}

extension InMemoryBackendParseTests {
    /// parse-server reads a date from text only for `createdAt`'s or `updatedAt`'s equality (MongoTransform.js
    /// `transformQueryKeyValue`, `valueAsDate`); an operator's text stays text (`transformTopLevelAtom`), which no
    /// MongoDB Date equals or orders with: `$gte` and `$in` of text select nothing, `$ne` of text everything.
    @Test func parseComparesCreatedAtWithNoTextButInEquality() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [try Self.json(#"{"objectId":"a","createdAt":"2026-01-01T00:00:00.000Z"}"#)],
            into: "Event"
        )
        for (filter, expected) in [
            (#"{"createdAt":"2026-01-01T00:00:00.000Z"}"#, ["a"]),
            (#"{"createdAt":{"$gte":{"__type":"Date","iso":"2025-01-01T00:00:00.000Z"}}}"#, ["a"]),
            (#"{"createdAt":{"$gte":"2025-01-01T00:00:00.000Z"}}"#, []),
            (#"{"updatedAt":{"$in":["2026-01-01T00:00:00.000Z"]}}"#, []),
            (#"{"createdAt":{"$ne":"2026-01-01T00:00:00.000Z"}}"#, ["a"]),
        ] {
            let (status, answer) = try await Self.send(backend, "/classes/Event", [("where", filter)])
            #expect(status == 200 && Self.ids(answer) == expected, "\(filter): \(answer)")
        }
    }
}

extension InMemoryBackendParseTests {
    /// parse-server refuses a write that gives more than one field a GeoPoint before it checks any field's type
    /// (SchemaController.js `validateObject`: 111, "there can only be one geopoint field in a class").
    @Test func parseRefusesAWriteOfTwoGeoPoints() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([try Self.json(#"{"objectId":"t1","n":1}"#)], into: "T")
        let point = #"{"__type":"GeoPoint","latitude":1,"longitude":2}"#
        for (method, path) in [("POST", "/classes/T"), ("PUT", "/classes/T/t1")] {
            let (status, answer) = try await Self.send(
                backend,
                path,
                method: method,
                body: #"{"a":\#(point),"b":\#(point)}"#
            )
            #expect(
                status == 400 && answer == ["code": 111, "error": "there can only be one geopoint field in a class"]
            )
        }
        let (status, _) = try await Self.send(backend, "/classes/T", method: "POST", body: #"{"a":\#(point)}"#)
        #expect(status == 201)
    }
}

extension InMemoryBackendParseTests {
    /// A sign-up as the REST guide shows it (`_includes/rest/users.md`, "Signing Up" and "Retrieving Users",
    /// parse-community/docs @ fb6e96b541f541f86b7c5d9dda443b148d0ae601): the answer is the new user's id, its date and a
    /// session token, and no read answers the password (parse-server's `transformUser` keeps only its hash).
    @Test func parseSignUpAnswersASessionTokenAndNoReadAnswersThePassword() async throws {
        let backend = InMemoryBackend(.parse)
        let (status, answer) = try await Self.send(
            backend,
            "/classes/_User",
            method: "POST",
            body: #"{"username":"cooldude6","password":"p_n7!-e8","phone":"415-392-0202"}"#
        )
        #expect(status == 201)
        #expect(answer.objectValue.map { Set($0.keys) } == ["objectId", "createdAt", "sessionToken"], "\(answer)")
        let token = try #require(answer["sessionToken"]?.stringValue)
        #expect(token.hasPrefix("r:") && token.count == 34, "\(token)")
        let id = try #require(answer["objectId"]?.stringValue)
        let session = ["X-Parse-Session-Token": token]
        let (_, user) = try await Self.send(backend, "/classes/_User/" + id, headers: session)
        #expect(user["username"] == "cooldude6" && user["phone"] == "415-392-0202", "\(user)")
        #expect(user["password"] == nil, "\(user)")
        let (_, list) = try await Self.send(backend, "/classes/_User", headers: session)
        #expect(list["results"]?[0]?["password"] == nil, "\(list)")
        // A new password is answered with a new session, and is no more read than the first.
        let (updated, change) = try await Self.send(
            backend,
            "/classes/_User/" + id,
            method: "PUT",
            body: #"{"password":"another"}"#,
            headers: session
        )
        #expect(updated == 200 && change["sessionToken"]?.stringValue?.hasPrefix("r:") == true, "\(change)")
        let newToken = try #require(change["sessionToken"]?.stringValue)
        #expect(newToken != token)
        let reread = try await Self.send(backend, "/classes/_User/" + id, headers: ["X-Parse-Session-Token": newToken])
        #expect(reread.status == 200 && reread.body["password"] == nil, "\(reread)")
        // A sign-up with `authData` alone gets a username, which the answer holds.
        let (linked, linkedAnswer) = try await Self.send(
            backend,
            "/classes/_User",
            method: "POST",
            body: #"{"authData":{"anonymous":{"id":"0f2f1c7e-1b36-4a8b-a8b7-1b1f0e3c2a11"}}}"#
        )
        #expect(linked == 201 && linkedAnswer["username"]?.stringValue?.isEmpty == false, "\(linkedAnswer)")
        #expect(linkedAnswer["sessionToken"] != nil)
    }

    /// Sessions as parse-server keeps them (UsersRouter.js and middlewares.js @ 7ea2a2953e9202d43ddb53ded309fbd26245d45c):
    /// `/users` is `_User`'s other path; `/login` takes the credentials from the query too (the REST guide's
    /// `GET /login?username=…&password=…`), and an email in the username's place; a new password ends the user's
    /// other sessions; a session whose user is gone, or that ended, signs nothing in; a user whose ACL is empty can't
    /// sign in.
    @Test func parseSessionsStartAndEndAsParseServerKeepsThem() async throws {
        let backend = InMemoryBackend(.parse)
        let (created, signUp) = try await Self.send(
            backend,
            "/users",
            method: "POST",
            body: #"{"username":"cooldude6","password":"p_n7!-e8","email":"cool@example.com"}"#
        )
        #expect(created == 201, "\(signUp)")
        let id = try #require(signUp["objectId"]?.stringValue)
        let first = try #require(signUp["sessionToken"]?.stringValue)
        let own = try await Self.send(backend, "/users/" + id, headers: ["X-Parse-Session-Token": first])
        #expect(own.body["username"] == "cooldude6", "\(own)")

        let (status, login) = try await Self.send(
            backend,
            "/login",
            [("username", "cooldude6"), ("password", "p_n7!-e8")]
        )
        #expect(status == 200 && login["objectId"]?.stringValue == id && login["password"] == nil, "\(login)")
        let second = try #require(login["sessionToken"]?.stringValue)
        #expect(second != first)
        let byEmail = try await Self.send(
            backend,
            "/login",
            method: "POST",
            body: #"{"username":"cool@example.com","password":"p_n7!-e8"}"#
        )
        #expect(byEmail.status == 200 && byEmail.body["objectId"]?.stringValue == id, "\(byEmail)")
        let third = try #require(byEmail.body["sessionToken"]?.stringValue)

        // Each session is its own: ending one leaves the others.
        let me = try await Self.send(backend, "/users/me", headers: ["X-Parse-Session-Token": first])
        #expect(me.status == 200 && me.body["sessionToken"]?.stringValue == first && me.body["password"] == nil)
        #expect(
            try await Self.send(backend, "/logout", method: "POST", headers: ["x-parse-session-token": first]).status
                == 200
        )
        let ended = try await Self.send(backend, "/users/me", headers: ["X-Parse-Session-Token": first])
        #expect(ended.status == 400 && ended.body == ["code": 209, "error": "Invalid session token"], "\(ended)")
        #expect(try await Self.send(backend, "/users/me", headers: ["X-Parse-Session-Token": second]).status == 200)

        // A new password ends every session of the user and starts one.
        let (_, change) = try await Self.send(
            backend,
            "/users/" + id,
            method: "PUT",
            body: #"{"password":"another"}"#,
            headers: ["X-Parse-Session-Token": second]
        )
        let fourth = try #require(change["sessionToken"]?.stringValue)
        for token in [second, third] {
            let answer = try await Self.send(backend, "/classes/_User", headers: ["X-Parse-Session-Token": token])
            #expect(answer.status == 400 && answer.body["code"] == 209, "\(answer)")
        }
        let old = try await Self.send(backend, "/login", [("username", "cooldude6"), ("password", "p_n7!-e8")])
        #expect(old.status == 404 && old.body == ["code": 101, "error": "Invalid username/password."], "\(old)")
        #expect(
            try await Self.send(backend, "/login", [("username", "cooldude6"), ("password", "another")]).status == 200
        )

        // A user whose ACL is empty (only the master key can make one: a client's ACL keeps the user's own access) is
        // locked out; a user that is gone signs nothing in.
        let session = ["X-Parse-Session-Token": fourth]
        _ = try await Self.send(backend, "/users/" + id, method: "PUT", body: #"{"ACL":{}}"#, headers: session)
        #expect(
            try await Self.send(backend, "/login", [("username", "cooldude6"), ("password", "another")]).status == 200
        )
        try await backend.insert(
            [["objectId": "lockedOut", "username": "locked", "password": "secret", "ACL": [:]]],
            into: "_User"
        )
        #expect(try await Self.send(backend, "/login", [("username", "locked"), ("password", "secret")]).status == 404)
        _ = try await Self.send(backend, "/users/" + id, method: "DELETE", headers: session)
        let gone = try await Self.send(backend, "/users/me", headers: session)
        #expect(gone.status == 400 && gone.body["code"] == 209, "\(gone)")
    }

    /// Where parse-server reads no session token (middlewares.js and ParseServer.js @
    /// 7ea2a2953e9202d43ddb53ded309fbd26245d45c): `handleParseHeaders` drops the token of a request to `/login`
    /// exactly, reads an empty one as none, and the files router serves a file's bytes before either middleware. A
    /// `/login` with a query is no `/login` exactly, and its token is looked up; an empty credential in the query
    /// leaves the body's.
    @Test func parseReadsNoSessionTokenWhereParseServerReadsNone() async throws {
        let header = "X-Parse-Session-Token"
        let backend = InMemoryBackend(.parse)
        let credentials = #"{"username":"ann","password":"secret"}"#
        let (_, signUp) = try await Self.send(backend, "/users", method: "POST", body: credentials)
        let ended = try #require(signUp["sessionToken"]?.stringValue)
        #expect(try await Self.send(backend, "/logout", method: "POST", headers: [header: ended]).status == 200)

        let again = try await Self.send(backend, "/login", method: "POST", body: credentials, headers: [header: ended])
        #expect(again.status == 200 && again.body["sessionToken"]?.stringValue != ended, "\(again)")
        let withQuery = try await Self.send(
            backend,
            "/login",
            [("username", "ann"), ("password", "secret")],
            headers: [header: ended]
        )
        #expect(withQuery.status == 400 && withQuery.body["code"] == 209, "\(withQuery)")
        let emptyInQuery = try await Self.send(backend, "/login", [("email", "")], method: "POST", body: credentials)
        #expect(emptyInQuery.status == 200, "\(emptyInQuery)")

        #expect(try await Self.send(backend, "/classes/_User", headers: [header: ""]).status == 200)
        let me = try await Self.send(backend, "/users/me", headers: [header: ""])
        #expect(me.status == 400 && me.body == ["code": 209, "error": "Invalid session token"], "\(me)")
        let logOut = try await Self.send(backend, "/logout", method: "POST", headers: [header: ""])
        #expect(logOut.status == 200 && logOut.body == [:], "\(logOut)")

        var upload = URLRequest(url: backend.baseURL.appendingPathComponent("files/note.txt"))
        upload.httpMethod = "POST"
        upload.httpBody = Data("hello".utf8)
        upload.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        let stored = try JSONValue(parsing: try await backend.send(upload).0)
        let url = try #require(stored["url"]?.stringValue.flatMap(URL.init(string:)))
        var download = URLRequest(url: url)
        download.setValue(ended, forHTTPHeaderField: header)
        let (bytes, response) = try await backend.send(download)
        #expect(response.statusCode == 200 && bytes == Data("hello".utf8))
    }

    /// A sign-up whose `authData` a user has is that user's log-in (RestWrite.js @
    /// 7ea2a2953e9202d43ddb53ded309fbd26245d45c, `handleAuthData`, `createSessionTokenIfNeeded`): an anonymous user
    /// that signs up again with its id is signed in again, a 200 with a new session; in another user's session the
    /// same `authData` is 208, and new `authData` makes a user but no session.
    @Test func parseAuthDataSignsInTheUserThatHasIt() async throws {
        let backend = InMemoryBackend(.parse)
        let anonymous = #"{"authData":{"anonymous":{"id":"0f2f1c7e-1b36-4a8b-a8b7-1b1f0e3c2a11"}}}"#
        let (created, first) = try await Self.send(backend, "/users", method: "POST", body: anonymous)
        #expect(created == 201, "\(first)")
        let id = try #require(first["objectId"]?.stringValue)
        let token = try #require(first["sessionToken"]?.stringValue)

        let (again, second) = try await Self.send(backend, "/users", method: "POST", body: anonymous)
        #expect(again == 200 && second["objectId"]?.stringValue == id, "\(second)")
        #expect(second["username"] == first["username"] && second["authData"]?["anonymous"] != nil, "\(second)")
        let newToken = try #require(second["sessionToken"]?.stringValue)
        #expect(newToken != token)
        #expect(await backend.documents(in: "_User").count == 1)

        // In another user's session: the same authData is already used, and new authData makes no session.
        let (_, other) = try await Self.send(
            backend,
            "/users",
            method: "POST",
            body: #"{"username":"other","password":"secret"}"#
        )
        let otherSession = ["X-Parse-Session-Token": try #require(other["sessionToken"]?.stringValue)]
        let linked = try await Self.send(backend, "/users", method: "POST", body: anonymous, headers: otherSession)
        #expect(linked.status == 400 && linked.body == ["code": 208, "error": "this auth is already used"])
        let fresh = try await Self.send(
            backend,
            "/users",
            method: "POST",
            body: #"{"authData":{"anonymous":{"id":"another"}}}"#,
            headers: otherSession
        )
        #expect(fresh.status == 201 && fresh.body["sessionToken"] == nil, "\(fresh)")
        // In its own session the user is answered without a new one.
        let own = try await Self.send(
            backend,
            "/users",
            method: "POST",
            body: anonymous,
            headers: ["X-Parse-Session-Token": newToken]
        )
        #expect(own.status == 200 && own.body["objectId"]?.stringValue == id && own.body["sessionToken"] == nil)
    }

    /// A log-in with `authData` writes what it sends over the user's (RestWrite.js @
    /// 7ea2a2953e9202d43ddb53ded309fbd26245d45c, `handleAuthData`, `Auth.hasMutatedAuthData`,
    /// `cleanUserAuthData`): a provider's new token is kept and answered, a provider sent beside the one that found
    /// the user is linked to it, and a null one unlinks its provider.
    @Test func parseAuthDataLogInWritesTheAuthDataItSends() async throws {
        let backend = InMemoryBackend(.parse)
        func signUp(_ authData: String) async throws -> (status: Int, body: JSONValue) {
            try await Self.send(backend, "/users", method: "POST", body: #"{"authData":"# + authData + "}")
        }
        func stored() async -> JSONValue? { await backend.documents(in: "_User").first?["authData"] }
        let (created, first) = try await signUp(#"{"facebook":{"id":"f1","access_token":"t1"}}"#)
        #expect(created == 201)
        let id = try #require(first["objectId"]?.stringValue)

        let renewed = try await signUp(#"{"facebook":{"id":"f1","access_token":"t2"}}"#)
        #expect(renewed.status == 200 && renewed.body["authData"] == ["facebook": ["id": "f1", "access_token": "t2"]])
        #expect(await stored() == ["facebook": ["id": "f1", "access_token": "t2"]])

        let linked = try await signUp(#"{"facebook":{"id":"f1","access_token":"t2"},"twitter":{"id":"w1"}}"#)
        #expect(linked.body["authData"]?["twitter"] == ["id": "w1"], "\(linked.body)")
        let byTwitter = try await signUp(#"{"twitter":{"id":"w1"}}"#)
        #expect(byTwitter.status == 200 && byTwitter.body["objectId"]?.stringValue == id, "\(byTwitter.body)")

        let unlinked = try await signUp(#"{"facebook":{"id":"f1","access_token":"t2"},"twitter":null}"#)
        #expect(
            unlinked.status == 200 && unlinked.body["authData"] == ["facebook": ["id": "f1", "access_token": "t2"]],
            "\(unlinked.body)"
        )
        #expect(await stored() == ["facebook": ["id": "f1", "access_token": "t2"]])
        #expect(try await signUp(#"{"twitter":{"id":"w1"}}"#).status == 201, "a new user: no one has twitter's id")
    }

    /// A sign-up whose `authData` logs a user in writes nothing else of its body, but parse-server's `transformUser`
    /// still refuses a username or email another user has, or an email without an `@` (RestWrite.js @
    /// 7ea2a2953e9202d43ddb53ded309fbd26245d45c, `_validateUserName`, `_validateEmail`, which exclude the user
    /// logging in).
    @Test func parseAuthDataLogInRefusesAnotherUsersUsername() async throws {
        let backend = InMemoryBackend(.parse)
        func signUp(_ body: String) async throws -> (status: Int, body: JSONValue) {
            try await Self.send(backend, "/users", method: "POST", body: body)
        }
        _ = try await signUp(#"{"username":"taken","password":"p","email":"taken@example.com"}"#)
        let (_, first) = try await signUp(#"{"username":"mine","authData":{"anonymous":{"id":"a1"}}}"#)
        let id = try #require(first["objectId"]?.stringValue)
        let refusals: [(String, Int)] = [
            (#"{"username":"TAKEN","authData":{"anonymous":{"id":"a1"}}}"#, 202),
            (#"{"email":"Taken@Example.com","authData":{"anonymous":{"id":"a1"}}}"#, 203),
            (#"{"email":"nowhere","authData":{"anonymous":{"id":"a1"}}}"#, 125),
        ]
        for (body, code) in refusals {
            let (status, answer) = try await signUp(body)
            #expect(status == 400 && answer["code"] == .int(code), "\(body): \(answer)")
        }
        let (status, answer) = try await signUp(#"{"username":"Mine","authData":{"anonymous":{"id":"a1"}}}"#)
        #expect(status == 200 && answer["objectId"]?.stringValue == id && answer["username"] == "mine", "\(answer)")
    }

    /// A sign-up's `authData` that parse-server can't sign anyone in with is 252 (RestWrite.js @
    /// 7ea2a2953e9202d43ddb53ded309fbd26245d45c, `validateAuthData`; `spec/ParseUser.spec.js`, "can not set authdata
    /// to null"): one sent null, and one whose providers each lack a truthy `id` (`Auth.findUsersWithAuthData` looks
    /// up no other) unless one is null, the body has a username and a password, or the request is in a session; and
    /// an update's `authData` sent null.
    @Test func parseRefusesAuthDataNoOneCanSignInWith() async throws {
        let backend = InMemoryBackend(.parse)
        func signUp(_ body: String, headers: [String: String] = [:]) async throws -> (status: Int, body: JSONValue) {
            try await Self.send(backend, "/users", method: "POST", body: body, headers: headers)
        }
        let unsupported: JSONValue = ["code": 252, "error": "This authentication method is unsupported."]
        for body in [
            #"{"authData":{"anonymous":{}}}"#, #"{"authData":{"facebook":{"access_token":"abc"}}}"#,
            #"{"authData":{"anonymous":{"id":""}}}"#, #"{"username":"u","password":"p","authData":null}"#,
        ] {
            let (status, answer) = try await signUp(body)
            #expect(status == 400 && answer == unsupported, "\(body): \(answer)")
        }
        // A null authData is none first: the username is missing.
        #expect(try await signUp(#"{"authData":null}"#).body["code"] == 200)
        #expect(await backend.documents(in: "_User").isEmpty)

        for body in [
            #"{"username":"u","password":"p","authData":{"anonymous":{}}}"#, #"{"authData":{"facebook":null}}"#,
            #"{"authData":{}}"#,
        ] {
            let (status, answer) = try await signUp(body)
            #expect(status == 201 && answer["sessionToken"] != nil, "\(body): \(answer)")
        }
        let (_, user) = try await signUp(#"{"username":"v","password":"p"}"#)
        let session = ["X-Parse-Session-Token": try #require(user["sessionToken"]?.stringValue)]
        let (status, answer) = try await signUp(#"{"authData":{"anonymous":{}}}"#, headers: session)
        #expect(status == 201 && answer["sessionToken"] == nil, "\(answer)")
        // An update that sets it to nothing is refused too, before the session is looked at ("can not set authdata
        // to null").
        let id = try #require(user["objectId"]?.stringValue)
        for headers in [session, [:]] {
            let update = try await Self.send(
                backend,
                "/users/" + id,
                method: "PUT",
                body: #"{"authData":null}"#,
                headers: headers
            )
            #expect(update.status == 400 && update.body == unsupported, "\(update)")
        }
    }

    /// parse-server's refusals of a `_User` (RestWrite.js @ 7ea2a2953e9202d43ddb53ded309fbd26245d45c,
    /// `validateAuthData`, `_validateUserName`, `_validateEmail`; asserted in `spec/ParseUser.spec.js`): no username
    /// (200) or password (201) without `authData`, a username or email another user has whatever its case (202,
    /// 203, on a sign-up and on an update), an email without an `@` (125); each a 400, which the client reads as a
    /// conflict where another user has the value.
    @Test func parseRefusesAUserAsParseServerDoes() async throws {
        let backend = InMemoryBackend(.parse)
        func signUp(_ body: String) async throws -> (status: Int, body: JSONValue) {
            try await Self.send(backend, "/classes/_User", method: "POST", body: body)
        }
        let first = try await signUp(#"{"username":"test1","password":"test","email":"test@example.com"}"#)
        #expect(first.status == 201)
        let refusals: [(String, Int, String)] = [
            (#"{"password":"test"}"#, 200, "bad or missing username"),
            (#"{"username":"","password":"test"}"#, 200, "bad or missing username"),
            (#"{"username":"test2"}"#, 201, "password is required"),
            (#"{"username":"Test1","password":"test"}"#, 202, "Account already exists for this username."),
            (#"{"username":"test2","password":"test","email":"nowhere"}"#, 125, "Email address format is invalid."),
            (
                #"{"username":"test2","password":"test","email":"Test@Example.Com"}"#, 203,
                "Account already exists for this email address."
            ),
        ]
        for (body, code, message) in refusals {
            let (status, answer) = try await signUp(body)
            #expect(status == 400 && answer == ["code": .int(code), "error": .string(message)], "\(body): \(answer)")
        }
        let second = try await signUp(#"{"username":"test2","password":"test","email":"foo@example.com"}"#)
        let id = try #require(second.body["objectId"]?.stringValue)
        let session = ["X-Parse-Session-Token": try #require(second.body["sessionToken"]?.stringValue)]
        let (status, answer) = try await Self.send(
            backend,
            "/classes/_User/" + id,
            method: "PUT",
            body: #"{"email":"Test@Example.Com"}"#,
            headers: session
        )
        #expect(status == 400 && answer["code"] == 203, "\(answer)")
        // Its own username and email, as they are, are no one else's.
        let (kept, _) = try await Self.send(
            backend,
            "/classes/_User/" + id,
            method: "PUT",
            body: #"{"username":"test2","email":"foo@example.com"}"#,
            headers: session
        )
        #expect(kept == 200)
        // The client reads a username another user has as a conflict.
        let client = backend.client()
        let error = await #expect(throws: ModelClientError.self) {
            _ = try await client.post(
                try Self.json(#"{"username":"TEST1","password":"x"}"#),
                to: "/classes/_User",
                answer: JSONValue.self
            )
        }
        #expect(error?.refusal == .conflict, "\(String(describing: error))")
    }
}
