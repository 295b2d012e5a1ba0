import Foundation
import GoldenRealMia
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// crud-service's own HTTP tests (mia-platform/crud-service @ bd427899, `tests/httpInterface.<route>.test.js`), case by
// case, against the in-memory Mia-Platform backend seeded with the same fixtures: `books` (`tests/utils.js`
// `fixtures`, as `GET /books-endpoint/` answers them: `Fixtures/Real/mia-books-getlist.json`) under the registered
// `Books` model of the service's own collection definition, whose `_id` is an ObjectId, and `stations` (`tests/utils.js`
// `stationFixtures`), whose `_id` is a string. Each case names its test file, its name and its line there. Cases that
// need views, `/join`, `/schema`, `/import`, encryption, geo or text search, or `_rawp` aggregation expressions are
// left out: the in-memory backend doesn't evaluate them.

@Suite struct InMemoryBackendMiaSpecTests {
    /// What a case expects the service to answer.
    enum Expected: Sendable {
        /// 200 with the fixture books `ids` names (one digit each, `1` for `111111111111111111111111`), in order, each
        /// projected to `fields` and `_id` when given.
        case books(String, fields: [String]? = nil)
        /// 200 with the fixture book `id` alone (not in an array), projected as `.books` is.
        case book(Character, fields: [String]? = nil)
        /// 200 with the fixture stations at `indexes`, projected as `.books` is.
        case stations([Int], fields: [String]? = nil)
        /// 200 with the fixture station at `index` alone.
        case station(Int, fields: [String]? = nil)
        /// `status` with this JSON body.
        case json(Int, String)
        /// `status` with the service's error body of `message` (crud-service `index.js`, `customErrorHandler`);
        /// any error body when nil.
        case error(Int, String?)
        /// 404 with crud-service's not-found body (`tests/httpInterface.utils.js`, NOT_FOUND_BODY).
        case notFound
        /// 204 without a body.
        case noContent
        /// 200 with the fixture book `id` as a PATCH answers it: with `changes`'s members (JSON; a `null` takes the
        /// member away) and `updaterId` the request's user, projected to `fields` when given; its `updatedAt` is the
        /// request's time, which the crud-service test leaves out.
        case patched(Character, String, fields: [String]? = nil)
    }

    /// One case of a crud-service test table: its request relative to the collection's endpoint (`/?_s=price`,
    /// `/<id>/state`), its `acl_rows` and `acl_read_columns` headers, and what it expects.
    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let line: Int
        let name: String
        var method = "GET"
        var url: String
        var body: String?
        var rows: String?
        var readColumns: String?
        var headers: [String: String] = [:]
        var expected: Expected
        /// The digits of the fixture books left in the collection after the request; nil for a read, which leaves
        /// them all as they were.
        var remaining: String?
        /// The digits of the fixture books a state change moves, and the state they move to: each then has it, by
        /// the request's user; every other document is as it was.
        var moved: (books: String, state: String)?

