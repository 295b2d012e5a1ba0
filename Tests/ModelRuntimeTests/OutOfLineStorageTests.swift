import Foundation
import ModelRuntime
import Testing

/// System properties, references and field updates keep their fields behind one reference so that generated models
/// compile faster. They must still behave as values: a change to a copy never shows in the original, and equality
/// and hashing look at the contents, not at which storage holds them.
@Suite struct OutOfLineStorageTests {
    private let created = Date(timeIntervalSince1970: 1_700_000_000)
    private let accountID = try! ObjectID(validating: "5a0a3e7a7e6b5a0100000001")

    @Test func changingACopyOfCortexSystemPropertiesLeavesTheOriginal() {
        let original = CortexSystemProperties<JSONValue>(created: created, access: 4, favorite: true)
        var copy = original
        copy.access = 7
        copy.creator = .id(accountID)
        copy.accessRoles = [accountID]

        #expect(original.access == 4)
        #expect(original.creator == nil)
        #expect(original.accessRoles == nil)
        #expect(original.created == created)
        #expect(copy.access == 7)
        #expect(copy.creator?.id == accountID)
        #expect(copy.created == created)
        #expect(copy.favorite == true)
        #expect(copy != original)
    }

    @Test func settingAPropertyAgainReplacesIt() {
        var properties = CortexSystemProperties<JSONValue>()
        for access in 0..<5 { properties.access = access }
        #expect(properties.access == 4)
        #expect(properties == CortexSystemProperties<JSONValue>(access: 4))
    }

    @Test func equalContentsInSeparateStorageAreEqualAndHashAlike() {
        let first = CortexSystemProperties<JSONValue>(created: created, owner: .id(accountID))
        let second = CortexSystemProperties<JSONValue>(created: created, owner: .id(accountID))
        #expect(first == second)
        #expect(Set([first, second]).count == 1)

        var changedBack = first
        changedBack.access = 1
        changedBack.access = nil
        #expect(changedBack == first)
        #expect(changedBack.hashValue == first.hashValue)
    }

    @Test func changingACopyOfMiaAndParseSystemPropertiesLeavesTheOriginal() {
        let mia = MiaSystemProperties(state: "PUBLIC", creatorId: "alice")
        var miaCopy = mia
        miaCopy.state = "TRASH"
        #expect(mia.state == "PUBLIC")
        #expect(miaCopy.state == "TRASH")
        #expect(miaCopy.creatorId == "alice")

        let parse = ParseSystemProperties(createdAt: created, updatedAt: created)
        var parseCopy = parse
        parseCopy.updatedAt = created.addingTimeInterval(60)
        #expect(parse.updatedAt == created)
        #expect(parseCopy.updatedAt == created.addingTimeInterval(60))
        #expect(parseCopy.createdAt == created)
    }

    @Test func aCopyDecodedOnceRoundTripsAfterTheOriginalChanges() throws {
        let json = #"{"created":"2023-11-14T22:13:20.000Z","access":null,"favorite":false}"#
        let decoded = try JSONDecoder().decode(CortexSystemProperties<JSONValue>.self, from: Data(json.utf8))
        var changed = decoded
        changed.favorite = true

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // The copy that was not changed still knows `access` was null, and writes it back as null.
        #expect(
            String(decoding: try encoder.encode(decoded), as: UTF8.self)
                == #"{"access":null,"created":"2023-11-14T22:13:20.000Z","favorite":false}"#
        )
        #expect(
            String(decoding: try encoder.encode(changed), as: UTF8.self)
                == #"{"access":null,"created":"2023-11-14T22:13:20.000Z","favorite":true}"#
        )
    }

    @Test func expandingACopyOfAReferenceLeavesTheOriginal() {
        let original = Reference<JSONValue>(id: accountID, object: "account")
        var copy = original
        copy.expanded = ["name": "Ada"]

        #expect(original.expanded == nil)
        #expect(copy.expanded == ["name": "Ada"])
        #expect(copy.id == accountID)
        #expect(copy.object == "account")
        #expect(copy != original)

        copy.expanded = nil
        #expect(copy == original)
    }

    @Test func aFieldUpdateHoldingAValueIsStillAValue() {
        let original = FieldUpdate<[String]>.set(["a"])
        var copy = original
        if case .set(var values) = copy {
            values.append("b")
            copy = .set(values)
        }
        #expect(original == .set(["a"]))
        #expect(copy == .set(["a", "b"]))
        #expect(copy != .unchanged)
        #expect(FieldUpdate<[String]>.null != .unchanged)
    }

    @Test func printingShowsTheFieldsAsTheirOwn() {
        let properties = CortexSystemProperties<JSONValue>(creator: .id(accountID), access: 4)
        let printed = String(describing: properties)
        #expect(printed.hasPrefix("CortexSystemProperties<JSONValue>(created: nil, creator: Optional("))
        #expect(printed.contains("access: Optional(4)"))
        #expect(!printed.contains("OutOfLine"))
        #expect(String(describing: MiaSystemProperties(state: "PUBLIC")).contains(#"state: Optional("PUBLIC")"#))
    }
}
