import Foundation
import ModelRuntime
import Testing

/// Decoding from a ``JSONValue`` tree (what ``ModelClient`` does with every answer, and `decoded(as:)`) means what
/// `JSONDecoder` means on the same text: the same values, and the same errors at the same paths.
@Suite struct JSONValueDecoderTests {
    struct Sample: Codable, Equatable {
        struct Nested: Codable, Equatable { var a: Int? }

        var text: String
        var flag: Bool
        var count: Int
        var small: Int8?
        var unsigned: UInt64?
        var ratio: Double
        var single: Float?
        var amount: Decimal?
        var link: URL?
        var bytes: Data?
        var when: Date?
        var list: [Int]
        var map: [String: Double]
        var any: JSONValue?
        var nested: [Nested]?
        var optional: String?
    }

    static let sample = """
        {"text": "t\\u2028", "flag": true, "count": -3, "small": -8, "unsigned": 18446744073709551615, "ratio": 1.5,
         "single": 0.25, "amount": 12.25, "link": "https://example.com/a?b=1", "bytes": "aGk=", "when": 12.5,
         "list": [1, 2, 3], "map": {"a": 1, "b": 2.5}, "any": {"x": [null, true, 1e2, 0.5, "s", {}]},
         "nested": [{"a": 1}, {}], "optional": null}
        """

    func fromTree<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONValue(parsing: Data(json.utf8)).decoded(as: T.self)
    }

    @Test func decodesWhatJSONDecoderDecodes() throws {
        #expect(try fromTree(Sample.self, Self.sample) == (try decode(Sample.self, from: Self.sample)))
        // Key paths, a default, formatters (one with user data) and an open enumeration.
        let tweet = """
            {"id_str": "1", "lat": 1.5, "long": -2, "lang": "xx", "user": {"name": "n", "profile_color": "FF8800",
             "profile_image_url": "https://example.com/p.png"}}
            """
        #expect(try fromTree(TweetModel.self, tweet) == (try decode(TweetModel.self, from: tweet)))
    }

    /// Each failure is a `DecodingError` of the kind `JSONDecoder` throws, at the same path.
    @Test(arguments: [
        ("\"text\": \"t\\u2028\"", "\"text\": 1", "typeMismatch text"),
        ("\"count\": -3", "\"count\": null", "valueNotFound count"),
        ("\"flag\": true, ", "", "keyNotFound flag"),
        ("[1, 2, 3]", "[1, \"2\"]", "typeMismatch list[1]"),
        ("{\"a\": 1}, {}", "{\"a\": 1}, {\"a\": \"x\"}", "typeMismatch nested[1].a"),
        ("{\"a\": 1, \"b\": 2.5}", "{\"a\": []}", "typeMismatch map.a"),
        ("\"aGk=\"", "\"not base64\"", "dataCorrupted bytes"),
        ("[{\"a\": 1}, {}]", "{\"a\": 1}", "typeMismatch nested"),
    ])
    func failsAsJSONDecoderFails(replacing: String, with replacement: String, expected: String) throws {
        let json = Self.sample.replacingOccurrences(of: replacing, with: replacement)
        #expect(json != Self.sample)
        for error in [
            #expect(throws: DecodingError.self) { try decode(Sample.self, from: json) },
            #expect(throws: DecodingError.self) { try fromTree(Sample.self, json) },
        ] {
            let kind: String =
                switch error {
                case .typeMismatch?: "typeMismatch"
                case .valueNotFound?: "valueNotFound"
                case .dataCorrupted?: "dataCorrupted"
                case .keyNotFound(let key, _)?: "keyNotFound \(key.stringValue)"
                default: "none"
                }
            let path = error?.context.map { pathDescription($0.codingPath) } ?? ""
            #expect(kind.hasPrefix("keyNotFound") ? kind == expected : "\(kind) \(path)" == expected)
        }
    }

    /// Where `JSONDecoder` says only "not valid JSON", the tree says which number doesn't fit where.
    @Test(arguments: [
        ("\"small\": -8", "\"small\": 300", "small"), ("\"count\": -3", "\"count\": 1.5", "count"),
        ("\"unsigned\": 18446744073709551615", "\"unsigned\": -1", "unsigned"),
        ("[1, 2, 3]", "[1, 2, 99999999999999999999]", "list[2]"),
    ])
    func aNumberThatDoesNotFitIsAnErrorAtItsPath(replacing: String, with replacement: String, path: String) {
        let json = Self.sample.replacingOccurrences(of: replacing, with: replacement)
        let error = #expect(throws: DecodingError.self) { try fromTree(Sample.self, json) }
        #expect(error?.context.map { pathDescription($0.codingPath) } == path)
        #expect("\(String(describing: error))".contains("does not fit"))
    }

    /// Every integer type `JSONDecoder` decodes, reached through the generic path (a top-level value, an array's
    /// elements), where the tree decoder finds the type by comparing metatypes.
    @Test func everyStandardIntegerTypeDecodesThroughTheGenericPath() throws {
        #expect(try JSONValue.int(-5).decoded(as: Int8.self) == -5)
        #expect(try JSONValue.array([1, 2]).decoded(as: [UInt16].self) == [1, 2])
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        #expect(try JSONValue.int(5).decoded(as: Int128.self) == 5)
        #expect(try JSONValue.array([1, 2]).decoded(as: [UInt128].self) == [1, 2])
        let tooLarge = #expect(throws: DecodingError.self) { try JSONValue.array([-1]).decoded(as: [UInt128].self) }
        #expect(tooLarge?.context.map { pathDescription($0.codingPath) } == "[0]")
        // And as properties, where the keyed container's own overloads answer, as JSONDecoder's do.
        struct Wide: Codable, Equatable {
            var signed: Int128
            var unsigned: UInt128?
            var absent: Int128?
        }
        let json =
            #"{"signed": -170141183460469231731687303715884105728, "unsigned": 340282366920938463463374607431768211455}"#
        #expect(try fromTree(Wide.self, json) == (try decode(Wide.self, from: json)))
        #expect(try fromTree(Wide.self, json).unsigned == .max)
    }

    /// The coding path is built only for an error, from the containers above the value: it is still whole.
    @Test func anErrorDeepInTheTreeHasItsWholePath() throws {
        struct Level: Decodable {
            var next: [Level]?
            var leaf: Int?
        }
        var deep: JSONValue = ["leaf": "not a number"]
        for index in 0..<300 { deep = ["next": .array(Array(repeating: ["leaf": 1], count: index % 3) + [deep])] }
        let error = #expect(throws: DecodingError.self) { try deep.decoded(as: Level.self) }
        guard case .typeMismatch(_, let context)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        let expected = (0..<300).reversed().map { "next[\($0 % 3)]" }.joined(separator: ".") + ".leaf"
        #expect(pathDescription(context.codingPath) == expected)
        #expect(context.codingPath.count == 601)
    }

    /// A value is taken from the tree as it is, so depth costs nothing: past the 512 levels `JSONEncoder` and
    /// `JSONDecoder` allow, and without trying each JSON kind at every level.
    @Test func aValueDeeperThanJSONDecoderAllowsIsTakenFromTheTree() throws {
        struct Holder: Decodable {
            var any: JSONValue
            var list: [JSONValue]
        }
        var deep: JSONValue = ["leaf": 1]
        for _ in 0..<2_000 { deep = .array([deep]) }
        let decoded = try JSONValue.object(["any": deep, "list": [deep, 2]]).decoded(as: Holder.self)
        #expect(decoded.any == deep)
        #expect(decoded.list == [deep, 2])
    }
}
