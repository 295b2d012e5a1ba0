import BlockingTestSupport
import Foundation
import Testing

@testable import ModelRuntime

/// `JSONValue(parsing:)` and `jsonData()`: the same values as `Codable` gives, at any depth, with big integers whole
/// and every failure located.
@Suite struct JSONValueParsingTests {
    static let documents = [
        "null", "true", "false", "0", "-0", "1", "-42", "9223372036854775807", "-9223372036854775808", "1.5", "-0.25",
        "1e20", "1.0", "1E2", "2.5e-3", "18446744073709551616", #""text""#, #""""#,
        #""esc \" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00 end""#, #""ünïcödé ✓ 😀""#, "[]", "{}", " [ 1 , 2 ] ",
        #"[1, true, 1.5, "a", null, {"k": [{}]}]"#, #"{"a": {"b": [false]}, "a2": {"": 1}}"#,
    ]

    @Test(arguments: documents)
    func parsesAsCodableDecodes(json: String) throws {
        let parsed = try JSONValue(parsing: Data(json.utf8))
        #expect(parsed == (try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))))
    }

    @Test(arguments: documents)
    func writesWhatItReadsBack(json: String) throws {
        let parsed = try JSONValue(parsing: Data(json.utf8))
        let written = try parsed.jsonData()
        #expect(try JSONValue(parsing: written) == parsed)
        #expect(try JSONDecoder().decode(JSONValue.self, from: written) == parsed)
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(try JSONValue(parsing: Data([0xEF, 0xBB, 0xBF]) + Data("[1]".utf8)) == [1])
    }

    @Test func theLastOfRepeatedKeysWins() throws {
        #expect(try JSONValue(parsing: Data(#"{"a": 1, "a": 2}"#.utf8)) == ["a": 2])
    }

    // MARK: Depth

