import Foundation
import GoldenCortexExport
import ModelRuntime
import Testing

/// The objects of `cortex-export-sample.ndjson`, generated from `Tests/Goldens/CortexExport`.
@Suite struct CortexExportTests {
    @Test func decodesAClinicWithAFileADocumentAndAnEnum() throws {
        let clinic = try Fixtures.decode(Clinic.self, from: "clinic.json")
        #expect(clinic.id == ObjectID("5a2f1b7c9d3e4f5a6b7c8d01"))
        #expect(clinic.name == "Northside Clinic")
        #expect(clinic.beds == 42)
        #expect(clinic.open == true)
        #expect(clinic.opened == DateOnly(year: 2019, month: 3, day: 1))
        #expect(clinic.tags == ["pediatrics", "walk-in"])
        #expect(clinic.kind == .hospital)
        #expect(clinic.address?.city == "Springfield")
        #expect(clinic.head?.object == "account")
        #expect(clinic.logo?.content?.mime == "image/png")
        #expect(clinic.logo?.content?.state == .ready)
        #expect(clinic.logo?[facet: "thumbnail"]?.mime == "image/jpeg")
        #expect(clinic.logo?.facets.map(\.name) == ["content", "thumbnail"])
    }

    @Test(arguments: ["clinic.json", "clinic-minimal.json"])
    func clinicsRoundTripToTheSameJSON(_ fixture: String) throws {
        let input = try Fixtures.data(fixture)
        let clinic = try JSONDecoder().decode(Clinic.self, from: input)
        // Cortex's own `object` field, naming the type, is a system property of the model and survives too.
        #expect(clinic.object == "c_clinic")
        #expect(try json(encoded(clinic)) == json(input))
    }

    @Test func keepsAnEnumValueTheSchemaDoesNotList() throws {
        let clinic = try Fixtures.decode(Clinic.self, from: "clinic-minimal.json")
        #expect(clinic.kind == .undocumented("mobile-unit"))
        #expect(clinic.kind?.rawValue == "mobile-unit")
        #expect(clinic.head == .id(ObjectID("5a2f1b7c9d3e4f5a6b7c8d02")!))
    }

    @Test func decodesEachVariantOfAnObjectWithTypes() throws {
        let visits = try Fixtures.decode([Visit].self, from: "visits.json")
        #expect(visits.map(\.type) == ["c_in_person", "c_remote", "c_home_visit"])

        guard case .inPerson(let inPerson) = visits[0] else {
            Issue.record("expected an in-person visit, got \(visits[0])")
            return
        }
        #expect(inPerson.room == "3B")
        #expect(inPerson.duration == 30)
        #expect(inPerson.clinic?.path == "/c_clinics/5a2f1b7c9d3e4f5a6b7c8d01")
        #expect(inPerson.when == ISO8601DateCoding.date(from: "2026-11-22T10:15:30.123Z"))
        #expect(inPerson.notes?.map(\.text) == ["Arrived early", "Follow up in two weeks"])
        #expect(inPerson.notes?.first?.author?.id == ObjectID("5a2f1b7c9d3e4f5a6b7c8d02"))
        #expect(inPerson.scans?.first?.content?.state == .pending)
        #expect(inPerson.scans?.first?.uploads.first?.fields.map(\.key) == ["policy", "signature"])

        guard case .remote(let remote) = visits[1] else {
            Issue.record("expected a remote visit, got \(visits[1])")
            return
        }
        #expect(remote.recorded == false)
        #expect(remote.clinic?.expanded?.name == "Northside Clinic")
        #expect(remote.clinic?.expanded?.kind == .practice)

        guard case .undocumented(let type, let body) = visits[2] else {
            Issue.record("expected an undocumented visit, got \(visits[2])")
            return
        }
        #expect(type == "c_home_visit")
        #expect(body["c_address"] == "somewhere")
    }

    @Test func variantsRoundTrip() throws {
        let visits = try Fixtures.decode([Visit].self, from: "visits.json")
        #expect(try roundTripped(visits) == visits)
        // The in-person visit's dates carry milliseconds already, so its JSON comes back as it was.
        let input = try json(Fixtures.data("visits.json"))
        let output = try json(encoded(visits))
        #expect(output[0] == input[0])
        #expect(output[2] == input[2])
        #expect(output[1]?["type"] == "c_remote")
        #expect(output[1]?["c_when"] == "2026-11-23T08:00:00.000Z")
    }

