import Foundation
import ModelRuntime
import Testing

/// A struct as the generator writes one that keeps unknown members and reads only plain keys.
private struct Shelf: Codable, Equatable, KeepsUnknownMembers {
    static let modeledKeys: Set<String> = ["c_label", "c_count"]

    var label: String?
    var count: Int?
    var unknownMembers = UnknownMembers()
    /// What the decoder listed, to show which keys `allKeys` made.
    var listedKeys: [String] = []

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberKey<Self>.self)
        var nulls = NullKeys()
        label = try container.decodeOrNull(String.self, forKey: MemberKey<Self>("c_label"), nulls: &nulls)
        count = try container.decodeOrNull(Int.self, forKey: MemberKey<Self>("c_count"), nulls: &nulls)
        listedKeys = container.allKeys.map(\.stringValue)
        unknownMembers = try container.unknownMembers(Self.modeledKeys, of: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(label, forKey: JSONKey("c_label"))
        try container.encodeIfPresent(count, forKey: JSONKey("c_count"))
        try container.encodeUnknown(unknownMembers, Self.modeledKeys)
    }
}

@Suite struct MemberKeyTests {
    @Test func aKeyTheModelReadsIsNotMadeFromTheDecodersList() {
        #expect(MemberKey<Shelf>(stringValue: "c_label") == nil)
        #expect(MemberKey<Shelf>(stringValue: "c_colour")?.stringValue == "c_colour")
        #expect(MemberKey<Shelf>("c_label").stringValue == "c_label")
        #expect(MemberKey<Shelf>(intValue: 0) == nil)
    }

    @Test(arguments: [false, true])
    func theContainerListsOnlyUnknownKeysAndTheyAreKept(fromTree: Bool) throws {
        let payload = Data(#"{"c_label": "A", "c_count": 3, "c_colour": "red", "c_extra": {"a": [1, null]}}"#.utf8)
        let shelf =
            fromTree
            ? try JSONValue(parsing: payload).decoded(as: Shelf.self)
            : try JSONDecoder().decode(Shelf.self, from: payload)
        #expect(shelf.label == "A" && shelf.count == 3)
        #expect(Set(shelf.listedKeys) == ["c_colour", "c_extra"])
        #expect(Set(shelf.unknownMembers.members.map(\.key)) == ["c_colour", "c_extra"])
        #expect(shelf.unknownMembers["c_extra"] == ["a": [1, nil]])
        let written = try JSONValue(parsing: JSONEncoder().encode(shelf))
        #expect(written == (try JSONValue(parsing: payload)))
    }

    @Test func aPayloadWithoutUnknownMembersListsNoKey() throws {
        let shelf = try JSONDecoder().decode(Shelf.self, from: Data(#"{"c_label": "A", "c_count": null}"#.utf8))
        #expect(shelf.listedKeys.isEmpty)
        #expect(shelf.unknownMembers.isEmpty)
    }
}
