import Foundation
import ModelRuntime
import ModelRuntimeTesting
import Testing

/// parse-server's own specs on objects (spec/ParseObject.spec.js @ 7ea2a2953e9202d43ddb53ded309fbd26245d45c), each
/// case as the REST requests the JavaScript SDK sends for it, against the in-memory Parse backend: `save()` of a new
/// object `POST /classes/<Class>` (its unsaved children first), of a saved one `PUT /classes/<Class>/<id>` with the
/// keys changed since (`unset` and `clear` as `{"__op":"Delete"}`, `increment`, `add`, `addUnique` and `remove` as
/// their `__op`s, an `unset` then a `set` as the `set`), `destroy()` `DELETE`, and `fetch()` or `query.get()`
/// `GET /classes/<Class>/<id>`. Each answer is asserted whole, as parse-server gives it (RestWrite.js
/// `_updateResponseWithData`, DatabaseController.js `_sanitizeDatabaseResult`): a create's `objectId` and
/// `createdAt`, an update's `updatedAt`, with the value each `Increment`, `Add`, `AddUnique` and `Remove` made.
@Suite struct InMemoryBackendParseObjectSpecTests {
    typealias Server = InMemoryBackendParseACLSpecTests.Server
    typealias Placeholders = InMemoryBackendParseQuerySpecTests.Saved.Placeholders

    /// One request of a case, and the answer parse-server gives it.
    struct Step: Sendable {
        let method: String
        /// `<idN>` and `<ptrN>` name the Nth object the case created, as in ``InMemoryBackendParseQuerySpecTests``.
        let path: String
        var body: String? = nil
        var query: [InMemoryBackendParseQuerySpecTests.Parameter] = []
        let status: Int
        /// The answer, whole: `"*"` stands for any value (a date, an id the case doesn't name).
        let answer: String

        static func post(_ className: String, _ body: String, _ status: Int, _ answer: String) -> Step {
            Step(method: "POST", path: "/classes/" + className, body: body, status: status, answer: answer)
        }

        static func post(_ className: String, _ body: String, _ answer: String) -> Step {
            post(className, body, 201, answer)
        }

        static func put(
            _ path: String,
            _ body: String,
            _ status: Int = 200,
            _ answer: String = #"{"updatedAt":"*"}"#
        )
            -> Step
        {
            Step(method: "PUT", path: "/classes/" + path, body: body, status: status, answer: answer)
        }

        static func get(_ path: String, _ status: Int, _ answer: String) -> Step {
            Step(method: "GET", path: "/classes/" + path, status: status, answer: answer)
        }

        static func get(_ path: String, _ answer: String) -> Step { get(path, 200, answer) }

        static func delete(_ path: String) -> Step {
            Step(method: "DELETE", path: "/classes/" + path, status: 200, answer: "{}")
        }
    }

    struct ObjectCase: Sendable, CustomTestStringConvertible {
        let title: String
        let line: Int
        let steps: [Step]
        var spec = "ParseObject"
        var testDescription: String { "\(spec).spec.js:\(line) \(title)" }
    }

    /// A create's answer.
    static let created = #"{"objectId":"*","createdAt":"*"}"#

    /// An object of the case as a read answers it: its `objectId` (`<idN>`), its dates and `members` (JSON members).
    static func read(_ index: Int, _ members: String = "") -> String {
        #"{"objectId":"<id\#(index)>","createdAt":"*","updatedAt":"*""# + (members.isEmpty ? "" : "," + members) + "}"
    }

