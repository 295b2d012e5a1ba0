import Foundation
import GoldenMedable
import ModelRuntime
import Testing

/// The `c_object` of Medable's iOS SDK documentation ("Creating Objects"), generated from `Tests/Goldens/Medable`,
/// on a read of it and on that documentation's create body.
@Suite struct MedableObjectTests {
    @Test func decodesARead() throws {
        let object = try Fixtures.decode(Object.self, from: "c_object-read.json")
        #expect(object.id == ObjectID("5a2f1b7c9d3e4f5a6b7c8d01"))
        #expect(object.object == "c_object")
        #expect(object.string == "String Value")
        #expect(object.isEnabled == true)
        #expect(object.number == 42)
        #expect(object.date == ISO8601DateCoding.date(from: "2026-11-22T10:15:30.000Z"))
        #expect(object.reference?.id == ObjectID("5a2f1b7c9d3e4f5a6b7c8d9e"))
        #expect(object.reference?.expanded == nil)
        #expect(object.document == Object.Document(stringOne: "String One", stringTwo: "String Two"))
        #expect(object.any == ["c_anyKey": "any value"])
        #expect(object.stringArray == ["value 1", "value 2", "value 3"])
        #expect(object.status == nil)
        #expect(object.count == nil)
        // Cortex's system properties, typed.
        #expect(object.created == ISO8601DateCoding.date(from: "2026-11-22T10:15:30.918Z"))
        #expect(object.creator?.path == "/accounts/5c238e72d8f1254623525f37")
        #expect(object.owner?.id == ObjectID("5c238e72d8f1254623525f37"))
        #expect(object.access == 7)
        #expect(object.accessRoles?.count == 2)
        #expect(object.favorite == false)
        #expect(object.shared == false)
    }

    @Test func encodesAReadBackUnchanged() throws {
        let input = try Fixtures.data("c_object-read.json")
        let object = try JSONDecoder().decode(Object.self, from: input)
        #expect(try json(encoded(object)) == json(input))
    }

    @Test func buildsTheMedableSDKsCreateBodyInSwift() throws {
        var create = Object.Create(string: "String Value")
        create.date = ISO8601DateCoding.date(from: "2026-11-22T10:15:30.000Z")
        create.isEnabled = true
        create.reference = ObjectID("5a2f1b7c9d3e4f5a6b7c8d9e")!
        create.number = 42
        var document = Object.Document.Create()
        document.stringOne = "String One"
        document.stringTwo = "String Two"
        create.document = document
        create.any = ["c_anyKey": "any value"]
        create.stringArray = ["value 1", "value 2", "value 3"]
        let rendered = try CortexDialect().renderCreate(create.members, pluralName: Object.pluralName)
        let body = try #require(rendered.body, "the request has no body")
        #expect(try json(Data(body.serialized.utf8)) == json(Fixtures.data("c_object-create-body.json")))
    }

