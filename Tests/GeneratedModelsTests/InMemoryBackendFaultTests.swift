import Foundation
import GoldenParse
import GoldenQueries
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The in-memory backends' refusals in the words and codes of the services they imitate, so that an app's error
// handling sees in its tests what it sees in production.

@Suite struct InMemoryBackendFaultTests {
    /// Cortex's faults carry the `errCode` an app tests them by, beside `code`, `name`, `status`, `reason` and
    /// `path`, as mdctl's `packages/mdctl-core/fault.js` (`toJSON`) reads a fault: an instance not found is
    /// `cortex.notFound.instance`, a duplicate key `cortex.conflict.duplicateKey`, a missing required property a
    /// `Validation error.` (`cortex.invalidArgument.validation`) whose fault for the property is
    /// `cortex.invalidArgument.required` (`kRequired`), any other bad argument `cortex.invalidArgument.unspecified`.
    @Test func cortexFaultsCarryTheirErrCode() async throws {
        let backend = InMemoryBackend(.cortex)
        await backend.register(Item.Create.self)
        await backend.requireUnique("c_name", in: "c_items")

        var (status, answer) = try await backend.answer(RenderedRequest(path: "/c_items/5f0000000000000000000009"))
        #expect(status == 404)
        #expect(answer["object"] == "fault" && answer["errCode"] == "cortex.notFound.instance", "\(answer)")
        #expect(answer["code"] == "kNotFound" && answer["status"] == 404 && answer["name"] == "db", "\(answer)")

        (status, answer) = try await backend.answer(
            RenderedRequest(method: "POST", path: "/c_items", body: .object([("c_count", .int(1))]))
        )
        #expect(status == 400)
        #expect(answer["errCode"] == "cortex.invalidArgument.validation" && answer["code"] == "kValidationError")
        #expect(answer["reason"] == "Validation error." && answer["name"] == "error", "\(answer)")
        let property = try #require(answer["faults"]?[0], "\(answer)")
        #expect(property["errCode"] == "cortex.invalidArgument.required" && property["code"] == "kRequired")
        // Cortex's validators qualify the path with the object's name, as its tests of a required property show.
        #expect(property["object"] == "fault" && property["path"] == "c_item.c_name" && property["status"] == 400)
        #expect(property["reason"] == "Required property" && property["message"] == "Please enter a value.")

        // A value of the wrong kind, in a create and in an update alike.
        let wrongKind = QueryJSON.object([("c_name", .string("b")), ("c_count", .string("five"))])
        (status, answer) = try await backend.answer(RenderedRequest(method: "POST", path: "/c_items", body: wrongKind))
        #expect(status == 400 && answer["faults"]?[0]?["path"] == "c_item.c_count", "\(answer)")

        let body = QueryJSON.object([("c_name", .string("a"))])
        (status, _) = try await backend.answer(RenderedRequest(method: "POST", path: "/c_items", body: body))
        #expect(status == 200)
        (status, answer) = try await backend.answer(RenderedRequest(method: "POST", path: "/c_items", body: body))
        #expect(status == 409)
        #expect(answer["errCode"] == "cortex.conflict.duplicateKey", "\(answer)")
        let stored = try #require(await backend.documents(in: "c_items").first?["_id"]?.stringValue)
        (status, answer) = try await backend.answer(
            RenderedRequest(method: "PUT", path: "/c_items/\(stored)", body: .object([("c_count", .string("five"))]))
        )
        #expect(status == 400 && answer["faults"]?[0]?["path"] == "c_item.c_count", "\(answer)")

        (status, answer) = try await backend.answer(
            RenderedRequest(path: "/c_items", queryItems: [URLQueryItem(name: "limit", value: "0")])
        )
        #expect(status == 400)
        #expect(answer["errCode"] == "cortex.invalidArgument.unspecified" && answer["code"] == "kInvalidArgument")
    }

