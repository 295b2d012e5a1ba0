import BlogModels
import Foundation
import ModelRuntimeClient
import Testing

/// Mia-Platform's collections with queries and patches, and RestKit's blog posts under their envelope.
@Suite struct BlogModelsTests {
    static func payload(_ name: String) throws -> Data {
        try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Payloads/\(name)")
        )
    }

    @Test func blogPostsUnderTheirEnvelope() throws {
        let response = try JSONDecoder().decode(BlogPostsResponse.self, from: Self.payload("restkit-blogposts.json"))
        #expect(response.posts.map(\.text) == ["first post", "second post"])
        #expect(response.posts.first?.author.name == "lovely")
    }

    @Test func aPictureWithThePlatformsFields() throws {
        let picture = try JSONDecoder().decode(Picturedata.self, from: Self.payload("mia-picturedata.json"))
        #expect(picture.username == "mario")
        #expect(picture.state == "PUBLIC")
        #expect(picture.creatorId == "public")
    }

    @Test func theMiaSDKsQueryInMiasWireFormat() throws {
        let query = Author.query
            .where { $0.name.eq("Giovanni").or($0.name.eq("Carlo")) }
            .limit(200).skip(500)
            .paths { [$0.name, $0.surname, $0.age] }
            .sort { $0.age.descending }
        let rendered = try query.rendered(for: .mia)
        #expect(rendered.path == "/author/")
        #expect(
            rendered.queryItems.map { "\($0.name)=\($0.value ?? "")" } == [
                #"_q={"$or":[{"name":"Giovanni"},{"name":"Carlo"}]}"#, "_p=name,surname,age", "_s=-age", "_l=200",
                "_sk=500",
            ]
        )
    }

    @Test func theMiaSDKsPatchAndStateChange() throws {
        var patch = Author.Patch()
        patch.age = .set(88)
        let requests = try patch.rendered(id: "004b44b9182c19e2a1b2c3d4", for: .mia)
        #expect(requests.map(\.method) == ["PATCH"])
        #expect(requests.first?.body?.serialized == #"{"$set":{"age":88}}"#)
        let state = try MiaDialect().renderStateChange(
            id: "004b44b9182c19e2a1b2c3d4",
            to: "DRAFT",
            pluralName: "author"
        )
        #expect(state.path == "/author/004b44b9182c19e2a1b2c3d4/state")
        #expect(state.body?.serialized == #"{"stateTo":"DRAFT"}"#)
    }

    @Test func tagsTakeTheOperationsTheSchemaAllows() throws {
        var patch = Book.Patch()
        patch.tags.addToSet(["fiction"])
        patch.price.increment(by: 2)
        let body = try patch.rendered(id: "004b44b9182c19e2a1b2c3d4", for: .mia).first?.body?.serialized
        #expect(body == #"{"$inc":{"price":2},"$addToSet":{"tags":"fiction"}}"#)
    }
}

/// RestKit's flow with the typed client: post a `BlogPost` (its own coding is the inverse mapping) and fetch the
/// timeline through the `data.blogposts` envelope, against a server on 127.0.0.1 that the test starts and stops.
@Suite struct BlogClientTests {
    @Test func postAPostThenFetchTheTimeline() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Server/blog_server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.terminate()
            process.waitUntilExit()
        }
        let portLine = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let port = try #require(
            Int(portLine.trimmingCharacters(in: .whitespacesAndNewlines)),
            "the server printed \(portLine)"
        )
        let client = ModelClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, dialect: .mia)

        let post = BlogPost(
            id: 2,
            text: "posted from Swift",
            createdAt: ISO8601DateCoding.date(from: "2026-11-22T10:00:00.000Z")!,
            author: PostAuthor(name: "lovely")
        )
        let echoed = try await client.post(post, to: "/blogposts", answer: BlogPost.self)
        #expect(echoed == post)

        let timeline = try await client.get(BlogPostsResponse.self, path: "/blogposts")
        #expect(timeline.posts.map(\.text) == ["first post", "posted from Swift"])
        #expect(timeline.posts.last == post)
    }
}
