import Foundation
import GoldenCortexExport
import GoldenQueries
import GoldenRealCortex
import GoldenRealMia
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// ModelClient against ModelRuntimeTesting's in-memory backends: each dialect's round trip, its update operations,
// states, bulk calls, batches, refusals and scripted faults, and answers compared with real answers of each backend
// (Fixtures/Real, sources in its SOURCES.md).

@Suite struct InMemoryBackendTests {
    private static func paths(_ backend: InMemoryBackend, method: String? = nil) async -> [String] {
        await backend.requests.filter { method == nil || $0.method == method }.map(\.path)
    }

    // MARK: One scenario per dialect

    @Test(arguments: ["cortex", "mia"])
    func itemScenario(_ name: String) async throws {
        let backend = InMemoryBackend(name == "cortex" ? .cortex : .mia(defaultState: .public))
        let client = backend.client()

        // Create five items.
        var created: [Item] = []
        for index in 1...5 {
            var body = Item.Create(name: "item \(index)")
            body.count = index
            body.tags = ["t\(index)"]
            created.append(try await client.create(body))
        }
        #expect(created.map(\.name) == (1...5).map { "item \($0)" })
        #expect(created.map(\.count) == (1...5).map { $0 })
        var state = await backend.documents(in: "c_items")
        #expect(state.count == 5)
        #expect(state.map { $0["c_name"]?.stringValue } == created.map(\.name))
        #expect(state.map { $0["_id"]?.stringValue } == created.map(\.id.description))

        // List with a filter.
        let page = try await client.list(Item.query.where { $0.count.gte(3) }.where { $0.count.lt(5) })
        #expect(page.items.map(\.name) == ["item 3", "item 4"])
        #expect(page.hasMore == false)
        #expect(page.skip == 0)
        #expect(try await client.count(Item.query.where { $0.count.gt(1) }) == 4)

        // Page through all of them, two at a time.
        var all: [Item] = []
        for try await item in client.all(Item.query.sort { $0.count.ascending }, pageSize: 2) { all.append(item) }
        #expect(all.map(\.name) == (1...5).map { "item \($0)" })
        let lists = await Self.paths(backend, method: "GET").filter { $0.hasPrefix("/c_items") }
        #expect(lists.count >= 3, "\(lists)")

        // Update: rename one, clear its tags, read it back.
        var patch = Item.Patch()
        patch.name = .set("renamed")
        patch.tags = .null
        let updated = try await client.update(created[1].id, patch)
        #expect(updated.name == "renamed")
        #expect(updated.tags == nil)
        #expect(updated.count == 2)
        state = await backend.documents(in: "c_items")
        let stored = try #require(state.first { $0["_id"]?.stringValue == created[1].id.description })
        #expect(stored["c_name"]?.stringValue == "renamed")
        #expect(stored["c_tags"] == nil)
        let read = try await client.get(Item.self, id: created[1].id)
        #expect(read == updated)

        // Delete one.
        try await client.delete(Item.self, id: created[0].id)
        state = await backend.documents(in: "c_items")
        #expect(state.map { $0["c_name"]?.stringValue } == ["renamed", "item 3", "item 4", "item 5"])
        #expect(try await client.count(Item.query) == 4)

        // Paging stops on cortex's `hasMore: false`; mia has no such flag and needs an empty page to know.
        let before = await backend.requests.count
        var remaining: [String] = []
        for try await item in client.all(Item.query, pageSize: 2) { remaining.append(item.name ?? "") }
        #expect(remaining == ["renamed", "item 3", "item 4", "item 5"])
        let pages = await backend.requests.dropFirst(before)
        #expect(pages.count == (name == "cortex" ? 2 : 3), "\(pages)")

        // A read with a projection sends it, and gets only what it names (and the id).
        let projected = try await client.get(
            Item.self,
            id: created[1].id,
            query: Item.query.paths { [$0.name, $0.count] }
        )
        #expect(projected.name == "renamed" && projected.count == 2 && projected.tags == nil)
        let projection = try #require(await backend.requests.last)
        let named = projection.queryItems.filter { $0.name == (name == "cortex" ? "paths[]" : "_p") }.map(\.value)
        #expect(named == (name == "cortex" ? ["c_name", "c_count"] : ["c_name,c_count"]), "\(projection)")
    }

