import Foundation
import ModelRuntime
import Testing

@testable import ModelRuntimeClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Values the client doesn't control (an app's header values, a user's file's mime type, a server's session token,
/// upload target or page size) never change what a request is: a line break can't end a header, a server can't
/// make the uploader send a file anywhere but an HTTP(S) URL, and no number a server picks makes the client trap.
/// Each refusal comes before anything is sent.
@Suite struct UntrustedValuesTests {
    /// A client over `transport` that sends once.
    static func client(
        _ dialect: some ClientDialect,
        _ transport: RecordingTransport,
        headers: @escaping @Sendable () async throws -> [String: String] = { [:] }
    ) -> ModelClient {
        ModelClient(
            baseURL: URL(string: "http://127.0.0.1:9/api")!,
            dialect: dialect,
            transport: transport,
            headers: headers,
            retry: .never
        )
    }

    // MARK: Headers

    /// A value from the app's `headers` closure (a session id a user pasted, a token from a push payload) that holds
    /// a line break, a NUL or another control character would end its header where it reaches the wire as it is.
    /// Foundation on Linux drops a value with a line break or a NUL when it is set, and the request went without
    /// it; ESC and DEL it kept. It is refused, naming the header, and nothing is sent.
    @Test(arguments: [
        ("abc\r\nX-Injected: 1", 3), ("abc\nX-Injected: 1", 3), ("a\rb", 1), ("tok\0en", 3), ("\u{7F}", 0),
        ("\u{1B}[2J", 0),
    ])
    func aHeaderValueWithAControlCharacterIsRefusedBeforeAnythingIsSent(value: String, offset: Int) async throws {
        let transport = RecordingTransport(answer: "{}")
        let client = Self.client(.cortex, transport, headers: { ["X-Session": value] })
        let error = await #expect(throws: RequestHeaderError.self) {
            _ = try await client.get(JSONValue.self, path: "/c_items")
        }
        #expect(error?.field == "X-Session")
        #expect(error?.reason == .value(Array(value.unicodeScalars)[offset], offset: offset))
        #expect(error?.description.contains("X-Session") == true)
        #expect(transport.requests.isEmpty)
    }

    /// A tab and text outside ASCII are a header value's own (RFC 9110's `obs-text`): they go out.
    @Test func aTabAndNonASCIITextStayInTheirHeader() async throws {
        let transport = RecordingTransport(answer: "{}")
        let client = Self.client(.cortex, transport, headers: { ["X-Note": "a\tcafé ✓"] })
        _ = try await client.get(JSONValue.self, path: "/c_items")
        #expect(transport.requests.map { $0.value(forHTTPHeaderField: "X-Note") } == ["a\tcafé ✓"])
    }

    /// A header's name must be an HTTP token: a space, a colon or a line break in it would make another header.
    @Test(arguments: ["X Session", "X-Session:", "X-A\r\nX-B", "Ünicode"])
    func aHeaderNameThatIsNoTokenIsRefused(name: String) async throws {
        let transport = RecordingTransport(answer: "{}")
        let client = Self.client(.cortex, transport, headers: { [name: "v"] })
        let error = await #expect(throws: RequestHeaderError.self) {
            _ = try await client.get(JSONValue.self, path: "/c_items")
        }
        #expect(error?.reason == .name)
        #expect(error?.field == name)
        #expect(transport.requests.isEmpty)
    }

    /// A request the app built itself (`send(_:)`) goes through the same check, its method too.
    @Test(arguments: ["GET /x HTTP/1.1\r\nX-Injected: 1\r\n\r\nGET", "PO ST"])
    func aMethodThatIsNoTokenIsRefused(method: String) async throws {
        let transport = RecordingTransport(answer: "{}")
        let client = Self.client(.cortex, transport)
        var request = URLRequest(url: URL(string: "http://127.0.0.1:9/api/export")!)
        request.httpMethod = method
        await #expect(throws: RequestHeaderError.self) { _ = try await client.send(request) }
        #expect(transport.requests.isEmpty)
    }

    /// Parse answers a log-in with the session token the app then sends in `X-Parse-Session-Token` with every
    /// request. One that could not be a header's value is a decoding error naming it, not a session whose every
    /// request would carry the server's own header.
    @Test func aParseLogInWhoseSessionTokenHoldsALineBreakIsADecodingError() async throws {
        let transport = RecordingTransport(
            answer: #"{"objectId":"u1","username":"ada","sessionToken":"r:1\r\nX-Parse-Master-Key: k"}"#
        )
        let client = Self.client(.parse, transport, headers: { ["X-Parse-Application-Id": "app"] })
        await #expect {
            _ = try await client.logIn(ParseUser.self, username: "ada", password: "pw")
        } throws: { error in
            guard case ModelClientError.decoding(_, let keyPath, let request, _) = error else { return false }
            return keyPath == "sessionToken" && request == "POST /login"
        }
        #expect(transport.requests.count == 1)
    }

    /// A well-formed token is the session's.
    @Test func aParseLogInReturnsItsSessionToken() async throws {
        let transport = RecordingTransport(answer: #"{"objectId":"u1","username":"ada","sessionToken":"r:0af1"}"#)
        let client = Self.client(.parse, transport)
        let session = try await client.logIn(ParseUser.self, username: "ada", password: "pw")
        #expect(session.sessionToken == "r:0af1")
        #expect(session.user.username == "ada")
    }

    /// A Parse file's mime type is its upload's `Content-Type` header: one with a line break is an upload error for
    /// the facet, and no byte of the file goes out (Foundation on Linux would drop the header and send the file as
    /// no type at all).
    @Test func aParseUploadWhoseMimeTypeHoldsALineBreakSendsNothing() async throws {
        let transport = RecordingTransport(answer: #"{"name":"f.png","url":"http://127.0.0.1:9/f.png"}"#)
        let uploader = FileUploader(transport: transport)
        let upload = FileUpload(facets: [
            "content": .init(data: Data("png".utf8), mime: "image/png\r\nX-Parse-Master-Key: k", fileName: "f.png")
        ])
        let error = await #expect(throws: UploadError.self) {
            _ = try await uploader.uploadToParse(upload, baseURL: URL(string: "http://127.0.0.1:9/parse")!)
        }
        #expect(error?.reason.contains("mime type") == true, "\(String(describing: error))")
        #expect(error?.facet == "content")
        #expect(transport.requests.isEmpty)
    }

    // MARK: Query strings

    /// Mia-Platform's `_st` joins the states with `,`: a state from a user that holds one (`PUBLIC,DELETED`) would
    /// reach documents of another state, and an empty one would be none. Either is a query error, for lists and
    /// counts; the states the service knows go out joined.
    @Test(arguments: ["PUBLIC,DELETED", ",", ""])
    func aMiaStateThatIsNotOneStateIsRefused(state: String) throws {
        let query = Note.query.states(["DRAFT", state])
        #expect(throws: QueryError.self) { try query.rendered(for: .mia) }
        #expect(throws: QueryError.self) { try query.renderedCount(for: .mia) }
    }

    @Test func miaStatesGoOutJoined() throws {
        let query = Note.query.states(["PUBLIC", "DRAFT", "TRASH", "DELETED"])
        let expected = URLQueryItem(name: "_st", value: "PUBLIC,DRAFT,TRASH,DELETED")
        #expect(try query.rendered(for: .mia).queryItems.contains(expected))
        #expect(try query.renderedCount(for: .mia).queryItems.contains(expected))
    }

    // MARK: Upload targets

    /// Upload instructions for the facet `content` to `url` by `method`.
    static func instructions(url: String, method: String? = "POST") -> FileValue {
        FileValue(uploads: [
            PendingUpload(
                name: "content",
                uploadMethod: method,
                uploadURL: URL(string: url),
                uploadKey: "file",
                fields: [.init(key: "key", value: "uploads/1")]
            )
        ])
    }

    static let logo = FileUpload(facets: ["content": .init(data: Data("png".utf8), mime: "image/png")])

    /// The server names where a facet goes, but only an HTTP(S) URL with a host is a place that takes an upload:
    /// FoundationNetworking would read a `file:` URL, and ask an `ftp:` or `data:` one, instead of failing.
    @Test(arguments: [
        "file:///etc/passwd", "ftp://127.0.0.1:9/upload", "data:text/plain,hello", "https:///no-host", "/relative",
    ])
    func anUploadURLThatIsNotHTTPIsRefused(url: String) async throws {
        let transport = RecordingTransport(answer: "")
        let uploader = FileUploader(transport: transport)
        let error = await #expect(throws: UploadError.self) {
            try await uploader.upload(Self.logo, following: Self.instructions(url: url))
        }
        #expect(error?.facet == "content")
        #expect(error?.reason.contains("not an http or https URL") == true, "\(String(describing: error))")
        #expect(transport.requests.isEmpty)
    }

    /// Only a method that sends the file as the body is an upload: a `DELETE` or a `GET` to a URL the server names
    /// is not, and a method with a line break would be a request line of the server's making.
    @Test(arguments: ["DELETE", "GET", "POST /x HTTP/1.1\r\nX-Injected: 1\r\n\r\nPOST", ""])
    func anUploadMethodOtherThanPostOrPutIsRefused(method: String) async throws {
        let transport = RecordingTransport(answer: "")
        let uploader = FileUploader(transport: transport)
        let error = await #expect(throws: UploadError.self) {
            try await uploader.upload(
                Self.logo,
                following: Self.instructions(url: "https://storage.example.com/bucket", method: method)
            )
        }
        #expect(error?.reason.contains("not POST or PUT") == true, "\(String(describing: error))")
        #expect(transport.requests.isEmpty)
    }

    /// A server's answer that repeats a facet's upload instruction (a hundred times here; the answer's size limit lets
    /// through thousands) would have the file's bytes sent once for each: it is refused, naming the facet, and
    /// nothing is sent.
    @Test func twoUploadInstructionsForOneFacetSendNothing() async throws {
        var instructions = Self.instructions(url: "https://storage.example.com/bucket")
        instructions.uploads += Array(repeating: instructions.uploads[0], count: 99)
        let transport = RecordingTransport(answer: "")
        let refused = await #expect(throws: UploadError.self) {
            try await FileUploader(transport: transport).upload(Self.logo, following: instructions)
        }
        #expect(refused?.reason == #"the server sent two upload instructions for facet "content""#)
        #expect(refused?.facet == "content")
        #expect(transport.requests.isEmpty)
    }

    /// The mime types an upload instruction lists and a storage service's refusal are the server's text: an upload
    /// error quotes them with their control characters as escapes, and cut.
    @Test func anUploadErrorQuotesTheServersTextEscaped() async throws {
        let forged = "image/jpeg\u{1b}[2J\n[INFO] uploaded"
        var instructions = Self.instructions(url: "https://storage.example.com/bucket")
        instructions.uploads[0].mimes = [forged]
        let refused = await #expect(throws: UploadError.self) {
            try await FileUploader(transport: RecordingTransport(answer: "")).upload(Self.logo, following: instructions)
        }
        #expect(
            refused?.reason == #"facet "content" is image/png; the server takes image/jpeg\u{1b}[2J\n[INFO] uploaded"#
        )

        let storage = RecordingTransport(answer: forged + String(repeating: "x", count: 600), status: 403)
        let failed = await #expect(throws: UploadError.self) {
            try await FileUploader(transport: storage)
                .upload(Self.logo, following: Self.instructions(url: "https://storage.example.com/bucket"))
        }
        let reason = try #require(failed?.reason)
        #expect(
            reason.hasPrefix(#"uploading facet "content" failed with HTTP 403: image/jpeg\u{1b}[2J\n[INFO] uploaded"#)
        )
        #expect(!reason.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(reason.unicodeScalars.count < 600)
    }

    /// File bytes go to the storage URL the server names without the session's credentials when it is another origin
    /// than the API's: the session's cookies, stored credentials and `httpAdditionalHeaders` stay behind, as after a
    /// redirect to another origin. A storage URL of the API's own origin (Parse's `/files`) keeps the session.
    @Test func anUploadToAnotherOriginGoesWithoutTheSessionsCredentials() throws {
        let api = try #require(URL(string: "https://api.example.com/org/v2"))
        let transport = URLSessionTransport()
        for storage in [
            "https://bucket.s3.amazonaws.com/", "http://api.example.com/upload", "https://api.example.com:8443/u",
        ] {
            let chosen = FileUploader.storageTransport(transport, for: URL(string: storage), below: api)
            #expect((chosen as? URLSessionTransport)?.sendsWithoutCredentials == true, "\(storage)")
        }
        for storage in ["https://api.example.com/org/v2/files/a.png", "https://API.example.com:443/upload"] {
            let chosen = FileUploader.storageTransport(transport, for: URL(string: storage), below: api)
            #expect((chosen as? URLSessionTransport)?.sendsWithoutCredentials == false, "\(storage)")
        }
        #expect(!transport.sendsWithoutCredentials)
        // An uploader that isn't told the API's origin keeps the credentials from every storage URL.
        for storage in ["https://bucket.s3.amazonaws.com/", "https://api.example.com/org/v2/files/a.png"] {
            let chosen = FileUploader.storageTransport(transport, for: URL(string: storage), below: nil)
            #expect((chosen as? URLSessionTransport)?.sendsWithoutCredentials == true, "\(storage)")
        }
        // A transport of the app's own is the app's to run.
        let own = FileUploader.storageTransport(
            RecordingTransport(answer: ""),
            for: URL(string: "https://bucket.s3.amazonaws.com/"),
            below: api
        )
        #expect(own is RecordingTransport)
    }

    /// What storage services name goes out as named: `POST` when the server names none, `put` as `PUT`.
    @Test(arguments: [(nil, "POST"), ("put", "PUT"), ("POST", "POST")] as [(String?, String)])
    func anUploadGoesByThePostOrPutTheServerNames(method: String?, sent: String) async throws {
        let transport = RecordingTransport(answer: "")
        let uploader = FileUploader(transport: transport)
        try await uploader.upload(
            Self.logo,
            following: Self.instructions(url: "HTTPS://storage.example.com/bucket", method: method)
        )
        #expect(transport.requests.map(\.httpMethod) == [sent])
    }

    /// A facet's mime type is the `Content-Type` header of the file's part in the form: a line break in it would
    /// end that header and start others (another `Content-Disposition`, a part of its own).
    @Test(arguments: ["image/png\r\nContent-Disposition: form-data; name=\"key\"", "image/png\n", "image/\0png"])
    func aMimeTypeWithALineBreakNeverReachesTheForm(mime: String) async throws {
        let transport = RecordingTransport(answer: "")
        let uploader = FileUploader(transport: transport)
        let upload = FileUpload(facets: ["content": .init(data: Data("png".utf8), mime: mime)])
        let error = await #expect(throws: UploadError.self) {
            try await uploader.upload(
                upload,
                following: Self.instructions(url: "https://storage.example.com/bucket")
            )
        }
        #expect(error?.reason.contains("mime type") == true, "\(String(describing: error))")
        #expect(transport.requests.isEmpty)
    }

    // MARK: Answers of the wrong shape or size

    /// A poll answered with something other than a file (an array, `null`, a page of HTML) is an upload error naming
    /// the file's path, as every other failure of the wait is, not Foundation's bare `DecodingError`.
    @Test(arguments: ["[]", "null", "<html>", #"{"facets":"ready"}"#])
    func aPollAnsweredWithSomethingElseThanAFileIsAnUploadError(answer: String) async throws {
        let uploader = FileUploader(transport: RecordingTransport(answer: answer))
        let error = await #expect(throws: UploadError.self) {
            _ = try await uploader.waitUntilReady(fileAt: URL(string: "http://127.0.0.1:9/c_offices/1/c_logo")!)
        }
        #expect(
            error?.reason.contains("the answer at /c_offices/1/c_logo is not a file") == true,
            "\(String(describing: error))"
        )
    }

    /// A server's error message is as long as the server likes; the error's description quotes 500 characters of
    /// it and its code, and says how long it was.
    @Test func aServersLongErrorMessageIsCutInTheDescription() {
        let message = String(repeating: "é", count: 1_000_000)
        let error = ModelClientError.server(
            status: 500,
            code: String(repeating: "c", count: 10_000),
            message: message,
            body: Data()
        )
        #expect(error.description.count < 1_200)
        #expect(error.description.hasPrefix("HTTP 500 ccc"))
        #expect(error.description.hasSuffix("… (1000000 characters)"))
        let limited = ModelClientError.rateLimited(retryAfter: nil, code: nil, message: message, body: Data())
        #expect(limited.description.count < 700)
        #expect(
            ModelClientError.server(status: 404, code: "101", message: "Object not found.", body: Data())
                .description == "HTTP 404 101: Object not found."
        )
    }

    /// A server's code, message or error body, a header's name, a facet name, an id a create answered and the
    /// mime types a server lists are written with their control characters as escapes in a description: a server
    /// can't color the terminal a developer reads the error in, or forge the next line of a log.
    @Test func aServersTextInADescriptionHasNoControlCharacter() {
        let forged = "bad\u{1b}[31m\n[INFO] all fine\u{202e}"
        let shown = #"bad\u{1b}[31m\n[INFO] all fine\u{202e}"#
        let decoding = DecodingError.keyNotFound(JSONKey(forged), .init(codingPath: [], debugDescription: forged))
        let descriptions = [
            ModelClientError.server(status: 400, code: forged, message: forged, body: Data()).description,
            ModelClientError.server(status: 502, code: nil, message: nil, body: Data(forged.utf8)).description,
            ModelClientError.rateLimited(retryAfter: nil, code: nil, message: forged, body: Data()).description,
            RequestHeaderError(field: forged, reason: .name).description,
            UploadError("the server could not process it", facet: forged, objectID: forged).description,
            UploadError("uploading failed: \(forged)").description,
            ModelClientError.transport(ForgedError(description: forged)).description,
            ModelClientError.createdButNotRead(id: forged, underlying: decoding).description,
            ModelClientError.decoding(model: "Note", keyPath: forged, request: "GET /c_notes", underlying: decoding)
                .description,
            PartialUpdateError(id: forged, applied: [], failed: "PATCH /x", notSent: [], underlying: decoding)
                .description,
        ]
        #expect(descriptions[0] == "HTTP 400 \(shown): \(shown)")
        #expect(descriptions[1] == "HTTP 502: \(shown)")
        #expect(descriptions[3] == "\"\(shown)\" cannot be a header's name: it is not an HTTP token")
        #expect(descriptions[4] == "the server could not process it (facet \"\(shown)\", object \"\(shown)\")")
        #expect(descriptions[5] == "uploading failed: \(shown)")
        #expect(descriptions[7].hasPrefix("the instance \"\(shown)\" was created"))
        for description in descriptions {
            #expect(description.contains(shown))
            #expect(!description.unicodeScalars.contains { $0.properties.generalCategory == .control })
        }
    }

    /// An upload's description names its request by the storage URL's path, which the server chose and `URL.path`
    /// decodes: its control characters are escaped and it is cut.
    @Test func anUploadRequestIsDescribedWithItsPathEscaped() throws {
        let path = "/a%1B%5B2J%0A%5BINFO%5D%20ok" + String(repeating: "x", count: 1000)
        let request = URLRequest(url: try #require(URL(string: "https://storage.example.com" + path)))
        let described = FileUploader.describe(request)
        #expect(described.hasPrefix(#"GET /a\u{1b}[2J\n[INFO] ok"#))
        #expect(!described.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(described.unicodeScalars.count < 600)
    }

    /// An error whose description is a server's text, as a `URLError`'s names the URL a server chose.
    struct ForgedError: Error, CustomStringConvertible {
        var description: String
    }

    /// A message's cut counts Unicode scalars: one character can hold a million combining marks, which a cut by
    /// characters let through whole.
    @Test func aCharacterOfAMillionCombiningMarksIsCut() {
        let mark = "a" + String(repeating: "\u{301}", count: 1_000_000)
        let server = ModelClientError.server(status: 500, code: nil, message: mark, body: Data()).description
        #expect(server.unicodeScalars.count < 600)
        #expect(server.hasSuffix("… (1000001 characters)"))
        #expect(RequestHeaderError(field: mark, reason: .name).description.unicodeScalars.count < 150)
    }

    /// Parse's `/batch` applies what a request holds even when its answer can't be read: an answer of another shape
    /// (valid JSON, not one result per operation) to a later chunk of a bulk call is a ``BatchError`` that still
    /// says which operations earlier chunks applied, and fails the chunk's own as operations that may have been
    /// applied. (It was a decoding error alone, and the record of the first 50 deletes was lost.) A 4xx refusal of
    /// the request as a whole says its operations weren't.
    @Test(arguments: [(#"{"results":[]}"#, 200, true), (#"{"code":107,"error":"bad batch"}"#, 400, false)])
    func aBatchRequestThatFailsAsAWholeKeepsTheRecordOfWhatEarlierChunksApplied(
        answer: String,
        status: Int,
        mayHaveBeenApplied: Bool
    ) async throws {
        let transport = RecordingTransport { (request: URLRequest) -> (String, Int) in
            let operations = (try? JSONValue(parsing: request.httpBody ?? Data()))?["requests"]?.arrayValue ?? []
            // The first chunk, from `id0` on, is answered; the second is not.
            guard operations.first?["path"]?.stringValue?.hasSuffix("/id0") == true else { return (answer, status) }
            return ("[" + Array(repeating: #"{"success":{}}"#, count: 50).joined(separator: ",") + "]", 200)
        }
        let client = Self.client(.parse, transport)
        let error = await #expect(throws: BatchError.self) {
            try await client.deleteAll(Note.self, ids: (0..<120).map { "id\($0)" })
        }
        #expect(error?.applied == Array(0..<50))
        #expect(error?.failures.map(\.index) == Array(50..<100))
        #expect(error?.failures.allSatisfy { $0.mayHaveBeenApplied == mayHaveBeenApplied } == true)
        #expect(error?.notSent == Array(100..<120))
        #expect(transport.requests.count == 2)

        // A policy that sends a `POST` again may have had an earlier attempt applied: a 4xx at the end says nothing.
        let retrying = ModelClient(
            baseURL: URL(string: "http://127.0.0.1:9/api")!,
            dialect: .parse,
            transport: transport,
            retry: try RetryPolicy(maxAttempts: 1, retriesNonIdempotentRequests: true)
        )
        let retried = await #expect(throws: BatchError.self) {
            try await retrying.deleteAll(Note.self, ids: (0..<120).map { "id\($0)" })
        }
        #expect(retried?.failures.allSatisfy(\.mayHaveBeenApplied) == true)
    }

    /// A bulk call that stops before a later batch goes (the app's headers closure throws, say, while refreshing a
    /// session) still says what the earlier batches applied: the rest is `notSent`, and `stoppedBy` says why.
    @Test func aBulkCallStoppedBeforeALaterBatchKeepsItsRecord() async throws {
        struct SessionExpired: Error {}
        let calls = LockedCounter()
        let transport = RecordingTransport(
            answer: "[" + Array(repeating: #"{"success":{"objectId":"x"}}"#, count: 50).joined(separator: ",") + "]"
        )
        let client = ModelClient(
            baseURL: URL(string: "http://127.0.0.1:9/api")!,
            dialect: .parse,
            transport: transport,
            headers: {
                if calls.increment() > 1 { throw SessionExpired() }
                return [:]
            },
            retry: .never
        )
        let error = await #expect(throws: BatchError.self) {
            try await client.deleteAll(Note.self, ids: (0..<120).map { "id\($0)" })
        }
        #expect(error?.applied == Array(0..<50))
        #expect(error?.failures.isEmpty == true)
        #expect(error?.notSent == Array(50..<120))
        #expect(error?.stoppedBy is SessionExpired)
        #expect(transport.requests.count == 1)
    }

    /// A batch's operations name their paths from the server's root, after the mount path as the base URL writes
    /// it: an escaped `/` (`%2F`) in it stays escaped, as in every other request. (`URL.path` decoded it, and the
    /// batch named another route than the requests it stands for.)
    @Test func aBatchsPathsKeepTheMountPathsEscapes() async throws {
        let transport = RecordingTransport(answer: #"[{"success":{}}]"#)
        let client = ModelClient(
            baseURL: URL(string: "http://127.0.0.1:9/t%2Fa/parse")!,
            dialect: .parse,
            transport: transport,
            retry: .never
        )
        try await client.deleteAll(Note.self, ids: ["id0"])
        let body = try JSONValue(parsing: transport.requests.first?.httpBody ?? Data())
        #expect(body["requests"]?[0]?["path"] == "/t%2Fa/parse/classes/c_notes/id0", "\(body)")
    }

    // MARK: Numbers a server picks

    /// How many items a page has is the server's to say: with the query's skip near `Int.max`, the page after it
    /// can't be named, and the client ends there instead of trapping on the sum.
    @Test func aPagePastIntMaxHasNoNextPage() async throws {
        let transport = RecordingTransport(
            answer: #"{"object":"list","data":[{"c_name":"a"},{"c_name":"b"}],"hasMore":true}"#
        )
        let client = Self.client(.cortex, transport)
        let page = try await client.list(Note.query.skip(Int.max - 1))
        #expect(page.items.count == 2)
        #expect(page.skip == Int.max - 1)
        #expect(try await page.next() == nil)
        #expect(transport.requests.count == 1)
    }

    /// A count is zero or more: a server's negative number, or a number too large for `Int`, is no count.
    @Test(arguments: [
        ("cortex", "-1"), ("cortex", #"{"object":"list","data":[{"count":-3}]}"#), ("mia", "-7"),
        ("parse", #"{"results":[],"count":-1}"#), ("parse", #"{"results":[],"count":99999999999999999999}"#),
    ])
    func aCountBelowZeroIsADecodingError(dialect: String, answer: String) async throws {
        let transport = RecordingTransport(answer: answer)
        let client =
            switch dialect {
            case "cortex": Self.client(.cortex, transport)
            case "mia": Self.client(.mia, transport)
            default: Self.client(.parse, transport)
            }
        await #expect {
            _ = try await client.count(Note.query)
        } throws: { error in
            guard case ModelClientError.decoding(_, _, _, let underlying) = error else { return false }
            return "\(underlying)".contains("the answer is not a count")
        }
    }

    /// Mia-Platform's delete and patch by query answer how many documents changed: a number below zero is no count
    /// there either (`deleteAll` returned it).
    @Test func aChangedCountBelowZeroIsADecodingError() async throws {
        let client = Self.client(.mia, RecordingTransport(answer: "-5"))
        await #expect {
            _ = try await client.deleteAll(Note.query)
        } throws: { error in
            guard case ModelClientError.decoding(_, _, _, let underlying) = error else { return false }
            return "\(underlying)".contains("the answer is not a count")
        }
    }

    /// ``ModelClient/all(_:pageSize:)`` stops at the last skip `Int` holds, whatever the server says follows.
    @Test func listingEverythingStopsAtTheLastSkipIntHolds() async throws {
        let transport = RecordingTransport(answer: #"{"object":"list","data":[{"c_name":"a"}],"hasMore":true}"#)
        let client = Self.client(.cortex, transport)
        var names: [String?] = []
        for try await note in client.all(Note.query.skip(Int.max - 1), pageSize: 1) { names.append(note.name) }
        #expect(names == ["a", "a"])
        let skips = transport.requests.map { request in
            URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "skip" }?
                .value
        }
        #expect(skips == [String(Int.max - 1), String(Int.max)])
    }
}

// MARK: - Listing everything

/// ``ModelClient/all(_:pageSize:)`` against servers whose pages never end: it fetches a page only when the reader has
/// read the one before, and a server that answers the same page for every skip is an error, not an endless loop.
@Suite struct ListingEverythingTests {
    /// A Cortex list of `size` notes with ids from the request's skip on, always with more after it.
    static func endlessPages(size: Int) -> RecordingTransport {
        RecordingTransport { request in
            let skip = Int(Self.parameter("skip", of: request) ?? "0") ?? 0
            return Self.page((skip..<skip + size).map { $0 }, hasMore: true)
        }
    }

    /// A Cortex list answer of the notes numbered `numbers`.
    static func page(_ numbers: [Int], hasMore: Bool) -> String {
        let notes = numbers.map { #"{"_id":"\#(id($0))","c_name":"n\#($0)"}"# }
        return #"{"object":"list","data":[\#(notes.joined(separator: ","))],"hasMore":\#(hasMore)}"#
    }

    static func id(_ number: Int) -> String { String(repeating: "0", count: 12) + String(format: "%012x", number) }

    static func parameter(_ name: String, of request: URLRequest) -> String? {
        URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }

    static func skip(of request: URLRequest) -> Int { Int(parameter("skip", of: request) ?? "0") ?? 0 }

    /// Reading one item of pages of two asks for one page, however long the reader then takes; reading the third
    /// asks for the second; breaking out of the loop asks for no more. (The listing fetched every page as fast as the
    /// server answered, into a buffer without a bound, whatever the reader had read.)
    @Test func aPageIsFetchedOnlyWhenTheReaderHasReadThePageBefore() async throws {
        let transport = Self.endlessPages(size: 2)
        let client = UntrustedValuesTests.client(.cortex, transport)
        var names: [String?] = []
        var iterator = client.all(IdentifiedNote.query, pageSize: 2).makeAsyncIterator()
        names.append(try await iterator.next()?.name)
        try await Task.sleep(for: .milliseconds(200))
        #expect(transport.requests.map { Self.parameter("skip", of: $0) } == ["0"])
        names.append(try await iterator.next()?.name)
        names.append(try await iterator.next()?.name)
        try await Task.sleep(for: .milliseconds(200))
        #expect(names == ["n0", "n1", "n2"])
        #expect(transport.requests.map { Self.parameter("skip", of: $0) } == ["0", "2"])
    }

    /// A query's limit caps what the listing yields, also when the server answers more than the page asked for (it
    /// ignores `limit`, or a proxy dropped the querystring): the listing yielded the whole page.
    @Test func aQuerysLimitCapsTheListingWhateverThePagesHold() async throws {
        let transport = RecordingTransport(answer: Self.page(Array(0..<10), hasMore: true))
        var names: [String?] = []
        for try await note in UntrustedValuesTests.client(.cortex, transport).all(IdentifiedNote.query.limit(3)) {
            names.append(note.name)
        }
        #expect(names == ["n0", "n1", "n2"])
        #expect(transport.requests.map { Self.parameter("limit", of: $0) } == ["3"])
    }

    /// A server (or a proxy before it) that drops the querystring answers the first page for every skip: the
    /// listing yields it twice (a page can repeat once when as many objects as it holds were created ahead of it)
    /// and then throws, naming the request and the skip, instead of never ending.
    @Test func aServerThatAnswersTheSamePageForEverySkipEndsTheListingWithAnError() async throws {
        let transport = RecordingTransport(answer: Self.page([0, 1, 2], hasMore: true))
        let client = UntrustedValuesTests.client(.cortex, transport)
        var names: [String?] = []
        let error = await #expect(throws: ModelClientError.self) {
            for try await note in client.all(IdentifiedNote.query, pageSize: 3) {
                names.append(note.name)
                if names.count == 30 { break }
            }
        }
        #expect(names == ["n0", "n1", "n2", "n0", "n1", "n2"])
        #expect(transport.requests.map(Self.skip) == [0, 3, 6])
        guard case .pageRepeated(let request, let skip)? = error else {
            Issue.record("not pageRepeated: \(String(describing: error))")
            return
        }
        #expect(request == "GET /c_notes")
        #expect(skip == 6)
        // An iterator that has thrown is done: it answers nil and asks for nothing more.
        var iterator = client.all(IdentifiedNote.query, pageSize: 3).makeAsyncIterator()
        for _ in 0..<6 { _ = try await iterator.next() }
        await #expect(throws: ModelClientError.self) { _ = try await iterator.next() }
        let sent = transport.requests.count
        #expect(try await iterator.next() == nil)
        #expect(transport.requests.count == sent)
        #expect(
            error?.description.contains("the page at skip 6 holds the same objects as the two pages before") == true
        )
    }

    /// A page repeated once is listed (objects created ahead of it while the loop read the page before), and so is
    /// a last page repeated twice, after which the listing ends anyway. Pages that only overlap aren't the same
    /// page, and objects without ids (a projection left the id out) can't be told apart: none ends the listing.
    @Test func pagesThatRepeatOnceOverlapOrHaveNoIdsAreListed() async throws {
        let repeatedOnce = RecordingTransport { request in
            Self.skip(of: request) < 4 ? Self.page([0, 1], hasMore: true) : Self.page([2, 3], hasMore: false)
        }
        var names: [String?] = []
        for try await note in UntrustedValuesTests.client(.cortex, repeatedOnce).all(IdentifiedNote.query, pageSize: 2)
        {
            names.append(note.name)
        }
        #expect(names == ["n0", "n1", "n0", "n1", "n2", "n3"])

        let lastRepeated = RecordingTransport { request in Self.page([0, 1], hasMore: Self.skip(of: request) < 4) }
        names = []
        for try await note in UntrustedValuesTests.client(.cortex, lastRepeated).all(IdentifiedNote.query, pageSize: 2)
        {
            names.append(note.name)
        }
        #expect(names == ["n0", "n1", "n0", "n1", "n0", "n1"])

        let overlapping = RecordingTransport { request in
            let skip = Self.skip(of: request)
            return Self.page([max(0, skip - 1), skip + 1], hasMore: skip < 4)
        }
        var ids: [ObjectID] = []
        for try await note in UntrustedValuesTests.client(.cortex, overlapping).all(IdentifiedNote.query, pageSize: 2) {
            ids.append(note.id)
        }
        #expect(ids.map(\.description) == [0, 1, 1, 3, 3, 5].map(Self.id))

        let withoutIds = RecordingTransport { request in
            #"{"object":"list","data":[{"c_name":"x"},{"c_name":"x"}],"hasMore":\#(Self.skip(of: request) < 6)}"#
        }
        names = []
        for try await note in UntrustedValuesTests.client(.cortex, withoutIds).all(ProjectedNote.query, pageSize: 2) {
            names.append(note.name)
        }
        #expect(names == Array(repeating: "x", count: 8))
    }

    /// A cancelled task's loop throws `CancellationError` at its next item, even with items of the page it has
    /// fetched left to read, so that code after the loop can't take a cut listing for a whole one.
    @Test func aCancelledLoopThrowsCancellationError() async throws {
        let transport = Self.endlessPages(size: 5)
        let client = UntrustedValuesTests.client(.cortex, transport)
        let task = Task { () -> (read: Int, error: (any Error)?) in
            var read = 0
            do {
                for try await _ in client.all(IdentifiedNote.query, pageSize: 5) {
                    read += 1
                    if read == 2 { withUnsafeCurrentTask { $0?.cancel() } }
                    if read == 20 { break }
                }
                return (read, nil)
            } catch {
                return (read, error)
            }
        }
        let (read, error) = await task.value
        #expect(read == 2)
        #expect(error is CancellationError, "\(String(describing: error))")
        #expect(transport.requests.count == 1)
    }

    /// A loop on an actor reads the items of a page it has fetched without leaving the actor: only fetching a page
    /// does. (The iterator had only `next()`, which left the loop's actor and came back for every item.)
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aLoopOnAnActorLeavesItOnlyToFetchAPage() async throws {
        let transport = Self.endlessPages(size: 50)
        let reader = ListingReader()
        let listing = UntrustedValuesTests.client(.cortex, transport).all(IdentifiedNote.query, pageSize: 50)
        let read = try await reader.read(listing, count: 100)
        #expect(read == 100)
        #expect(transport.requests.count == 2)
        // Entering the actor, and coming back to it after each page: a few jobs, not one per item.
        #expect(reader.executor.jobs.value <= 10, "\(reader.executor.jobs.value) jobs on the loop's actor")
    }
}

/// An actor whose jobs a ``CountingExecutor`` runs, so that a test sees how often a loop on it left it.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
actor ListingReader {
    let executor = CountingExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Reads `count` items of `listing` in a loop on this actor.
    func read(_ listing: ModelClient.Listing<IdentifiedNote>, count: Int) async throws -> Int {
        var read = 0
        for try await _ in listing {
            read += 1
            if read == count { break }
        }
        return read
    }
}

/// A serial executor that counts the jobs it runs: one each time a task enters its actor or comes back to it.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class CountingExecutor: SerialExecutor, @unchecked Sendable {
    let jobs = LockedCounter()
    private let queue = DispatchQueue(label: "CountingExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        _ = jobs.increment()
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
}

// MARK: - Models and a transport

/// A count that closures on any thread may add to.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// The count.
    var value: Int { lock.withLock { count } }

    /// Adds one and returns the new count.
    func increment() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}

/// A Cortex object with one property.
struct Note: QueryableModel {
    static let apiName = "c_note"
    static let pluralName = "c_notes"

    struct QueryFields: FieldCollection {
        typealias Root = Note
        init(_ prefix: FieldPath) {}
    }

    var name: String?

    enum CodingKeys: String, CodingKey {
        case name = "c_name"
    }
}

/// A Cortex object with an id and one property.
struct IdentifiedNote: QueryableModel, Identifiable {
    static let apiName = "c_note"
    static let pluralName = "c_notes"

    struct QueryFields: FieldCollection {
        typealias Root = IdentifiedNote
        init(_ prefix: FieldPath) {}
    }

    var id: ObjectID
    var name: String?

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case name = "c_name"
    }
}

/// A Cortex object whose id a projection may leave out. (Not `IdentifiedNote` generic over its id's type: the
/// synthesized decoding reads a missing key as `nil` only for a property declared optional.)
struct ProjectedNote: QueryableModel, Identifiable {
    static let apiName = "c_note"
    static let pluralName = "c_notes"

    struct QueryFields: FieldCollection {
        typealias Root = ProjectedNote
        init(_ prefix: FieldPath) {}
    }

    var id: ObjectID?
    var name: String?

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case name = "c_name"
    }
}

/// Parse's `_User`.
struct ParseUser: SchemaObject {
    static let apiName = "_User"
    static let pluralName = "_User"

    var objectId: String?
    var username: String?
}

/// Answers every request with 200 and `answer`, and keeps each request it was given.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [URLRequest] = []
    let answer: @Sendable (URLRequest) -> Data
    let status: @Sendable (URLRequest) -> Int

    init(answer: String, status: Int = 200) {
        self.answer = { _ in Data(answer.utf8) }
        self.status = { _ in status }
    }

    /// A transport whose answer depends on the request.
    convenience init(answering: @escaping @Sendable (URLRequest) -> String) {
        self.init(responding: { (answering($0), 200) })
    }

    /// A transport whose answer and status depend on the request.
    init(responding: @escaping @Sendable (URLRequest) -> (String, Int)) {
        self.answer = { Data(responding($0).0.utf8) }
        self.status = { responding($0).1 }
    }

    var requests: [URLRequest] { lock.withLock { received } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        lock.withLock { received.append(request) }
        let url = try #require(request.url)
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: status(request), httpVersion: "HTTP/1.1", headerFields: [:])
        )
        return (answer(request), response)
    }
}