    static func nested(_ depth: Int, leaf: String = "1") -> String {
        var text = ""
        for level in 0..<depth { text += level.isMultiple(of: 2) ? "[" : #"{"k":"# }
        text += leaf
        for level in (0..<depth).reversed() { text += level.isMultiple(of: 2) ? "]" : "}" }
        return text
    }

    // Seconds of parsing: on a thread of its own, not one of Swift concurrency's few pool threads.
    @Test(.onOwnThread) func aDocument500DeepParsesLikeCodable() throws {
        let data = Data(Self.nested(500).utf8)
        let parsed = try JSONValue(parsing: data)
        #expect(parsed == (try JSONDecoder().decode(JSONValue.self, from: data)))
        var depth = 0
        var value = parsed
        while let inner = value[0] ?? value["k"] {
            value = inner
            depth += 1
        }
        #expect(depth == 500)
        #expect(value == 1)
    }

    @Test func nestingPastTheLimitIsALocatedError() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONValue(parsing: Data(Self.nested(600).utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.codingPath.count == 512)
        #expect(context.debugDescription.contains("deeper than 512 levels"))
        #expect(pathDescription(context.codingPath).hasPrefix("[0].k[0].k"))
        #expect(try JSONValue(parsing: Data(Self.nested(600).utf8), maximumDepth: 600) != .null)
    }

    @Test func aValue10000DeepBuiltInCodeIsWrittenAndReadBack() throws {
        var value: JSONValue = "leaf"
        for level in 0..<10_000 { value = level.isMultiple(of: 2) ? [value] : ["k": value] }
        let written = try value.jsonData()
        #expect(written.count == 10_000 / 2 * 2 + 10_000 / 2 * 6 + 6)
        let read = try JSONValue(parsing: written, maximumDepth: 10_000)
        #expect(try read.jsonData() == written)
    }

    @Test func aValue10000DeepIsAnErrorThroughAnEncoderNotACrash() throws {
        var value: JSONValue = 1
        for _ in 0..<10_000 { value = [value] }
        let error = try #require(throws: EncodingError.self) { try JSONEncoder().encode(value) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.codingPath.count == JSONValue.defaultMaximumDepth)
        #expect(context.debugDescription.contains("jsonData()"))
    }

    // MARK: Numbers

    @Test(arguments: [
        "12345678901234567890123", "-98765432109876543210987", "9223372036854775809", "-9223372036854775809",
        "340282366920938463463374607431768211457",
    ])
    func anIntegerPastIntKeepsItsDigits(digits: String) throws {
        let parsed = try JSONValue(parsing: Data("[\(digits)]".utf8))
        #expect(parsed == [.bigInteger(digits)])
        #expect(String(decoding: try parsed.jsonData(), as: UTF8.self) == "[\(digits)]")
        #expect(parsed[0]?.intValue == nil)
        #expect(parsed[0]?.doubleValue == Double(digits))
    }

    @Test func anIntegerPastIntKeepsItsDigitsThroughCodable() throws {
        let digits = "12345678901234567890123"
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data("[\(digits)]".utf8))
        #expect(decoded == [.bigInteger(digits)])
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == "[\(digits)]")
    }

    @Test func anIntegerADoubleHoldsExactlyStaysADouble() throws {
        #expect(try JSONValue(parsing: Data("18446744073709551616".utf8)) == .double(18_446_744_073_709_551_616))
        #expect(try JSONValue(parsing: Data("100000000000000000000".utf8)) == .double(1e20))
    }

    @Test func aBigIntegerThatIsNotAnIntegerIsNeverWritten() {
        #expect(throws: EncodingError.self) { try JSONValue.array([.bigInteger(#"1,"admin":true"#)]).jsonData() }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(JSONValue.bigInteger("1e5")) }
        #expect(throws: EncodingError.self) { try JSONValue.double(.nan).jsonData() }
    }

    @Test(arguments: ["1e400", "-1e400", "1.5e999"])
    func aNumberPastDoubleIsALocatedError(number: String) throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONValue(parsing: Data(#"{"a": [0, {"b": [1, 2, \#(number)]}]}"#.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(pathDescription(context.codingPath) == "a[1].b[2]")
        #expect(context.debugDescription.contains("\(number) is outside the range of Double"))
        #expect(context.debugDescription.contains("a[1].b[2]"))
    }

    // MARK: Malformed documents

    @Test(arguments: [
        ("", "ends where a value should be"), ("[1,]", "unexpected character"), ("[1 2]", "expected ',' or ']'"),
        (#"{"a" 1}"#, "expected ':'"), (#"{"a":1,}"#, "expected a string key"), ("01", "can't start with 0"),
        ("1.", "digits after '.'"), ("1e", "digits in its exponent"), ("-", "needs digits"), ("tru", "unexpected"),
        (#""a"#, "ends inside a string"), ("\"a\u{01}\"", "control character"), (#""\x""#, "unknown escape"),
        (#""\u12""#, "four hex digits"), (#""\ud800""#, "half a surrogate pair"), (#""\udc00x""#, "half a surrogate"),
        ("[1] [2]", "after the JSON value"), ("nul", "unexpected"),
    ])
    func malformedTextIsAnErrorSayingWhy(json: String, reason: String) throws {
        let error = try #require(throws: DecodingError.self) { try JSONValue(parsing: Data(json.utf8)) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.debugDescription.contains(reason), "\(context.debugDescription)")
    }

    @Test(arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF], [0x80]])
    func invalidUTF8InAStringIsAnError(bytes: [UInt8]) throws {
        let data = Data(#"{"k": ["ok", ""#.utf8) + Data(bytes) + Data(#""]}"#.utf8)
        let error = try #require(throws: DecodingError.self) { try JSONValue(parsing: data) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.debugDescription.contains("not valid UTF-8"))
        #expect(pathDescription(context.codingPath) == "k[1]")
        #expect(throws: (any Error).self) { try JSONDecoder().decode(JSONValue.self, from: data) }
    }
}

extension JSONValueParsingTests {
    @Test func aDeepJSONValueInAModelEncodesIntoATreeWithoutRecursion() throws {
        var deep: JSONValue = "leaf"
        for _ in 0..<10_000 { deep = [deep] }
        let tree = try JSONValueEncoder().encode(["payload": deep])
        #expect(try tree.jsonData() == (try JSONValue.object(["payload": deep]).jsonData()))
    }

    @Test func aLargeUnsignedIntegerKeepsItsDigitsInTheTree() throws {
        #expect(try JSONValueEncoder().encode([UInt64.max]) == [.bigInteger("18446744073709551615")])
    }
}

extension JSONValueParsingTests {
    @Test func aNumberPastDoubleIsALocatedErrorThroughCodableToo() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(JSONValue.self, from: Data(#"{"a": [0, {"b": [1, 2, 1e400]}]}"#.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(pathDescription(context.codingPath) == "a[1].b[2]")
        #expect(context.debugDescription.contains("'a[1].b[2]' is outside the range of Double"))
    }
}