    @Test func gameScoreScenarioInParse() async throws {
        let backend = InMemoryBackend(.parse)
        let client = backend.client()
        for (index, player) in ["ann", "bob", "cy", "di"].enumerated() {
            var body = GameScore.Create()
            body.points = (index + 1) * 10
            body.playerName = player
            let created = try await client.create(body)
            #expect(created.points == (index + 1) * 10)
            #expect(created.playerName == player)
        }
        var state = await backend.documents(in: "GameScore")
        #expect(state.map { $0["playerName"]?.stringValue } == ["ann", "bob", "cy", "di"])
        let ids = try state.map { try #require($0["objectId"]?.stringValue) }

        let page = try await client.list(GameScore.query.where { $0.points.gt(15) }.where { $0.points.lte(30) })
        #expect(page.items.map(\.playerName) == ["bob", "cy"])
        #expect(try await client.count(GameScore.query.where { $0.points.gte(20) }) == 3)

        var all: [GameScore] = []
        for try await score in client.all(GameScore.query.sort { $0.points.descending }, pageSize: 3) {
            all.append(score)
        }
        #expect(all.map(\.playerName) == ["di", "cy", "bob", "ann"])

        var patch = GameScore.Patch()
        patch.points.increment(by: 5)
        patch.playerName = .null
        let updated = try await client.update(ids[2], patch)
        #expect(updated.points == 35)
        #expect(updated.playerName == nil)
        state = await backend.documents(in: "GameScore")
        #expect(state[2]["points"]?.intValue == 35)
        #expect(state[2]["playerName"] == nil)
        #expect(try await client.get(GameScore.self, id: ids[2]) == updated)

        try await client.delete(GameScore.self, id: ids[0])
        state = await backend.documents(in: "GameScore")
        #expect(state.compactMap { $0["objectId"]?.stringValue } == Array(ids.dropFirst()))
    }

    /// MongoDB sorts an empty array below `null` and a missing field: first when ascending, last when descending (an
    /// array otherwise by its smallest element ascending, its largest descending). The backends sorted it as `null`,
    /// tied with a missing field. Typed queries don't sort by arrays; a request an app builds itself can.
    @Test func anEmptyArraySortsBelowAMissingValue() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        let documents: [JSONValue] = [
            ["_id": "5f0000000000000000000001", "c_name": "missing"],
            ["_id": "5f0000000000000000000002", "c_name": "empty", "c_tags": []],
            ["_id": "5f0000000000000000000003", "c_name": "a and b", "c_tags": ["a", "b"]],
            ["_id": "5f0000000000000000000004", "c_name": "c", "c_tags": ["c"]],
        ]
        try await backend.insert(documents, into: "c_items")
        func names(sortedBy sort: String) async throws -> [String?] {
            let url = try #require(URL(string: backend.baseURL.absoluteString + "/c_items/?_s=" + sort))
            let (data, _) = try await backend.send(URLRequest(url: url))
            return try JSONValue(parsing: data).arrayValue?.map { $0["c_name"]?.stringValue } ?? []
        }
        #expect(try await names(sortedBy: "c_tags") == ["empty", "missing", "a and b", "c"])
        #expect(try await names(sortedBy: "-c_tags") == ["c", "a and b", "missing", "empty"])
    }

