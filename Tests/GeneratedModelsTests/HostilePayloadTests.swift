import BlockingTestSupport
import Foundation
import GoldenBlog
import GoldenCortexExport
import GoldenMedable
import GoldenPlaces
import GoldenTweets
import ModelRuntime
import ModelRuntimeClient
import Testing

/// Every value of the fixtures' payloads replaced, one at a time, by a value of every other JSON kind (and by
/// strings, numbers and nesting a server should never send): each mutant either decodes or throws a `DecodingError`
/// whose path leads to the value replaced. Generated models cover plain properties, Documents, enums, files,
/// references, dates (Cortex), and key paths, defaults and formatters (AppCoreKit's tweet and places).
/// On threads of its own, not Swift concurrency's few pool threads: minutes of decoding.
@Suite(.onOwnThread) struct GeneratedModelHostilePayloadTests {
    /// A JSON location: object keys and array indexes.
    enum Step: Hashable, CustomStringConvertible {
        case key(String)
        case index(Int)

        var description: String {
            switch self {
            case .key(let key): key
            case .index(let index): "[\(index)]"
            }
        }
    }

    static func describe(_ path: [Step]) -> String {
        var text = ""
        for step in path {
            if case .index = step { text += step.description } else { text += text.isEmpty ? "\(step)" : ".\(step)" }
        }
        return text
    }

    /// Every location in `value`, parents before children.
    static func paths(in value: JSONValue, at path: [Step] = []) -> [[Step]] {
        switch value {
        case .object(let members):
            [path] + members.keys.sorted().flatMap { paths(in: members[$0]!, at: path + [.key($0)]) }
        case .array(let elements):
            [path] + elements.indices.flatMap { paths(in: elements[$0], at: path + [.index($0)]) }
        default:
            [path]
        }
    }

    static func replacing(_ path: ArraySlice<Step>, in value: JSONValue, with replacement: JSONValue) -> JSONValue {
        guard let step = path.first else { return replacement }
        switch (step, value) {
        case (.key(let key), .object(var members)):
            members[key] = replacing(path.dropFirst(), in: members[key] ?? .null, with: replacement)
            return .object(members)
        case (.index(let index), .array(var elements)):
            elements[index] = replacing(path.dropFirst(), in: elements[index], with: replacement)
            return .array(elements)
        default:
            return value
        }
    }

    /// Values no schema type accepts everywhere, including the numbers JSON's parsers disagree on.
    static let replacements: [(name: String, json: String)] = [
        ("null", "null"), ("true", "true"), ("zero", "0"), ("fraction", "-1.5"), ("beyond Int", "1e19"),
        ("huge", "1e308"), ("empty string", "\"\""), ("not an id", "\"zz\""), ("bad date", "\"2026-02-30T00:00:00Z\""),
        ("long string", "\"" + String(repeating: "x", count: 100_000) + "\""), ("empty object", "{}"),
        ("empty array", "[]"), ("array of null", "[null]"), ("object", "{\"_id\": 1, \"name\": 2, \"c_x\": [3]}"),
        ("deep", String(repeating: "[", count: 300) + String(repeating: "]", count: 300)),
    ]

    struct Outcome {
        var decoded = 0
        var rejected = 0
    }

    /// Decodes every mutant of `payload` as `T`; records an issue for anything but success or a `DecodingError` on the
    /// replaced value's line: at it, inside the replacement, or at a parent that reads it (a missing key's container,
    /// a formatter given the whole object). Foundation's own pathless "not valid JSON" for valid JSON is an issue too.
    func mutate<T: Decodable>(_: T.Type, _ name: String, payload: Data) throws -> Outcome {
        let original = try json(payload)
        let replacements = try Self.replacements.map {
            ($0.name, try JSONDecoder().decode(JSONValue.self, from: Data($0.json.utf8)))
        }
        var outcome = Outcome()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for path in Self.paths(in: original) {
            let location = Self.describe(path)
            for (replacementName, replacement) in replacements {
                let mutant = try encoder.encode(Self.replacing(path[...], in: original, with: replacement))
                do {
                    _ = try JSONDecoder().decode(T.self, from: mutant)
                    outcome.decoded += 1
                } catch let error as DecodingError {
                    outcome.rejected += 1
                    let reported = errorPath(error)
                    let onTheLine = Self.isOnPath(reported, of: location) || Self.isOnPath(location, of: reported)
                    let unlocated = reported.isEmpty && !location.isEmpty && "\(error)".contains("not valid JSON")
                    if !onTheLine || unlocated {
                        Issue.record(
                            "\(name) \(location) ← \(replacementName): error at '\(reported)': \(String(describing: error).prefix(300))"
                        )
                    }
                } catch {
                    Issue.record("\(name) \(location) ← \(replacementName): \(type(of: error)) is not a DecodingError")
                }
            }
        }
        return outcome
    }

