import Foundation
import GoldenBlog
import GoldenParse
import GoldenRealCortex
import GoldenRealMia
import ModelRuntime
import Testing

/// Decoding from the client's tree, a generated model counts the keys of its own the object held and, when that is
/// every member, keeps none without looking at the keys (`unknownMembers(_:of:counted:)`). A key counted that isn't
/// there, or counted twice, would make an object with an unknown member look complete and lose the member: these
/// objects hold every modeled key (or all but one) and one unknown member, for a model of each backend's system
/// properties and one that reads only required keys.
@Suite struct PresentKeyCountingTests {
    /// A model, with values for the keys it requires; every other modeled key is sent as `null`.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var modeledKeys: Set<String>
        var required: [String: JSONValue]
        /// Decodes `value` from the tree and through JSONDecoder, and gives both models' kept members and the tree
        /// model encoded again.
        var decode: @Sendable (JSONValue) throws -> (tree: UnknownMembers, decoder: UnknownMembers, encoded: JSONValue)

        var testDescription: String { name }

        init<Model: Codable & KeepsUnknownMembers & Sendable>(
            _ model: Model.Type,
            required: [String: JSONValue],
            unknownMembers: @escaping @Sendable (Model) -> UnknownMembers
        ) {
            name = "\(Model.self)"
            modeledKeys = Model.modeledKeys
            self.required = required
            decode = { value in
                let fromTree = try value.decoded(as: Model.self)
                let fromDecoder = try JSONDecoder().decode(Model.self, from: value.jsonData())
                let encoded = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(fromTree))
                return (unknownMembers(fromTree), unknownMembers(fromDecoder), encoded)
            }
        }
    }

    static let cases: [Case] = [
        Case(
            GoldenRealCortex.GeoHistory.self,
            required: ["_id": "5f0000000000000000000001", "object": "c_geo_history"],
            unknownMembers: \.unknownMembers
        ),
        Case(GoldenRealMia.Books.self, required: ["_id": "5f0000000000000000000002"], unknownMembers: \.unknownMembers),
        Case(
            GoldenParse.Game.self,
            required: [
                "objectId": "xWMyZ4YEGZ", "createdAt": "2026-11-29T10:00:00.000Z",
                "updatedAt": "2026-11-29T11:00:00.000Z",
            ],
            unknownMembers: \.unknownMembers
        ),
        Case(GoldenBlog.Author.self, required: ["name": "Ada"], unknownMembers: \.unknownMembers),
    ]

    private static func object(_ model: Case, leavingOut absent: String? = nil) -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        for key in model.modeledKeys where key != absent {
            members[key] = model.required[key] ?? .null
        }
        members["x_added_on_the_server"] = ["kept": true]
        return members
    }

    @Test(arguments: cases)
    func anObjectWithEveryModeledKeyKeepsItsUnknownMember(_ model: Case) throws {
        let sent = Self.object(model)
        let (tree, decoder, encoded) = try model.decode(.object(sent))
        #expect(tree.members.map(\.key) == ["x_added_on_the_server"])
        #expect(tree == decoder)
        #expect(encoded == .object(sent))
    }

    @Test(arguments: cases.filter { $0.modeledKeys.count > $0.required.count })
    func anObjectWithoutOneOptionalKeyKeepsItsUnknownMember(_ model: Case) throws {
        // One member fewer of the model's own and one unknown: as many members as modeled keys.
        let absent = try #require(model.modeledKeys.subtracting(model.required.keys).sorted().first)
        let sent = Self.object(model, leavingOut: absent)
        #expect(sent.count == model.modeledKeys.count)
        let (tree, decoder, encoded) = try model.decode(.object(sent))
        #expect(tree.members.map(\.key) == ["x_added_on_the_server"])
        #expect(tree == decoder)
        #expect(encoded == .object(sent))
    }

    @Test(arguments: cases)
    func anObjectWithOnlyModeledKeysKeepsNothing(_ model: Case) throws {
        var sent = Self.object(model)
        sent["x_added_on_the_server"] = nil
        let (tree, decoder, encoded) = try model.decode(.object(sent))
        #expect(tree.isEmpty && decoder.isEmpty)
        #expect(encoded == .object(sent))
    }
}