    /// `{"a.b": null}` matches, as MongoDB reads it, a document without `a`, an `a` that is neither a document nor
    /// an array, a document `a` without `b` (or a null `b`), and an array `a` with a document element without `b`
    /// (or a null one), whatever its other elements; not an empty array, nor one of values that are no documents.
    /// `$ne: null` matches the others. The rule is MongoDB's own test of it, `jstests/core/null_query_semantics.js`
    /// in mongodb/mongo ("The semantics here are to return those documents which have one of the following
    /// properties"); the manual's "Query for Null or Missing Fields"
    /// (https://www.mongodb.com/docs/manual/tutorial/query-for-null-fields/) gives the rule for a field that isn't
    /// in an array. The backends matched a document element without `b` only when no element had one, and took an
    /// empty array or one of values as missing.
    @Test func aMissingMemberInAnArrayOfDocumentsIsNull() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        let documents: [JSONValue] = [
            ["c_name": "no parts"], ["c_name": "empty", "c_parts": []], ["c_name": "values", "c_parts": [1, 2]],
            ["c_name": "one unlabelled", "c_parts": [["c_label": "x"], ["c_count": 1]]],
            ["c_name": "labelled", "c_parts": [["c_label": "x"]]], ["c_name": "a number", "c_parts": 4],
            ["c_name": "a null label", "c_parts": [["c_label": "y"], ["c_label": .null]]],
        ]
        try await backend.insert(documents, into: "c_items")
        func names(_ filter: String) async throws -> [String] {
            var components = try #require(URLComponents(string: backend.baseURL.absoluteString + "/c_items/"))
            components.queryItems = [URLQueryItem(name: "_q", value: filter)]
            let (data, _) = try await backend.send(URLRequest(url: try #require(components.url)))
            return try JSONValue(parsing: data).arrayValue?.compactMap { $0["c_name"]?.stringValue } ?? []
        }
        let null = ["no parts", "one unlabelled", "a number", "a null label"]
        #expect(try await names(#"{"c_parts.c_label":null}"#) == null)
        #expect(try await names(#"{"c_parts.c_label":{"$in":[null,"z"]}}"#) == null)
        #expect(try await names(#"{"c_parts.c_label":{"$ne":null}}"#) == ["empty", "values", "labelled"])
        #expect(try await names(#"{"c_parts.0":null}"#) == ["no parts", "a number"])
    }

    /// A sort by a path through arrays of documents sorts by the smallest key ascending and the largest descending,
    /// a document element without the rest of the path, or an empty array on the way, giving a null key, and an empty
    /// array at the end of the path a key below null. The documents and orders are MongoDB's own test of it,
    /// `jstests/core/query/sort/sort_dotted_paths.js` in mongodb/mongo ("Basic tests for a sort pattern that contains
    /// a path of length 2", "… of length 3"). The backends sorted an element without the member as if it weren't
    /// there, and an empty array beside other values as nothing.
    @Test func aMissingMemberInAnArrayOfDocumentsSortsAsNull() async throws {
        func names(_ documents: [JSONValue], _ sort: String) async throws -> [Int] {
            let backend = InMemoryBackend(.mia(defaultState: .public))
            let identified = documents.enumerated().map { index, document -> JSONValue in
                var members = document.objectValue ?? [:]
                members["_id"] = .string("5f000000000000000000000\(index + 1)")
                return .object(members)
            }
            try await backend.insert(identified, into: "c_items")
            let url = try #require(URL(string: backend.baseURL.absoluteString + "/c_items/?_s=" + sort))
            let (data, _) = try await backend.send(URLRequest(url: url))
            return try JSONValue(parsing: data).arrayValue?.compactMap {
                $0["_id"]?.stringValue?.last?.wholeNumberValue
            } ?? []
        }
        let twoLevels: [JSONValue] = [
            ["a": ["b": 2]], ["a": ["b": []]], ["a": ["b": [2, 3]]], ["a": ["c": 1]], ["a": []],
            ["a": [["b": [5]]]], ["a": [["b": [4, 5]], ["b": 7]]], ["a": [["b": [1, 3]], ["b": [2, 5]]]],
            ["a": [["b": []], ["b": [1, 3]]]],
        ]
        #expect(try await names(twoLevels, "a.b,_id") == [2, 9, 4, 5, 8, 1, 3, 7, 6])
        #expect(try await names(twoLevels, "a.b,-_id") == [9, 2, 5, 4, 8, 3, 1, 7, 6])
        #expect(try await names(twoLevels, "-a.b,_id") == [7, 6, 8, 3, 9, 1, 4, 5, 2])
        #expect(try await names(twoLevels, "-a.b,-_id") == [7, 8, 6, 9, 3, 1, 5, 4, 2])
        let threeLevels: [JSONValue] = [
            ["a": ["b": ["c": 2]]], ["a": ["b": ["c": []]]], ["a": [["b": []], ["b": ["c": []]]]],
            ["a": [["b": ["c": 1]]]], ["a": ["b": [["c": 3], ["d": 1]]]], ["a": ["b": [["c": [5]]]]], ["a": []],
            ["a": ["b": [["c": [1, 3]], ["c": [2, 5]]]]], ["a": [["b": [["c": []], ["c": [1, 3]]]]]],
        ]
        #expect(try await names(threeLevels, "a.b.c,_id") == [2, 3, 9, 5, 7, 4, 8, 1, 6])
        #expect(try await names(threeLevels, "a.b.c,-_id") == [9, 3, 2, 7, 5, 8, 4, 1, 6])
        #expect(try await names(threeLevels, "-a.b.c,_id") == [6, 8, 5, 9, 1, 4, 3, 7, 2])
        #expect(try await names(threeLevels, "-a.b.c,-_id") == [8, 6, 9, 5, 1, 4, 7, 3, 2])
    }

    /// A case-insensitive `$regex` folds case as MongoDB's PCRE does, by Unicode's simple case folding, one character
    /// to one: `ß` matches `ß` and not `SS` or `ss`, nor `ss` `ß`, and a Greek sigma matches its other forms
    /// (MongoDB's `$regex` reference, https://www.mongodb.com/docs/manual/reference/operator/query/regex/: "MongoDB
    /// uses Perl compatible regular expressions (i.e. "PCRE") with UTF-8 support"; pcre2unicode(3), "UNICODE
    /// CASE-EQUIVALENCE": characters with more than two case-equivalent forms, and no multi-character foldings).
    /// The backends' `NSRegularExpression` (ICU) folded a literal fully, so that `straße` matched `STRASSE`. The
    /// option `i`, and `(?i)` in the pattern, are read alike; classes, escapes and groups keep their meaning.
    @Test func caseInsensitiveRegexFoldsAsPCREDoes() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        let documents: [JSONValue] = ["STRASSE", "straße", "Strasse", "ΟΔΟΣ", "οδος", "οδοσ", "a.b", "axb"]
            .map { ["c_name": .string($0)] }
        try await backend.insert(documents, into: "c_items")
        func names(_ pattern: String, _ options: String = "i") async throws -> [String] {
            let filter = try JSONEncoder().encode(["c_name": ["$regex": pattern, "$options": options]])
            var components = try #require(URLComponents(string: backend.baseURL.absoluteString + "/c_items/"))
            components.queryItems = [URLQueryItem(name: "_q", value: String(decoding: filter, as: UTF8.self))]
            let (data, _) = try await backend.send(URLRequest(url: try #require(components.url)))
            return try JSONValue(parsing: data).arrayValue?.compactMap { $0["c_name"]?.stringValue } ?? []
        }
        #expect(try await names("^straße$") == ["straße"])
        #expect(try await names("^strasse$") == ["STRASSE", "Strasse"])
        #expect(try await names("(?i)^STRA(?<double>SS)E$", "") == ["STRASSE", "Strasse"])
        #expect(try await names("^οδος$") == ["ΟΔΟΣ", "οδος", "οδοσ"])
        #expect(try await names(#"^\w{3}a\Qß\E"#) == ["straße"])
        #expect(try await names(#"^a\Q.\Eb$"#) == ["a.b"])
        #expect(try await names("^A.B$") == ["a.b", "axb"])
    }

    /// A Parse `Increment` or `Add` is a `PUT`, but not one that may be sent twice: when the server applied it and
    /// the answer was lost, the client doesn't send it again (it used to, and the score went up twice). A `PUT` that
    /// only sets values is still retried.
    @Test func aParseIncrementWhoseAnswerIsLostIsNotSentAgain() async throws {
        let backend = InMemoryBackend(.parse)
        var body = GameScore.Create()
        body.points = 10
        _ = try await backend.client().create(body)
        let id = try #require(await backend.documents(in: "GameScore")[0]["objectId"]?.stringValue)
        let lossy = AnswerLosingTransport(base: backend)
        let client = ModelClient(
            baseURL: backend.baseURL,
            dialect: ParseDialect(),
            transport: lossy,
            retry: try RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(1), multiplier: 1)
        )
        var increment = GameScore.Patch()
        increment.points.increment(by: 1)
        await #expect(throws: ModelClientError.self) { try await client.update(id, increment) }
        #expect(lossy.sent == 1)
        #expect(await backend.documents(in: "GameScore")[0]["points"]?.intValue == 11)

        var set = GameScore.Patch()
        set.points = .set(20)
        lossy.loseNextPut()
        #expect(try await client.update(id, set).points == 20)
        #expect(lossy.sent == 4, "the set's first PUT lost its answer, the second's came back, then the read")
    }

    // MARK: Mia-Platform states and bulk calls

    @Test func miaCreateInACollectionThatMakesDraftsReturnsTheDraft() async throws {
        let backend = InMemoryBackend(.mia)
        let client = backend.client()
        var body = Item.Create(name: "draft")
        body.count = 7
        let created = try await client.create(body)
        #expect(created.name == "draft")
        #expect(created.count == 7)
        let stored = await backend.documents(in: "c_items")
        #expect(stored.map { $0["__STATE__"] } == ["DRAFT"])
        #expect(stored.first?["_id"]?.stringValue == created.id.description)
        // The read-back asked for every state; a plain read finds only PUBLIC documents.
        #expect(await backend.requests.last?.queryItem("_st") == "PUBLIC,DRAFT,TRASH,DELETED")
        let hidden = await #expect(throws: ModelClientError.self) {
            _ = try await client.get(Item.self, id: created.id)
        }
        #expect(hidden?.refusal == .notFound)
    }

