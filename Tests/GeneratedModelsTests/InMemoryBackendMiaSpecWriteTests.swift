import BlockingTestSupport
import Foundation
import GoldenRealMia
import ModelRuntime
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// More of crud-service's own HTTP tests (mia-platform/crud-service @ bd427899, `tests/httpInterface.<route>.test.js`):
// `/export`, `POST /`, `POST /bulk`, `POST /validate`, `PATCH /`, `PATCH /bulk` and `POST /upsert-one`, with the
// seeding, the cases and the checks of `InMemoryBackendMiaSpecTests`. Cases that need views, `/join`, `/schema`,
// `/import`, encryption, geo or text search, `_rawp` aggregation expressions, or another collection definition than
// the books' and the stations' are left out.

extension InMemoryBackendMiaSpecTests {
    // MARK: GET /export

    static let getExport = "tests/httpInterface.getExport.test.js"

    /// The cases of the export's table (`tests`, lines 86-588) that are a case of the list's table of the same name,
    /// with the same documents found (both derive them from `publicFixtures` the same way): each export line and the
    /// list case's name. Under `/export` the list's limits don't apply, nor does its sort by `_id` differ.
    static let exportedListCases: [(line: Int, name: String)] = [
        (88, "with sorting"), (96, "with invert sorting"), (117, "without filters"),
        (129, "with multiple sorting COMMA"), (138, "with multiple invert sorting COMMA"),
        (147, "with multiple: normal sorting for first, invert second MULTIPLE QUERYSTRING"),
        (156, "with multiple: normal sorting for first, invert for second with subfield, normal for third COMMA"),
        (166, "with multiple: normal sorting for first and second (nested array) MULTIPLE QUERYSTRING"),
        (175, "with multiple sorting, first RawObject and second normal field"), (184, "with skip and limit"),
        (196, "with projection"), (203, "with query filter"), (210, "with filter"), (217, "with filter regex"),
        (224, "with non-matching filter"), (231, "with filter with null values"),
        (238, "with filter by additionalInfo nested with dot notation"),
        (247, "with filter by additionalInfo nested with dot notation with a command"), (256, "$exists: false"),
        (265, "with filter by additionalInfo nested without dot notation (only one level)"), (313, "with acl_rows"),
        (320, "with acl_rows and query filter"), (327, "with acl_rows and filter"), (334, "with acl_read_columns"),
        (342, "with acl_read_columns > projection"), (350, "with acl_read_columns < projection"),
        (358, "with acl_read_columns intersect projection"), (366, "with acl_read_columns not intersect projection"),
        (374, "with state"), (382, "with state DRAFT"), (391, "with state DRAFT,PUBLIC"),
        (400, "$elemMatch array rawobject array"), (413, "$elemMatch array rawobject string"),
        (426, "filter on nested object with dot notation"), (463, "filter on nested object with aclRows"),
        (482, "correct project on nested object and nested array of object with _p"),
        (504, "correct project on inexistent field with _p"),
        (516, "use of $ operator for array element condition into _p"),
        (530, "wrong project with _p returns only the _id"), (540, "use of raw projection in url"),
        (548, "use of raw projection in url with only PUBLIC documents"),
        (556, "use of raw projection in url with _q"), (564, "use of raw projection in url with _q with acl_columns"),
        (577, "use of raw projection exclusive which do not intersect acls"),
    ]

    static let exportCases: [Case] =
        exportedListCases.map { line, name in
            guard var test = listCases.first(where: { $0.name == name }) else {
                return Case(file: getExport, line: line, name: "no list case \(name)", url: "/", expected: .notFound)
            }
            test = Case(
                file: getExport,
                line: line,
                name: name,
                url: "/export" + test.url.dropFirst(),
                rows: test.rows,
                readColumns: test.readColumns,
                expected: test.expected
            )
            return test
        } + [
            Case(
                file: getExport,
                line: 104,
                name: "with delimiter specifier",
                url: #"/export?_exportOpts={"delimiter":";"}"#,
                expected: .books(publicBooks)
            )
        ]

    /// Each case as `EXPORT json <name>` sends it (line 723), its answer a JSON array.
    @Test(arguments: exportCases) func exportJSONCase(_ test: Case) async throws {
        var test = test
        test.headers["Accept"] = "application/json"
        try await Self.run(test)
    }

    /// Each case as `EXPORT x-ndjson <name>` sends it (line 690), its answer a document a line.
    @Test(arguments: exportCases) func exportNDJSONCase(_ test: Case) async throws {
        let backend = try await Self.backend()
        let (status, answer) = try await Self.exported(test, backend)
        try Self.check(test, status, answer)
    }

    /// Sends `test` to the books' `/export` without an `Accept` header, and reads its NDJSON answer as an array.
    static func exported(
        _ test: Case,
        from collection: String = Books.pluralName,
        _ backend: InMemoryBackend
    ) async throws -> (status: Int, body: JSONValue) {
        let (path, items) = query(of: test.url)
        var headers = test.headers
        if let rows = test.rows { headers["acl_rows"] = rows }
        if let columns = test.readColumns { headers["acl_read_columns"] = columns }
        let request = try RenderedRequest(
            path: "/\(collection)" + path,
            queryItems: items.map { URLQueryItem(name: $0.0, value: $0.1) },
            headers: headers
        )
        .urlRequest(relativeTo: backend.baseURL)
        let (data, response) = try await backend.send(request)
        guard response.statusCode == 200 else {
            return (response.statusCode, (try? JSONValue(parsing: data)) ?? .null)
        }
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/x-ndjson", "\(test)")
        let lines = try data.split(separator: UInt8(ascii: "\n")).map { try JSONValue(parsing: Data($0)) }
        return (response.statusCode, .array(lines))
    }

    /// `GET /export?_id=` of a station, whose `_id` is a string ("HTTP GET /export with _id in querystring",
    /// "without filters", line 1129), as NDJSON and as JSON.
    @Test func exportByStringID() async throws {
        let test = Case(
            file: Self.getExport,
            line: 1129,
            name: "without filters",
            url: "/export?_id=\(Self.station)",
            expected: .stations([0])
        )
        let backend = try await Self.backend()
        let (status, answer) = try await Self.exported(test, from: "stations-endpoint", backend)
        try Self.check(test, status, answer)
        var json = test
        json.headers["Accept"] = "application/json"
        try await Self.run(json, on: "stations-endpoint")
    }
}

extension InMemoryBackendMiaSpecTests {
    // MARK: POST /

    static let postList = "tests/httpInterface.postList.test.js"

