import Foundation
import GoldenCortexExport
import GoldenMedable
import GoldenParse
import GoldenQueries
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Uploads and expansions through the in-memory backends: Cortex's upload instructions, its storage and facets that
// become ready, `expand[]`; Parse's `/files` and `include`.

@Suite struct InMemoryBackendFileTests {
    private static let photo = Data((0..<3000).map { UInt8($0 % 251) })
    private static let thumbnail = Data("thumbnail\r\n--not a boundary".utf8)

    private static func bytes(_ backend: InMemoryBackend, _ path: String) async throws -> (Data, String?) {
        let (data, response) = try await backend.send(
            try RenderedRequest(path: path).urlRequest(relativeTo: backend.baseURL)
        )
        #expect(response.statusCode == 200, "\(path)")
        return (data, response.value(forHTTPHeaderField: "Content-Type"))
    }

    /// A create with files: its answer asks for each facet, the client sends them to the storage it names, and the
    /// facets are then ready and served as uploaded. An update that sets a new file does the same.
    @Test func cortexFacetsAreUploadedAsTheAnswerAsksAndBecomeReady() async throws {
        let backend = InMemoryBackend(.cortex)
        let client = backend.client()
        var office = Office.Create()
        office.stringProperty = "Room 4"
        office.pictures = [
            FileUpload(facets: ["content": .init(data: Self.photo, mime: "image/jpeg")]),
            FileUpload(facets: ["content": .init(data: Self.thumbnail, mime: "image/png")]),
        ]
        let created = try await client.create(office)
        #expect(created.pictures?.map { $0.uploads.map(\.name) } == [["content"], ["content"]], "the answer asked")
        #expect(created.pictures?.allSatisfy { $0.content?.state == .pending } == true)

        let second = try await client.waitUntilReady(Office.self, id: created.id, file: "c_pictures[1]")
        #expect(second.facets.map(\.state) == [.ready] && second.uploads.isEmpty)
        #expect(second.content?.mime == "image/png" && second.content?.size == Self.thumbnail.count)
        let files = await backend.files
        #expect(
            files.map(\.path) == [
                "/c_offices/\(created.id)/c_pictures/0/content", "/c_offices/\(created.id)/c_pictures/1/content",
            ]
        )
        #expect(try await Self.bytes(backend, files[0].path) == (Self.photo, "image/jpeg"))
        #expect(try await Self.bytes(backend, files[1].path) == (Self.thumbnail, "image/png"))
        let uploads = await backend.requests.filter { $0.path.hasPrefix("/__storage/") }
        #expect(uploads.count == 2)
        #expect(uploads.allSatisfy { $0.headers["content-type"]?.hasPrefix("multipart/form-data") == true })

