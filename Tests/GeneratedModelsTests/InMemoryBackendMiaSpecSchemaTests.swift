import Foundation
import GoldenRealMia
import ModelRuntime
import ModelRuntimeTesting
import Testing

// What crud-service's JSON Schemas of the books' collection (mia-platform/crud-service @ bd427899,
// `tests/collectionDefinitions/books.js`, the `fields` form the HTTP tests load) check that the `Books` model doesn't,
// and the in-memory backend knows from `BooksCreateRequirements`: a `null` for a field that isn't `nullable`, the
// members a `RawObject`'s schema requires or doesn't define, and `PATCH /bulk`'s filter as JSON typed it. Where the
// service's own tests send such a body, the case is theirs (file, line, name); else it is what their schemas and
// Fastify's Ajv (`coerceTypes: true`, `lib/validatorGetters.js`, `getAjvValidator`) make of it, with the source named.

extension InMemoryBackendMiaSpecTests {
    /// A write to the first fixture book: its request, and the members the book has after it (JSON; each replaces
    /// the book's own).
    struct BookWrite: Sendable, CustomTestStringConvertible {
        let source: String
        var method = "PATCH"
        let url: String
        let body: String
        let changes: String

        var testDescription: String { "\(source): \(method) \(url) \(body)" }
    }

    /// Runs `write` on a fresh backend: a 200 that leaves the first book with its `changes` and the request's user,
    /// every other book as it was.
    static func run(_ write: BookWrite) async throws {
        let backend = try await backend()
        let before = await backend.documents(in: Books.pluralName)
        let (status, answer) = try await Self.write(backend, write.method, write.url, write.body)
        #expect(status == 200, "\(write): \(status) \(answer)")
        let after = await backend.documents(in: Books.pluralName)
        guard case .object(var expected) = before[0] else { return }
        for (key, value) in try JSONValue(parsing: Data(write.changes.utf8)).objectValue ?? [:] {
            expected[key] = value
        }
        expected["updaterId"] = .string(newUpdaterID)
        expected["updatedAt"] = after[0]["updatedAt"]
        #expect(after[0] == .object(expected), "\(write): \(after[0])")
        #expect(Array(after.dropFirst()) == Array(before.dropFirst()), "\(write)")
    }

    /// Sends `body` to `path` by `method` on a fresh backend: a 400 of exactly `expected` (JSON), the books as they
    /// were.
    static func refused(
        _ source: String,
        _ method: String,
        _ path: String,
        _ body: String,
        _ expected: String
    )
        async throws
    {
        let backend = try await backend()
        let before = await backend.documents(in: Books.pluralName)
        let (status, answer) = try await write(backend, method, path, body)
        #expect(status == 400, "\(source): \(status) \(answer)")
        #expect(answer == (try JSONValue(parsing: Data(expected.utf8))), "\(source): \(answer)")
        #expect(await backend.documents(in: Books.pluralName) == before, "\(source) changed the books")
    }

    /// The service's error body of a refusal by the route's schema.
    static func schemaRefusal(_ message: String) -> String {
        let text = String(decoding: try! JSONValue.string(message).jsonData(sortedKeys: true), as: UTF8.self)
        return #"{"statusCode":400,"error":"Bad Request","code":"FST_ERR_VALIDATION","message":\#(text)}"#
    }

    /// The service's error body of a property the route's schema doesn't have, as its error handler rewrites it
    /// (`index.js`, `customErrorHandler`): without Fastify's code.
    static func additionalPropertyRefusal(_ message: String) -> String {
        let text = String(decoding: try! JSONValue.string(message).jsonData(sortedKeys: true), as: UTF8.self)
        return #"{"statusCode":400,"error":"Bad Request","message":\#(text)}"#
    }

    // MARK: null for a field that isn't nullable

    static let schemaSource = "lib/JSONSchemaGenerator.js with Ajv's coerceTypes"

