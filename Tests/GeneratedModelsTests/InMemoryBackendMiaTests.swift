import BlockingTestSupport
import Foundation
import GoldenQueries
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The in-memory Mia-Platform backend answering each request as crud-service (bd427899) answers it, route by route,
// under the service's default configuration (CRUD_LIMIT_CONSTRAINT_ENABLED, CRUD_MAX_LIMIT 200). Each test names the
// crud-service file that shows the real answer.

@Suite struct InMemoryBackendMiaTests {
    /// The backend's answer to a raw request: `query` items as sent, `body` JSON text.
    static func send(
        _ backend: InMemoryBackend,
        _ path: String,
        _ query: [(String, String)] = [],
        method: String = "GET",
        headers: [String: String] = [:],
        body: String? = nil
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

    /// The `c_name`s of a list answer, in order.
    private static func names(_ answer: JSONValue) -> [String] {
        answer.arrayValue?.compactMap { $0["c_name"]?.stringValue } ?? []
    }

    private static let first = "660000000000000000000001"

    // MARK: Reading

    /// Without `_l` a page is 25 documents, the list schema's default for `_l` under CRUD_LIMIT_CONSTRAINT_ENABLED
    /// (crud-service `lib/schemaGetters.js`, `defaultGetListQueryParams`; `tests/httpInterface.getList.test.js`,
    /// "Return the default number of document"); `_l` is from 1 to 200, and a refusal of the schema carries
    /// Fastify's `FST_ERR_VALIDATION`. `/export` has no limit of its own.
    @Test func aListWithoutALimitIsAPageOfTwentyFive() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert((1...30).map { ["c_name": .string("n\($0)")] }, into: "c_items")
        var (status, answer) = try await Self.send(backend, "/c_items/")
        #expect(status == 200 && answer.arrayValue?.count == 25)
        (status, answer) = try await Self.send(backend, "/c_items/", [("_l", "200")])
        #expect(status == 200 && answer.arrayValue?.count == 30)
        for limit in ["0", "201"] {
            (status, answer) = try await Self.send(backend, "/c_items/", [("_l", limit)])
            #expect(status == 400 && answer["code"] == "FST_ERR_VALIDATION", "\(limit): \(answer)")
        }
        (status, answer) = try await Self.send(
            backend,
            "/c_items/export",
            [("_l", "300")],
            headers: ["Accept": "application/json"]
        )
        #expect(status == 200 && answer.arrayValue?.count == 30, "\(answer)")
    }