        var testDescription: String { "\(file):\(line) \(name)" }
    }

    // MARK: Fixtures

    static func books() throws -> [JSONValue] {
        try JSONValue(parsing: try Fixtures.data("Real/mia-books-getlist.json")).arrayValue ?? []
    }

    static func stations() throws -> [JSONValue] {
        try JSONValue(parsing: try Fixtures.data("Real/mia-stations-fixtures.json")).arrayValue ?? []
    }

    /// The user the write tests send in `userId` (`tests/utils.js`, `newUpdaterId`).
    static let newUpdaterID = "foo-bar-id"

    /// `111111111111111111111111` for `1`: the fixture books' ids.
    static func id(_ digit: Character) -> String {
        String(repeating: digit, count: 24)
    }

    /// What the books' collection definition (`tests/collectionDefinitions/books.js`) requires of a create beyond
    /// the service's own fields, `name` and `isbn` (the members `Books.Create` takes), and what its schemas check
    /// that the model doesn't: the fields that are `nullable`, the members its `RawObject`s' schemas require, and
    /// those with `additionalProperties: false`, as `generate: [testing]` lists them
    /// (`MiaSchemaListsTests.theBooksCollectionsListsAreTheSpecTests`).
    struct BooksCreateRequirements: RequiredCreateMembers {
        typealias Model = Books
        static let requiredMembers: Set<String> = ["name", "isbn"]
        static let nullableMembers: Set<String>? = [
            "name", "publishDate", "additionalInfo", "signature", "metadata.somethingArrayObject.anotherObject",
            "attachments", "editionsDates",
        ]
        static let requiredDocumentMembers: Set<String> = [
            "signature.name", "metadata.somethingArrayObject.arrayItemObjectChildNumber", "metadata.somethingNumber",
            "attachments.name",
        ]
        static let closedDocuments: Set<String> = ["metadata", "attachments"]
        var members: [BodyMember] { [] }
        func violations(at prefix: String) -> [Violation] { [] }
    }

    /// A backend with `Books` registered, with its required members and its unique index on `isbn` (`uniqueISBN`),
    /// and the fixture books stored (or `seeded`, a test's own, in their place), and the fixture stations.
    static func backend(books seeded: [JSONValue]? = nil) async throws -> InMemoryBackend {
        let backend = InMemoryBackend(.mia)
        await backend.register(BooksCreateRequirements.self)
        await backend.requireUnique("isbn", in: Books.pluralName)
        try await backend.insert(try seeded ?? books(), into: Books.pluralName)
        try await backend.insert(try stations(), into: "stations-endpoint")
        return backend
    }

    /// `document` with only `_id` and `fields`, as `_p` projects it.
    static func projected(_ document: JSONValue, _ fields: [String]?) -> JSONValue {
        guard let fields, case .object(let members) = document else { return document }
        return .object(members.filter { $0.key == "_id" || fields.contains($0.key) })
    }

    /// The query items of `url`'s query, each split at its first `=`, as Fastify reads them (the test's JSON
    /// isn't percent-encoded, nor is it here).
    static func query(of url: String) -> (path: String, items: [(String, String)]) {
        let parts = url.split(separator: "?", maxSplits: 1).map(String.init)
        let items = (parts.count > 1 ? parts[1] : "").split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
            return (pair[0], pair.count > 1 ? pair[1] : "")
        }
        return (parts[0], items)
    }

    /// Sends the case's request to `collection`'s endpoint, as crud-service's tests inject it.
    static func send(
        _ test: Case,
        to collection: String,
        _ backend: InMemoryBackend
    ) async throws -> (
        status: Int, body: JSONValue
    ) {
        let (path, items) = query(of: test.url)
        var headers = test.headers
        if let rows = test.rows { headers["acl_rows"] = rows }
        if let columns = test.readColumns { headers["acl_read_columns"] = columns }
        let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return try await InMemoryBackendMiaTests.send(
            backend,
            "/\(collection)/\(trimmed)",
            items,
            method: test.method,
            headers: headers,
            body: test.body
        )
    }

    /// Checks the answer against what the case expects.
    static func check(_ test: Case, _ status: Int, _ answer: JSONValue) throws {
        let books = try books()
        let stations = try stations()
        let byID = { (digit: Character) in books.first { $0["_id"] == .string(id(digit)) } ?? .null }
        switch test.expected {
        case .books(let ids, let fields):
            let expected = JSONValue.array(ids.map { projected(byID($0), fields) })
            #expect(status == 200 && answer == expected, "\(test): \(status) \(answer)")
        case .book(let digit, let fields):
            #expect(status == 200 && answer == projected(byID(digit), fields), "\(test): \(status) \(answer)")
        case .stations(let indexes, let fields):
            let expected = JSONValue.array(indexes.map { projected(stations[$0], fields) })
            #expect(status == 200 && answer == expected, "\(test): \(status) \(answer)")
        case .station(let index, let fields):
            #expect(status == 200 && answer == projected(stations[index], fields), "\(test): \(status) \(answer)")
        case .json(let code, let text):
            let expected = try JSONValue(parsing: Data(text.utf8))
            #expect(status == code && answer == expected, "\(test): \(status) \(answer)")
        case .error(let code, let message):
            #expect(status == code, "\(test): \(status) \(answer)")
            if let message {
                #expect(
                    answer["message"] == .string(message) && answer["statusCode"] == .int(code),
                    "\(test): \(answer)"
                )
            }
        case .notFound:
            #expect(status == 404 && answer == ["error": "not found"], "\(test): \(status) \(answer)")
        case .noContent:
            #expect(status == 204 && answer == .null, "\(test): \(status) \(answer)")
        case .patched(let digit, let changes, let fields):
            guard case .object(var members) = byID(digit),
                case .object(let changed) = try JSONValue(parsing: Data(changes.utf8))
            else { return }
            // `removeValue`: a `nil` assigned would be JSONValue's `null`.
            for (key, value) in changed where value == .null { members.removeValue(forKey: key) }
            for (key, value) in changed where value != .null { members[key] = value }
            members["updaterId"] = .string(newUpdaterID)
            members.removeValue(forKey: "updatedAt")
            var answered = answer.objectValue ?? [:]
            answered.removeValue(forKey: "updatedAt")
            let expected = projected(.object(members), fields)
            #expect(status == 200 && JSONValue.object(answered) == expected, "\(test): \(status) \(answer)")
        }
    }

    /// Runs a case against a fresh backend, on the books or the stations; a read leaves the documents as they were,
    /// a write leaves the books `remaining` names.
    static func run(_ test: Case, on collection: String = Books.pluralName) async throws {
        let backend = try await backend()
        let before = await backend.documents(in: collection)
        let (status, answer) = try await send(test, to: collection, backend)
        try check(test, status, answer)
        let after = await backend.documents(in: collection)
        if let remaining = test.remaining {
            #expect(after.map { $0["_id"] } == remaining.map { .string(id($0)) }, "\(test): \(after.map { $0["_id"] })")
        }
        if let moved = test.moved {
            for (old, new) in zip(before, after) {
                guard let digit = old["_id"]?.stringValue?.first, moved.books.contains(digit) else {
                    #expect(old == new, "\(test) changed \(old["_id"] ?? .null)")
                    continue
                }
                #expect(
                    new["__STATE__"] == .string(moved.state) && new["updaterId"] == .string(newUpdaterID),
                    "\(test): \(new)"
                )
            }
        }
        // A read, or a write refused or without a document to write, leaves the documents as they were.
        switch test.expected {
        case .notFound, .error, .json(400, _): #expect(after == before, "\(test) changed the documents")
        case _ where test.method == "GET": #expect(after == before, "\(test) changed the documents")
        default: break
        }
    }

    // MARK: GET /

    static let getList = "tests/httpInterface.getList.test.js"
    static let publicBooks = "12348"

    static let listCases: [Case] = [
        Case(file: getList, line: 84, name: "without filters", url: "/", expected: .books(publicBooks)),
        Case(file: getList, line: 95, name: "with sorting", url: "/?_s=price", expected: .books("84231")),
        Case(file: getList, line: 102, name: "with invert sorting", url: "/?_s=-price", expected: .books("13248")),
        Case(
            file: getList,
            line: 109,
            name: "with multiple sorting COMMA",
            url: "/?_s=price,name",
            expected: .books("84231")
        ),
        Case(
            file: getList,
            line: 117,
            name: "with multiple invert sorting COMMA",
            url: "/?_s=-price,-name",
            expected: .books("13248")
        ),
        Case(
            file: getList,
            line: 125,
            name: "with multiple: normal sorting for first, invert second MULTIPLE QUERYSTRING",
            url: "/?_s=price&_s=-name",
            expected: .books("84231")
        ),
        Case(
            file: getList,
            line: 133,
            name: "with multiple: normal sorting for first, invert for second with subfield, normal for third COMMA",
            url: "/?_s=price,-attachments.name,publishDate",
            expected: .books("84231")
        ),
        Case(
            file: getList,
            line: 142,
            name: "with multiple: normal sorting for first and second (nested array) MULTIPLE QUERYSTRING",
            url: "/?_s=price&_s=attachments.name",
            expected: .books("84231")
        ),
        Case(
            file: getList,
            line: 150,
            name: "with multiple sorting, first RawObject and second normal field",
            url: "/?_s=additionalInfo.notes&_s=price",
            expected: .books("84231")
        ),
        Case(file: getList, line: 158, name: "with skip and limit", url: "/?_l=2&_sk=1", expected: .books("23")),
        Case(
            file: getList,
            line: 169,
            name: "with projection",
            url: "/?_p=price,name,author",
            expected: .books(publicBooks, fields: ["price", "name", "author"])
        ),
        Case(file: getList, line: 175, name: "with query filter", url: "/?price=33.33", expected: .books("1")),
        Case(
            file: getList,
            line: 181,
            name: "with filter",
            url: #"/?_q={"price":{"$gt":20}}"#,
            expected: .books("123")
        ),
        Case(
            file: getList,
            line: 187,
            name: "with filter regex",
            url: #"/?_q={"name":{"$regex":"ulysses","$options":"si"}}"#,
            expected: .books("1")
        ),
        Case(
            file: getList,
            line: 193,
            name: "with non-matching filter",
            url: #"/?_q={"price":{"$gt":20000000}}"#,
            expected: .books("")
        ),
        Case(
            file: getList,
            line: 199,
            name: "with filter with null values",
            url: #"/?_q={"price":{"$gt":20},"additionalInfo":null}"#,
            expected: .books("3")
        ),
        Case(
            file: getList,
            line: 205,
            name: "with stringified ISO Date in query filter",
            url: #"/?_q={"editionsDates.date":{"$lt":"2020-01-01T00:00:00.000Z"}}"#,
            expected: .books("1")
        ),
        Case(
            file: getList,
            line: 211,
            name: "with filter by additionalInfo nested with dot notation",
            url: #"/?_q={"additionalInfo.notes.mynote":"good"}"#,
            expected: .books("1")
        ),
        Case(
            file: getList,
            line: 219,
            name: "with filter by additionalInfo nested with dot notation with a command",
            url: #"/?_q={"additionalInfo.notes.mynote":{"$ne":"good"}}"#,
            expected: .books("2348")
        ),
        Case(
            file: getList,
            line: 227,
            name: "$exists: false",
            url: #"/?_q={"additionalInfo.gg":{"$exists":false}}"#,
            expected: .books(publicBooks)
        ),
        Case(
            file: getList,
            line: 235,
            name: "with filter by additionalInfo nested without dot notation (only one level)",
            url: #"/?_q={"additionalInfo":{"note":"good"}}"#,
            expected: .books("2")
        ),
        Case(
            file: getList,
            line: 271,
            name: "with acl_rows",
            url: "/",
            rows: #"[{"price":{"$gt":20}}]"#,
            expected: .books("123")
        ),
        Case(
            file: getList,
            line: 277,
            name: "with acl_rows and query filter",
            url: "/?isPromoted=true",
            rows: #"[{"price":{"$gt":20}}]"#,
            expected: .books("1")
        ),
        Case(
            file: getList,
            line: 283,
            name: "with acl_rows and filter",
            url: #"/?_q={"isPromoted":true}"#,
            rows: #"[{"price":{"$gt":20}}]"#,
            expected: .books("1")
        ),
        Case(
            file: getList,
            line: 289,
            name: "with acl_read_columns",
            url: "/",
            readColumns: "price,author",
            expected: .books(publicBooks, fields: ["price", "author"])
        ),
        Case(
            file: getList,
            line: 296,
            name: "with acl_read_columns > projection",
            url: "/?_p=price",
            readColumns: "price,author",
            expected: .books(publicBooks, fields: ["price"])
        ),
        Case(
            file: getList,
            line: 303,
            name: "with acl_read_columns < projection",
            url: "/?_p=price,author,isbn",
            readColumns: "price,author",
            expected: .books(publicBooks, fields: ["price", "author"])
        ),
        Case(
            file: getList,
            line: 310,
            name: "with acl_read_columns intersect projection",
            url: "/?_p=price,author,isbn",
            readColumns: "price,author,name",
            expected: .books(publicBooks, fields: ["price", "author"])
        ),
        Case(
            file: getList,
            line: 317,
            name: "with acl_read_columns not intersect projection",
            url: "/?_p=price",
            readColumns: "author,name",
            expected: .books(publicBooks, fields: [])
        ),
        Case(file: getList, line: 324, name: "with state", url: "/?_st=PUBLIC", expected: .books(publicBooks)),
        Case(
            file: getList,
            line: 331,
            name: "with state DRAFT",
            url: "/?_p=name&_st=DRAFT",
            expected: .books("5", fields: ["name"])
        ),
        Case(
            file: getList,
            line: 339,
            name: "with state DRAFT,PUBLIC",
            url: "/?_p=name&_st=DRAFT,PUBLIC",
            expected: .books("123458", fields: ["name"])
        ),
        Case(
            file: getList,
            line: 347,
            name: "$elemMatch array rawobject array",
            url: #"/?_p=_id&_q={"attachments":{"$elemMatch":{"nestedArr":{"$in":[3]}}}}"#,
            expected: .books("1", fields: [])
        ),
        Case(
            file: getList,
            line: 359,
            name: "$elemMatch array rawobject string",
            url: #"/?_p=_id&_q={"attachments":{"$elemMatch":{"name":{"$in":["my-name"]}}}}"#,
            expected: .books("8", fields: [])
        ),
        Case(
            file: getList,
            line: 371,
            name: "filter on nested object with dot notation",
            url: "/?_p=_id,isbn,metadata,attachments&metadata.somethingNumber=2"
                + "&metadata.somethingString=the-saved-string"
                + "&metadata.somethingArrayObject.0.arrayItemObjectChildNumber=4&metadata.somethingArrayOfNumbers.0=5"
                + "&attachments.0.detail.size=9",
            expected: .books("1", fields: ["isbn", "metadata", "attachments"])
        ),
        Case(
            file: getList,
            line: 407,
            name: "filter on nested object with aclRows",
            url: "/?_p=_id,isbn,metadata",
            rows: #"[{"metadata.somethingArrayOfNumbers.0":5}]"#,
            expected: .books("1", fields: ["isbn", "metadata"])
        ),
        Case(
            file: getList,
            line: 425,
            name: "correct project on nested object and nested array of object with _p",
            url: "/?_p=isbn,additionalInfo.foo,attachments.name",
            rows: #"[{"metadata.somethingArrayOfNumbers.0":5}]"#,
            expected: .json(
                200,
                #"""
                [{"_id":"111111111111111111111111","isbn":"fake isbn 1",
                  "attachments":[{"name":"note"},{"name":"another-note"}],"additionalInfo":{"foo":42}}]
                """#
            )
        ),
        Case(
            file: getList,
            line: 446,
            name: "correct project on inexistent field with _p",
            url: "/?_p=isbn,additionalInfo.inexistentField",
            rows: #"[{"metadata.somethingArrayOfNumbers.0":5}]"#,
            expected: .json(200, #"[{"_id":"111111111111111111111111","isbn":"fake isbn 1","additionalInfo":{}}]"#)
        ),
        Case(
            file: getList,
            line: 457,
            name: "use of $ operator for array element condition into _p",
            url: #"/?_q={"attachments.name":"another-note"}&_p=attachments.$"#,
            expected: .json(
                200,
                #"[{"_id":"111111111111111111111111","attachments":[{"name":"another-note","other":"stuff"}]}]"#
            )
        ),
        Case(
            file: getList,
            line: 470,
            name: "wrong project with _p returns only the _id",
            url: "/?_p=a wrong projection",
            rows: #"[{"metadata.somethingArrayOfNumbers.0":5}]"#,
            expected: .books("1", fields: [])
        ),
        Case(
            file: getList,
            line: 479,
            name: "use of raw projection in url",
            url: #"/?_rawp={"attachments":1,"price":1,"isbn":1}&_st=DELETED,PUBLIC,TRASH,DRAFT"#,
            expected: .books("12345678", fields: ["attachments", "price", "isbn"])
        ),
        Case(
            file: getList,
            line: 486,
            name: "use of raw projection in url with only PUBLIC documents",
            url: #"/?_rawp={"attachments":1,"price":1,"isbn":1}&_st=PUBLIC"#,
            expected: .books(publicBooks, fields: ["attachments", "price", "isbn"])
        ),
        Case(
            file: getList,
            line: 493,
            name: "use of raw projection in url with _q",
            url: #"/?_q={"name":"Ulysses"}&_rawp={"attachments":1,"price":1,"isbn":1}&_st=DELETED,PUBLIC,TRASH,DRAFT"#,
            expected: .books("1", fields: ["attachments", "price", "isbn"])
        ),
        Case(
            file: getList,
            line: 500,
            name: "use of raw projection in url with _q with acl_columns",
            url: #"/?_q={"name":"Ulysses"}&_rawp={"attachments":1,"price":1,"isbn":1}&_st=DELETED,PUBLIC,TRASH,DRAFT"#,
            readColumns: "price,author,name",
            expected: .books("1", fields: ["price"])
        ),
        Case(
            file: getList,
            line: 512,
            name: "use of raw projection exclusive which do not intersect acls",
            url: #"/?_rawp={"attachments":0,"price":0,"isbn":0}"#,
            readColumns: "author",
            expected: .books(publicBooks, fields: [])
        ),
        Case(
            file: getList,
            line: 801,
            name: "filter on nested object with object notation cannot be used",
            url: #"/?metadata={"somethingNumber":2}&attachments=[{"name":"note","detail":{"size":6}}]"#,
            expected: .json(
                400,
                #"""
                {"statusCode":400,"error":"Bad Request",
                 "message":"querystring must NOT have additional properties. Property \"metadata\" is not defined in validation schema"}
                """#
            )
        ),
        Case(
            file: getList,
            line: 849,
            name: "filter with text query (_q) with not fields not included in JSON Schema returns 400",
            url: #"/?_q={"not_a_field":{"$gt":20}}"#,
            expected: .json(400, #"{"statusCode":400,"error":"Bad Request","message":"Unknown field: not_a_field"}"#)
        ),
        Case(
            file: getList,
            line: 878,
            name: "with _s with nonexistent property",
            url: "/?_s=nonexistent",
            expected: .error(400, nil)
        ),
        Case(
            file: getList,
            line: 889,
            name: "with _s with nonexistent and existing properties",
            url: "/?_s=price,nonexistent",
            expected: .error(400, nil)
        ),
        Case(
            file: getList,
            line: 900,
            name: "with _s with existing nested and nonexistent properties",
            url: "/?_s=attachments.name,nonexistent",
            expected: .error(400, nil)
        ),
        Case(
            file: getList,
            line: 911,
            name: "with _s with nonexistent and existing nested properties REPEATED QUERYSTRING",
            url: "/?_s=nonexistent&_s=attachments.name",
            expected: .error(400, nil)
        ),
        Case(
            file: getList,
            line: 994,
            name: "fails with wrong limit value",
            url: "/?_l=500",
            expected: .error(400, nil)
        ),
        Case(
            file: getList,
            line: 1024,
            name: "Should raise error if raw projection tries to override acls",
            url: #"/?_rawp={"attachments":0,"price":0,"isbn":0}"#,
            readColumns: "price,author,name",
            expected: .json(
                400,
                #"""
                {"statusCode":400,"error":"Bad Request",
                 "message":"_rawp exclusive projection is overriding at least one acl_read_column value"}
                """#
            )
        ),
        Case(
            file: getList,
            line: 1080,
            name: "Should not allow raw projection with projection",
            url: #"/?_rawp={"foo":"$bar"}&_p=author"#,
            expected: .json(
                400,
                #"{"statusCode":400,"error":"Bad Request","message":"Use of both _rawp and _p parameter is not allowed"}"#
            )
        ),
    ]

    @Test(arguments: listCases) func getListCase(_ test: Case) async throws {
        try await Self.run(test)
    }

    /// `GET /?_id=` on a collection whose `_id` is a string (`tests/httpInterface.getList.test.js`, "HTTP GET / with
    /// _id in querystring", line 1133).
    @Test func getListByStringID() async throws {
        let test = Case(
            file: Self.getList,
            line: 1133,
            name: "without filters (stations, _id in querystring)",
            url: "/?_id=002415b0-8d6d-427c-b654-9857183e57a7",
            expected: .stations([0])
        )
        try await Self.run(test, on: "stations-endpoint")
    }

    /// `_l` from 1 to 200, 25 without (`tests/httpInterface.getList.test.js`, "(limits)", lines 951-1005): 26
    /// documents.
    @Test func getListLimits() async throws {
        let backend = InMemoryBackend(.mia)
        await backend.register(Books.self)
        try await backend.insert((0..<26).map { ["isbn": .string("default-test-\($0)")] }, into: Books.pluralName)
        for (line, limit, status, count) in [(960, "1", 200, 1), (970, "200", 200, 26), (980, nil, 200, 25)] {
            let query = limit.map { [("_l", $0)] } ?? []
            let (answered, body) = try await InMemoryBackendMiaTests.send(backend, "/books-endpoint/", query)
            #expect(answered == status && body.arrayValue?.count == count, "line \(line): \(answered)")
        }
    }

    // MARK: GET /<id>

    static let getByID = "tests/httpInterface.getById.test.js"
    static let one = id("1")
    static let station = "002415b0-8d6d-427c-b654-9857183e57a7"

    static let getByIDCases: [Case] = [
        Case(file: getByID, line: 56, name: "without filter", url: "/\(one)", expected: .book("1")),
        Case(
            file: getByID,
            line: 63,
            name: "with filter",
            url: #"/\#(one)?_q={"price":{"$gt":32.33}}"#,
            expected: .book("1")
        ),
        Case(
            file: getByID,
            line: 70,
            name: "with filter encoded",
            url: "/\(one)?_q=" + Data(#"{"price":{"$gt":32.33}}"#.utf8).base64EncodedString(),
            headers: ["json-query-params-encoding": "base64"],
            expected: .book("1")
        ),
        Case(
            file: getByID,
            line: 78,
            name: "with non-matching filter",
            url: #"/\#(one)?_q={"price":{"$gt":34.33}}"#,
            expected: .notFound
        ),
        Case(
            file: getByID,
            line: 85,
            name: "with non-matching encoded filter",
            url: "/\(one)?_q=" + Data(#"{"price":{"$gt":34.33}}"#.utf8).base64EncodedString(),
            headers: ["json-query-params-encoding": "base64"],
            expected: .notFound
        ),
        Case(file: getByID, line: 93, name: "with query filter", url: "/\(one)?price=33.33", expected: .book("1")),
        Case(
            file: getByID,
            line: 100,
            name: "with non-matching query filter",
            url: "/\(one)?price=34.33",
            expected: .notFound
        ),
        Case(
            file: getByID,
            line: 107,
            name: "with stringified ISO Date in query filter",
            url: #"/\#(one)?_q={"editionsDates.date":{"$lt":"2020-01-01T00:00:00.000Z"}}"#,
            expected: .book("1")
        ),
        Case(
            file: getByID,
            line: 113,
            name: "with acl_rows",
            url: "/\(one)",
            rows: #"[{"price":{"$gt":32.33}}]"#,
            expected: .book("1")
        ),
        Case(
            file: getByID,
            line: 120,
            name: "with non-matching acl_rows",
            url: "/\(one)",
            rows: #"[{"price":{"$gt":34.33}}]"#,
            expected: .notFound
        ),
        Case(
            file: getByID,
            line: 127,
            name: "with filter and with matching acl_rows",
            url: #"/\#(one)?_q={"price":{"$gt":31.33}}"#,
            rows: #"[{"price":{"$gt":32.33}}]"#,
            expected: .book("1")
        ),
        Case(
            file: getByID,
            line: 134,
            name: "with filter and with non-matching acl_rows",
            url: #"/\#(one)?_q={"price":{"$gt":32.33}}"#,
            rows: #"[{"price":{"$gt":34.33}}]"#,
            expected: .notFound
        ),
        Case(
            file: getByID,
            line: 141,
            name: "with projection",
            url: "/\(one)?_p=name,author",
            expected: .book("1", fields: ["name", "author"])
        ),
        Case(
            file: getByID,
            line: 148,
            name: "with projection < acl_read_columns",
            url: "/\(one)?_p=name,author",
            readColumns: "name,author,isbn",
            expected: .book("1", fields: ["name", "author"])
        ),
        Case(
            file: getByID,
            line: 155,
            name: "with projection > acl_read_columns",
            url: "/\(one)?_p=name,author,position",
            readColumns: "name,author",
            expected: .book("1", fields: ["name", "author"])
        ),
        Case(
            file: getByID,
            line: 162,
            name: "with projection intersect acl_read_columns",
            url: "/\(one)?_p=name,author,position",
            readColumns: "name,author,isbn",
            expected: .book("1", fields: ["name", "author"])
        ),
        Case(
            file: getByID,
            line: 169,
            name: "with projection not intersect acl_read_columns",
            url: "/\(one)?_p=name,author,position",
            readColumns: "isbn",
            expected: .book("1", fields: [])
        ),
        Case(file: getByID, line: 176, name: "with state", url: "/\(one)?_st=PUBLIC", expected: .book("1")),
        Case(file: getByID, line: 183, name: "with non-matching state", url: "/\(one)?_st=DRAFT", expected: .notFound),
        Case(
            file: getByID,
            line: 190,
            name: "with non-matching state and matching acl_rows",
            url: "/\(one)?_st=DRAFT",
            rows: #"[{"price":{"$gt":32.33}}]"#,
            expected: .notFound
        ),
        Case(
            file: getByID,
            line: 204,
            name: "with state=DRAFT",
            url: "/\(id("5"))?_p=_id&_st=DRAFT",
            rows: #"[{"price":{"$gt":32.33}}]"#,
            expected: .book("5", fields: [])
        ),
        Case(
            file: getByID,
            line: 211,
            name: "use of raw projection in url",
            url: #"/\#(one)?_rawp={"attachments":1,"price":1,"isbn":1}"#,
            expected: .book("1", fields: ["attachments", "price", "isbn"])
        ),
        Case(
            file: getByID,
            line: 223,
            name: "use of encoded raw projection in url",
            url: "/\(one)?_rawp=" + Data(#"{"attachments":1,"price":1,"isbn":1}"#.utf8).base64EncodedString(),
            headers: ["json-query-params-encoding": "base64"],
            expected: .book("1", fields: ["attachments", "price", "isbn"])
        ),
        Case(
            file: getByID,
            line: 236,
            name: "use of raw projection esclusive which do not intersect acls",
            url: #"/\#(one)?_rawp={"attachments":0,"price":0,"isbn":0}"#,
            readColumns: "author",
            expected: .book("1", fields: [])
        ),
        Case(
            file: getByID,
            line: 633,
            name: "Should raise error if raw projection tries to override acls",
            url: #"/\#(one)?_rawp={"attachments":0,"price":0,"isbn":0}"#,
            readColumns: "price,author,name",
            expected: .error(400, "_rawp exclusive projection is overriding at least one acl_read_column value")
        ),
        Case(
            file: getByID,
            line: 653,
            name: "should not allow raw projection with projection (mixed _rawp and _p)",
            url: #"/\#(one)?_rawp={"attachments":{"$filter":{"input":"$attachments"}}}&_p=price"#,
            expected: .error(400, "Use of both _rawp and _p parameter is not allowed")
        ),
    ]

    @Test(arguments: getByIDCases) func getByIDCase(_ test: Case) async throws {
        try await Self.run(test)
    }

    static let getStationCases: [Case] = [
        Case(file: getByID, line: 323, name: "without filter", url: "/\(station)", expected: .station(0)),
        Case(
            file: getByID,
            line: 330,
            name: "with filter",
            url: #"/\#(station)?_q={"CodiceMIR":"S01788"}"#,
            expected: .station(0)
        ),
        Case(
            file: getByID,
            line: 337,
            name: "with non-matching filter",
            url: #"/\#(station)?_q={"CodiceMIR":"WrongMirCode"}"#,
            expected: .notFound
        ),
        Case(
            file: getByID,
            line: 344,
            name: "with query filter",
            url: "/\(station)?CodiceMIR=S01788",
            expected: .station(0)
        ),
        Case(
            file: getByID,
            line: 351,
            name: "with non-matching query filter",
            url: "/\(station)?CodiceMIR=WrongMirCode",
            expected: .notFound
        ),
        Case(
            file: getByID,
            line: 358,
            name: "with acl_rows",
            url: "/\(station)",
            rows: #"[{"CodiceMIR":"S01788"}]"#,
            expected: .station(0)
        ),
        Case(
            file: getByID,
            line: 365,
            name: "with non-matching acl_rows",
            url: "/\(station)",
            rows: #"[{"CodiceMIR":"WrongMirCode"}]"#,
            expected: .notFound
        ),
        Case(
            file: getByID,
            line: 372,
            name: "with filter and with matching acl_rows",
            url: #"/\#(station)?_q={"CodiceMIR":"S01788"}"#,
            rows: #"[{"CodiceMIR":"S01788"}]"#,
            expected: .station(0)
        ),
        Case(
            file: getByID,
            line: 379,
            name: "with filter and with non-matching acl_rows",
            url: #"/\#(station)?_q={"CodiceMIR":"S01788"}"#,
            rows: #"[{"CodiceMIR":"WrongMirCode"}]"#,
            expected: .notFound
        ),
        Case(
            file: getByID,
            line: 386,
            name: "with projection",
            url: "/\(station)?_p=Cap,Comune",
            expected: .station(0, fields: ["Cap", "Comune"])
        ),
        Case(
            file: getByID,
            line: 393,
            name: "with projection < acl_read_columns",
            url: "/\(station)?_p=Cap,Comune",
            readColumns: "Cap,Comune,Direttrici",
            expected: .station(0, fields: ["Cap", "Comune"])
        ),
        Case(
            file: getByID,
            line: 400,
            name: "with projection > acl_read_columns",
            url: "/\(station)?_p=Cap,Comune,Direttrici",
            readColumns: "Cap,Comune",
            expected: .station(0, fields: ["Cap", "Comune"])
        ),
        Case(
            file: getByID,
            line: 407,
            name: "with projection intersect acl_read_columns",
            url: "/\(station)?_p=Cap,Comune,Direttrici",
            readColumns: "Cap,Comune,Indirizzo",
            expected: .station(0, fields: ["Cap", "Comune"])
        ),
        Case(
            file: getByID,
            line: 414,
            name: "with projection not intersect acl_read_columns",
            url: "/\(station)?_p=Cap,Comune,Direttrici",
            readColumns: "isbn",
            expected: .station(0, fields: [])
        ),
        Case(file: getByID, line: 421, name: "with state", url: "/\(station)?_st=PUBLIC", expected: .station(0)),
        Case(
            file: getByID,
            line: 428,
            name: "with non-matching state",
            url: "/\(station)?_st=DRAFT",
            expected: .notFound
        ),
        Case(
            file: getByID,
            line: 435,
            name: "with non-matching state and matching acl_rows",
            url: "/\(station)?_st=DRAFT",
            rows: #"[{"CodiceMIR":"S01788"}]"#,
            expected: .notFound
        ),
    ]

    @Test(arguments: getStationCases) func getStationCase(_ test: Case) async throws {
        try await Self.run(test, on: "stations-endpoint")
    }

    /// A nested field's query parameters are coerced to the field's type and compared with dot notation
    /// (`tests/httpInterface.getById.test.js`, "/:id filter correctly by nested object field", line 535, and
    /// "/:id 404 with unmatching filter on nested object", line 587).
    @Test func getByIDFiltersByNestedFields() async throws {
        let backend = InMemoryBackend(.mia)
        await backend.register(Books.self)
        let nested: (Int) -> JSONValue = { number in
            [
                "somethingNumber": .int(number), "somethingArrayObject": [["arrayItemObjectChildNumber": 4]],
                "somethingArrayOfNumbers": [5],
            ]
        }
        try await backend.insert(
            [
                ["_id": "311111111111111111111111", "isbn": "a", "metadata": nested(3333)],
                ["_id": "321111111111111111111111", "isbn": "b", "metadata": nested(999)],
            ],
            into: Books.pluralName
        )
        var (status, answer) = try await InMemoryBackendMiaTests.send(
            backend,
            "/books-endpoint/311111111111111111111111",
            [
                ("metadata.somethingNumber", "3333"),
                ("metadata.somethingArrayObject.0.arrayItemObjectChildNumber", "4"),
                ("metadata.somethingArrayOfNumbers.0", "5"),
            ]
        )
        #expect(status == 200 && answer["metadata"] == nested(3333), "line 575: \(status) \(answer)")
        (status, answer) = try await InMemoryBackendMiaTests.send(
            backend,
            "/books-endpoint/311111111111111111111111",
            [("metadata.somethingArrayObject.0.arrayItemObjectChildNumber", "999")]
        )
        #expect(status == 404 && answer == ["error": "not found"], "line 612: \(status) \(answer)")
    }

    // MARK: GET /count

    static let countList = "tests/httpInterface.countList.test.js"

    static let countCases: [Case] = [
        Case(file: countList, line: 27, name: "without query", url: "/count", expected: .json(200, "5")),
        Case(file: countList, line: 34, name: "with empty query", url: "/count?_q={}", expected: .json(200, "5")),
        Case(
            file: countList,
            line: 41,
            name: "with _q",
            url: #"/count?_q={"price":{"$gt":20}}"#,
            expected: .json(200, "3")
        ),
        Case(
            file: countList,
            line: 48,
            name: "with querystring filter",
            url: "/count?price=33.33",
            expected: .json(200, "1")
        ),
        Case(
            file: countList,
            line: 55,
            name: "with non-matching filter",
            url: #"/count?_q={"price":{"$gt":200000}}"#,
            expected: .json(200, "0")
        ),
        Case(
            file: countList,
            line: 62,
            name: "with acl rows without filter",
            url: "/count",
            rows: #"[{"isPromoted":true}]"#,
            expected: .json(200, "2")
        ),
        Case(
            file: countList,
            line: 69,
            name: "with acl rows with filter",
            url: #"/count?_q={"price":{"$gt":20}}"#,
            rows: #"[{"isPromoted":true}]"#,
            expected: .json(200, "1")
        ),
        Case(file: countList, line: 76, name: "with state PUBLIC", url: "/count?_st=PUBLIC", expected: .json(200, "5")),
        Case(file: countList, line: 83, name: "with state DRAFT", url: "/count?_st=DRAFT", expected: .json(200, "1")),
        Case(
            file: countList,
            line: 90,
            name: "with state DRAFT,TRASH",
            url: "/count?_st=DRAFT,TRASH",
            expected: .json(200, "2")
        ),
        Case(
            file: countList,
            line: 99,
            name: "with state DRAFT,TRASH with filter",
            url: #"/count?_q={"price":{"$gt":20}}&_st=DRAFT,TRASH"#,
            expected: .json(200, "2")
        ),
        Case(
            file: countList,
            line: 108,
            name: "with filter on nested object",
            url: "/count?metadata.somethingNumber=2&metadata.somethingString=the-saved-string"
                + "&metadata.somethingArrayObject.0.arrayItemObjectChildNumber=4&metadata.somethingArrayOfNumbers.0=5",
            expected: .json(200, "1")
        ),
        Case(
            file: countList,
            line: 120,
            name: "query without results",
            url: #"/count?_q={"price":{"$gt":null}}"#,
            expected: .json(200, "0")
        ),
        Case(
            file: countList,
            line: 126,
            name: "query with _useEstimate parameter",
            url: "/count?_useEstimate=true",
            expected: .json(200, "8")
        ),
        Case(
            file: countList,
            line: 133,
            name: "query with _useEstimate parameter should ignore other query parameters",
            // `Infinity`, which `JSON.stringify` writes as `null`.
            url: #"/count?_useEstimate=true&_q={"price":{"$gt":null}}"#,
            expected: .json(200, "8")
        ),
        Case(
            file: countList,
            line: 183,
            name: "with text query (_q) with not fields not included in JSON Schema returns 400",
            url: #"/count?_q={"not_a_field":{"$gt":20}}"#,
            expected: .json(400, #"{"statusCode":400,"error":"Bad Request","message":"Unknown field: not_a_field"}"#)
        ),
    ]

    @Test(arguments: countCases) func countCase(_ test: Case) async throws {
        try await Self.run(test)
    }

    // MARK: DELETE /<id>, DELETE /

    static let deleteByID = "tests/httpInterface.deleteById.test.js"
    static let everyBook = "12345678"

    static let deleteByIDCases: [Case] = [
        Case(
            file: deleteByID,
            line: 38,
            name: "without filter",
            method: "DELETE",
            url: "/\(one)",
            expected: .noContent,
            remaining: "2345678"
        ),
        Case(
            file: deleteByID,
            line: 44,
            name: "on unknown ID",
            method: "DELETE",
            url: "/000000000000000000000000",
            expected: .notFound,
            remaining: everyBook
        ),
        Case(
            file: deleteByID,
            line: 50,
            name: "with _q",
            method: "DELETE",
            url: #"/\#(one)?_q={"price":{"$gt":32.33}}"#,
            expected: .noContent,
            remaining: "2345678"
        ),
        Case(
            file: deleteByID,
            line: 56,
            name: "with non-matching _q",
            method: "DELETE",
            url: #"/\#(one)?_q={"price":{"$gt":34.33}}"#,
            expected: .notFound,
            remaining: everyBook
        ),
        Case(
            file: deleteByID,
            line: 62,
            name: "with query filter",
            method: "DELETE",
            url: "/\(one)?price=33.33",
            expected: .noContent,
            remaining: "2345678"
        ),
        Case(
            file: deleteByID,
            line: 68,
            name: "with query filter with matching _q",
            method: "DELETE",
            url: #"/\#(one)?price=33.33&_q={"price":{"$gt":32.33}}"#,
            expected: .noContent,
            remaining: "2345678"
        ),
        Case(
            file: deleteByID,
            line: 74,
            name: "with query filter with non-matching _q",
            method: "DELETE",
            url: #"/\#(one)?price=33.33&_q={"price":{"$gt":34.33}}"#,
            expected: .notFound,
            remaining: everyBook
        ),
        Case(
            file: deleteByID,
            line: 80,
            name: "with matching acl_rows",
            method: "DELETE",
            url: "/\(one)",
            rows: #"[{"price":{"$gt":32.33}}]"#,
            expected: .noContent,
            remaining: "2345678"
        ),
        Case(
            file: deleteByID,
            line: 86,
            name: "with matching acl_rows and matching _q",
            method: "DELETE",
            url: #"/\#(one)?_q={"price":{"$gt":31.33}}"#,
            rows: #"[{"price":{"$gt":32.33}}]"#,
            expected: .noContent,
            remaining: "2345678"
        ),
        Case(
            file: deleteByID,
            line: 92,
            name: "with matching acl_rows and non-matching _q",
            method: "DELETE",
            url: #"/\#(one)?_q={"price":{"$gt":34.33}}"#,
            rows: #"[{"price":{"$gt":32.33}}]"#,
            expected: .notFound,
            remaining: everyBook
        ),
        Case(
            file: deleteByID,
            line: 98,
            name: "with state",
            method: "DELETE",
            url: "/\(one)?_st=PUBLIC",
            expected: .noContent,
            remaining: "2345678"
        ),
        Case(
            file: deleteByID,
            line: 104,
            name: "with non-matching state",
            method: "DELETE",
            url: "/\(one)?_st=DRAFT",
            expected: .notFound,
            remaining: everyBook
        ),
        Case(
            file: deleteByID,
            line: 110,
            name: "with multiple state",
            method: "DELETE",
            url: "/\(one)?_st=DRAFT,PUBLIC",
            expected: .noContent,
            remaining: "2345678"
        ),
        Case(
            file: deleteByID,
            line: 370,
            name: "filter with text query (_q) with not fields not included in JSON Schema returns 400",
            method: "DELETE",
            url: #"/\#(station)?_q={"not_a_field":"not_a_value"}"#,
            expected: .json(400, #"{"statusCode":400,"error":"Bad Request","message":"Unknown field: not_a_field"}"#),
            remaining: everyBook
        ),
    ]

    @Test(arguments: deleteByIDCases) func deleteByIDCase(_ test: Case) async throws {
        try await Self.run(test)
    }

    /// `DELETE /<id>` of a station, whose `_id` is a string (`tests/httpInterface.deleteById.test.js`, "HTTP DELETE
    /// /<id> with string id", lines 265 and 271).
    @Test(arguments: [(265, ""), (271, #"?_q={"CodiceMIR":"S01788"}"#)])
    func deleteStationByID(_ line: Int, _ query: String) async throws {
        let backend = try await Self.backend()
        let test = Case(
            file: Self.deleteByID,
            line: line,
            name: "with string id",
            method: "DELETE",
            url: "/\(Self.station)\(query)",
            expected: .noContent
        )
        let (status, answer) = try await Self.send(test, to: "stations-endpoint", backend)
        try Self.check(test, status, answer)
        let left = await backend.documents(in: "stations-endpoint").map { $0["_id"] }
        #expect(left == ["3bb78876-c8bb-4e02-bad5-440f220e9f73"], "line \(line)")
    }

    static let deleteList = "tests/httpInterface.deleteList.test.js"

    static let deleteListCases: [Case] = [
        Case(
            file: deleteList,
            line: 32,
            name: "without filter",
            method: "DELETE",
            url: "/",
            expected: .json(200, "5"),
            remaining: "567"
        ),
        Case(
            file: deleteList,
            line: 38,
            name: "with _q",
            method: "DELETE",
            url: #"/?_q={"price":{"$gt":32.33}}"#,
            expected: .json(200, "1"),
            remaining: "2345678"
        ),
        Case(
            file: deleteList,
            line: 44,
            name: "with non-matching _q",
            method: "DELETE",
            url: #"/?_q={"price":{"$lt":-1}}"#,
            expected: .json(200, "0"),
            remaining: everyBook
        ),
        Case(
            file: deleteList,
            line: 50,
            name: "with query filter",
            method: "DELETE",
            url: "/?price=33.33",
            expected: .json(200, "1"),
            remaining: "2345678"
        ),
        Case(
            file: deleteList,
            line: 56,
            name: "with query filter with matching _q",
            method: "DELETE",
            url: #"/?price=33.33&_q={"price":{"$gt":32.33}}"#,
            expected: .json(200, "1"),
            remaining: "2345678"
        ),
        Case(
            file: deleteList,
            line: 64,
            name: "with query filter with non-matching _q",
            method: "DELETE",
            url: #"/?price=33.33&_q={"price":{"$lt":-1}}"#,
            expected: .json(200, "0"),
            remaining: everyBook
        ),
        Case(
            file: deleteList,
            line: 70,
            name: "with matching acl_rows",
            method: "DELETE",
            url: "/",
            rows: #"[{"price":{"$gt":32.33}}]"#,
            expected: .json(200, "1"),
            remaining: "2345678"
        ),
        Case(
            file: deleteList,
            line: 76,
            name: "with matching acl_rows and matching _q",
            method: "DELETE",
            url: #"/?_q={"price":{"$gt":31.33}}"#,
            rows: #"[{"price":{"$gt":32.33}}]"#,
            expected: .json(200, "1"),
            remaining: "2345678"
        ),
        Case(
            file: deleteList,
            line: 82,
            name: "with matching acl_rows and non-matching _q",
            method: "DELETE",
            url: #"/?_q={"price":{"$gt":34.33}}"#,
            rows: #"[{"price":{"$gt":32.33}}]"#,
            expected: .json(200, "0"),
            remaining: everyBook
        ),
        Case(
            file: deleteList,
            line: 88,
            name: "with state",
            method: "DELETE",
            url: "/?_st=PUBLIC",
            expected: .json(200, "5"),
            remaining: "567"
        ),
        Case(
            file: deleteList,
            line: 94,
            name: "with multiple state",
            method: "DELETE",
            url: "/?_st=DRAFT,PUBLIC",
            expected: .json(200, "6"),
            remaining: "67"
        ),
    ]

    @Test(arguments: deleteListCases) func deleteListCase(_ test: Case) async throws {
        try await Self.run(test)
    }

    // MARK: PATCH /<id>

    static let patchByID = "tests/httpInterface.patchById.test.js"
    /// `UPDATE_COMMAND` (line 47).
    static let updateCommand =
        #"{"$set":{"price":44,"attachments":[{"name":"name","stuff":23},{"name":"name","other":"stuff"}]}}"#
    /// The members `UPDATE_COMMAND` changes (`UPDATED_HTTP_DOC`, line 69).
    static let updated = #"{"price":44,"attachments":[{"name":"name","stuff":23},{"name":"name","other":"stuff"}]}"#
    static let matching = #"{"price":{"$gt":32.33}}"#
    static let nonMatching = #"{"price":{"$gt":34.33}}"#

    /// A case of the PATCH /<id> table: the document `UPDATE_COMMAND` (or `body`) updates, or a 404.
    static func patchCase(
        _ line: Int,
        _ name: String,
        _ url: String,
        body: String = updateCommand,
        rows: String? = nil,
        readColumns: String? = nil,
        changes: String? = updated,
        fields: [String]? = nil,
        digit: Character = "1"
    ) -> Case {
        Case(
            file: patchByID,
            line: line,
            name: name,
            method: "PATCH",
            url: url,
            body: body,
            rows: rows.map { "[\($0)]" },
            readColumns: readColumns,
            headers: ["userId": newUpdaterID],
            expected: changes.map { .patched(digit, $0, fields: fields) } ?? .notFound,
            remaining: everyBook
        )
    }

    static let patchByIDCases: [Case] = [
        patchCase(88, "on document found", "/\(one)"),
        patchCase(97, "unknown document", "/000000000000000000000000", changes: nil),
        patchCase(105, "with matching filter", "/\(one)?_q=\(matching)"),
        patchCase(114, "with matching query filter", "/\(one)?price=33.33"),
        patchCase(123, "with non-matching filter", "/\(one)?_q=\(nonMatching)", changes: nil),
        patchCase(131, "with matching acl_rows", "/\(one)", rows: matching),
        patchCase(140, "with non-matching acl_rows", "/\(one)", rows: nonMatching, changes: nil),
        patchCase(148, "with matching query and matching query filter", "/\(one)?_q=\(matching)&price=33.33"),
        patchCase(
            157,
            "with non-matching query and matching query filter",
            "/\(one)?_q=\(nonMatching)&price=33.33",
            changes: nil
        ),
        patchCase(
            165,
            "with matching query and non-matching query filter",
            "/\(one)?_q=\(matching)&price=34.33",
            changes: nil
        ),
        patchCase(
            173,
            "with non-matching query and non-matching query filter",
            "/\(one)?_q=\(nonMatching)&price=34.33",
            changes: nil
        ),
        patchCase(181, "with matching query and matching acl_rows", "/\(one)?price=33.33", rows: matching),
        patchCase(
            190,
            "with non-matching query and matching acl_rows",
            "/\(one)?price=34.33",
            rows: matching,
            changes: nil
        ),
        patchCase(
            198,
            "with matching query and non-matching acl_rows",
            "/\(one)?price=32.33",
            rows: nonMatching,
            changes: nil
        ),
        patchCase(
            206,
            "with non-matching query and non-matching acl_rows",
            "/\(one)?price=34.33",
            rows: nonMatching,
            changes: nil
        ),
        patchCase(214, "with matching filter and matching acl_rows", "/\(one)?_q=\(matching)", rows: matching),
        patchCase(
            223,
            "with non-matching filter and matching acl_rows",
            "/\(one)?_q=\(nonMatching)",
            rows: matching,
            changes: nil
        ),
        patchCase(
            231,
            "with matching filter and non-matching acl_rows",
            "/\(one)?_q=\(matching)",
            rows: nonMatching,
            changes: nil
        ),
        patchCase(
            239,
            "with non-matching filter and non-matching acl_rows",
            "/\(one)?_q=\(nonMatching)",
            rows: nonMatching,
            changes: nil
        ),
        patchCase(
            247,
            "with matching filter, matching query filter and matching acl_rows",
            "/\(one)?_q=\(matching)&price=33.33",
            rows: matching
        ),
        patchCase(
            256,
            "with non-matching filter, matching query filter and matching acl_rows",
            "/\(one)?_q=\(nonMatching)&price=33.33",
            rows: matching,
            changes: nil
        ),
        patchCase(
            264,
            "with matching filter, non-matching query filter and matching acl_rows",
            "/\(one)?_q=\(matching)&price=34.33",
            rows: matching,
            changes: nil
        ),
        patchCase(
            272,
            "with matching filter, matching query filter and non-matching acl_rows",
            "/\(one)?_q=\(matching)&price=32.33",
            rows: nonMatching,
            changes: nil
        ),
        patchCase(280, "with state", "/\(one)?_st=PUBLIC"),
        patchCase(289, "with state DRAFT", "/\(one)?_st=DRAFT", changes: nil),
        patchCase(297, "with state DRAFT and found", "/\(id("5"))?_st=DRAFT", digit: "5"),
        patchCase(
            309,
            "support $unset on ObjectId properties",
            "/\(one)",
            body: #"{"$unset":{"authorAddressId":"true"}}"#,
            changes: #"{"authorAddressId":null}"#
        ),
        patchCase(
            323,
            "support $push",
            "/\(one)",
            body: #"{"$push":{"tags":"new-tag","tagIds":44}}"#,
            changes: #"{"tags":["tag1","tag2","new-tag"],"tagIds":[1,5,44]}"#
        ),
        patchCase(
            336,
            "support $push on Array of RawObject with properties jsonSchema defined",
            "/\(one)",
            body: #"{"$push":{"attachments":{"name":"new-note","detail":{"size":"9999"}}}}"#,
            changes: #"""
                {"attachments":[{"name":"note","nestedArr":[1,2,3],"detail":{"size":9}},
                 {"name":"another-note","other":"stuff"},{"name":"new-note","detail":{"size":9999}}]}
                """#
        ),
        patchCase(
            348,
            "support $addToSet",
            "/\(one)",
            body: #"{"$addToSet":{"attachments":{"name":"new-note","detail":{"size":"9999"}}}}"#,
            changes: #"""
                {"attachments":[{"name":"note","nestedArr":[1,2,3],"detail":{"size":9}},
                 {"name":"another-note","other":"stuff"},{"name":"new-note","detail":{"size":9999}}]}
                """#
        ),
        patchCase(
            360,
            "support $addToSet multiple items",
            "/\(one)",
            body: #"{"$addToSet":{"tags":{"$each":["tag23","tag24"]}}}"#,
            changes: #"{"tags":["tag1","tag2","tag23","tag24"]}"#
        ),
        patchCase(
            372,
            "support $addToSet no duplicates",
            "/\(one)",
            body: #"{"$addToSet":{"tags":"tag1","tagIds":1}}"#,
            changes: "{}"
        ),
        patchCase(
            395,
            "support $pull on array of objects",
            "/\(one)",
            body: #"{"$pull":{"attachments":{"name":"note","nestedArr":[1,2,3],"detail":{"size":9}}}}"#,
            changes: #"{"attachments":[{"name":"another-note","other":"stuff"}]}"#
        ),
        patchCase(
            414,
            "support $pull on simple arrays",
            "/\(one)",
            body: #"{"$pull":{"tags":"tag1","tagIds":1}}"#,
            changes: #"{"tags":["tag2"],"tagIds":[5]}"#
        ),
        patchCase(
            429,
            "support $pull with mongo operators",
            "/\(one)",
            body: #"{"$pull":{"tags":{"$in":["tag1","tag2"]},"tagIds":1}}"#,
            changes: #"{"tags":[],"tagIds":[5]}"#
        ),
        patchCase(
            444,
            "on document found with acl_read_columns",
            "/\(one)",
            readColumns: "_id,name,author,isbn,updatedAt",
            fields: ["name", "author", "isbn"]
        ),
        patchCase(
            453,
            "update array: replace array element by matching query",
            #"/\#(one)?_q={"attachments.name":"note"}"#,
            body: #"{"$set":{"attachments.$.replace":{"name":"renamed","nestedArr":[1,2,3],"detail":{"size":9}}}}"#,
            changes: #"""
                {"attachments":[{"name":"renamed","nestedArr":[1,2,3],"detail":{"size":9}},
                 {"name":"another-note","other":"stuff"}]}
                """#
        ),
        patchCase(
            465,
            "update numbers array: replace array element by matching query",
            #"/\#(one)?_q={"tagIds":1}"#,
            body: #"{"$set":{"tagIds.$.replace":2}}"#,
            changes: #"{"tagIds":[2,5]}"#
        ),
        patchCase(
            477,
            "update array: merge array element by matching query",
            #"/\#(one)?_q={"attachments.name":"note"}"#,
            body: #"{"$set":{"attachments.$.merge":{"name":"renamed"}}}"#,
            changes: #"""
                {"attachments":[{"name":"renamed","nestedArr":[1,2,3],"detail":{"size":9}},
                 {"name":"another-note","other":"stuff"}]}
                """#
        ),
        patchCase(
            489,
            "update array:  merge multiple fields of array object element by matching query",
            #"/\#(one)?_q={"attachments.name":"note"}"#,
            body: #"{"$set":{"attachments.$.merge":{"name":"renamed","nestedArr":[4,5,6,0]}}}"#,
            changes: #"""
                {"attachments":[{"name":"renamed","nestedArr":[4,5,6,0],"detail":{"size":9}},
                 {"name":"another-note","other":"stuff"}]}
                """#
        ),
        patchCase(
            501,
            "update numbers array: replace array number element to number string by matching query",
            #"/\#(one)?_q={"tagIds":1}"#,
            body: #"{"$set":{"tagIds.$.replace":"2"}}"#,
            changes: #"{"tagIds":[2,5]}"#
        ),
        patchCase(
            513,
            "update strings array: replace array string element to string number by matching query",
            #"/\#(one)?_q={"tags":"tag1"}"#,
            body: #"{"$set":{"tags.$.replace":2}}"#,
            changes: #"{"tags":["2","tag2"]}"#
        ),
        patchCase(
            525,
            "patch sub property of raw object - $inc",
            #"/\#(one)?_q={"additionalInfo.foo":{"$gt":5}}"#,
            body: #"{"$inc":{"additionalInfo.foo":2}}"#,
            changes: #"{"additionalInfo":{"footnotePages":[2,3,5,44,3],"foo":44,"notes":{"mynote":"good"}}}"#
        ),
        patchCase(
            540,
            "patch sub property of raw object - $set",
            #"/\#(one)?_q={"additionalInfo.foo":{"$gt":5}}"#,
            body: #"{"$set":{"additionalInfo.foo":77}}"#,
            changes: #"{"additionalInfo":{"footnotePages":[2,3,5,44,3],"foo":77,"notes":{"mynote":"good"}}}"#
        ),
        patchCase(
            555,
            "patch sub property of raw object - $set",
            #"/\#(one)?_q={"additionalInfo.foo":{"$gt":5}}"#,
            body: #"{"$set":{"metadata.somethingNumber":77,"metadata.somethingString":"the-string"}}"#,
            changes: #"""
                {"metadata":{"somethingNumber":77,"somethingString":"the-string",
                 "somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[5]}}
                """#
        ),
        patchCase(
            571,
            "patch sub property of raw object - $unset",
            #"/\#(one)?_q={"additionalInfo.foo":{"$gt":5}}"#,
            body: #"{"$unset":{"additionalInfo.foo":true}}"#,
            changes: #"{"additionalInfo":{"footnotePages":[2,3,5,44,3],"notes":{"mynote":"good"}}}"#
        ),
        patchCase(
            587,
            "patch sub property of raw object with raw schema - $inc",
            "/\(one)",
            body: #"{"$inc":{"metadata.somethingNumber":4,"metadata.somethingArrayOfNumbers.0":2}}"#,
            changes: #"""
                {"metadata":{"somethingNumber":6,"somethingString":"the-saved-string",
                 "somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[7]}}
                """#
        ),
        patchCase(
            608,
            "patch sub property of raw object with raw schema - $mul",
            "/\(one)",
            body: #"{"$mul":{"metadata.somethingNumber":2,"metadata.somethingArrayOfNumbers.0":3}}"#,
            changes: #"""
                {"metadata":{"somethingNumber":4,"somethingString":"the-saved-string",
                 "somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[15]}}
                """#
        ),
        Case(
            file: patchByID,
            line: 705,
            name: "filter with text query (_q) with not fields not included in JSON Schema returns 400",
            method: "PATCH",
            url: #"/\#(one)?_q={"not_a_field":"not_a_value"}"#,
            body: updateCommand,
            headers: ["userId": newUpdaterID],
            expected: .json(400, #"{"statusCode":400,"error":"Bad Request","message":"Unknown field: not_a_field"}"#),
            remaining: everyBook
        ),
    ]

    @Test(arguments: patchByIDCases) func patchByIDCase(_ test: Case) async throws {
        try await Self.run(test)
    }

    // MARK: POST /<id>/state, POST /state

    static let changeStateByID = "tests/httpInterface.changeStateById.test.js"

    static func stateCase(
        _ line: Int,
        _ name: String,
        _ url: String,
        rows: String? = nil,
        found: Bool
    ) -> Case {
        Case(
            file: changeStateByID,
            line: line,
            name: name,
            method: "POST",
            url: url,
            body: #"{"stateTo":"DRAFT"}"#,
            rows: rows.map { "[\($0)]" },
            headers: ["userId": newUpdaterID],
            expected: found ? .noContent : .notFound,
            moved: found ? ("1", "DRAFT") : ("", "")
        )
    }

    static let changeStateByIDCases: [Case] = [
        stateCase(48, "without filter", "/\(one)/state", found: true),
        stateCase(56, "with query filter", "/\(one)/state?price=33.33", found: true),
        stateCase(64, "with non-matching query filter", "/\(one)/state?price=32.33", found: false),
        stateCase(72, "with filter", "/\(one)/state?_q=\(matching)", found: true),
        stateCase(80, "with non-matching filter", "/\(one)/state?_q=\(nonMatching)", found: false),
        stateCase(88, "with acl_rows", "/\(one)/state", rows: matching, found: true),
        stateCase(96, "with non-matching acl_rows", "/\(one)/state", rows: nonMatching, found: false),
        stateCase(
            104,
            "with query filter on nested object",
            "/\(one)/state?metadata.somethingNumber=2&metadata.somethingString=the-saved-string"
                + "&metadata.somethingArrayObject.0.arrayItemObjectChildNumber=4&metadata.somethingArrayOfNumbers.0=5"
                + "&attachments.0.detail.size=9",
            found: true
        ),
        Case(
            file: changeStateByID,
            line: 395,
            name: "filter with text query (_q) with not fields not included in JSON Schema returns 400",
            method: "POST",
            url: #"/\#(one)/state?_q={"not_a_field":"not_a_value"}"#,
            body: #"{"stateTo":"PUBLIC"}"#,
            headers: ["userId": newUpdaterID],
            expected: .json(400, #"{"statusCode":400,"error":"Bad Request","message":"Unknown field: not_a_field"}"#)
        ),
    ]

    @Test(arguments: changeStateByIDCases) func changeStateByIDCase(_ test: Case) async throws {
        try await Self.run(test)
    }

    /// `POST /<id>/state` of a station, whose `_id` is a string, and of one without `__STATE__`, which may move to
    /// any state (`tests/httpInterface.changeStateById.test.js`, "HTTP POST /<id>/state with string id", lines
    /// 184-206).
    @Test(arguments: [
        (184, "/002415b0-8d6d-427c-b654-9857183e57a7/state", "DRAFT", 0),
        (192, "/002415b0-8d6d-427c-b654-9857183e57a7/state?CodiceMIR=S01788", "DRAFT", 0),
        (200, "/3bb78876-c8bb-4e02-bad5-440f220e9f73/state", "PUBLIC", 1),
    ])
    func changeStationState(_ line: Int, _ url: String, _ state: String, _ index: Int) async throws {
        let backend = try await Self.backend()
        // The second fixture station has no `__STATE__`; the in-memory backend seeds it `PUBLIC`, so the station the
        // request doesn't change is compared with itself as stored, not with the fixture.
        let before = await backend.documents(in: "stations-endpoint")
        let test = Case(
            file: Self.changeStateByID,
            line: line,
            name: "with string id",
            method: "POST",
            url: url,
            body: #"{"stateTo":"\#(state)"}"#,
            headers: ["userId": Self.newUpdaterID],
            expected: .noContent
        )
        let (status, answer) = try await Self.send(test, to: "stations-endpoint", backend)
        try Self.check(test, status, answer)
        let stations = await backend.documents(in: "stations-endpoint")
        #expect(stations[index]["__STATE__"] == .string(state), "line \(line): \(stations[index])")
        #expect(stations[index]["updaterId"] == .string(Self.newUpdaterID), "line \(line)")
        #expect(stations[1 - index] == before[1 - index], "line \(line)")
    }

    /// A transition the state doesn't allow is a 400 and changes nothing (`tests/httpInterface.changeStateById.test.js`,
    /// "HTTP POST /<id>/state passing to a wrong state", lines 315-343).
    @Test(arguments: [
        (315, "PUBLIC", "DELETED"), (321, "DRAFT", "DELETED"), (327, "DELETED", "PUBLIC"), (333, "DELETED", "PUBLIC"),
        (339, "DELETED", "PUBLIC"),
    ])
    func aTransitionTheStateDoesNotAllowIsRefused(_ line: Int, _ from: String, _ to: String) async throws {
        let backend = InMemoryBackend(.mia)
        let base: [String: JSONValue] = [
            "Cap": 25040, "CodiceMIR": "S01787", "Comune": "Borgonato", "Direttrici": ["D028"],
            "Indirizzo": "Via Stazione, 24", "country": "it", "createdAt": "2017-11-11T00:00:00.000Z",
            "creatorId": "my-creator-id", "updaterId": "my-updated-id", "updatedAt": "2017-11-10T00:00:00.000Z",
        ]
        let states = ["DELETED", "PUBLIC", "DRAFT", "TRASH"]
        let stations: [JSONValue] = zip(["6", "7", "8", "9"], states).map { suffix, state in
            var members = base
            members["_id"] = .string("002415b0-8d6d-427c-b654-9857183e57a" + suffix)
            members["__STATE__"] = .string(state)
            return .object(members)
        }
        try await backend.insert(stations, into: "stations-endpoint")
        let id = stations[states.firstIndex(of: from)!]["_id"]?.stringValue ?? ""
        let (status, _) = try await InMemoryBackendMiaTests.send(
            backend,
            "/stations-endpoint/\(id)/state",
            method: "POST",
            headers: ["userId": Self.newUpdaterID],
            body: #"{"stateTo":"\#(to)"}"#
        )
        #expect(status == 400, "line \(line): \(status)")
        #expect(await backend.documents(in: "stations-endpoint") == stations, "line \(line)")
    }

    static let changeStateBulk = "tests/httpInterface.changeStateBulk.test.js"

    static func bulkStateCase(
        _ line: Int,
        _ name: String,
        _ body: String,
        rows: String? = nil,
        count: Int,
        moved: String
    ) -> Case {
        Case(
            file: changeStateBulk,
            line: line,
            name: name,
            method: "POST",
            url: "/state",
            body: body,
            rows: rows,
            headers: ["userId": newUpdaterID],
            expected: .json(200, "\(count)"),
            moved: (moved, "DRAFT")
        )
    }

    static let changeStateBulkCases: [Case] = [
        bulkStateCase(
            42,
            "filter by _id",
            #"[{"filter":{"_id":"\#(one)"},"stateTo":"DRAFT"},{"filter":{"_id":"\#(id("2"))"},"stateTo":"DRAFT"}]"#,
            count: 2,
            moved: "12"
        ),
        bulkStateCase(
            66,
            "with acl_rows",
            #"[{"filter":{"_id":"\#(one)"},"stateTo":"DRAFT"},{"filter":{"_id":"\#(id("2"))"},"stateTo":"DRAFT"}]"#,
            rows: matching,
            count: 1,
            moved: "1"
        ),
        bulkStateCase(
            90,
            "with acl_rows",
            #"[{"filter":{"_id":"\#(id("2"))"},"stateTo":"DRAFT"},{"filter":{"_id":"\#(one)"},"stateTo":"DRAFT"}]"#,
            rows: matching,
            count: 1,
            moved: "1"
        ),
        bulkStateCase(
            114,
            "with query filter - should update only matching items",
            #"""
            [{"filter":{"_id":"\#(one)","price":33.33},"stateTo":"DRAFT"},
             {"filter":{"_id":"\#(id("2"))","price":20.12},"stateTo":"DRAFT"}]
            """#,
            count: 1,
            moved: "1"
        ),
        bulkStateCase(
            141,
            "with unmatching filter on nested object with object notation",
            #"""
            [{"filter":{"_id":"\#(one)","metadata":{"somethingNumber":999,"somethingString":"unmatching",
              "somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[5]}},
              "stateTo":"DRAFT"}]
            """#,
            count: 0,
            moved: ""
        ),
        bulkStateCase(
            167,
            "with matching filter on nested object with object notation",
            #"""
            [{"filter":{"_id":"\#(one)","metadata":{"somethingNumber":"2","somethingString":"the-saved-string",
              "somethingArrayObject":[{"arrayItemObjectChildNumber":"4"}],"somethingArrayOfNumbers":["5"]}},
              "stateTo":"DRAFT"}]
            """#,
            count: 1,
            moved: "1"
        ),
        bulkStateCase(
            192,
            "with unmatching filter on nested object with dot-notation",
            #"""
            [{"filter":{"_id":"\#(one)","metadata.somethingNumber":999,"metadata.somethingString":"unmatching",
              "metadata.somethingArrayObject.0.arrayItemObjectChildNumber":4,"metadata.somethingArrayOfNumbers.0":5},
              "stateTo":"DRAFT"}]
            """#,
            count: 0,
            moved: ""
        ),
        bulkStateCase(
            214,
            "with matching filter on nested object with dot-notation",
            #"""
            [{"filter":{"_id":"\#(one)","metadata.somethingNumber":"2","metadata.somethingString":"the-saved-string",
              "metadata.somethingArrayObject.0.arrayItemObjectChildNumber":"4","metadata.somethingArrayOfNumbers.0":"5",
              "attachments.0.detail.size":"9"},
              "stateTo":"DRAFT"}]
            """#,
            count: 1,
            moved: "1"
        ),
        bulkStateCase(
            236,
            "with matching filter on nested object with dot-notation and array as values",
            #"[{"filter":{"_id":"\#(one)","metadata.somethingArrayOfNumbers":["5"]},"stateTo":"DRAFT"}]"#,
            count: 1,
            moved: "1"
        ),
        bulkStateCase(
            254,
            "with unmatching filter on nested object with dot-notation and array as values",
            #"[{"filter":{"_id":"\#(one)","metadata.somethingArrayOfNumbers":["99999999999"]},"stateTo":"DRAFT"}]"#,
            count: 0,
            moved: ""
        ),
        bulkStateCase(
            273,
            "with unmatching filter on nested array of object with object notation",
            #"""
            [{"filter":{"_id":"\#(one)","attachments":[{"name":"unmatching","nestedArr":[1,2,3],"detail":{"size":9}},
              {"name":"another-note","other":"stuff"}]},"stateTo":"DRAFT"}]
            """#,
            count: 0,
            moved: ""
        ),
        bulkStateCase(
            304,
            "with matching filter on nested array of object with object notation",
            #"""
            [{"filter":{"_id":"\#(one)","attachments":[{"name":"note","nestedArr":["1","2","3"],"detail":{"size":"9"}},
              {"name":"another-note","other":"stuff"}]},"stateTo":"DRAFT"}]
            """#,
            count: 1,
            moved: "1"
        ),
        bulkStateCase(
            335,
            "without _id - with query filter - should update only matching items",
            #"[{"filter":{"tags":"tag1"},"stateTo":"DRAFT"}]"#,
            count: 4,
            moved: "1346"
        ),
        bulkStateCase(
            355,
            "without _id - with matching filter on nested object with object notation",
            #"""
            [{"filter":{"metadata":{"somethingNumber":"2","somethingString":"the-saved-string",
              "somethingArrayObject":[{"arrayItemObjectChildNumber":"4"}],"somethingArrayOfNumbers":["5"]}},
              "stateTo":"DRAFT"}]
            """#,
            count: 1,
            moved: "1"
        ),
        bulkStateCase(
            379,
            "without _id - with matching filter on nested object with dot-notation and array as values",
            #"[{"filter":{"metadata.somethingArrayOfNumbers":["5"]},"stateTo":"DRAFT"}]"#,
            count: 1,
            moved: "1"
        ),
        bulkStateCase(
            396,
            "without _id - with unmatching filter on nested object with dot-notation and array as values",
            #"[{"filter":{"metadata.somethingArrayOfNumbers":["99999999999"]},"stateTo":"DRAFT"}]"#,
            count: 0,
            moved: ""
        ),
        Case(
            file: changeStateBulk,
            line: 511,
            name: "filter on RawObject: should have additionalProperties false if set",
            method: "POST",
            url: "/state",
            body:
                #"[{"filter":{"_id":"\#(one)","metadata":{"somethingNumber":"3","unknownField":2}},"stateTo":"DRAFT"}]"#,
            headers: ["userId": newUpdaterID],
            expected: .json(
                400,
                #"""
                {"statusCode":400,"error":"Bad Request",
                 "message":"body/0/filter/metadata must NOT have additional properties. Property \"unknownField\" is not defined in validation schema"}
                """#
            )
        ),
    ]

    @Test(arguments: changeStateBulkCases) func changeStateBulkCase(_ test: Case) async throws {
        try await Self.run(test)
    }
}
