import Foundation
import GoldenCortexExport
import GoldenQueries
import GoldenRealCortex
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Every update form the client sends, applied by each in-memory backend as that backend applies it, and the writes
// each backend refuses, answered in its own error shape.

@Suite struct InMemoryBackendWriteTests {
    /// A clinic as each backend holds one (Clinic reads `_id` and `object` whatever the backend).
    private static func clinic(_ id: String, state: Bool = false) -> JSONValue {
        var members: [String: JSONValue] = [
            "_id": .string(id), "object": "c_clinic", "c_name": "North", "c_phone": "555", "c_beds": 2,
            "c_tags": ["a", "b"],
        ]
        if state { members["__STATE__"] = "PUBLIC" }
        return .object(members)
    }

    private static let clinicID = "5a2f1b7c9d3e4f5a6b7c8d01"

    // MARK: Cortex

    /// Sets, clears, pushes and pulls, of top-level properties and of one element of a document array by its
    /// `_id`, on a real instance (Fixtures/Real/cortex-c_study-document-arrays.json), in one `PATCH`.
    @Test func cortexAppliesEveryPatchOperationIncludingElementPaths() async throws {
        let study = try #require(
            try Fixtures.decode([Study].self, from: "Real/cortex-c_study-document-arrays.json").first
        )
        let backend = InMemoryBackend(.cortex)
        try await backend.insert([study])
        let client = backend.client()
        let first = try #require(ObjectID("6255b8f81b7acdab9f14397b"))
        let second = try #require(ObjectID("6255b8f81b7acdab9f14397c"))

        var patch = Study.Patch()
        patch.subjectStatusList.update(
            elementWithID: first,
            setting: Study.SubjectStatusList(statusDescription: "Made")
        )
        patch.subjectStatusList.clear([.default], inElementWithID: first)
        patch.subjectStatusList.remove(elementWithID: second)
        patch.subjectStatusList.push([
            Study.SubjectStatusList(key: UUIDString("4f1b2c3d-0000-4000-8000-000000000001"), statusValue: "screened")
        ])
        patch.authTaskFields.pull(["password"])
        patch.forgotUsernameOptions.push(["phone"])
        patch.enableAltReg = .set(true)
        let updated = try await client.update(study.id, patch)
        #expect(await backend.requests.last?.method == "PATCH")

        let statuses = try #require(updated.subjectStatusList)
        #expect(statuses.map(\.statusValue) == ["new", "complete", "screened"])
        #expect(statuses[0].statusDescription == "Made")
        #expect(statuses[0].default == nil, "the element's c_default was removed by its path")
        #expect(statuses[1].default == false, "the other elements are as they were")
        let pushed = try #require(statuses.last?.id, "a pushed element gets an _id, as Cortex gives it")
        #expect(!statuses.dropLast().map(\.id).contains(pushed))
        #expect(updated.authTaskFields == ["email"])
        #expect(updated.forgotUsernameOptions == ["email", "phone"])
        #expect(updated.enableAltReg == true)
        #expect(updated.system.updater?.id.description == "000000000000000000000001")