    /// The client pages a query without a limit by the service's 25: a full page of 25 may have more after it. With
    /// 200, the service's maximum, a first page of 25 read as the last, and the rest were never fetched.
    @Test func theClientPagesAQueryWithoutALimitByTwentyFive() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert((1...30).map { ["c_name": .string("n\($0)")] }, into: "c_items")
        let client = backend.client()
        let first = try await client.list(Item.query)
        #expect(first.items.count == 25)
        #expect(first.hasMore)
        let second = try #require(try await first.next())
        #expect(second.items.count == 5)
        #expect(!second.hasMore)
    }

    /// `/export` answers every document the list selects as NDJSON, or as a JSON array when `Accept` asks for JSON
    /// (crud-service `lib/httpInterface.js`, `handleGetList` under `/export`, whose schema has no default limit;
    /// `tests/httpInterface.getExport.test.js`).
    @Test func exportAnswersEveryDocumentAsNDJSON() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert((1...30).map { ["c_name": .string("n\($0)")] }, into: "c_items")
        let request = try RenderedRequest(path: "/c_items/export").urlRequest(relativeTo: backend.baseURL)
        let (data, response) = try await backend.send(request)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/x-ndjson")
        let lines = data.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == 30)
        #expect(try lines.last.map { try JSONValue(parsing: Data($0))["c_name"] } == "n30")
        let (status, answer) = try await Self.send(
            backend,
            "/c_items/export",
            [("_l", "2")],
            headers: ["Accept": "application/json"]
        )
        #expect(status == 200 && Self.names(answer) == ["n1", "n2"])
    }

    /// `/export` answers in the type of the `Accept` header's highest quality, the first of equals, NDJSON for
    /// `*/*`; a type the service can't write is a 406 (crud-service `lib/acceptHeaderParser.js`, `getAccept`;
    /// `tests/httpInterface.getExport.test.js`, "use multiple weighted accepts" and "unexpected accept type").
    @Test func exportAnswersTheAcceptedTypeOfTheHighestQuality() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["c_name": "a"], ["c_name": "b"]], into: "c_items")
        var request = try RenderedRequest(path: "/c_items/export").urlRequest(relativeTo: backend.baseURL)
        request.setValue("text/csv;q=0.7, application/x-ndjson, */*", forHTTPHeaderField: "Accept")
        let (data, response) = try await backend.send(request)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/x-ndjson")
        #expect(data.split(separator: UInt8(ascii: "\n")).count == 2)
        var (status, answer) = try await Self.send(
            backend,
            "/c_items/export",
            headers: ["Accept": "application/x-ndjson;q=0.5, application/json"]
        )
        #expect(status == 200 && Self.names(answer) == ["a", "b"], "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/export", headers: ["Accept": "image/jpeg"])
        #expect(
            status == 406
                && answer == [
                    "statusCode": 406, "error": "Not Acceptable", "message": "unsupported file type image/jpeg",
                ],
            "\(answer)"
        )
    }

    /// `_s` given twice sorts by both, in order: the service reads the values joined (crud-service
    /// `lib/httpInterface.js`, `handleGetList`: `sortQuery.toString().split(',')`; its schema takes `_s` as an array).
    @Test func aRepeatedSortSortsByEachInTurn() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(
            [
                ["c_name": "a", "c_count": 1, "c_price": 2], ["c_name": "b", "c_count": 1, "c_price": 1],
                ["c_name": "c", "c_count": 0, "c_price": 3],
            ],
            into: "c_items"
        )
        let (status, answer) = try await Self.send(backend, "/c_items/", [("_s", "c_count"), ("_s", "c_price")])
        #expect(status == 200 && Self.names(answer) == ["c", "b", "a"], "\(answer)")
    }

    /// A missing document, and a route that doesn't exist, answer crud-service's not-found body (`index.js`,
    /// `notFoundHandler`; `tests/httpInterface.utils.js`, NOT_FOUND_BODY).
    @Test func notFoundIsTheServicesNotFoundBody() async throws {
        let backend = InMemoryBackend(.mia)
        var (status, answer) = try await Self.send(backend, "/c_items/\(Self.first)")
        #expect(status == 404 && answer == ["error": "not found"])
        (status, answer) = try await Self.send(backend, "/c_items/a/b/c", method: "PUT")
        #expect(status == 404 && answer == ["error": "not found"])
        let missing = try #require(ObjectID(Self.first))
        let error = await #expect(throws: ModelClientError.self) {
            _ = try await backend.client().get(Item.self, id: missing)
        }
        #expect(error?.refusal == .notFound)
    }

    /// `_p` with an array's `.$` is MongoDB's positional projection, which the service passes on: the array answers
    /// only the first element the request's condition on it matched (crud-service `lib/projectionUtils.js`,
    /// `resolveProjection`; `tests/httpInterface.getList.test.js`, "use of $ operator for array element condition
    /// into _p").
    @Test func aPositionalProjectionAnswersTheMatchedElement() async throws {
        let backend = InMemoryBackend(.mia)
        let attachments: JSONValue = [["name": "note", "other": 1], ["name": "another-note", "other": "stuff"]]
        try await backend.insert(
            [["_id": .string(Self.first), "c_name": "a", "attachments": attachments], ["c_name": "b"]],
            into: "c_items"
        )
        let matched: JSONValue = [["name": "another-note", "other": "stuff"]]
        let condition = ("_q", #"{"attachments.name":"another-note"}"#)
        var (status, answer) = try await Self.send(backend, "/c_items/", [condition, ("_p", "attachments.$")])
        #expect(status == 200 && answer == [["_id": .string(Self.first), "attachments": matched]], "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/c_items/\(Self.first)",
            [condition, ("_p", "c_name,attachments.$")]
        )
        #expect(
            status == 200 && answer == ["_id": .string(Self.first), "c_name": "a", "attachments": matched],
            "\(answer)"
        )
    }

    /// `_p` and `_rawp` together are refused; `_p`'s fields are trimmed and empty ones dropped; `_rawp` is base64
    /// under `json-query-params-encoding: base64` as `_q` is (crud-service `lib/projectionUtils.js`,
    /// `resolveProjection`; `lib/hooks.js`, `parseEncodedJsonQueryParams`).
    @Test func projectionsAsTheServiceResolvesThem() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["_id": .string(Self.first), "c_name": "a", "c_count": 1]], into: "c_items")
        var (status, answer) = try await Self.send(
            backend,
            "/c_items/",
            [("_p", "c_name"), ("_rawp", #"{"c_count":1}"#)]
        )
        #expect(status == 400 && answer["message"] == "Use of both _rawp and _p parameter is not allowed")
        (status, answer) = try await Self.send(backend, "/c_items/", [("_p", " c_name , ,")])
        #expect(answer == [["_id": .string(Self.first), "c_name": "a"]], "\(answer)")
        let raw = Data(#"{"c_name":0}"#.utf8).base64EncodedString()
        (status, answer) = try await Self.send(
            backend,
            "/c_items/",
            [("_rawp", raw), ("_q", Data(#"{"c_count":1}"#.utf8).base64EncodedString())],
            headers: ["json-query-params-encoding": "base64"]
        )
        #expect(status == 200 && answer.arrayValue?.first?["c_name"] == nil && answer.arrayValue?.count == 1)
    }

    /// Under `json-query-params-encoding: base64` the service decodes `_q` and `_rawp` with Node's
    /// `Buffer.from(text, 'base64')` (crud-service `lib/hooks.js`, `parseEncodedJsonQueryParams`), which takes base64
    /// without its padding and in the URL-safe alphabet: such a `_q` filters as the JSON it spells.
    @Test func base64ParametersAreDecodedAsNodeDecodesThem() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["c_name": "~~~", "c_count": 1], ["c_name": "b", "c_count": 2]], into: "c_items")
        let filter = Data(#"{"c_name":"~~~"}"#.utf8).base64EncodedString()
        #expect(filter.hasSuffix("=") && filter.contains("+"), "the filter's base64 has padding and a plus")
        let unpadded = String(filter.prefix { $0 != "=" })
        let urlSafe = filter.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "+", with: "-")
        for text in [filter, unpadded, urlSafe] {
            let (status, answer) = try await Self.send(
                backend,
                "/c_items/",
                [("_q", text)],
                headers: ["json-query-params-encoding": "base64"]
            )
            #expect(status == 200 && Self.names(answer) == ["~~~"], "\(text): \(answer)")
        }
    }

    /// The schema's pattern for `_st` isn't anchored, so a list that names a state passes; a part that is no state
    /// selects nothing (crud-service `lib/JSONSchemaGenerator.js`, `propertiesGetValidation`).
    @Test func stateListsPassTheUnanchoredPattern() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["c_name": "a"], ["c_name": "b", "__STATE__": "DRAFT"]], into: "c_items")
        var (status, answer) = try await Self.send(backend, "/c_items/", [("_st", "DRAFT,ARCHIVED")])
        #expect(status == 200 && Self.names(answer) == ["b"], "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/", [("_st", "ARCHIVED")])
        #expect(status == 400 && answer["code"] == "FST_ERR_VALIDATION")
    }

    /// `createdAt` and `updatedAt` are dates: a filter's text or milliseconds for them is cast to a date and
    /// compared as the instant, whatever its spelling; a value that is no date is refused (crud-service
    /// `lib/QueryParser.js`, `castDate`).
    @Test func createdAtAndUpdatedAtCompareAsDates() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        let client = backend.client()
        _ = try await client.create(Item.Create(name: "first"))  // 2026-01-01T00:00:00.000Z
        _ = try await client.create(Item.Create(name: "second"))  // 2026-01-01T00:00:01.000Z
        for filter in [
            #"{"createdAt":{"$gte":"2026-01-01T00:00:01Z"}}"#, #"{"createdAt":"2026-01-01T01:00:01+01:00"}"#,
            #"{"createdAt":{"$gt":1767225600000}}"#, #"{"updatedAt":{"$in":["2026-01-01T00:00:01Z"]}}"#,
        ] {
            let (status, answer) = try await Self.send(backend, "/c_items/", [("_q", filter)])
            #expect(status == 200 && Self.names(answer) == ["second"], "\(filter): \(answer)")
        }
        let (status, answer) = try await Self.send(backend, "/c_items/", [("_q", #"{"createdAt":"soon"}"#)])
        #expect(status == 400 && answer["message"] == "Invalid Date")
    }

    /// The service casts a filter's values by the collection's field types (crud-service `lib/QueryParser.js`,
    /// `traverse` with `castValueFunctions`): a date field's text or milliseconds to a date, compared as the instant
    /// whatever its spelling, and refused when it is no date (`castDate`, "Invalid Date"); an ObjectId field's text
    /// to an ObjectId, refused when it is none (`castToObjectId`, "Invalid objectId"). The backend knows the types
    /// from the registered model.
    @Test func filterValuesAreCastByTheModelsFieldTypes() async throws {
        let backend = InMemoryBackend(.mia)
        let march = Date(timeIntervalSince1970: 1_772_323_200)  // 2026-03-01T00:00:00Z
        try await backend.insert([
            Item(id: ObjectID(Self.first)!, name: "march", when: march),
            Item(id: ObjectID("660000000000000000000002")!, name: "later", when: march.addingTimeInterval(60)),
        ])
        for filter in [
            #"{"c_when":"2026-03-01T01:00:00+01:00"}"#, #"{"c_when":{"$lte":"2026-03-01T00:00:00Z"}}"#,
            #"{"c_when":1772323200000}"#, #"{"$or":[{"c_when":{"$in":["2026-03-01T00:00:00.000+00:00"]}}]}"#,
        ] {
            let (status, answer) = try await Self.send(backend, "/c_items/", [("_q", filter)])
            #expect(status == 200 && Self.names(answer) == ["march"], "\(filter): \(answer)")
        }
        var (status, answer) = try await Self.send(backend, "/c_items/", [("_q", #"{"c_when":"soon"}"#)])
        #expect(status == 400 && answer["message"] == "Invalid Date", "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/", [("_q", #"{"_id":{"$in":["nope"]}}"#)])
        #expect(status == 400 && answer["message"] == "Invalid objectId", "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/", [("_q", #"{"_id":"660000000000000000000002"}"#)])
        #expect(status == 200 && Self.names(answer) == ["later"], "\(answer)")
    }

    /// The query parser takes an operator on a field only where the field's type supports it (crud-service
    /// `lib/QueryParser.js`, `traverse`, and each operator's `supportedTypes`): `$size` and `$elemMatch` only on an
    /// array; the comparisons, `$ne` and `$regex` not on one; and a member that is no operator only in an array's or
    /// an object's condition (`tests/queryParser.test.js`, "don't allow nested queries for type !== RawObject"). The
    /// backend knows the types from the registered model.
    @Test func anOperatorTheFieldsTypeDoesntTakeIsRefused() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([
            Item(
                id: ObjectID(Self.first)!,
                name: "a",
                count: 2,
                tags: ["x", "y"],
                parts: [.init(label: "bolt", qty: 1)]
            )
        ])
        for (filter, message) in [
            (#"{"c_name":{"$size":1}}"#, "Unsupported operator: $size for string field"),
            (#"{"c_count":{"$elemMatch":{"$gt":1}}}"#, "Unsupported operator: $elemMatch for integer field"),
            (#"{"c_price":{"$size":1}}"#, "Unsupported operator: $size for number field"),
            (#"{"c_tags":{"$ne":"z"}}"#, "Unsupported operator: $ne for Array field"),
            (#"{"$or":[{"c_tags":{"$regex":"^x"}}]}"#, "Unsupported operator: $regex for Array field"),
            (#"{"c_parts.c_label":{"$size":1}}"#, "Unsupported operator: $size for string field"),
            (#"{"c_name":{"note":"a"}}"#, "Unsupported operator: note"),
        ] {
            let (status, answer) = try await Self.send(backend, "/c_items/", [("_q", filter)])
            #expect(status == 400 && answer["message"]?.stringValue == message, "\(filter): \(answer)")
        }
        for filter in [
            #"{"c_tags":{"$size":2}}"#, #"{"c_tags":{"$elemMatch":{"$eq":"x"}}}"#, #"{"c_tags":{"$in":["x"]}}"#,
            #"{"c_name":{"$regex":"^a"}}"#, #"{"c_parts":{"$elemMatch":{"c_label":"bolt"}}}"#, #"{"c_tags":"y"}"#,
        ] {
            let (status, answer) = try await Self.send(backend, "/c_items/", [("_q", filter)])
            #expect(status == 200 && Self.names(answer) == ["a"], "\(filter): \(answer)")
        }
    }

    /// A date field's value is stored as a date, whatever the ISO 8601 spelling a write sends, and answered in UTC
    /// with milliseconds: the service casts it with `castDate` (crud-service `lib/QueryParser.js`, `traverseBody` for
    /// a create, `traverseCommands` for `$set`) and answers a date with `toISOString()` (`lib/AdditionalCaster.js`,
    /// `castItem`), so a sort by it is by the instant. The backend knows the field's type from the registered model.
    @Test func aDateIsStoredAsTheInstantItNames() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        await backend.register(Item.self)
        for (name, when) in [("a", "2026-03-01T01:00:00+01:00"), ("b", "2026-03-01T00:30:00Z")] {
            let (status, answer) = try await Self.send(
                backend,
                "/c_items/",
                method: "POST",
                body: #"{"c_name":"\#(name)","c_when":"\#(when)"}"#
            )
            #expect(status == 200, "\(answer)")
        }
        var (status, answer) = try await Self.send(backend, "/c_items/", [("_s", "c_when")])
        #expect(answer.arrayValue?.map { $0["c_when"] } == ["2026-03-01T00:00:00.000Z", "2026-03-01T00:30:00.000Z"])
        #expect(Self.names(answer) == ["a", "b"], "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/c_items/\(Self.first)",
            method: "PATCH",
            body: #"{"$set":{"c_when":"2026-03-02T02:00:00+02:00"}}"#
        )
        #expect(status == 200 && answer["c_when"] == "2026-03-02T00:00:00.000Z", "\(answer)")
    }

    /// A query parameter's text is coerced to the field's type by the route's querystring schema, which has the
    /// collection's fields (crud-service `lib/JSONSchemaGenerator.js`, `propertiesGetValidation`, with Fastify's Ajv
    /// `coerceTypes`): text that spells no number for a number field, or no boolean for a boolean one, is the
    /// schema's refusal; a date field's text is then cast to a date (`lib/QueryParser.js`, `castDate`). The backend
    /// knows the types from the registered model.
    @Test func fieldParametersAreCoercedToTheModelsFieldTypes() async throws {
        let backend = InMemoryBackend(.mia)
        let march = Date(timeIntervalSince1970: 1_772_323_200)  // 2026-03-01T00:00:00Z
        try await backend.insert([
            Item(id: ObjectID(Self.first)!, name: "a", count: 2, active: true, when: march),
            Item(id: ObjectID("660000000000000000000002")!, name: "b", count: 3, active: false),
        ])
        var (status, answer) = try await Self.send(backend, "/c_items/", [("c_count", " 2")])
        #expect(status == 200 && Self.names(answer) == ["a"], "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/", [("c_when", "2026-03-01T01:00:00+01:00")])
        #expect(status == 200 && Self.names(answer) == ["a"], "\(answer)")
        // `c_count` is an `Int`, a JSON Schema `integer`, which Ajv coerces only from text that spells a whole number.
        for text in ["two", "2.5"] {
            (status, answer) = try await Self.send(backend, "/c_items/", [("c_count", text)])
            #expect(status == 400 && answer["message"] == "querystring/c_count must be integer", "\(answer)")
            #expect(answer["code"] == "FST_ERR_VALIDATION")
        }
        (status, answer) = try await Self.send(backend, "/c_items/", [("c_count", "2.0")])
        #expect(status == 200 && Self.names(answer) == ["a"], "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/", [("c_price", "two")])
        #expect(status == 400 && answer["message"] == "querystring/c_price must be number", "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/", [("c_active", "yes")])
        #expect(status == 400 && answer["message"] == "querystring/c_active must be boolean", "\(answer)")
    }

    /// A query parameter other than the service's own is a field the documents must equal, its text read as the
    /// field's type; with the model registered, one it doesn't have is refused, and so is a `_q` field (crud-service
    /// `lib/resolveMongoQuery.js`, `lib/QueryParser.js` "Unknown field"; `tests/httpInterface.getList.test.js`).
    @Test func fieldParametersFilterAndUnknownFieldsAreRefused() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(
            [["c_name": "a", "c_count": 2, "c_active": true], ["c_name": "b", "c_count": 3]],
            into: "c_items"
        )
        var (status, answer) = try await Self.send(backend, "/c_items/", [("c_count", "2")])
        #expect(status == 200 && Self.names(answer) == ["a"], "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/count", [("c_name", "b")])
        #expect(answer == 1)
        (status, answer) = try await Self.send(backend, "/c_items/", [("c_active", "true"), ("c_name", "a")])
        #expect(Self.names(answer) == ["a"])
        (status, answer) = try await Self.send(backend, "/c_items/", [("__STATE__", "DRAFT")])
        #expect(status == 400)

        await backend.register(Item.self)
        (status, answer) = try await Self.send(backend, "/c_items/", [("c_nope", "1")])
        #expect(status == 400 && answer["message"]?.stringValue?.contains(#"Property "c_nope""#) == true)
        // The service's error handler rethrows a refusal of additional properties as an error of its own (`index.js`,
        // `customErrorHandler`), which has no Fastify code.
        #expect(answer["code"] == nil, "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/", [("_q", #"{"$or":[{"c_nope":1}]}"#)])
        #expect(status == 400 && answer["message"] == "Unknown field: c_nope", "\(answer)")
    }

    /// The querystring takes the service's own fields, `creatorId`, `createdAt`, `updaterId` and `updatedAt`,
    /// whatever the collection's model (crud-service `lib/schemaGetters.js`, `mandatoryFieldsWithoutId`, in
    /// `lib/JSONSchemaGenerator.js`, `propertiesGetValidation`): a list, a count or a delete filters by who created a
    /// document, and when.
    @Test func theServicesOwnFieldsAreQueryParameters() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        await backend.register(Item.self)
        for user in ["ann", "bob"] {
            let (status, _) = try await Self.send(
                backend,
                "/c_items/",
                method: "POST",
                headers: ["userid": user],
                body: #"{"c_name":"\#(user)"}"#
            )
            #expect(status == 200)
        }
        var (status, answer) = try await Self.send(backend, "/c_items/", [("creatorId", "ann")])
        #expect(status == 200 && Self.names(answer) == ["ann"], "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/count", [("updatedAt", "2026-01-01T00:00:01.000Z")])
        #expect(status == 200 && answer == 1, "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/", [("updaterId", "bob")], method: "DELETE")
        #expect(status == 200 && answer == 1, "\(answer)")
    }

    // MARK: States

    /// By id a document moves as ALLOWED_STATES_MAP allows from the state it is in, whatever it is (no `_st`): a
    /// transition it doesn't allow is a 400 (crud-service `lib/CrudService.js`, `changeStateById`;
    /// `tests/httpInterface.changeStateById.test.js`, "from TRASH to PUBLIC").
    @Test func aStateChangeByIDFollowsTheAllowedTransitions() async throws {
        let backend = InMemoryBackend(.mia)
        let client = backend.client()
        let draft = try await client.create(Item.Create(name: "a"))
        try await client.setState(Item.self, id: draft.id, to: .draft)  // DRAFT to DRAFT is allowed
        try await client.setState(Item.self, id: draft.id, to: .trash)
        let (status, answer) = try await Self.send(
            backend,
            "/c_items/\(draft.id)/state",
            method: "POST",
            body: #"{"stateTo":"PUBLIC"}"#
        )
        #expect(status == 400 && answer["message"] == "transition from TRASH to PUBLIC not allowed.", "\(answer)")
        let refused = await #expect(throws: ModelClientError.self) {
            try await client.setState(Item.self, id: draft.id, to: .public)
        }
        #expect(refused?.refusal == .validation(fields: []))
        #expect(await backend.documents(in: "c_items").first?["__STATE__"] == "TRASH")
        let withState = try await Self.send(
            backend,
            "/c_items/\(draft.id)/state",
            [("_st", "TRASH")],
            method: "POST",
            body: #"{"stateTo":"DRAFT"}"#
        )
        #expect(withState.status == 400, "the route takes no _st")
    }

    /// `POST /state` moves the documents each filter selects among the states its `stateTo` may be reached from, and
    /// answers how many (crud-service `lib/CrudService.js`, `changeStateMany`;
    /// `tests/httpInterface.changeStateBulk.test.js`).
    @Test func aStateChangeOfManyMovesWhatEachFilterSelects() async throws {
        let backend = InMemoryBackend(.mia, ids: .objectIDs(prefix: "66"))
        try await backend.insert(
            [
                ["c_name": "a", "__STATE__": "DRAFT"], ["c_name": "a", "__STATE__": "TRASH"],
                ["c_name": "b", "__STATE__": "DRAFT"], ["c_name": "c", "__STATE__": "DRAFT"],
            ],
            into: "c_items"
        )
        let (status, answer) = try await Self.send(
            backend,
            "/c_items/state",
            method: "POST",
            headers: ["userid": "ann"],
            body:
                #"[{"filter":{"c_name":"a"},"stateTo":"PUBLIC"},{"filter":{"_id":"660000000000000000000003"},"stateTo":"TRASH"}]"#
        )
        #expect(status == 200 && answer == 2, "\(answer)")
        let documents = await backend.documents(in: "c_items")
        #expect(documents.map { $0["__STATE__"] } == ["PUBLIC", "TRASH", "TRASH", "DRAFT"])
        #expect(documents[0]["updaterId"] == "ann" && documents[1]["updaterId"] == nil)
    }

    /// A `POST /state` filter's values are typed by the route's schema, which has the collection's fields, and
    /// Fastify's Ajv coerces them to the field's type (crud-service `lib/JSONSchemaGenerator.js`,
    /// `generateChangeStateManyJSONSchema`, `changeStateProperties`): `"2"` for a number field selects the documents
    /// that hold 2, and text that spells no number is the schema's refusal. The backend knows the types from the
    /// registered model.
    @Test func aStateChangeOfManyCoercesItsFilterToTheFieldsTypes() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([
            Item(id: ObjectID(Self.first)!, name: "a", count: 2, active: true),
            Item(id: ObjectID("660000000000000000000002")!, name: "b", count: 3),
        ])
        var (status, answer) = try await Self.send(
            backend,
            "/c_items/state",
            method: "POST",
            body: #"[{"filter":{"c_count":"2","c_active":"true"},"stateTo":"DRAFT"}]"#
        )
        #expect(status == 200 && answer == 1, "\(answer)")
        #expect(await backend.documents(in: "c_items").map { $0["__STATE__"] } == ["DRAFT", "PUBLIC"])
        (status, answer) = try await Self.send(
            backend,
            "/c_items/state",
            method: "POST",
            body: #"[{"filter":{"c_count":"two"},"stateTo":"DRAFT"}]"#
        )
        #expect(status == 400 && answer["message"] == "body/0/filter/c_count must be integer", "\(answer)")
    }

    // MARK: Writing

    /// The user is the `userid` header, else `public`, as it is for an empty one, `null` or `undefined`
    /// (crud-service `lib/hooks.js`, `injectContextInRequest`, INVALID_USERID in `lib/consts.js`).
    @Test func anInvalidUserHeaderIsThePublicUser() async throws {
        let backend = InMemoryBackend(.mia)
        for header in ["", "null", "undefined"] {
            let (status, _) = try await Self.send(
                backend,
                "/c_items/",
                method: "POST",
                headers: ["userid": header],
                body: #"{"c_name":"a"}"#
            )
            #expect(status == 200)
        }
        #expect(await backend.documents(in: "c_items").map { $0["creatorId"] } == ["public", "public", "public"])
    }

    /// `PATCH /bulk` updates the first document each filter selects (`_st` PUBLIC without one) and answers how
    /// many changed (crud-service `lib/CrudService.js`, `patchBulk`; `tests/httpInterface.patchBulk.test.js`).
    @Test func aBulkPatchUpdatesWhatEachFilterSelects() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(
            [["c_name": "a", "c_count": 1], ["c_name": "b", "c_count": 1], ["c_name": "c", "__STATE__": "DRAFT"]],
            into: "c_items"
        )
        let (status, answer) = try await Self.send(
            backend,
            "/c_items/bulk",
            method: "PATCH",
            body: #"""
                [{"filter":{"_id":"660000000000000000000002"},"update":{"$inc":{"c_count":5}}},
                 {"filter":{"_q":"{\"c_name\":\"a\"}"},"update":{"$set":{"c_name":"A"}}},
                 {"filter":{"c_name":"c"},"update":{"$set":{"c_count":9}}},
                 {"filter":{"c_name":"c","_st":"DRAFT"},"update":{"$set":{"c_count":7}}}]
                """#
        )
        #expect(status == 200 && answer == 3, "\(answer)")
        let documents = await backend.documents(in: "c_items")
        #expect(documents.map { $0["c_name"] } == ["A", "b", "c"])
        #expect(documents.map { $0["c_count"] } == [1, 6, 7])
    }

    /// A bulk create stops at a duplicate of a unique index with a 409 and keeps the documents stored before it, as
    /// MongoDB's ordered `insertMany` does (crud-service `lib/CrudService.js`, `insertMany`;
    /// `tests/httpInterface.postBulk.test.js`, "violate index uniqueness": "only the first was inserted"); a body
    /// the schema refuses stores none ("violate required constraints": "no insertions on database").
    @Test func aBulkCreateKeepsWhatItStoredBeforeADuplicate() async throws {
        let backend = InMemoryBackend(.mia)
        await backend.requireUnique("c_name", in: "c_items")
        var (status, answer) = try await Self.send(
            backend,
            "/c_items/bulk",
            method: "POST",
            body: #"[{"c_name":"a"},{"c_name":"b"},{"c_name":"a"},{"c_name":"c"}]"#
        )
        #expect(status == 409 && answer["error"] == "Conflict", "\(answer)")
        #expect(await backend.documents(in: "c_items").map { $0["c_name"] } == ["a", "b"])
        await backend.register(Item.self)
        (status, answer) = try await Self.send(
            backend,
            "/c_items/bulk",
            method: "POST",
            body: #"[{"c_name":"d"},{"c_count":"many"}]"#
        )
        #expect(status == 400 && answer["code"] == "FST_ERR_VALIDATION", "\(answer)")
        #expect(await backend.documents(in: "c_items").count == 2)
    }

    /// A patch of many documents checks each one's new values against the unique index as it then stands, the
    /// documents patched before it included: the second document set to the first's new name is a conflict, while
    /// a document that keeps its own name clashes with nothing.
    @Test func aPatchOfManyDocumentsMeetsTheUniqueValuesItWrites() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        await backend.requireUnique("c_name", in: "c_items")
        var (status, answer) = try await Self.send(
            backend,
            "/c_items/bulk",
            method: "POST",
            body: #"[{"c_name":"a"},{"c_name":"b"},{"c_name":"c"}]"#
        )
        #expect(status == 200, "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/", method: "PATCH", body: #"{"$set":{"c_count":1}}"#)
        #expect(status == 200 && answer == 3, "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/c_items/",
            [("c_name", "c")],
            method: "PATCH",
            body: #"{"$set":{"c_name":"a"}}"#
        )
        #expect(status == 409, "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/", method: "PATCH", body: #"{"$set":{"c_name":"z"}}"#)
        #expect(status == 409, "\(answer)")
        let names = await backend.documents(in: "c_items").compactMap { $0["c_name"]?.stringValue }
        #expect(names.filter { $0 == "z" }.count <= 1 && Set(names).count == 3, "\(names)")
    }

    /// How many documents ``aWholeCollectionWithAUniqueIndexIsWrittenInLinearTime()`` writes.
    static let manyDocuments = 30_000

    /// A bulk create of many documents, and a patch of all of them, in a collection with a unique index: each
    /// document's values are found in an index of the collection's, not looked for in every other document, which
    /// made each request quadratic in the collection's size (minutes for this one).
    @Test func aWholeCollectionWithAUniqueIndexIsWrittenInLinearTime() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        await backend.requireUnique("c_name", in: "c_items")
        let body = "[" + (0..<Self.manyDocuments).map { #"{"c_name":"n\#($0)"}"# }.joined(separator: ",") + "]"
        let written = await result(within: 60, "writing \(Self.manyDocuments) documents twice") {
            let created = try await Self.send(backend, "/c_items/bulk", method: "POST", body: body)
            let patched = try await Self.send(backend, "/c_items/", method: "PATCH", body: #"{"$inc":{"c_count":1}}"#)
            return (created, patched)
        }
        let (created, patched) = try #require(try written?.get())
        #expect(created.status == 200 && created.body.arrayValue?.count == Self.manyDocuments)
        #expect(patched.status == 200 && patched.body == .int(Self.manyDocuments), "\(patched.body)")
        let documents = await backend.documents(in: "c_items")
        #expect(documents.count == Self.manyDocuments && documents.allSatisfy { $0["c_count"] == 1 })
    }

    /// Every document a request writes gets the request's one time: the service stamps `createdAt` and `updatedAt`
    /// with its request context's `now`, made once per request (crud-service `lib/hooks.js`,
    /// `injectContextInRequest`; `lib/CrudService.js`, `insertMany`, `patchMany` and `patchBulk` use `context.now`).
    @Test func aRequestStampsEveryDocumentItWritesWithOneTime() async throws {
        let backend = InMemoryBackend(.mia)
        var (status, answer) = try await Self.send(
            backend,
            "/c_items/bulk",
            method: "POST",
            body: #"[{"c_name":"a"},{"c_name":"b"},{"c_name":"c"}]"#
        )
        #expect(status == 200, "\(answer)")
        var documents = await backend.documents(in: "c_items")
        let created = try #require(documents.first?["createdAt"])
        #expect(documents.allSatisfy { $0["createdAt"] == created && $0["updatedAt"] == created }, "\(documents)")
        (status, answer) = try await Self.send(
            backend,
            "/c_items/",
            [("_st", "DRAFT")],
            method: "PATCH",
            body: #"{"$set":{"c_count":1}}"#
        )
        #expect(status == 200 && answer == 3, "\(answer)")
        documents = await backend.documents(in: "c_items")
        let patched = try #require(documents.first?["updatedAt"])
        #expect(patched != created && documents.allSatisfy { $0["updatedAt"] == patched }, "\(documents)")
        (status, answer) = try await Self.send(
            backend,
            "/c_items/bulk",
            method: "PATCH",
            body: #"""
                [{"filter":{"c_name":"a","_st":"DRAFT"},"update":{"$set":{"c_count":2}}},
                 {"filter":{"c_name":"c","_st":"DRAFT"},"update":{"$set":{"c_count":3}}}]
                """#
        )
        #expect(status == 200 && answer == 2, "\(answer)")
        documents = await backend.documents(in: "c_items")
        #expect(documents[0]["updatedAt"] != patched && documents[0]["updatedAt"] == documents[2]["updatedAt"])
    }

    /// A bulk create's body is an array, and the schema's refusal of one of its documents points at it by its
    /// position, as Fastify writes the JSON pointer (crud-service `lib/JSONSchemaGenerator.js`,
    /// `generateBulkJSONSchema`, whose items are the create's schema; `tests/httpInterface.postList.test.js` shows the
    /// pointer into an array, `body/attachments/0 must NOT have additional properties`).
    @Test func aBulkCreatesRefusalPointsAtTheDocument() async throws {
        let backend = InMemoryBackend(.mia)
        await backend.register(Item.self)
        await backend.register(Item.Create.self)
        for (document, message) in [
            (#"{"c_name":"b","c_count":"many"}"#, "body/1/c_count must be integer"),
            (#"{"c_count":2}"#, "body/1 must have required property 'c_name'"),
            (
                #"{"c_name":"b","c_nope":1}"#,
                #"body/1 must NOT have additional properties. Property "c_nope" is not defined in validation schema"#
            ),
        ] {
            let (status, answer) = try await Self.send(
                backend,
                "/c_items/bulk",
                method: "POST",
                body: #"[{"c_name":"a"},\#(document)]"#
            )
            #expect(status == 400 && answer["message"]?.stringValue == message, "\(answer)")
        }
        #expect(await backend.documents(in: "c_items").isEmpty)
    }

    /// A bulk patch's body is an array of commands, and the schema's refusal of one's update points at it by its
    /// position, as Fastify writes the JSON pointer (crud-service `lib/JSONSchemaGenerator.js`,
    /// `generatePatchBulkJSONSchema`, whose items' `update` is the PATCH's schema); the whole body is checked before
    /// any command runs, so none is applied.
    @Test func aBulkPatchsRefusalPointsAtTheCommand() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([Item(id: ObjectID(Self.first)!, name: "a", count: 1)])
        for (update, message) in [
            (#"{"$set":{"c_count":"many"}}"#, "body/1/update/$set/c_count must be integer"),
            (
                #"{"$set":{"c_nope":1}}"#,
                #"body/1/update/$set must NOT have additional properties. Property "c_nope" is not defined in validation schema"#
            ),
            (#"{"$unset":{"c_name":false}}"#, "body/1/update/$unset/c_name must be equal to one of the allowed values"),
        ] {
            let (status, answer) = try await Self.send(
                backend,
                "/c_items/bulk",
                method: "PATCH",
                body: #"""
                    [{"filter":{"_id":"\#(Self.first)"},"update":{"$set":{"c_name":"b"}}},
                     {"filter":{"_id":"\#(Self.first)"},"update":\#(update)}]
                    """#
            )
            #expect(status == 400 && answer["message"]?.stringValue == message, "\(answer)")
        }
        #expect(await backend.documents(in: "c_items").first?["c_name"] == "a")
    }

    /// A `PATCH /bulk` filter's `_st` is a list of states, as a querystring's is: the filter's schema takes the
    /// querystring's `_st` in place of the single state written before it (crud-service `lib/JSONSchemaGenerator.js`,
    /// `generatePatchBulkJSONSchema`; `tests/expectedSchemas/booksPatchBulkSchema.js`, `_st`'s pattern), and
    /// `patchBulk` selects among each of them (`lib/CrudService.js`, `state.split(',')`).
    @Test func aBulkPatchFilterTakesAListOfStates() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(
            [["c_name": "a", "__STATE__": "DRAFT"], ["c_name": "b", "__STATE__": "TRASH"]],
            into: "c_items"
        )
        var (status, answer) = try await Self.send(
            backend,
            "/c_items/bulk",
            method: "PATCH",
            body: #"""
                [{"filter":{"c_name":"a","_st":"PUBLIC,DRAFT"},"update":{"$set":{"c_count":1}}},
                 {"filter":{"c_name":"b","_st":"DRAFT,TRASH"},"update":{"$set":{"c_count":2}}}]
                """#
        )
        #expect(status == 200 && answer == 2, "\(answer)")
        #expect(await backend.documents(in: "c_items").map { $0["c_count"] } == [1, 2])
        (status, answer) = try await Self.send(
            backend,
            "/c_items/bulk",
            method: "PATCH",
            body: #"[{"filter":{"c_name":"a","_st":"ARCHIVED"},"update":{"$set":{"c_count":3}}}]"#
        )
        #expect(status == 400 && answer["code"] == "FST_ERR_VALIDATION", "\(answer)")
    }

    /// `POST /upsert-one` updates the document `_q` selects, or creates it from the filter's equalities,
    /// `$setOnInsert` and the update, in the state a create gets; it answers the document (crud-service
    /// `lib/CrudService.js`, `upsertOne`; `tests/httpInterface.upsertOne.test.js`).
    @Test func anUpsertUpdatesOrCreates() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        let body = #"{"$set":{"c_count":1},"$setOnInsert":{"c_price":2.5},"$inc":{"c_beds":1}}"#
        var (status, answer) = try await Self.send(
            backend,
            "/c_items/upsert-one",
            [("_q", #"{"c_name":"new"}"#)],
            method: "POST",
            body: body
        )
        #expect(status == 200, "\(answer)")
        #expect(answer["c_name"] == "new" && answer["c_count"] == 1 && answer["c_price"] == 2.5)
        #expect(answer["c_beds"] == 1 && answer["__STATE__"] == "PUBLIC" && answer["creatorId"] == "public")
        #expect(answer["_id"] == "660000000000000000000001")
        (status, answer) = try await Self.send(
            backend,
            "/c_items/upsert-one",
            [("_q", #"{"c_name":"new"}"#)],
            method: "POST",
            body: #"{"$inc":{"c_beds":1},"$setOnInsert":{"c_price":9}}"#
        )
        #expect(status == 200 && answer["c_beds"] == 2 && answer["c_price"] == 2.5, "\(answer)")
        #expect(await backend.documents(in: "c_items").count == 1)
    }

    /// An upsert that creates seeds the document with the equalities of its whole query, as MongoDB seeds an upsert:
    /// the field parameters' and `acl_rows`' too, which the service joins to `_q` (crud-service
    /// `lib/resolveMongoQuery.js`; `tests/httpInterface.upsertOne.test.js`, "unknown document, insert new one", by
    /// `?name=Muahahahahahah`).
    @Test func anUpsertSeedsWhatItCreatesWithEveryEqualityOfItsQuery() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        let (status, answer) = try await Self.send(
            backend,
            "/c_items/upsert-one",
            [("c_name", "new"), ("_q", #"{"c_count":{"$eq":3}}"#)],
            method: "POST",
            headers: ["acl_rows": #"{"c_owner":"ann"}"#],
            body: #"{"$set":{"c_price":2}}"#
        )
        #expect(status == 200, "\(answer)")
        #expect(answer["c_name"] == "new" && answer["c_count"] == 3 && answer["c_owner"] == "ann", "\(answer)")
        #expect(answer["c_price"] == 2)
        #expect(await backend.documents(in: "c_items").first?["c_name"] == "new")
    }

    /// `POST /validate` checks a body as a create does and answers `{"result":"ok"}`, storing nothing
    /// (crud-service `lib/httpInterface.js`, `handleValidate`; `tests/httpInterface.postValid.test.js`).
    @Test func validateChecksAndStoresNothing() async throws {
        let backend = InMemoryBackend(.mia)
        await backend.register(Item.self)
        var (status, answer) = try await Self.send(
            backend,
            "/c_items/validate",
            method: "POST",
            body: #"{"c_name":"a"}"#
        )
        #expect(status == 200 && answer == ["result": "ok"])
        // The service validates the body against its schema only: a unique index is no part of it.
        await backend.requireUnique("c_name", in: "c_items")
        try await backend.insert([["c_name": "taken"]], into: "c_items")
        (status, answer) = try await Self.send(
            backend,
            "/c_items/validate",
            method: "POST",
            body: #"{"c_name":"taken"}"#
        )
        #expect(status == 200 && answer == ["result": "ok"], "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/c_items/validate",
            method: "POST",
            body: #"{"c_nope":"a"}"#
        )
        // A member the schema doesn't have: the error handler's own error, without Fastify's code (`index.js`).
        #expect(status == 400 && answer["code"] == nil, "\(answer)")
        #expect(
            answer["message"]?.stringValue?.hasSuffix(#"Property "c_nope" is not defined in validation schema"#) == true
        )
        #expect(await backend.documents(in: "c_items").count == 1)
        let created = try await backend.client().create(Item.Create(name: "b"))
        #expect(created.id.description == "660000000000000000000002", "a validation uses up no id")
    }

    /// `<array>.$.replace` and `<array>.$.merge` write the element the request's conditions on the array matched
    /// first, as MongoDB's positional `$` (crud-service `lib/QueryParser.js`, `transformArrayCommands`;
    /// `tests/httpInterface.patchById.special.test.js`, "$.replace - positional operator", "$.merge - positional
    /// operator", "ok - with multiple nested arrays"); without such a condition MongoDB fails the update.
    @Test func elementOperatorsWriteTheElementTheQueryMatched() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(
            [
                [
                    "_id": .string(Self.first),
                    "metadata": ["numbers": [3, 2, 6], "objects": [["n": 2], ["n": 3, "other": 999]]],
                    "environments": [["dashboards": [["id": "d1", "url": "a"], ["id": "d2", "url": "b"]]]],
                ]
            ],
            into: "things"
        )
        let path = "/things/\(Self.first)"
        var (status, answer) = try await Self.send(
            backend,
            path,
            [("metadata.numbers", "2")],
            method: "PATCH",
            body: #"{"$set":{"metadata.numbers.$.replace":5}}"#
        )
        #expect(status == 200 && answer["metadata"]?["numbers"] == [3, 5, 6], "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            path,
            [("_q", #"{"metadata.objects":{"n":3,"other":999}}"#)],
            method: "PATCH",
            body: #"{"$set":{"metadata.objects.$.merge":{"other":5}}}"#
        )
        #expect(answer["metadata"]?["objects"] == [["n": 2], ["n": 3, "other": 5]], "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            path,
            [("_q", #"{"environments.0.dashboards.id":"d2"}"#)],
            method: "PATCH",
            body: #"{"$set":{"environments.0.dashboards.$.merge":{"url":"c","label":"x"}}}"#
        )
        #expect(
            answer["environments"] == [
                ["dashboards": [["id": "d1", "url": "a"], ["id": "d2", "url": "c", "label": "x"]]]
            ],
            "\(answer)"
        )
        (status, answer) = try await Self.send(
            backend,
            path,
            method: "PATCH",
            body: #"{"$set":{"metadata.numbers.$.replace":1}}"#
        )
        #expect(status == 500 && answer["message"]?.stringValue?.contains("positional operator") == true)
    }

    /// A path's position in an array names its element, as in MongoDB: `$set` writes it, `$unset` leaves a null
    /// (crud-service passes such paths to MongoDB: `lib/CrudService.js`, `patchById`).
    @Test func aPositionInAPathNamesTheArraysElement() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(
            [["_id": .string(Self.first), "numbers": [3, 2, 6], "parts": [["n": 1], ["n": 2]]]],
            into: "things"
        )
        let (status, answer) = try await Self.send(
            backend,
            "/things/\(Self.first)",
            method: "PATCH",
            body: #"{"$set":{"numbers.0":9,"parts.1.n":7},"$unset":{"numbers.2":true},"$inc":{"parts.0.n":1}}"#
        )
        #expect(status == 200, "\(answer)")
        #expect(answer["numbers"] == [9, 2, nil] && answer["parts"] == [["n": 2], ["n": 7]], "\(answer)")
    }

    /// `$push` takes MongoDB's modifiers with `$each`, as the PATCH schema allows them: `$position`, `$sort` and
    /// `$slice`, applied in that order (crud-service `lib/JSONSchemaGenerator.js`, `mongoOperatorSchema`;
    /// `tests/httpInterface.patchById.special.test.js`, "$push").
    @Test func pushTakesItsModifiers() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(
            [["_id": .string(Self.first), "n": [5, 1], "m": [1, 2], "scores": [["s": 3], ["s": 9]]]],
            into: "things"
        )
        let (status, answer) = try await Self.send(
            backend,
            "/things/\(Self.first)",
            method: "PATCH",
            body: #"""
                {"$push":{"n":{"$each":[7,3],"$sort":-1,"$slice":3},"m":{"$each":[0],"$position":-1},
                 "scores":{"$each":[{"s":5}],"$sort":{"s":1},"$slice":-2}}}
                """#
        )
        #expect(status == 200, "\(answer)")
        #expect(answer["n"] == [7, 5, 3] && answer["m"] == [1, 0, 2], "\(answer)")
        #expect(answer["scores"] == [["s": 5], ["s": 9]], "\(answer)")
    }

    /// `$regex` takes only `\n` for a line's end, as MongoDB's PCRE does: `$` doesn't match before a `\r` or a U+2028,
    /// and `.` matches them (ICU's default took every Unicode line separator). A user's text with a NUL goes into a
    /// prefix's pattern as `\x00` in a group of its own, which MongoDB takes (it refuses a pattern holding the NUL
    /// itself), and which no hex digit after it extends.
    @Test func regexesEndLinesAtLineFeedsOnlyAndPrefixesTakeANul() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(
            [["c_name": "ab\r"], ["c_name": "a\u{2028}b"], ["c_name": "a\u{0}b"], ["c_name": "ab\nc"]],
            into: "c_items"
        )
        func names(_ filter: String) async throws -> [String] {
            let (status, answer) = try await Self.send(backend, "/c_items/", [("_q", filter)])
            #expect(status == 200, "\(filter): \(answer)")
            return (answer.arrayValue ?? []).compactMap { $0["c_name"]?.stringValue }.sorted()
        }
        let endOfLine = try await names(#"{"c_name":{"$regex":"^ab$"}}"#)
        #expect(endOfLine == [])
        let anyCharacter = try await names(#"{"c_name":{"$regex":"^a.b$"}}"#)
        #expect(anyCharacter == ["a\u{0}b", "a\u{2028}b"])
        let multiline = try await names(#"{"c_name":{"$regex":"^ab$","$options":"m"}}"#)
        #expect(multiline == ["ab\nc"])
        let prefix = "^" + regexEscaped("a\u{0}")
        #expect(prefix == #"^a(?:\x00)"# && regexEscaped("\u{0}ab") == #"(?:\x00)ab"#)
        let withNul = try await names(
            String(decoding: try JSONEncoder().encode(["c_name": ["$regex": prefix]]), as: UTF8.self)
        )
        #expect(withNul == ["a\u{0}b"])
    }

    /// A `$slice` past the array's length keeps every element, the most negative integer too (its negation trapped).
    @Test func pushSlicesByAnyIntegerWithoutTrapping() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["_id": .string(Self.first), "n": [5, 1], "m": [2]]], into: "things")
        let (status, answer) = try await Self.send(
            backend,
            "/things/\(Self.first)",
            method: "PATCH",
            body: #"""
                {"$push":{"n":{"$each":[7],"$slice":-9223372036854775808},
                 "m":{"$each":[3],"$slice":9223372036854775807}}}
                """#
        )
        #expect(status == 200, "\(answer)")
        #expect(answer["n"] == [5, 1, 7] && answer["m"] == [2, 3], "\(answer)")
    }

    /// An empty PATCH body passes the schema, and the service still stamps `updatedAt` and `updaterId`
    /// (crud-service `lib/CrudService.js`, `patchById`, which adds them to `$set`).
    @Test func anEmptyPatchStampsTheDocument() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["_id": .string(Self.first), "c_name": "a"]], into: "c_items")
        let (status, answer) = try await Self.send(
            backend,
            "/c_items/\(Self.first)",
            method: "PATCH",
            headers: ["userid": "ann"],
            body: "{}"
        )
        #expect(status == 200 && answer["updaterId"] == "ann" && answer["c_name"] == "a", "\(answer)")
        let many = try await Self.send(backend, "/c_items/", method: "PATCH", body: "{}")
        #expect(many.status == 200 && many.body == 1)
    }

    /// `_useEstimate=true` counts every document of the collection, whatever its state (crud-service
    /// `lib/httpInterface.js`, `handleCount`, `estimatedDocumentCount`).
    @Test func anEstimatedCountCountsEveryDocument() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["c_name": "a"], ["c_name": "b", "__STATE__": "DRAFT"]], into: "c_items")
        #expect(try await Self.send(backend, "/c_items/count").body == 1)
        #expect(try await Self.send(backend, "/c_items/count", [("_useEstimate", "true")]).body == 2)
    }

    /// `_useEstimate` is a boolean to the count's schema (crud-service `lib/JSONSchemaGenerator.js`,
    /// `_propertiesCountValidation`), which Fastify's Ajv coerces only from `true` and `false`: any other text is the
    /// schema's refusal, not a count.
    @Test func anEstimatedCountTakesOnlyABoolean() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["c_name": "a"], ["c_name": "b", "__STATE__": "DRAFT"]], into: "c_items")
        #expect(try await Self.send(backend, "/c_items/count", [("_useEstimate", "false")]).body == 1)
        for value in ["yes", "1", ""] {
            let (status, answer) = try await Self.send(backend, "/c_items/count", [("_useEstimate", value)])
            #expect(status == 400 && answer["message"] == "querystring/_useEstimate must be boolean", "\(answer)")
            #expect(answer["code"] == "FST_ERR_VALIDATION")
        }
    }

    /// `_q` that isn't JSON fails the request with a 500: the service parses it outside its error handling
    /// (crud-service `lib/resolveMongoQuery.js` and `lib/httpInterface.js`, `JSON.parse`).
    @Test func aQueryThatIsNotJSONIsAServerError() async throws {
        let backend = InMemoryBackend(.mia)
        let (status, _) = try await Self.send(backend, "/c_items/", [("_q", "{name")])
        #expect(status == 500)
    }

    /// An empty bulk create passes the schema and fails the service's assertion, a 500 (crud-service
    /// `lib/CrudService.js`, `insertMany`: "At least one element is required"); `_l` and `_sk` that aren't
    /// integers are the schema's refusals.
    @Test func anEmptyBulkCreateIsAServerErrorAndPagesAreIntegers() async throws {
        let backend = InMemoryBackend(.mia)
        let (status, answer) = try await Self.send(backend, "/c_items/bulk", method: "POST", body: "[]")
        #expect(status == 500 && answer["message"] == "At least one element is required", "\(answer)")
        // The client creates no bodies without asking.
        #expect(try await backend.client().createAll([Item.Create]()) == [])
        for (name, value) in [("_l", "ten"), ("_sk", "-1"), ("_sk", "1.5")] {
            let refused = try await Self.send(backend, "/c_items/", [(name, value)])
            #expect(refused.status == 400 && refused.body["code"] == "FST_ERR_VALIDATION", "\(name)=\(value)")
        }
    }

    /// `_l` and `_sk` are integers to the list's schema (crud-service `lib/schemaGetters.js`,
    /// `defaultGetListQueryParams`), and Fastify's Ajv coerces text whose JavaScript number is whole: ` 2`, `2.0` and
    /// `2e0` are 2; a fraction is no integer.
    @Test func pageParametersAreWholeNumbersAsAjvCoercesThem() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["c_name": "a"], ["c_name": "b"], ["c_name": "c"]], into: "c_items")
        for (limit, skip) in [(" 2", "1"), ("2.0", "1e0"), ("2e0", " 1 ")] {
            let (status, answer) = try await Self.send(backend, "/c_items/", [("_l", limit), ("_sk", skip)])
            #expect(status == 200 && Self.names(answer) == ["b", "c"], "\(limit), \(skip): \(answer)")
        }
        let (status, answer) = try await Self.send(backend, "/c_items/", [("_l", "2.5")])
        #expect(status == 400 && answer["message"] == "querystring/_l must be integer", "\(answer)")
    }

    /// A `_rawp` member that is an aggregation expression computes the value MongoDB answers (crud-service
    /// `lib/projectionUtils.js` lets `$filter`, `$first`, `$map` and their kin through): the in-memory backend
    /// refuses it, saying so, rather than answer the stored value in its place.
    @Test func aRawProjectionExpressionIsRefusedNotAnsweredWrongly() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["c_name": "a", "c_tags": ["x", "y"]]], into: "c_items")
        let (status, answer) = try await Self.send(
            backend,
            "/c_items/",
            [("_rawp", #"{"c_tags":{"$first":"$c_tags"}}"#)]
        )
        #expect(status == 400 && answer["message"]?.stringValue?.contains("does not evaluate") == true, "\(answer)")
        let plain = try await Self.send(backend, "/c_items/", [("_rawp", #"{"c_tags":1}"#)])
        #expect(
            plain.body.arrayValue?.first?["c_tags"] == ["x", "y"] && plain.body.arrayValue?.first?["c_name"] == nil
        )
    }

    /// `_s` must match the schema's pattern: each key a field of the collection (with a registered model that keeps
    /// unknown members, one it has) or the service's own, with its subfields, none empty (crud-service
    /// `lib/JSONSchemaGenerator.js`, `buildSortRegex`).
    @Test func sortKeysMatchTheSchemasPattern() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["c_name": "a"]], into: "c_items")
        for sort in ["c_name,", "", "-", "c_name..x"] {
            let (status, answer) = try await Self.send(backend, "/c_items/", [("_s", sort)])
            #expect(status == 400 && answer["code"] == "FST_ERR_VALIDATION", "\(sort.debugDescription): \(answer)")
        }
        #expect(try await Self.send(backend, "/c_items/", [("_s", "c_nope,-createdAt")]).status == 200)
        await backend.register(Item.self)
        #expect(try await Self.send(backend, "/c_items/", [("_s", "c_nope")]).status == 400)
        #expect(try await Self.send(backend, "/c_items/", [("_s", "c_size.c_width,-updatedAt,_id")]).status == 200)
    }

    /// `$unset` and `$currentDate` take only `true` for each field, the PATCH schema's enum (crud-service
    /// `lib/JSONSchemaGenerator.js`, `getUnsetProperties`).
    @Test func unsetAndCurrentDateTakeOnlyTrue() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["_id": .string(Self.first), "c_name": "a"]], into: "c_items")
        for body in [#"{"$unset":{"c_name":""}}"#, #"{"$currentDate":{"c_when":{"$type":"date"}}}"#] {
            let (status, answer) = try await Self.send(backend, "/c_items/\(Self.first)", method: "PATCH", body: body)
            #expect(status == 400 && answer["code"] == "FST_ERR_VALIDATION", "\(body): \(answer)")
        }
        #expect(await backend.documents(in: "c_items").first?["c_name"] == "a")
    }

    /// `$unset` and `$currentDate` take `true` as Fastify's Ajv coerces it to the schema's boolean: `"true"` and `1`
    /// too (crud-service `lib/JSONSchemaGenerator.js`, `getUnsetProperties`; `tests/httpInterface.patchMany.test.js`,
    /// "update Date" sends `{"$currentDate":{"publishDate":"true"}}`); `false` and its kin are no `true`.
    @Test func unsetAndCurrentDateTakeTrueAsAjvCoercesIt() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["_id": .string(Self.first), "c_name": "a", "c_count": 1]], into: "c_items")
        var (status, answer) = try await Self.send(
            backend,
            "/c_items/",
            [("_id", Self.first)],
            method: "PATCH",
            body: #"{"$currentDate":{"c_when":"true"},"$unset":{"c_count":1}}"#
        )
        #expect(status == 200 && answer == 1, "\(answer)")
        let document = await backend.documents(in: "c_items").first
        #expect(document?["c_when"] != nil && document?["c_count"] == nil, "\(String(describing: document))")
        for value in ["false", #""false""#, "0", "null"] {
            (status, answer) = try await Self.send(
                backend,
                "/c_items/\(Self.first)",
                method: "PATCH",
                body: #"{"$unset":{"c_name":\#(value)}}"#
            )
            #expect(
                status == 400 && answer["message"] == "body/$unset/c_name must be equal to one of the allowed values",
                "\(value): \(answer)"
            )
        }
    }

    /// Without `_p` or `_rawp` an answer has only the collection's fields (and the service's own): the service
    /// projects to them, so a stored member the collection doesn't have isn't answered (crud-service
    /// `lib/projectionUtils.js`, `resolveProjection` of `allFieldNames`; `tests/httpInterface.getList.test.js`,
    /// "expect to be ignored"). The backend knows the fields from a registered model that keeps unknown members.
    @Test func answersHaveOnlyTheCollectionsFields() async throws {
        let backend = InMemoryBackend(.mia)
        await backend.register(Item.self)
        try await backend.insert([["_id": .string(Self.first), "c_name": "a", "ignoreMe": 1]], into: "c_items")
        let path = "/c_items/\(Self.first)"
        var (_, answer) = try await Self.send(backend, "/c_items/")
        #expect(answer.arrayValue?.first?["ignoreMe"] == nil && answer.arrayValue?.first?["c_name"] == "a")
        #expect(answer.arrayValue?.first?["__STATE__"] == "PUBLIC")
        (_, answer) = try await Self.send(backend, path)
        #expect(answer["ignoreMe"] == nil && answer["_id"] == .string(Self.first))
        (_, answer) = try await Self.send(backend, path, method: "PATCH", body: #"{"$set":{"c_count":2}}"#)
        #expect(answer["ignoreMe"] == nil && answer["c_count"] == 2)
        (_, answer) = try await Self.send(backend, path, [("_p", "ignoreMe")])
        #expect(answer["ignoreMe"] == 1, "a projection names what it answers")
        (_, answer) = try await Self.send(backend, path, [("_rawp", #"{"c_name":0}"#)])
        #expect(answer["ignoreMe"] == 1 && answer["c_name"] == nil)
        #expect(await backend.documents(in: "c_items").first?["ignoreMe"] == 1, "stored as it was")
    }

    /// The header that names the user is the service's USER_ID_HEADER_KEY, which a project configures (crud-service
    /// `envSchema.js`; `lib/hooks.js` reads `request.headers[userIdHeaderKey]`, the key in lowercase).
    @Test func theUserHeaderIsTheConfiguredOne() async throws {
        let backend = InMemoryBackend(.mia(userIDHeader: "MiaUserID"))
        for headers in [["miauserid": "ann"], ["userid": "bob"]] {
            let (status, _) = try await Self.send(
                backend,
                "/c_items/",
                method: "POST",
                headers: headers,
                body: #"{"c_name":"a"}"#
            )
            #expect(status == 200)
        }
        #expect(await backend.documents(in: "c_items").map { $0["creatorId"] } == ["ann", "public"])
    }

    /// The query parser passes an `$elemMatch` on to MongoDB unread (crud-service `lib/QueryParser.js`,
    /// `callElemMatch` returns its operand as it is; `tests/queryParser.test.js`, "$elemMatch - Object Array
    /// RawObject"), so inside it MongoDB's operators work, `$nor` and `$not` too, which the parser refuses elsewhere.
    @Test func anElementMatchTakesMongoDBsOperators() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(
            [
                ["c_name": "a", "c_parts": [["c_label": "bolt"], ["c_label": "nut"]], "c_tags": ["x"]],
                ["c_name": "b", "c_parts": [["c_label": "bolt"]], "c_tags": ["x", "y"]],
            ],
            into: "c_items"
        )
        for (filter, names) in [
            (#"{"c_parts":{"$elemMatch":{"$nor":[{"c_label":"bolt"}]}}}"#, ["a"]),
            (#"{"c_tags":{"$elemMatch":{"$not":{"$eq":"x"}}}}"#, ["b"]),
        ] {
            let (status, answer) = try await Self.send(backend, "/c_items/", [("_q", filter)])
            #expect(status == 200 && Self.names(answer) == names, "\(filter): \(answer)")
        }
        let (status, answer) = try await Self.send(backend, "/c_items/", [("_q", #"{"$nor":[{"c_name":"a"}]}"#)])
        #expect(status == 400 && answer["message"] == "Unknown operator: $nor", "\(answer)")
    }

    /// The query parser passes `$exists`'s operand on as it is (crud-service `lib/QueryParser.js`, `callExists`), and
    /// MongoDB reads it by its truth: `{"$exists": 1}` is `true`, `0` and `null` are `false`.
    @Test func existsTakesAnyOperandByItsTruth() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["c_name": "a", "c_count": 1], ["c_name": "b"]], into: "c_items")
        for (operand, names) in [("1", ["a"]), ("0", ["b"]), ("null", ["b"]), (#""yes""#, ["a"])] {
            let (status, answer) = try await Self.send(
                backend,
                "/c_items/",
                [("_q", #"{"c_count":{"$exists":\#(operand)}}"#)]
            )
            #expect(status == 200 && Self.names(answer) == names, "\(operand): \(answer)")
        }
    }

    /// A filter's operator the query parser doesn't take is refused in its words: "Unknown operator" beside the
    /// fields, "Unsupported operator" of a field (crud-service `lib/QueryParser.js`, `traverse`;
    /// `tests/queryParser.test.js`).
    @Test func refusedOperatorsAreWordedAsTheQueryParserWordsThem() async throws {
        let backend = InMemoryBackend(.mia)
        for (filter, message) in [
            (#"{"$nor":[{"c_name":"a"}]}"#, "Unknown operator: $nor"),
            (#"{"c_name":{"$not":{"$eq":"a"}}}"#, "Unsupported operator: $not"),
        ] {
            let (status, answer) = try await Self.send(backend, "/c_items/", [("_q", filter)])
            #expect(status == 400 && answer["message"]?.stringValue == message, "\(answer)")
        }
    }

    /// An upsert's `$setOnInsert` takes the collection's fields, not `__STATE__` nor the service's own (crud-service
    /// `lib/JSONSchemaGenerator.js`, `propertiesUpsertCommandsValidation`).
    @Test func anUpsertCantSetTheServicesOwnFieldsOnInsert() async throws {
        let backend = InMemoryBackend(.mia)
        for field in ["__STATE__", "creatorId"] {
            let (status, _) = try await Self.send(
                backend,
                "/c_items/upsert-one",
                method: "POST",
                body: #"{"$setOnInsert":{"\#(field)":"PUBLIC"}}"#
            )
            #expect(status == 400, "\(field)")
        }
        #expect(await backend.documents(in: "c_items").isEmpty)
    }

    /// The ACL headers the service reads: `acl_rows` a filter every request's documents must also match,
    /// `acl_read_columns` the fields an answer may have, `acl_write_columns` the fields a PATCH may change
    /// (crud-service `lib/resolveMongoQuery.js`, `lib/projectionUtils.js`, `lib/QueryParser.js`,
    /// `lib/httpInterface.js` `getEditableFields`; `tests/httpInterface.getList.test.js` "with acl_rows").
    @Test func theACLHeadersFilterProjectAndGuardWrites() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(
            [
                ["_id": .string(Self.first), "c_name": "a", "c_count": 1],
                ["_id": "660000000000000000000002", "c_name": "b", "c_count": 5],
            ],
            into: "c_items"
        )
        let rows = ["acl_rows": #"{"c_count":{"$gt":1}}"#]
        var (status, answer) = try await Self.send(backend, "/c_items/", headers: rows)
        #expect(Self.names(answer) == ["b"], "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/count", headers: ["acl_rows": #"[{"c_name":"a"}]"#])
        #expect(answer == 1)
        (status, _) = try await Self.send(backend, "/c_items/\(Self.first)", headers: rows)
        #expect(status == 404)

        let read = ["acl_read_columns": "c_name"]
        (status, answer) = try await Self.send(backend, "/c_items/", [("_p", "c_name,c_count")], headers: read)
        #expect(answer.arrayValue?.first == ["_id": .string(Self.first), "c_name": "a"], "\(answer)")
        (status, answer) = try await Self.send(backend, "/c_items/\(Self.first)", headers: read)
        #expect(answer == ["_id": .string(Self.first), "c_name": "a"], "\(answer)")
        (status, _) = try await Self.send(backend, "/c_items/", [("_rawp", #"{"c_name":0}"#)], headers: read)
        #expect(status == 400)

        let write = ["acl_write_columns": "c_count"]
        (status, answer) = try await Self.send(
            backend,
            "/c_items/\(Self.first)",
            method: "PATCH",
            headers: write,
            body: #"{"$set":{"c_name":"z"}}"#
        )
        #expect(status == 500 && answer["message"] == #"You cannot edit "c_name" field"#, "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/c_items/\(Self.first)",
            method: "PATCH",
            headers: write.merging(read) { a, _ in a },
            body: #"{"$inc":{"c_count":1}}"#
        )
        #expect(status == 200 && answer == ["_id": .string(Self.first), "c_name": "a"], "\(answer)")
        #expect(await backend.documents(in: "c_items").first?["c_count"] == 2)
    }

    /// Each update operator's schema lists only the fields of the kinds it takes: `$inc` and `$mul` numbers (a JSON
    /// Schema `number`, not an `integer`: `getPropertiesFilteredByType` compares the type with `'number'`),
    /// `$push`, `$pull` and `$addToSet` arrays, `$currentDate` dates (crud-service `lib/JSONSchemaGenerator.js`,
    /// `propertiesPatchCommandsValidation`); another is an additional property, which the error handler words as its
    /// own 400 (`tests/httpInterface.patchById.special.test.js`, `$addToSet` of a string field). The backend knows
    /// the kinds from the registered model: `c_count` is an `Int`, `c_price` a `Double`.
    @Test func anUpdateOperatorTakesOnlyTheFieldsOfItsKind() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([
            Item(id: ObjectID(Self.first)!, name: "a", count: 2, price: 1.5, active: true, tags: ["x"])
        ])
        for (name, field) in [
            ("$addToSet", "c_name"), ("$push", "c_count"), ("$pull", "c_active"), ("$inc", "c_name"),
            ("$mul", "c_tags"), ("$currentDate", "c_count"), ("$inc", "c_count"), ("$mul", "c_count"),
        ] {
            let value = name == "$currentDate" ? "true" : "1"
            let (status, answer) = try await Self.send(
                backend,
                "/c_items/\(Self.first)",
                method: "PATCH",
                body: #"{"\#(name)":{"\#(field)":\#(value)}}"#
            )
            #expect(status == 400, "\(name) \(field): \(answer)")
            #expect(
                answer["message"]?.stringValue
                    == #"body/\#(name) must NOT have additional properties. Property "\#(field)" is not defined in validation schema"#,
                "\(answer)"
            )
            #expect(answer["code"] == nil, "the error handler's own error: \(answer)")
        }
        let (status, answer) = try await Self.send(
            backend,
            "/c_items/\(Self.first)",
            method: "PATCH",
            body: #"{"$inc":{"c_price":1},"$addToSet":{"c_tags":"y"},"$currentDate":{"c_when":true}}"#
        )
        #expect(status == 200 && answer["c_price"] == 2.5 && answer["c_tags"] == ["x", "y"], "\(answer)")
        #expect(await backend.documents(in: "c_items").first?["c_name"] == "a")
    }

    /// A property the body's schema leaves out is an additional property at the pointer of the object it is in, which
    /// the error handler words as its own 400, without Fastify's code (crud-service `index.js`, `customErrorHandler`):
    /// a field the service sets itself, which the create's and the PATCH's schemas don't list
    /// (`lib/JSONSchemaGenerator.js`, `collectionFieldsProperties` skips `mandatoryFields`;
    /// `tests/expectedSchemas/booksNewPostSchema.js`), `__STATE__` in a PATCH, a field the collection doesn't have in
    /// `$set` (`tests/httpInterface.patchById.special.test.js`, `body/$set must NOT have additional properties`), and
    /// an operator the PATCH doesn't take.
    @Test func aPropertyTheSchemaLeavesOutIsAnAdditionalProperty() async throws {
        let backend = InMemoryBackend(.mia)
        await backend.register(Item.self)
        try await backend.insert([["_id": .string(Self.first), "c_name": "a"]], into: "c_items")
        let path = "/c_items/\(Self.first)"
        for (method, path, body, pointer, property) in [
            ("POST", "/c_items/", #"{"c_name":"b","createdAt":"2020-01-01T00:00:00.000Z"}"#, "body", "createdAt"),
            ("POST", "/c_items/", #"{"_id":"660000000000000000000009"}"#, "body", "_id"),
            ("PATCH", path, #"{"$set":{"__STATE__":"PUBLIC"}}"#, "body/$set", "__STATE__"),
            ("PATCH", path, #"{"$unset":{"updaterId":true}}"#, "body/$unset", "updaterId"),
            ("PATCH", path, #"{"$set":{"c_nope":1}}"#, "body/$set", "c_nope"),
            ("PATCH", path, #"{"$rename":{"c_name":"c_label"}}"#, "body", "$rename"),
        ] {
            let (status, answer) = try await Self.send(backend, path, method: method, body: body)
            let message =
                "\(pointer) must NOT have additional properties. Property \"\(property)\" is not defined in validation "
                + "schema"
            #expect(status == 400, "\(body): \(answer)")
            #expect(answer == ["statusCode": 400, "error": "Bad Request", "message": .string(message)], "\(answer)")
        }
        #expect(await backend.documents(in: "c_items").count == 1)
    }

    /// An update MongoDB fails is the service's 500, MongoDB's message passed on: a field under two operators, a
    /// field of a value that is no object, an array operator on a value that is no array, `$inc` of a value that is
    /// no number (crud-service `lib/httpInterface.js`, `handlePatchId`, which handles no MongoDB error;
    /// `tests/httpInterface.patchById.special.test.js`, "should return 500").
    @Test func anUpdateMongoDBFailsIsAServerError() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert([["_id": .string(Self.first), "c_name": "a"]], into: "c_items")
        for body in [
            #"{"$set":{"c_name":"b"},"$unset":{"c_name":true}}"#, #"{"$set":{"c_name.x":1}}"#,
            #"{"$push":{"c_name":1}}"#, #"{"$inc":{"c_name":1}}"#,
        ] {
            let (status, answer) = try await Self.send(backend, "/c_items/\(Self.first)", method: "PATCH", body: body)
            #expect(status == 500 && answer["error"] == "Internal Server Error", "\(body): \(answer)")
        }
        #expect(await backend.documents(in: "c_items").first?["c_name"] == "a")
    }
}

extension InMemoryBackendMiaTests {
    /// The CRUD service hands its projection to MongoDB (crud-service `lib/projectionUtils.js`,
    /// `resolveProjection`), whose projection of a dotted path goes through an array of documents: `_p=c_parts.c_label`
    /// keeps each element's label (an element without one stays an empty document, one that is no document is left
    /// out), and an exclusion leaves the path out of each element.
    @Test func aProjectionReachesIntoAnArrayOfDocuments() async throws {
        let backend = InMemoryBackend(.mia)
        try await backend.insert(
            [
                [
                    "c_name": "a",
                    "c_parts": [["c_label": "bolt", "c_qty": 1], ["c_qty": 2], 5, [["c_label": "nut", "c_qty": 3]]],
                ]
            ],
            into: "c_items"
        )
        var (status, answer) = try await Self.send(backend, "/c_items/", [("_p", "c_parts.c_label,c_parts.c_qty")])
        #expect(status == 200, "\(answer)")
        #expect(
            answer[0]?["c_parts"]
                == [["c_label": "bolt", "c_qty": 1], ["c_qty": 2], [["c_label": "nut", "c_qty": 3]]],
            "\(answer)"
        )
        (status, answer) = try await Self.send(backend, "/c_items/", [("_p", "c_parts.c_label")])
        #expect(answer[0]?["c_parts"] == [["c_label": "bolt"], [:], [["c_label": "nut"]]], "\(answer)")
        #expect(answer[0]?["c_name"] == nil)
        (status, answer) = try await Self.send(backend, "/c_items/", [("_rawp", #"{"c_parts.c_qty":0}"#)])
        #expect(status == 200, "\(answer)")
        #expect(answer[0]?["c_parts"] == [["c_label": "bolt"], [:], 5, [["c_label": "nut"]]], "\(answer)")
        #expect(answer[0]?["c_name"] == "a")
    }
}

extension InMemoryBackendMiaTests {
    /// A PATCH the service's schema refuses names the property in the client's refusal, as a create's does, though
    /// the service's message points into the update operator (`body/$set must NOT have additional properties.
    /// Property "c_nope" …`, `body/$set/c_count must be number`).
    @Test func aPatchRefusalNamesThePropertyNotItsOperator() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        await backend.register(Item.self)
        let client = backend.client()
        let item = try await client.create(Item.Create(name: "x"))
        for (operation, field) in [
            (PatchOperation(path: "c_nope", kind: .set(.value(.string("c")))), "c_nope"),
            (PatchOperation(path: "createdAt", kind: .set(.value(.string("c")))), "createdAt"),
            (PatchOperation(path: "c_count", kind: .set(.value(.string("c")))), "c_count"),
            (PatchOperation(path: "c_name", kind: .push([.value(.string("c"))])), "c_name"),
        ] {
            let error = await #expect(throws: ModelClientError.self) {
                _ = try await client.update(item.id, HandWrittenPatch<Item>(operations: [operation]))
            }
            #expect(error?.refusal == .validation(fields: [field]), "\(String(describing: error))")
        }
    }
}

extension InMemoryBackendMiaTests {
    /// `/upsert-one` seeds the document it creates with the query's equalities and `$setOnInsert`, whose date
    /// field's value the query parser casts as it casts a `$set`'s (crud-service `lib/QueryParser.js`, `traverse` and
    /// `traverseCommands`): stored as the instant it names, answered in UTC with milliseconds.
    @Test func anUpsertSeedsADateAsTheInstantItNames() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        await backend.register(Item.self)
        var (status, answer) = try await Self.send(
            backend,
            "/c_items/upsert-one",
            [("c_when", "2026-03-01T01:00:00+01:00")],
            method: "POST",
            body: #"{"$set":{"c_name":"a"}}"#
        )
        #expect(status == 200 && answer["c_when"] == "2026-03-01T00:00:00.000Z", "\(answer)")
        (status, answer) = try await Self.send(
            backend,
            "/c_items/upsert-one",
            [("_q", #"{"c_name":"b"}"#)],
            method: "POST",
            body: #"{"$set":{"c_count":1},"$setOnInsert":{"c_when":"2026-03-02T02:00:00+02:00"}}"#
        )
        #expect(status == 200 && answer["c_when"] == "2026-03-02T00:00:00.000Z", "\(answer)")
        #expect(answer["c_name"] == "b", "\(answer)")
    }
}

extension InMemoryBackendMiaTests {
    /// Many field parameters each filter, a name given twice by its last value. Without a registered model every name
    /// is a field; they are read in time linear in their number (`InMemoryBenchmark`'s hostile requests measure it):
    /// 100,000 of them, each looked up through all the others, took minutes.
    @Test func manyFieldParametersEachFilter() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        let (status, created) = try await Self.send(backend, "/c_items/", method: "POST", body: #"{"c_name":"a"}"#)
        #expect(status == 200, "\(created)")
        let query = (0..<2_000).map { ("f\($0)", "x") } + [("c_name", "b"), ("c_name", "a")]
        let (listed, answer) = try await Self.send(backend, "/c_items/count", query)
        // No document has the `f…` fields, so none is counted.
        #expect(listed == 200 && answer == 0, "\(answer)")
        // `c_name` by its last value alone: the document is counted.
        let (_, named) = try await Self.send(backend, "/c_items/count", [("c_name", "b"), ("c_name", "a")])
        #expect(named == 1, "\(named)")
    }
}
