import Foundation
import ModelRuntime
import Testing

@Suite struct JSONValueTests {
    @Test(arguments: [
        ("null", JSONValue.null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("0", .int(0)),
        ("1", .int(1)),
        ("-42", .int(-42)),
        ("9223372036854775807", .int(Int.max)),
        ("1.5", .double(1.5)),
        ("-0.25", .double(-0.25)),
        ("1e20", .double(1e20)),
        ("18446744073709551616", .double(18_446_744_073_709_551_616)),
        (#""text""#, .string("text")),
        (#""""#, .string("")),
        (#""1""#, .string("1")),
        (#""true""#, .string("true")),
        ("[]", .array([])),
        ("{}", .object([:])),
        (#"[1, true, 1.5, "a", null]"#, .array([.int(1), .bool(true), .double(1.5), .string("a"), .null])),
        (#"{"a": {"b": [false]}}"#, .object(["a": .object(["b": .array([.bool(false)])])])),
    ])
    func decodesEachJSONKindAsItself(json: String, expected: JSONValue) throws {
        #expect(try parsedJSON(json) == expected)
    }

    @Test func keepsBoolsIntsAndDoublesApart() throws {
        let values = try parsedJSON("[true, 1, 1.5, 0, false]")
        #expect(values == [.bool(true), .int(1), .double(1.5), .int(0), .bool(false)])
        #expect(values[0] != .int(1))
        #expect(values[1] != .bool(true))
    }

    @Test(arguments: [
        JSONValue.null, true, false, 0, -1, 42, .int(Int.max), .int(Int.min), 1.5, -2.25, 1e-7, "", "text",
        "ü ✓ \"quoted\"\n",
        [], [:], [1, "two", [3.5, nil], ["four": false]],
        ["nested": ["deeper": ["deepest": [1, 2, 3]]], "empty": [:], "null": nil],
    ])
    func roundTripsThroughJSON(value: JSONValue) throws {
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }

    @Test func integralDoublesComeBackAsInts() throws {
        // JSON has one number type; an integral value is written without a fraction and reads back as an int.
        #expect(try encodedJSON(JSONValue.double(2)) == .int(2))
        #expect(try parsedJSON("2.0") == .int(2))
    }

    @Test func reencodingADocumentReproducesIt() throws {
        let document = """
            {"_id": "5516ee1b34d8d934281699e3", "count": 3, "ratio": 0.75, "tags": ["a", "b"],
             "flags": {"on": true, "off": false, "unset": null}, "matrix": [[1, 2], [3, 4.5]]}
            """
        let value = try parsedJSON(document)
        #expect(try encodedJSON(value) == value)
        // Compare with Foundation's own parser too, so the check doesn't rely on JSONValue alone.
        let reencoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? NSDictionary
        let original = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? NSDictionary
        #expect(reencoded != nil && reencoded == original)
    }

    @Test func literalsBuildTheMatchingCases() {
        let value: JSONValue = ["name": "Ada", "age": 36, "height": 1.65, "admin": true, "manager": nil, "tags": ["x"]]
        let expected = JSONValue.object([
            "name": .string("Ada"), "age": .int(36), "height": .double(1.65), "admin": .bool(true), "manager": .null,
            "tags": .array([.string("x")]),
        ])
        #expect(value == expected)
    }

    @Test func repeatedLiteralKeysKeepTheLastValue() {
        let value: JSONValue = ["key": 1, "key": 2]
        #expect(value == .object(["key": 2]))
    }

    @Test func subscriptsReachIntoObjectsAndArrays() {
        let value: JSONValue = ["list": [10, 20], "name": "x"]
        #expect(value["name"] == "x")
        #expect(value["missing"] == nil)
        #expect(value["list"]?[1] == 20)
        #expect(value["list"]?[2] == nil)
        #expect(value["list"]?[-1] == nil)
        #expect(value[0] == nil)
        #expect(value["name"]?["key"] == nil)
        #expect(value["name"]?[0] == nil)
    }

    @Test func accessorsReturnValuesOnlyForTheirKind() {
        let string: JSONValue = "s"
        let int: JSONValue = 3
        let double: JSONValue = 2.5
        let bool: JSONValue = true
        let array: JSONValue = [1]
        let object: JSONValue = ["k": 1]
        let null: JSONValue = nil

        #expect(string.stringValue == "s" && int.stringValue == nil)
        #expect(int.intValue == 3 && double.intValue == nil && JSONValue.double(4).intValue == 4)
        #expect(bool.intValue == nil && string.intValue == nil)
        #expect(double.doubleValue == 2.5 && int.doubleValue == 3 && bool.doubleValue == nil)
        #expect(bool.boolValue == true && int.boolValue == nil)
        #expect(array.arrayValue == [1] && object.arrayValue == nil)
        #expect(object.objectValue == ["k": 1] && array.objectValue == nil)
        #expect(null.isNull && !int.isNull && !JSONValue.string("null").isNull)
    }

    @Test func decodesAnyJSONPropertyOfAModel() throws {
        struct Survey: Codable, Equatable {
            var answers: JSONValue
            var extra: JSONValue?
        }
        let survey = try decode(Survey.self, from: #"{"answers": {"q1": [1, "two"]}, "extra": null}"#)
        #expect(survey.answers == ["q1": [1, "two"]])
        #expect(survey.extra == nil)
    }
}

extension JSONValueTests {
    /// A string `JSONDecoder` can't read (half a surrogate pair, bytes that are not UTF-8) is reported as the string
    /// it is, at its path: not as a value of another kind (it was "expected to decode Bool but found a string").
    @Test(arguments: [Data(#"{"a":"\ud800"}"#.utf8), Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D])])
    func anUnreadableStringIsReportedAsOne(json: Data) throws {
        #expect {
            try JSONDecoder().decode(JSONValue.self, from: json)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["a"]
        }
    }
}
