import Foundation
import ModelRuntime
import Testing

/// Reads `user.links.home` with a `NullKeys` record every way a generated mapped model can (along the whole path,
/// through the objects opened once, with and without a formatter), and keeps what each read answered and recorded.
private struct NullRecordingProbe: Decodable {
    /// One line per read: its answer, then the paths it recorded as `null`.
    let reads: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let path: [JSONKey] = ["user", "links", "home"]
        let links = container.object(at: ["user"]).object(at: ["links"])
        let reading: [(inout NullKeys) throws -> String?] = [
            { try container.decodeIfPresent(String.self, at: path, nulls: &$0) },
            { try links.decodeIfPresent(String.self, at: ["home"], nulls: &$0) },
            { try container.decodeIfPresent(at: path, formatter: LenientStringFormatter.self, nulls: &$0) },
            { try links.decodeIfPresent(at: ["home"], formatter: LenientStringFormatter.self, nulls: &$0) },
            {
                let userData = LenientStringFormatter.UserData()
                return try links.decodeIfPresent(
                    at: ["home"],
                    formatter: LenientStringFormatter.self,
                    userData: userData,
                    nulls: &$0
                )
            },
        ]
        reads = try reading.map { read in
            var nulls = NullKeys()
            let answer = try read(&nulls)
            let recorded = [["user"], ["user", "links"], ["user", "links", "home"]].filter { nulls.contains(path: $0) }
            return "\(answer ?? "nil") \(recorded)"
        }
    }
}

@Suite struct KeyPathNullTests {
    private static func reads(_ json: String) throws -> [String] {
        try JSONDecoder().decode(NullRecordingProbe.self, from: Data(json.utf8)).reads
    }

    /// Each read records the first `null` along the path, by its whole path from the model's object, and nothing
    /// for a value or a missing key; all of them alike.
    @Test(arguments: [
        (#"{"user": {"links": {"home": "h"}}}"#, #"h []"#),
        (#"{"user": {"links": {"home": null}}}"#, #"nil [["user", "links", "home"]]"#),
        (#"{"user": {"links": null}}"#, #"nil [["user", "links"]]"#),
        (#"{"user": null}"#, #"nil [["user"]]"#),
        (#"{"user": {"links": {}}}"#, #"nil []"#),
        (#"{"user": {}}"#, #"nil []"#),
        (#"{}"#, #"nil []"#),
    ])
    func aReadRecordsTheFirstNullAlongItsPath(json: String, expected: String) throws {
        let reads = try Self.reads(json)
        #expect(reads == Array(repeating: expected, count: 5), "\(json)")
        // The client's tree answers as JSONDecoder does.
        let fromTree = try JSONValue(parsing: Data(json.utf8)).decoded(as: NullRecordingProbe.self).reads
        #expect(fromTree == reads)
    }

    @Test func aPathIsRecordedApartFromAKeyOfTheSameName() {
        var nulls = NullKeys()
        nulls.insert(path: ["a", "b"])
        #expect(nulls.contains(path: ["a", "b"]))
        #expect(!nulls.contains(path: ["a"]) && !nulls.contains("a") && !nulls.contains("a.b"))
        #expect(nulls.containsNull(below: ["a"]) && !nulls.containsNull(below: ["a", "b"]))
        #expect(!nulls.containsNull(below: ["b"]) && !nulls.containsNull(below: ["a", "b", "c"]))
        // A one-key path is the key, which a document's body sends as `null` too.
        nulls.insert(path: ["c"])
        #expect(nulls.contains("c") && nulls.contains(path: ["c"]) && nulls.sortedKeys == ["c"])
        // Which values were `null` is how they were sent: it takes no part in equality.
        #expect(nulls == NullKeys())
    }

    /// What the encoding half writes: `null` where the record says, nothing where it doesn't, and a value always.
    private struct Written: Encodable {
        var nulls: NullKeys
        var home: String?
        var name: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            var links = container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("links"))
            try links.encodeOrNull(home, forKey: JSONKey("home"), nulls: nulls, path: ["links", "home"])
            try links.encodeOrNull(
                home,
                forKey: JSONKey("lenient"),
                formatter: LenientStringFormatter.self,
                nulls: nulls,
                path: ["links", "lenient"]
            )
            try container.encodeOrNull(
                name,
                forKey: JSONKey("name"),
                formatter: LenientStringFormatter.self,
                nulls: nulls
            )
        }
    }

    @Test func theRecordWritesNullWhereTheValueWasNull() throws {
        func written(_ value: Written) throws -> JSONValue {
            try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        }
        var nulls = NullKeys()
        #expect(try written(Written(nulls: nulls)) == ["links": [:]])
        nulls.insert(path: ["links", "home"])
        nulls.insert(path: ["links", "lenient"])
        nulls.insert(path: ["name"])
        #expect(try written(Written(nulls: nulls)) == ["links": ["home": nil, "lenient": nil], "name": nil])
        // A value the app set goes as it is.
        #expect(
            try written(Written(nulls: nulls, home: "h", name: "n"))
                == ["links": ["home": "h", "lenient": "h"], "name": "n"]
        )
    }
}
