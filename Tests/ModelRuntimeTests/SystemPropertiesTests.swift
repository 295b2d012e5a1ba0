import Foundation
import ModelRuntime
import Testing

/// Shaped like a generated Cortex model that keeps its system properties in one value.
private struct Clinic: Codable, Hashable, Sendable, SystemPropertiesCarrying {
    var id: ObjectID
    var name: String?
    var system: CortexSystemProperties<JSONValue>

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        id = try container.decode(ObjectID.self, forKey: JSONKey("_id"))
        name = try container.decodeIfPresent(String.self, forKey: JSONKey("c_name"))
        // As generated: from the model's own container (the `account` model below reads through the decoder).
        system = try CortexSystemProperties(from: container)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(id, forKey: JSONKey("_id"))
        try container.encodeIfPresent(name, forKey: JSONKey("c_name"))
        try system.encode(to: encoder)
    }

    struct Fields<Root>: SystemFieldsCarrying {
        private let prefix: FieldPath
        init(_ prefix: FieldPath) { self.prefix = prefix }
        var name: ValueField<Root, String, MaybeAbsent> { .init(prefix, "c_name") }
        var system: CortexSystemFields<Root, UnknownFields<Root>> { .init(prefix) }
    }
}

/// Shaped like the generated `account` model, whose system references point at itself.
private struct Account: Codable, Hashable, Sendable, SystemPropertiesCarrying {
    var name: String?
    var system: CortexSystemProperties<Account>

    init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: JSONKey.self).decodeIfPresent(String.self, forKey: JSONKey("name"))
        system = try CortexSystemProperties(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(name, forKey: JSONKey("name"))
        try system.encode(to: encoder)
    }

    struct Fields<Root>: SystemFieldsCarrying {
        private let prefix: FieldPath
        init(_ prefix: FieldPath) { self.prefix = prefix }
        var name: ValueField<Root, String, MaybeAbsent> { .init(prefix, "name") }
        var system: CortexSystemFields<Root, Account.Fields<Root>> { .init(prefix) }
    }
}

/// `value` without the members named `removed`.
private func removing(_ removed: Set<String>, from value: JSONValue) -> JSONValue {
    guard case .object(let members) = value else { return value }
    return .object(members.filter { !removed.contains($0.key) })
}

/// The JSON keys of an object.
private func keys(_ value: JSONValue) -> Set<String> {
    guard case .object(let members) = value else { return [] }
    return Set(members.keys)
}

@Suite struct SystemPropertiesTests {
    @Test func cortexPropertiesRoundTripInsideTheModelsObject() throws {
        let json = """
            {"_id": "5c4a9b2e1f2a3b4c5d6e7f80", "c_name": "North", "object": "c_clinic",
             "created": "2026-11-22T10:15:30.918Z", "updated": null,
             "creator": {"_id": "5c4a9b2e1f2a3b4c5d6e7f81", "object": "account", "path": "/accounts/5c4a9b2e1f2a3b4c5d6e7f81"},
             "owner": "5c4a9b2e1f2a3b4c5d6e7f82", "access": 7, "accessRoles": ["5c4a9b2e1f2a3b4c5d6e7f83"],
             "favorite": false, "idx": {"v": 2}, "shared": null}
            """
        let system = try decode(CortexSystemProperties<JSONValue>.self, from: json)
        #expect(system.created == ISO8601DateCoding.date(from: "2026-11-22T10:15:30.918Z"))
        #expect(system.updated == nil)
        #expect(system.creator?.object == "account")
        #expect(system.owner?.id.description == "5c4a9b2e1f2a3b4c5d6e7f82")
        #expect(system.access == 7)
        #expect(system.favorite == false)
        #expect(system.updater == nil)

        // Only its own keys, null ones as null; the model's keys and the absent `updater` are not written.
        let expected = removing(["_id", "c_name", "object"], from: try parsedJSON(json))
        #expect(try encodedJSON(system) == expected)
        #expect(!keys(try encodedJSON(system)).contains("updater"))
    }

