import Foundation
import ModelRuntime
import Testing

/// Reads one string at a key path, the way a generated `init(from:)` does, with the method chosen by `Mode`.
struct KeyPathProbe: Decodable {
    enum Mode: Sendable {
        case required, ifPresent, withDefault
    }

    static let pathKey = CodingUserInfoKey(rawValue: "path")!
    static let modeKey = CodingUserInfoKey(rawValue: "mode")!

    let value: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let path = decoder.userInfo[Self.pathKey] as! [JSONKey]
        switch decoder.userInfo[Self.modeKey] as! Mode {
        case .required: value = try container.decode(String.self, at: path)
        case .ifPresent: value = try container.decodeIfPresent(String.self, at: path)
        case .withDefault: value = try container.decode(String.self, at: path, default: "default")
        }
    }
}

/// Decodes `json` as a `KeyPathProbe` reading `path` with `mode`.
private func probe(_ json: String, at path: [JSONKey], _ mode: KeyPathProbe.Mode) throws -> String? {
    try probe([KeyPathProbe].self, "[\(json)]", at: path, mode)[0].value
}

private func probe<T: Decodable>(
    _ type: T.Type,
    _ json: String,
    at path: [JSONKey],
    _ mode: KeyPathProbe.Mode
) throws -> T {
    let decoder = JSONDecoder()
    decoder.userInfo = [KeyPathProbe.pathKey: path, KeyPathProbe.modeKey: mode]
    return try decoder.decode(type, from: Data(json.utf8))
}

@Suite struct KeyPathDecodingTests {
    private let path: [JSONKey] = ["user", "profile_image_url"]

    @Test(arguments: [KeyPathProbe.Mode.required, .ifPresent, .withDefault])
    func readsNestedAndPlainKeys(mode: KeyPathProbe.Mode) throws {
        let json = #"{"user": {"profile_image_url": "a.png"}, "id": "7"}"#
        #expect(try probe(json, at: path, mode) == "a.png")
        #expect(try probe(json, at: ["id"], mode) == "7")
    }

    @Test(arguments: [#"{"user": {"name": "Ann"}}"#, #"{"name": "Ann"}"#])
    func missingKeyAnywhereAlongThePath(json: String) throws {
        let error = try #require(throws: DecodingError.self) { try probe(json, at: path, .required) }
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        // On JSON elements ([0]), so the container's own path comes first.
        #expect(pathDescription(context.codingPath + [key]) == "[0].user.profile_image_url")
        #expect(try probe(json, at: path, .ifPresent) == nil)
        #expect(try probe(json, at: path, .withDefault) == "default")
    }

    @Test func missingIntermediateNamesItInTheMessage() throws {
        let error = try #require(throws: DecodingError.self) { try probe(#"{}"#, at: path, .required) }
        #expect(error.context?.debugDescription == "No value for 'user' to look up 'user.profile_image_url'")
    }

    @Test(arguments: [KeyPathProbe.Mode.required, .ifPresent, .withDefault])
    func intermediateThatIsNotAnObjectThrowsTypeMismatchAtIt(mode: KeyPathProbe.Mode) throws {
        let json = #"{"user": "Ann"}"#
        let error = try #require(throws: DecodingError.self) { try probe(json, at: path, mode) }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(pathDescription(context.codingPath) == "[0].user")
        #expect(context.debugDescription == "Expected an object at 'user' to look up 'profile_image_url'")
    }

    @Test func nullFinalValue() throws {
        let json = #"{"user": {"profile_image_url": null}}"#
        #expect(try probe(json, at: path, .ifPresent) == nil)
        for mode in [KeyPathProbe.Mode.required, .withDefault] {
            let error = try #require(throws: DecodingError.self) { try probe(json, at: path, mode) }
            guard case .valueNotFound(_, let context) = error else {
                Issue.record("expected valueNotFound, got \(error)")
                return
            }
            #expect(pathDescription(context.codingPath) == "[0].user.profile_image_url")
        }
        let error = try #require(throws: DecodingError.self) { try probe(json, at: path, .withDefault) }
        #expect(error.context?.debugDescription.contains("nullAsMissing") == true)
    }

    @Test func nullIntermediateValue() throws {
        let json = #"{"user": null}"#
        #expect(try probe(json, at: path, .ifPresent) == nil)
        for mode in [KeyPathProbe.Mode.required, .withDefault] {
            let error = try #require(throws: DecodingError.self) { try probe(json, at: path, mode) }
            guard case .valueNotFound(_, let context) = error else {
                Issue.record("expected valueNotFound, got \(error)")
                return
            }
            #expect(pathDescription(context.codingPath) == "[0].user")
            #expect(
                context.debugDescription.hasPrefix("Expected String at 'user.profile_image_url' but 'user' is null")
            )
        }
    }

    @Test(arguments: [KeyPathProbe.Mode.required, .ifPresent, .withDefault])
    func wrongFinalTypeThrowsAtTheFullPath(mode: KeyPathProbe.Mode) throws {
        let json = #"{"user": {"profile_image_url": 3}}"#
        let error = try #require(throws: DecodingError.self) { try probe(json, at: path, mode) }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(pathDescription(context.codingPath) == "[0].user.profile_image_url")
    }

    @Test func pathsBelowANestedContainerStartWithItsCodingPath() throws {
        let json = #"{"tweets": [{"user": {}}, {"user": {}}]}"#
        let error = try #require(throws: DecodingError.self) {
            try probe([String: [KeyPathProbe]].self, json, at: path, .required)
        }
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(pathDescription(context.codingPath + [key]) == "tweets[0].user.profile_image_url")
    }

    @Test func keysAreMadeFromStringLiterals() {
        let key: JSONKey = "user"
        #expect(key == JSONKey("user"))
        #expect(key.stringValue == "user")
        #expect(key.intValue == nil)
        #expect(JSONKey(intValue: 2).stringValue == "2")
    }

    /// A default the generator converts from the mapping's JSON (an array's) is computed by a call that may throw,
    /// inside the argument; its error comes out of the decoding, and it is not computed when the key is there.
    @Test func aDefaultMayThrowAndIsComputedOnlyWhenMissing() throws {
        struct Unconvertible: Error {}
        struct Tags: Decodable {
            var tags: [String]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: JSONKey.self)
                tags = try container.decode([String].self, at: ["meta", "tags"], default: try Self.fallback())
            }
            static func fallback() throws -> [String] { throw Unconvertible() }
        }
        #expect(try decode(Tags.self, from: #"{"meta": {"tags": ["a"]}}"#).tags == ["a"])
        #expect(throws: Unconvertible.self) { try decode(Tags.self, from: "{}") }
    }
}
