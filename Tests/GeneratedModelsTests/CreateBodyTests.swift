import Foundation
import GoldenCortexExport
import GoldenMedable
import GoldenQueries
import ModelRuntime
import ModelRuntimeClient
import Testing

/// A rendered body as a `JSONValue`, read back from the exact bytes that would be sent.
private func sentJSON(_ body: QueryJSON?) throws -> JSONValue {
    let body = try #require(body, "the request has no body")
    return try json(Data(body.serialized.utf8))
}

/// The keys of a rendered object body, in the order they are sent.
private func sentKeys(_ body: QueryJSON?) -> [String] {
    guard case .object(let members)? = body else { return [] }
    return members.map(\.key)
}

private func date(_ text: String) -> Date {
    ISO8601DateCoding.date(from: text)!
}

private func id(_ text: String) -> ObjectID {
    ObjectID(text)!
}

/// Stand-ins for image bytes: only their identity and size matter to a body.
private let jpegBytes = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46])
private let secondJpegBytes = Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x20])
private let pngBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

/// The two pictures of Medable's iOS SDK documentation: `content` alone (mime given), then `c_original` (mime from its file name) with a
/// `c_overlay` (mime given, file name made from facet and mime).
private let pictureOne = FileUpload(facets: ["content": .init(data: jpegBytes, mime: "image/jpeg")])
private let pictureTwo = FileUpload(facets: [
    "c_original": .init(data: secondJpegBytes, fileName: "c_original.jpg"),
    "c_overlay": .init(data: pngBytes, mime: "image/png"),
])

/// The `c_object` body of Medable's iOS SDK documentation ("Direct Approach"), every optional property the example sets.
private func medableObjectBody() -> Object.Create {
    var body = Object.Create(string: "String Value")
    body.date = date("2026-11-22T10:15:30.000Z")
    body.isEnabled = true
    body.reference = id("5a2f1b7c9d3e4f5a6b7c8d9e")
    body.number = 42
    var document = Object.Document.Create()
    document.stringOne = "String One"
    document.stringTwo = "String Two"
    body.document = document
    body.any = ["c_anyKey": "any value"]
    body.stringArray = ["value 1", "value 2", "value 3"]
    return body
}

private func medableOfficeBody() -> Office.Create {
    var body = Office.Create()
    body.stringProperty = "value of the string property"
    body.pictures = [pictureOne, pictureTwo]
    return body
}

@Suite struct CreateBodyTests {
    // MARK: - cortex