    /// A `null` for a field that isn't `nullable` in each write that takes one, as Ajv coerces the `null` `price`
    /// of "allow nullable field" (`tests/httpInterface.postList.test.js`, line 551) to 0: the PATCH schema's `$set`
    /// has the collection's fields and the paths of its `RawObject`s' schemas (`propertiesPatchCommandsValidation`),
    /// a `$.replace` the array's element, `$push` the element or MongoDB's modifiers, `$inc` a number.
    static let nullCases: [BookWrite] = [
        BookWrite(
            source: schemaSource,
            url: "/\(one)",
            body: #"{"$set":{"price":null,"isPromoted":null,"author":null}}"#,
            changes: #"{"price":0,"isPromoted":false,"author":""}"#
        ),
        BookWrite(
            source: schemaSource,
            url: "/?_id=\(one)",
            body: #"{"$set":{"metadata.somethingNumber":null}}"#,
            changes: #"""
                {"metadata":{"somethingNumber":0,"somethingString":"the-saved-string",
                 "somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[5]}}
                """#
        ),
        BookWrite(
            source: schemaSource,
            url: "/bulk",
            body: #"[{"filter":{"_id":"\#(one)"},"update":{"$set":{"attachments":[{"name":null,"size":null}]}}}]"#,
            changes: #"{"attachments":[{"name":"","size":0}]}"#
        ),
        BookWrite(
            source: schemaSource,
            url: #"/?_q={"attachments.name":"note"}&_id=\#(one)"#,
            body: #"{"$set":{"attachments.$.replace":{"name":"replaced","size":null}}}"#,
            changes: #"{"attachments":[{"name":"replaced","size":0},{"name":"another-note","other":"stuff"}]}"#
        ),
        BookWrite(
            source: schemaSource,
            method: "POST",
            url: "/upsert-one?name=Ulysses",
            body: #"{"$set":{"tagIds":[1,null]}}"#,
            changes: #"{"tagIds":[1,0]}"#
        ),
        BookWrite(
            source: schemaSource,
            url: "/\(one)",
            body: #"{"$push":{"tagIds":null}}"#,
            changes: #"{"tagIds":[1,5,0]}"#
        ),
        BookWrite(
            source: schemaSource,
            url: "/\(one)",
            body: #"{"$inc":{"price":null}}"#,
            changes: #"{"price":33.33}"#
        ),
    ]

    @Test(arguments: nullCases) func aNullForAFieldThatIsntNullableIsItsTypesEmptyValue(_ write: BookWrite) async throws
    {
        try await Self.run(write)
    }

    /// An upsert that inserts takes its `$setOnInsert`'s `null` `price` as 0, as the schema's `$setOnInsert`, the
    /// collection's fields (`propertiesUpsertCommandsValidation`), coerces it.
    @Test func anUpsertsSetOnInsertNullIsItsTypesEmptyValue() async throws {
        let backend = try await Self.backend()
        let (status, answer) = try await Self.write(
            backend,
            "POST",
            "/upsert-one?name=new",
            #"{"$setOnInsert":{"isbn":"new-isbn","price":null,"tags":["a",null]}}"#
        )
        #expect(status == 200 && answer["price"] == 0 && answer["tags"] == ["a", ""], "\(status) \(answer)")
        let stored = await backend.documents(in: Books.pluralName).last
        #expect(stored?["price"] == 0 && stored?["tags"] == ["a", ""], "\(stored ?? .null)")
    }

    /// A `null` the schema takes no value of the field's type for: an ObjectId's and a date's `""` fails their
    /// pattern (`lib/schemaGetters.js`, `objectIdType`), an object, a GeoPoint and a JSON Schema array take none
    /// (Ajv coerces nothing to an object or an array).
    @Test(arguments: [
        ("POST", "/", #"{"authorAddressId":null}"#, #"body/authorAddressId must match pattern "^[a-fA-F\d]{24}$""#),
        ("POST", "/", #"{"metadata":null}"#, "body/metadata must be object"),
        ("POST", "/bulk", #"{"position":null}"#, "body/0/position must be array"),
        (
            "POST", "/validate", #"{"metadata":{"somethingNumber":1,"somethingObject":null}}"#,
            "body/metadata/somethingObject must be object"
        ),
        (
            "PATCH", "/\(one)", #"{"$set":{"metadata.somethingArrayOfNumbers":null}}"#,
            "body/$set/metadata.somethingArrayOfNumbers must be array"
        ),
    ])
    func aNullOfNoValueOfTheFieldsTypeIsRefused(
        _ method: String,
        _ path: String,
        _ members: String,
        _ message: String
    )
        async throws
    {
        let body =
            switch (method, path) {
            case ("POST", "/bulk"): "[" + (try Self.merging(Self.newBook, members)) + "]"
            case ("POST", _): try Self.merging(Self.newBook, members)
            default: members
            }
        try await Self.refused(Self.schemaSource, method, path, body, Self.schemaRefusal(message))
    }

    // MARK: A RawObject's required and additional members

    static let patchSpecial = "tests/httpInterface.patchById.special.test.js"

    /// `$push` and `$addToSet` of an element the schema of `attachments` refuses: its items' schema or MongoDB's
    /// modifiers (`mongoOperatorSchema`), in Fastify's words for both.
    @Test(arguments: [
        (849, "fails if missing to push a required field of an object", "$push", #"{"other":"foo"}"#),
        (
            880, "fails if push is not compliant to additionalProperties of the field", "$push",
            #"{"name":"foo","unknownField":"bar"}"#
        ),
        (1080, "fails if missing to addToSet a required field of an object", "$addToSet", #"{"other":"foo"}"#),
        (
            1109, "fails if addToSet is not compliant to additionalProperties of the field", "$addToSet",
            #"{"name":"foo","unknownField":"bar"}"#
        ),
    ])
    func anElementAddedToAnArrayOfObjectsIsCheckedAgainstItsSchema(
        _ line: Int,
        _ name: String,
        _ operation: String,
        _ element: String
    ) async throws {
        let at = "body/\(operation)/attachments"
        let modifiers =
            ["$", "$each", "$sort", "$in", "$position", "$each"].map { "\(at) must have required property '\($0)'" }
            + ["\(at) must match a schema in anyOf", "\(at) must match a schema in anyOf"]
        let expected =
            element.contains("unknownField")
            ? Self.additionalPropertyRefusal(
                ([at + " must NOT have additional properties"] + modifiers).joined(separator: ", ")
                    + ". Property \"unknownField\" is not defined in validation schema"
            )
            : Self.schemaRefusal(([at + " must have required property 'name'"] + modifiers).joined(separator: ", "))
        try await Self.refused(
            "\(Self.patchSpecial):\(line) \(name)",
            "PATCH",
            "/\(Self.one)",
            #"{"\#(operation)":{"attachments":\#(element)}}"#,
            expected
        )
    }

    /// "filter on RawObject: should have required fields if set" (`tests/httpInterface.changeStateBulk.test.js`,
    /// line 479): a `POST /state` filter's `metadata` without the `somethingNumber` its schema requires.
    @Test func aStateChangesFilterObjectWithoutARequiredMemberIsRefused() async throws {
        try await Self.refused(
            "\(Self.changeStateBulk):479",
            "POST",
            "/state",
            #"[{"filter":{"_id":"\#(Self.one)","metadata":{"somethingString":"foo"}},"stateTo":"DRAFT"}]"#,
            Self.schemaRefusal("body/0/filter/metadata must have required property 'somethingNumber'")
        )
    }

    /// What each update's schema refuses of a `RawObject` it writes, as a create's (`tests/httpInterface.postList.test.js`,
    /// lines 330-483): `$set` and `$setOnInsert` have the collection's fields (and a `$.replace` the element of its
    /// array), `$pull` the element or MongoDB's modifiers, as `$push` (`propertiesPatchCommandsValidation`).
    @Test(arguments: [
        (
            "PATCH", "/\(one)", #"{"$set":{"metadata":{"somethingString":"x"}}}"#,
            "body/$set/metadata must have required property 'somethingNumber'"
        ),
        (
            "PATCH", "/?_id=\(one)", #"{"$set":{"metadata.somethingArrayObject":[{"anotherNumber":1}]}}"#,
            "body/$set/metadata.somethingArrayObject/0 must have required property 'arrayItemObjectChildNumber'"
        ),
        (
            "PATCH", "/bulk",
            #"[{"filter":{"_id":"\#(one)","_q":"{\"attachments.name\":\"note\"}"},"update":{"$set":{"attachments.$.replace":{"other":"x"}}}}]"#,
            "body/0/update/$set/attachments.$.replace must have required property 'name'"
        ),
        (
            "POST", "/upsert-one?name=new", #"{"$setOnInsert":{"isbn":"new-isbn","signature":{}}}"#,
            "body/$setOnInsert/signature must have required property 'name'"
        ),
        (
            "PATCH", "/\(one)", #"{"$pull":{"attachments":{"other":"stuff"}}}"#,
            "body/$pull/attachments must have required property 'name', "
                + ["$", "$each", "$sort", "$in", "$position", "$each"].map {
                    "body/$pull/attachments must have required property '\($0)'"
                }.joined(separator: ", ")
                + ", body/$pull/attachments must match a schema in anyOf, body/$pull/attachments must match a schema in anyOf"
        ),
    ])
    func anUpdatesObjectWithoutARequiredMemberIsRefused(
        _ method: String,
        _ path: String,
        _ body: String,
        _ message: String
    ) async throws {
        try await Self.refused(Self.schemaSource, method, path, body, Self.schemaRefusal(message))
    }

    /// A member that `attachments`' closed schema doesn't define, in an element a `$set` writes: refused in the
    /// words of the field's `anyOf`, as a create's (`tests/httpInterface.postList.test.js`, line 447), and by
    /// the service's error handler.
    @Test func anUpdatesObjectWithAMemberItsSchemaDoesntDefineIsRefused() async throws {
        try await Self.refused(
            Self.schemaSource,
            "PATCH",
            "/\(Self.one)",
            #"{"$set":{"attachments":[{"name":"a","unexpectedField":1}]}}"#,
            Self.additionalPropertyRefusal(
                "body/$set/attachments/0 must NOT have additional properties, body/$set/attachments must be object, "
                    + "body/$set/attachments must match a schema in anyOf. Property \"unexpectedField\" is not defined "
                    + "in validation schema"
            )
        )
    }

    /// An upsert that finds a document, and so inserts nothing, still has its `$setOnInsert` checked whole, since
    /// Fastify validates the body before the route runs (`propertiesUpsertCommandsValidation`): a member
    /// `attachments`' closed schema doesn't define is refused as a `$set`'s is, and the book is left as it was.
    @Test func anUpsertThatInsertsNothingStillRefusesAMemberAClosedObjectDoesntDefine() async throws {
        try await Self.refused(
            Self.schemaSource,
            "POST",
            "/upsert-one?name=Ulysses",
            #"{"$set":{"price":1},"$setOnInsert":{"attachments":[{"name":"a","unexpectedField":1}]}}"#,
            Self.additionalPropertyRefusal(
                "body/$setOnInsert/attachments/0 must NOT have additional properties, body/$setOnInsert/attachments "
                    + "must be object, body/$setOnInsert/attachments must match a schema in anyOf. Property "
                    + "\"unexpectedField\" is not defined in validation schema"
            )
        )
    }

    // MARK: $inc and $mul amounts

    /// An `$inc` or `$mul` amount as text or a boolean, which the PATCH schema's Ajv coerces to a number where the
    /// field is one (`propertiesPatchCommandsValidation` types both operators' fields, a `RawObject` schema's number
    /// paths among them, `number`; `coerceTypes: true`): `"2"` is 2, `true` is 1.
    static let amountCases: [BookWrite] = [
        BookWrite(source: schemaSource, url: "/\(one)", body: #"{"$mul":{"price":"2"}}"#, changes: #"{"price":66.66}"#),
        BookWrite(
            source: schemaSource,
            url: "/bulk",
            body: #"""
                [{"filter":{"_id":"\#(one)"},
                  "update":{"$inc":{"metadata.somethingNumber":" 4 ","metadata.somethingArrayOfNumbers.0":true}}}]
                """#,
            changes: #"""
                {"metadata":{"somethingNumber":6,"somethingString":"the-saved-string",
                 "somethingArrayObject":[{"arrayItemObjectChildNumber":4}],"somethingArrayOfNumbers":[6]}}
                """#
        ),
    ]

    @Test(arguments: amountCases) func anIncrementsAmountIsCoercedToANumber(_ write: BookWrite) async throws {
        try await Self.run(write)
    }

    /// An amount that spells no number is the schema's refusal, at its pointer in the body: Fastify's
    /// `body/0/update/…` for a bulk patch's first command.
    @Test(arguments: [
        ("/\(one)", #"{"$inc":{"price":"abc"}}"#, "body/$inc/price must be number"),
        ("/\(one)", #"{"$mul":{"price":""}}"#, "body/$mul/price must be number"),
        (
            "/bulk", #"[{"filter":{"_id":"\#(one)"},"update":{"$inc":{"metadata.somethingNumber":"4x"}}}]"#,
            "body/0/update/$inc/metadata.somethingNumber must be number"
        ),
    ])
    func anAmountThatSpellsNoNumberIsRefused(_ path: String, _ body: String, _ message: String) async throws {
        try await Self.refused(Self.schemaSource, "PATCH", path, body, Self.schemaRefusal(message))
    }

    // MARK: An Array field's query parameter

    /// A query parameter for a collection's `Array` field, which the querystring of a list, a count and a delete
    /// types as the array or one element (`generateArrayProperty`; `tests/expectedSchemas/booksGetListSchema.js`,
    /// `tags` and `tagIds`): the text is one element, coerced to the element's type, and selects the books whose
    /// array holds it, as MongoDB's equality does.
    static let arrayParameterCases: [Case] = [
        Case(file: schemaSource, line: 0, name: "text element", url: "/?tags=tag1", expected: .books("134")),
        Case(file: schemaSource, line: 0, name: "number element", url: "/?tagIds=4&_s=_id", expected: .books("23")),
        Case(
            file: schemaSource,
            line: 0,
            name: "count",
            url: "/count?tags=tag1&_st=PUBLIC,DRAFT",
            expected: .json(200, "4")
        ),
        Case(
            file: schemaSource,
            line: 0,
            name: "delete",
            method: "DELETE",
            url: "/?tagIds=5",
            expected: .json(200, "2"),
            remaining: "235678"
        ),
        Case(
            file: schemaSource,
            line: 0,
            name: "no number",
            url: "/?tagIds=abc",
            expected: .json(400, schemaRefusal("querystring/tagIds must be array,number"))
        ),
        Case(
            file: schemaSource,
            line: 0,
            name: "no ObjectId",
            url: "/?tagObjectIds=abc",
            expected: .json(
                400,
                schemaRefusal(
                    #"querystring/tagObjectIds must be array, querystring/tagObjectIds must match pattern "#
                        + #""^[a-fA-F\d]{24}$", querystring/tagObjectIds must match a schema in anyOf"#
                )
            )
        ),
        Case(
            file: schemaSource,
            line: 0,
            name: "array of objects",
            url: "/?attachments=note",
            expected: .json(400, schemaRefusal("querystring/attachments must be array,object"))
        ),
    ]

    /// A query parameter given more than once, which Fastify's parser makes an array: an `Array` field takes it as
    /// the array, which MongoDB's equality finds whole; every other field and the service's own parameters but `_s`
    /// take one value, and Ajv's `coerceTypes: true` makes no scalar of an array, so the schema refuses it by its type.
    static let repeatedParameterCases: [Case] = [
        Case(file: schemaSource, line: 0, name: "whole array", url: "/?tags=tag2&tags=tag1", expected: .books("")),
        Case(file: schemaSource, line: 0, name: "whole array", url: "/?tags=tag1&tags=tag2", expected: .books("14")),
        Case(
            file: schemaSource,
            line: 0,
            name: "number",
            url: "/?price=1&price=2",
            expected: .json(400, schemaRefusal("querystring/price must be number"))
        ),
        Case(
            file: schemaSource,
            line: 0,
            name: "text",
            url: "/count?name=a&name=b",
            expected: .json(400, schemaRefusal("querystring/name must be string"))
        ),
        Case(
            file: schemaSource,
            line: 0,
            name: "limit",
            url: "/?_l=1&_l=2",
            expected: .json(400, schemaRefusal("querystring/_l must be integer"))
        ),
        Case(
            file: schemaSource,
            line: 0,
            name: "estimate",
            url: "/count?_useEstimate=true&_useEstimate=true",
            expected: .json(400, schemaRefusal("querystring/_useEstimate must be boolean"))
        ),
        Case(
            file: schemaSource,
            line: 0,
            name: "query",
            method: "DELETE",
            url: #"/?_q={"price":1}&_q={"price":2}"#,
            expected: .json(400, schemaRefusal("querystring/_q must be string")),
            remaining: "12345678"
        ),
    ]

    @Test(arguments: repeatedParameterCases) func aRepeatedParameterIsAnArrayAsFastifyParsesIt(
        _ test: Case
    )
        async throws
    {
        try await Self.run(test)
    }

    @Test(arguments: arrayParameterCases) func anArrayFieldsParameterSelectsTheArraysThatHoldIt(
        _ test: Case
    )
        async throws
    {
        try await Self.run(test)
    }

    // MARK: PATCH /bulk's filter

    /// A `PATCH /bulk` filter's values as JSON typed them, which the route's schema coerces to the field's type
    /// (`generatePatchBulkJSONSchema`: the querystring's fields, a collection's `Array` fields among them): the
    /// number 1 for a boolean is `true`, `["1","5"]` for an array of numbers `[1,5]`, `"tag1"` for an array of
    /// text one element, a `null` for a field that isn't nullable its type's empty value, and a nullable field's
    /// `null` is kept. The first book, with `replaced`'s members, is the one each filter finds.
    @Test(arguments: [
        ("{}", #""isPromoted":1"#), ("{}", #""tagIds":["1","5"]"#), ("{}", #""tags":"tag1""#),
        (#"{"price":0}"#, #""price":null"#), (#"{"name":null}"#, #""name":null"#),
    ])
    func aBulkFiltersValuesAreCoercedAsJSONTypedThem(_ replaced: String, _ filter: String) async throws {
        var books = try Self.books()
        books[0] = try Self.replacing(books[0], with: replaced)
        let backend = try await Self.backend(books: books)
        let command = Self.command(#""_id":"\#(Self.one)",\#(filter)"#, update: #"{"$set":{"price":999}}"#)
        let (status, answer) = try await Self.write(backend, "PATCH", "/bulk", "[\(command)]")
        #expect(status == 200 && answer == 1, "\(filter): \(status) \(answer)")
        #expect(await backend.documents(in: Books.pluralName)[0]["price"] == 999, "\(filter)")
    }

    /// A `POST /state` filter's `null`, which the route's schema (the collection's fields with their `nullable`,
    /// `generateChangeStateManyJSONSchema`) coerces as a write's: `price`'s is 0, and finds the book whose price is
    /// 0, not one without a price; `name`'s, which is nullable, stays `null`.
    @Test(arguments: [(#"{"price":0}"#, #""price":null"#), (#"{"name":null}"#, #""name":null"#)])
    func aStateChangeFiltersNullIsCoercedAsAWritesIs(_ replaced: String, _ filter: String) async throws {
        var books = try Self.books()
        books[0] = try Self.replacing(books[0], with: replaced)
        let backend = try await Self.backend(books: books)
        let body = #"[{"filter":{"_id":"\#(Self.one)",\#(filter)},"stateTo":"DRAFT"}]"#
        let (status, answer) = try await Self.write(backend, "POST", "/state", body)
        #expect(status == 200 && answer == 1, "\(filter): \(status) \(answer)")
        #expect(await backend.documents(in: Books.pluralName)[0]["__STATE__"] == "DRAFT", "\(filter)")
    }

    /// A `PATCH /bulk` filter's value the route's schema refuses, at its pointer in the body: text that is no
    /// number for a number, an object field, and a path into `additionalInfo`, a `RawObject` without a schema,
    /// which the filter's schema doesn't have (its paths are those of the objects' schemas: `getFilterFromRawSchema`).
    @Test(arguments: [
        (#""price":"abc""#, schemaRefusal("body/0/filter/price must be number")),
        (
            #""metadata":{"somethingNumber":2}"#,
            additionalPropertyRefusal(
                #"body/0/filter must NOT have additional properties. Property "metadata" is not defined in validation schema"#
            )
        ),
        (
            #""additionalInfo.notes.mynote":"good""#,
            additionalPropertyRefusal(
                #"body/0/filter must NOT have additional properties. Property "additionalInfo.notes.mynote" is not "#
                    + "defined in validation schema"
            )
        ),
    ])
    func aBulkFiltersValueTheSchemaRefusesIsRefusedInTheBody(_ filter: String, _ expected: String) async throws {
        try await Self.refused(
            Self.schemaSource,
            "PATCH",
            "/bulk",
            "[" + Self.command(#""_id":"\#(Self.one)",\#(filter)"#) + "]",
            expected
        )
    }
}
