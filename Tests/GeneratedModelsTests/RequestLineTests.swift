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

    /// A user's search text reaches the query string as it is, and the request line goes to logs and terminals: a
    /// control character or a bidirectional control in it is written as an escape, while the JSON's own escapes and
    /// the rest of the text stay as the request sends them. (They were written raw: ESC colored the terminal, a line
    /// break forged the next log line, U+202E reversed what followed.)
    @Test func aUsersControlCharactersAreWrittenAsEscapes() {
        let request = RenderedRequest(
            method: "GET",
            path: "/author",
            queryItems: [
                URLQueryItem(name: "name", value: "évé\u{1b}[2J\n[INFO] ok\u{202e}x\u{7f}"),
                URLQueryItem(name: "_q", value: #"{"name":"a\"b\\c"}"#),
            ]
        )
        #expect(
            request.description
                == #"GET /author?name=évé\u{1b}[2J\n[INFO] ok\u{202e}x\u{7f}&_q={"name":"a\"b\\c"}"#
        )
        #expect(!request.description.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func aRequestWithoutQueryOrBodyIsMethodAndPath() {
        #expect(RenderedRequest(method: "DELETE", path: "/c_things/1").description == "DELETE /c_things/1")
    }
}
