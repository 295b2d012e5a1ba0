import Foundation
import Testing

@testable import ModelRuntime

/// Every kind of value and container `JSONEncoder` handles.
private struct Everything: Codable {
    var bool = true
    var string = "s"
    var double = 1.5
    var float: Float = 0.1
    var int = -1
    var int8: Int8 = -8
    var int16: Int16 = -16
    var int32: Int32 = -32
    var int64 = Int64.min
    var uint: UInt = 1
    var uint8: UInt8 = 8
    var uint16: UInt16 = 16
    var uint32: UInt32 = 32
    var uint64 = UInt64.max
    var url = URL(string: "https://example.com/a?b=c")!
    var data = Data([1, 2, 3])
    var date = Date(timeIntervalSinceReferenceDate: 1.25)
    var decimal = Decimal(string: "12.5")!
    var missing: Int?
    var optionals: [Int?] = [1, nil]
    var matrix = [[1, 2], []]
    var byName = ["a": 1]
    var byNumber = [2: "two"]
    var json: JSONValue = ["k": [1, "x", nil, 2.5]]
    var reference = Reference<JSONValue>(id: ObjectID("5f0c6a4e9d1b2c3d4e5f6a7b")!, object: "account")
    var custom = Custom()
    var file = FileValue(facets: [Facet(name: "content", mime: "image/png")])
}

/// Uses nested, super and repeated containers.
private struct Custom: Codable {
    init() {}

    init(from decoder: any Decoder) throws {}

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeNil(forKey: "null")
        var nested = container.nestedContainer(keyedBy: JSONKey.self, forKey: "nested")
        try nested.encode(1, forKey: "one")
        var list = container.nestedUnkeyedContainer(forKey: "list")
        try list.encode("first")
        try list.encodeNil()
        var element = list.nestedContainer(keyedBy: JSONKey.self)
        try element.encode(true, forKey: "flag")
        var inner = list.nestedUnkeyedContainer()
        try inner.encode(UInt8(3))
        try "sup".encode(to: list.superEncoder())
        try 4.5.encode(to: container.superEncoder())
        try [9].encode(to: container.superEncoder(forKey: "keyed"))
        var again = encoder.container(keyedBy: JSONKey.self)
        try again.encode("merged", forKey: "again")
    }
}

private struct Statuses: Encodable {
    var items: [Timeline.Settings]
    var statuses: [AccountStatus]
    var status: AccountStatus?
}

@Suite struct JSONValueEncoderTests {
    @Test func encodesLikeJSONEncoder() throws {
        let value = Everything()
        let encoded = try JSONValueEncoder().encode(value)
        #expect(encoded == (try encodedJSON(value)))
        #expect(encoded["url"] == "https://example.com/a?b=c")
        #expect(encoded["data"] == "AQID")
        #expect(encoded["custom"]?["list"] == ["first", nil, ["flag": true], [3], "sup"])
    }

    @Test func recordsNilOptionalsAndUndocumentedValuesWithTheirPaths() throws {
        let value = Statuses(
            items: [.init(theme: "a", muted: true), .init(theme: "b", muted: nil)],
            statuses: [.active, .undocumented("gone")],
            status: nil
        )
        let encoder = JSONValueEncoder()
        #expect(try encoder.encode(value) == encodedJSON(value))
        #expect(encoder.nilKeyPaths.map(\.keyPathDescription) == ["items[1].muted", "status"])
        #expect(encoder.undocumentedValues.map(\.keyPath.keyPathDescription) == ["statuses[1]"])
        #expect(encoder.undocumentedValues.map(\.value) == ["gone"])
    }

    @Test func nilOptionalDatesAreRecorded() throws {
        struct Dated: Encodable {
            @ISO8601Date var when: Date?
        }
        let encoder = JSONValueEncoder()
        #expect(try encoder.encode(Dated(when: nil)) == [:])
        #expect(encoder.nilKeyPaths == [["when"]])
    }
}
