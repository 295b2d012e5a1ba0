import Foundation
import GoldenCortexExport
import GoldenMedable
import GoldenNaming
import GoldenQueries
import ModelRuntime
import Testing

private let clinicID = ObjectID("5a2f1b7c9d3e4f5a6b7c8d01")!

private func png(bytes: Int = 8) -> FileUpload.Facet {
    .init(data: Data(count: bytes), mime: "image/png")
}

private func logo(_ facets: [String: FileUpload.Facet]) -> FileUpload {
    FileUpload(facets: facets)
}

/// A dialect that records whether anything reached it: a body that breaks a rule must not.
private final class RecordingDialect: BodyDialect, @unchecked Sendable {
    private(set) var calls = 0

    func renderCreate(_ members: [BodyMember], pluralName: String) throws -> RenderedRequest {
        calls += 1
        return RenderedRequest(method: "POST", path: "/\(pluralName)")
    }

    func renderUpdate(_ operations: [PatchOperation], id: String, pluralName: String) throws -> [RenderedRequest] {
        calls += 1
        return [RenderedRequest(method: "PUT", path: "/\(pluralName)/\(id)")]
    }
}

/// The violations `body` throws when rendered, or `[]` when it renders.
private func thrownViolations(_ render: () throws -> Any) -> [Violation] {
    do {
        _ = try render()
        return []
    } catch let error as ValidationError {
        return error.violations
    } catch {
        Issue.record("expected a ValidationError, got \(error)")
        return []
    }
}

@Suite struct ValidationTests {
    // MARK: - strings