    /// Each type's struct keeps its object's own properties in `common`, declared once for every type: they read and
    /// write as the struct's own (`visit.when`, the system properties' `visit.created` too), the struct is
    /// `Identifiable` by the object's `_id`, a `null` and a member the schema doesn't define each come back once, and
    /// a `Patch` made from two copies sees a change to one of them, through the shared `Visit.Common.Patch`.
    @Test func aTypesStructKeepsItsObjectsOwnPropertiesInCommon() throws {
        let payload = Data(
            #"""
            {"_id": "5a2f1b7c9d3e4f5a6b7c8e01", "object": "c_visit", "type": "c_in_person",
            "c_when": "2026-11-22T10:15:30.123Z", "c_score": null, "c_room": "3B", "c_extra": {"kept": true},
            "created": "2026-11-20T08:00:00.000Z"}
            """#.utf8
        )
        let visit = try JSONDecoder().decode(Visit.self, from: payload)
        guard case .inPerson(var inPerson) = visit else {
            Issue.record("expected an in-person visit, got \(visit)")
            return
        }
        #expect(inPerson.id == ObjectID("5a2f1b7c9d3e4f5a6b7c8e01"))
        #expect(inPerson.common.id == inPerson.id)
        #expect(inPerson.when == ISO8601DateCoding.date(from: "2026-11-22T10:15:30.123Z"))
        #expect(inPerson.created == ISO8601DateCoding.date(from: "2026-11-20T08:00:00.000Z"))
        #expect(inPerson.room == "3B" && inPerson.score == nil)
        #expect(inPerson.unknownMembers.members.map(\.key) == ["c_extra"])
        // The object's own keys and the type's own are its members, each once; the rest is kept as it came.
        #expect(try json(encoded(visit)) == json(payload))

        let original = inPerson
        inPerson.when = Date(timeIntervalSince1970: 0)
        inPerson.room = "4A"
        #expect(inPerson.common.when == Date(timeIntervalSince1970: 0))
        let patch = Visit.InPerson.Patch(from: original, to: inPerson)
        #expect(Set(patch.operations.map(\.path)) == ["c_when", "c_room"])
        // The type's `Patch` keeps the update of the shared properties in its `common`, one `Visit.Common.Patch`,
        // which is an update of its own too: a shared property needs no type to change.
        var typed = Visit.InPerson.Patch()
        typed.when = .set(Date(timeIntervalSince1970: 0))
        #expect(typed.common.when.change == .set(Date(timeIntervalSince1970: 0)))
        var shared = Visit.Common.Patch()
        shared.when = .set(Date(timeIntervalSince1970: 0))
        #expect(shared.operations == typed.operations && shared.operations.map(\.path) == ["c_when"])
    }

    @Test func anUnknownVariantWithoutItsTypeFailsToDecode() throws {
        let payload = Data(#"{"_id": "5a2f1b7c9d3e4f5a6b7c8e01", "c_when": "2026-11-22T10:15:30Z"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Visit.self, from: payload) }
    }

    @Test func aBadDateNamesItsPath() throws {
        let payload = Data(
            #"{"_id": "5a2f1b7c9d3e4f5a6b7c8e01", "object": "c_visit", "type": "c_remote", "c_clinic": "5a2f1b7c9d3e4f5a6b7c8d01", "c_when": "yesterday"}"#
                .utf8
        )
        #expect {
            try JSONDecoder().decode(Visit.self, from: payload)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["c_when"]
        }
    }
}

@Suite struct CortexExportReportTests {
    @Test func referencesWithoutObjectOrPathAreNotReportedAsMissing() throws {
        let payload = Data(
            #"{"_id": "5a2f1b7c9d3e4f5a6b7c8d03", "object": "c_clinic", "c_name": "Lab", "c_kind": "mobile-unit", "c_head": {"_id": "5a2f1b7c9d3e4f5a6b7c8d02"}}"#
                .utf8
        )
        let (_, report) = try DecodingReport.decode(Clinic.self, from: payload)
        #expect(!report.entries.contains { $0.keyPath.hasPrefix("c_head.") })
        #expect(report.entries.contains(.init(kind: .unknownValue, keyPath: "c_kind", value: "mobile-unit")))
        #expect(report.entries.contains(.init(kind: .missingOptional, keyPath: "c_logo", value: nil)))
    }
}