        // What is stored is what was answered, and it reads back the same.
        #expect(try await backend.stored(Study.self) == [updated])
        #expect(try await client.get(Study.self, id: study.id) == updated)
    }

    /// A `PATCH` whose one operation fails changes nothing, as Cortex saves once after applying all of them.
    @Test func aCortexPatchThatFailsChangesNothing() async throws {
        let study = try #require(
            try Fixtures.decode([Study].self, from: "Real/cortex-c_study-document-arrays.json").first
        )
        let backend = InMemoryBackend(.cortex)
        try await backend.insert([study])
        let before = await backend.documents(in: Study.pluralName)
        var patch = Study.Patch()
        patch.enableAltReg = .set(true)
        patch.subjectStatusList.update(
            elementWithID: try #require(ObjectID("6255b8f81b7acdab9f1439ff")),
            setting: Study.SubjectStatusList(statusDescription: "nobody")
        )
        let error = await #expect(throws: ModelClientError.self) {
            _ = try await backend.client().update(study.id, patch)
        }
        #expect(error?.refusal == .notFound, "\(String(describing: error))")
        #expect(await backend.documents(in: Study.pluralName) == before)
    }

    // MARK: Mia-Platform

    @Test func miaAppliesEveryUpdateOperator() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([Self.clinic(Self.clinicID, state: true)], into: Clinic.pluralName)
        let client = backend.client()
        let id = try #require(ObjectID(Self.clinicID))

        var first = Clinic.Patch()
        first.name = .set("Northside")
        first.phone = .null
        first.beds.increment(by: 3)
        first.tags.push(["c", "d"])
        var clinic = try await client.update(id, first)
        #expect(clinic.name == "Northside" && clinic.phone == nil && clinic.beds == 5)
        #expect(clinic.tags == ["a", "b", "c", "d"])
        #expect(await backend.requests.last?.body?["$inc"] == ["c_beds": 3])

        var second = Clinic.Patch()
        second.beds.multiply(by: 2)
        second.tags.addToSet(["a", "e"])
        clinic = try await client.update(id, second)
        #expect(clinic.beds == 10)
        #expect(clinic.tags == ["a", "b", "c", "d", "e"])

        var third = Clinic.Patch()
        third.tags.pull(["b", "c"])
        clinic = try await client.update(id, third)
        #expect(clinic.tags == ["a", "d", "e"])

        // $currentDate writes the backend's time, here its virtual clock's.
        let items = InMemoryBackend(
            .mia(defaultState: .public),
            clock: .virtual(start: Date(timeIntervalSince1970: 0), tick: .seconds(1))
        )
        let item = try await items.client().create(Item.Create(name: "dated"))
        var stamp = Item.Patch()
        stamp.when = .serverTime
        let stamped = try await items.client().update(item.id, stamp)
        #expect(stamped.when == Date(timeIntervalSince1970: 1), "created at 0 s, stamped at the next tick")
        let stored = try #require(await items.documents(in: "c_items").first)
        #expect(stored["updatedAt"] == "1970-01-01T00:00:01.000Z")
        #expect(stored["creatorId"] == "public")
    }

    /// A field under two operators is refused, as MongoDB refuses it, and changes nothing. The CRUD service passes
    /// MongoDB's error on unhandled: a 500 (crud-service `lib/httpInterface.js`, `handlePatchId`).
    @Test func miaRefusesAFieldUnderTwoOperators() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([Self.clinic(Self.clinicID, state: true)], into: Clinic.pluralName)
        let request = try RenderedRequest(
            method: "PATCH",
            path: "/c_clinics/\(Self.clinicID)",
            body: .object([("$set", .object([("c_beds", .int(1))])), ("$inc", .object([("c_beds", .int(1))]))])
        ).urlRequest(relativeTo: backend.baseURL)
        let (data, response) = try await backend.send(request)
        #expect(response.statusCode == 500)
        let body = try JSONValue(parsing: data)
        #expect(body["error"] == "Internal Server Error" && body["statusCode"] == 500)
        #expect(body["message"]?.stringValue?.contains("conflict at 'c_beds'") == true, "\(body)")
        #expect(await backend.documents(in: Clinic.pluralName).first?["c_beds"] == 2)
    }

    // MARK: Parse

    @Test func parseAppliesEveryOperation() async throws {
        let backend = InMemoryBackend(.parse)
        var stored = try #require(Self.clinic(Self.clinicID).objectValue)
        stored["objectId"] = "clinic0001"
        try await backend.insert([.object(stored)], into: Clinic.pluralName)
        let client = backend.client()

        var first = Clinic.Patch()
        first.name = .set("Northside")
        first.phone = .null
        first.beds.increment(by: 3)
        first.tags.push(["c", "a"])
        var clinic = try await client.update("clinic0001", first)
        #expect(clinic.name == "Northside" && clinic.phone == nil && clinic.beds == 5)
        #expect(clinic.tags == ["a", "b", "c", "a"])
        let sent = try #require(await backend.requests.first { $0.method == "PUT" }?.body)
        #expect(sent["c_phone"] == ["__op": "Delete"] && sent["c_beds"] == ["__op": "Increment", "amount": 3])

        var second = Clinic.Patch()
        second.tags.addToSet(["a", "e"])
        clinic = try await client.update("clinic0001", second)
        #expect(clinic.tags == ["a", "b", "c", "a", "e"])

        var third = Clinic.Patch()
        third.tags.pull(["a", "c"])
        clinic = try await client.update("clinic0001", third)
        #expect(clinic.tags == ["b", "e"], "Remove takes every occurrence")
        let document = try #require(await backend.documents(in: Clinic.pluralName).first)
        #expect(document["updatedAt"] != nil && document["updatedAt"] != document["createdAt"])
    }

    /// `/batch`: creates, updates and deletes in one request, each answered in order; a failure names its index.
    @Test func parseBatchesCreatesUpdatesAndDeletes() async throws {
        let backend = InMemoryBackend(.parse)
        let client = backend.client()
        let ids = try await client.createAll(
            ["ann", "bob", "cy"].map { name in
                var body = GameScore.Create()
                body.playerName = name
                body.points = 1
                return body
            }
        )
        #expect(ids == ["obj0000001", "obj0000002", "obj0000003"])
        #expect(await backend.requests.map(\.path) == ["/batch"])

        var more = GameScore.Patch()
        more.points.increment(by: 10)
        try await client.updateAll([(id: ids[0], patch: more), (id: ids[2], patch: more)])
        #expect(try await backend.stored(GameScore.self).map(\.points) == [11, 1, 11])

        let error = await #expect(throws: BatchError.self) {
            try await client.updateAll([(id: ids[1], patch: more), (id: "missing", patch: more)])
        }
        #expect(error?.applied == [0])
        #expect(error?.failures.map(\.index) == [1])
        #expect(error?.failures.first?.error.refusal == .notFound)
        #expect(try await backend.stored(GameScore.self).map(\.points) == [11, 11, 11])

        try await client.deleteAll(GameScore.self, ids: [ids[0], ids[1]])
        #expect(try await backend.stored(GameScore.self).map(\.playerName) == ["cy"])
    }

    // MARK: What each backend refuses

    /// A property the model doesn't have, a value of the wrong type, a system property: refused by Cortex and
    /// Mia-Platform as they refuse them, with the path, and nothing stored.
    @Test(arguments: ["cortex", "mia"])
    func writesTheModelRefusesAreRefusedWithTheirPath(_ name: String) async throws {
        let backend = InMemoryBackend(name == "cortex" ? .cortex : .mia)
        await backend.register(Item.self)
        let client = backend.client()
        let system = name == "cortex" ? "creator" : "createdAt"
        let cases: [(body: JSONValue, path: String)] = [
            (["c_name": "x", "c_nope": 1], "c_nope"),
            (["c_name": "x", "c_count": "five"], "c_count"),
            (["c_name": "x", .init(stringLiteral: system): "me"], system),
        ]
        for (body, path) in cases {
            let error = await #expect(throws: ModelClientError.self) {
                _ = try await client.post(body, to: "/c_items", answer: JSONValue.self)
            }
            #expect(error?.refusal == .validation(fields: [path]), "\(name) \(path): \(String(describing: error))")
        }
        #expect(await backend.documents(in: "c_items").isEmpty)
    }

    /// A member the collection doesn't define is refused in the CRUD service's words: Fastify's message, with the
    /// property the service's error handler names after it (crud-service `index.js`, `customErrorHandler`; the
    /// nested form is asserted in its `tests/httpInterface.postList.test.js`, line 393).
    @Test func miaRefusesAnUndefinedMemberInTheServicesWords() async throws {
        let backend = InMemoryBackend(.mia)
        await backend.register(Item.self)
        let (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "POST",
                path: "/c_items/",
                body: .object([("c_name", .string("x")), ("c_nope", .int(1))])
            )
        )
        #expect(status == 400)
        #expect(
            answer == [
                "statusCode": 400, "error": "Bad Request",
                "message":
                    #"body must NOT have additional properties. Property "c_nope" is not defined in validation schema"#,
            ]
        )
    }

    /// Parse takes a new field (its schema grows), but refuses the fields it sets itself (105) and a value the
    /// model can't read (111).
    @Test func parseRefusesItsOwnFieldsAndWrongTypes() async throws {
        let backend = InMemoryBackend(.parse)
        await backend.register(GameScore.self)
        for (body, code) in [
            ([("objectId", QueryJSON.string("mine"))], 105), ([("points", .string("ten"))], 111),
        ] {
            let request = try RenderedRequest(method: "POST", path: "/classes/GameScore", body: .object(body))
                .urlRequest(relativeTo: backend.baseURL)
            let (data, response) = try await backend.send(request)
            #expect(response.statusCode == 400)
            #expect(try JSONValue(parsing: data)["code"] == .int(code))
        }
        // The client's refusal names the field parse-server names (`objectId is an invalid field name.`).
        let refused = await #expect(throws: ModelClientError.self) {
            _ = try await backend.client().post(
                ["objectId": "mine"] as JSONValue,
                to: "/classes/GameScore",
                answer: JSONValue.self
            )
        }
        #expect(refused?.refusal == .validation(fields: ["objectId"]), "\(String(describing: refused))")
        let request = try RenderedRequest(
            method: "POST",
            path: "/classes/GameScore",
            body: .object([("newField", .string("ok"))])
        ).urlRequest(relativeTo: backend.baseURL)
        #expect(try await backend.send(request).1.statusCode == 201)
    }

    /// A filter with an operator the backend refuses, sent as the raw request (no client renders it), is refused
    /// by the backend in its own error shape, as the backend refuses it; so is one no backend has.
    @Test func eachBackendRefusesTheOperatorsItRefuses() async throws {
        let cases: [(InMemoryDialect, String, String, String)] = [
            (.cortex, "/c_items", "where", #"{"c_name":{"$exists":true}}"#),
            (.cortex, "/c_items", "where", #"{"$nor":[{"c_name":"a"}]}"#),
            (.mia, "/c_items/", "_q", #"{"$nor":[{"c_name":"a"}]}"#),
            (.parse, "/classes/Item", "where", #"{"c_tags":{"$size":2}}"#),
            (.parse, "/classes/Item", "where", #"{"c_tags":{"$elemMatch":{"$eq":"a"}}}"#),
            (.mia, "/c_items/", "_q", #"{"c_name":{"$where":"1"}}"#),
        ]
        for (dialect, path, item, filter) in cases {
            let backend = InMemoryBackend(dialect)
            let request = try RenderedRequest(path: path, queryItems: [URLQueryItem(name: item, value: filter)])
                .urlRequest(relativeTo: backend.baseURL)
            let (data, response) = try await backend.send(request)
            #expect(response.statusCode == 400, "\(filter)")
            let operatorName = try #require(filter.split(separator: "\"").first { $0.hasPrefix("$") })
            let body = String(decoding: data, as: UTF8.self)
            #expect(body.contains(String(operatorName)), "\(body)")
        }
    }

    /// A unique index refuses a create or an update that would store a duplicate, as a conflict.
    @Test(arguments: ["cortex", "mia"])
    func aUniqueIndexRefusesADuplicateAsAConflict(_ name: String) async throws {
        let backend = InMemoryBackend(name == "cortex" ? .cortex : .mia(defaultState: .public))
        await backend.requireUnique("c_name", in: "c_items")
        let client = backend.client()
        _ = try await client.create(Item.Create(name: "a"))
        let other = try await client.create(Item.Create(name: "b"))
        let duplicate = await #expect(throws: ModelClientError.self) {
            _ = try await client.create(Item.Create(name: "a"))
        }
        #expect(duplicate?.refusal == .conflict)
        var rename = Item.Patch()
        rename.name = .set("a")
        let clash = await #expect(throws: ModelClientError.self) { _ = try await client.update(other.id, rename) }
        #expect(clash?.refusal == .conflict)
        #expect(await backend.documents(in: "c_items").map { $0["c_name"] } == ["a", "b"])
        rename.name = .set("c")
        #expect(try await client.update(other.id, rename).name == "c")
    }

    /// A batch path is routed only below the mount path (the base URL's), as parse-server routes it.
    @Test func aParseBatchPathOutsideTheMountPathIsRefused() async throws {
        let backend = InMemoryBackend(.parse)
        let request = try RenderedRequest(
            method: "POST",
            path: "/batch",
            body: .object([
                (
                    "requests",
                    .array([
                        .object([
                            ("method", .string("POST")), ("path", .string("/elsewhere/classes/GameScore")),
                            ("body", .object([("points", .int(1))])),
                        ])
                    ])
                )
            ])
        ).urlRequest(relativeTo: backend.baseURL)
        let (data, response) = try await backend.send(request)
        #expect(response.statusCode == 400)
        #expect(String(decoding: data, as: UTF8.self).contains("cannot route batch path /elsewhere/classes/GameScore"))
        #expect(await backend.documents(in: "GameScore").isEmpty)
    }

    /// Pages past every bound, paths deeper than MongoDB nests, a refused write: answered, refused, and nothing
    /// changed, not even the next id.
    @Test func hostileRequestsAreAnsweredAndChangeNothing() async throws {
        let huge = String(Int.max)
        // The CRUD service bounds `_l` to 200 (CRUD_MAX_LIMIT, under its default CRUD_LIMIT_CONSTRAINT_ENABLED).
        for (dialect, path, items, expected) in [
            (InMemoryDialect.mia, "/c_items/", [("_sk", "1"), ("_l", huge)], 400),
            (.mia, "/c_items/", [("_l", "0")], 400),
            (.mia, "/c_items/", [("_sk", huge), ("_l", "200")], 200),
            (.parse, "/classes/c_items", [("skip", "1"), ("limit", huge)], 200),
            (.cortex, "/c_items", [("skip", huge)], 200),
        ] {
            let backend = InMemoryBackend(dialect)
            try await backend.insert([["c_name": "a"], ["c_name": "b"]], into: "c_items")
            let (status, _) = try await backend.answer(
                RenderedRequest(path: path, queryItems: items.map { URLQueryItem(name: $0.0, value: $0.1) })
            )
            #expect(status == expected, "\(path) \(items)")
        }

        let deep = Array(repeating: "c_a", count: 150).joined(separator: ".")
        let mia = InMemoryBackend(.mia)
        try await mia.insert([["_id": "660000000000000000000001", "c_name": "a"]], into: "c_items")
        var (status, answer) = try await mia.answer(
            RenderedRequest(
                method: "PATCH",
                path: "/c_items/660000000000000000000001",
                body: .object([("$set", .object([(deep, .int(1))]))])
            )
        )
        #expect(status == 400 && answer["message"]?.stringValue?.contains("more than 100 segments") == true)
        (status, _) = try await mia.answer(
            RenderedRequest(path: "/c_items/", queryItems: [URLQueryItem(name: "_q", value: #"{"\#(deep)":1}"#)])
        )
        #expect(status == 400)

        // A refused create uses up no id and no tick of the clock.
        let cortex = InMemoryBackend(.cortex)
        await cortex.register(Item.self)
        (status, _) = try await cortex.answer(
            RenderedRequest(method: "POST", path: "/c_items", body: .object([("c_nope", .int(1))]))
        )
        // Cortex refuses a property the object doesn't have as one it doesn't find (`cortex.notFound.property`).
        #expect(status == 404)
        let created = try await cortex.client().create(Item.Create(name: "first"))
        #expect(created.id.description == "650000000000000000000001")
        #expect(await cortex.documents(in: "c_items").first?["created"] == "2026-01-01T00:00:00.000Z")
        #expect(await cortex.requests.first?.queryItems.isEmpty == true)
    }

    /// A state moves only as the CRUD service's state machine allows; `__STATE__` isn't a field a PATCH sets.
    @Test func miaStatesMoveAsTheServiceAllows() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        let client = backend.client()
        let item = try await client.create(Item.Create(name: "a"))
        let refused = await #expect(throws: ModelClientError.self) {
            try await client.setState(Item.self, id: item.id, to: .deleted)
        }
        // crud-service answers a transition its ALLOWED_STATES_MAP doesn't allow with a 400 (lib/CrudService.js).
        #expect(refused?.refusal == .validation(fields: []), "PUBLIC can't become DELETED")
        try await client.setState(Item.self, id: item.id, to: .trash)
        try await client.setState(Item.self, id: item.id, to: .deleted)
        #expect(await backend.documents(in: "c_items").first?["__STATE__"] == "DELETED")
        let (status, _) = try await backend.answer(
            RenderedRequest(
                method: "PATCH",
                path: "/c_items/\(item.id)",
                queryItems: [URLQueryItem(name: "_st", value: "DELETED")],
                body: .object([("$set", .object([("__STATE__", .string("PUBLIC"))]))])
            )
        )
        #expect(status == 400)
        #expect(await backend.documents(in: "c_items").first?["__STATE__"] == "DELETED")
    }

    /// `$pull` takes conditions, as MongoDB does: on each element's value, or on each document element's fields.
    @Test func miaPullsWhatItsConditionSelects() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(
            [
                [
                    "_id": "660000000000000000000001", "n": [1, 6, 9, 3],
                    "parts": [["sku": "a", "qty": 1], ["sku": "b"]],
                ]
            ],
            into: "things"
        )
        let (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "PATCH",
                path: "/things/660000000000000000000001",
                body: .object([
                    (
                        "$pull",
                        .object([("n", .object([("$gte", .int(6))])), ("parts", .object([("sku", .string("a"))]))])
                    )
                ])
            )
        )
        #expect(status == 200)
        #expect(answer["n"] == [1, 3])
        #expect(answer["parts"] == [["sku": "b"]])
    }

    /// Setting an element of a document array whole keeps its `_id`, by which it is addressed.
    @Test func aCortexElementSetWholeKeepsItsID() async throws {
        let backend = InMemoryBackend(.cortex)
        let element = "5f000000000000000000000a"
        try await backend.insert(
            [["_id": "5f0000000000000000000001", "c_parts": [["_id": .string(element), "c_label": "bolt"]]]],
            into: "c_items"
        )
        let (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "PATCH",
                path: "/c_items/5f0000000000000000000001",
                body: .array([
                    .object([
                        ("op", .string("set")), ("path", .string("c_parts.\(element)")),
                        ("value", .object([("c_label", .string("nut"))])),
                    ])
                ])
            )
        )
        #expect(status == 200)
        #expect(answer["c_parts"] == [["_id": .string(element), "c_label": "nut"]])
    }

    /// With `generate: [testing]`, each `Create` also lists the values the server gives what a create leaves out
    /// (`defaultMembers`: Cortex's static defaults, a JSON Schema's `default` that Fastify's Ajv fills in,
    /// parse-server's `defaultValue`), and a backend given it stores them as the server does; a create that sends
    /// the member keeps its own value.
    @Test func aCreateGetsTheDefaultsOfWhatItLeavesOut() async throws {
        #expect(Ticket.Create.requiredMembers == ["c_title"])
        for (dialect, name) in [(InMemoryDialect.cortex, "cortex"), (.mia, "mia")] {
            let backend = InMemoryBackend(dialect)
            await backend.register(Ticket.Create.self)
            let client = backend.client()
            _ = try await client.create(Ticket.Create(title: "left out"))
            var given = Ticket.Create(title: "given")
            given.state = "closed"
            given.labels = []
            // Inside a Document the create sends, and inside each element of a document array.
            var meta = Ticket.Meta.Create()
            meta.note = "n"
            given.meta = meta
            var done = Ticket.Step.Create()
            done.done = true
            given.steps = [Ticket.Step.Create(), done]
            _ = try await client.create(given)
            let stored = await backend.documents(in: "c_tickets")
            #expect(stored.count == 2, "\(name)")
            #expect(stored.first?["c_state"] == "open", "\(name): \(stored)")
            #expect(stored.first?["c_priority"] == 2, "\(name): \(stored)")
            #expect(stored.first?["c_labels"] == ["triage"], "\(name): \(stored)")
            #expect(stored.first?["c_channels"] == ["email"], "\(name): \(stored)")
            #expect(stored.first?["c_ratio"] == 0.5, "\(name): \(stored)")
            // YAML's `.inf` is no value JSON, or a server, has.
            #expect(stored.first?["c_limit"] == nil, "\(name): \(stored)")
            #expect(stored.last?["c_state"] == "closed" && stored.last?["c_labels"] == [], "\(name): \(stored)")
            #expect(stored.last?["c_priority"] == 2, "\(name): \(stored)")
            // A Document's defaults only where the create sends the Document.
            #expect(stored.first?["c_meta"] == nil && stored.first?["c_steps"] == nil, "\(name): \(stored)")
            #expect(stored.last?["c_meta"] == ["c_level": 1, "c_note": "n"], "\(name): \(stored)")
            #expect(stored.last?["c_steps"]?[0]?["c_done"] == false, "\(name): \(stored)")
            #expect(stored.last?["c_steps"]?[1]?["c_done"] == true, "\(name): \(stored)")
            // A UUID the server generates, a new one for each create and each element, the same in every run.
            let keys = [stored.first?["c_key"], stored.last?["c_key"], stored.last?["c_steps"]?[1]?["c_key"]]
            #expect(keys.compactMap { $0?.stringValue }.count == 3 && Set(keys).count == 3, "\(name): \(keys)")
            #expect(stored.first?["c_key"] == "00000000-0000-4000-8000-000000000001", "\(name): \(keys)")
        }
        // A Parse class's `defaultValue`, which parse-server writes on create.
        let parse = InMemoryBackend(.parse)
        await parse.register(GameScore.Create.self)
        var unscored = GameScore.Create()
        unscored.playerName = "Sean"
        var scored = unscored
        scored.points = 7
        var answers: [JSONValue] = []
        for create in [unscored, scored] {
            answers.append(try await parse.answer(create.rendered(for: ParseDialect())).1)
        }
        #expect(await parse.documents(in: "GameScore").map { $0["points"] } == [0, 7])
        // parse-server answers a create with the defaults it gave, as fields the server changed.
        #expect(answers[0]["points"] == 0 && answers[1]["points"] == nil, "\(answers)")
    }

    /// With `generate: [testing]`, each `Create` lists the members a create must send, and a backend given it
    /// refuses a create without one in its own shape: Cortex's validation fault, the CRUD service's schema error,
    /// parse-server's 111 (`SchemaController.validateRequiredColumns`).
    @Test func aCreateWithoutARequiredMemberIsRefused() async throws {
        #expect(Item.Create.requiredMembers == ["c_name"])
        let cases: [(InMemoryDialect, String, (JSONValue) -> Bool)] = [
            (.cortex, "/c_items", { $0["code"] == "kValidationError" && $0["faults"]?[0]?["path"] == "c_item.c_name" }),
            (.mia, "/c_items/", { $0["message"] == "body must have required property 'c_name'" }),
            (.parse, "/classes/c_items", { $0["code"] == 111 && $0["error"] == "c_name is required." }),
        ]
        for (dialect, path, isRefusal) in cases {
            let backend = InMemoryBackend(dialect)
            await backend.register(Item.Create.self)
            var (status, answer) = try await backend.answer(
                RenderedRequest(method: "POST", path: path, body: .object([("c_count", .int(1))]))
            )
            #expect(status == 400 && isRefusal(answer), "\(path): \(answer)")
            #expect(await backend.documents(in: "c_items").isEmpty)
            // Item reads `_id`, which a Parse object doesn't have: only Cortex and Mia-Platform can store one.
            guard path != "/classes/c_items" else { continue }
            (status, answer) = try await backend.answer(
                RenderedRequest(method: "POST", path: path, body: .object([("c_name", .string("named"))]))
            )
            #expect(status == 200, "\(path): \(answer)")
        }
    }

    /// Whichever backend refuses a create without a required member, the client's refusal names the member.
    @Test func theRefusalOfACreateWithoutARequiredMemberNamesIt() async throws {
        for (dialect, path) in [
            (InMemoryDialect.cortex, "/c_items"), (.mia, "/c_items/"), (.parse, "/classes/c_items"),
        ] {
            let backend = InMemoryBackend(dialect)
            await backend.register(Item.Create.self)
            let error = await #expect(throws: ModelClientError.self) {
                _ = try await backend.client().post(["c_count": 1] as JSONValue, to: path, answer: JSONValue.self)
            }
            #expect(error?.refusal == .validation(fields: ["c_name"]), "\(path): \(String(describing: error))")
        }
    }

    /// A Parse create's operations become the values they make on a new object, as parse-server flattens them.
    @Test func aParseCreatesOperationsAreItsValues() async throws {
        let backend = InMemoryBackend(.parse)
        let (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "POST",
                path: "/classes/GameScore",
                body: .object([
                    (
                        "skills",
                        .object([("__op", .string("AddUnique")), ("objects", .array([.string("a"), .string("a")]))])
                    ),
                    ("points", .object([("__op", .string("Increment")), ("amount", .int(3))])),
                    ("gone", .object([("__op", .string("Delete"))])),
                ])
            )
        )
        #expect(status == 201, "\(answer)")
        let stored = try #require(await backend.documents(in: "GameScore").first)
        // parse-server's flattenUpdateOperatorsForCreate takes an AddUnique's objects as they are.
        #expect(stored["skills"] == ["a", "a"] && stored["points"] == 3 && stored["gone"] == nil)
    }

    /// `$gte` and `$lte` of null select null and missing values, as `$eq` does; `$gt` and `$lt` of null nothing.
    @Test func comparisonsWithNullSelectAsMongoDBDoes() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(
            [["c_name": "a", "c_count": nil], ["c_name": "b"], ["c_name": "c", "c_count": 1]],
            into: "c_items"
        )
        for (condition, expected) in [("$gte", ["a", "b"]), ("$lte", ["a", "b"]), ("$gt", []), ("$lt", [])] {
            let (_, answer) = try await backend.answer(
                RenderedRequest(
                    path: "/c_items/",
                    queryItems: [URLQueryItem(name: "_q", value: #"{"c_count":{"\#(condition)":null}}"#)]
                )
            )
            #expect(answer.arrayValue?.compactMap { $0["c_name"]?.stringValue } == expected, "\(condition)")
        }
    }

    /// Parse's `$containedBy` is what parse-server makes of it (`$nor` of an `$elemMatch` `$nin`): no element outside
    /// the list, so a missing field and a value that is no array match too.
    @Test func parseContainedByMatchesWhatParseServerMakesOfIt() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [
                ["objectId": "a", "tags": ["red"]], ["objectId": "b", "tags": ["red", "blue"]], ["objectId": "c"],
                ["objectId": "d", "tags": "green"], ["objectId": "e", "tags": []],
            ],
            into: "Thing"
        )
        let (_, answer) = try await backend.answer(
            RenderedRequest(
                path: "/classes/Thing",
                queryItems: [URLQueryItem(name: "where", value: #"{"tags":{"$containedBy":["red"]}}"#)]
            )
        )
        #expect(answer["results"]?.arrayValue?.compactMap { $0["objectId"]?.stringValue } == ["a", "c", "d", "e"])
    }
}

/// Numbers past 2^53, which each server (Node.js, whose `JSON.parse` reads every number into a double) stores,
/// compares and answers as the nearest double, and the in-memory backends kept exact.
@Suite struct InMemoryBackendJavaScriptNumberTests {
    static let exact = "9007199254740993"  // 2^53 + 1: no double holds it
    static let rounded: JSONValue = .int(9_007_199_254_740_992)  // 2^53, the nearest double (ties to even)

    /// Sends `method path` with `body` written as it is, and returns the status and the answer.
    private func send(
        _ backend: InMemoryBackend,
        _ method: String,
        _ path: String,
        _ body: String? = nil
    ) async throws -> (status: Int, body: JSONValue) {
        var request = URLRequest(url: URL(string: backend.baseURL.absoluteString + path)!)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await backend.send(request)
        return (response.statusCode, data.isEmpty ? .null : try JSONValue(parsing: data))
    }

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    @Test(arguments: [
        (InMemoryDialect.cortex, "/c_items", "/c_items?where="),
        (.mia(defaultState: .public), "/c_items/", "/c_items/?_q="),
        (.parse, "/classes/c_items", "/classes/c_items?where="),
    ])
    func aNumberPastTwoToTheFiftyThirdIsTheNearestDouble(
        dialect: InMemoryDialect,
        collection: String,
        filtered: String
    ) async throws {
        let backend = InMemoryBackend(dialect)
        let body = """
            {"c_name": "written", "c_big": \(Self.exact), "c_safe": 9007199254740991, "c_list": [-\(Self.exact)],
             "c_nested": {"c_huge": 123456789012345678901234567890}, "c_max": 9223372036854775807,
             "c_2_60": 1152921504606846977, "c_1e19": 1e19}
            """
        let (status, _) = try await send(backend, "POST", collection, body)
        #expect((200..<300).contains(status))
        let stored = try #require(await backend.documents(in: "c_items").first)
        #expect(stored["c_big"] == Self.rounded)
        #expect(stored["c_safe"] == .int(9_007_199_254_740_991), "2^53 - 1 is a double's integer")
        #expect(stored["c_list"] == [.int(-9_007_199_254_740_992)])
        #expect(stored["c_nested"]?["c_huge"] == .double(1.2345678901234568e29))
        #expect(stored["c_max"] == .bigInteger("9223372036854776000"), "2^63 as JavaScript writes it; no Int holds it")
        // 2^60, as JavaScript writes it: its shortest digits, then zeros.
        #expect(stored["c_2_60"] == .int(1_152_921_504_606_847_000))
        #expect(stored["c_1e19"] == .bigInteger("10000000000000000000"), "a whole double past Int, as digits")

        // A seeded document is read as the server reads what its database holds; a filter's number as it parses it.
        try await backend.insert([["c_name": "seeded", "c_big": .bigInteger("9007199254740995")]], into: "c_items")
        let seeded = try #require(await backend.documents(in: "c_items").last)
        #expect(seeded["c_big"] == .int(9_007_199_254_740_996))
        let (found, answer) = try await send(backend, "GET", filtered + Self.encoded("{\"c_big\":\(Self.exact)}"))
        #expect(found == 200)
        let names = (answer["data"] ?? answer["results"] ?? answer)?.arrayValue?.compactMap { $0["c_name"] }
        #expect(names == ["written"], "\(answer)")
    }

    /// MongoDB adds and multiplies the doubles Node.js stored: past 2^53 a step of 1 is lost.
    @Test func arithmeticPastTwoToTheFiftyThirdIsADoubles() async throws {
        let mia = InMemoryBackend(.mia)
        try await mia.insert([["_id": "660000000000000000000001", "c_count": Self.rounded]], into: "c_items")
        let (status, answer) = try await send(
            mia,
            "PATCH",
            "/c_items/660000000000000000000001",
            #"{"$inc": {"c_count": 1}}"#
        )
        #expect(status == 200, "\(answer)")
        #expect(await mia.documents(in: "c_items").first?["c_count"] == Self.rounded)
        // 2^60 + 1 is held as JavaScript writes 2^60 (`…847000`, 24 past it); 110 more is still 2^60 to the doubles.
        try await mia.insert(
            [["_id": "660000000000000000000002", "c_count": 1_152_921_504_606_846_977]],
            into: "c_items"
        )
        _ = try await send(mia, "PATCH", "/c_items/660000000000000000000002", #"{"$inc": {"c_count": 110}}"#)
        #expect(await mia.documents(in: "c_items").last?["c_count"] == .int(1_152_921_504_606_847_000))
        // Times zero, and back under 2^53 from past it: whole numbers, as JavaScript writes them (not `0.0`).
        _ = try await send(mia, "PATCH", "/c_items/660000000000000000000002", #"{"$mul": {"c_count": 0}}"#)
        #expect(await mia.documents(in: "c_items").last?["c_count"] == .int(0))
        try await mia.insert(
            [["_id": "660000000000000000000003", "c_count": 1_152_921_504_606_846_977]],
            into: "c_items"
        )
        _ = try await send(
            mia,
            "PATCH",
            "/c_items/660000000000000000000003",
            #"{"$inc": {"c_count": -1152921504606846000}}"#
        )
        #expect(await mia.documents(in: "c_items").last?["c_count"] == .int(1024), "2^60 less the double nearest")

        let parse = InMemoryBackend(.parse)
        try await parse.insert([["objectId": "item000001", "c_count": Self.rounded]], into: "c_items")
        let (updated, body) = try await send(
            parse,
            "PUT",
            "/classes/c_items/item000001",
            #"{"c_count": {"__op": "Increment", "amount": 3}}"#
        )
        #expect(updated == 200, "\(body)")
        #expect(body["c_count"] == .int(9_007_199_254_740_996), "2^53 + 3 rounds to even")
    }
}