    @Test func stringLengthWithinMinAndMax() throws {
        #expect(Clinic.Create(name: "N").violations(at: "").isEmpty)
        #expect(Clinic.Create(name: String(repeating: "n", count: 100)).violations(at: "").isEmpty)

        #expect(
            Clinic.Create(name: "").violations(at: "")
                == [Violation(path: "c_name", message: "is 0 characters long; the minimum is 1")]
        )
        #expect(
            Clinic.Create(name: String(repeating: "n", count: 101)).violations(at: "")
                == [Violation(path: "c_name", message: "is 101 characters long; the maximum is 100")]
        )
        // Characters, not bytes or UTF-16 units.
        #expect(Clinic.Create(name: String(repeating: "é", count: 100)).violations(at: "").isEmpty)
        #expect(Clinic.Create(name: String(repeating: "👩‍⚕️", count: 100)).violations(at: "").isEmpty)

        var patch = Clinic.Patch()
        patch.name = .set("")
        #expect(patch.violations(at: "").map(\.path) == ["c_name"])
        patch.name = .set(String(repeating: "n", count: 101))
        #expect(patch.violations(at: "").map(\.path) == ["c_name"])
        patch.name = .set("Northside")
        #expect(patch.violations(at: "").isEmpty)
    }

    // MARK: - numbers JSON cannot hold

    @Test func nanAndInfinitiesAreRefusedWithTheirPathsNotSentAsInvalidJSON() throws {
        var create = Clinic.Create(name: "N")
        create.beds = .nan
        create.meta = ["c_scores": [1, .double(.infinity)]]
        let dialect = RecordingDialect()
        #expect(
            thrownViolations { try create.rendered(for: dialect) }.map(\.description) == [
                "c_beds: is NaN or an infinity, which JSON cannot hold",
                "c_meta: is NaN or an infinity, which JSON cannot hold",
            ]
        )
        create.beds = 3
        create.meta = nil
        _ = try create.rendered(for: dialect)

        var patch = Clinic.Patch()
        patch.beds.increment(by: -.infinity)
        #expect(thrownViolations { try patch.rendered(id: clinicID, for: dialect) }.map(\.path) == ["c_beds"])
        patch.beds = .set(.nan)
        #expect(thrownViolations { try patch.rendered(id: clinicID, for: dialect) }.map(\.path) == ["c_beds"])
        #expect(dialect.calls == 1)
    }

    /// A number past `Int`'s range that the server sent (`JSONValue.bigInteger`) goes back with every digit, in
    /// bodies and in filters, in each dialect: it was written as a rounded double, or as `inf` (invalid JSON) past a
    /// double's range. One built in code whose text is no integer is refused, not written into the JSON.
    @Test func bigIntegersGoBackWithEveryDigitAndInvalidOnesAreRefused() throws {
        let digits = "1" + String(repeating: "0", count: 400)
        var create = Clinic.Create(name: "N")
        create.meta = ["n": .bigInteger(digits), "m": .bigInteger("-123456789012345678901234567891")]
        for dialect in [CortexDialect() as any BodyDialect, MiaDialect(), ParseDialect()] {
            let body = try #require(try create.rendered(for: dialect).body?.serialized)
            #expect(body.contains(#""n":\#(digits)"#), "\(dialect): \(body.prefix(80))")
            #expect(body.contains(#""m":-123456789012345678901234567891"#), "\(dialect)")
        }
        let query = Clinic.query.where { $0.meta.eq(.bigInteger(digits)) }
        for dialect in [CortexDialect() as any QueryDialect, MiaDialect(), ParseDialect()] {
            let rendered = try query.rendered(for: dialect)
            let text = (rendered.queryItems.map { $0.value ?? "" } + [rendered.body?.serialized ?? ""]).joined()
            #expect(text.contains(digits), "\(dialect)")
            #expect(!text.contains("inf"), "\(dialect)")
        }

        create.meta = ["n": .bigInteger("1,\"x\":2")]
        let dialect = RecordingDialect()
        #expect(
            thrownViolations { try create.rendered(for: dialect) }.map(\.description) == [
                "c_meta: is NaN or an infinity, which JSON cannot hold"
            ]
        )
    }

    // MARK: - arrays

    @Test func maxItems() throws {
        var object = Object.Create(string: "s")
        object.stringArray = Array(repeating: "v", count: 10)
        #expect(object.violations(at: "").isEmpty)
        object.stringArray = Array(repeating: "v", count: 11)
        #expect(
            object.violations(at: "")
                == [Violation(path: "c_stringArray", message: "has 11 elements; the maximum is 10")]
        )

        var clinic = Clinic.Create(name: "North")
        clinic.tags = (0..<20).map { "t\($0)" }
        #expect(clinic.violations(at: "").isEmpty)
        clinic.tags = (0..<21).map { "t\($0)" }
        #expect(clinic.violations(at: "") == [Violation(path: "c_tags", message: "has 21 elements; the maximum is 20")])
        clinic.tags = []
        #expect(clinic.violations(at: "").isEmpty)

        var objectPatch = Object.Patch()
        objectPatch.stringArray = .set(Array(repeating: "v", count: 11))
        #expect(objectPatch.violations(at: "").map(\.path) == ["c_stringArray"])
        var clinicPatch = Clinic.Patch()
        clinicPatch.tags = .set((0..<21).map { "t\($0)" })
        #expect(clinicPatch.violations(at: "").map(\.path) == ["c_tags"])
    }

    @Test func minItems() {
        // No golden schema has a minItems above 0 (Clinic's c_tags has 0), so the validator itself.
        #expect(
            Validation.count(of: ["a"], min: 2, max: 5, at: "c_x.c_list")
                == [Violation(path: "c_x.c_list", message: "has 1 elements; the minimum is 2")]
        )
        #expect(Validation.count(of: ["a", "b"], min: 2, at: "c_list").isEmpty)
        let absent: [String]? = nil
        #expect(Validation.count(of: absent, min: 2, at: "c_list").isEmpty)
    }

    @Test func pathsJoinThePrefixAndTheKey() {
        // Generated bodies pass their prefix and the property's key apart; every check reports them joined.
        #expect(Validation.notCleared(FieldUpdate<String>.null, at: "c_a.", "c_b").map(\.path) == ["c_a.c_b"])
        #expect(Validation.length(of: "", min: 1, at: "c_a.", "c_b").map(\.path) == ["c_a.c_b"])
        let upload = FileUpload(facets: ["thumb": .init(data: Data([1]), mime: "image/png")])
        #expect(
            Validation.files([upload], rules: [FacetRule(name: "content", isRequired: true)], at: "c_a.", "c_files")
                .map(\.path)
                == ["c_a.c_files[0].thumb", "c_a.c_files[0].content"]
        )
    }

    @Test func visitNotesMaxItems() {
        let notes = (0..<101).map { Visit.Note(text: "n\($0)") }
        var create = Visit.InPerson.Create(clinic: clinicID, when: Date(timeIntervalSince1970: 0))
        create.notes = notes.map { note in
            var body = Visit.Note.Create()
            body.text = note.text
            return body
        }
        #expect(create.violations(at: "").map(\.path) == ["c_notes"])
        // The same rule holds when an update replaces the whole array.
        var patch = Visit.InPerson.Patch()
        patch.notes = .set(notes)
        #expect(patch.violations(at: "").map(\.path) == ["c_notes"])
    }

    // MARK: - enums

    @Test func enumValueTheSchemaDoesNotList() {
        var object = Object.Create(string: "s")
        object.status = .done
        #expect(object.violations(at: "").isEmpty)
        object.status = .undocumented("x")
        #expect(
            object.violations(at: "")
                == [Violation(path: "c_status", message: "'x' is not one of the schema's values")]
        )
        // A raw value the schema lists is documented, however it was made.
        object.status = Object.Status(rawValue: "new")
        #expect(object.violations(at: "").isEmpty)

        var clinic = Clinic.Create(name: "North")
        clinic.kind = .undocumented("spa")
        #expect(clinic.violations(at: "").map(\.path) == ["c_kind"])

        var item = Item.Create(name: "Chair")
        item.status = .undocumented("archived")
        #expect(item.violations(at: "").map(\.path) == ["c_status"])

        var patch = Item.Patch()
        patch.status = .set(.undocumented("archived"))
        #expect(patch.violations(at: "").map(\.path) == ["c_status"])
        patch.status = .set(.closed)
        #expect(patch.violations(at: "").isEmpty)
    }

    // MARK: - files

    @Test func facetMimes() {
        var clinic = Clinic.Create(name: "North")
        clinic.logo = logo(["content": png()])
        #expect(clinic.violations(at: "").isEmpty)
        clinic.logo = logo(["content": .init(data: Data(count: 8), mime: "image/gif")])
        #expect(
            clinic.violations(at: "")
                == [Violation(path: "c_logo.content", message: "is image/gif; accepted are image/png, image/jpeg")]
        )
        // A mime taken from the file name is checked the same way.
        clinic.logo = logo(["content": .init(data: Data(count: 8), fileName: "logo.webp")])
        #expect(clinic.violations(at: "").map(\.path) == ["c_logo.content"])

        // In a file array, each file's path has its index.
        var office = Office.Create()
        office.pictures = [
            FileUpload(facets: ["content": .init(data: Data(count: 4), mime: "image/jpeg")]),
            FileUpload(facets: [
                "content": .init(data: Data(count: 4), mime: "image/png"),
                "c_overlay": .init(data: Data(count: 4), mime: "image/jpeg"),
            ]),
        ]
        #expect(
            office.violations(at: "")
                == [Violation(path: "c_pictures[1].c_overlay", message: "is image/jpeg; accepted are image/png")]
        )

        var visit = Visit.Remote.Create(clinic: clinicID, when: Date(timeIntervalSince1970: 0))
        visit.scans = [
            FileUpload(facets: ["content": .init(data: Data(count: 4), fileName: "scan.pdf")]),
            FileUpload(facets: ["content": .init(data: Data(count: 4), fileName: "scan.png")]),
        ]
        #expect(visit.violations(at: "").map(\.path) == ["c_scans[1].content"])
    }

    @Test func maxFileSize() {
        var clinic = Clinic.Create(name: "North")
        clinic.logo = logo(["content": png(bytes: 5_000_000)])
        #expect(clinic.violations(at: "").isEmpty)
        clinic.logo = logo(["content": png(bytes: 5_000_001)])
        #expect(
            clinic.violations(at: "")
                == [Violation(path: "c_logo.content", message: "is 5000001 bytes; the maximum is 5000000")]
        )
        var patch = Clinic.Patch()
        patch.logo = .set(logo(["content": png(bytes: 5_000_001)]))
        #expect(patch.violations(at: "").map(\.path) == ["c_logo.content"])
    }

    @Test func unknownFacet() {
        var clinic = Clinic.Create(name: "North")
        clinic.logo = logo(["content": png(), "c_banner": png()])
        #expect(
            clinic.violations(at: "")
                == [Violation(path: "c_logo.c_banner", message: "is not a facet of this file (content, thumbnail)")]
        )
    }

    /// Clinic's `thumbnail` is a processor output (`allowUpload: false` in the export): the server makes it.
    @Test func facetTheServerMakesCannotBeUploaded() {
        var clinic = Clinic.Create(name: "North")
        clinic.logo = logo(["content": png(), "thumbnail": .init(data: Data(count: 4), mime: "image/jpeg")])
        #expect(clinic.violations(at: "").map(\.path) == ["c_logo.thumbnail"])
    }

    @Test func requiredFacetMissing() {
        var clinic = Clinic.Create(name: "North")
        clinic.logo = logo(["thumbnail": .init(data: Data(count: 4), mime: "image/jpeg")])
        #expect(clinic.violations(at: "").contains(Violation(path: "c_logo.content", message: "is required")))
        clinic.logo = logo([:])
        #expect(clinic.violations(at: "") == [Violation(path: "c_logo.content", message: "is required")])

        var visit = Visit.InPerson.Create(clinic: clinicID, when: Date(timeIntervalSince1970: 0))
        visit.scans = [FileUpload(facets: [:])]
        #expect(visit.violations(at: "") == [Violation(path: "c_scans[0].content", message: "is required")])
    }

    // MARK: - nested documents

    @Test func nestedDocumentPaths() {
        var window = Settings.Limits.Window.Create(to: Date(timeIntervalSince1970: 0))
        window.days = [.mon, .undocumented("sun"), .tue, .undocumented("sat")]
        var limits = Settings.Limits.Create()
        limits.windows = [Settings.Limits.Window.Create(to: Date(timeIntervalSince1970: 0)), window]
        var settings = Settings.Create()
        settings.limits = limits
        settings.theme = .undocumentedValue("neon")
        #expect(
            settings.violations(at: "").map(\.path) == [
                "c_theme", "c_limits.c_windows[1].c_days[1]", "c_limits.c_windows[1].c_days[3]",
            ]
        )
        // Below a prefix, as an enclosing body asks.
        #expect(
            limits.violations(at: "c_limits.").map(\.path) == [
                "c_limits.c_windows[1].c_days[1]", "c_limits.c_windows[1].c_days[3]",
            ]
        )
    }

    @Test func patchCannotClearARequiredProperty() {
        var item = Item.Patch()
        item.name = .null
        #expect(item.violations(at: "") == [Violation(path: "c_name", message: "is required and cannot be cleared")])
        #expect(throws: ValidationError.self) { try item.rendered(id: clinicID, for: MiaDialect()) }

        var object = Object.Patch()
        object.string = .null
        #expect(object.violations(at: "").map(\.path) == ["c_string"])

        var visit = Visit.InPerson.Patch()
        visit.clinic = .null
        visit.when = .null
        #expect(visit.violations(at: "").map(\.path) == ["c_clinic", "c_when"])

        var clinic = Clinic.Patch()
        clinic.name = .null
        clinic.phone = .null
        #expect(clinic.violations(at: "").map(\.path) == ["c_name"])

        // Optional properties clear freely; required ones can still be set.
        var fine = Item.Patch()
        fine.count = .null
        fine.name = .set("Table")
        #expect(fine.violations(at: "").isEmpty)
    }

    // MARK: - every violation at once, nothing sent

    @Test func renderingListsEveryViolationAndSendsNothing() throws {
        var clinic = Clinic.Create(name: "")
        clinic.tags = (0..<21).map { "t\($0)" }
        clinic.kind = .undocumented("spa")
        clinic.logo = logo(["content": .init(data: Data(count: 5_000_001), mime: "image/gif"), "c_banner": png()])
        let expected = [
            Violation(path: "c_name", message: "is 0 characters long; the minimum is 1"),
            Violation(path: "c_tags", message: "has 21 elements; the maximum is 20"),
            Violation(path: "c_kind", message: "'spa' is not one of the schema's values"),
            Violation(path: "c_logo.c_banner", message: "is not a facet of this file (content, thumbnail)"),
            Violation(path: "c_logo.content", message: "is image/gif; accepted are image/png, image/jpeg"),
            Violation(path: "c_logo.content", message: "is 5000001 bytes; the maximum is 5000000"),
        ]
        #expect(clinic.violations(at: "") == expected)

        let recorder = RecordingDialect()
        #expect(thrownViolations { try clinic.rendered(for: recorder) } == expected)
        #expect(thrownViolations { try clinic.rendered(for: CortexDialect()) } == expected)
        #expect(thrownViolations { try clinic.rendered(for: MiaDialect()) } == expected)
        #expect(thrownViolations { try clinic.rendered(for: ParseDialect()) } == expected)
        #expect(thrownViolations { try clinic.validatedMembers() } == expected)
        #expect(recorder.calls == 0)

        let error = ValidationError(violations: expected)
        #expect(error.description.hasPrefix("the body breaks 6 rules: c_name: is 0 characters long"))

        var patch = Clinic.Patch()
        patch.name = .null
        patch.tags = .set((0..<21).map { "t\($0)" })
        patch.kind = .set(.undocumented("spa"))
        patch.logo = .set(logo([:]))
        let expectedPatch = [
            Violation(path: "c_name", message: "is required and cannot be cleared"),
            Violation(path: "c_tags", message: "has 21 elements; the maximum is 20"),
            Violation(path: "c_kind", message: "'spa' is not one of the schema's values"),
            Violation(path: "c_logo.content", message: "is required"),
        ]
        #expect(thrownViolations { try patch.rendered(id: clinicID, for: recorder) } == expectedPatch)
        #expect(thrownViolations { try patch.rendered(id: clinicID, for: CortexDialect()) } == expectedPatch)
        #expect(recorder.calls == 0)

        // A valid body does reach the dialect.
        _ = try Clinic.Create(name: "North").rendered(for: recorder)
        var valid = Clinic.Patch()
        valid.name = .set("North")
        _ = try valid.rendered(id: clinicID, for: recorder)
        #expect(recorder.calls == 2)
    }

    @Test func violationsInNestedBodiesAreAllReported() {
        var item = Item.Create(name: "Chair")
        item.status = .undocumented("archived")
        item.parts = [Item.Part.Create(), Item.Part.Create()]
        var visit = Visit.InPerson.Create(clinic: clinicID, when: Date(timeIntervalSince1970: 0))
        visit.scans = [
            FileUpload(facets: [:]),
            FileUpload(facets: ["content": .init(data: Data(count: 1), mime: "image/png"), "x": png()]),
        ]
        #expect(
            visit.violations(at: "").map(\.description) == [
                "c_scans[0].content: is required",
                // Facets in name order.
                "c_scans[1].content: is image/png; accepted are application/pdf",
                "c_scans[1].x: is not a facet of this file (content)",
            ]
        )
        #expect(item.violations(at: "").map(\.path) == ["c_status"])
    }
}