    /// Whether `ancestor` is `path` or leads to it (`a` leads to `a.b` and `a[0]`; the root leads everywhere).
    static func isOnPath(_ ancestor: String, of path: String) -> Bool {
        ancestor.isEmpty || path == ancestor || path.hasPrefix(ancestor + ".") || path.hasPrefix(ancestor + "[")
    }

    func errorPath(_ error: DecodingError) -> String {
        let context: DecodingError.Context? =
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                .valueNotFound(_, let context):
                context
            @unknown default: nil
            }
        // A missing key's error is at its container, which is where the mutant replaced the value.
        return Self.describe(context?.codingPath.map { $0.intValue.map(Step.index) ?? .key($0.stringValue) } ?? [])
    }

    @Test func everyValueOfEveryFixtureReplacedByEveryOtherKind() throws {
        var total = Outcome()
        for outcome in [
            try mutate(Clinic.self, "clinic.json", payload: Fixtures.data("clinic.json")),
            try mutate([Visit].self, "visits.json", payload: Fixtures.data("visits.json")),
            try mutate(
                Object.self,
                "c_object-create-body.json",
                payload: Fixtures.data("c_object-create-body.json")
            ),
            try mutate(TweetModel.self, "tweet.json", payload: Fixtures.data("tweet.json")),
            try mutate(Place.self, "places", payload: PlacesMappingTests.full),
        ] {
            total.decoded += outcome.decoded
            total.rejected += outcome.rejected
        }
        print(
            "hostile payloads: \(total.decoded + total.rejected) mutants of 5 fixtures, \(total.decoded) decoded, \(total.rejected) rejected"
        )
        #expect(total.rejected > total.decoded)
    }

    /// Foundation reports a number that doesn't fit its property (`1.5` or `1e19` for an `Int`, `1e400` for a
    /// `Double`) as "not valid JSON" with no path. A generated model's number property, optional or required, names its
    /// path, in a list too (as ``ModelClient`` decodes a page).
    @Test(arguments: [
        ("{\"_id\": \"5a2f1b7c9d3e4f5a6b7c8d01\", \"object\": \"c_object\", \"c_count\": 1.5}", "c_count"),
        ("{\"_id\": \"5a2f1b7c9d3e4f5a6b7c8d01\", \"object\": \"c_object\", \"c_count\": 1e19}", "c_count"),
        ("{\"_id\": \"5a2f1b7c9d3e4f5a6b7c8d01\", \"object\": \"c_object\", \"c_number\": 1e400}", "c_number"),
        ("{\"id\": 99999999999999999999}", "id"), ("{\"id\": 1e400}", "id"),
        (
            "[{\"_id\": \"5a2f1b7c9d3e4f5a6b7c8d01\", \"object\": \"c_object\"}, "
                + "{\"_id\": \"5a2f1b7c9d3e4f5a6b7c8d02\", \"object\": \"c_object\", \"c_count\": 1e400}]",
            "[1].c_count"
        ),
    ])
    func aNumberThatDoesNotFitItsPropertyIsAnErrorAtThatProperty(payload: String, path: String) throws {
        let data = Data(payload.utf8)
        let error = #expect(throws: DecodingError.self) {
            if payload.hasPrefix("[") {
                _ = try JSONDecoder().decode([Object].self, from: data)
            } else if payload.hasPrefix("{\"id\"") {
                _ = try JSONDecoder().decode(BlogPost.self, from: data)
            } else {
                _ = try JSONDecoder().decode(Object.self, from: data)
            }
        }
        #expect(error.map(errorPath) == path, "\(String(describing: error))")
    }
}