    @Test func aModelDecodesAndEncodesItsOwnKeysAndTheBundlesOnce() throws {
        let json = """
            {"_id": "5c4a9b2e1f2a3b4c5d6e7f80", "c_name": "North",
             "created": "2026-11-22T10:15:30.918Z", "updated": null, "favorite": true}
            """
        var clinic = try decode(Clinic.self, from: json)
        #expect(try encodedJSON(clinic) == parsedJSON(json))

        // The system properties read and write as the model's own.
        #expect(clinic.favorite == true)
        #expect(clinic.created == ISO8601DateCoding.date(from: "2026-11-22T10:15:30.918Z"))
        clinic.favorite = false
        #expect(clinic.system.favorite == false)
        #expect(try encodedJSON(clinic)["favorite"] == false)

        // `==` compares the values, not which keys were null.
        var other = clinic
        other.system = CortexSystemProperties(created: clinic.created, favorite: false)
        #expect(other == clinic)
        other.owner = .id(try ObjectID(validating: "5c4a9b2e1f2a3b4c5d6e7f82"))
        #expect(other != clinic)
    }

    @Test func systemFieldsAreFieldsOfTheModel() {
        let fields = Clinic.Fields<Clinic>(.root)
        #expect(fields.created.fieldPath.dotted == "created")
        #expect(fields.owner.targetName == "account")
        #expect(fields.accessRoles.fieldPath.dotted == "accessRoles")
        let nested = Clinic.Fields<Clinic>(FieldPath(["c_parent"]))
        #expect(nested.updated.fieldPath.dotted == "c_parent.updated")
    }

    /// `account`'s own system references are typed by it: its fields reach through `creator` to its own.
    @Test func theAccountModelsSystemReferencesPointAtItself() throws {
        let account = try decode(
            Account.self,
            from: #"{"name": "a", "owner": {"_id": "5c4a9b2e1f2a3b4c5d6e7f82", "object": "account", "name": "b"}}"#
        )
        #expect(account.owner?.expanded?.name == "b")
        let fields = Account.Fields<Account>(.root)
        #expect(fields.creator.name.fieldPath.dotted == "creator.name")
    }

    @Test func miaFieldsKeepNullAbsentAndDates() throws {
        let json = """
            {"_id": "x", "name": "Dune", "__STATE__": "PUBLIC", "creatorId": null,
             "createdAt": "2026-01-02T03:04:05.006Z", "updatedAt": "2026-01-02T03:04:05.789Z"}
            """
        let system = try decode(MiaSystemProperties.self, from: json)
        #expect(system.state == "PUBLIC")
        #expect(system.creatorId == nil)
        #expect(system.updatedAt == ISO8601DateCoding.date(from: "2026-01-02T03:04:05.789Z"))
        let expected = removing(["_id", "name"], from: try parsedJSON(json))
        #expect(try encodedJSON(system) == expected)
        #expect(MiaSystemFields<Never>(.root).state.fieldPath.dotted == "__STATE__")
    }

    @Test func parseDatesAreGuaranteedAndTheACLKeepsNull() throws {
        let json = """
            {"objectId": "Ed1nuqPvcm", "score": 1337, "createdAt": "2011-08-20T02:06:57.931Z",
             "updatedAt": "2011-08-20T02:06:57.931Z", "ACL": null}
            """
        let system = try decode(ParseSystemProperties.self, from: json)
        #expect(system.acl == nil)
        #expect(
            try encodedJSON(system)
                == parsedJSON(
                    #"{"createdAt": "2011-08-20T02:06:57.931Z", "updatedAt": "2011-08-20T02:06:57.931Z", "ACL": null}"#
                )
        )

        let withoutACL = try decode(
            ParseSystemProperties.self,
            from: #"{"createdAt": "2011-08-20T02:06:57.931Z", "updatedAt": "2011-08-20T02:06:57.931Z"}"#
        )
        #expect(!keys(try encodedJSON(withoutACL)).contains("ACL"))

        #expect(throws: DecodingError.self) {
            try decode(ParseSystemProperties.self, from: #"{"objectId": "a", "updatedAt": "2011-08-20T02:06:57.931Z"}"#)
        }
    }
}
