import Foundation
import GoldenMedable
import GoldenQueries
import ModelRuntime
import Testing

/// `print(request)` shows the request line a person would write, not the struct's fields.
@Suite struct RequestLineTests {
    @Test func aQueryPrintsAsItsRequestLine() throws {
        let rendered = try QueryWireFormatTests.cortexExample.rendered(for: .cortex)
        let requestLine: String =
            #"GET /c_things?where={"$and":[{"created":{"$gt":"2015-01-01T00:00:00.000Z"}},{"c_bpm":{"$lte":70}}]}"#
            + #"&sort={"c_bpm":-1,"_id":1}&skip=100&limit=20&paths[]=c_name&paths[]=creator.name.first"#
            + "&include[]=c_optional&expand[]=c_owner"
        #expect("\(rendered)" == requestLine)
    }

    @Test func aWriteShowsItsBodyAfterThePath() throws {
        var patch = Author.Patch()
        patch.age = .set(88)
        let requests = try patch.rendered(id: ObjectID("5a2f1b7c9d3e4f5a6b7c8d9e")!, for: MiaDialect())
        #expect(requests.map(\.description) == [#"PATCH /author/5a2f1b7c9d3e4f5a6b7c8d9e {"$set":{"age":88}}"#])
    }

    @Test func aRequestWithoutQueryOrBodyIsMethodAndPath() {
        #expect(RenderedRequest(method: "DELETE", path: "/c_things/1").description == "DELETE /c_things/1")
    }
}