    @Test func objectCreateBodyMatchesTheMedableSDKsBody() throws {
        let rendered = try medableObjectBody().rendered(for: CortexDialect())
        #expect(rendered.method == "POST")
        #expect(rendered.path == "/c_objects")
        #expect(rendered.queryItems.isEmpty)
        #expect(try sentJSON(rendered.body) == json(Fixtures.data("c_object-create-body.json")))
        // Schema order, which is also the documentation's order.
        #expect(
            sentKeys(rendered.body) == [
                "c_date", "c_bool", "c_reference", "c_number", "c_document", "c_string", "c_any", "c_stringArray",
            ]
        )
    }

    @Test func objectCreateBodyIsByteExact() throws {
        let rendered = try medableObjectBody().rendered(for: CortexDialect())
        #expect(
            rendered.body?.serialized
                == #"{"c_date":"2026-11-22T10:15:30.000Z","c_bool":true,"c_reference":"5a2f1b7c9d3e4f5a6b7c8d9e","#
                + #""c_number":42,"c_document":{"c_stringOne":"String One","c_stringTwo":"String Two"},"#
                + #""c_string":"String Value","c_any":{"c_anyKey":"any value"},"#
                + #""c_stringArray":["value 1","value 2","value 3"]}"#
        )
    }

    @Test func requiredPropertyAloneMakesTheSmallestBody() throws {
        let rendered = try Object.Create(string: "only").rendered(for: CortexDialect())
        #expect(rendered.body?.serialized == #"{"c_string":"only"}"#)
    }

    @Test func remainingObjectPropertiesRenderInTheirWireForms() throws {
        var body = Object.Create(string: "s")
        body.count = 7
        body.day = DateOnly(year: 2026, month: 2, day: 28)
        body.status = .done
        body.parent = id("5a2f1b7c9d3e4f5a6b7c8d01")
        body.number = 2.5
        let rendered = try body.rendered(for: CortexDialect())
        #expect(
            rendered.body?.serialized
                == #"{"c_number":2.5,"c_string":"s","c_count":7,"c_day":"2026-02-28","c_status":"done","#
                + #""c_parent":"5a2f1b7c9d3e4f5a6b7c8d01"}"#
        )
    }

    @Test func officePicturesMatchTheMedableSDKsBody() throws {
        let body = medableOfficeBody()
        // The wire form, whatever validation says (see `officeBodyOfTheMedableSDKPassesValidation`).
        let rendered = try CortexDialect().renderCreate(body.members, pluralName: Office.pluralName)
        #expect(rendered.method == "POST")
        #expect(rendered.path == "/c_offices")
        #expect(try sentJSON(rendered.body) == json(Fixtures.data("c_office-pictures-create-body.json")))
        // Facets are announced in name order, so the body is deterministic.
        #expect(
            rendered.body?.serialized
                == #"{"c_stringProperty":"value of the string property","c_pictures":[{"content":"content.jpg"},"#
                + #"{"c_original":"c_original.jpg","c_overlay":"c_overlay.png"}]}"#
        )
    }

    /// Medable's iOS SDK documentation: "at least `content` or `c_original` must be present"; its second picture has no `content`.
    @Test func officeBodyOfTheMedableSDKPassesValidation() throws {
        let body = medableOfficeBody()
        #expect(body.violations(at: "").isEmpty)
        let rendered = try body.rendered(for: CortexDialect())
        #expect(try sentJSON(rendered.body) == json(Fixtures.data("c_office-pictures-create-body.json")))
    }

    @Test func facetMimeComesFromGivenTypeOrFileName() {
        #expect(pictureOne.facets["content"]?.mime == "image/jpeg")
        #expect(pictureTwo.facets["c_original"]?.mime == "image/jpeg")
        #expect(pictureTwo.facets["c_overlay"]?.mime == "image/png")
        #expect(FileUpload.Facet(data: pngBytes, fileName: "IMG_1399.PNG").mime == "image/png")
        #expect(FileUpload.Facet(data: pngBytes, fileName: "notes").mime == "application/octet-stream")
        #expect(pictureOne.fileName(ofFacet: "content") == "content.jpg")
        #expect(pictureTwo.fileName(ofFacet: "c_original") == "c_original.jpg")
        #expect(pictureTwo.fileName(ofFacet: "c_overlay") == "c_overlay.png")
        let named = FileUpload(facets: ["content": .init(data: jpegBytes, fileName: "IMG_1399.JPG")])
        #expect(named.fileName(ofFacet: "content") == "IMG_1399.JPG")
        #expect(named.facets["content"]?.mime == "image/jpeg")
    }

    @Test func filesListEveryUploadWithItsPath() {
        let files = medableOfficeBody().files
        #expect(files.map(\.path) == ["c_pictures[0]", "c_pictures[1]"])
        #expect(files.map(\.upload) == [pictureOne, pictureTwo])

        var clinic = Clinic.Create(name: "North")
        #expect(clinic.files.isEmpty)
        clinic.logo = pictureOne
        #expect(clinic.files.map(\.path) == ["c_logo"])
        #expect(Object.Create(string: "no files").files.isEmpty)
    }

    @Test func pendingUploadsPairEachFileWithTheServersAnswer() throws {
        func upload(_ facet: String) -> JSONValue {
            [
                "name": .string(facet), "uploadUrl": "https://uploads.example.com/bucket", "uploadMethod": "POST",
                "uploadKey": "file", "fields": [["key": "policy", "value": .string("p-\(facet)")]],
                "maxFileSize": 10_000_000,
            ]
        }
        let created: JSONValue = [
            "_id": "5a2f1b7c9d3e4f5a6b7c8d9f", "object": "c_office",
            "c_stringProperty": "value of the string property",
            "c_pictures": [
                ["facets": [], "uploads": [upload("content")]],
                ["facets": [], "uploads": [upload("c_original"), upload("c_overlay")]],
            ],
        ]
        let pending = try medableOfficeBody().pendingUploads(in: created)
        #expect(pending.map(\.path) == ["c_pictures[0]", "c_pictures[1]"])
        #expect(pending.map(\.upload) == [pictureOne, pictureTwo])
        #expect(pending[0].file.uploads.map(\.name) == ["content"])
        #expect(pending[1].file.uploads.map(\.name) == ["c_original", "c_overlay"])
        #expect(pending[1].file.uploads.first?.fields == [.init(key: "policy", value: "p-c_original")])
        #expect(pending[0].file.uploads.first?.uploadURL == URL(string: "https://uploads.example.com/bucket"))

        // An answer without the second picture cannot say where its bytes go.
        let short: JSONValue = ["c_pictures": [["facets": [], "uploads": [upload("content")]]]]
        #expect(throws: UploadError.self) { try medableOfficeBody().pendingUploads(in: short) }
    }

    // MARK: - mia

    @Test func miaCreatePostsTheDocumentToTheCollection() throws {
        var body = Picturedata.Create()
        body.username = "mario"
        body.picturename = "image51.jpg"
        body.picturedate = date("2014-03-22T17:05:40.351Z")
        body.flashMode = false
        body.keywords = ["sea", "sun"]
        let rendered = try body.rendered(for: MiaDialect())
        #expect(rendered.method == "POST")
        #expect(rendered.path == "/picturedata/")
        #expect(
            rendered.body?.serialized
                == #"{"username":"mario","picturename":"image51.jpg","picturedate":"2014-03-22T17:05:40.351Z","#
                + #""flashMode":false,"keywords":["sea","sun"]}"#
        )

        var plate = Plate.Create()
        plate.name = "Vegetable soup"
        plate.price = 9.5
        var registry = Plate.Registry.Create()
        registry.surname = "Rossi"
        plate.registry = registry
        let plateRendered = try plate.rendered(for: MiaDialect())
        #expect(plateRendered.path == "/plates/")
        #expect(
            try sentJSON(plateRendered.body)
                == ["name": "Vegetable soup", "price": 9.5, "registry": ["surname": "Rossi"]]
        )
    }

    @Test func miaCreateRejectsFiles() throws {
        var body = Office.Create()
        body.pictures = [pictureOne]
        #expect(throws: BodyError.self) { try body.rendered(for: MiaDialect()) }
        var clinic = Clinic.Create(name: "North")
        clinic.logo = pictureOne
        #expect(throws: BodyError.self) { try clinic.rendered(for: MiaDialect()) }
    }

    // MARK: - parse

    @Test func parseCreateWritesDatesAndPointers() throws {
        var body = GameScore.Create()
        body.points = 1337
        body.playerName = "Sean Plott"
        body.owner = id("5a2f1b7c9d3e4f5a6b7c8d02")
        body.playedAt = date("2011-08-21T18:02:52.249Z")
        let rendered = try body.rendered(for: ParseDialect())
        #expect(rendered.method == "POST")
        #expect(rendered.path == "/classes/GameScore")
        #expect(
            rendered.body?.serialized
                == #"{"points":1337,"playerName":"Sean Plott","#
                + #""owner":{"__type":"Pointer","className":"Player","objectId":"5a2f1b7c9d3e4f5a6b7c8d02"},"#
                + #""playedAt":{"__type":"Date","iso":"2011-08-21T18:02:52.249Z"}}"#
        )
    }

    @Test func parsePointersNameTheTargetClassOfEachReference() throws {
        var body = Object.Create(string: "s")
        body.reference = id("5a2f1b7c9d3e4f5a6b7c8d9e")
        body.parent = id("5a2f1b7c9d3e4f5a6b7c8d01")
        let sent = try sentJSON(body.rendered(for: ParseDialect()).body)
        #expect(
            sent["c_reference"] == [
                "__type": "Pointer", "className": "account", "objectId": "5a2f1b7c9d3e4f5a6b7c8d9e",
            ]
        )
        #expect(
            sent["c_parent"] == ["__type": "Pointer", "className": "c_object", "objectId": "5a2f1b7c9d3e4f5a6b7c8d01"]
        )

        let visit = Visit.Remote.Create(clinic: id("5a2f1b7c9d3e4f5a6b7c8d01"), when: date("2026-11-23T08:00:00.000Z"))
        let visitSent = try sentJSON(visit.rendered(for: ParseDialect()).body)
        #expect(
            visitSent["c_clinic"] == [
                "__type": "Pointer", "className": "c_clinic", "objectId": "5a2f1b7c9d3e4f5a6b7c8d01",
            ]
        )
        #expect(visitSent["c_when"] == ["__type": "Date", "iso": "2026-11-23T08:00:00.000Z"])
    }

    @Test func parseCreateWritesUploadedFiles() throws {
        var clinic = Clinic.Create(name: "North")
        clinic.logo = pictureOne
        let uploaded = UploadedFile(
            name: "tfss-1a2b-content.jpg",
            url: "https://files.example.com/tfss-1a2b-content.jpg"
        )
        let rendered = try ParseDialect().renderCreate(
            clinic.validatedMembers(),
            pluralName: Clinic.pluralName,
            files: [pictureOne: uploaded]
        )
        #expect(rendered.method == "POST")
        #expect(rendered.path == "/classes/c_clinics")
        #expect(
            rendered.body?.serialized
                == #"{"c_name":"North","c_logo":{"__type":"File","name":"tfss-1a2b-content.jpg","#
                + #""url":"https://files.example.com/tfss-1a2b-content.jpg"}}"#
        )

        // Inside an array, each file is looked up by itself.
        let office = Office.Create()
        var withPictures = office
        withPictures.pictures = [pictureOne]
        let officeRendered = try ParseDialect().renderCreate(
            withPictures.members,
            pluralName: Office.pluralName,
            files: [pictureOne: UploadedFile(name: "a.jpg", url: nil)]
        )
        #expect(officeRendered.body?.serialized == #"{"c_pictures":[{"__type":"File","name":"a.jpg"}]}"#)
    }

    @Test func parseCreateRefusesAFileNotUploadedFirst() throws {
        var clinic = Clinic.Create(name: "North")
        clinic.logo = pictureOne
        #expect(throws: BodyError.self) { try clinic.rendered(for: ParseDialect()) }
        let otherFile = FileUpload(facets: ["content": .init(data: pngBytes, mime: "image/png")])
        #expect(throws: BodyError.self) {
            try ParseDialect().renderCreate(
                clinic.members,
                pluralName: Clinic.pluralName,
                files: [otherFile: UploadedFile(name: "other.png", url: nil)]
            )
        }
        // Uploading first: the request carries the file's mime type.
        let upload = try ParseDialect().renderFileUpload(pictureOne.facets["content"]!, name: "content.jpg")
        #expect(upload.method == "POST")
        #expect(upload.path == "/files/content.jpg")
        #expect(upload.headers == ["Content-Type": "image/jpeg"])
    }

    // MARK: - typed variants, documents, read-only properties

    @Test func variantBodiesCarryTheirType() throws {
        var inPerson = Visit.InPerson.Create(
            clinic: id("5a2f1b7c9d3e4f5a6b7c8d01"),
            when: date("2026-11-22T10:15:30.000Z")
        )
        inPerson.room = "3B"
        inPerson.duration = 30
        let rendered = try inPerson.rendered(for: CortexDialect())
        #expect(rendered.path == "/c_visits")
        #expect(
            rendered.body?.serialized
                == #"{"type":"c_in_person","c_clinic":"5a2f1b7c9d3e4f5a6b7c8d01","c_when":"2026-11-22T10:15:30.000Z","#
                + #""c_room":"3B","c_duration":30}"#
        )

        var remote = Visit.Remote.Create(clinic: id("5a2f1b7c9d3e4f5a6b7c8d01"), when: date("2026-11-23T08:00:00.000Z"))
        remote.link = "https://meet.example.com/abc"
        remote.recorded = false
        let remoteSent = try sentJSON(remote.rendered(for: CortexDialect()).body)
        #expect(remoteSent["type"] == "c_remote")
        #expect(remoteSent["c_link"] == "https://meet.example.com/abc")
        #expect(remoteSent["c_room"] == nil)
        // The type is sent in every dialect.
        #expect(try sentJSON(remote.rendered(for: MiaDialect()).body)["type"] == "c_remote")
        #expect(try sentKeys(inPerson.rendered(for: ParseDialect()).body).first == "type")
    }

    @Test func documentBodiesNestInTheirObject() throws {
        var document = Object.Document.Create()
        document.stringOne = "only one"
        var body = Object.Create(string: "s")
        body.document = document
        #expect(
            try body.rendered(for: CortexDialect()).body?.serialized
                == #"{"c_document":{"c_stringOne":"only one"},"c_string":"s"}"#
        )
        body.document = Object.Document.Create()
        #expect(try body.rendered(for: CortexDialect()).body?.serialized == #"{"c_document":{},"c_string":"s"}"#)

        // An array of documents, and a document that holds a reference.
        var item = Item.Create(name: "Chair")
        var size = Item.Size.Create()
        size.width = 40
        size.height = 90.5
        item.size = size
        var leg = Item.Part.Create()
        leg.label = "leg"
        leg.qty = 4
        var seat = Item.Part.Create()
        seat.label = "seat"
        item.parts = [leg, seat]
        #expect(
            try item.rendered(for: CortexDialect()).body?.serialized
                == #"{"c_name":"Chair","c_size":{"c_width":40,"c_height":90.5},"#
                + #""c_parts":[{"c_label":"leg","c_qty":4},{"c_label":"seat"}]}"#
        )

        var note = Visit.Note.Create()
        note.text = "follow up"
        note.author = id("5a2f1b7c9d3e4f5a6b7c8d9e")
        var visit = Visit.InPerson.Create(
            clinic: id("5a2f1b7c9d3e4f5a6b7c8d01"),
            when: date("2026-11-22T10:15:30.000Z")
        )
        visit.notes = [note]
        let parseSent = try sentJSON(visit.rendered(for: ParseDialect()).body)
        #expect(
            parseSent["c_notes"]
                == [
                    [
                        "c_text": "follow up",
                        "c_author": [
                            "__type": "Pointer", "className": "account", "objectId": "5a2f1b7c9d3e4f5a6b7c8d9e",
                        ],
                    ]
                ]
        )
    }

    @Test func readOnlyAndServerOwnedPropertiesStayOutOfBodies() throws {
        func labels(_ value: Any) -> Set<String> {
            Set(Mirror(reflecting: value).children.compactMap(\.label))
        }
        let create = Visit.InPerson.Create(
            clinic: id("5a2f1b7c9d3e4f5a6b7c8d01"),
            when: date("2026-11-22T10:15:30.000Z")
        )
        let patch = Visit.InPerson.Patch()
        // `c_score` is creatable but not writable: set once, never updated. Every type has it, so each type's bodies
        // hold it in `common`, their object's bodies, declared once.
        #expect(labels(create.common).contains("score") && !labels(create).contains("score"))
        #expect(!labels(patch.common).contains("score") && !labels(patch).contains("score"))
        #expect(!labels(Visit.Remote.Patch().common).contains("score"))
        #expect(
            labels(Visit.Remote.Create(clinic: id("5a2f1b7c9d3e4f5a6b7c8d01"), when: Date()).common).contains("score")
        )
        // The type's own properties are the type's body's own.
        #expect(labels(create).contains("room") && !labels(create.common).contains("room"))
        // `_id` belongs to the server: in neither body, while the models have it.
        for body in [labels(create), labels(patch), labels(Item.Create(name: "x")), labels(Item.Patch())] {
            #expect(!body.contains("id"))
            #expect(!body.contains("_id"))
        }
        let visit = Visit.InPerson(
            common: .init(
                id: id("5a2f1b7c9d3e4f5a6b7c8d9f"),
                object: "c_visit",
                clinic: .id(id("5a2f1b7c9d3e4f5a6b7c8d01")),
                when: Date()
            )
        )
        // A type's struct keeps its object's own properties, `_id` among them, in `common`.
        #expect(labels(visit.common).contains("id") && visit.id == id("5a2f1b7c9d3e4f5a6b7c8d9f"))
        #expect(labels(Author.Create()) == ["name", "surname", "age"])
        #expect(labels(Author.Patch()) == ["name", "surname", "age"])

        // On the wire: the score is sent when created, and no update can name it.
        var scored = create
        scored.score = 7.5
        #expect(try sentJSON(scored.rendered(for: CortexDialect()).body)["c_score"] == 7.5)
        var everything = Visit.InPerson.Patch()
        everything.clinic = .set(id("5a2f1b7c9d3e4f5a6b7c8d02"))
        everything.when = .set(Date(timeIntervalSince1970: 0))
        everything.notes = .set([Visit.Note(text: "n")])
        everything.scans = .null
        everything.room = .set("4A")
        everything.duration = .set(45)
        let paths = everything.operations.map(\.path)
        #expect(paths == ["c_clinic", "c_when", "c_notes", "c_scans", "c_room", "c_duration"])
        #expect(!paths.contains("c_score"))
        #expect(!paths.contains("_id"))
    }
}
