import Foundation
import GoldenMedable
import ModelRuntime
import Testing

/// The `c_object` of Medable's iOS SDK documentation ("Creating Objects"), generated from `Tests/Goldens/Medable`,
/// on that documentation's create body.
@Suite struct MedableObjectTests {
    @Test func decodesTheMedableSDKsCreateBody() throws {
        let object = try Fixtures.decode(Object.self, from: "c_object-create-body.json")
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
    }

    @Test func encodesTheMedableSDKsCreateBodyBackUnchanged() throws {
        let input = try Fixtures.data("c_object-create-body.json")
        let object = try JSONDecoder().decode(Object.self, from: input)
        #expect(try json(encoded(object)) == json(input))
    }

    @Test func buildsTheMedableSDKsBodyInSwift() throws {
        var object = Object(string: "String Value")
        object.date = ISO8601DateCoding.date(from: "2026-11-22T10:15:30.000Z")
        object.isEnabled = true
        object.reference = .id(ObjectID("5a2f1b7c9d3e4f5a6b7c8d9e")!)
        object.number = 42
        object.document = .init(stringOne: "String One", stringTwo: "String Two")
        object.any = ["c_anyKey": "any value"]
        object.stringArray = ["value 1", "value 2", "value 3"]
        #expect(try json(encoded(object)) == json(Fixtures.data("c_object-create-body.json")))
    }

    @Test func aMissingRequiredValueNamesItsKey() throws {
        let payload = Data(#"{"c_number": 1}"#.utf8)
        #expect {
            try JSONDecoder().decode(Object.self, from: payload)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "c_string"
        }
    }

    @Test func enumValuesTheSchemaDoesNotListSurvive() throws {
        let payload = Data(#"{"c_string": "x", "c_status": "archived", "c_day": "2026-02-28"}"#.utf8)
        let object = try JSONDecoder().decode(Object.self, from: payload)
        #expect(object.status == .undocumented("archived"))
        #expect(object.day == DateOnly(year: 2026, month: 2, day: 28))
        #expect(try json(encoded(object)) == json(payload))
        #expect(Object.Status(rawValue: "done") == .done)
    }

    @Test func theReportNamesUnknownDroppedAndMissingValues() throws {
        let payload = Data(#"{"c_string": "x", "c_status": "archived", "c_extra": 1}"#.utf8)
        let (object, report) = try DecodingReport.decode(Object.self, from: payload)
        #expect(object.status == .undocumented("archived"))
        #expect(report.entries.contains(.init(kind: .unknownValue, keyPath: "c_status", value: "archived")))
        #expect(report.entries.contains(.init(kind: .droppedValue, keyPath: "c_extra", value: 1)))
        #expect(report.entries.contains(.init(kind: .missingOptional, keyPath: "c_number", value: nil)))
        #expect(report.entries.contains(.init(kind: .missingOptional, keyPath: "c_date", value: nil)))
        #expect(!report.entries.contains { $0.keyPath == "c_string" })
    }

    @Test func referencesToItsOwnTypeDecodeExpanded() throws {
        let payload = Data(
            #"{"c_string": "child", "c_parent": {"_id": "5a2f1b7c9d3e4f5a6b7c8d9f", "object": "c_object", "c_string": "parent"}}"#
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
}