    /// Reads are not writes: Cortex leaves out what the caller may not read or did not select, even a property a
    /// create requires; only the id and the object name are always there.
    @Test func aReadWithoutWhatACreateRequiresDecodes() throws {
        let payload = Data(#"{"_id": "5a2f1b7c9d3e4f5a6b7c8d01", "object": "c_object", "c_number": 1}"#.utf8)
        let object = try JSONDecoder().decode(Object.self, from: payload)
        #expect(object.string == nil)
        #expect(object.number == 1)
        #expect(try json(encoded(object)) == json(payload))
    }

    @Test func aMissingIdNamesItsKey() throws {
        let payload = Data(#"{"object": "c_object", "c_string": "x"}"#.utf8)
        #expect {
            try JSONDecoder().decode(Object.self, from: payload)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "_id"
        }
    }

    @Test func enumValuesTheSchemaDoesNotListSurvive() throws {
        let payload = Data(
            #"{"_id": "5a2f1b7c9d3e4f5a6b7c8d01", "object": "c_object", "c_string": "x", "c_status": "archived", "c_day": "2026-02-28"}"#
                .utf8
        )
        let object = try JSONDecoder().decode(Object.self, from: payload)
        #expect(object.status == .undocumented("archived"))
        #expect(object.day == DateOnly(year: 2026, month: 2, day: 28))
        #expect(try json(encoded(object)) == json(payload))
        #expect(Object.Status(rawValue: "done") == .done)
    }

    @Test func theReportNamesUnknownKeptAndMissingValues() throws {
        let payload = Data(
            #"{"_id": "5a2f1b7c9d3e4f5a6b7c8d01", "object": "c_object", "c_string": "x", "c_status": "archived", "c_extra": 1}"#
                .utf8
        )
        let (object, report) = try DecodingReport.decode(Object.self, from: payload)
        #expect(object.status == .undocumented("archived"))
        #expect(report.entries.contains(.init(kind: .unknownValue, keyPath: "c_status", value: "archived")))
        #expect(report.entries.contains(.init(kind: .keptUnknown, keyPath: "c_extra", value: 1)))
        #expect(report.entries.contains(.init(kind: .missingOptional, keyPath: "c_number", value: nil)))
        #expect(report.entries.contains(.init(kind: .missingOptional, keyPath: "c_date", value: nil)))
        #expect(!report.entries.contains { $0.keyPath == "c_string" })
    }

    @Test func referencesToItsOwnTypeDecodeExpanded() throws {
        let payload = Data(
            #"{"_id": "5a2f1b7c9d3e4f5a6b7c8d01", "object": "c_object", "c_string": "child", "c_parent": {"_id": "5a2f1b7c9d3e4f5a6b7c8d9f", "object": "c_object", "c_string": "parent"}}"#
                .utf8
        )
        let object = try JSONDecoder().decode(Object.self, from: payload)
        #expect(object.parent?.id == ObjectID("5a2f1b7c9d3e4f5a6b7c8d9f"))
        #expect(object.parent?.expanded?.string == "parent")
        #expect(try roundTripped(object) == object)
    }

    @Test func theListingNamesEveryObject() {
        #expect(SchemaObjects.all.map { $0.apiName } == ["c_object", "c_office"])
        #expect(SchemaObjects.all.map { $0.pluralName } == ["c_objects", "c_offices"])
        #expect(Office.pluralName == "c_offices")
    }

    /// The system properties sit in one value the model reads through: `object.created` is `object.system.created`,
    /// writable too, and queries name them as the model's own fields.
    @Test func systemPropertiesReadAndWriteAsTheModelsOwn() throws {
        var object = try Fixtures.decode(Object.self, from: "c_object-read.json")
        #expect(object.created == object.system.created)
        object.favorite = true
        #expect(object.system.favorite == true)
        #expect(try json(encoded(object))["favorite"] == true)
        let query = Object.query.where { $0.created.gt(Date(timeIntervalSince1970: 0)) }.sort { $0.updated.descending }
        let items = try query.rendered(for: .cortex).queryItems
        #expect(items.first { $0.name == "where" }?.value == #"{"created":{"$gt":"1970-01-01T00:00:00.000Z"}}"#)
        #expect(items.first { $0.name == "sort" }?.value == #"{"updated":-1}"#)
    }

    /// `c_office` declares `owner` itself, referencing `c_object`: the schema's declaration wins, the model keeps
    /// every system property as its own, and no key is decoded or encoded twice.
    @Test func aSystemPropertyTheSchemaDeclaresKeepsItsType() throws {
        let payload = Data(
            #"""
            {"_id": "5a2f1b7c9d3e4f5a6b7c8d01", "object": "c_office", "c_stringProperty": "Room 4",
             "owner": {"_id": "5a2f1b7c9d3e4f5a6b7c8d02", "object": "c_object"},
             "created": "2026-11-22T10:15:30.918Z", "updated": null, "favorite": true}
            """#.utf8
        )
        let office = try JSONDecoder().decode(Office.self, from: payload)
        let owner: Reference<Object>? = office.owner
        #expect(owner?.id == ObjectID("5a2f1b7c9d3e4f5a6b7c8d02"))
        #expect(office.created == ISO8601DateCoding.date(from: "2026-11-22T10:15:30.918Z"))
        #expect(!((office as Any) is any SystemPropertiesCarrying))
        let output = try encoded(office)
        #expect(try json(output) == json(payload))
        #expect(String(decoding: output, as: UTF8.self).components(separatedBy: "\"owner\"").count == 2)
        #expect(Office.Fields<Office>(.root).owner.targetName == "c_object")
    }
}