    /// parse-server's refusal with `code` and `message`.
    static func refused(_ code: Int, _ message: String) -> String { #"{"code":\#(code),"error":"\#(message)"}"# }

    static let cases: [ObjectCase] =
        [
            .init(
                title: "create",
                line: 16,
                steps: [
                    .post("TestObject", #"{"test":"test"}"#, created),
                    .get("TestObject/<id0>", read(0, #""test":"test""#)),
                ]
            ),
            .init(
                title: "update",
                line: 24,
                steps: [
                    .post("TestObject", #"{"test":"test"}"#, created), .put("TestObject/<id0>", #"{"test":"changed"}"#),
                    .get("TestObject/<id0>", read(0, #""test":"changed""#)),
                ]
            ),
            .init(
                title: "save without null",
                line: 35,
                steps: [
                    .post("TestObject", #"{"favoritePony":"Rainbow Dash"}"#, created),
                    .get("TestObject/<id0>", read(0, #""favoritePony":"Rainbow Dash""#)),
                ]
            ),
            .init(
                title: "save cycle",
                line: 50,
                steps: [
                    .post("TestObject", "{}", created), .post("TestObject", #"{"b":<ptr0>}"#, created),
                    .put("TestObject/<id0>", #"{"a":<ptr1>}"#), .get("TestObject/<id0>", read(0, #""a":<ptr1>"#)),
                    .get("TestObject/<id1>", read(1, #""b":<ptr0>"#)),
                ]
            ),
            .init(
                title: "delete",
                line: 88,
                steps: [
                    .post("TestObject", #"{"test":"test"}"#, created), .delete("TestObject/<id0>"),
                    .get("TestObject/<id0>", 404, #"{"code":101,"error":"Object not found."}"#),
                    .put("TestObject/<id0>", #"{"test":"again"}"#, 404, #"{"code":101,"error":"Object not found."}"#),
                ]
            ),
            .init(
                title: "relational fields",
                line: 112,
                steps: [
                    .post("Item", #"{"property":"x"}"#, created), .post("Container", #"{"item":<ptr0>}"#, created),
                    .get("Container/<id1>", read(1, #""item":<ptr0>"#)),
                    .get("Item/<id0>", read(0, #""property":"x""#)),
                ]
            ),
            .init(
                title: "save adds no data keys (other than createdAt and updatedAt)",
                line: 132,
                steps: [.post("TestObject", "{}", created), .get("TestObject/<id0>", read(0))]
            ),
            .init(
                title: "fetch",
                line: 161,
                steps: [
                    .post("Item", #"{"foo":"bar"}"#, created), .put("Item/<id0>", #"{"foo":"baz"}"#),
                    .get("Item/<id0>", read(0, #""foo":"baz""#)),
                ]
            ),
            .init(
                title: "can set null",
                line: 226,
                steps: [
                    .post("TestObject", #"{"foo":null}"#, created), .get("TestObject/<id0>", read(0, #""foo":null"#)),
                ]
            ),
            .init(
                title: "can set boolean",
                line: 246,
                steps: [
                    .post("TestObject", #"{"yes":true,"no":false}"#, created),
                    .get("TestObject/<id0>", read(0, #""yes":true,"no":false"#)),
                ]
            ),
            .init(
                title: "can set authData when not user class",
                line: 277,
                steps: [
                    .post("TestObject", #"{"authData":"random"}"#, created),
                    .get("TestObject/<id0>", read(0, #""authData":"random""#)),
                ]
            ),
            .init(
                title: "invalid class name",
                line: 287,
                steps: [
                    .post("Foo%5Ebar", #"{"foo":"bar"}"#, 400, refused(107, "schema class name does not revalidate"))
                ]
            ),
            .init(
                title: "invalid key name",
                line: 303,
                steps: [
                    .post("Item", #"{"foo^bar":"baz"}"#, 400, #"{"code":105,"error":"Invalid field name: foo^bar."}"#)
                ]
            ),
        ] + invalidTypeCases + [
            .init(
                title: "simple field deletion",
                line: 338,
                steps: [
                    .post("SimpleObject", #"{"foo":"bar"}"#, created),
                    .put("SimpleObject/<id0>", #"{"foo":{"__op":"Delete"}}"#),
                    .get("SimpleObject/<id0>", read(0)),
                ]
            ),
            .init(
                title: "field deletion before first save",
                line: 381,
                steps: [
                    .post("SimpleObject", #"{"foo":{"__op":"Delete"}}"#, created), .get("SimpleObject/<id0>", read(0)),
                ]
            ),
            .init(
                title: "relation deletion",
                line: 414,
                steps: [
                    .post("Child", "{}", created), .post("SimpleObject", #"{"child":<ptr0>}"#, created),
                    .put("SimpleObject/<id1>", #"{"child":{"__op":"Delete"}}"#), .get("SimpleObject/<id1>", read(1)),
                ]
            ),
            .init(
                title: "deleted keys get cleared",
                line: 458,
                steps: [
                    .post("SimpleObject", #"{"foo":{"__op":"Delete"}}"#, created),
                    .put("SimpleObject/<id0>", #"{"foo":"baz"}"#), .get("SimpleObject/<id0>", read(0, #""foo":"baz""#)),
                ]
            ),
            .init(
                title: "setting after deleting",
                line: 474,
                steps: [
                    .post("SimpleObject", #"{"foo":"bar"}"#, created), .put("SimpleObject/<id0>", #"{"foo":"baz"}"#),
                    .get("SimpleObject/<id0>", read(0, #""foo":"baz""#)),
                ]
            ),
            .init(
                title: "increment",
                line: 508,
                steps: [
                    .post("SimpleObject", #"{"foo":5}"#, created),
                    .put(
                        "SimpleObject/<id0>",
                        #"{"foo":{"__op":"Increment","amount":1}}"#,
                        200,
                        #"{"foo":6,"updatedAt":"*"}"#
                    ),
                    .get("SimpleObject/<id0>", read(0, #""foo":6"#)),
                ]
            ),
            .init(
                title: "addUnique",
                line: 533,
                steps: [
                    .post("X", #"{"stuff":[1,2]}"#, created),
                    .put(
                        "X/<id0>",
                        #"{"stuff":{"__op":"AddUnique","objects":[2,4]}}"#,
                        200,
                        #"{"stuff":[1,2,4],"updatedAt":"*"}"#
                    ),
                    .get("X/<id0>", read(0, #""stuff":[1,2,4]"#)),
                ]
            ),
            .init(
                title: "can increment array nested fields",
                line: 571,
                steps: [
                    .post("TestObject", #"{"items":[{"value":"a","count":5},{"value":"b","count":1}]}"#, created),
                    .put(
                        "TestObject/<id0>",
                        #"{"items.0.count":{"__op":"Increment","amount":15},"items.1.count":{"__op":"Increment","amount":4}}"#,
                        200,
                        #"{"items":[{"value":"a","count":20},{"value":"b","count":5}],"updatedAt":"*"}"#
                    ),
                    .get("TestObject/<id0>", read(0, #""items":[{"value":"a","count":20},{"value":"b","count":5}]"#)),
                ]
            ),
            .init(
                title: "can increment array nested fields missing index",
                line: 591,
                steps: [
                    .post("TestObject", #"{"items":[]}"#, created),
                    .put(
                        "TestObject/<id0>",
                        #"{"items.1.count":{"__op":"Increment","amount":15}}"#,
                        200,
                        #"{"items":[null,{"count":15}],"updatedAt":"*"}"#
                    ),
                    .get("TestObject/<id0>", read(0, #""items":[null,{"count":15}]"#)),
                    // MongoDB's `$unset` and `$pullAll` of a path past the array's end change nothing.
                    .put(
                        "TestObject/<id0>",
                        #"{"items.3.count":{"__op":"Delete"},"items.4.tags":{"__op":"Remove","objects":[1]}}"#
                    ),
                    .get("TestObject/<id0>", read(0, #""items":[null,{"count":15}]"#)),
                ]
            ),
            .init(
                title: "addUnique with object",
                line: 635,
                steps: [
                    .post("X", #"{"stuff":[1,{"hello":"world"},{"foo":"bar"}]}"#, created),
                    .put(
                        "X/<id0>",
                        #"{"stuff":{"__op":"AddUnique","objects":[{"hello":"world"},{"bar":"baz"}]}}"#,
                        200,
                        #"{"stuff":[1,{"hello":"world"},{"foo":"bar"},{"bar":"baz"}],"updatedAt":"*"}"#
                    ),
                    .get("X/<id0>", read(0, #""stuff":[1,{"hello":"world"},{"foo":"bar"},{"bar":"baz"}]"#)),
                ]
            ),
            .init(
                title: "removes with object",
                line: 674,
                steps: [
                    .post("X", #"{"stuff":[1,{"hello":"world"},{"foo":"bar"}]}"#, created),
                    .put(
                        "X/<id0>",
                        #"{"stuff":{"__op":"Remove","objects":[{"hello":"world"}]}}"#,
                        200,
                        #"{"stuff":[1,{"foo":"bar"}],"updatedAt":"*"}"#
                    ),
                    .get("X/<id0>", read(0, #""stuff":[1,{"foo":"bar"}]"#)),
                ]
            ),
            .init(
                title: "dirty keys",
                line: 726,
                steps: [
                    .post("TestObject", #"{"gogo":"good","sito":"sexy"}"#, created),
                    .put("TestObject/<id0>", #"{"sito":{"__op":"Delete"}}"#),
                    .get("TestObject/<id0>", read(0, #""gogo":"good""#)),
                ]
            ),
            .init(
                title: "cannot save object with invalid field",
                line: 795,
                steps: [
                    .post(
                        "TestObject",
                        #"{"className":"bar"}"#,
                        400,
                        #"{"code":105,"error":"Invalid field name: className."}"#
                    ),
                    .post(
                        "TestObject",
                        #"{"length":"bar"}"#,
                        400,
                        #"{"code":105,"error":"Invalid field name: length."}"#
                    ),
                ]
            ),
        ] + unsetCases + [
            .init(
                title: "saving children in an array",
                line: 1030,
                steps: [
                    .post("Child", #"{"name":"jamie"}"#, created), .post("Child", #"{"name":"cersei"}"#, created),
                    .post("Parent", #"{"children":[<ptr0>,<ptr1>]}"#, created),
                    Step(
                        method: "GET",
                        path: "/classes/Child",
                        query: [.init("order", "name")],
                        status: 200,
                        answer: #"{"results":[\#(read(1, #""name":"cersei""#)),\#(read(0, #""name":"jamie""#))]}"#
                    ),
                    .get("Parent/<id2>", read(2, #""children":[<ptr0>,<ptr1>]"#)),
                ]
            ),
            .init(
                title: "add with an object",
                line: 1123,
                steps: [
                    .post("Person", "{}", created),
                    .post(
                        "Person",
                        #"{"children":{"__op":"Add","objects":[<ptr0>]}}"#,
                        201,
                        #"{"objectId":"*","createdAt":"*","children":[<ptr0>]}"#
                    ),
                    .get("Person/<id1>", read(1, #""children":[<ptr0>]"#)),
                ]
            ),
            .init(
                title: "toJSON saved object",
                line: 1153,
                steps: [
                    .post("TestObject", #"{"foo":"bar"}"#, created), .get("TestObject/<id0>", read(0, #""foo":"bar""#)),
                ]
            ),
            .init(
                title: "remove object from array",
                line: 1164,
                steps: [
                    .post("TestObject", "{}", created),
                    .post(
                        "TestObject",
                        #"{"array":{"__op":"Add","objects":[<ptr0>]}}"#,
                        201,
                        #"{"objectId":"*","createdAt":"*","array":[<ptr0>]}"#
                    ),
                    .put(
                        "TestObject/<id1>",
                        #"{"array":{"__op":"Remove","objects":[<ptr0>]}}"#,
                        200,
                        #"{"array":[],"updatedAt":"*"}"#
                    ),
                    .get("TestObject/<id1>", read(1, #""array":[]"#)),
                ]
            ),
            .init(
                title: "bytes work",
                line: 1294,
                steps: [
                    .post("TestObject", #"{"bytes":{"__type":"Bytes","base64":"ZnJveW8="}}"#, created),
                    .get("TestObject/<id0>", read(0, #""bytes":{"__type":"Bytes","base64":"ZnJveW8="}"#)),
                ]
            ),
            .init(
                title: "Objects with className User",
                line: 1687,
                steps: [
                    .post("User", #"{"name":"Me","height":181}"#, created),
                    .get("User/<id0>", read(0, #""name":"Me","height":181"#)),
                ]
            ),
            .init(
                title: "create without data",
                line: 1723,
                steps: [
                    .post("TestObject", #"{"test":"test"}"#, created),
                    .get("TestObject/<id0>", read(0, #""test":"test""#)),
                ]
            ),
            .init(
                title: "remove from new field creates array key",
                line: 1748,
                steps: [
                    .post(
                        "TestObject",
                        #"{"shouldBeArray":{"__op":"Remove","objects":["foo"]}}"#,
                        201,
                        #"{"objectId":"*","createdAt":"*","shouldBeArray":[]}"#
                    ),
                    .get("TestObject/<id0>", read(0, #""shouldBeArray":[]"#)),
                ]
            ),
            .init(
                title: "increment with type conflict fails",
                line: 1765,
                steps: [
                    .post("TestObject", #"{"astring":"foo"}"#, created),
                    .post(
                        "TestObject",
                        #"{"astring":{"__op":"Increment","amount":1}}"#,
                        400,
                        #"{"code":111,"error":"schema mismatch for TestObject.astring; expected String but got Number"}"#
                    ),
                ]
            ),
            .init(
                title: "increment with empty field solidifies type",
                line: 1787,
                steps: [
                    .post(
                        "TestObject",
                        #"{"aninc":{"__op":"Increment","amount":1}}"#,
                        201,
                        #"{"objectId":"*","createdAt":"*","aninc":1}"#
                    ),
                    .post(
                        "TestObject",
                        #"{"aninc":"foo"}"#,
                        400,
                        #"{"code":111,"error":"schema mismatch for TestObject.aninc; expected Number but got String"}"#
                    ),
                ]
            ),
            .init(
                title: "increment update with type conflict fails",
                line: 1809,
                steps: [
                    .post("TestObject", #"{"someString":"foo"}"#, created),
                    .put(
                        "TestObject/<id0>",
                        #"{"someString":{"__op":"Increment","amount":1}}"#,
                        400,
                        #"{"code":111,"error":"schema mismatch for TestObject.someString; expected String but got Number"}"#
                    ),
                    .get("TestObject/<id0>", read(0, #""someString":"foo""#)),
                ]
            ),
            .init(
                title: "dictionary fetched pointers do not lose data on fetch",
                line: 1832,
                steps: [
                    .post("Child", #"{"name":"testname0"}"#, created),
                    .post("Child", #"{"name":"testname1"}"#, created),
                    .post("Parent", #"{"childDict":{"0":<ptr0>,"1":<ptr1>}}"#, created),
                    .get("Parent/<id2>", read(2, #""childDict":{"0":<ptr0>,"1":<ptr1>}"#)),
                ]
            ),
            .init(
                title: "should create nested keys with _",
                line: 1865,
                steps: [
                    .post(
                        "AnObject",
                        #"{"foo":{"_bar":"_","baz_bar":1,"__foo_bar":true,"_0":"underscore_zero","_more":{"_nested":"key"}}}"#,
                        created
                    ),
                    .get(
                        "AnObject/<id0>",
                        read(
                            0,
                            #""foo":{"_bar":"_","baz_bar":1,"__foo_bar":true,"_0":"underscore_zero","_more":{"_nested":"key"}}"#
                        )
                    ),
                ]
            ),
            .init(
                title: "should have undefined includes when object is missing",
                line: 1898,
                steps: [
                    .post("AnObject", "{}", created), .post("AnObject", "{}", created),
                    .put("AnObject/<id0>", #"{"obj":<ptr1>}"#), .delete("AnObject/<id1>"),
                    Step(
                        method: "GET",
                        path: "/classes/AnObject",
                        query: [.init("include", "obj")],
                        status: 200,
                        answer: #"{"results":[\#(read(0))]}"#
                    ),
                    Step(
                        method: "GET",
                        path: "/classes/AnObject",
                        status: 200,
                        answer: #"{"results":[\#(read(0, #""obj":<ptr1>"#))]}"#
                    ),
                    .get("AnObject/<id1>", 404, #"{"code":101,"error":"Object not found."}"#),
                ]
            ),
            .init(
                title: "Update object field should store exactly same sent object",
                line: 2082,
                steps: [
                    .post("TestObject", #"{"jsonData":{"a":"b"}}"#, created),
                    .put("TestObject/<id0>", #"{"jsonData":{}}"#),
                    .get("TestObject/<id0>", read(0, #""jsonData":{}"#)),
                    .put("TestObject/<id0>", #"{"jsonData":{"c":"d"}}"#),
                    .get("TestObject/<id0>", read(0, #""jsonData":{"c":"d"}"#)),
                ]
            ),
            .init(
                title: "should not change the json field to array in afterSave",
                line: 2123,
                steps: [
                    .post("failingJSONTestCase", #"{"jsonField":{"123":"test"}}"#, created),
                    .get("failingJSONTestCase/<id0>", read(0, #""jsonField":{"123":"test"}"#)),
                ]
            ),
        ] + fieldValueCases + apiCases + variantCases + typeCases + manyCases + denylistCases

    /// Variants of ParseObject.spec.js's cases on the other `__op`s and fields the spec's requests leave out.
    static let variantCases: [ObjectCase] =
        ["Add", "AddUnique", "Remove"].map { operation in
            ObjectCase(
                title: "increment update with type conflict fails (\(operation) on a String)",
                line: 1809,
                steps: [
                    .post("TestObject", #"{"someString":"foo"}"#, created),
                    .put(
                        "TestObject/<id0>",
                        #"{"someString":{"__op":"\#(operation)","objects":["foo"]}}"#,
                        400,
                        refused(111, "schema mismatch for TestObject.someString; expected String but got Array")
                    ),
                    .get("TestObject/<id0>", read(0, #""someString":"foo""#)),
                ]
            )
        } + [
            .init(
                title: "increment with type conflict fails (an array for a Number)",
                line: 1765,
                steps: [
                    .post("TestObject", #"{"anumber":1}"#, created),
                    .post(
                        "TestObject",
                        #"{"anumber":{"__op":"Add","objects":[1]}}"#,
                        400,
                        refused(111, "schema mismatch for TestObject.anumber; expected Number but got Array")
                    ),
                ]
            ),
            .init(
                title: "increment (a field the object doesn't have, beside a set and a Delete)",
                line: 508,
                steps: [
                    .post("SimpleObject", #"{"foo":5,"gone":"x"}"#, created),
                    .put(
                        "SimpleObject/<id0>",
                        #"{"bar":{"__op":"Increment","amount":2.5},"name":"x","gone":{"__op":"Delete"}}"#,
                        200,
                        #"{"bar":2.5,"updatedAt":"*"}"#
                    ),
                    .get("SimpleObject/<id0>", read(0, #""foo":5,"bar":2.5,"name":"x""#)),
                ]
            ),
            .init(
                title: "simple field deletion (of a field the object doesn't have)",
                line: 338,
                steps: [
                    .post("SimpleObject", #"{"foo":"bar"}"#, created),
                    .put("SimpleObject/<id0>", #"{"nothing":{"__op":"Delete"}}"#),
                    .get("SimpleObject/<id0>", read(0, #""foo":"bar""#)),
                ]
            ),
            .init(
                title: "remove from new field creates array key (on an update)",
                line: 1748,
                steps: [
                    .post("TestObject", "{}", created),
                    .put("TestObject/<id0>", #"{"shouldBeArray":{"__op":"Remove","objects":["foo"]}}"#),
                    .get("TestObject/<id0>", read(0)),
                    .put(
                        "TestObject/<id0>",
                        #"{"added":{"__op":"Add","objects":["a","a"]},"unique":{"__op":"AddUnique","objects":["a","a"]}}"#,
                        200,
                        #"{"added":["a","a"],"unique":["a"],"updatedAt":"*"}"#
                    ),
                ]
            ),
            .init(
                title: "cannot set objectId",
                line: 601,
                steps: [
                    .post(
                        "TestObject",
                        #"{"foo":"bar","objectId":"hello"}"#,
                        400,
                        refused(105, "objectId is an invalid field name.")
                    )
                ],
                spec: "rest"
            ),
            .init(
                title: "cannot set id",
                line: 623,
                steps: [
                    .post(
                        "TestObject",
                        #"{"foo":"bar","id":"hello"}"#,
                        400,
                        refused(105, "id is an invalid field name.")
                    )
                ],
                spec: "rest"
            ),
            .init(
                title: "basic saveAll",
                line: 386,
                steps: [
                    Step(
                        method: "POST",
                        path: "/batch",
                        body: #"{"requests":["#
                            + #"{"method":"POST","path":"/api/classes/TestObject","body":{"letter":"alpha"}},"#
                            + #"{"method":"POST","path":"/api/classes/TestObject","body":{"letter":"beta"}}]}"#,
                        status: 200,
                        answer: #"[{"success":\#(created)},{"success":\#(created)}]"#
                    ),
                    Step(
                        method: "GET",
                        path: "/classes/TestObject",
                        status: 200,
                        answer: #"{"results":[\#(listed(#""letter":"alpha""#)),\#(listed(#""letter":"beta""#))]}"#
                    ),
                ],
                spec: "ParseAPI"
            ),
        ]

    /// Variants on the types ParseObject.spec.js's values lock and the forms they are read back in.
    static let typeCases: [ObjectCase] = [
        .init(
            title: "relational fields (a pointer to another class)",
            line: 112,
            steps: [
                .post("Item", "{}", created), .post("Other", "{}", created),
                .post("Container", #"{"item":<ptr0>}"#, created),
                .put(
                    "Container/<id2>",
                    #"{"item":<ptr1>}"#,
                    400,
                    refused(111, "schema mismatch for Container.item; expected Pointer<Item> but got Pointer<Other>")
                ),
                .put("Container/<id2>", #"{"item":null}"#), .get("Container/<id2>", read(2, #""item":null"#)),
            ]
        ),
        .init(
            title: "returns correct field values (a date without milliseconds, read back with them)",
            line: 2137,
            steps: [
                .post("TestObject", #"{"date":{"__type":"Date","iso":"2024-10-24T21:13:17Z"}}"#, created),
                .get("TestObject/<id0>", read(0, #""date":\#(date)"#)),
                .put(
                    "TestObject/<id0>",
                    #"{"date":"2024-10-24"}"#,
                    400,
                    refused(111, "schema mismatch for TestObject.date; expected Date but got String")
                ),
            ]
        ),
        .init(
            title: "updating geo point exception two fields",
            line: 79,
            steps: [
                .post("TestObject", #"{"locationOne":\#(point)}"#, created),
                .put(
                    "TestObject/<id0>",
                    #"{"locationTwo":\#(point)}"#,
                    400,
                    refused(111, "MongoDB only supports one GeoPoint field in a class.")
                ),
                .post(
                    "TestObject",
                    #"{"locationTwo":\#(point)}"#,
                    400,
                    refused(111, "MongoDB only supports one GeoPoint field in a class.")
                ),
                .put("TestObject/<id0>", #"{"locationOne":{"__op":"Delete"}}"#), .get("TestObject/<id0>", read(0)),
                .post("TestObject", #"{"locationOne":\#(point)}"#, created),
            ],
            spec: "ParseGeoPoint"
        ),
    ]

    /// ParseObject.spec.js's cases of many requests: queued saves, failures, `saveAll` and `fetchAll` (a `/batch` of
    /// the objects' requests, and a list of `objectId` `$in` the objects' ids).
    static let manyCases: [ObjectCase] = [
        .init(
            title: "two saves at the same time",
            line: 1054,
            steps: [
                .post("TestObject", #"{"cat":"meow"}"#, created), .put("TestObject/<id0>", #"{"dog":"bark"}"#),
                Step(
                    method: "GET",
                    path: "/classes/TestObject",
                    status: 200,
                    answer: #"{"results":[\#(read(0, #""cat":"meow","dog":"bark""#))]}"#
                ),
            ]
        ),
        .init(
            title: "many saves after a failure",
            line: 1082,
            steps: [.post("TestObject", #"{"number":1}"#, created)]
                + [#"{"number":"two"}"#, #"{"number":"two","other":"foo"}"#, #"{"number":"two","other":"bar"}"#].map {
                    .post(
                        "TestObject",
                        $0,
                        400,
                        refused(111, "schema mismatch for TestObject.number; expected Number but got String")
                    )
                }
        ),
        .init(
            title: "fetchAll",
            line: 1337,
            steps: (0..<11).map { .post("Item", #"{"x":\#($0)}"#, created) } + [
                .post("Container", #"{"items":[\#((0..<11).map { "<ptr\($0)>" }.joined(separator: ","))]}"#, created),
                .get(
                    "Container/<id11>",
                    read(11, #""items":[\#((0..<11).map { "<ptr\($0)>" }.joined(separator: ","))]"#)
                ),
                Step(
                    method: "POST",
                    path: "/batch",
                    body: #"{"requests":["#
                        + (0..<11).map {
                            #"{"method":"PUT","path":"/api/classes/Item/<id\#($0)>","body":{"x":\#($0 * 2)}}"#
                        }.joined(separator: ",") + "]}",
                    status: 200,
                    answer: "[" + Array(repeating: #"{"success":{"updatedAt":"*"}}"#, count: 11).joined(separator: ",")
                        + "]"
                ),
                Step(
                    method: "GET",
                    path: "/classes/Item",
                    query: [
                        .init(
                            "where",
                            #"{"objectId":{"$in":[\#((0..<11).map { "\"<id\($0)>\"" }.joined(separator: ","))]}}"#
                        )
                    ],
                    status: 200,
                    answer: #"{"results":[\#((0..<11).map { read($0, #""x":\#($0 * 2)"#) }.joined(separator: ","))]}"#
                ),
            ]
        ),
        .init(
            title: "fetchAll error on deleted object",
            line: 1493,
            steps: [.post("Item", #"{"x":0}"#, created), .post("Item", #"{"x":1}"#, created), .delete("Item/<id0>")] + [
                Step(
                    method: "GET",
                    path: "/classes/Item",
                    query: [.init("where", #"{"objectId":{"$in":["<id0>","<id1>"]}}"#)],
                    status: 200,
                    answer: #"{"results":[\#(read(1, #""x":1"#))]}"#
                )
            ]
        ),
    ]

    /// spec/vulnerabilities.spec.js's writes that parse-server's default `requestKeywordDenylist` refuses.
    static let denylistCases: [ObjectCase] = [
        .init(
            title: #"denies object prototype to be polluted with keyword "constructor""#,
            line: 50,
            steps: [
                .post(
                    "PP",
                    #"{"obj":{"constructor":{"prototype":{"dummy":0}}}}"#,
                    400,
                    refused(105, #"Prohibited keyword in request data: {\"key\":\"constructor\"}."#)
                ),
                Step(method: "GET", path: "/classes/PP", status: 200, answer: #"{"results":[]}"#),
            ],
            spec: "vulnerabilities"
        ),
        .init(
            title: #"denies object prototype to be polluted with keypath string "constructor""#,
            line: 77,
            steps: [
                .post("PP", #"{"obj":{}}"#, created),
                .put(
                    "PP/<id0>",
                    #"{"obj.constructor.prototype.dummy":{"__op":"Increment","amount":1}}"#,
                    400,
                    refused(105, #"Prohibited keyword in request data: {\"key\":\"constructor\"}."#)
                ),
                .get("PP/<id0>", read(0, #""obj":{}"#)),
            ],
            spec: "vulnerabilities"
        ),
        .init(
            title: #"denies object prototype to be polluted with keyword "__proto__""#,
            line: 110,
            steps: [
                .post(
                    "PP",
                    #"{"obj.__proto__.dummy":0}"#,
                    400,
                    refused(105, #"Prohibited keyword in request data: {\"key\":\"__proto__\"}."#)
                )
            ],
            spec: "vulnerabilities"
        ),
        .init(
            title: "denies BSON type code data in write request by default",
            line: 131,
            steps: [
                .post(
                    "RCE",
                    #"{"obj":{"_bsontype":"Code","code":"delete Object.prototype.evalFunctions"}}"#,
                    400,
                    refused(105, #"Prohibited keyword in request data: {\"key\":\"_bsontype\",\"value\":\"Code\"}."#)
                ),
                .post("RCE", #"{"obj":{"_bsontype":"Binary"}}"#, created),
            ],
            spec: "vulnerabilities"
        ),
    ]

    /// An object a list answers whose objectId the case doesn't name.
    static func listed(_ members: String) -> String {
        #"{"objectId":"*","createdAt":"*","updatedAt":"*",\#(members)}"#
    }

    /// spec/ParseAPI.spec.js's cases that write through REST, or through the SDK as the requests it sends.
    static let apiCases: [ObjectCase] = [
        .init(
            title: "create a GameScore object",
            line: 39,
            steps: [
                .post("GameScore", #"{"score":1337}"#, created), .get("GameScore/<id0>", read(0, #""score":1337"#)),
            ],
            spec: "ParseAPI"
        ),
        .init(
            title: "save various data types",
            line: 320,
            steps: [
                .post("TestObject", #"{"date":\#(date),"array":[1,2,3],"object":{"one":1,"two":2}}"#, created),
                .get("TestObject/<id0>", read(0, #""date":\#(date),"array":[1,2,3],"object":{"one":1,"two":2}"#)),
            ],
            spec: "ParseAPI"
        ),
        .init(
            title: "pointer reassign on nested fields is working properly (#7391)",
            line: 649,
            steps: [
                .post("GameScore", "{}", created), .post("GameScore", "{}", created),
                .post("GameScore", #"{"data":{"ptr":<ptr0>}}"#, created),
                .put("GameScore/<id2>", #"{"data.ptr":<ptr1>}"#),
                .get("GameScore/<id2>", read(2, #""data":{"ptr":<ptr1>}"#)),
                Step(
                    method: "GET",
                    path: "/classes/GameScore",
                    query: [.init("where", #"{"data.ptr":<ptr1>}"#)],
                    status: 200,
                    answer: #"{"results":[\#(read(2, #""data":{"ptr":<ptr1>}"#))]}"#
                ),
            ],
            spec: "ParseAPI"
        ),
        .init(
            title: "return the updated fields on PUT",
            line: 954,
            steps: [
                .post("Child", "{}", created),
                .post(
                    "GameScore",
                    #"{"a":"hello","c":1,"d":["1"],"e":["1"],"f":["1","2"],"#
                        + #""point":{"__type":"GeoPoint","latitude":37.4848,"longitude":-122.1483},"#
                        + #""array":["obj1","obj2"],"objects":{"a":"b"},"string":"abc","bool":true,"number":1,"#
                        + #""date":\#(date),"pointer":<ptr0>}"#,
                    created
                ),
                .put(
                    "GameScore/<id1>",
                    #"{"a":"b","c":{"__op":"Increment","amount":2},"d":{"__op":"Add","objects":["2"]},"#
                        + #""e":{"__op":"AddUnique","objects":["1","2"]},"f":{"__op":"Remove","objects":["2"]},"#
                        + #""selfThing":<ptr1>}"#,
                    200,
                    #"{"c":3,"d":["1","2"],"e":["1","2"],"f":["1"],"updatedAt":"*"}"#
                ),
            ],
            spec: "ParseAPI"
        ),
        .init(
            title: "properly returns incremented values (#1554)",
            line: 1494,
            steps: [
                .post("AnObject", "{}", created),
                .put("AnObject/<id0>", #"{"key":{"__op":"Increment","amount":1}}"#, 200, #"{"key":1,"updatedAt":"*"}"#),
                .put(
                    "AnObject/<id0>",
                    #"{"key":{"__op":"Increment","amount":-1}}"#,
                    200,
                    #"{"key":0,"updatedAt":"*"}"#
                ),
                .get("AnObject/<id0>", read(0, #""key":0"#)),
            ],
            spec: "ParseAPI"
        ),
        .init(
            title: "doesnt convert interior keys of objects that use special names",
            line: 1564,
            steps: [
                .post("Obj", #"{"val":{"createdAt":"a","updatedAt":1}}"#, created),
                .get("Obj/<id0>", read(0, #""val":{"createdAt":"a","updatedAt":1}"#)),
            ],
            spec: "ParseAPI"
        ),
        .init(
            title: "bans interior keys containing . or $",
            line: 1577,
            steps: [
                #"{"innerObj":{"key with a $":"fails"}}"#, #"{"innerObj":{"key with a .":"fails"}}"#,
                #"{"innerObj":{"innerInnerObj":{"key with $":"fails"}}}"#,
                #"{"innerObj":{"innerInnerObj":{"key with .":"fails"}}}"#,
            ].map { .post("Obj", $0, 400, refused(121, "Nested keys should not contain the '$' or '.' characters")) },
            spec: "ParseAPI"
        ),
        .init(
            title: "does not change inner object keys named _auth_data_something, _p_somethign, _rperm, _wperm",
            line: 1625,
            steps: [
                .post("O", #"{"innerObj":{"_auth_data_facebook":7,"_p_data":7,"_rperm":7,"_wperm":8}}"#, created),
                .get("O/<id0>", read(0, #""innerObj":{"_auth_data_facebook":7,"_p_data":7,"_rperm":7,"_wperm":8}"#)),
            ],
            spec: "ParseAPI"
        ),
        .init(
            title: "does not change inner objects if the key has the same name as a geopoint field on the class",
            line: 1655,
            steps: [
                .post(
                    "O",
                    #"{"geoField":{"__type":"GeoPoint","latitude":0,"longitude":0},"#
                        + #""innerObj":{"fileField":"data","geoField":[1,2]}}"#,
                    created
                ),
                .get(
                    "O/<id0>",
                    read(
                        0,
                        #""geoField":{"__type":"GeoPoint","latitude":0,"longitude":0},"#
                            + #""innerObj":{"fileField":"data","geoField":[1,2]}"#
                    )
                ),
            ],
            spec: "ParseAPI"
        ),
    ]

    /// `new Parse.GeoPoint(20, 20)` as the SDK sends it.
    static let point = #"{"__type":"GeoPoint","latitude":20,"longitude":20}"#

    /// A JavaScript `Date` as the SDK sends it.
    static let date = #"{"__type":"Date","iso":"2024-10-24T21:13:17.000Z"}"#

    /// `invalid __type` (line 309): a value of each `__type` without the member it needs, and of a `__type` Parse
    /// doesn't have, is refused as no valid one (111, SchemaController.js `getObjectType`).
    static let invalidTypeCases: [ObjectCase] = [
        "Pointer", "File", "Date", "GeoPoint", "Bytes", "Polygon", "Relation", "IvalidName",
    ]
    .map { type in
        ObjectCase(
            title: "invalid __type (\(type))",
            line: 309,
            steps: [
                .post(
                    "Item",
                    #"{"foo":{"__type":"\#(type)"}}"#,
                    400,
                    #"{"code":111,"error":"This is not a valid \#(type)"}"#
                )
            ]
        )
    }

    /// The twelve `unset`/`clear` specs (lines 810–1013): whatever the SDK was asked, it sends the field's `Delete`,
    /// on the create of a new object or the update of a saved one, and no read answers the field.
    static let unsetCases: [ObjectCase] =
        [
            ("old attribute unset then unset", 810), ("old attribute unset then clear", 865),
            ("old attribute clear then unset", 920), ("old attribute clear then clear", 975),
        ].map { title, line in
            ObjectCase(
                title: title,
                line: line,
                steps: [
                    .post("TestObject", #"{"x":3}"#, created), .put("TestObject/<id0>", #"{"x":{"__op":"Delete"}}"#),
                    .get("TestObject/<id0>", read(0)),
                ]
            )
        }
        + [
            ("new attribute unset then unset", 830), ("unknown attribute unset then unset", 848),
            ("new attribute unset then clear", 885), ("unknown attribute unset then clear", 903),
            ("new attribute clear then unset", 940), ("unknown attribute clear then unset", 958),
            ("new attribute clear then clear", 995), ("unknown attribute clear then clear", 1013),
        ].map { title, line in
            ObjectCase(
                title: title,
                line: line,
                steps: [.post("TestObject", #"{"x":{"__op":"Delete"}}"#, created), .get("TestObject/<id0>", read(0))]
            )
        }

    /// `returns correct field values` (line 2137): each value saved is read back as it was sent.
    static let fieldValueCases: [ObjectCase] = [
        ("string", #""string""#), ("number", "1"), ("boolean", "true"), ("array", "[0,1,2]"), ("array", "[1,2,3]"),
        ("array", #"[{"0":"a"},2,3]"#), ("object", #"{"key":"value"}"#),
        ("object", #"{"key1":"value1","key2":"value2"}"#),
        ("object", #"{"key1":1,"key2":2}"#), ("object", #"{"1x1":1}"#), ("object", #"{"1x1":1,"2":2}"#),
        ("object", #"{"0":0}"#), ("object", #"{"1":1}"#), ("object", #"{"0":{"0":"a","1":"b"}}"#),
        ("date", date),
        ("geoPoint", #"{"__type":"GeoPoint","latitude":40,"longitude":-30}"#),
        ("bytes", #"{"__type":"Bytes","base64":"ZnJveW8="}"#),
    ].map { field, value in
        ObjectCase(
            title: "returns correct field values (\(field) \(value))",
            line: 2137,
            steps: [
                .post("TestObject", #"{"\#(field)":\#(value)}"#, created),
                .get("TestObject/<id0>", read(0, #""\#(field)":\#(value)"#)),
            ]
        )
    }

    /// Whether `answer` is `expected`, where an expected `"*"` is any value.
    static func matches(_ answer: JSONValue, _ expected: JSONValue) -> Bool {
        switch (answer, expected) {
        case (_, "*"): true
        case (.object(let members), .object(let wanted)):
            Set(members.keys) == Set(wanted.keys) && wanted.allSatisfy { key, value in matches(members[key]!, value) }
        case (.array(let elements), .array(let wanted)):
            elements.count == wanted.count && zip(elements, wanted).allSatisfy { matches($0, $1) }
        default: answer == expected
        }
    }

    /// ParseObject.spec.js:177 "createdAt doesn't change", :189 "createdAt and updatedAt exposed" and :198
    /// "updatedAt gets updated": a create answers its `createdAt` (the object's `updatedAt` too, which the SDK takes
    /// from it), an update a new `updatedAt`, and a read both, the `createdAt` as it was.
    @Test func createdAtStaysAndUpdatedAtMoves() async throws {
        let server = Server()
        let (_, created) = try await server.send("/classes/TestObject", method: "POST", body: #"{"foo":"bar"}"#)
        let id = try #require(created["objectId"]?.stringValue)
        let createdAt = try #require(created["createdAt"]?.stringValue)
        let (_, read) = try await server.send("/classes/TestObject/" + id)
        #expect(read["createdAt"]?.stringValue == createdAt && read["updatedAt"]?.stringValue == createdAt, "\(read)")
        let (status, updated) = try await server.send(
            "/classes/TestObject/" + id,
            method: "PUT",
            body: #"{"foo":"baz"}"#
        )
        #expect(status == 200, "\(updated)")
        let updatedAt = try #require(updated["updatedAt"]?.stringValue)
        #expect(updatedAt != createdAt)
        let (_, again) = try await server.send("/classes/TestObject/" + id)
        #expect(
            again["createdAt"]?.stringValue == createdAt && again["updatedAt"]?.stringValue == updatedAt,
            "\(again)"
        )
    }

    /// ParseAPI.spec.js:292 "increment with a user object": a user's `Increment` of its own field, in its session,
    /// answers the new number, which each later sign-in answers.
    @Test func incrementWithAUserObject() async throws {
        let server = Server()
        let user = try await server.signUp("test", "moon-y")
        for expected in 1...2 {
            let (status, answer) = try await server.send(
                "/users/" + user.id,
                method: "PUT",
                body: #"{"foo":{"__op":"Increment","amount":1}}"#,
                as: user.session
            )
            #expect(status == 200 && answer["foo"] == .int(expected), "\(answer)")
            #expect(try await server.logIn("test", "moon-y").user["foo"] == .int(expected))
        }
    }

    /// How a case's requests are sent: as the REST guide writes them, or as the JavaScript SDK's `RESTController`
    /// sends every request, a `POST` whose body names the method (`_method`) and, for a read, holds its parameters
    /// (parse-server's `allowMethodOverride`, middlewares.js).
    enum Form: String, Sendable, CaseIterable {
        case rest, methodOverride
    }

    @Test(arguments: cases, Form.allCases)
    func aWriteIsAnsweredAsParseServerAnswersIt(_ spec: ObjectCase, _ form: Form) async throws {
        let server = Server()
        var saved = Placeholders()
        for (index, step) in spec.steps.enumerated() {
            let path = saved.resolved(step.path)
            let query = step.query.map { ($0.name, saved.resolved($0.value)) }
            let body = step.body.map(saved.resolved)
            let (status, answer) =
                switch form {
                case .rest: try await server.send(path, query, method: step.method, body: body)
                case .methodOverride:
                    try await server.send(path, method: "POST", body: try Self.overriding(step.method, body, query))
                }
            let expected = try JSONValue(parsing: Data(saved.resolved(step.answer).utf8))
            #expect(status == step.status, "step \(index) \(step.method) \(step.path): \(answer)")
            #expect(Self.matches(answer, expected), "step \(index) \(step.method) \(step.path): \(answer)")
            if step.method == "POST", status == 201, let id = answer["objectId"]?.stringValue {
                saved.ids.append(id)
                saved.pointers.append(Server.pointer(String(step.path.dropFirst("/classes/".count)), id))
            }
        }
    }

    /// The body of a `POST` that stands for a `method` request with `body` and `query`: the body's members, each
    /// parameter (as JSON where it is some, `where`, else as text), and `_method`.
    static func overriding(_ method: String, _ body: String?, _ query: [(String, String)]) throws -> String {
        var members = try body.map { try JSONValue(parsing: Data($0.utf8)).objectValue ?? [:] } ?? [:]
        for (name, value) in query {
            members[name] =
                (try? JSONValue(parsing: Data(value.utf8))).flatMap { $0.objectValue.map(JSONValue.object) }
                ?? .string(value)
        }
        members["_method"] = .string(method)
        return String(decoding: try JSONValue.object(members).jsonData(sortedKeys: true), as: UTF8.self)
    }
}