    @Test func miaStatesBulkCallsAndStateChanges() async throws {
        let backend = InMemoryBackend(.mia)
        let client = backend.client()
        let ids = try await client.createAll(["a", "b", "c"].map { Item.Create(name: $0) })
        #expect(ids.count == 3)
        var stored = await backend.documents(in: "c_items")
        #expect(stored.map { $0["_id"]?.stringValue } == ids)
        #expect(stored.allSatisfy { $0["__STATE__"] == "DRAFT" })

        // Drafts are seen only when asked for.
        #expect(try await client.list(Item.query).items.isEmpty)
        #expect(try await client.list(Item.query.states(.draft)).items.map(\.name) == ["a", "b", "c"])
        #expect(try await client.count(Item.query.states(.draft, .public)) == 3)
        let draft = try await client.get(Item.self, id: ids[0], states: [.draft])
        #expect(draft.name == "a")
        let hidden = await #expect(throws: ModelClientError.self) { _ = try await client.get(Item.self, id: draft.id) }
        #expect(hidden?.refusal == .notFound)

        // A state change publishes one.
        try await client.setState(Item.self, id: draft.id, to: .public)
        #expect(try await client.get(Item.self, id: draft.id).name == "a")
        #expect(await Self.paths(backend, method: "POST").contains("/c_items/\(ids[0])/state"))

        // Update and delete by id, among drafts.
        var rename = Item.Patch()
        rename.name = .set("b2")
        #expect(try await client.update(ids[1], rename, states: [.draft]).name == "b2")

        // Patch and delete by query.
        var nine = Item.Patch()
        nine.count = .set(9)
        #expect(try await client.updateAll(Item.query.states(.draft), nine) == 2)
        stored = await backend.documents(in: "c_items")
        #expect(stored.map { $0["c_count"] } == [nil, 9, 9])
        #expect(try await client.deleteAll(Item.query.states(.draft).where { $0.name.eq("c") }) == 1)
        try await client.delete(Item.self, id: ids[1], states: [.draft])
        stored = await backend.documents(in: "c_items")
        #expect(stored.map { $0["c_name"] } == ["a"])

        // Other dialects have no states.
        let cortex = InMemoryBackend(.cortex).client()
        await #expect(throws: ModelClientError.self) { try await cortex.setState(Item.self, id: draft.id, to: .public) }
    }