        // A file set by an update.
        let clinic = try await client.create(Clinic.Create(name: "North"))
        var patch = Clinic.Patch()
        patch.logo = .set(FileUpload(facets: ["content": .init(data: Self.photo, mime: "image/jpeg")]))
        _ = try await client.update(clinic.id, patch)
        let logo = try await client.waitUntilReady(Clinic.self, id: clinic.id, file: "c_logo")
        #expect(logo.facets.map(\.name) == ["content"] && logo.content?.state == .ready)
        #expect(try await Self.bytes(backend, "/c_clinics/\(clinic.id)/c_logo/content").0 == Self.photo)
    }

    /// Cortex takes a value for a file from the schema. With the `Create` of `generate: [testing]` registered, the
    /// backend knows the file properties (at the top and in documents, set by a create or by an update's path) and
    /// stores JSON shaped like a file upload (`{"content": …}`) in an `Any` property as it is. Without it, that JSON
    /// is taken for a file.
    @Test func cortexKnowsTheFilePropertiesOfARegisteredCreate() async throws {
        let looksLikeAFile: JSONValue = ["content": "hello", "title": "a message"]
        let backend = InMemoryBackend(.cortex)
        await backend.register(Badge.Create.self)
        let client = backend.client()
        var badge = Badge.Create()
        badge.photo = FileUpload(facets: ["content": .init(data: Self.photo, mime: "image/jpeg")])
        badge.note = looksLikeAFile
        var card = Badge.Card.Create()
        card.scan = FileUpload(facets: ["content": .init(data: Self.thumbnail, mime: "image/png")])
        badge.card = card
        let created = try await client.create(badge)
        #expect(created.note == looksLikeAFile)
        #expect(created.photo?.content?.state == .pending && created.card?.scan?.content?.state == .pending)
        #expect(
            try await client.waitUntilReady(Badge.self, id: created.id, file: "c_card.c_scan").content?.size
                == Self.thumbnail.count
        )

        // An update: the file is one, the note's JSON is not; by an operation's path into the document too.
        var patch = Badge.Patch()
        patch.note = .set(["content": "changed"])
        patch.photo = .set(FileUpload(facets: ["content": .init(data: Self.photo, mime: "image/jpeg")]))
        let updated = try await client.update(created.id, patch)
        #expect(updated.note == ["content": "changed"])
        #expect(updated.photo?.content?.state == .pending && updated.photo?.uploads.count == 1)
        let scan: QueryJSON = .object([("content", .string("scan.png"))])
        let operation: QueryJSON = .object([
            ("op", .string("set")), ("path", .string("c_card.c_scan")), ("value", scan),
        ])
        let byPath = try await backend.answer(
            RenderedRequest(method: "PATCH", path: "/c_badges/\(created.id)", body: .array([operation]))
        )
        #expect(byPath.body["c_card"]?["c_scan"]?["uploads"]?.arrayValue?.count == 1, "\(byPath)")

        // Unregistered, the in-memory backend can only go by the shape.
        let guessing = InMemoryBackend(.cortex)
        var note = Badge.Create()
        note.note = looksLikeAFile
        let guessed = try await guessing.client().create(note)
        #expect(guessed.note != looksLikeAFile)
        #expect(guessed.note?["uploads"] != nil)
    }

    /// An element of a document array is named in an update's path by its `_id`, whatever ids the backend makes;
    /// the file in it is the array's property's.
    @Test func aFileInADocumentArrayElementIsOneWhateverTheElementIds() async throws {
        let backend = InMemoryBackend(.cortex, ids: IDGenerator { "id\($0)" })
        await backend.register(Badge.Create.self)
        let badge = "5a2f1b7c9d3e4f5a6b7c8d01"
        try await backend.insert([["_id": .string(badge), "c_sides": [["_id": "side1"]]]], into: "c_badges")
        let upload: QueryJSON = .object([("content", .string("side.png"))])
        let operation: QueryJSON = .object([
            ("op", .string("set")), ("path", .string("c_sides.side1.c_image")), ("value", upload),
        ])
        let answer = try await backend.answer(
            RenderedRequest(method: "PATCH", path: "/c_badges/\(badge)", body: .array([operation]))
        )
        #expect(answer.body["c_sides"]?[0]?["c_image"]?["uploads"]?.arrayValue?.count == 1, "\(answer)")
    }

    /// `expand[]` puts the referenced instance in place of the reference; without it the reference stays one.
    @Test func cortexExpandsTheReferencesAQueryNames() async throws {
        let backend = InMemoryBackend(.cortex)
        let head = "5a2f1b7c9d3e4f5a6b7c8d9e"
        try await backend.insert(
            [["_id": .string(head), "object": "account", "name": ["first": "Ada"]]],
            into: "accounts"
        )
        try await backend.insert(
            [
                [
                    "_id": "5a2f1b7c9d3e4f5a6b7c8d01", "object": "c_clinic", "c_name": "North",
                    "c_head": ["_id": .string(head), "object": "account", "path": .string("/accounts/\(head)")],
                ]
            ],
            into: Clinic.pluralName
        )
        let client = backend.client()
        let plain = try #require(try await client.list(Clinic.query).items.first)
        #expect(plain.head?.id.description == head && plain.head?.expanded == nil)

        let expanded = try #require(try await client.list(Clinic.query.expand { $0.head }).items.first)
        #expect(await backend.requests.last?.queryItem("expand[]") == "c_head")
        #expect(expanded.head?.expanded?["name"]?["first"] == "Ada")
        let read = try await client.get(Clinic.self, id: expanded.id, query: Clinic.query.expand { $0.head })
        #expect(read.head?.expanded == expanded.head?.expanded)
    }

    /// Parse takes a file's bytes at `/files/<name>` before the object that holds it, and every read of the object
    /// gives the file's URL, where its bytes are.
    @Test func parseFilesAreUploadedFirstAndServed() async throws {
        let backend = InMemoryBackend(.parse)
        let client = backend.client()
        var body = PlaceObject.Create()
        body.picture = FileUpload(facets: ["content": .init(data: Self.photo, mime: "image/jpeg", fileName: "shop.jpg")]
        )
        let created = try await client.create(body)
        let paths = await backend.requests.map { "\($0.method) \($0.path)" }
        #expect(paths.prefix(2) == ["POST /files/shop.jpg", "POST /classes/PlaceObject"], "\(paths)")
        let picture = try #require(created.picture)
        #expect(picture.name.hasSuffix("_shop.jpg"))
        let url = try #require(picture.url)
        #expect(url.hasPrefix(backend.baseURL.absoluteString + "/files/"))
        let path = String(url.dropFirst(backend.baseURL.absoluteString.count))
        #expect(try await Self.bytes(backend, path) == (Self.photo, "image/jpeg"))

        // An empty file and a name parse-server refuses are refused with its codes.
        for (name, data, code) in [("empty.txt", Data(), 130), ("-dash.txt", Data("x".utf8), 122)] {
            var request = URLRequest(url: backend.baseURL.appendingPathComponent("files/\(name)"))
            request.httpMethod = "POST"
            request.httpBody = data
            request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
            let (answer, response) = try await backend.send(request)
            #expect(response.statusCode == 400)
            #expect(try JSONValue(parsing: answer)["code"] == .int(code), "\(name)")
        }
    }

    /// A request's own headers win over the client's wherever it sends them: a Parse upload is stored as the file's
    /// type even when the app's headers say `Content-Type: application/json` for its JSON requests, and a request the
    /// app builds itself (`send(_:)`) keeps its own.
    @Test func aRequestsOwnHeadersWinOverTheClients() async throws {
        let backend = InMemoryBackend(.parse)
        let client = backend.client(headers: { ["Content-Type": "application/json", "Accept": "text/plain"] })
        var body = PlaceObject.Create()
        body.picture = FileUpload(facets: ["content": .init(data: Self.photo, mime: "image/jpeg", fileName: "a.jpg")])
        let created = try await client.create(body)
        let url = try #require(created.picture?.url)
        let path = String(url.dropFirst(backend.baseURL.absoluteString.count))
        #expect(try await Self.bytes(backend, path) == (Self.photo, "image/jpeg"))

        var own = try RenderedRequest(path: path).urlRequest(relativeTo: backend.baseURL)
        own.setValue("image/*", forHTTPHeaderField: "Accept")
        _ = try await client.send(own)
        let sent = await backend.requests.last
        #expect(sent?.headers["accept"] == "image/*", "\(String(describing: sent?.headers))")
    }
}