    /// `DOC` (line 29), its `publishDate` (`new Date()`) fixed.
    static let newBook = #"""
        {"name":"foo","isbn":"aaaaa","price":33.33,"publishDate":"2026-01-01T10:00:00.000Z",
         "additionalInfo":{"stuff":[2,3,4,5,"hei"],"morestuff":{"hi":"ciao"}},
         "attachments":[{"name":"me"},{"name":"another","other":"stuff"}],"position":[0,0]}
        """#

    /// `STATION_DOC` (line 51).
    static let newStation = #"""
        {"Cap":25040,"CodiceMIR":"S01788","Comune":"Borgonato","Direttrici":["D028"],
         "Indirizzo":"Via Stazione, 24","country":"it"}
        """#

    /// `body` (JSON) with `members` (JSON) merged in, as the tests spread `...DOC`.
    static func merging(_ body: String, _ members: String) throws -> String {
        guard case .object(var merged) = try JSONValue(parsing: Data(body.utf8)),
            case .object(let more) = try JSONValue(parsing: Data(members.utf8))
        else { return body }
        for (key, value) in more { merged[key] = value }
        return String(decoding: try JSONValue.object(merged).jsonData(sortedKeys: true), as: UTF8.self)
    }

    /// A date is stored as a JavaScript `Date` holds it, the digits past its millisecond dropped (`castDate` is
    /// `new Date(text)`): `.0005` is `.000` and `59.9996` is `59.999`, where rounding gave `.001` and the next second.
    @Test func aDateIsStoredToItsMillisecondAsJavaScriptDropsTheRest() async throws {
        for (sent, stored) in [
            ("2026-01-01T10:00:00.0005Z", "2026-01-01T10:00:00.000Z"),
            ("2026-01-01T10:00:59.9996Z", "2026-01-01T10:00:59.999Z"),
            ("2026-01-01T10:00:00.002Z", "2026-01-01T10:00:00.002Z"),
        ] {
            let backend = try await Self.backend(books: [])
            let body = try Self.merging(Self.newBook, #"{"publishDate":"\#(sent)"}"#)
            let (status, answer) = try await Self.write(backend, body)
            #expect(status == 200, "\(answer)")
            let books = await backend.documents(in: Books.pluralName)
            #expect(books.map { $0["publishDate"] } == [.string(stored)], "\(sent)")
        }
    }

    /// Sends `body` to `collection`'s endpoint, as `POST /`, by the tests' user.
    static func write(
        _ backend: InMemoryBackend,
        _ body: String,
        to collection: String = Books.pluralName
    ) async throws -> (status: Int, body: JSONValue) {
        try await write(backend, "POST", "/", body, to: collection)
    }

    /// Sends `body` to `collection`'s `path` by `user` (by the tests' user unless given, by none for nil).
    static func write(
        _ backend: InMemoryBackend,
        _ method: String,
        _ path: String,
        _ body: String,
        to collection: String = Books.pluralName,
        user: String? = newUpdaterID
    ) async throws -> (status: Int, body: JSONValue) {
        try await send(
            Case(
                file: "",
                line: 0,
                name: "",
                method: method,
                url: path,
                body: body,
                headers: user.map { ["userId": $0] } ?? [:],
                expected: .noContent
            ),
            to: collection,
            backend
        )
    }

    /// The document `GET /<id>` answers in `states`.
    static func read(
        _ id: String,
        in states: String = "PUBLIC,DRAFT,TRASH,DELETED",
        from collection: String = Books.pluralName,
        _ backend: InMemoryBackend
    ) async throws -> (status: Int, body: JSONValue) {
        try await send(
            Case(file: "", line: 0, name: "", url: "/\(id)?_st=\(states)", expected: .noContent),
            to: collection,
            backend
        )
    }

    /// Whether `document` has every member of `body` (JSON) as it is, and the service's own fields of a document
    /// created by the tests' user in `state`.
    static func isCreated(_ document: JSONValue, from body: String, in state: String) throws -> Bool {
        guard case .object(let members) = try JSONValue(parsing: Data(body.utf8)) else { return false }
        return members.allSatisfy { document[$0.key] == $0.value }
            && document["creatorId"] == .string(newUpdaterID) && document["updaterId"] == .string(newUpdaterID)
            && document["createdAt"]?.stringValue != nil && document["updatedAt"] == document["createdAt"]
            && document["__STATE__"] == .string(state)
    }

    /// "ok" (line 63): a 200 with the new document's ObjectId, which `GET /<id>?_st=DRAFT` reads, with `DOC`'s
    /// members, the service's fields by the request's user and `__STATE__` `DRAFT`, the books' default.
    @Test func postCreatesADraftBook() async throws {
        let backend = try await Self.backend()
        let (status, answer) = try await Self.write(backend, Self.newBook)
        let id = answer["_id"]?.stringValue ?? ""
        #expect(status == 200 && id.count == 24 && id.allSatisfy(\.isHexDigit), "line 63: \(status) \(answer)")
        let (found, document) = try await Self.read(id, in: "DRAFT", backend)
        #expect(found == 200, "line 91: \(found) \(document)")
        #expect(try Self.isCreated(document, from: Self.newBook, in: "DRAFT"), "line 100: \(document)")
        #expect(await backend.documents(in: Books.pluralName).count == 9)
    }

    /// "ok with string id" (line 189): a station's new id is a string, not an ObjectId.
    @Test func postCreatesAStationWithAStringID() async throws {
        let backend = try await Self.backend()
        let (status, answer) = try await Self.write(backend, Self.newStation, to: "stations-endpoint")
        let id = answer["_id"]?.stringValue ?? ""
        #expect(status == 200 && !id.isEmpty, "line 210: \(status) \(answer)")
        #expect(!(id.count == 24 && id.allSatisfy(\.isHexDigit)), "line 268: \(id)")
        let (found, document) = try await Self.read(id, in: "DRAFT", from: "stations-endpoint", backend)
        #expect(found == 200, "line 223: \(found) \(document)")
        #expect(try Self.isCreated(document, from: Self.newStation, in: "DRAFT"), "line 233: \(document)")
    }

    /// "violate index uniqueness" (line 148): the same book twice is a 409 the second time, and only the first is
    /// stored.
    @Test func postRefusesADuplicateOfAUniqueIndex() async throws {
        let backend = try await Self.backend()
        _ = try await Self.write(backend, Self.newBook)
        let (status, answer) = try await Self.write(backend, Self.newBook)
        #expect(status == 409, "line 167: \(status) \(answer)")
        #expect(await backend.documents(in: Books.pluralName).count == 9, "line 169")
    }

    /// "with nested object with schema defined should cast correctly the values" (line 275): Ajv coerces a nested
    /// field's text to its number.
    @Test func postCoercesNestedValuesToTheirSchema() async throws {
        let backend = try await Self.backend()
        let body = try Self.merging(
            Self.newBook,
            #"""
            {"metadata":{"somethingString":"something-string","somethingNumber":"3000"},
             "attachments":[{"name":"the-attachement","detail":{"size":"10"}}]}
            """#
        )
        let (status, answer) = try await Self.write(backend, body)
        #expect(status == 200, "line 297: \(status) \(answer)")
        let (_, document) = try await Self.read(answer["_id"]?.stringValue ?? "", backend)
        #expect(document["metadata"] == ["somethingString": "something-string", "somethingNumber": 3000], "line 306")
        #expect(document["attachments"] == [["name": "the-attachement", "detail": ["size": 10]]], "line 310")
    }

    /// A body the schema refuses: its status and, when given, the error body, and nothing stored.
    static func postRefused(
        _ line: Int,
        _ name: String,
        _ body: String,
        path: String = "/",
        expected: String? = nil
    ) async throws {
        let backend = try await Self.backend()
        let before = await backend.documents(in: Books.pluralName)
        let (status, answer) = try await Self.write(backend, "POST", path, body)
        #expect(status == 400, "line \(line) \(name): \(status) \(answer)")
        if let expected {
            #expect(answer == (try JSONValue(parsing: Data(expected.utf8))), "line \(line) \(name): \(answer)")
        }
        #expect(await backend.documents(in: Books.pluralName) == before, "line \(line) \(name)")
    }

    /// A body the books' schema refuses.
    @Test func postRefusesWhatTheSchemaRefuses() async throws {
        try await Self.postRefused(172, "violate required constraints (no isbn)", #"{"name":"name1","price":23.1}"#)
        // "invalid position" (line 1124): `[0]` isn't a position (nor has the body an `isbn`).
        try await Self.postRefused(
            1124,
            "invalid position",
            #"{"name":"foo","price":33.33,"additionalInfo":{"stuff":[2,3,4,5,"hei"]},"position":[0]}"#
        )
        // A `RawObject`'s schema, and an `Array` of them's, with its `required` and `additionalProperties: false`
        // (lines 330-483), in the words Fastify and the service's error handler give them.
        let nested = [
            (
                330, "nested object field can have required properties",
                #"{"metadata":{"somethingString":"the-new-field"}}"#,
                #"{"statusCode":400,"error":"Bad Request","message":"body/metadata must have required property 'somethingNumber'","code":"FST_ERR_VALIDATION"}"#
            ),
            (
                369, "nested object can have additionalProperties false",
                #"{"metadata":{"somethingNumber":2,"somethingString":"the-new-field","unexpectedField":4}}"#,
                #"{"statusCode":400,"error":"Bad Request","message":"body/metadata must NOT have additional properties. Property \"unexpectedField\" is not defined in validation schema"}"#
            ),
            (
                408, "array of object items can have required properties",
                #"{"isbn":"the-new","attachments":[{"other":"stuff"}]}"#,
                #"{"statusCode":400,"error":"Bad Request","message":"body/attachments/0 must have required property 'name', body/attachments must be object, body/attachments must match a schema in anyOf","code":"FST_ERR_VALIDATION"}"#
            ),
            (
                447, "array of object items can have additionalProperties false",
                #"{"isbn":"the-new","attachments":[{"name":"the-name","unexpectedField":99}]}"#,
                #"{"statusCode":400,"error":"Bad Request","message":"body/attachments/0 must NOT have additional properties, body/attachments must be object, body/attachments must match a schema in anyOf. Property \"unexpectedField\" is not defined in validation schema"}"#
            ),
        ]
        for (line, name, members, expected) in nested {
            try await Self.postRefused(line, name, try Self.merging(Self.newBook, members), expected: expected)
        }
        // "standard fields" (line 1166): a body of `$set` has a property the schema doesn't know.
        for field in ["updaterId", "updatedAt", "creatorId", "createdAt", "__STATE__"] {
            try await Self.postRefused(1166, "\(field) cannot be updated", #"{"$set":{"\#(field)":"gg"}}"#)
        }
    }

    /// "allow nullable field" (lines 486-720): a nullable field takes `null`, which `GET /<id>` answers; the `null`
    /// `price` of line 511, which isn't nullable, the service's Ajv coerces to 0 (line 551).
    @Test(arguments: [
        (
            511, #"{"name":null,"isbn":"aaaaa","price":null,"publishDate":"2026-01-01T10:00:00.000Z"}"#,
            #"{"name":null,"price":0}"#
        ),
        (
            562, #"{"name":"Lord of the Rings","isbn":"abcde-31","price":37.91,"additionalInfo":null}"#,
            #"{"additionalInfo":null}"#
        ),
        (
            607, #"{"name":"Lord of the Rings","isbn":"abcde-31","price":37.91,"signature":null}"#,
            #"{"signature":null}"#
        ),
        (
            652, #"{"name":"Lord of the Rings","isbn":"abcde-31","price":37.91,"editionsDates":null}"#,
            #"{"editionsDates":null}"#
        ),
        (
            697,
            #"""
            {"name":"Lord of the Rings","isbn":"abcde-31","price":37.91,
             "metadata":{"somethingNumber":3,"somethingArrayObject":[{"arrayItemObjectChildNumber":1,"anotherObject":null}]}}
            """#,
            #"{"metadata":{"somethingNumber":3,"somethingArrayObject":[{"arrayItemObjectChildNumber":1,"anotherObject":null}]}}"#
        ),
        (750, #"{"name":"Lord of the Rings","isbn":"abcde-42","publishDate":null}"#, #"{"publishDate":null}"#),
    ])
    func postTakesANullableFieldsNull(_ line: Int, _ body: String, _ expected: String) async throws {
        let backend = try await Self.backend()
        let (status, answer) = try await Self.write(backend, try Self.merging(body, #"{"__STATE__":"PUBLIC"}"#))
        #expect(status == 200, "line \(line): \(status) \(answer)")
        let (found, document) = try await Self.read(answer["_id"]?.stringValue ?? "", in: "PUBLIC", backend)
        #expect(found == 200, "line \(line): \(found) \(document)")
        for (key, value) in try JSONValue(parsing: Data(expected.utf8)).objectValue ?? [:] {
            #expect(document.objectValue?[key] == value, "line \(line) \(key): \(document)")
        }
    }

    // MARK: POST /validate

    static let postValid = "tests/httpInterface.postValid.test.js"

    /// "valid value" (line 29): a 200 of `{"result":"ok"}`, nothing stored.
    @Test func validateTakesAValidBookWithoutStoringIt() async throws {
        let backend = try await Self.backend()
        let (status, answer) = try await Self.write(backend, "POST", "/validate", Self.newBook)
        #expect(status == 200, "line 56: \(status) \(answer)")
        #expect(await backend.documents(in: Books.pluralName).count == 8, "line 68")
    }

    @Test func validateRefusesWhatTheSchemaRefuses() async throws {
        try await Self.postRefused(
            79,
            "additionalProperty",
            #"{"name":"foo","isbn":"aaaaa","anAdditionalProperty":"notInTheModelDefinition"}"#,
            path: "/validate"
        )
        try await Self.postRefused(
            114,
            "violate required constraints (no isbn)",
            #"{"name":"name1","price":23.1}"#,
            path: "/validate"
        )
        try await Self.postRefused(
            133,
            "invalid position",
            #"{"name":"foo","price":33.33,"additionalInfo":{"stuff":[2,3,4,5,"hei"]},"position":[0]}"#,
            path: "/validate"
        )
        for field in ["updaterId", "updatedAt", "creatorId", "createdAt", "__STATE__"] {
            try await Self.postRefused(176, "\(field) cannot be updated", #"{"\#(field)":"gg"}"#, path: "/validate")
        }
    }
}

extension InMemoryBackendMiaSpecTests {
    // MARK: PATCH /

    /// A write that answers how many documents it changed: the books it changes (their digits) each take `changes`
    /// (JSON members; a `null` takes the member away) or its own of `changed`, and the request's user; every other
    /// book is as it was.
    struct Write: Sendable, CustomTestStringConvertible {
        let file: String
        let line: Int
        let name: String
        var method = "PATCH"
        var url: String
        var body: String
        var rows: String?
        var count: Int
        var books: String
        var changes: String
        var changed: [Character: String] = [:]

        var testDescription: String { "\(file):\(line) \(name)" }
    }

    /// Runs a write against a fresh backend and checks its answer and every book after it.
    static func run(_ write: Write) async throws {
        let backend = try await backend()
        let before = await backend.documents(in: Books.pluralName)
        let test = Case(
            file: write.file,
            line: write.line,
            name: write.name,
            method: write.method,
            url: write.url,
            body: write.body,
            rows: write.rows,
            headers: ["userId": newUpdaterID],
            expected: .json(200, "\(write.count)")
        )
        let (status, answer) = try await send(test, to: Books.pluralName, backend)
        try check(test, status, answer)
        let after = await backend.documents(in: Books.pluralName)
        #expect(after.count == before.count, "\(write)")
        for (old, new) in zip(before, after) {
            guard let digit = old["_id"]?.stringValue?.first, write.books.contains(digit) else {
                #expect(old == new, "\(write) changed \(old["_id"] ?? .null): \(new)")
                continue
            }
            guard case .object(var members) = old,
                case .object(let changes) = try JSONValue(parsing: Data((write.changed[digit] ?? write.changes).utf8))
            else { continue }
            for (key, value) in changes where value == .null { members.removeValue(forKey: key) }
            for (key, value) in changes where value != .null { members[key] = value }
            members["updaterId"] = .string(newUpdaterID)
            members["updatedAt"] = new["updatedAt"]
            #expect(new == .object(members), "\(write): \(new)")
            #expect(new["updatedAt"] != old["updatedAt"], "\(write): updatedAt")
        }
    }

    static let patchMany = "tests/httpInterface.patchMany.test.js"
    /// `UPDATE_COMMAND` (line 44) and what it changes.
    static let manyUpdate =
        #"{"$set":{"price":44,"attachments":[{"name":"name","stuff":23},{"other":"stuff","name":"name2"}]}}"#
    static let manyUpdated =
        #"{"price":44,"attachments":[{"name":"name","stuff":23},{"other":"stuff","name":"name2"}]}"#
    static let every = "DRAFT,PUBLIC,TRASH,DELETED"

    static func manyCase(
        _ line: Int,
        _ name: String,
        _ url: String,
        rows: String? = nil,
        _ books: String,
        body: String = manyUpdate,
        changes: String = manyUpdated
    ) -> Write {
        Write(
            file: patchMany,
            line: line,
            name: name,
            url: url,
            body: body,
            rows: rows.map { "[\($0)]" },
            count: books.count,
            books: books,
            changes: changes
        )
    }

    static let patchManyCases: [Write] = [
        manyCase(50, "update all (public)", "/", publicBooks),
        manyCase(56, "update all", "/?_st=\(every)", everyBook),
        manyCase(62, "one document", "/?_id=\(one)", "1"),
        manyCase(68, "unknown document", "/?_id=000000000000000000000000", ""),
        manyCase(74, "with matching filter", "/?_q=\(matching)", "1"),
        manyCase(80, "match multiple documents (only public)", #"/?_q={"price":{"$gt":20}}"#, "123"),
        manyCase(86, "match multiple documents", #"/?_q={"price":{"$gt":20}}&_st=\#(every)"#, "12356"),
        manyCase(92, "with non-matching filter", "/?_q=\(nonMatching)", ""),
        manyCase(98, "with matching acl_rows", "/", rows: matching, "1"),
        manyCase(104, "with non-matching acl_rows", "/", rows: nonMatching, ""),
        manyCase(110, "with matching query and matching query filter", "/?_q=\(matching)&price=33.33", "1"),
        manyCase(118, "with non-matching query and matching query filter", "/?_q=\(nonMatching)&price=33.33", ""),
        manyCase(124, "with matching query and non-matching query filter", "/?_q=\(matching)&price=34.33", ""),
        manyCase(130, "with non-matching query and non-matching query filter", "/?_q=\(nonMatching)&price=34.33", ""),
        manyCase(136, "with matching query and matching acl_rows", "/?price=33.33", rows: matching, "1"),
        manyCase(144, "with state DRAFT", "/?_st=DRAFT", "5"),
        {
            var test = manyCase(
                150,
                "update array: merge two array elements by matching query",
                #"/?_q={"attachments.name":{"$in":["note","my-name"]}}"#,
                "18",
                body: #"{"$set":{"attachments.$.merge":{"name":"renamed"}}}"#
            )
            test.changed = [
                "1": #"""
                {"attachments":[{"name":"renamed","nestedArr":[1,2,3],"detail":{"size":9}},
                                {"name":"another-note","other":"stuff"}]}
                """#,
                "8": #"{"attachments":[{"name":"renamed","nestedArr":[1,2,66]}]}"#,
            ]
            return test
        }(),
        manyCase(
            176,
            "support $unset on ObjectId properties",
            "/?_id=\(one)",
            "1",
            body: #"{"$unset":{"authorAddressId":"true"}}"#,
            changes: #"{"authorAddressId":null}"#
        ),
        manyCase(
            187,
            "support $pull on array properties",
            "/?_id=\(one)",
            "1",
            body: #"{"$pull":{"tags":"tag2"}}"#,
            changes: #"{"tags":["tag1"]}"#
        ),
        manyCase(
            196,
            "support $pull on nested array properties",
            "/?_id=\(one)",
            "1",
            body: #"{"$pull":{"metadata.somethingArrayOfNumbers":5}}"#,
            changes: #"""
                {"metadata":{"somethingNumber":2,"somethingString":"the-saved-string",
                             "somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[]}}
                """#
        ),
        manyCase(
            208,
            "support $pull on array of objects",
            "/?_id=\(one)",
            "1",
            body: #"""
                {"$pull":{"attachments":{"name":"another-note","other":"stuff"},
                          "metadata.somethingArrayObject":{"arrayItemObjectChildNumber":4}}}
                """#,
            changes: #"""
                {"metadata":{"somethingNumber":2,"somethingString":"the-saved-string","somethingArrayObject":[],
                             "somethingArrayOfNumbers":[5]},
                 "attachments":[{"name":"note","nestedArr":[1,2,3],"detail":{"size":9}}]}
                """#
        ),
    ]

    @Test(arguments: patchManyCases) func patchManyCase(_ test: Write) async throws {
        try await Self.run(test)
    }

    /// "- update Date" (line 278): `$currentDate` sets the book's `publishDate` to the request's time.
    @Test func patchManySetsTheCurrentDate() async throws {
        let backend = try await Self.backend()
        let before = await backend.documents(in: Books.pluralName)
        let (status, answer) = try await Self.write(
            backend,
            "PATCH",
            "/?_id=\(Self.one)",
            #"{"$currentDate":{"publishDate":"true"}}"#
        )
        #expect(status == 200 && answer == 1, "line 291: \(status) \(answer)")
        let after = await backend.documents(in: Books.pluralName)
        #expect(after[0]["publishDate"] != before[0]["publishDate"], "line 309: \(after[0])")
        #expect(after[0]["publishDate"] == after[0]["updatedAt"], "line 309: \(after[0])")
        #expect(Array(after.dropFirst()) == Array(before.dropFirst()), "line 306")
    }

    /// "- standard fields" (line 646): the service's own fields and `__STATE__` can't be set, nor a required field
    /// unset; nothing changes.
    @Test func patchManyRefusesTheServicesFields() async throws {
        var bodies = ["updaterId", "updatedAt", "creatorId", "createdAt", "__STATE__"].map {
            #"{"$set":{"\#($0)":"gg"}}"#
        }
        bodies += ["_id", "__STATE__", "creatorId", "createdAt", "updaterId", "updatedAt", "name", "isbn"].map {
            #"{"$unset":{"\#($0)":true}}"#
        }
        for body in bodies {
            let backend = try await Self.backend()
            let before = await backend.documents(in: Books.pluralName)
            let (status, answer) = try await Self.write(backend, "PATCH", "/", body, user: nil)
            #expect(status == 400, "line 653 \(body): \(status) \(answer)")
            #expect(await backend.documents(in: Books.pluralName) == before, "line 668 \(body)")
        }
    }

    /// "- filter with text query (_q) with not fields not included in JSON Schema returns 400" (line 686), and the
    /// same `PATCH /` in `tests/httpInterface.patchBulk.test.js` (line 1331, by another user).
    @Test(arguments: [(patchMany, 686, newUpdaterID, manyUpdate), (patchBulk, 1331, "another_user_id", bulkUpdate)])
    func patchManyRefusesAnUnknownFieldOfQ(_ file: String, _ line: Int, _ user: String, _ body: String) async throws {
        try await Self.run(
            Case(
                file: file,
                line: line,
                name: "filter with text query (_q) with not fields not included in JSON Schema returns 400",
                method: "PATCH",
                url: #"/?_q={"not_a_field":{"$gt":20}}"#,
                body: body,
                headers: ["userId": user],
                expected: .json(
                    400,
                    #"{"statusCode":400,"error":"Bad Request","message":"Unknown field: not_a_field"}"#
                )
            )
        )
    }
}

extension InMemoryBackendMiaSpecTests {
    // MARK: PATCH /bulk

    static let patchBulk = "tests/httpInterface.patchBulk.test.js"
    /// `UPDATE_COMMAND` (line 37).
    static let bulkUpdate = #"{"$set":{"price":44}}"#

    /// A command of the bulk: `filter` (JSON members) and `UPDATE_COMMAND`.
    static func command(_ filter: String, update: String = bulkUpdate) -> String {
        #"{"filter":{\#(filter)},"update":\#(update)}"#
    }

    static func bulkCase(
        _ line: Int,
        _ name: String,
        rows: String? = nil,
        _ commands: [String],
        _ books: String
    ) -> Write {
        Write(
            file: patchBulk,
            line: line,
            name: name,
            url: "/bulk",
            body: "[" + commands.joined(separator: ",") + "]",
            rows: rows.map { "[\($0)]" },
            count: books.count,
            books: books,
            changes: #"{"price":44}"#
        )
    }

    static let patchBulkCases: [Write] = [
        bulkCase(42, "without filter - one", [command(#""_id":"\#(one)""#)], "1"),
        bulkCase(57, "without filter - two", [command(#""_id":"\#(one)""#), command(#""_id":"\#(id("2"))""#)], "12"),
        bulkCase(
            78,
            "without filter - two - only the first match",
            [command(#""_id":"\#(one)""#), command(#""_id":"\#(id("2"))","price":0"#)],
            "1"
        ),
        bulkCase(
            100,
            "without filter - two - only the second match",
            [command(#""_id":"\#(one)","price":0"#), command(#""_id":"\#(id("2"))""#)],
            "2"
        ),
        bulkCase(
            122,
            "without filter - two - no one match",
            [command(#""_id":"\#(one)","price":0"#), command(#""_id":"\#(id("2"))","price":0"#)],
            ""
        ),
        bulkCase(145, "with matching acl_rows", rows: matching, [command(#""_id":"\#(one)""#)], "1"),
        bulkCase(160, "with non-matching acl_rows", rows: nonMatching, [command(#""_id":"\#(one)""#)], ""),
        bulkCase(
            175,
            "with only one matching acl_rows - first",
            rows: matching,
            [command(#""_id":"\#(one)""#), command(#""_id":"\#(id("2"))""#)],
            "1"
        ),
        bulkCase(
            196,
            "with only one matching acl_rows - second",
            rows: matching,
            [command(#""_id":"\#(id("2"))""#), command(#""_id":"\#(one)""#)],
            "1"
        ),
        bulkCase(217, "with draft - not found", rows: matching, [command(#""_id":"\#(id("5"))""#)], ""),
        // The command's `_st` is beside its filter, not in it: the draft stays out of reach.
        bulkCase(
            232,
            "with draft - found",
            rows: matching,
            [#"{"filter":{"_id":"\#(id("5"))"},"_st":"DRAFT,TRASH","update":\#(bulkUpdate)}"#],
            ""
        ),
        bulkCase(248, "without _id", rows: matching, [command(#""isbn":"fake isbn 1""#)], "1"),
        {
            var test = bulkCase(
                263,
                "update array: merge two elements of array by filter matching query",
                [
                    command(
                        #""_q":"{\"attachments.name\":\"note\"}""#,
                        update: #"{"$set":{"attachments.$.merge":{"name":"renamed"},"price":44}}"#
                    ),
                    command(
                        #""_q":"{\"attachments.name\":\"my-name\"}""#,
                        update: #"{"$set":{"attachments.$.merge":{"name":"second-renamed"},"price":44}}"#
                    ),
                ],
                "18"
            )
            test.changed = [
                "1": #"""
                {"price":44,"attachments":[{"name":"renamed","nestedArr":[1,2,3],"detail":{"size":9}},
                                           {"name":"another-note","other":"stuff"}]}
                """#,
                "8": #"{"price":44,"attachments":[{"name":"second-renamed","nestedArr":[1,2,66]}]}"#,
            ]
            return test
        }(),
        {
            var test = bulkCase(
                1107,
                "unset ObjectId property",
                [command(#""_id":"\#(one)""#, update: #"{"$unset":{"authorAddressId":"true"}}"#)],
                "1"
            )
            test.changes = #"{"authorAddressId":null}"#
            return test
        }(),
    ]

    @Test(arguments: patchBulkCases) func patchBulkCase(_ test: Write) async throws {
        try await Self.run(test)
    }

    /// "with empty list" (line 1084) and "unset required property" (line 1157): a 400 that changes nothing.
    @Test(arguments: [
        (1084, "[]"), (1157, "[" + command(#""_id":"\#(one)""#, update: #"{"$unset":{"name":true}}"#) + "]"),
    ])
    func patchBulkRefuses(_ line: Int, _ body: String) async throws {
        let backend = try await Self.backend()
        let before = await backend.documents(in: Books.pluralName)
        let (status, answer) = try await Self.write(backend, "PATCH", "/bulk", body, user: nil)
        #expect(status == 400, "line \(line): \(status) \(answer)")
        #expect(await backend.documents(in: Books.pluralName) == before, "line \(line)")
    }
}

extension InMemoryBackendMiaSpecTests {
    // MARK: POST /upsert-one

    static let upsertOne = "tests/httpInterface.upsertOne.test.js"
    /// `UPDATES` (line 32), `UPDATE_COMMAND` and `SET_ON_INSERT_COMMAND`.
    static let upserted = #"{"price":44,"attachments":[{"name":"name","stuff":23},{"name":"name2","other":"stuff"}]}"#
    static let upsertedNullName =
        #"{"name":null,"price":44,"attachments":[{"name":"name","stuff":23},{"name":"name2","other":"stuff"}]}"#

    /// A case of the upsert's tables whose filter finds the first book: it answers the book updated.
    static func upsertFound(_ line: Int, _ name: String, _ url: String, rows: String? = nil) -> Case {
        Case(
            file: upsertOne,
            line: line,
            name: name,
            method: "POST",
            url: "/upsert-one" + url,
            body: #"{"$set":\#(upserted)}"#,
            rows: rows.map { "[\($0)]" },
            headers: ["userId": newUpdaterID],
            expected: .patched("1", upserted),
            remaining: everyBook
        )
    }

    static let upsertFoundCases: [Case] = [
        upsertFound(53, "on document found", "?name=Ulysses"),
        upsertFound(84, "with matching filter", #"?_q={"price":{"$gt":32.33},"name":"Ulysses"}"#),
        upsertFound(94, "with matching acl_rows", #"?_q={"price":{"$gt":32.33},"name":"Ulysses"}"#, rows: matching),
        upsertFound(
            104,
            "with matching query and matching query filter",
            #"?_q={"price":{"$gt":32.33},"name":"Ulysses"}&price=33.33"#
        ),
        upsertFound(
            114,
            "with matching query and matching query filter",
            "?metadata.somethingNumber=2&metadata.somethingString=the-saved-string"
                + "&metadata.somethingArrayObject.0.arrayItemObjectChildNumber=4&metadata.somethingArrayOfNumbers.0=5"
        ),
        {
            var test = upsertFound(189, "unset ObjectId property on document found", "?name=Ulysses")
            test.body = #"{"$unset":{"authorAddressId":"true"}}"#
            test.expected = .patched("1", #"{"authorAddressId":null}"#)
            return test
        }(),
    ]

    @Test(arguments: upsertFoundCases) func upsertFoundCase(_ test: Case) async throws {
        try await Self.run(test)
    }

    /// "HTTP POST /upsert-one - allow nullable field" (line 237), the cases whose filter finds the first book: a
    /// `$set` of `null` keeps the member, `null`, in the book the upsert answers and stores.
    @Test(arguments: [
        (240, "?name=Ulysses", #"{"$set":\#(upsertedNullName)}"#, upsertedNullName),
        (271, "?_q=\(matching)", #"{"$set":\#(upsertedNullName)}"#, upsertedNullName),
        (281, "?_q=\(matching)", #"{"$set":\#(upsertedNullName)}"#, upsertedNullName),
        (291, "?_q=\(matching)&price=33.33", #"{"$set":\#(upsertedNullName)}"#, upsertedNullName),
        (301, "?_q=\(matching)&price=33.33", #"{"$set":{"publishDate":null}}"#, #"{"publishDate":null}"#),
    ])
    func upsertSetsANullableFieldsNull(_ line: Int, _ url: String, _ body: String, _ changes: String) async throws {
        let backend = try await Self.backend()
        let before = await backend.documents(in: Books.pluralName)
        let (status, answer) = try await Self.send(
            Case(
                file: Self.upsertOne,
                line: line,
                name: "allow nullable field",
                method: "POST",
                url: "/upsert-one" + url,
                body: body,
                rows: line == 281 ? "[\(Self.matching)]" : nil,
                headers: ["userId": Self.newUpdaterID],
                expected: .noContent
            ),
            to: Books.pluralName,
            backend
        )
        let stored = await backend.documents(in: Books.pluralName)
        guard case .object(var expected) = before[0] else { return }
        for (key, value) in try JSONValue(parsing: Data(changes.utf8)).objectValue ?? [:] { expected[key] = value }
        expected["updaterId"] = .string(Self.newUpdaterID)
        expected["updatedAt"] = stored[0]["updatedAt"]
        #expect(status == 200 && stored[0] == .object(expected), "line \(line): \(status) \(stored[0])")
        #expect(
            answer["name"] == stored[0]["name"] && answer["publishDate"] == stored[0]["publishDate"],
            "line \(line)"
        )
        #expect(Array(stored.dropFirst()) == Array(before.dropFirst()), "line \(line)")
    }

    /// The cases whose filter finds nothing: a new book from the filter's equalities and the update, answered within
    /// `acl_read_columns` `_id,name,price,attachments`, stored with the service's fields by the request's user.
    @Test(arguments: [
        (63, "?name=Muahahahahahah", #"{"$set":\#(upserted)}"#, "Muahahahahahah", upserted),
        (73, "?name=Muahahahahahah", #"{"$setOnInsert":\#(upserted)}"#, "Muahahahahahah", upserted),
        (250, "?price=44.0", #"{"$set":\#(upsertedNullName)}"#, nil, upsertedNullName),
        (260, "?price=44.0", #"{"$set":\#(upsertedNullName)}"#, nil, upsertedNullName),
    ])
    func upsertInserts(_ line: Int, _ url: String, _ body: String, _ name: String?, _ fields: String) async throws {
        let backend = try await Self.backend()
        let (status, answer) = try await Self.send(
            Case(
                file: Self.upsertOne,
                line: line,
                name: "unknown document, insert new one",
                method: "POST",
                url: "/upsert-one" + url,
                body: body,
                readColumns: "_id,name,price,attachments",
                headers: ["userId": Self.newUpdaterID],
                expected: .noContent
            ),
            to: Books.pluralName,
            backend
        )
        var members = answer.objectValue ?? [:]
        #expect(status == 200 && members.removeValue(forKey: "_id") != nil, "line \(line): \(status) \(answer)")
        if let name { #expect(members.removeValue(forKey: "name") == .string(name), "line \(line): \(answer)") }
        #expect(JSONValue.object(members) == (try JSONValue(parsing: Data(fields.utf8))), "line \(line): \(answer)")
        let stored = await backend.documents(in: Books.pluralName)
        #expect(stored.count == 9, "line \(line)")
        let document = stored.last ?? .null
        #expect(document["price"] == 44 && document["updaterId"] == .string(Self.newUpdaterID), "line \(line)")
        #expect(document["attachments"] == answer["attachments"], "line \(line): \(document)")
        #expect(
            document["creatorId"] != nil && document["createdAt"] != nil && document["__STATE__"] != nil,
            "line \(line): \(document)"
        )
    }

    /// "MP4-472: updaterId null on insert" (lines 397-597): a book the upsert creates is by the request's user, and
    /// by `public` without one, or with an empty, `null` or `undefined` one.
    @Test(arguments: [
        (
            398, #"{"$set":{"name":"doc1","isbn":"isbn0000001","price":100}}"#, "my-totally-new-user",
            "my-totally-new-user"
        ),
        (
            425, #"{"$setOnInsert":{"name":"doc2","isbn":"isbn0000002","price":100}}"#, "my-totally-new-user",
            "my-totally-new-user"
        ),
        (
            452, #"{"$setOnInsert":{"name":"doc3","isbn":"isbn0000003"},"$set":{"price":100}}"#, "my-totally-new-user",
            "my-totally-new-user"
        ),
        (481, #"{"$setOnInsert":{"name":"doc3","isbn":"isbn0000003"},"$set":{"price":100}}"#, nil, "public"),
        (510, #"{"$setOnInsert":{"name":"doc3","isbn":"isbn0000003"},"$set":{"price":100}}"#, "", "public"),
        (539, #"{"$setOnInsert":{"name":"doc3","isbn":"isbn0000003"},"$set":{"price":100}}"#, "null", "public"),
        (568, #"{"$setOnInsert":{"name":"doc3","isbn":"isbn0000003"},"$set":{"price":100}}"#, "undefined", "public"),
    ])
    func upsertInsertsByTheRequestsUser(_ line: Int, _ body: String, _ user: String?, _ updater: String) async throws {
        let backend = try await Self.backend()
        let (status, answer) = try await Self.write(
            backend,
            "POST",
            "/upsert-one?name=i-dont-exisist",
            body,
            user: user
        )
        #expect(status == 200 && answer["updatedAt"]?.stringValue != nil, "line \(line): \(status) \(answer)")
        #expect(answer["updaterId"] == .string(updater), "line \(line): \(answer)")
    }
}

extension InMemoryBackendMiaSpecTests {
    // MARK: POST /bulk

    static let postBulk = "tests/httpInterface.postBulk.test.js"

    /// `DOCS` (line 29), the first's `publishDate` (`new Date()`) fixed.
    static let newBooks = #"""
        [{"name":"foo","isbn":"aaaaaa","price":33.33,"publishDate":"2026-01-01T10:00:00.000Z","position":[4.1,4.3,2.1],
          "additionalInfo":{"footnotePages":[2,3,5,23,3],"notes":{"mynote":"good"}},
          "attachments":[{"name":"me"},{"name":"another","size":50,"more":["stuff"]}]},
         {"name":"bar","isbn":"bbbbbb","price":20.0,"position":[2.1,8.5],"isPromoted":true},
         {"name":"foobar","isbn":"cccccc","price":10.0}]
        """#

    /// Sends `body` to the books' `POST /bulk`; answers its status, the ids it answers in order, and its answer.
    static func bulkCreated(
        _ backend: InMemoryBackend,
        _ body: String
    ) async throws -> (status: Int, ids: [String], answer: JSONValue) {
        let (status, answer) = try await write(backend, "POST", "/bulk", body)
        return (status, answer.arrayValue?.compactMap { $0["_id"]?.stringValue } ?? [], answer)
    }

    /// "ok" (line 70): a 200 with the new ids in order, each a draft `GET /<id>?_st=DRAFT` reads with its body's
    /// members and the service's fields by the request's user.
    @Test func postBulkCreatesDraftBooks() async throws {
        let backend = try await Self.backend()
        let (status, ids, answer) = try await Self.bulkCreated(backend, Self.newBooks)
        #expect(status == 200 && ids.count == 3, "line 82: \(status) \(answer)")
        let bodies = try JSONValue(parsing: Data(Self.newBooks.utf8)).arrayValue ?? []
        for (id, body) in zip(ids, bodies) {
            let (found, document) = try await Self.read(id, in: "DRAFT", backend)
            #expect(found == 200, "line 107: \(found) \(document)")
            let text = String(decoding: try body.jsonData(sortedKeys: true), as: UTF8.self)
            #expect(try Self.isCreated(document, from: text, in: "DRAFT"), "line 117: \(document)")
        }
    }

    /// "violate index uniqueness" (line 166): the second `isbn` `aaaa` is a 409 that keeps the first.
    @Test func postBulkKeepsTheBooksBeforeADuplicate() async throws {
        let backend = try await Self.backend()
        let (status, answer) = try await Self.write(
            backend,
            "POST",
            "/bulk",
            #"[{"name":"name1","isbn":"aaaa"},{"name":"name2","isbn":"aaaa"}]"#
        )
        #expect(status == 409, "line 187: \(status) \(answer)")
        let stored = await backend.documents(in: Books.pluralName)
        #expect(stored.count == 9 && stored.last?["name"] == "name1", "line 192")
    }

    /// "bulk bigger than 1 MB" (line 195): 50,000 books in one request, each with its own `isbn` under the unique
    /// index, are all stored. Each is checked against an index of the collection's values, kept up to date as the
    /// request stores them: a pass over the stored books for each took minutes, and the port had left this case out.
    @Test func postBulkStoresFiftyThousandBooks() async throws {
        let backend = try await Self.backend()
        let count = 50_000
        let body = "[" + (0..<count).map { #"{"name":"\#($0)","isbn":"\#($0)"}"# }.joined(separator: ",") + "]"
        let created = await result(within: 120, "a bulk create of \(count) books") {
            try await Self.bulkCreated(backend, body)
        }
        let (status, ids, _) = try #require(try created?.get())
        #expect(status == 200 && ids.count == count, "line 215: \(status)")
        #expect(await backend.documents(in: Books.pluralName).count == 8 + count, "line 220")
    }

    /// A `$set` of each of a book's many attachments, whose schema takes no member it doesn't define: the members the
    /// model keeps without defining them are listed once for the whole body. Each field listed them again, decoding
    /// the whole book each time, which made the check quadratic in the attachments.
    @Test func aSetOfManyClosedElementsIsCheckedInLinearTime() async throws {
        let backend = try await Self.backend()
        let count = 5_000
        let attachments = (0..<count).map { #"{"name":"a\#($0)"}"# }.joined(separator: ",")
        let book = #"{"name":"many","isbn":"many-attachments","__STATE__":"PUBLIC","attachments":[\#(attachments)]}"#
        let (status, created) = try await Self.write(backend, book)
        let id = try #require(created["_id"]?.stringValue, "\(status) \(created)")
        let sets = (0..<count).map { #""attachments.\#($0)":{"name":"b\#($0)"}"# }.joined(separator: ",")
        let patched = await result(within: 60, "a $set of \(count) attachments") {
            try await Self.write(backend, "PATCH", "/\(id)", #"{"$set":{\#(sets)}}"#)
        }
        let (patchStatus, answer) = try #require(try patched?.get())
        #expect(patchStatus == 200, "\(answer)")
        let stored = await backend.documents(in: Books.pluralName).first { $0["_id"] == .string(id) }
        #expect(stored?["attachments"]?[count - 1]?["name"] == .string("b\(count - 1)"))
    }

    /// "violate required constraints (no isbn)" (line 225) and "MP4-523: invalid date should return 400" (line 561):
    /// a 400 that stores none of the books.
    @Test func postBulkRefusesWhatTheSchemaRefuses() async throws {
        try await Self.postRefused(225, "violate required constraints (no isbn)", #"[{"name":"name1"}]"#, path: "/bulk")
        let pattern = #"^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?(Z|[+-]\\d{2}:\\d{2}))?$"#
        try await Self.postRefused(
            561,
            "MP4-523: invalid date should return 400",
            #"[{"name":"New Book","isbn":"new-book-isbn1","publishDate":"AA2018-10-10"}]"#,
            path: "/bulk",
            expected: #"""
                {"statusCode":400,"error":"Bad Request","code":"FST_ERR_VALIDATION",
                 "message":"body/0/publishDate must match pattern \"\#(pattern)\""}
                """#
        )
    }

    /// "allow nullable field" (line 250): `name` takes `null`; `price` isn't nullable, and the service's Ajv
    /// coerces the first book's `null` to 0 (line 344).
    @Test func postBulkTakesANullableFieldsNull() async throws {
        let backend = try await Self.backend()
        let (status, ids, answer) = try await Self.bulkCreated(
            backend,
            #"""
            [{"name":null,"isbn":"aaaaaa","price":null,"publishDate":"2026-01-01T10:00:00.000Z","position":[4.1,4.3,2.1],
              "additionalInfo":{"footnotePages":[2,3,5,23,3],"notes":{"mynote":"good"}},
              "attachments":[{"name":"me"},{"name":"another","size":50,"more":["stuff"]}],"__STATE__":"PUBLIC"},
             {"name":null,"isbn":"bbbbbb","price":20.0,"position":[2.1,8.5],"isPromoted":true,"__STATE__":"PUBLIC"},
             {"name":null,"isbn":"cccccc","price":10.0,"__STATE__":"PUBLIC"}]
            """#
        )
        #expect(status == 200 && ids.count == 3, "line 306: \(status) \(answer)")
        for (index, id) in ids.enumerated() {
            let (found, document) = try await Self.read(id, in: "PUBLIC", backend)
            #expect(found == 200 && document.objectValue?["name"] == .null, "line 337: \(found) \(document)")
            #expect(document["price"] == [0, 20, 10][index], "line \(index == 0 ? 344 : 350): \(document)")
        }
    }

    /// "MP4-462: default state ignored on /bulk when at least one document has no __STATE__" (line 600), its books:
    /// a book without `__STATE__` gets the default, `DRAFT`, beside one that names `PUBLIC`.
    @Test func postBulkGivesTheDefaultStateToABookWithoutOne() async throws {
        let backend = try await Self.backend()
        let (status, ids, answer) = try await Self.bulkCreated(
            backend,
            #"""
            [{"name":"book1","isbn":"isbn000000","price":100,"__STATE__":"PUBLIC"},
             {"name":"book2","isbn":"isbn11111111","price":100}]
            """#
        )
        #expect(status == 200 && ids.count == 2, "line 821: \(status) \(answer)")
        for (id, state) in zip(ids, ["PUBLIC", "DRAFT"]) {
            let (_, document) = try await Self.read(id, backend)
            #expect(document["__STATE__"] == .string(state), "line 837: \(document)")
        }
    }
}

extension InMemoryBackendMiaSpecTests {
    // MARK: PATCH / of nested objects

    /// `DOC_TEST1`, `DOC_TEST2` and `DOC_TEST3` of "- nested object" (`tests/httpInterface.patchMany.test.js`, line
    /// 321): the first three fixture books with their `author`, `metadata` and `attachments` replaced.
    static let nestedBooks = [
        #"""
        {"author":"James Joyce","metadata":{"somethingNumber":3,"somethingString":"a",
         "somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[2,5]},
         "attachments":[{"name":"note-a","nestedArr":[111]}]}
        """#,
        #"""
        {"author":"James Joyce","metadata":{"somethingNumber":4,"somethingString":"b",
         "somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[5]},
         "attachments":[{"name":"note-b","nestedArr":[222,333]}]}
        """#,
        #"""
        {"author":"Paul Auster","metadata":{"somethingNumber":5,"somethingString":"c",
         "somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[4]},
         "attachments":[{"name":"note-c","nestedArr":[444]}]}
        """#,
    ]

    /// `book` with the members of `replaced` (JSON), as a test's `{...fixtures[0], …}`.
    static func replacing(_ book: JSONValue, with replaced: String) throws -> JSONValue {
        var members = book.objectValue ?? [:]
        for (key, value) in try JSONValue(parsing: Data(replaced.utf8)).objectValue ?? [:] { members[key] = value }
        return .object(members)
    }

    /// A backend as `backend()` makes it, with only the three books of `nestedBooks`.
    static func nestedBackend() async throws -> InMemoryBackend {
        try await backend(books: try zip(books().prefix(3), nestedBooks).map { try replacing($0, with: $1) })
    }

    /// A `PATCH /` of `nestedBooks` by the books of James Joyce (or `url`): a 200 of how many it changed, the first
    /// two books' `changes` (JSON members), the third as it was.
    @Test(arguments: [
        (
            373, #"?_q={"author":"James Joyce"}"#, #"{"$set":{"metadata.somethingNumber":"5555"}}"#,
            [
                #"{"metadata":{"somethingNumber":5555,"somethingString":"a","somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[2,5]}}"#,
                #"{"metadata":{"somethingNumber":5555,"somethingString":"b","somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[5]}}"#,
            ]
        ),
        (
            411, "?metadata.somethingArrayOfNumbers=5",
            #"{"$set":{"metadata.somethingArrayOfNumbers.$.replace":"5555"}}"#,
            [
                #"{"metadata":{"somethingNumber":3,"somethingString":"a","somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[2,5555]}}"#,
                #"{"metadata":{"somethingNumber":4,"somethingString":"b","somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[5555]}}"#,
            ]
        ),
        (
            455, #"?_q={"author":"James Joyce"}"#,
            #"""
            {"$push":{"attachments":{"detail":{"size":"5555"},"name":"pushed"},
                      "metadata.somethingArrayObject":{"arrayItemObjectChildNumber":"5555"},
                      "metadata.somethingArrayOfNumbers":"5555"}}
            """#,
            [
                #"{"attachments":[{"name":"note-a","nestedArr":[111]},{"detail":{"size":5555},"name":"pushed"}],"metadata":{"somethingNumber":3,"somethingString":"a","somethingArrayObject":[{"arrayItemObjectChildNumber":4},{"arrayItemObjectChildNumber":5555}],"somethingArrayOfNumbers":[2,5,5555]}}"#,
                #"{"attachments":[{"name":"note-b","nestedArr":[222,333]},{"detail":{"size":5555},"name":"pushed"}],"metadata":{"somethingNumber":4,"somethingString":"b","somethingArrayObject":[{"arrayItemObjectChildNumber":4},{"arrayItemObjectChildNumber":5555}],"somethingArrayOfNumbers":[5,5555]}}"#,
            ]
        ),
        (
            505, #"?_q={"author":"James Joyce"}"#, #"{"$push":{"attachments.0.nestedArr":"5555"}}"#,
            [
                #"{"attachments":[{"name":"note-a","nestedArr":[111,5555]}]}"#,
                #"{"attachments":[{"name":"note-b","nestedArr":[222,333,5555]}]}"#,
            ]
        ),
        (
            549, #"?_q={"author":"James Joyce"}"#,
            #"""
            {"$addToSet":{"attachments":{"detail":{"size":"5555"},"name":"pushed"},
                          "metadata.somethingArrayObject":{"arrayItemObjectChildNumber":"5555"},
                          "metadata.somethingArrayOfNumbers":2}}
            """#,
            [
                #"{"attachments":[{"name":"note-a","nestedArr":[111]},{"detail":{"size":5555},"name":"pushed"}],"metadata":{"somethingNumber":3,"somethingString":"a","somethingArrayObject":[{"arrayItemObjectChildNumber":4},{"arrayItemObjectChildNumber":5555}],"somethingArrayOfNumbers":[2,5]}}"#,
                #"{"attachments":[{"name":"note-b","nestedArr":[222,333]},{"detail":{"size":5555},"name":"pushed"}],"metadata":{"somethingNumber":4,"somethingString":"b","somethingArrayObject":[{"arrayItemObjectChildNumber":4},{"arrayItemObjectChildNumber":5555}],"somethingArrayOfNumbers":[5,2]}}"#,
            ]
        ),
        (
            602, #"?_q={"author":"James Joyce"}"#, #"{"$addToSet":{"attachments.0.nestedArr":"5555"}}"#,
            [
                #"{"attachments":[{"name":"note-a","nestedArr":[111,5555]}]}"#,
                #"{"attachments":[{"name":"note-b","nestedArr":[222,333,5555]}]}"#,
            ]
        ),
    ])
    func patchManyOfNestedObjects(_ line: Int, _ url: String, _ body: String, _ changes: [String]) async throws {
        let backend = try await Self.nestedBackend()
        let before = await backend.documents(in: Books.pluralName)
        let (status, answer) = try await Self.write(backend, "PATCH", "/" + url, body)
        #expect(status == 200 && answer == .int(changes.count), "line \(line): \(status) \(answer)")
        let after = await backend.documents(in: Books.pluralName)
        for (index, change) in changes.enumerated() {
            guard case .object(var expected) = before[index] else { continue }
            for (key, value) in try JSONValue(parsing: Data(change.utf8)).objectValue ?? [:] { expected[key] = value }
            expected["updaterId"] = .string(Self.newUpdaterID)
            expected["updatedAt"] = after[index]["updatedAt"]
            #expect(after[index] == .object(expected), "line \(line), book \(index + 1): \(after[index])")
        }
        #expect(after[2] == before[2], "line \(line): \(after[2])")
    }
}

extension InMemoryBackendMiaSpecTests {
    // MARK: PATCH /bulk of nested objects

    /// A case of "HTTP PATCH /bulk - nested object" (`tests/httpInterface.patchBulk.test.js`, line 341): the first
    /// fixture book with `replaced`'s members (the test's `DOC_TEST`, `{...fixtures[0], …}`), one command of
    /// `filter` (members) and `update` on it, and the book's members after it. The other fixture books are stored
    /// too, which no filter by the first's `_id` reaches.
    struct NestedBulk: Sendable, CustomTestStringConvertible {
        let line: Int
        var replaced = "{}"
        var filter = ""
        let update: String
        let expected: String
        var count = 1

        var testDescription: String { "\(patchBulk):\(line)" }
    }

    static let metadataNumbers = #"""
        {"metadata":{"somethingString":"the-saved-string","somethingArrayOfNumbers":[3]},
         "attachments":[{"name":"note","nestedArr":[123]}]}
        """#
    static let metadataToAdd = #"""
        {"metadata":{"somethingString":"the-saved-string","somethingArrayOfNumbers":[123456]},
         "attachments":[{"name":"note","nestedArr":[123,123456]}]}
        """#
    static let metadataToPull = #"""
        {"tags":["tag1","tag2","tag3"],"metadata":{"somethingString":"the-saved-string","somethingArrayOfNumbers":[123,456,678]},
         "attachments":[{"name":"note","nestedArr":[987,654,321]}]}
        """#
    static let filteredArray = #"""
        {"metadata":{"somethingNumber":2,"somethingString":"the-saved-string",
         "somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[3,5,6]}}
        """#

    static let nestedBulkCases: [NestedBulk] = [
        NestedBulk(
            line: 356,
            replaced: filteredArray,
            filter: #","metadata.somethingArrayOfNumbers":"5""#,
            update: #"{"$set":{"price":999}}"#,
            expected: #"{"price":999}"#
        ),
        NestedBulk(
            line: 379,
            replaced: filteredArray,
            filter: #","metadata.somethingArrayOfNumbers":["3","5","6"]"#,
            update: #"{"$set":{"price":999}}"#,
            expected: #"{"price":999}"#
        ),
        NestedBulk(
            line: 402,
            replaced: filteredArray,
            filter: #","metadata.somethingArrayOfNumbers":[8888]"#,
            update: #"{"$set":{"price":999}}"#,
            expected: "{}",
            count: 0
        ),
        NestedBulk(
            line: 428,
            update: #"""
                {"$set":{"metadata.somethingNumber":"123456",
                         "metadata.somethingArrayObject.0.arrayItemObjectChildNumber":"123456",
                         "metadata.somethingArrayOfNumbers.0":"123456"}}
                """#,
            expected: #"""
                {"metadata":{"somethingNumber":123456,"somethingString":"the-saved-string",
                 "somethingArrayObject":[{"arrayItemObjectChildNumber":123456}],"somethingArrayOfNumbers":[123456]}}
                """#
        ),
        NestedBulk(
            line: 475,
            update: #"""
                {"$set":{"metadata.somethingNumber":"123456",
                         "metadata.somethingArrayObject.0.arrayItemObjectChildNumber":"123456",
                         "metadata.somethingArrayObject.1.arrayItemObjectChildNumber":"123456",
                         "metadata.somethingArrayObject.1.additionalProp":"123456",
                         "metadata.somethingArrayOfNumbers.0":"123456"}}
                """#,
            expected: #"""
                {"metadata":{"somethingNumber":123456,"somethingString":"the-saved-string",
                 "somethingArrayObject":[{"arrayItemObjectChildNumber":123456},
                                         {"arrayItemObjectChildNumber":123456,"additionalProp":"123456"}],
                 "somethingArrayOfNumbers":[123456]}}
                """#
        ),
        NestedBulk(
            line: 877,
            replaced: #"""
                {"tags":["tag1","tag2","tag3"],"metadata":{"somethingString":"the-saved-string","somethingArrayOfNumbers":[123,456,678]},
                 "attachments":[{"name":"note","nestedArr":[987,654,321],"additionalInfo":{"additionalArray":["123456"]}}]}
                """#,
            update: #"""
                {"$pull":{"tags":"tag2","attachments.0.nestedArr":321,"attachments.0.additionalInfo.additionalArray":"123456",
                          "metadata.somethingArrayOfNumbers":123}}
                """#,
            expected: #"""
                {"tags":["tag1","tag3"],"metadata":{"somethingString":"the-saved-string","somethingArrayOfNumbers":[456,678]},
                 "attachments":[{"name":"note","nestedArr":[987,654],"additionalInfo":{"additionalArray":[]}}]}
                """#
        ),
        NestedBulk(
            line: 530,
            replaced: #"""
                {"metadata":{"somethingNumber":2,"somethingString":"the-saved-string",
                 "somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[3,2,6]}}
                """#,
            filter: #","metadata.somethingArrayOfNumbers":"2""#,
            update: #"{"$set":{"metadata.somethingArrayOfNumbers.$.replace":"123456"}}"#,
            expected: #"""
                {"metadata":{"somethingNumber":2,"somethingString":"the-saved-string",
                 "somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[3,123456,6]}}
                """#
        ),
        NestedBulk(
            line: 574,
            replaced: metadataNumbers,
            update: #"{"$push":{"attachments.0.nestedArr":"123456","metadata.somethingArrayOfNumbers":"123456"}}"#,
            expected: #"""
                {"metadata":{"somethingString":"the-saved-string","somethingArrayOfNumbers":[3,123456]},
                 "attachments":[{"name":"note","nestedArr":[123,123456]}]}
                """#
        ),
        NestedBulk(
            line: 632,
            replaced: metadataNumbers,
            update: #"""
                {"$push":{"attachments.0.nestedArr":"123456","attachments.0.additionalInfo.additionalArray":"123456",
                          "metadata.somethingArrayOfNumbers":"123456"}}
                """#,
            expected: #"""
                {"metadata":{"somethingString":"the-saved-string","somethingArrayOfNumbers":[3,123456]},
                 "attachments":[{"name":"note","nestedArr":[123,123456],"additionalInfo":{"additionalArray":["123456"]}}]}
                """#
        ),
        NestedBulk(
            line: 694,
            replaced: metadataToAdd,
            update: #"{"$addToSet":{"attachments.0.nestedArr":"123456","metadata.somethingArrayOfNumbers":"123456"}}"#,
            expected: metadataToAdd
        ),
        NestedBulk(
            line: 752,
            replaced: metadataToAdd,
            update: #"""
                {"$addToSet":{"attachments.0.nestedArr":"123456","attachments.0.additionalInfo.additionalArray":"123456",
                              "metadata.somethingArrayOfNumbers":"123456"}}
                """#,
            expected: #"""
                {"metadata":{"somethingString":"the-saved-string","somethingArrayOfNumbers":[123456]},
                 "attachments":[{"name":"note","nestedArr":[123,123456],"additionalInfo":{"additionalArray":["123456"]}}]}
                """#
        ),
        NestedBulk(
            line: 816,
            replaced: metadataToPull,
            update: #"""
                {"$pull":{"tags":"tag2","attachments.0.nestedArr":321,"metadata.somethingArrayOfNumbers":123}}
                """#,
            expected: #"""
                {"tags":["tag1","tag3"],"metadata":{"somethingString":"the-saved-string","somethingArrayOfNumbers":[456,678]},
                 "attachments":[{"name":"note","nestedArr":[987,654]}]}
                """#
        ),
        NestedBulk(
            line: 945,
            replaced: metadataToPull,
            update: #"""
                {"$pull":{"tags":"tag2","attachments.0.nestedArr":{"$in":[654,321]},"metadata.somethingArrayOfNumbers":123}}
                """#,
            expected: #"""
                {"tags":["tag1","tag3"],"metadata":{"somethingString":"the-saved-string","somethingArrayOfNumbers":[456,678]},
                 "attachments":[{"name":"note","nestedArr":[987]}]}
                """#
        ),
        NestedBulk(
            line: 1007,
            replaced: #"""
                {"metadata":{"somethingNumber":3,"somethingObject":{"childNumber":4},"somethingString":"unsetme",
                             "somethingArrayObject":[{"arrayItemObjectChildNumber":4,"anotherNumber":99}]},
                 "attachments":[{"name":"note-1","nestedArr":[1,2,3],"detail":{"size":9}}]}
                """#,
            update: #"""
                {"$unset":{"metadata.somethingString":true,"metadata.somethingObject.childNumber":true,
                           "metadata.somethingArrayObject.0.anotherNumber":true,"attachments.0.nestedArr":true,
                           "attachments.0.detail":true}}
                """#,
            expected: #"""
                {"metadata":{"somethingNumber":3,"somethingObject":{},"somethingArrayObject":[{"arrayItemObjectChildNumber":4}]},
                 "attachments":[{"name":"note-1"}]}
                """#
        ),
    ]

    @Test(arguments: nestedBulkCases) func patchBulkOfNestedObjects(_ test: NestedBulk) async throws {
        var books = try Self.books()
        books[0] = try Self.replacing(books[0], with: test.replaced)
        let backend = try await Self.backend(books: books)
        let before = await backend.documents(in: Books.pluralName)
        let command = Self.command(#""_id":"\#(Self.one)"\#(test.filter)"#, update: test.update)
        let (status, answer) = try await Self.write(backend, "PATCH", "/bulk", "[\(command)]")
        #expect(status == 200 && answer == .int(test.count), "\(test): \(status) \(answer)")
        let after = await backend.documents(in: Books.pluralName)
        guard case .object(var expected) = before[0] else { return }
        for (key, value) in try JSONValue(parsing: Data(test.expected.utf8)).objectValue ?? [:] {
            expected[key] = value
        }
        if test.count > 0 {
            expected["updaterId"] = .string(Self.newUpdaterID)
            expected["updatedAt"] = after[0]["updatedAt"]
        }
        #expect(after[0] == .object(expected), "\(test): \(after[0])")
        #expect(Array(after.dropFirst()) == Array(before.dropFirst()), "\(test)")
    }
}

extension InMemoryBackendMiaSpecTests {
    /// "allow nullable field" (`tests/httpInterface.patchBulk.test.js`, line 1224): three books made by `POST /bulk`,
    /// then each one's nullable `name` set `null` by `PATCH /bulk`, which `GET /<id>` answers.
    @Test func patchBulkSetsANullableFieldsNull() async throws {
        let backend = try await Self.backend()
        let (status, ids, answer) = try await Self.bulkCreated(
            backend,
            #"""
            [{"name":"Name0","isbn":"aaaaa","price":10.0,"publishDate":"2026-01-01T10:00:00.000Z","__STATE__":"PUBLIC","position":[0,0]},
             {"name":"Name1","isbn":"bbbbb","price":20.0,"publishDate":"2026-01-01T10:00:00.000Z","__STATE__":"PUBLIC","position":[0,0]},
             {"name":"Name2","isbn":"ccccc  ","price":10.0,"publishDate":"2026-01-01T10:00:00.000Z","__STATE__":"PUBLIC","position":[0,0]}]
            """#
        )
        #expect(status == 200 && ids.count == 3, "line 1262: \(status) \(answer)")
        let commands = ids.map { Self.command(#""_id":"\#($0)""#, update: #"{"$set":{"name":null}}"#) }
        let (patched, count) = try await Self.write(
            backend,
            "PATCH",
            "/bulk",
            "[" + commands.joined(separator: ",") + "]"
        )
        #expect(patched == 200 && count == 3, "line 1296: \(patched) \(count)")
        for id in ids {
            let (found, document) = try await Self.read(id, in: "PUBLIC", backend)
            #expect(found == 200 && document.objectValue?["name"] == .null, "line 1312: \(document)")
        }
    }
}