    @Test func allSortsByIdLastSoThatPagesNeitherSkipNorRepeat() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        let client = backend.client()
        for index in 0..<5 {
            var body = Item.Create(name: "same")
            body.count = index % 2
            _ = try await client.create(body)
        }
        var seen: [Item] = []
        for try await item in client.all(Item.query.sort { $0.count.ascending }, pageSize: 2) { seen.append(item) }
        #expect(Set(seen.map(\.id)).count == 5)
        #expect(seen.map(\.count) == [0, 0, 0, 1, 1])
        let sorts = await backend.requests.compactMap { $0.queryItem("_s") }
        #expect(sorts == ["c_count,_id", "c_count,_id", "c_count,_id"])
    }

    /// Cortex and Mia-Platform's CRUD service read a path's id as an ObjectId, in either case: an id in capitals
    /// reads, updates and deletes the instance whose id is in lowercase. Parse's objectIds are case-sensitive.
    @Test(arguments: ["cortex", "mia"])
    func anObjectIdInCapitalsNamesTheSameInstance(_ name: String) async throws {
        let letters = IDGenerator { String(format: "%024lx", 0xabc_def_000 + $0) }
        let backend = InMemoryBackend(name == "cortex" ? .cortex : .mia(defaultState: .public), ids: letters)
        let created = try await backend.client().create(Item.Create(name: "first"))
        let path = "/c_items/\(created.id.description.uppercased())"
        #expect(path != "/c_items/\(created.id)")
        let read = try await backend.answer(RenderedRequest(path: path))
        #expect(read.status == 200 && read.body["_id"]?.stringValue == created.id.description, "\(read)")
        let newName: QueryJSON = .object([("c_name", .string("second"))])
        let rename: QueryJSON = name == "cortex" ? newName : .object([("$set", newName)])
        let method = name == "cortex" ? "PUT" : "PATCH"
        let renamed = try await backend.answer(RenderedRequest(method: method, path: path, body: rename))
        #expect(renamed.body["c_name"]?.stringValue == "second", "\(renamed)")
        #expect(try await backend.answer(RenderedRequest(method: "DELETE", path: path)).status < 300)
        #expect(await backend.documents(in: "c_items").isEmpty)
    }

    /// An id stored in capitals (seeded from JSON) is found by its id in either case.
    @Test(arguments: ["cortex", "mia"])
    func anObjectIdStoredInCapitalsIsFoundInEitherCase(_ name: String) async throws {
        let backend = InMemoryBackend(name == "cortex" ? .cortex : .mia(defaultState: .public))
        try await backend.insert([["_id": "ABCDEF000000000000000001", "c_name": "first"]], into: "c_items")
        for id in ["ABCDEF000000000000000001", "abcdef000000000000000001"] {
            let read = try await backend.answer(RenderedRequest(path: "/c_items/\(id)"))
            #expect(read.status == 200 && read.body["c_name"]?.stringValue == "first", "\(id): \(read)")
        }
    }

    /// A filter's `_id` is an ObjectId too, the document's own, a reference's (Cortex matches a reference by its id)
    /// and a document element's: in either case it selects the document stored in either case, and it compares and
    /// sorts as the ObjectId does (as strings, `ABCDEF…2` sorts before `abcdef…1`). Other strings keep their case.
    @Test(arguments: ["cortex", "mia"])
    func anObjectIdInAFilterOrASortIsTheSameInEitherCase(_ name: String) async throws {
        let backend = InMemoryBackend(name == "cortex" ? .cortex : .mia(defaultState: .public))
        try await backend.insert(
            [
                [
                    "_id": "abcdef000000000000000001", "c_name": "first",
                    "c_owner": ["_id": "ABCDEF0000000000000000AA", "object": "account"],
                    "c_parts": [["_id": "ABCDEF0000000000000000B1", "c_label": "x"]],
                ],
                ["_id": "ABCDEF000000000000000002", "c_name": "second"],
            ],
            into: "c_items"
        )
        let (path, filterItem) = name == "cortex" ? ("/c_items", "where") : ("/c_items/", "_q")
        func names(_ items: [URLQueryItem]) async throws -> [String] {
            let (status, answer) = try await backend.answer(RenderedRequest(path: path, queryItems: items))
            #expect(status == 200, "\(items): \(answer)")
            let found = (name == "cortex" ? answer["data"] : answer)?.arrayValue ?? []
            return found.compactMap { $0["c_name"]?.stringValue }
        }
        var filters: [(String, [String])] = [
            (#"{"_id":"ABCDEF000000000000000001"}"#, ["first"]),
            (#"{"_id":"abcdef000000000000000002"}"#, ["second"]),
            (#"{"_id":{"$in":["abcdef000000000000000002","ABCDEF000000000000000001"]}}"#, ["first", "second"]),
            (#"{"_id":{"$ne":"ABCDEF000000000000000001"}}"#, ["second"]),
            (#"{"_id":{"$gt":"abcdef000000000000000001"}}"#, ["second"]),
            (#"{"_id":{"$nin":["abcdef000000000000000002"]}}"#, ["first"]),
            (#"{"c_owner._id":"abcdef0000000000000000aa"}"#, ["first"]),
            (#"{"c_parts._id":{"$eq":"abcdef0000000000000000b1"}}"#, ["first"]),
            (#"{"c_name":"FIRST"}"#, []),
        ]
        if name == "cortex" { filters.append((#"{"c_owner":"abcdef0000000000000000aa"}"#, ["first"])) }
        for (filter, expected) in filters {
            let found = try await names([URLQueryItem(name: filterItem, value: filter)])
            #expect(found.sorted() == expected, "\(filter)")
        }
        for (ascending, expected) in [(true, ["first", "second"]), (false, ["second", "first"])] {
            let sort =
                name == "cortex"
                ? URLQueryItem(name: "sort", value: ascending ? #"{"_id":1}"# : #"{"_id":-1}"#)
                : URLQueryItem(name: "_s", value: ascending ? "_id" : "-_id")
            #expect(try await names([sort]) == expected, "\(sort)")
        }
    }

    @Test func aParseObjectIdInAFilterIsCaseSensitive() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert([["objectId": "aBc123", "name": "first"]], into: "Thing")
        for (id, expected) in [("aBc123", ["first"]), ("ABC123", []), ("abc123", [])] {
            let (_, answer) = try await backend.answer(
                RenderedRequest(
                    path: "/classes/Thing",
                    queryItems: [URLQueryItem(name: "where", value: #"{"objectId":"\#(id)"}"#)]
                )
            )
            #expect(answer["results"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == expected, "\(id)")
        }
    }

    /// Each variant's `Create` says what a create of that variant must send: a create of one variant is checked
    /// against its own members, not those of the variant registered last. The file properties are the object's.
    @Test func eachVariantOfATypedObjectIsCheckedAgainstItsOwnCreate() async throws {
        let backend = InMemoryBackend(.cortex)
        await backend.register(Note.Photo.Create.self)
        await backend.register(Note.Text.Create.self)
        let client = backend.client()
        var photo = Note.Photo.Create(caption: "a cat")
        photo.picture = FileUpload(facets: ["content": .init(data: Data([1, 2, 3]), mime: "image/png")])
        guard case .photo(let created) = try await client.create(photo) else {
            Issue.record("a photo note came back as another variant")
            return
        }
        #expect(created.picture?.content?.state == .pending)
        _ = try await client.create(Note.Text.Create(body: "hello"))
        let withoutBody = try await backend.answer(
            RenderedRequest(
                method: "POST",
                path: "/c_notes",
                body: .object([("type", .string("c_text")), ("c_caption", .string("no body"))])
            )
        )
        #expect(withoutBody.status == 400, "\(withoutBody)")
        #expect(withoutBody.body["faults"]?[0]?["path"]?.stringValue == "c_note.c_body", "\(withoutBody)")
    }

    @Test func aParseObjectIdInCapitalsIsAnotherObject() async throws {
        let backend = InMemoryBackend(.parse)
        var body = GameScore.Create()
        body.points = 1
        _ = try await backend.client().create(body)
        let id = try #require(await backend.documents(in: "GameScore").first?["objectId"]?.stringValue)
        #expect(id.uppercased() != id)
        #expect(try await backend.client().get(GameScore.self, id: id).points == 1)
        let error = await #expect(throws: ModelClientError.self) {
            _ = try await backend.client().get(GameScore.self, id: id.uppercased())
        }
        #expect(error?.refusal == .notFound)
    }

    @Test func missingInstancesAreNotFoundInEveryDialect() async throws {
        let missing = try #require(ObjectID("5f0000000000000000000999"))
        for dialect in [InMemoryDialect.cortex, .mia] {
            let error = await #expect(throws: ModelClientError.self) {
                _ = try await InMemoryBackend(dialect).client().get(Item.self, id: missing)
            }
            #expect(error?.refusal == .notFound)
        }
        let error = await #expect(throws: ModelClientError.self) {
            _ = try await InMemoryBackend(.parse).client().get(GameScore.self, id: "nope")
        }
        #expect(error?.refusal == .notFound)
    }
}

/// Sends every request on to `base`, and loses the answer to the next `PUT` (the first one, then again after
/// `loseNextPut()`): what a connection that drops after the server acted looks like to the client.
private final class AnswerLosingTransport: HTTPTransport, @unchecked Sendable {
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var count = 0
    private var losesNextPut = true

    init(base: any HTTPTransport) { self.base = base }

    /// The requests sent so far.
    var sent: Int { lock.withLock { count } }

    func loseNextPut() { lock.withLock { losesNextPut = true } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        lock.withLock { count += 1 }
        let answer = try await base.send(request)
        let loses = lock.withLock {
            guard request.httpMethod == "PUT", losesNextPut else { return false }
            losesNextPut = false
            return true
        }
        if loses { throw URLError(.networkConnectionLost) }
        return answer
    }
}
