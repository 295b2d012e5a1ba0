import Foundation
import ModelRuntime
import ModelRuntimeTesting
import Testing

/// parse-server's own specs on queries (spec/ParseQuery.spec.js and spec/ParseRelation.spec.js @
/// 7ea2a2953e9202d43ddb53ded309fbd26245d45c), each case as the REST requests the JavaScript SDK sends for it
/// (`GET /classes/<Class>?where=…&order=…&limit=…&skip=…&keys=…&include=…&count=1`), against the in-memory Parse
/// backend. `query.count()` is `limit=0&count=1` with the query's other parameters, `query.first()` `limit=1`, and
/// `query.get(id)` `where={"objectId":id}&limit=1`; a JavaScript `Date` is sent as `{"__type":"Date","iso":…}` and
/// a saved object as a pointer to it.
@Suite struct InMemoryBackendParseQuerySpecTests {
    typealias Server = InMemoryBackendParseACLSpecTests.Server

    /// `Parse.Object.saveAll` of `bodies` as new objects of `className`, in order: their objectIds.
    static func save(_ bodies: [String], as className: String, in server: Server) async throws -> [String] {
        var ids: [String] = []
        for body in bodies { ids.append(try await server.create(className, body)) }
        return ids
    }

    /// `new BoxedNumber({ number: i })` for each of `numbers`.
    static func boxedNumbers(_ numbers: [Int]) -> [String] {
        numbers.map { #"{"number":\#($0)}"# }
    }

    /// The values of `key` in a list answer's results, in order (`null` for a result without it).
    static func values(_ key: String, _ answer: JSONValue) -> [JSONValue] {
        answer["results"]?.arrayValue?.map { $0[key] ?? .null } ?? []
    }

    // MARK: - Filters: what each `where` finds among the objects saved

    /// A spec whose objects are saved in order and then found by one list request: the positions, among the objects
    /// saved (those `before` first), of those the answer lists, in its order when the request sends an `order`, else
    /// sorted.
    struct FindCase: Sendable, CustomTestStringConvertible {
        let title: String
        let line: Int
        var spec = "ParseQuery"
        /// Objects saved first, of other classes: `<ptrN>` in a later body or the filter is a pointer to the Nth,
        /// `<idN>` its objectId.
        var before: [Saved] = []
        var className = "TestObject"
        let objects: [String]
        var filter: String? = nil
        var parameters: [Parameter] = []
        let found: [Int]
        var testDescription: String { "\(spec).spec.js:\(line) \(title)" }
    }

    /// An object of `className` saved before a case's own.
    struct Saved: Sendable {
        let className: String
        let body: String
        init(_ className: String, _ body: String = "{}") {
            self.className = className
            self.body = body
        }

        /// The objects saved, in order: their objectIds and pointers, which a later body (or a filter) names as
        /// `<idN>` and `<ptrN>`.
        struct Placeholders {
            var ids: [String] = []
            var pointers: [String] = []

            /// `text` with each `<ptrN>` and `<idN>`, the last first (so that `<ptr1>` leaves `<ptr10>` alone).
            func resolved(_ text: String) -> String {
                var text = text
                for index in ids.indices.reversed() {
                    text = text.replacingOccurrences(of: "<ptr\(index)>", with: pointers[index])
                    text = text.replacingOccurrences(of: "<id\(index)>", with: ids[index])
                }
                return text
            }
        }

        /// Saves `objects` in order, each body naming those before it.
        static func saveAll(_ objects: [Saved], in server: Server) async throws -> Placeholders {
            var saved = Placeholders()
            for object in objects {
                let id = try await server.create(object.className, saved.resolved(object.body))
                saved.ids.append(id)
                saved.pointers.append(Server.pointer(object.className, id))
            }
            return saved
        }
    }

    struct Parameter: Sendable {
        let name: String
        let value: String
        init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    static let zeroToNine = boxedNumbers(Array(0...9))
    static let minusThreeToOne = boxedNumbers([-3, -2, -1, 0, 1])

    static let findCases: [FindCase] = [
        .init(
            title: "basic query",
            line: 28,
            objects: [#"{"foo":"baz"}"#, #"{"foo":"qux"}"#],
            filter: #"{"foo":"baz"}"#,
            found: [0]
        ),
        .init(
            title: "searching for null",
            line: 90,
            objects: [#"{"foo":null}"#, #"{"foo":"qux"}"#, "{}"],
            filter: #"{"foo":null}"#,
            found: [0, 2]
        ),
        .init(
            title: "searching for not null",
            line: 110,
            objects: [#"{"foo":null}"#, #"{"foo":"qux"}"#, "{}"],
            filter: #"{"foo":{"$ne":null}}"#,
            found: [1]
        ),
        .init(
            title: "query notContainedIn on empty array",
            line: 295,
            objects: [#"{"value":100}"#],
            filter: #"{"value":{"$nin":[]}}"#,
            found: [0]
        ),
        .init(
            title: "query containedIn on empty array",
            line: 307,
            objects: [#"{"value":100}"#],
            filter: #"{"value":{"$in":[]}}"#,
            found: []
        ),
        .init(
            title: "query with limit",
            line: 329,
            objects: [#"{"foo":"baz"}"#, #"{"foo":"qux"}"#],
            parameters: [.init("limit", "1"), .init("order", "foo")],
            found: [0]
        ),
        .init(
            title: "nested equalTo string with single quote",
            line: 428,
            objects: [#"{"nested":{"foo":"single'quote"}}"#, #"{"nested":{"foo":"other"}}"#],
            filter: #"{"nested.foo":"single'quote"}"#,
            found: [0]
        ),
        .init(
            title: "nested containedIn string with single quote",
            line: 437,
            objects: [#"{"nested":{"foo":["single'quote"]}}"#, #"{"nested":{"foo":["other"]}}"#],
            filter: #"{"nested.foo":{"$in":["single'quote"]}}"#,
            found: [0]
        ),
        .init(
            title: "nested containedIn string",
            line: 446,
            objects: [
                #"{"sender":{"group":["A","B"]}}"#, #"{"sender":{"group":["A","C"]}}"#,
                #"{"sender":{"group":["B","C"]}}"#,
            ],
            filter: #"{"sender.group":{"$in":["A"]}}"#,
            found: [0, 1]
        ),
        .init(
            title: "nested containedIn number",
            line: 465,
            objects: [
                #"{"sender":{"group":[1,2]}}"#, #"{"sender":{"group":[1,3]}}"#, #"{"sender":{"group":[2,3]}}"#,
            ],
            filter: #"{"sender.group":{"$in":[1]}}"#,
            found: [0, 1]
        ),
        .init(
            title: "containsAll number array queries",
            line: 484,
            className: "NumberSet",
            objects: [#"{"numbers":[1,2,3,4,5]}"#, #"{"numbers":[1,3,4,5]}"#],
            filter: #"{"numbers":{"$all":[1,2,3]}}"#,
            found: [0]
        ),
        .init(
            title: "containsAll string array queries",
            line: 512,
            className: "StringSet",
            objects: [#"{"strings":["a","b","c","d","e"]}"#, #"{"strings":["a","c","d","e"]}"#],
            filter: #"{"strings":{"$all":["a","b","c"]}}"#,
            found: [0]
        ),
        .init(
            title: "containsAll date array queries",
            line: 534,
            className: "DateSet",
            objects: [
                #"{"dates":[\#(date("2013-02-01")),\#(date("2013-02-02")),\#(date("2013-02-03")),"#
                    + #"\#(date("2013-02-04"))]}"#,
                #"{"dates":[\#(date("2013-02-01")),\#(date("2013-02-03")),\#(date("2013-02-04"))]}"#,
            ],
            filter: #"{"dates":{"$all":[\#(date("2013-02-01")),\#(date("2013-02-02")),\#(date("2013-02-03"))]}}"#,
            found: [0]
        ),
        .init(
            title: "containsAllStartingWith should match all strings that starts with string",
            line: 630,
            className: "Object",
            objects: startingWithObjects,
            filter: #"{"strings":{"$all":[{"$regex":"^\\Qthe\\E"},{"$regex":"^\\Qfox\\E"},{"$regex":"^\\Qlazy\\E"}]}}"#,
            found: [0]
        ),
        .init(
            title: "containsAllStartingWith should match all strings that starts with string (two)",
            line: 630,
            className: "Object",
            objects: startingWithObjects,
            filter: #"{"strings":{"$all":[{"$regex":"^\\Qthe\\E"},{"$regex":"^\\Qlazy\\E"}]}}"#,
            found: [0, 2]
        ),
        .init(
            title: "containsAllStartingWith should match all strings that starts with string (none)",
            line: 630,
            className: "Object",
            objects: startingWithObjects,
            filter: #"{"strings":{"$all":[{"$regex":"^\\Qhe\\E"},{"$regex":"^\\Qlazy\\E"}]}}"#,
            found: []
        ),
        .init(
            title: "containsAllStartingWith empty array values should return empty results",
            line: 745,
            className: "Object",
            objects: [startingWithObjects[0]],
            filter: #"{"strings":{"$all":[]}}"#,
            found: []
        ),
        .init(
            title: "containsAllStartingWith single empty value returns empty results",
            line: 780,
            className: "Object",
            objects: [startingWithObjects[0]],
            filter: #"{"strings":{"$all":[{}]}}"#,
            found: []
        ),
        .init(
            title: "containsAllStartingWith single regex value should return corresponding matching results",
            line: 815,
            className: "Object",
            objects: startingWithObjects,
            filter: #"{"strings":{"$all":[{"$regex":"^\\Qlazy\\E"}]}}"#,
            found: [0, 2]
        ),
        .init(
            title: "containedBy number array",
            line: 944,
            objects: [#"{"numbers":[0,1,2]}"#, #"{"numbers":[2,0]}"#, #"{"numbers":[1,2,3,4]}"#],
            filter: #"{"numbers":{"$containedBy":[1,2,3,4,5,6,7,8,9]}}"#,
            found: [2]
        ),
        .init(
            title: "containedBy empty array",
            line: 968,
            objects: [#"{"numbers":[0,1,2]}"#, #"{"numbers":[2,0]}"#, #"{"numbers":[1,2,3,4]}"#],
            filter: #"{"numbers":{"$containedBy":[]}}"#,
            found: []
        ),
        .init(
            title: "equalTo queries",
            line: 1008,
            className: "BoxedNumber",
            objects: zeroToNine,
            filter: #"{"number":3}"#,
            found: [3]
        ),
        .init(
            title: "equalTo undefined",
            line: 1022,
            className: "BoxedNumber",
            objects: zeroToNine,
            filter: #"{"number":{"$exists":false}}"#,
            found: []
        ),
        .init(
            title: "lessThan queries",
            line: 1036,
            className: "BoxedNumber",
            objects: zeroToNine,
            filter: #"{"number":{"$lt":7}}"#,
            found: Array(0...6)
        ),
        .init(
            title: "lessThanOrEqualTo queries",
            line: 1050,
            className: "BoxedNumber",
            objects: zeroToNine,
            filter: #"{"number":{"$lte":7}}"#,
            found: Array(0...7)
        ),
        .init(
            title: "lessThan zero queries",
            line: 1064,
            className: "BoxedNumber",
            objects: minusThreeToOne,
            filter: #"{"number":{"$lt":0}}"#,
            found: [0, 1, 2]
        ),
        .init(
            title: "lessThanOrEqualTo zero queries",
            line: 1082,
            className: "BoxedNumber",
            objects: minusThreeToOne,
            filter: #"{"number":{"$lte":0}}"#,
            found: [0, 1, 2, 3]
        ),
        .init(
            title: "greaterThan queries",
            line: 1100,
            className: "BoxedNumber",
            objects: zeroToNine,
            filter: #"{"number":{"$gt":7}}"#,
            found: [8, 9]
        ),
        .init(
            title: "greaterThanOrEqualTo queries",
            line: 1114,
            className: "BoxedNumber",
            objects: zeroToNine,
            filter: #"{"number":{"$gte":7}}"#,
            found: [7, 8, 9]
        ),
        .init(
            title: "greaterThan zero queries",
            line: 1128,
            className: "BoxedNumber",
            objects: minusThreeToOne,
            filter: #"{"number":{"$gt":0}}"#,
            found: [4]
        ),
        .init(
            title: "greaterThanOrEqualTo zero queries",
            line: 1146,
            className: "BoxedNumber",
            objects: minusThreeToOne,
            filter: #"{"number":{"$gte":0}}"#,
            found: [3, 4]
        ),
        .init(
            title: "lessThanOrEqualTo greaterThanOrEqualTo queries",
            line: 1164,
            className: "BoxedNumber",
            objects: zeroToNine,
            filter: #"{"number":{"$lte":7,"$gte":7}}"#,
            found: [7]
        ),
        .init(
            title: "lessThan greaterThan queries",
            line: 1179,
            className: "BoxedNumber",
            objects: zeroToNine,
            filter: #"{"number":{"$lt":9,"$gt":3}}"#,
            found: [4, 5, 6, 7, 8]
        ),
        .init(
            title: "notEqualTo queries",
            line: 1194,
            className: "BoxedNumber",
            objects: zeroToNine,
            filter: #"{"number":{"$ne":5}}"#,
            found: [0, 1, 2, 3, 4, 6, 7, 8, 9]
        ),
        .init(
            title: "notEqualTo zero queries",
            line: 1208,
            className: "BoxedNumber",
            objects: minusThreeToOne,
            filter: #"{"number":{"$ne":0}}"#,
            found: [0, 1, 2, 4]
        ),
        .init(
            title: "equalTo zero queries",
            line: 1226,
            className: "BoxedNumber",
            objects: minusThreeToOne,
            filter: #"{"number":0}"#,
            found: [3]
        ),
        .init(
            title: "number equalTo boolean queries",
            line: 1244,
            className: "BoxedNumber",
            objects: minusThreeToOne,
            filter: #"{"number":false}"#,
            found: []
        ),
        .init(
            title: "equalTo false queries",
            line: 1262,
            objects: [#"{"field":false}"#, #"{"field":true}"#],
            filter: #"{"field":false}"#,
            found: [0]
        ),
        .init(
            title: "where $eq false queries (rest)",
            line: 1277,
            objects: [#"{"field":false}"#, #"{"field":true}"#],
            filter: #"{"field":{"$eq":false}}"#,
            found: [0]
        ),
        .init(
            title: "where $eq null queries (rest)",
            line: 1295,
            objects: [#"{"field":false}"#, #"{"field":null}"#],
            filter: #"{"field":{"$eq":null}}"#,
            found: [1]
        ),
        .init(
            title: "containedIn queries",
            line: 1313,
            className: "BoxedNumber",
            objects: zeroToNine,
            filter: #"{"number":{"$in":[3,5,7,9,11]}}"#,
            found: [3, 5, 7, 9]
        ),
        .init(
            title: "notContainedIn queries",
            line: 1367,
            className: "BoxedNumber",
            objects: zeroToNine,
            filter: #"{"number":{"$nin":[3,5,7,9,11]}}"#,
            found: [0, 1, 2, 4, 6, 8]
        ),
        .init(
            title: "find no elements",
            line: 1421,
            className: "BoxedNumber",
            objects: zeroToNine,
            filter: #"{"number":17}"#,
            found: []
        ),
        .init(
            title: "first",
            line: 1486,
            objects: [#"{"foo":"bar"}"#],
            filter: #"{"foo":"bar"}"#,
            parameters: [.init("limit", "1")],
            found: [0]
        ),
        .init(
            title: "first no result",
            line: 1497,
            objects: [#"{"foo":"bar"}"#],
            filter: #"{"foo":"baz"}"#,
            parameters: [.init("limit", "1")],
            found: []
        ),
        .init(
            title: "first with two results",
            line: 1508,
            objects: [#"{"foo":"bar"}"#, #"{"foo":"bar"}"#],
            filter: #"{"foo":"bar"}"#,
            parameters: [.init("limit", "1"), .init("order", "createdAt")],
            found: [0]
        ),
        .init(
            title: "skip",
            line: 1550,
            objects: ["{}", "{}"],
            parameters: [.init("skip", "1"), .init("order", "createdAt")],
            found: [1]
        ),
        .init(
            title: "skip (past the end)",
            line: 1550,
            objects: ["{}", "{}"],
            parameters: [.init("skip", "3")],
            found: []
        ),
        .init(
            title: "order by ascending number",
            line: 1597,
            className: "BoxedNumber",
            objects: boxedNumbers([3, 1, 2]),
            parameters: [.init("order", "number")],
            found: [1, 2, 0]
        ),
        .init(
            title: "order by descending number",
            line: 1614,
            className: "BoxedNumber",
            objects: boxedNumbers([3, 1, 2]),
            parameters: [.init("order", "-number")],
            found: [0, 2, 1]
        ),
        .init(
            title: "can order on an object string field",
            line: 1631,
            className: "Test",
            objects: [
                #"{"sortField":{"value":"Z"}}"#, #"{"sortField":{"value":"A"}}"#, #"{"sortField":{"value":"M"}}"#,
            ],
            parameters: [.init("order", "-sortField.value")],
            found: [0, 2, 1]
        ),
        .init(
            title: "can order on an object string field (level 2)",
            line: 1652,
            className: "Test",
            objects: [
                #"{"sortField":{"value":{"field":"Z"}}}"#, #"{"sortField":{"value":{"field":"A"}}}"#,
                #"{"sortField":{"value":{"field":"M"}}}"#,
            ],
            parameters: [.init("order", "sortField.value.field")],
            found: [1, 2, 0]
        ),
        .init(
            title: "can order on an object number field",
            line: 1673,
            className: "Test",
            objects: [#"{"sortField":{"value":10}}"#, #"{"sortField":{"value":1}}"#, #"{"sortField":{"value":5}}"#],
            parameters: [.init("order", "-sortField.value")],
            found: [0, 2, 1]
        ),
        .init(
            title: "can order on an object number field (level 2)",
            line: 1694,
            className: "Test",
            objects: [
                #"{"sortField":{"value":{"field":10}}}"#, #"{"sortField":{"value":{"field":1}}}"#,
                #"{"sortField":{"value":{"field":5}}}"#,
            ],
            parameters: [.init("order", "sortField.value.field")],
            found: [1, 2, 0]
        ),
        .init(
            title: "order by ascending number then descending string",
            line: 1715,
            className: "BoxedNumber",
            objects: numbersAndStrings,
            parameters: [.init("order", "number,-string")],
            found: [1, 3, 2, 0]
        ),
        .init(
            title: "order by non-existing string",
            line: 1738,
            className: "BoxedNumber",
            objects: numbersAndStrings,
            parameters: [.init("order", "foo,createdAt")],
            found: [0, 1, 2, 3]
        ),
        .init(
            title: "order by descending number then ascending string",
            line: 1748,
            className: "BoxedNumber",
            objects: numbersAndStrings,
            parameters: [.init("order", "-number,string")],
            found: [0, 2, 3, 1]
        ),
        .init(
            title: "order by descending number and string",
            line: 1781,
            className: "BoxedNumber",
            objects: numbersAndStrings,
            parameters: [.init("order", "-number,-string")],
            found: [2, 0, 3, 1]
        ),
        .init(
            title: "order by descending number and string, with space",
            line: 1804,
            className: "BoxedNumber",
            objects: numbersAndStrings,
            parameters: [.init("order", "-number, -string")],
            found: [2, 0, 3, 1]
        ),
        .init(
            title: "order by _created_at",
            line: 1894,
            className: "BoxedNumber",
            objects: boxedNumbers([3, 1, 2]),
            parameters: [.init("order", "_created_at")],
            found: [0, 1, 2]
        ),
        .init(
            title: "order by createdAt",
            line: 1920,
            className: "BoxedNumber",
            objects: boxedNumbers([3, 1, 2]),
            parameters: [.init("order", "-createdAt")],
            found: [2, 1, 0]
        ),
        .init(
            title: "time equality",
            line: 2031,
            objects: timeObjects,
            filter: #"{"time":\#(date("2026-03-01T00:00:02.000Z"))}"#,
            found: [1]
        ),
        .init(
            title: "time lessThan",
            line: 2043,
            objects: timeObjects,
            filter: #"{"time":{"$lt":\#(date("2026-03-01T00:00:03.000Z"))}}"#,
            found: [0, 1]
        ),
        .init(
            title: "time createdAt",
            line: 2055,
            objects: timeObjects,
            filter: #"{"createdAt":{"$gte":\#(date("2026-01-01T00:00:00.000Z"))}}"#,
            found: [0, 1, 2]
        ),
        .init(
            title: "matches string",
            line: 2066,
            objects: [#"{"myString":"football"}"#, #"{"myString":"soccer"}"#],
            filter: #"{"myString":{"$regex":"^fo*\\wb[^o]l+$"}}"#,
            found: [0]
        ),
        .init(
            title: "case insensitive regex success",
            line: 2096,
            objects: [#"{"myString":"football"}"#],
            filter: #"{"myString":{"$regex":"FootBall","$options":"i"}}"#,
            found: [0]
        ),
        .init(
            title: "Use a regex that requires all modifiers",
            line: 2116,
            objects: [#"{"myString":"PArSe\nCom"}"#],
            filter: #"{"myString":{"$regex":"parse # First fragment. We'll write this in one case but match "#
                + #"insensitively\n.com  # Second fragment. This can be separated by any character, including "#
                + #"newline;however, this comment must end with a newline to recognize it as a comment\n","#
                + #""$options":"mixs"}}"#,
            found: [0]
        ),
        .init(
            title: "Regular expression constructor includes modifiers inline",
            line: 2141,
            objects: [#"{"myString":"\n\nbuffer\n\nparse.COM"}"#],
            filter: #"{"myString":{"$regex":"parse\\.com","$options":"im"}}"#,
            found: [0]
        ),
        .init(
            title: "contains",
            line: 2158,
            objects: asciiObjects,
            filter: #"{"myString":{"$regex":\#(quoted(someASCII))}}"#,
            found: [0, 1, 2, 3]
        ),
        .init(
            title: "nested contains",
            line: 2174,
            objects: [
                #"{"sender":{"group":["A","B"]}}"#, #"{"sender":{"group":["A","C"]}}"#,
                #"{"sender":{"group":["B","C"]}}"#,
            ],
            filter: #"{"sender.group":{"$regex":"\\QA\\E"}}"#,
            found: [0, 1]
        ),
        .init(
            title: "startsWith",
            line: 2193,
            objects: asciiObjects,
            filter: #"{"myString":{"$regex":\#(quoted(someASCII, prefix: "^"))}}"#,
            found: [2, 3]
        ),
        .init(
            title: "endsWith",
            line: 2209,
            objects: asciiObjects,
            filter: #"{"myString":{"$regex":\#(quoted(someASCII, suffix: "$"))}}"#,
            found: [1, 3]
        ),
        .init(
            title: "exists",
            line: 2225,
            objects: (0...8).map { $0 % 2 == 0 ? #"{"x":\#($0 + 1)}"# : #"{"y":\#($0 + 1)}"# },
            filter: #"{"x":{"$exists":true}}"#,
            found: [0, 2, 4, 6, 8]
        ),
        .init(
            title: "doesNotExist",
            line: 2249,
            objects: (0...8).map { $0 % 2 == 0 ? #"{"x":\#($0 + 1)}"# : #"{"y":\#($0 + 1)}"# },
            filter: #"{"x":{"$exists":false}}"#,
            found: [1, 3, 5, 7]
        ),
        .init(
            title: "containedIn object array queries",
            line: 372,
            before: [
                Saved("TestObject"), Saved("TestObject", #"{"prior":<ptr0>}"#),
                Saved("TestObject", #"{"prior":<ptr1>}"#),
            ],
            objects: [#"{"prior":<ptr2>}"#],
            filter: #"{"prior":{"$in":[<ptr0>,<ptr2>]}}"#,
            found: [1, 3]
        ),
        .init(
            title: "containsAll object array queries",
            line: 595,
            before: (0..<4).map { Saved("TestObject", #"{"i":\#($0)}"#) },
            className: "MessageSet",
            objects: [#"{"messages":[<ptr0>,<ptr1>,<ptr2>,<ptr3>]}"#, #"{"messages":[<ptr0>,<ptr1>,<ptr3>]}"#],
            filter: #"{"messages":{"$all":[<ptr0>,<ptr2>]}}"#,
            found: [4]
        ),
        .init(
            title: "containedBy pointer array",
            line: 889,
            before: (0..<10).map { Saved("Object", #"{"key":\#($0)}"#) },
            className: "Parent",
            objects: [
                #"{"objects":[<ptr0>,<ptr1>,<ptr2>]}"#, #"{"objects":[<ptr2>,<ptr0>]}"#,
                #"{"objects":[<ptr1>,<ptr2>,<ptr3>,<ptr4>]}"#,
            ],
            filter: #"{"objects":{"$containedBy":[\#((1..<10).map { "<ptr\($0)>" }.joined(separator: ","))]}}"#,
            found: [12]
        ),
        .init(
            title: "objectId containedIn queries",
            line: 1381,
            before: zeroToNine.map { Saved("BoxedNumber", $0) },
            className: "BoxedNumber",
            objects: [],
            filter: #"{"objectId":{"$in":["<id2>","<id3>","<id0>","NONSENSE"]}}"#,
            parameters: [.init("order", "number")],
            found: [0, 2, 3]
        ),
        .init(
            title: "objectId equalTo queries",
            line: 1402,
            before: zeroToNine.map { Saved("BoxedNumber", $0) },
            className: "BoxedNumber",
            objects: [],
            filter: #"{"objectId":"<id4>"}"#,
            found: [4]
        ),
        .init(
            title: "notEqualTo object",
            line: 1535,
            before: [Saved("TestObject"), Saved("TestObject")],
            className: "Container",
            objects: [#"{"item":<ptr0>}"#, #"{"item":<ptr1>}"#],
            filter: #"{"item":{"$ne":<ptr0>}}"#,
            found: [3]
        ),
        .init(
            title: "exists relation",
            line: 2273,
            before: [0, 2, 4, 6, 8].map { Saved("TestObject", #"{"x":\#($0)}"#) },
            className: "Container",
            objects: (0...8).map { $0 % 2 == 0 ? #"{"x":<ptr\#($0 / 2)>}"# : #"{"y":\#($0)}"# },
            filter: #"{"x":{"$exists":true}}"#,
            found: [5, 7, 9, 11, 13]
        ),
        .init(
            title: "doesNotExist relation",
            line: 2300,
            before: [0, 2, 4, 6].map { Saved("TestObject", #"{"x":\#($0)}"#) },
            className: "Container",
            objects: (0...7).map { $0 % 2 == 0 ? #"{"x":<ptr\#($0 / 2)>}"# : #"{"y":\#($0)}"# },
            filter: #"{"x":{"$exists":false}}"#,
            found: [5, 7, 9, 11]
        ),
        .init(
            title: "matches query",
            line: 2654,
            before: (0..<10).map { Saved("ChildObject", #"{"x":\#($0)}"#) },
            className: "ParentObject",
            objects: (0..<10).map { #"{"child":<ptr\#($0)>,"x":\#(10 + $0)}"# },
            filter: #"{"child":{"$inQuery":{"where":{"x":{"$gt":5}},"className":"ChildObject"}}}"#,
            found: [16, 17, 18, 19]
        ),
        .init(
            title: "matches query (doesNotMatchQuery)",
            line: 2654,
            before: (0..<10).map { Saved("ChildObject", #"{"x":\#($0)}"#) },
            className: "ParentObject",
            objects: (0..<10).map { #"{"child":<ptr\#($0)>,"x":\#(10 + $0)}"# },
            filter: #"{"child":{"$notInQuery":{"where":{"x":{"$gt":5}},"className":"ChildObject"}}}"#,
            found: Array(10...15)
        ),
        .init(
            title: "select query",
            line: 2690,
            before: restaurants,
            className: "Person",
            objects: [
                #"{"name":"Bob","hometown":"Djibouti"}"#, #"{"name":"Tom","hometown":"Ouagadougou"}"#,
                #"{"name":"Billy","hometown":"Detroit"}"#,
            ],
            filter: #"{"hometown":{"$select":\#(bestRestaurantLocations)}}"#,
            found: [2]
        ),
        .init(
            title: "$select inside $or",
            line: 2714,
            before: restaurants,
            className: "Person",
            objects: [
                #"{"name":"Bob","hometown":"Djibouti"}"#, #"{"name":"Tom","hometown":"Ouagadougou"}"#,
                #"{"name":"Billy","hometown":"Detroit"}"#,
            ],
            filter: #"{"$or":[{"hometown":{"$select":\#(bestRestaurantLocations)}},{"name":"Tom"}]}"#,
            found: [2, 3]
        ),
        .init(
            title: "$nor valid query",
            line: 2748,
            objects: (0..<10).map { #"{"rating":\#($0)}"# },
            filter: #"{"$nor":[{"rating":{"$gt":5}},{"rating":{"$lte":3}}]}"#,
            found: [4, 5]
        ),
        .init(
            title: "dontSelect query",
            line: 2815,
            before: restaurants,
            className: "Person",
            objects: [
                #"{"name":"Bob","hometown":"Djibouti"}"#, #"{"name":"Tom","hometown":"Ouagadougou"}"#,
                #"{"name":"Billy","hometown":"Djibouti"}"#,
            ],
            filter: #"{"hometown":{"$dontSelect":\#(bestRestaurantLocations)}}"#,
            found: [3]
        ),
        .init(
            title: "dontSelect query without conditions",
            line: 2839,
            before: [
                Saved("Restaurant", #"{"location":"Djibouti"}"#), Saved("Restaurant", #"{"location":"Ouagadougou"}"#),
            ],
            className: "Person",
            objects: [
                #"{"name":"Bob","hometown":"Djibouti"}"#, #"{"name":"Tom","hometown":"Yoloblahblahblah"}"#,
                #"{"name":"Billy","hometown":"Ouagadougou"}"#,
            ],
            filter: #"{"hometown":{"$dontSelect":{"query":{"className":"Restaurant","where":{}},"key":"location"}}}"#,
            found: [3]
        ),
        .init(
            title: "multiple dontSelect query",
            line: 2904,
            before: [
                Saved("Restaurant", #"{"ratings":7,"location":"Djibouti2"}"#),
                Saved("Restaurant", #"{"ratings":5,"location":"Djibouti"}"#),
                Saved("Restaurant", #"{"ratings":3,"location":"Ouagadougou"}"#),
            ],
            className: "Person",
            objects: [
                #"{"name":"Bob2","hometown":"Djibouti2"}"#, #"{"name":"Bob","hometown":"Djibouti"}"#,
                #"{"name":"Tom","hometown":"Ouagadougou"}"#,
            ],
            filter: #"{"objectId":{"$dontSelect":{"query":{"className":"Person","where":{"$or":["#
                + #"{"hometown":{"$select":{"query":{"className":"Restaurant","where":{"ratings":{"$gt":6}}},"key":"location"}}},"#
                + #"{"hometown":{"$select":{"query":{"className":"Restaurant","where":{"ratings":{"$lt":4}}},"key":"location"}}}"#
                + #"]}},"key":"objectId"}}}"#,
            found: [4]
        ),
        .init(
            title: "or queries",
            line: 2956,
            className: "BoxedNumber",
            objects: (0..<10).map { #"{"x":\#($0)}"# },
            filter: #"{"$or":[{"x":{"$lt":2}},{"x":{"$gt":5}}]}"#,
            found: [0, 1, 6, 7, 8, 9]
        ),
        .init(
            title: "or complex queries",
            line: 2979,
            before: (0..<10).map { Saved("Child", #"{"x":\#($0)}"#) },
            className: "Parent",
            objects: (0..<10).map { #"{"child":<ptr\#($0)>,"y":\#($0)}"# },
            filter: #"{"$or":[{"child":{"$inQuery":{"where":{"x":4},"className":"Child"}}},{"y":{"$lt":2}}]}"#,
            found: [10, 11, 14]
        ),
        .init(
            title: "notEqual with array of pointers",
            line: 3791,
            before: [Saved("Child"), Saved("Child")],
            className: "Parent",
            objects: [#"{"child":[<ptr0>]}"#, #"{"child":[<ptr1>]}"#],
            filter: #"{"child":{"$ne":<ptr0>}}"#,
            found: [3]
        ),
        .init(
            title: "querying for null value",
            line: 3827,
            objects: [#"{"aNull":null}"#],
            filter: #"{"aNull":null}"#,
            found: [0]
        ),
        .init(
            title: "query within dictionary",
            line: 3844,
            objects: [#"{"aDict":{"x":1,"y":2}}"#, #"{"aDict":{"x":2,"y":3}}"#],
            filter: #"{"aDict.x":1}"#,
            found: [0]
        ),
        .init(
            title: "query match on array with single object",
            line: 3904,
            objects: [#"{"someObjs":[\#(Server.pointer("TestObject", "abc123"))]}"#],
            filter: #"{"someObjs":\#(Server.pointer("TestObject", "abc123"))}"#,
            found: [0]
        ),
        .init(
            title: "query match on array with multiple objects",
            line: 3930,
            objects: [
                #"{"someObjs":[\#(Server.pointer("TestObject", "abc")),\#(Server.pointer("TestObject", "123"))]}"#
            ],
            filter: #"{"someObjs":\#(Server.pointer("TestObject", "abc"))}"#,
            found: [0]
        ),
        .init(
            title: "query should not match on array when searching for null",
            line: 3961,
            objects: [#"{"someKey":"someValue","someObjs":[\#(Server.pointer("TestObject", "123"))]}"#],
            filter: #"{"someKey":"someValue","someObjs":null}"#,
            found: []
        ),
        .init(
            title: "should match a key in an array (#3195)",
            line: 4054,
            before: [Saved("Author"), Saved("Group", #"{"members":[<ptr0>]}"#)],
            className: "Post",
            objects: [#"{"author":<ptr0>}"#],
            filter: #"{"author":{"$select":{"query":{"className":"Group","where":{}},"key":"members"}}}"#,
            found: [2]
        ),
        .init(
            title: "should find objects with array of pointers",
            line: 4087,
            before: (0..<5).map { Saved("ContainedObject", #"{"index":\#($0)}"#) },
            className: "Container",
            objects: [#"{"objects":[<ptr0>,<ptr1>,<ptr2>,<ptr3>,<ptr4>]}"#, #"{"objects":[<ptr2>]}"#],
            filter: #"{"objects":{"$inQuery":{"where":{"index":{"$gte":1}},"className":"ContainedObject"}}}"#,
            found: [5, 6]
        ),
        .init(
            title: "objectId containedIn with multiple large array",
            line: 4157,
            before: [Saved("MyClass")],
            className: "MyClass",
            objects: [],
            filter: #"{"objectId":{"$in":[\#((0..<130).map { #""\#($0)""# }.joined(separator: ",")),"<id0>"]}}"#,
            found: [0]
        ),
        .init(
            title: "containedIn with pointers should work with string array",
            line: 4178,
            before: [Saved("Child")],
            className: "MyClass",
            objects: [#"{"child":<ptr0>}"#] + Array(repeating: "{}", count: 10),
            filter: #"{"child":{"$in":["<id0>"]}}"#,
            found: [1]
        ),
        .init(
            title: "containedIn with pointers should work with string array, with many objects",
            line: 4206,
            before: (0..<10).map { _ in Saved("Child") },
            className: "MyClass",
            objects: (0..<10).map { #"{"child":<ptr\#($0)>}"# },
            filter: #"{"child":{"$in":[\#((0..<5).map { #""<id\#($0)>""# }.joined(separator: ","))]}}"#,
            found: Array(10..<15)
        ),
        cakes("User2 likes nothing", #"{"liker":<ptr2>}"#, found: []),
        cakes("User1 likes two of three cakes", #"{"liker":<ptr1>}"#, found: [3, 4]),
        cakes("the cake user1 is not appreciating", #"{"liker":{"$ne":<ptr1>}}"#, found: [5]),
        cakes("User2 is a hater of everything", #"{"hater":{"$ne":<ptr2>}}"#, found: []),
        cakes("only cake3 is liked by user", #"{"liker":{"$nin":[<ptr1>]}}"#, found: [5]),
        cakes("all the users, user1 excluded", #"{"liker":{"$in":[<ptr0>,<ptr1>,<ptr2>],"$ne":<ptr1>}}"#, found: [5]),
        .init(
            title: "query with two OR subqueries (regression test #1259)",
            line: 4130,
            before: [Saved("Class2"), Saved("Class1", #"{"relation":\#(Server.adding("Class2", ["<id0>"]))}"#)],
            className: "Class2",
            objects: [],
            filter: #"{"$or":[{"$relatedTo":{"object":<ptr1>,"key":"relation"},"nonExistantKey1":{"$exists":false}},"#
                + #"{"$relatedTo":{"object":<ptr1>,"key":"relation"},"nonExistantKey2":{"$exists":false}}]}"#,
            found: [0]
        ),
        .init(
            title: "query relation without schema",
            line: 48,
            spec: "ParseRelation",
            before: childObjects + [Saved("ParentObject", #"{"x":4,"child":\#(children([0]))}"#)],
            className: "ParentObject",
            objects: [],
            filter: #"{"$relatedTo":{"object":<ptr10>,"key":"child"}}"#,
            parameters: [.init("redirectClassNameForKey", "child")],
            found: [0]
        ),
        .init(
            title: "Find objects with a related object using equalTo",
            line: 539,
            spec: "ParseRelation",
            before: [Saved("Card")],
            className: "House",
            objects: [#"{"cards":\#(Server.adding("Card", ["<id0>"]))}"#],
            filter: #"{"cards":<ptr0>}"#,
            found: [1]
        ),
        .init(
            title: "relations are not bidirectional (regression test for #871)",
            line: 731,
            spec: "ParseRelation",
            before: [Saved("Person"), Saved("Person", #"{"relation":\#(Server.adding("Person", ["<id0>"]))}"#)],
            className: "Person",
            objects: [],
            filter: #"{"relation":<ptr1>}"#,
            found: []
        ),
        .init(
            title: "relations are not bidirectional (regression test for #871), the other way",
            line: 731,
            spec: "ParseRelation",
            before: [Saved("Person"), Saved("Person", #"{"relation":\#(Server.adding("Person", ["<id0>"]))}"#)],
            className: "Person",
            objects: [],
            filter: #"{"relation":<ptr0>}"#,
            found: [1]
        ),
        .init(
            title: "related at ordering optimizations",
            line: 143,
            spec: "ParseRelation",
            before: childObjects + [Saved("ParentObject", #"{"x":4,"child":\#(children(Array(0..<10)))}"#)],
            className: "ChildObject",
            objects: [],
            filter: #"{"$relatedTo":{"object":<ptr10>,"key":"child"}}"#,
            parameters: [.init("order", "-createdAt"), .init("skip", "1"), .init("limit", "3")],
            found: [8, 7, 6]
        ),
        .init(
            title: "queries with relations",
            line: 175,
            spec: "ParseRelation",
            before: childObjects + [Saved("ParentObject", #"{"x":4,"child":\#(children([0, 1, 2]))}"#)],
            className: "ChildObject",
            objects: [],
            filter: #"{"$relatedTo":{"object":<ptr10>,"key":"child"},"x":2}"#,
            found: [2]
        ),
        .init(
            title: "queries on relation fields",
            line: 199,
            spec: "ParseRelation",
            before: childObjects,
            className: "ParentObject",
            objects: [#"{"x":4,"child":\#(children([0, 1, 2]))}"#, #"{"x":3,"child":\#(children([4, 5, 6]))}"#],
            filter: #"{"child":{"$in":[<ptr4>,<ptr9>]}}"#,
            found: [11]
        ),
        .init(
            title: "queries on relation fields with multiple containedIn (regression test for #1271)",
            line: 233,
            spec: "ParseRelation",
            before: childObjects,
            className: "ParentObject",
            objects: twoParents,
            filter: #"{"child":{"$in":[<ptr0>]},"otherChild":{"$in":[<ptr0>]}}"#,
            found: []
        ),
        .init(
            title: "queries on relation fields with multiple containedIn (regression test for #1271), child 4",
            line: 233,
            spec: "ParseRelation",
            before: childObjects,
            className: "ParentObject",
            objects: twoParents,
            filter: #"{"child":{"$in":[<ptr4>]},"otherChild":{"$in":[<ptr1>]}}"#,
            found: [11]
        ),
        .init(
            title: "query on pointer and relation fields with equal",
            line: 286,
            spec: "ParseRelation",
            before: childObjects + pointerAndRelationParents,
            className: "ParentObject",
            objects: [],
            filter: #"{"objectId":"<id10>","toChilds":<ptr2>}"#,
            found: [10]
        ),
        .init(
            title: "query on pointer and relation fields with equal bis",
            line: 329,
            spec: "ParseRelation",
            before: childObjects + [
                Saved("ParentObject", #"{"x":4,"toChilds":\#(children([0, 1, 2]))}"#),
                Saved("ParentObject", #"{"x":3,"toChilds":\#(children([2]))}"#), Saved("ParentObject"),
            ],
            className: "ParentObject",
            objects: [],
            filter: #"{"objectId":"<id11>","toChilds":<ptr2>}"#,
            found: [11]
        ),
        .init(
            title: "or queries on pointer and relation fields",
            line: 369,
            spec: "ParseRelation",
            before: childObjects + pointerAndRelationParents,
            className: "ParentObject",
            objects: [],
            filter: #"{"$or":[{"toChilds":{"$in":[<ptr2>]}},{"toChild":<ptr2>}]}"#,
            found: [10, 11]
        ),
        .init(
            title: "or queries with base constraint on relation field",
            line: 413,
            spec: "ParseRelation",
            before: childObjects,
            className: "ParentObject",
            objects: [
                #"{"x":4,"toChilds":\#(children([0, 1, 2]))}"#, #"{"x":3,"toChilds":\#(children([0, 1, 2]))}"#, "{}",
            ],
            filter: #"{"$or":[{"x":4},{"x":3}],"toChilds":<ptr2>}"#,
            found: [10, 11]
        ),
        .init(
            title: "properly handles nested ors",
            line: 4706,
            className: "Object",
            objects: (0..<4).map { #"{"x":\#($0)}"# },
            filter: #"{"$or":[{"$or":[{"x":0},{"x":1}]},{"x":2}]}"#,
            found: [0, 1, 2]
        ),
        .init(
            title: "should not depend on parameter order #3169",
            line: 4735,
            before: [Saved("Score", #"{"scoreId":"1"}"#), Saved("Score", #"{"scoreId":"2"}"#)],
            className: "Game",
            objects: [#"{"gameId":"1","score":[<ptr0>]}"#, #"{"gameId":"2","score":[<ptr1>]}"#],
            filter: #"{"score":{"objectId":"<id0>","className":"Score","__type":"Pointer"}}"#,
            found: [2]
        ),
        .init(
            title: "should match complex structure with dot notation when using matchesKeyInQuery",
            line: 4881,
            before: groupsAndRoles,
            className: "Group",
            objects: [],
            filter:
                #"{"objectId":{"$select":{"query":{"className":"Role","where":{"type":"x"}},"key":"belongsTo.objectId"}}}"#,
            found: [0]
        ),
        .init(
            title: "should match complex structure with dot notation when using doesNotMatchKeyInQuery",
            line: 4921,
            before: groupsAndRoles,
            className: "Group",
            objects: [],
            filter: #"{"objectId":{"$dontSelect":{"query":{"className":"Role","where":{"type":"x"}},"#
                + #""key":"belongsTo.objectId"}}}"#,
            found: [1]
        ),
        .init(
            title: "should not throw error with undefined dot notation when using matchesKeyInQuery",
            line: 4961,
            before: [
                Saved("Group", #"{"name":"Group #1"}"#),
                Saved("Role", #"{"name":"Role #1","type":"x","belongsTo":<ptr0>}"#),
                Saved("Role", #"{"name":"Role #2","type":"y"}"#),
            ],
            className: "Group",
            objects: [],
            filter:
                #"{"objectId":{"$select":{"query":{"className":"Role","where":{"type":"x"}},"key":"belongsTo.objectId"}}}"#,
            found: [0]
        ),
        .init(
            title: "should not throw error with undefined dot notation when using doesNotMatchKeyInQuery",
            line: 4989,
            before: [
                Saved("Group", #"{"name":"Group #1"}"#), Saved("Group", #"{"name":"Group #2"}"#),
                Saved("Role", #"{"name":"Role #1","type":"x","belongsTo":<ptr0>}"#),
                Saved("Role", #"{"name":"Role #2","type":"y"}"#),
            ],
            className: "Group",
            objects: [],
            filter: #"{"objectId":{"$dontSelect":{"query":{"className":"Role","where":{"type":"x"}},"#
                + #""key":"belongsTo.objectId"}}}"#,
            found: [1]
        ),
        .init(
            title: "can query regex with unicode",
            line: 5215,
            objects: [#"{"field":"autoöo"}"#],
            filter: #"{"field":{"$regex":"\\Qautoöo\\E"}}"#,
            found: [0]
        ),
    ]

    /// Two groups, and two roles (of types `x` and `y`) that belong to the first.
    static let groupsAndRoles = [
        Saved("Group", #"{"name":"Group #1"}"#), Saved("Group", #"{"name":"Group #2"}"#),
        Saved("Role", #"{"name":"Role #1","type":"x","belongsTo":<ptr0>}"#),
        Saved("Role", #"{"name":"Role #2","type":"y","belongsTo":<ptr0>}"#),
    ]

    /// ParseRelation.spec.js's ten `ChildObject`s, `x` 0 to 9.
    static let childObjects = (0..<10).map { Saved("ChildObject", #"{"x":\#($0)}"#) }

    /// An `AddRelation` of the child objects at `positions`.
    static func children(_ positions: [Int]) -> String {
        Server.adding("ChildObject", positions.map { "<id\($0)>" })
    }

    /// Two parents: the children 0 to 2 in the first's `child`; 4 to 6 in the second's, 0 to 2 in its `otherChild`.
    static let twoParents = [
        #"{"x":4,"child":\#(children([0, 1, 2]))}"#,
        #"{"x":3,"child":\#(children([4, 5, 6])),"otherChild":\#(children([0, 1, 2]))}"#,
    ]

    /// A parent with the children 0 to 2 in its `toChilds` relation, one pointing to child 2 as `toChild`, and one
    /// with neither.
    static let pointerAndRelationParents = [
        Saved("ParentObject", #"{"x":4,"toChilds":\#(children([0, 1, 2]))}"#),
        Saved("ParentObject", #"{"x":3,"toChild":<ptr2>}"#), Saved("ParentObject"),
    ]

    /// "notEqualTo with Relation is working" (ParseQuery.spec.js:130): three users, and three cakes whose `liker`,
    /// `hater` and `something` relations hold them.
    static func cakes(_ step: String, _ filter: String, found: [Int]) -> FindCase {
        let users = ["zxcv", "qwerty", "asdf"].map { Saved("_User", #"{"username":"\#($0)","password":"asdf"}"#) }
        func adding(_ users: [Int]) -> String { Server.adding("_User", users.map { "<id\($0)>" }) }
        return FindCase(
            title: "notEqualTo with Relation is working: " + step,
            line: 130,
            before: users,
            className: "Cake",
            objects: [
                #"{"liker":\#(adding([0, 1])),"hater":\#(adding([2]))}"#,
                #"{"liker":\#(adding([0, 1])),"hater":\#(adding([2])),"something":\#(adding([0]))}"#,
                #"{"liker":\#(adding([0])),"hater":\#(adding([1, 2]))}"#,
            ],
            filter: filter,
            found: found
        )
    }

    /// The spec's two restaurants: rated 5 in Djibouti, 3 in Ouagadougou.
    static let restaurants = [
        Saved("Restaurant", #"{"ratings":5,"location":"Djibouti"}"#),
        Saved("Restaurant", #"{"ratings":3,"location":"Ouagadougou"}"#),
    ]

    /// `matchesKeyInQuery('hometown', 'location', query)` of the restaurants rated above 4.
    static let bestRestaurantLocations =
        #"{"query":{"className":"Restaurant","where":{"ratings":{"$gt":4}}},"key":"location"}"#

    /// `'the brown lazy fox jumps'`, `'the brown fox jumps'` and `'over the lazy dog'` as arrays of words.
    static let startingWithObjects = [
        #"{"strings":["the","brown","lazy","fox","jumps"]}"#, #"{"strings":["the","brown","fox","jumps"]}"#,
        #"{"strings":["over","the","lazy","dog"]}"#,
    ]

    /// `[3, 1, 3, 2]` boxed, with the strings `a` to `d`.
    static let numbersAndStrings = zip([3, 1, 3, 2], ["a", "b", "c", "d"]).map {
        #"{"number":\#($0),"string":"\#($1)"}"#
    }

    /// `makeThreeTimeObjects`: `item1` to `item3`, a second apart.
    static let timeObjects = (1...3).map { #"{"name":"item\#($0)","time":\#(date("2026-03-01T00:00:0\($0).000Z"))}"# }

    /// The spec's `someAscii`: printable ASCII, starting with `\E` to defeat a naive quoting.
    static let someASCII =
        ##"\E' !"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~'"##

    static let asciiObjects = ["zax" + someASCII + "qub", "start" + someASCII, someASCII + "end", someASCII].map {
        #"{"myString":\#(jsonString($0))}"#
    }

    /// The JavaScript SDK's `quote`: `\Q…\E` around `text`, its first `\E` spelled so that it ends no quoting; as a
    /// JSON string.
    static func quoted(_ text: String, prefix: String = "", suffix: String = "") -> String {
        var body = text
        if let range = body.range(of: #"\E"#) { body.replaceSubrange(range, with: #"\E\\E\Q"#) }
        return jsonString(prefix + #"\Q"# + body + #"\E"# + suffix)
    }

    static func jsonString(_ text: String) -> String {
        String(decoding: try! JSONValue.string(text).jsonData(), as: UTF8.self)
    }

    /// A Parse Date for a day (`2013-02-01`) or an instant.
    static func date(_ text: String) -> String {
        let iso = text.count == 10 ? text + "T00:00:00.000Z" : text
        return #"{"__type":"Date","iso":"\#(iso)"}"#
    }

    // MARK: - Counting, paging and reading one object

    /// ParseQuery.spec.js:1565 "skip doesn't affect count": `query.count()` (`limit=0&count=1`) is 2 with any skip,
    /// and lists no object.
    @Test func skipDoesntAffectCount() async throws {
        let server = Server()
        _ = try await Self.save(["{}", "{}"], as: "TestObject", in: server)
        for skip in [nil, "1", "3"] {
            let query = [("limit", "0"), ("count", "1")] + (skip.map { [("skip", $0)] } ?? [])
            let (status, answer) = try await server.send("/classes/TestObject", query)
            #expect(status == 200 && answer == ["results": [], "count": 2], "\(answer)")
        }
    }

    /// ParseQuery.spec.js:1583 "count": the count of what the filter finds, whatever the page.
    @Test func count() async throws {
        let server = Server()
        _ = try await Self.save(Self.zeroToNine, as: "BoxedNumber", in: server)
        let (status, answer) = try await server.send(
            "/classes/BoxedNumber",
            [("where", #"{"number":{"$gt":1}}"#), ("limit", "0"), ("count", "1")]
        )
        #expect(status == 200 && answer == ["results": [], "count": 8], "\(answer)")
        let (_, paged) = try await server.send(
            "/classes/BoxedNumber",
            [("where", #"{"number":{"$gt":1}}"#), ("limit", "3"), ("count", "1")]
        )
        #expect(Self.values("number", paged).count == 3 && paged["count"] == 8, "\(paged)")
    }

    /// ParseQuery.spec.js:319 "query without limit respects default limit": parse-server's default `limit` is 100.
    @Test func queryWithoutLimitRespectsDefaultLimit() async throws {
        let server = Server()
        _ = try await Self.save(Array(repeating: "{}", count: 101), as: "TestObject", in: server)
        let (_, answer) = try await server.send("/classes/TestObject")
        #expect(answer["results"]?.arrayValue?.count == 100, "\(answer)")
        let (_, more) = try await server.send("/classes/TestObject", [("limit", "1000")])
        #expect(more["results"]?.arrayValue?.count == 101, "\(more)")
    }

    /// ParseQuery.spec.js:410 "containedIn null array": a null among `$in`'s values is one more value. The spec finds
    /// the user with the master key; here the user finds itself, in its own session (each user is private).
    @Test func containedInNullArray() async throws {
        let server = Server()
        let user = try await server.signUp("contact@xyz.com", "asdf")
        let (status, answer) = try await server.send(
            "/classes/_User",
            [("where", #"{"username":{"$in":["contact@xyz.com","contact@zyx.com",null]}}"#)],
            as: user.session
        )
        #expect(status == 200 && InMemoryBackendParseACLSpecTests.ids(answer) == [user.id], "\(answer)")
    }

    /// ParseQuery.spec.js:2935 "include user": the owner included is the user with its fields (in the user's own
    /// session, as the spec's signed-up user sends it: each user is private), never its password or a session token.
    @Test func includeUser() async throws {
        let server = Server()
        let bob = try await server.signUp("bob", "password", #""age":21"#)
        let owner = Server.pointer("_User", bob.id)
        let id = try await server.create("TestObject", #"{"owner":\#(owner)}"#, as: bob.session)
        let (status, answer) = try await server.send(
            "/classes/TestObject",
            [("where", #"{"objectId":"\#(id)"}"#), ("include", "owner"), ("limit", "1")],
            as: bob.session
        )
        let included = answer["results"]?[0]?["owner"]
        #expect(status == 200 && included?["age"] == 21 && included?["className"] == "_User", "\(answer)")
        #expect(included?["password"] == nil && included?["sessionToken"] == nil, "\(answer)")
    }

    /// ParseQuery.spec.js:1445 "get": one object by its objectId, with its dates.
    @Test func get() async throws {
        let server = Server()
        let id = try await server.create("TestObject", #"{"foo":"bar"}"#)
        let (status, answer) = try await server.send("/classes/TestObject/" + id)
        #expect(status == 200 && answer["objectId"] == .string(id) && answer["foo"] == "bar", "\(answer)")
        #expect(answer["createdAt"]?.stringValue != nil && answer["updatedAt"]?.stringValue != nil, "\(answer)")
    }

    /// ParseQuery.spec.js:1469 "get error": an objectId no object has is not found (101).
    @Test func getError() async throws {
        let server = Server()
        _ = try await server.create("TestObject", #"{"foo":"bar"}"#)
        let (status, answer) = try await server.send("/classes/TestObject/InvalidObjectID")
        #expect(status == 404 && answer == InMemoryBackendParseACLSpecTests.notFound, "\(answer)")
    }

    /// ParseQuery.spec.js:1946 "order by _updated_at" and :1975 "order by updatedAt": the object saved again sorts
    /// last ascending, first descending.
    @Test func orderByUpdatedAt() async throws {
        let server = Server()
        let ids = try await Self.save(Self.boxedNumbers([3, 1, 2]), as: "BoxedNumber", in: server)
        let (updated, _) = try await server.send(
            "/classes/BoxedNumber/" + ids[1],
            method: "PUT",
            body: #"{"number":4}"#
        )
        #expect(updated == 200)
        for (order, numbers) in [("_updated_at", [3, 2, 4]), ("-_updated_at", [4, 2, 3]), ("updatedAt", [3, 2, 4])] {
            let (_, answer) = try await server.send("/classes/BoxedNumber", [("order", order)])
            #expect(Self.values("number", answer) == numbers.map { .int($0) }, "\(order): \(answer)")
        }
    }

    /// ParseQuery.spec.js:4008 "should properly interpret a query v2" (its `$select` of a `$or` and a relation's
    /// `$relatedTo`, in a `$notInQuery`), sent as the JavaScript SDK sends a long query: `POST` with `_method: GET`.
    @Test func shouldProperlyInterpretAQueryV2() async throws {
        let server = Server()
        let user = try await server.signUp("foo", "bar")
        let pointer = Server.pointer("_User", user.id)
        let response =
            #"{"className":"MatchRelationshipActivityResponse","where":{"$or":["#
            + #"{"userA":\#(pointer),"userAResponse":1},{"userB":\#(pointer),"userBResponse":1}]}}"#
        let or =
            #"{"$or":[{"objectId":"\#(user.id)"},"#
            + #"{"$relatedTo":{"object":\#(pointer),"key":"blockedUsers"}},"#
            + #"{"objectId":{"$select":{"query":\#(response),"key":"userAObjectId"}}},"#
            + #"{"objectId":{"$select":{"query":\#(response),"key":"userBObjectId"}}}]}"#
        let body = #"{"_method":"GET","where":{"objectId":{"$notInQuery":{"className":"_User","where":\#(or)}}}}"#
        let (status, answer) = try await server.send("/classes/_User", method: "POST", body: body)
        #expect(status == 200 && answer == ["results": []], "\(answer)")
    }

    /// ParseQuery.spec.js:3990 "should properly interpret a query v1": a `$select` of an empty class, with includes.
    @Test func shouldProperlyInterpretAQueryV1() async throws {
        let server = Server()
        let (status, answer) = try await server.send(
            "/classes/C1",
            [
                ("where", #"{"A1":{"$select":{"query":{"className":"C1","where":{}},"key":"A2"}}}"#),
                ("include", "A3,A2"),
            ]
        )
        #expect(status == 200 && answer == ["results": []], "\(answer)")
    }

    // MARK: - Refusals

    /// A spec whose list request parse-server refuses: its code and, where the spec names it, its message.
    struct RefusalCase: Sendable, CustomTestStringConvertible {
        let title: String
        let line: Int
        var className = "TestObject"
        var objects: [String] = ["{}"]
        let parameters: [Parameter]
        let code: Int
        var error: String? = nil
        var testDescription: String { "ParseQuery.spec.js:\(line) \(title)" }
    }

    static let refusalCases: [RefusalCase] = [
        .init(
            title: "gracefully handles invalid explain values (1)",
            line: 42,
            className: "_User",
            objects: [],
            parameters: [.init("explain", "1")],
            code: 102,
            error: "Invalid value for explain"
        ),
        .init(
            title: "gracefully handles invalid explain values (yolo)",
            line: 42,
            className: "_User",
            objects: [],
            parameters: [.init("explain", "yolo")],
            code: 102,
            error: "Invalid value for explain"
        ),
        .init(
            title: "gracefully handles invalid explain values ({a: 1})",
            line: 42,
            className: "_User",
            objects: [],
            parameters: [.init("explain", "[object Object]")],
            code: 102,
            error: "Invalid value for explain"
        ),
        .init(
            title: "gracefully handles invalid explain values ([1, 2, 3])",
            line: 42,
            className: "_User",
            objects: [],
            parameters: [.init("explain", "1,2,3")],
            code: 102,
            error: "Invalid value for explain"
        ),
        .init(
            title: "containsAllStartingWith values must be all of type starting with regex",
            line: 710,
            className: "Object",
            objects: [startingWithObjects[0]],
            parameters: [
                .init(
                    "where",
                    #"{"strings":{"$all":[{"$regex":"^\\Qthe\\E"},{"$regex":"^\\Qlazy\\E"},{"$regex":"^\\Qfox\\E"},"#
                        + #"{"$unknown":{}}]}}"#
                )
            ],
            code: 107,
            error: #"All $all values must be of regex type or none: /^\Qthe\E/,/^\Qlazy\E/,/^\Qfox\E/,[object Object]"#
        ),
        .init(
            title: "containedBy invalid query",
            line: 988,
            parameters: [.init("where", #"{"objects":{"$containedBy":1234}}"#)],
            code: 107,
            error: "bad $containedBy: should be an array"
        ),
        .init(
            title: "containedIn false queries",
            line: 1327,
            className: "BoxedNumber",
            objects: minusThreeToOne,
            parameters: [.init("where", #"{"number":{"$in":false}}"#)],
            code: 107,
            error: "bad $in value"
        ),
        .init(
            title: "notContainedIn false queries",
            line: 1347,
            className: "BoxedNumber",
            objects: minusThreeToOne,
            parameters: [.init("where", #"{"number":{"$nin":false}}"#)],
            code: 107,
            error: "bad $nin value"
        ),
        .init(
            title: "find with error",
            line: 1435,
            className: "BoxedNumber",
            parameters: [.init("where", #"{"$foo":"bar"}"#)],
            code: 105,
            error: "Invalid key name: $foo"
        ),
        .init(
            title: "first with error",
            line: 1521,
            className: "BoxedNumber",
            parameters: [.init("where", #"{"$foo":"bar"}"#), .init("limit", "1")],
            code: 105,
            error: "Invalid key name: $foo"
        ),
        .init(
            title: "can't order by password",
            line: 1879,
            className: "BoxedNumber",
            objects: boxedNumbers([3, 1, 2]),
            parameters: [.init("order", "_password")],
            code: 105,
            error: "Invalid field name: _password."
        ),
        .init(
            title: "regexes with invalid options fail",
            line: 2106,
            parameters: [.init("where", #"{"myString":{"$regex":"FootBall","$options":"some invalid option"}}"#)],
            code: 102,
            error: "Bad $options value for query: some invalid option"
        ),
        .init(
            title: "$nor invalid query - empty array",
            line: 2777,
            parameters: [.init("where", #"{"$nor":[]}"#)],
            code: 102,
            error: "Bad $nor format - use an array of at least 1 value."
        ),
        .init(
            title: "$nor invalid query - wrong type",
            line: 2796,
            parameters: [.init("where", #"{"$nor":1337}"#)],
            code: 102,
            error: "Bad $nor format - use an array of at least 1 value."
        ),
    ]

    /// MongoTransform.js `transformConstraint` (which no spec names): an operator of a field it has no case for is
    /// refused as a bad constraint (107), MongoDB's own `$size`, `$not` and `$elemMatch` too, whatever other
    /// operators the field has.
    @Test func anUnknownOperatorIsABadConstraint() async throws {
        let server = Server()
        _ = try await server.create("TestObject", #"{"a":[1]}"#)
        for name in ["$foo", "$size", "$not", "$elemMatch"] {
            let (status, answer) = try await server.send(
                "/classes/TestObject",
                [("where", #"{"a":{"\#(name)":1,"$exists":true}}"#)]
            )
            #expect(status == 400 && answer == ["code": 107, "error": .string("bad constraint: " + name)], "\(answer)")
        }
    }

    /// ClassesRouter.js `optionsFromBody` takes an `order` only when it is truthy: `order=`, `order=0` and
    /// `order=false` sort by nothing, as no `order` does.
    @Test func aFalsyOrderIsNoOrder() async throws {
        let server = Server()
        _ = try await Self.save(Self.boxedNumbers([3, 1, 2]), as: "BoxedNumber", in: server)
        for order in ["", "0", "false"] {
            let (status, answer) = try await server.send("/classes/BoxedNumber", [("order", order)])
            #expect(status == 200 && Self.values("number", answer) == [3, 1, 2], "order=\(order): \(answer)")
        }
    }

    @Test(arguments: refusalCases) func aQueryIsRefusedAsParseServerRefusesIt(_ spec: RefusalCase) async throws {
        let server = Server()
        _ = try await Self.save(spec.objects, as: spec.className, in: server)
        let (status, answer) = try await server.send(
            "/classes/" + spec.className,
            spec.parameters.map { ($0.name, $0.value) }
        )
        #expect(status == 400 && answer["code"] == .int(spec.code), "\(answer)")
        if let error = spec.error { #expect(answer["error"] == .string(error), "\(answer)") }
    }

    // MARK: - What each object answered holds: keys, excludeKeys and include

    /// A spec that reads one object (the last saved) by a list request and checks members of the first result: each
    /// path (dotted into included objects and plain objects) with the value parse-server answers, nil for none.
    struct ProjectionCase: Sendable, CustomTestStringConvertible {
        let title: String
        let line: Int
        var before: [Saved] = []
        var className = "TestObject"
        let object: String
        let parameters: [Parameter]
        let members: [String: JSONValue?]
        var testDescription: String { "ParseQuery.spec.js:\(line) \(title)" }
    }

    static let projectionCases: [ProjectionCase] = [
        .init(
            title: "select keys query JS SDK (select('foo'))",
            line: 3214,
            object: #"{"foo":"baz","bar":1,"qux":2}"#,
            parameters: [.init("keys", "foo"), .init("limit", "1")],
            members: ["foo": "baz", "bar": nil, "qux": nil]
        ),
        .init(
            title: "select keys query JS SDK (select())",
            line: 3214,
            object: #"{"foo":"baz","bar":1,"qux":2}"#,
            parameters: [.init("keys", ""), .init("limit", "1")],
            members: ["foo": nil, "bar": nil, "qux": nil]
        ),
        .init(
            title: "select keys query JS SDK (select('foo', 'bar'))",
            line: 3214,
            object: #"{"foo":"baz","bar":1,"qux":2}"#,
            parameters: [.init("keys", "foo,bar"), .init("limit", "1")],
            members: ["foo": "baz", "bar": 1, "qux": nil]
        ),
        .init(
            title: "select keys (arrays)",
            line: 3311,
            object: #"{"foo":"baz","bar":1,"hello":"world"}"#,
            parameters: [.init("keys", "foo"), .init("keys", "hello")],
            members: ["foo": "baz", "bar": nil, "hello": "world"]
        ),
        .init(
            title: "select keys (arrays) of one empty key",
            line: 3311,
            object: #"{"foo":"baz","bar":1,"hello":"world"}"#,
            parameters: [.init("keys", "")],
            members: ["foo": nil, "bar": nil, "hello": nil]
        ),
        .init(
            title: "select keys (strings)",
            line: 3382,
            object: #"{"foo":"baz","bar":1,"hello":"world"}"#,
            parameters: [.init("keys", #"["foo", "hello"]"#)],
            members: ["foo": "baz", "bar": nil, "hello": "world"]
        ),
        .init(
            title: "select keys (strings), three",
            line: 3382,
            object: #"{"foo":"baz","bar":1,"hello":"world"}"#,
            parameters: [.init("keys", #"["foo", "bar", "hello"]"#)],
            members: ["foo": "baz", "bar": 1, "hello": "world"]
        ),
        .init(
            title: "exclude keys query JS SDK (exclude('foo'))",
            line: 3432,
            object: #"{"foo":"baz","bar":1,"qux":2}"#,
            parameters: [.init("excludeKeys", "foo"), .init("limit", "1")],
            members: ["foo": nil, "bar": 1, "qux": 2]
        ),
        .init(
            title: "exclude keys query JS SDK (exclude('foo', 'bar', 'qux'))",
            line: 3432,
            object: #"{"foo":"baz","bar":1,"qux":2}"#,
            parameters: [.init("excludeKeys", "foo,bar,qux"), .init("limit", "1")],
            members: ["foo": nil, "bar": nil, "qux": nil]
        ),
        .init(
            title: "exclude keys (arrays)",
            line: 3540,
            object: #"{"foo":"baz","hello":"world"}"#,
            parameters: [.init("excludeKeys", "foo"), .init("excludeKeys", "hello")],
            members: ["foo": nil, "hello": nil]
        ),
        .init(
            title: "exclude keys (arrays) of one empty key",
            line: 3540,
            object: #"{"foo":"baz","hello":"world"}"#,
            parameters: [.init("excludeKeys", "")],
            members: ["foo": "baz", "hello": "world"]
        ),
        .init(
            title: "exclude keys (strings)",
            line: 3601,
            object: #"{"foo":"baz","hello":"world"}"#,
            parameters: [.init("excludeKeys", #"["hello"]"#)],
            members: ["foo": "baz", "hello": nil]
        ),
        .init(
            title: "exclude keys (strings), both",
            line: 3601,
            object: #"{"foo":"baz","hello":"world"}"#,
            parameters: [.init("excludeKeys", #"["foo", "hello"]"#)],
            members: ["foo": nil, "hello": nil]
        ),
        .init(
            title: "exclude keys with select same key",
            line: 3662,
            object: #"{"foo":"baz","hello":"world"}"#,
            parameters: [.init("keys", "foo"), .init("excludeKeys", "foo")],
            members: ["foo": nil, "hello": nil]
        ),
        .init(
            title: "exclude keys with select different key",
            line: 3679,
            object: #"{"foo":"baz","hello":"world"}"#,
            parameters: [.init("keys", "foo,hello"), .init("excludeKeys", "foo")],
            members: ["foo": nil, "hello": "world"]
        ),
        .init(
            title: "exclude keys with include same key",
            line: 3696,
            before: [Saved("TestObject")],
            object: #"{"child":<ptr0>,"hello":"world"}"#,
            parameters: [.init("include", "child"), .init("excludeKeys", "child")],
            members: ["child": nil, "hello": "world"]
        ),
        .init(
            title: "exclude keys with include different key",
            line: 3715,
            before: [Saved("TestObject")],
            object: #"{"child1":<ptr0>,"child2":<ptr0>,"hello":"world"}"#,
            parameters: [.init("include", "child1,child2"), .init("excludeKeys", "child1")],
            members: ["child1": nil, "child2.objectId": "<id0>", "child2.__type": "Object", "hello": "world"]
        ),
        .init(
            title: "exclude keys with includeAll",
            line: 3739,
            before: [Saved("TestObject")],
            object: #"{"child1":<ptr0>,"child2":<ptr0>,"hello":"world"}"#,
            parameters: [.init("includeAll", "true"), .init("excludeKeys", "child1")],
            members: ["child1": nil, "child2.objectId": "<id0>", "child2.__type": "Object", "hello": "world"]
        ),
        .init(
            title: "include relation",
            line: 2349,
            before: [Saved("TestObject", #"{"foo":"bar"}"#)],
            className: "Container",
            object: #"{"child":<ptr0>}"#,
            parameters: [.init("include", "child")],
            members: ["child.foo": "bar", "child.className": "TestObject"]
        ),
        .init(
            title: "don't include by default",
            line: 2327,
            before: [Saved("TestObject", #"{"foo":"bar"}"#)],
            className: "Container",
            object: #"{"child":<ptr0>}"#,
            parameters: [],
            members: ["child.foo": nil, "child.__type": "Pointer"]
        ),
        .init(
            title: "nested include",
            line: 2393,
            before: [Saved("Child", #"{"x":4}"#), Saved("Parent", #"{"y":4,"child":<ptr0>}"#)],
            className: "Grandparent",
            object: #"{"z":4,"parent":<ptr1>}"#,
            parameters: [.init("include", "parent.child")],
            members: ["parent.y": 4, "parent.child.x": 4, "parent.child.__type": "Object"]
        ),
        .init(
            title: "supports include on the wrong key type (#2262)",
            line: 3871,
            before: [Saved("TestChildObject", #"{"hello":"world"}"#)],
            object: #"{"foo":"bar","child":<ptr0>}"#,
            parameters: [.init("include", "child,child.parent,createdAt,createdAt.createdAt")],
            members: ["child.hello": "world"]
        ),
        .init(
            title: "include for specific object",
            line: 4239,
            before: [Saved("Child", #"{"foo":"bar"}"#)],
            className: "Parent",
            object: #"{"child":<ptr0>}"#,
            parameters: [.init("include", "child"), .init("limit", "1")],
            members: ["child.foo": "bar"]
        ),
        .init(
            title: "select keys for specific object",
            line: 4257,
            className: "Foobar",
            object: #"{"foo":"bar","fizz":"buzz"}"#,
            parameters: [.init("keys", "fizz"), .init("limit", "1")],
            members: ["fizz": "buzz", "foo": nil]
        ),
        .init(
            title: "select nested keys (issue #1567)",
            line: 4272,
            before: [Saved("Barbaz", #"{"key":"value","otherKey":"value"}"#)],
            className: "Foobar",
            object: #"{"foo":"bar","fizz":"buzz","barBaz":<ptr0>}"#,
            parameters: [.init("keys", "fizz,barBaz.key"), .init("limit", "1")],
            members: ["fizz": "buzz", "foo": nil, "barBaz.key": "value", "barBaz.otherKey": nil]
        ),
        .init(
            title: "select nested keys 2 level (issue #1567)",
            line: 4301,
            before: nestedObjects,
            className: "Foobar",
            object: #"{"foo":"bar","fizz":"buzz","barBaz":<ptr1>}"#,
            parameters: [.init("keys", "fizz,barBaz.key,barBaz.bazoo.some"), .init("limit", "1")],
            members: [
                "fizz": "buzz", "foo": nil, "barBaz.key": "value", "barBaz.otherKey": nil,
                "barBaz.bazoo.some": "thing", "barBaz.bazoo.otherSome": nil,
            ]
        ),
        .init(
            title: "exclude nested keys",
            line: 4340,
            before: [Saved("Barbaz", #"{"key":"value","otherKey":"value"}"#)],
            className: "Foobar",
            object: #"{"foo":"bar","fizz":"buzz","barBaz":<ptr0>}"#,
            parameters: [.init("excludeKeys", "foo,barBaz.otherKey"), .init("limit", "1")],
            members: ["fizz": "buzz", "foo": nil, "barBaz.key": "value", "barBaz.otherKey": nil]
        ),
        .init(
            title: "exclude nested keys 2 level",
            line: 4365,
            before: nestedObjects,
            className: "Foobar",
            object: #"{"foo":"bar","fizz":"buzz","barBaz":<ptr1>}"#,
            parameters: [.init("excludeKeys", "foo,barBaz.otherKey,barBaz.bazoo.otherSome"), .init("limit", "1")],
            members: [
                "fizz": "buzz", "foo": nil, "barBaz.key": "value", "barBaz.otherKey": nil,
                "barBaz.bazoo.some": "thing", "barBaz.bazoo.otherSome": nil,
            ]
        ),
        .init(
            title: "include with *",
            line: 4399,
            before: children,
            className: "Container",
            object: #"{"child1":<ptr0>,"child2":<ptr1>,"child3":<ptr2>}"#,
            parameters: [.init("include", "*")],
            members: ["child1.foo": "bar", "child2.foo": "baz", "child3.foo": "bad", "child3.name": "mo"]
        ),
        .init(
            title: #"include with ["*"]"#,
            line: 4423,
            before: children,
            className: "Container",
            object: #"{"child1":<ptr0>,"child2":<ptr1>,"child3":<ptr2>}"#,
            parameters: [.init("include", #"["*"]"#)],
            members: ["child1.foo": "bar", "child2.foo": "baz", "child3.foo": "bad", "child1.name": "ac"]
        ),
        .init(
            title: "include with * overrides",
            line: 4447,
            before: children,
            className: "Container",
            object: #"{"child1":<ptr0>,"child2":<ptr1>,"child3":<ptr2>}"#,
            parameters: [.init("include", "child2,*")],
            members: ["child1.foo": "bar", "child2.foo": "baz", "child3.foo": "bad", "child2.name": "flo"]
        ),
        .init(
            title: #"include with ["*"] overrides"#,
            line: 4471,
            before: children,
            className: "Container",
            object: #"{"child1":<ptr0>,"child2":<ptr1>,"child3":<ptr2>}"#,
            parameters: [.init("include", #"["child2","*"]"#)],
            members: ["child1.foo": "bar", "child2.foo": "baz", "child3.foo": "bad", "child3.name": "mo"]
        ),
        .init(
            title: "includeAll",
            line: 4495,
            before: children,
            className: "Container",
            object: #"{"child1":<ptr0>,"child2":<ptr1>,"child3":<ptr2>}"#,
            parameters: [.init("includeAll", "true")],
            members: ["child1.foo": "bar", "child2.foo": "baz", "child3.foo": "bad", "child3.name": "mo"]
        ),
        .init(
            title: "include pointer and pointer array",
            line: 4522,
            before: [Saved("TestObject", #"{"foo":"bar"}"#), Saved("TestObject", #"{"hello":"world"}"#)],
            className: "Container",
            object: #"{"child":<ptr0>,"child2":[<ptr1>]}"#,
            parameters: [.init("include", "child,child2")],
            members: ["child.foo": "bar", "child2.0.hello": "world"]
        ),
        .init(
            title: "include pointer and pointer array (keys switched)",
            line: 4550,
            before: [Saved("TestObject", #"{"foo":"bar"}"#), Saved("TestObject", #"{"hello":"world"}"#)],
            className: "Container",
            object: #"{"child":<ptr0>,"child2":[<ptr1>]}"#,
            parameters: [.init("include", "child2,child")],
            members: ["child.foo": "bar", "child2.0.hello": "world"]
        ),
        .init(
            title: "includeAll pointer and pointer array",
            line: 4578,
            before: [Saved("TestObject", #"{"foo":"bar"}"#), Saved("TestObject", #"{"hello":"world"}"#)],
            className: "Container",
            object: #"{"child":<ptr0>,"child2":[<ptr1>]}"#,
            parameters: [.init("includeAll", "true")],
            members: ["child.foo": "bar", "child2.0.hello": "world"]
        ),
        .init(
            title: "select nested keys 2 level includeAll",
            line: 4606,
            before: nestedObjects + [Saved("Tang", #"{"clan":"wu"}"#)],
            className: "Foobar",
            object: #"{"foo":"bar","fizz":"buzz","barBaz":<ptr1>,"group":<ptr2>}"#,
            parameters: [.init("includeAll", "true"), .init("keys", "fizz,barBaz.key,barBaz.bazoo.some")],
            members: [
                "group.clan": "wu", "foo": nil, "fizz": "buzz", "barBaz.key": "value", "barBaz.otherKey": nil,
                "barBaz.bazoo.some": "thing", "barBaz.bazoo.otherSome": nil,
            ]
        ),
        .init(
            title: "properly includes array of mixed objects",
            line: 2489,
            before: [Saved("AnObject", #"{"key":0}"#), Saved("AnotherObject", #"{"key":1}"#)],
            className: "AContainer",
            object: #"{"objects":[<ptr0>,<ptr1>]}"#,
            parameters: [.init("include", "objects")],
            members: ["objects.0.key": 0, "objects.1.key": 1, "objects.1.className": "AnotherObject"]
        ),
        .init(
            title: "properly nested array of mixed objects with bad ids",
            line: 2535,
            before: [Saved("AnObject", #"{"key":0}"#), Saved("AnotherObject", #"{"key":1}"#)],
            className: "AContainer",
            object: #"{"objects":[\#(Server.pointer("AnObject", "randomThing")),<ptr0>,"#
                + #"\#(Server.pointer("AnotherObject", "randomThing")),<ptr1>]}"#,
            parameters: [.init("include", "objects")],
            members: ["objects.0.key": 0, "objects.1.key": 1, "objects.2": nil]
        ),
        .init(
            title: "properly fetches nested pointers",
            line: 2586,
            before: [Saved("Color", ##"{"hex":"#133733"}"##), Saved("Circle", #"{"radius":1337,"color":<ptr0>}"#)],
            className: "ComplexFigure",
            object: #"{"consistsOf":[<ptr1>,\#(Server.pointer("Circle", "badId"))]}"#,
            parameters: [.init("include", "consistsOf.color")],
            members: ["consistsOf.0.color.hex": "#133733", "consistsOf.1": nil]
        ),
        .init(
            title: "select nested keys 2 level without include (issue #3185)",
            line: 4662,
            before: nestedObjects,
            className: "Foobar",
            object: #"{"foo":"bar","fizz":"buzz","barBaz":<ptr1>}"#,
            parameters: [.init("keys", "fizz,barBaz.key,barBaz.bazoo.some")],
            members: [
                "fizz": "buzz", "foo": nil, "barBaz.key": "value", "barBaz.otherKey": nil,
                "barBaz.bazoo.some": "thing", "barBaz.bazoo.otherSome": nil,
            ]
        ),
        .init(
            title: "should not interfere with has when using select on field with undefined value #3999",
            line: 4775,
            before: [Saved("OtherObject", #"{"otherField":1}"#)],
            object: #"{"testPointerField":<ptr0>,"shouldBe":true}"#,
            parameters: [
                .init("include", "testPointerField"),
                .init("keys", "testPointerField,testPointerField.otherField,shouldBe"),
            ],
            members: ["testPointerField.otherField": 1, "shouldBe": true]
        ),
        .init(
            title: "should not interfere with has when using select on field with undefined value #3999 (without)",
            line: 4775,
            object: #"{"shouldBe":false}"#,
            parameters: [
                .init("include", "testPointerField"),
                .init("keys", "testPointerField,testPointerField.otherField,shouldBe"),
            ],
            members: ["testPointerField": nil, "shouldBe": false]
        ),
    ]

    /// Bazoo (`some`, `otherSome`), then a Barbaz (`key`, `otherKey`) pointing to it as `bazoo`.
    static let nestedObjects = [
        Saved("Bazoo", #"{"some":"thing","otherSome":"value"}"#),
        Saved("Barbaz", #"{"key":"value","otherKey":"value","bazoo":<ptr0>}"#),
    ]

    /// The three children of the `include with *` specs.
    static let children = [
        Saved("TestObject", #"{"foo":"bar","name":"ac"}"#), Saved("TestObject", #"{"foo":"baz","name":"flo"}"#),
        Saved("TestObject", #"{"foo":"bad","name":"mo"}"#),
    ]

    /// The member at a dotted `path` of `value` (a digit segment an array's element).
    static func member(_ path: String, of value: JSONValue?) -> JSONValue? {
        path.split(separator: ".").reduce(value) { value, segment in
            if let index = Int(segment), case .array(let elements)? = value {
                return elements.indices.contains(index) ? elements[index] : Optional.none
            }
            return value?[String(segment)]
        }
    }

    @Test(arguments: projectionCases) func anAnswerHoldsWhatParseServerAnswers(_ spec: ProjectionCase) async throws {
        let server = Server()
        let before = try await Saved.saveAll(spec.before, in: server)
        let id = try await server.create(spec.className, before.resolved(spec.object))
        let query = [("where", #"{"objectId":"\#(id)"}"#)] + spec.parameters.map { ($0.name, $0.value) }
        let (status, answer) = try await server.send("/classes/" + spec.className, query)
        #expect(status == 200, "\(answer)")
        let result = answer["results"]?[0]
        // The members every object answered keeps (RestQuery.js `AlwaysSelectedKeys`).
        #expect(result?["objectId"] == .string(id), "\(answer)")
        #expect(result?["createdAt"]?.stringValue != nil && result?["updatedAt"]?.stringValue != nil, "\(answer)")
        for (path, value) in spec.members {
            let expected = value.map { $0.stringValue.map { JSONValue.string(before.resolved($0)) } ?? $0 }
            #expect(Self.member(path, of: result) == expected, "\(path): \(answer)")
        }
    }

    @Test(arguments: findCases) func aQueryFindsWhatParseServerFinds(_ spec: FindCase) async throws {
        let server = Server()
        let before = try await Saved.saveAll(spec.before, in: server)
        let resolved = before.resolved
        let ids = try await before.ids + Self.save(spec.objects.map(resolved), as: spec.className, in: server)
        let query =
            (spec.filter.map { [("where", resolved($0))] } ?? [])
            + spec.parameters.map { ($0.name, resolved($0.value)) }
        let (status, answer) = try await server.send("/classes/" + spec.className, query)
        #expect(status == 200, "\(answer)")
        let answered = Self.values("objectId", answer).compactMap(\.stringValue)
        let expected = spec.found.map { ids[$0] }
        if spec.parameters.contains(where: { $0.name == "order" }) {
            #expect(answered == expected, "\(answer)")
        } else {
            #expect(answered.sorted() == expected.sorted(), "\(answer)")
        }
    }
}