    /// A create that leaves out several required members: Cortex's validators list each under `faults`, so an app
    /// can mark every field at once; the CRUD service's schema and parse-server name the first. The client's refusal
    /// names what each backend names.
    @Test func cortexListsEveryMissingRequiredMember() async throws {
        struct TwoRequired: RequiredCreateMembers {
            typealias Model = Item
            static let requiredMembers: Set<String> = ["c_name", "c_count"]
            var members: [BodyMember] { [] }
            func violations(at prefix: String) -> [Violation] { [] }
        }
        for (dialect, path, fields) in [
            (InMemoryDialect.cortex, "/c_items", ["c_count", "c_name"]), (.mia, "/c_items/", ["c_count"]),
            (.parse, "/classes/c_items", ["c_count"]),
        ] {
            let backend = InMemoryBackend(dialect)
            await backend.register(TwoRequired.self)
            let body: JSONValue = ["c_tags": ["a"]]
            if path == "/c_items" {
                let (status, answer) = try await backend.answer(
                    RenderedRequest(method: "POST", path: path, body: .object([("c_tags", .array([.string("a")]))]))
                )
                let paths = answer["faults"]?.arrayValue?.map { $0["path"] }
                #expect(status == 400 && paths == ["c_item.c_count", "c_item.c_name"], "\(answer)")
                #expect(answer["faults"]?[1]?["errCode"] == "cortex.invalidArgument.required", "\(answer)")
            }
            let error = await #expect(throws: ModelClientError.self) {
                _ = try await backend.client().post(body, to: path, answer: JSONValue.self)
            }
            #expect(error?.refusal == .validation(fields: fields), "\(path): \(String(describing: error))")
            #expect(await backend.documents(in: "c_items").isEmpty)
        }
    }

    /// Cortex's document writer refuses a property the object doesn't have, and one Cortex sets itself, with a fault
    /// of its own rather than a validation fault: `cortex.notFound.property` (404, `kNotFound`) and
    /// `cortex.accessDenied.notWritable` (403), each with the property's path, for a create, a `PUT` and a `PATCH`
    /// alike. The client reads both as a refusal of the body that names the property, as it reads the other backends'
    /// 400s for the same.
    @Test func cortexRefusesAnUnknownOrReadOnlyPropertyWithAFaultOfItsOwn() async throws {
        let backend = InMemoryBackend(.cortex)
        await backend.register(Item.Create.self)
        let item = try await backend.client().create(Item.Create(name: "a"))
        let path = "/c_items/\(item.id)"
        func body(_ members: [(String, QueryJSON)]) -> QueryJSON { .object(members) }
        let setNope = QueryJSON.object([("op", .string("set")), ("path", .string("c_nope")), ("value", .int(1))])
        let requests: [(RenderedRequest, Int, String, String)] = [
            (
                RenderedRequest(
                    method: "POST",
                    path: "/c_items",
                    body: body([("c_name", .string("b")), ("c_nope", .int(1))])
                ),
                404, "cortex.notFound.property", "c_nope"
            ),
            (
                RenderedRequest(method: "PUT", path: path, body: body([("c_nope", .int(1))])),
                404, "cortex.notFound.property", "c_nope"
            ),
            (
                RenderedRequest(method: "PATCH", path: path, body: .array([setNope])),
                404, "cortex.notFound.property", "c_nope"
            ),
            (
                RenderedRequest(
                    method: "POST",
                    path: "/c_items",
                    body: body([("c_name", .string("b")), ("created", .string("2020-01-01T00:00:00.000Z"))])
                ),
                403, "cortex.accessDenied.notWritable", "created"
            ),
            (
                RenderedRequest(
                    method: "PUT",
                    path: path,
                    body: body([("creator", .string("000000000000000000000002"))])
                ),
                403, "cortex.accessDenied.notWritable", "creator"
            ),
        ]
        for (request, expectedStatus, errCode, property) in requests {
            let (status, answer) = try await backend.answer(request)
            #expect(status == expectedStatus, "\(request.method) \(answer)")
            #expect(answer["object"] == "fault" && answer["errCode"] == .string(errCode), "\(answer)")
            #expect(answer["status"] == .int(expectedStatus) && answer["path"] == .string(property), "\(answer)")
            #expect(answer["faults"] == nil, "\(answer)")
        }
        #expect(await backend.documents(in: "c_items").count == 1)
        #expect(await backend.documents(in: "c_items").first?["c_nope"] == nil)

        // A body with both kinds is refused the same way in every run, whatever order its keys come in: by the first
        // key in code-point order, here the read-only `created` (twenty bodies, so that an order the hashing of one
        // run happens to give can't pass for it).
        for index in 0..<20 {
            let keys = ["x\(index)a", "x\(index)b", "y\(index)", "created"]
            let (status, answer) = try await backend.answer(
                RenderedRequest(method: "PUT", path: path, body: body(keys.map { ($0, .int(1)) }))
            )
            #expect(status == 403 && answer["path"] == "created", "\(answer)")
        }

        let client = backend.client()
        for (body, property) in [
            (["c_name": "b", "c_nope": 1] as JSONValue, "c_nope"), (["c_name": "b", "created": "x"], "created"),
        ] {
            let error = await #expect(throws: ModelClientError.self) {
                _ = try await client.post(body, to: "/c_items", answer: JSONValue.self)
            }
            #expect(error?.refusal == .validation(fields: [property]), "\(String(describing: error))")
        }
    }

    /// Cortex refuses a member a write puts inside a Document, or an element of a document array, that the Document
    /// doesn't define, by its property path (`c_size.c_depth`, `c_parts.c_nope`: an element's path is its array's),
    /// as it refuses one at the top level. A member the stored instance already had (seeded) doesn't stop another
    /// write.
    @Test func cortexRefusesAnUnknownMemberInsideADocument() async throws {
        let backend = InMemoryBackend(.cortex)
        await backend.register(Item.self)
        let member = { (key: String, value: QueryJSON) in (key, value) }
        let cases: [(QueryJSON, String)] = [
            (
                .object([member("c_name", .string("a")), member("c_size", .object([member("c_depth", .int(3))]))]),
                "c_size.c_depth"
            ),
            (
                .object([
                    member("c_name", .string("a")),
                    member(
                        "c_parts",
                        .array([
                            .object([member("c_label", .string("leg"))]),
                            .object([member("c_nope", .int(1)), member("c_bad", .int(2))]),
                        ])
                    ),
                ]),
                "c_parts.c_bad"
            ),
        ]
        for (body, path) in cases {
            let (status, answer) = try await backend.answer(
                RenderedRequest(method: "POST", path: "/c_items", body: body)
            )
            #expect(status == 404 && answer["errCode"] == "cortex.notFound.property", "\(answer)")
            #expect(answer["path"] == .string(path), "\(answer)")
        }
        #expect(await backend.documents(in: "c_items").isEmpty)

        // Through an update too, and not for what the instance already held.
        try await backend.insert(
            [["_id": "650000000000000000000009", "c_name": "seeded", "c_size": ["c_width": 1, "c_old": true]]],
            into: "c_items"
        )
        let path = "/c_items/650000000000000000000009"
        var (status, answer) = try await backend.answer(
            RenderedRequest(method: "PUT", path: path, body: .object([member("c_name", .string("renamed"))]))
        )
        #expect(status == 200, "\(answer)")
        (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "PATCH",
                path: path,
                body: .array([
                    .object([
                        member("op", .string("set")), member("path", .string("c_size")),
                        member("value", .object([member("c_width", .int(2)), member("c_x", .int(1))])),
                    ])
                ])
            )
        )
        #expect(status == 404 && answer["path"] == "c_size.c_x", "\(answer)")
        (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "PUT",
                path: path,
                body: .object([
                    member("c_parts", .array([.object([member("c_label", .string("x")), member("c_y", .int(1))])]))
                ])
            )
        )
        #expect(status == 404 && answer["path"] == "c_parts.c_y", "\(answer)")
        #expect(await backend.documents(in: "c_items").first?["c_name"] == "renamed")

        // A key with a dot at the top level is one key, not a path into `c_size` (whose `c_width` `Size` defines).
        (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "POST",
                path: "/c_items",
                body: .object([member("c_name", .string("b")), member("c_size.c_width", .int(1))])
            )
        )
        #expect(status == 200, "\(answer)")
        // A stored instance that didn't decode (an export's, missing a required property) keeps what it had: a
        // write that mends it is not refused for a member it didn't touch.
        try await backend.insert(
            [["_id": "65000000000000000000000a", "c_name": 5, "c_size": ["c_old": true]]],
            into: "c_items"
        )
        (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "PUT",
                path: "/c_items/65000000000000000000000a",
                body: .object([member("c_name", .string("mended"))])
            )
        )
        #expect(status == 200, "\(answer)")
    }

    /// A read's `paths[]` as Cortex's reader selects them: an element of a document array the path goes through and
    /// keeps nothing of is left out (MongoDB's projection would keep it as `{}`, as Mia-Platform's does), and, with a
    /// registered model whose keys are known, a path the object doesn't have is `cortex.notFound.property`.
    @Test func cortexPathsIntoADocumentArrayKeepOnlyElementsWithWhatTheyName() async throws {
        let backend = InMemoryBackend(.cortex)
        let part = { (members: [(String, QueryJSON)]) in QueryJSON.object(members) }
        let body = QueryJSON.object([
            ("c_name", .string("chair")),
            (
                "c_parts",
                .array([
                    part([("c_label", .string("leg")), ("c_qty", .int(4))]), part([("c_qty", .int(1))]),
                    part([("c_label", .string("seat"))]),
                ])
            ),
        ])
        var (status, answer) = try await backend.answer(RenderedRequest(method: "POST", path: "/c_items", body: body))
        #expect(status == 200, "\(answer)")
        let path = "/c_items/\(answer["_id"]?.stringValue ?? "")"
        (status, answer) = try await backend.answer(
            RenderedRequest(path: path, queryItems: [URLQueryItem(name: "paths[]", value: "c_parts.c_label")])
        )
        #expect(status == 200)
        #expect(answer["c_parts"] == [["c_label": "leg"], ["c_label": "seat"]], "\(answer)")
        #expect(answer["c_name"] == nil && answer["_id"] != nil)
        // Two paths: an element keeps what either names.
        (status, answer) = try await backend.answer(
            RenderedRequest(
                path: "/c_items",
                queryItems: [
                    URLQueryItem(name: "paths[]", value: "c_parts.c_label"),
                    URLQueryItem(name: "paths[]", value: "c_parts.c_qty"),
                ]
            )
        )
        #expect(answer["data"]?[0]?["c_parts"] == [["c_label": "leg", "c_qty": 4], ["c_qty": 1], ["c_label": "seat"]])

        // Unknown to the model: refused once the model is registered; left out of the answer before.
        (status, answer) = try await backend.answer(
            RenderedRequest(path: path, queryItems: [URLQueryItem(name: "paths[]", value: "c_nope.c_x")])
        )
        #expect(status == 200 && answer["c_nope"] == nil, "\(answer)")
        await backend.register(Item.self)
        (status, answer) = try await backend.answer(
            RenderedRequest(path: "/c_items", queryItems: [URLQueryItem(name: "paths[]", value: "c_nope.c_x")])
        )
        #expect(status == 404 && answer["errCode"] == "cortex.notFound.property", "\(answer)")
        #expect(answer["path"] == "c_nope.c_x")
        // What the model reads, and Cortex's own properties, which `Item` doesn't read, are still selected; a path
        // to the array itself keeps every element.
        (status, answer) = try await backend.answer(
            RenderedRequest(
                path: path,
                queryItems: [
                    URLQueryItem(name: "paths[]", value: "c_parts"), URLQueryItem(name: "paths[]", value: "created"),
                ]
            )
        )
        #expect(status == 200, "\(answer)")
        #expect(answer["c_parts"]?.arrayValue?.count == 3 && answer["created"] != nil, "\(answer)")
    }

    // MARK: Mia-Platform

    /// The CRUD service refuses a value of the wrong type by the collection's JSON Schema, in Ajv's words with
    /// Fastify's pointer to the value: `body/c_price must be number` for a create, `body/$set/c_price must be
    /// number` for an update, whose schema types each operator's fields (crud-service
    /// `tests/httpInterface.patchById.special.test.js`, "trying to replace array number element with string"); an
    /// `Int` property is a JSON Schema `integer`, which takes no fraction either (`must be integer`).
    @Test func miaRefusesAWrongTypeInAjvsWords() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        await backend.register(Item.self)
        let refusal = { (message: String) -> JSONValue in
            ["statusCode": 400, "error": "Bad Request", "message": .string(message), "code": "FST_ERR_VALIDATION"]
        }
        var (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "POST",
                path: "/c_items/",
                body: .object([("c_name", .string("x")), ("c_count", .string("five"))])
            )
        )
        #expect(status == 400)
        #expect(answer == refusal("body/c_count must be integer"))
        (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "POST",
                path: "/c_items/",
                body: .object([("c_name", .string("x")), ("c_price", .string("five"))])
            )
        )
        #expect(answer == refusal("body/c_price must be number"), "\(answer)")
        (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "POST",
                path: "/c_items/",
                body: .object([("c_name", .string("x")), ("c_parts", .array([.object([("c_qty", .array([]))])]))])
            )
        )
        #expect(answer == refusal("body/c_parts/0/c_qty must be integer"), "\(answer)")
        // A number with a fraction, which the model's `Int` can't hold, is what `integer` refuses too.
        for (count, quantity, pointer) in [(1.5, 2.0, "body/c_count"), (1.0, 2.5, "body/c_parts/0/c_qty")] {
            (status, answer) = try await backend.answer(
                RenderedRequest(
                    method: "POST",
                    path: "/c_items/",
                    body: .object([
                        ("c_name", .string("x")), ("c_count", .double(count)),
                        ("c_parts", .array([.object([("c_qty", .double(quantity))])])),
                    ])
                )
            )
            #expect(answer == refusal("\(pointer) must be integer"), "\(answer)")
        }
        // A property the service sets itself is one the create's schema doesn't list: the error handler's own
        // refusal of an additional property, without Fastify's code (crud-service `index.js`, `customErrorHandler`).
        (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "POST",
                path: "/c_items/",
                body: .object([("c_name", .string("x")), ("createdAt", .string("2020-01-01T00:00:00.000Z"))])
            )
        )
        #expect(status == 400, "\(answer)")
        #expect(
            answer == [
                "statusCode": 400, "error": "Bad Request",
                "message":
                    #"body must NOT have additional properties. Property "createdAt" is not defined in validation schema"#,
            ],
            "\(answer)"
        )

        let item = try await backend.client().create(Item.Create(name: "x"))
        (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "PATCH",
                path: "/c_items/\(item.id)",
                body: .object([("$set", .object([("c_name", .object([("a", .int(1))]))]))])
            )
        )
        #expect(status == 400)
        #expect(answer == refusal("body/$set/c_name must be string"))
        (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "PATCH",
                path: "/c_items/\(item.id)",
                body: .object([("$set", .object([("c_count", .double(0.5))]))])
            )
        )
        #expect(answer == refusal("body/$set/c_count must be integer"), "\(answer)")
        #expect(await backend.documents(in: "c_items").first?["c_name"] == "x")
        #expect(await backend.documents(in: "c_items").first?["c_count"] == nil)
    }

    /// A value below a key an update writes whole is pointed at below that key, as Fastify points into the body; a
    /// nested field's `$inc` and `$mul` are refused by the field's kind, not by what the product would be; and an
    /// upsert's `$setOnInsert` is checked whether it inserts or not, since the service validates the whole body first.
    @Test func miaPointsIntoUpdateValuesAndChecksEveryOperator() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        await backend.register(Item.self)
        let refusal = { (message: String) -> JSONValue in
            ["statusCode": 400, "error": "Bad Request", "message": .string(message), "code": "FST_ERR_VALIDATION"]
        }
        let part = { (quantity: Int) -> QueryJSON in .object([("c_label", .string("leg")), ("c_qty", .int(quantity))]) }
        var (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "POST",
                path: "/c_items/",
                body: .object([("c_name", .string("x")), ("c_parts", .array([part(3), part(2)]))])
            )
        )
        #expect(status == 200, "\(answer)")
        let id = try #require(answer["_id"]?.stringValue)
        let patch = { (body: QueryJSON) in
            try await backend.answer(RenderedRequest(method: "PATCH", path: "/c_items/\(id)", body: body))
        }
        (status, answer) = try await patch(
            .object([("$set", .object([("c_parts", .array([.object([("c_qty", .double(1.5))])]))]))])
        )
        #expect(answer == refusal("body/$set/c_parts/0/c_qty must be integer"), "\(answer)")
        // 3 × 1.5 has a fraction and 2 × 1.5 has none: either way `c_qty` is an integer, which `$mul` doesn't take.
        for (name, field) in [("$mul", "c_parts.0.c_qty"), ("$mul", "c_parts.1.c_qty"), ("$inc", "c_parts.1.c_qty")] {
            (status, answer) = try await patch(.object([(name, .object([(field, .double(1.5))]))]))
            #expect(status == 400, "\(name) \(field): \(answer)")
            #expect(
                answer["message"]
                    == .string(
                        "body/\(name) must NOT have additional properties. Property \"\(field)\" is not defined in validation schema"
                    ),
                "\(answer)"
            )
        }
        let parts: JSONValue = [["c_label": "leg", "c_qty": 3], ["c_label": "leg", "c_qty": 2]]
        #expect(await backend.documents(in: "c_items").first?["c_parts"] == parts)
        // `$currentDate` takes only top-level date fields.
        (status, answer) = try await patch(.object([("$currentDate", .object([("c_parts.0.c_label", .bool(true))]))]))
        #expect(status == 400, "\(answer)")

        for filter in ["c_name=x", "c_name=nobody"] {
            (status, answer) = try await backend.answer(
                RenderedRequest(
                    method: "POST",
                    path: "/c_items/upsert-one?\(filter)",
                    body: .object([("$setOnInsert", .object([("c_count", .double(1.5))]))])
                )
            )
            #expect(answer == refusal("body/$setOnInsert/c_count must be integer"), "\(filter): \(answer)")
        }
        #expect(await backend.documents(in: "c_items").count == 1)
    }

    /// The CRUD service's Ajv coerces a body's scalar of another type where it can before validating it
    /// (`coerceTypes: true`, crud-service `lib/validatorGetters.js`, `getAjvValidator`): text that spells a number to
    /// the number, a number to its text, `"true"` and `0` to booleans; what it can't coerce it refuses.
    @Test func miaCoercesABodysScalarsAsAjvDoes() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        await backend.register(Item.self)
        var (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "POST",
                path: "/c_items/",
                body: .object([
                    ("c_name", .int(5)), ("c_count", .string("7")), ("c_active", .string("true")),
                    ("c_price", .string(" 2.5 ")), ("c_parts", .array([.object([("c_qty", .string("3"))])])),
                ])
            )
        )
        #expect(status == 200, "\(answer)")
        var stored = try #require(await backend.documents(in: "c_items").first)
        #expect(stored["c_name"] == "5" && stored["c_count"] == 7 && stored["c_active"] == true, "\(stored)")
        #expect(stored["c_price"] == 2.5 && stored["c_parts"]?[0]?["c_qty"] == 3, "\(stored)")

        let id = try #require(answer["_id"]?.stringValue)
        (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "PATCH",
                path: "/c_items/\(id)",
                body: .object([("$set", .object([("c_count", .string("8")), ("c_active", .int(0))]))])
            )
        )
        #expect(status == 200, "\(answer)")
        stored = try #require(await backend.documents(in: "c_items").first)
        #expect(stored["c_count"] == 8 && stored["c_active"] == false, "\(stored)")

        // Past Int64, a whole number is written as JavaScript writes it: its shortest digits, then zeros.
        for (number, text) in [(1e19, "10000000000000000000"), (-1.5e20, "-150000000000000000000"), (1e21, "1e+21")] {
            (status, answer) = try await backend.answer(
                RenderedRequest(method: "POST", path: "/c_items/", body: .object([("c_name", .double(number))]))
            )
            #expect(status == 200, "\(answer)")
            let id = try #require(answer["_id"]?.stringValue)
            let written = await backend.documents(in: "c_items").first { $0["_id"]?.stringValue == id }
            #expect(written?["c_name"] == .string(text), "\(String(describing: written))")
        }

        for (member, value, type) in [
            ("c_count", QueryJSON.string(""), "integer"), ("c_count", .string("2.5"), "integer"),
            ("c_price", .string(""), "number"), ("c_active", .string("yes"), "boolean"),
        ] {
            (status, answer) = try await backend.answer(
                RenderedRequest(method: "POST", path: "/c_items/", body: .object([(member, value)]))
            )
            #expect(status == 400 && answer["message"] == .string("body/\(member) must be \(type)"), "\(answer)")
        }
    }

    // MARK: Parse

    /// parse-server refuses a value whose type isn't the one its schema holds for the field, in
    /// `SchemaController.enforceFieldExists`'s words (111, `schema mismatch for <Class>.<field>; expected <Type> but
    /// got <Type>`, the types as its `getType` names them). The schema is what the class's objects hold (the first
    /// write of a field adds it), and a registered model stands for it in a class that holds no object yet.
    @Test func parseRefusesAWrongTypeAsASchemaMismatch() async throws {
        let backend = InMemoryBackend(.parse)
        try await backend.insert(
            [
                [
                    "objectId": "m1", "score": 3, "tags": ["a"],
                    "owner": ["__type": "Pointer", "className": "Player", "objectId": "p1"],
                ]
            ],
            into: "Match"
        )
        let refusals: [(method: String, path: String, body: QueryJSON, message: String)] = [
            ("POST", "/classes/Match", .object([("score", .string("three"))]), "expected Number but got String"),
            (
                "PUT", "/classes/Match/m1",
                .object([("score", .object([("__op", .string("Add")), ("objects", .array([.int(1)]))]))]),
                "expected Number but got Array"
            ),
            (
                "PUT", "/classes/Match/m1",
                .object([
                    (
                        "owner",
                        .object([
                            ("__type", .string("Pointer")), ("className", .string("Team")),
                            ("objectId", .string("t1")),
                        ])
                    )
                ]),
                "expected Pointer<Player> but got Pointer<Team>"
            ),
            ("PUT", "/classes/Match/m1", .object([("tags.x", .int(1))]), "expected Array but got Object"),
        ]
        let before = await backend.documents(in: "Match")
        for (method, path, body, message) in refusals {
            let (status, answer) = try await backend.answer(RenderedRequest(method: method, path: path, body: body))
            #expect(status == 400, "\(answer)")
            #expect(answer["code"] == 111, "\(answer)")
            let field = body.jsonValue.objectValue?.keys.first?.split(separator: ".").first.map(String.init) ?? ""
            #expect(answer["error"] == .string("schema mismatch for Match.\(field); \(message)"), "\(answer)")
        }
        #expect(await backend.documents(in: "Match") == before)
        // A field no object holds yet takes any type, as parse-server's schema grows.
        let (status, _) = try await backend.answer(
            RenderedRequest(method: "PUT", path: "/classes/Match/m1", body: .object([("note", .int(1))]))
        )
        #expect(status == 200)

        // A typed value without the members its type needs is no value of that type.
        let (invalidStatus, invalid) = try await backend.answer(
            RenderedRequest(
                method: "PUT",
                path: "/classes/Match/m1",
                body: .object([("owner", .object([("__type", .string("Pointer")), ("objectId", .string("p2"))]))])
            )
        )
        #expect(invalidStatus == 400 && invalid == ["code": 111, "error": "This is not a valid Pointer"])

        // In a class without objects, the registered model's types: the client's refusal names the field.
        let modeled = InMemoryBackend(.parse)
        await modeled.register(GoldenQueries.GameScore.self)
        let (refusedStatus, refusal) = try await modeled.answer(
            RenderedRequest(method: "POST", path: "/classes/GameScore", body: .object([("points", .string("ten"))]))
        )
        #expect(refusedStatus == 400)
        #expect(
            refusal == ["code": 111, "error": "schema mismatch for GameScore.points; expected Number but got String"]
        )
        let error = await #expect(throws: ModelClientError.self) {
            _ = try await modeled.client().post(
                ["points": "ten"] as JSONValue,
                to: "/classes/GameScore",
                answer: JSONValue.self
            )
        }
        #expect(error?.refusal == .validation(fields: ["points"]))
        // A pointer's class is the one the model's pointer names.
        let pointing = InMemoryBackend(.parse)
        await pointing.register(GoldenParse.GameScore.self)
        let (_, pointer) = try await pointing.answer(
            RenderedRequest(method: "POST", path: "/classes/GameScore", body: .object([("game", .string("g1"))]))
        )
        #expect(
            pointer == [
                "code": 111, "error": "schema mismatch for GameScore.game; expected Pointer<Game> but got String",
            ]
        )
    }

    /// parse-server sets `createdAt` and `updatedAt` itself: a write's Dates for them are taken and ignored (its
    /// spec/rest.spec.js, "cannot set createdAt or updatedAt without maintenance key" and "ignores createdAt"), and a
    /// value of another type is refused by the schema, whose default columns make both Dates ("handles bad types for
    /// createdAt and updatedAt", 111).
    @Test func parseIgnoresTheTimestampsAWriteNamesAndRefusesThemOfAnotherType() async throws {
        let backend = InMemoryBackend(.parse, clock: .virtual)
        let past = QueryJSON.object([("__type", .string("Date")), ("iso", .string("2019-01-01T00:00:00.000Z"))])
        var (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "POST",
                path: "/classes/Note",
                body: .object([("createdAt", past), ("updatedAt", past), ("n", .int(1))])
            )
        )
        #expect(status == 201, "\(answer)")
        let created = try #require(await backend.documents(in: "Note").first)
        #expect(created["createdAt"] == answer["createdAt"] && created["createdAt"] != "2019-01-01T00:00:00.000Z")
        #expect(created["updatedAt"] == created["createdAt"] && created["n"] == 1)
        let id = try #require(answer["objectId"]?.stringValue)

        (status, answer) = try await backend.answer(
            RenderedRequest(
                method: "PUT",
                path: "/classes/Note/\(id)",
                body: .object([("createdAt", past), ("updatedAt", past)])
            )
        )
        #expect(status == 200, "\(answer)")
        let updated = try #require(await backend.documents(in: "Note").first)
        #expect(updated["createdAt"] == created["createdAt"] && updated["updatedAt"] == answer["updatedAt"])
        #expect(updated["updatedAt"] != created["updatedAt"], "\(updated)")

        for (field, value, type) in [
            ("createdAt", QueryJSON.int(12345), "Number"), ("updatedAt", .bool(true), "Boolean"),
        ] {
            (status, answer) = try await backend.answer(
                RenderedRequest(method: "POST", path: "/classes/Note", body: .object([(field, value)]))
            )
            #expect(status == 400)
            #expect(
                answer == [
                    "code": 111, "error": .string("schema mismatch for Note.\(field); expected Date but got \(type)"),
                ]
            )
        }
    }
}
