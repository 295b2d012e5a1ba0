import Foundation
import ModelRuntime
import Testing

/// A mapped model as the generator writes one with key paths two objects deep: `user.name` and
/// `user.links.home`.
private struct Post: Codable, Equatable {
    static let modeledKeys: Set<String> = ["text", "user"]

    var text: String
    var author: String?
    var homepage: String?
    var unknownMembers = UnknownMembers()

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        text = try container.decode(String.self, forKey: JSONKey("text"))
        let user = container.object(at: ["user"])
        let links = user.object(at: ["links"])
        author = try user.decodeIfPresent(String.self, at: ["name"])
        homepage = try links.decodeIfPresent(String.self, at: ["home"])
        unknownMembers = try container.unknownMembers(Self.modeledKeys, of: decoder)
        try user.keepUnknownMembers(besides: ["name", "links"], in: &unknownMembers)
        try links.keepUnknownMembers(besides: ["home"], in: &unknownMembers)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(text, forKey: JSONKey("text"))
        if author != nil || homepage != nil || unknownMembers.keepsMembers(under: ["user"]) {
            var user = container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("user"))
            try user.encodeIfPresent(author, forKey: JSONKey("name"))
            if homepage != nil || unknownMembers.keepsMembers(under: ["user", "links"]) {
                var links = user.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("links"))
                try links.encodeIfPresent(homepage, forKey: JSONKey("home"))
                try links.encodeUnknown(unknownMembers.members(at: ["user", "links"]), ["home"])
            }
            try user.encodeUnknown(unknownMembers.members(at: ["user"]), ["name", "links"])
        }
        try container.encodeUnknown(unknownMembers, Self.modeledKeys)
    }
}

@Suite struct NestedUnknownMembersTests {
    static let payload = Data(
        #"""
        {"text": "hi", "lang": "en",
         "user": {"name": "Ann", "id": 7, "links": {"home": "https://a.example", "wiki": "https://w.example"}}}
        """#.utf8
    )

    fileprivate static func decoders() throws -> [Post] {
        [
            try JSONDecoder().decode(Post.self, from: payload),
            try JSONValue(parsing: payload).decoded(as: Post.self),
        ]
    }

    @Test func eachObjectOnTheWayKeepsWhatNoKeyPathReaches() throws {
        for post in try Self.decoders() {
            #expect(post.unknownMembers.members(at: []).members.map(\.key) == ["lang"])
            #expect(post.unknownMembers.members(at: ["user"]).members.map(\.key) == ["id"])
            #expect(post.unknownMembers.members(at: ["user", "links"])["wiki"] == "https://w.example")
            #expect(post.unknownMembers.keepsMembers(under: ["user"]))
            let written = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(post))
            #expect(written == (try JSONDecoder().decode(JSONValue.self, from: Self.payload)))
        }
    }

    /// An object that isn't there, is `null` or isn't an object keeps nothing, and decoding doesn't fail for it.
    @Test(arguments: [#"{"text": "hi"}"#, #"{"text": "hi", "user": null}"#, #"{"text": "hi", "user": 5}"#])
    func noObjectKeepsNothing(json: String) throws {
        var members = UnknownMembers()
        let container = try JSONValue(parsing: Data(json.utf8)).decoded(as: ContainerProbe.self).container
        try container.object(at: ["user"]).keepUnknownMembers(besides: ["name"], in: &members)
        #expect(members.isEmpty)
        #expect(!members.keepsMembers(under: []))
    }

    @Test func keptMembersTakePartInEqualityAndHashing() throws {
        let post = try Self.decoders()[0]
        var other = post
        other.unknownMembers.setMembers(UnknownMembers(), at: ["user", "links"])
        #expect(other != post)
        #expect(other.unknownMembers.hashValue != post.unknownMembers.hashValue)
        #expect(!other.unknownMembers.keepsMembers(under: ["user", "links"]))
        #expect(other.unknownMembers.keepsMembers(under: ["user"]))
        other.unknownMembers.setMembers(post.unknownMembers.members(at: ["user", "links"]), at: ["user", "links"])
        #expect(other == post)
    }
}

/// The top-level container of a payload, to call the container's helpers on directly.
private struct ContainerProbe: Decodable {
    let container: KeyedDecodingContainer<JSONKey>

    init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: JSONKey.self)
    }
}
