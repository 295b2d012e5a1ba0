import BlockingTestSupport
import Foundation
import GoldenMedable
import GoldenParse
import GoldenQueries
import ModelRuntime
import ModelRuntimeClient
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Ids and other values that end up in a request's path, in every dialect, through a transport that records what
// would go on the wire: each is refused with a RequestPathError before anything is sent, or goes out as exactly one
// path segment that decodes back to the value, with no query or fragment it didn't ask for.

/// Parse's `GameScore` (GoldenParse has one too).
private typealias Score = GoldenQueries.GameScore

/// Answers every request with a 404 and keeps it; nothing leaves the process.
private final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [URLRequest] = []

    var requests: [URLRequest] { lock.withLock { recorded } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        lock.withLock { recorded.append(request) }
        guard let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: 404, httpVersion: "HTTP/1.1", headerFields: [:])
        else { throw URLError(.badURL) }
        return (Data("{}".utf8), response)
    }
}

/// A dialect's client below a base URL with a path of its own, so that a value climbing out of its segment shows.
private struct Backend: Sendable {
    var name: String
    var dialect: any ClientDialect
    var base: String
    /// An id the backend takes, to show that the checks let real ids through.
    var validID: String

    static let cortex = Backend(
        name: "cortex",
        dialect: CortexDialect.cortex,
        base: "https://api.example.com/org/v2",
        validID: "5f0000000000000000000001"
    )
    static let mia = Backend(name: "mia", dialect: MiaDialect.mia, base: "https://mia.example.com/v2", validID: "p-1")
    static let parse = Backend(
        name: "parse",
        dialect: ParseDialect.parse,
        base: "https://parse.example.com/parse",
        validID: "Ed1nuqPvcm"
    )
    static let all = ["cortex": cortex, "mia": mia, "parse": parse]

    /// What one call sent, and how it ended.
    struct Outcome {
        var error: (any Error)?
        var requests: [URLRequest]
    }

    func run(_ call: (ModelClient) async throws -> Void) async -> Outcome {
        let transport = RecordingTransport()
        // A test-made URL literal.
        let client = ModelClient(baseURL: URL(string: base)!, dialect: dialect, transport: transport, retry: .never)
        do {
            try await call(client)
            return Outcome(error: nil, requests: transport.requests)
        } catch {
            return Outcome(error: error, requests: transport.requests)
        }
    }
}

/// Ids that would climb out of their segment, add a query, cut the path, fail to make a URL, or name the collection
/// or a folder (also once or twice percent-decoded).
private let hostileIDs = [
    "../x", "../_User/victim", "a/b", "?", "x?admin=1", "#", "x#y", " ", "a b", "", ".", "..", "%2E%2E", ".%2e",
    "%252E%252E", "%2F", "%", "line\nbreak", "é\u{301}", "\u{202E}x",
]

/// Values no dialect can put in a path: the collection itself, or a folder once a server normalizes the path.
private let neverSegments: Set<String> = ["", ".", "..", "%2E%2E", ".%2e", "%252E%252E"]

/// The recorded request's path below `base`, in raw segments, and its query; a fragment is an issue.
private func segments(
    of request: URLRequest,
    below base: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> (segments: [String], query: String?) {
    let url = try #require(request.url, sourceLocation: sourceLocation)
    let text = url.absoluteString
    try #require(text.hasPrefix(base + "/"), "\(text) is not below \(base)", sourceLocation: sourceLocation)
    let rest = text.dropFirst(base.count + 1)
    #expect(!rest.contains("#"), "\(text) has a fragment", sourceLocation: sourceLocation)
    let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    return (
        parts[0].split(separator: "/", omittingEmptySubsequences: false).map(String.init),
        parts.dropFirst().first.map(String.init)
    )
}

/// `outcome` is a refusal of `id` with nothing sent.
private func expectRefused(
    _ outcome: Backend.Outcome,
    _ id: String,
    _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        outcome.error is RequestPathError,
        "\(what) \(String(reflecting: id)): \(String(describing: outcome.error))",
        sourceLocation: sourceLocation
    )
    #expect(
        outcome.requests.isEmpty,
        "\(what) \(String(reflecting: id)) sent \(outcome.requests.compactMap(\.url))",
        sourceLocation: sourceLocation
    )
}

/// Every request of `outcome` goes to `prefix`, then `id` as one segment, then `suffix`, with only the query
/// `query` (nil: none).
private func expectOneSegment(
    _ outcome: Backend.Outcome,
    _ id: String,
    below backend: Backend,
    prefix: [String],
    suffix: [String] = [],
    query: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(
        !(outcome.error is RequestPathError),
        "\(String(describing: outcome.error))",
        sourceLocation: sourceLocation
    )
    try #require(
        !outcome.requests.isEmpty,
        "nothing sent for \(String(reflecting: id))",
        sourceLocation: sourceLocation
    )
    for request in outcome.requests {
        let (path, sentQuery) = try segments(of: request, below: backend.base, sourceLocation: sourceLocation)
        let described = "\(request.httpMethod ?? "") \(request.url?.absoluteString ?? "")"
        try #require(
            path.count == prefix.count + 1 + suffix.count,
            "\(String(reflecting: id)) is not one segment: \(described)",
            sourceLocation: sourceLocation
        )
        #expect(Array(path.prefix(prefix.count)) == prefix, "\(described)", sourceLocation: sourceLocation)
        #expect(Array(path.suffix(suffix.count)) == suffix, "\(described)", sourceLocation: sourceLocation)
        let segment = path[prefix.count]
        #expect(segment.removingPercentEncoding == id, "\(described)", sourceLocation: sourceLocation)
        #expect(segment != "." && segment != "..", "\(described)", sourceLocation: sourceLocation)
        #expect(sentQuery == query, "\(described)", sourceLocation: sourceLocation)
    }
}

/// The time limit is a backstop against a hang, not a measure of speed: the calls never leave the process, but the
/// deep CI run shares two cores with the fuzzing and the package builds, and has taken longer than a minute here.
@Suite(.timeLimit(.minutes(5)), .onPromptThreads)
struct HostileIDTests {
    // MARK: get, update, delete in every dialect

    @Test(arguments: ["cortex", "mia", "parse"])
    func getUpdateAndDeleteRefuseOrEncodeEveryID(_ dialect: String) async throws {
        let backend = try #require(Backend.all[dialect])
        for id in hostileIDs + [backend.validID] {
            let outcomes: [(String, Backend.Outcome)]
            let prefix: [String]
            switch backend.name {
            case "cortex":
                var patch = Item.Patch()
                patch.name = .set("renamed")
                outcomes = [
                    ("get", await backend.run { _ = try await $0.get(Item.self, id: id) }),
                    ("update", await backend.run { _ = try await $0.update(id, patch) }),
                    ("delete", await backend.run { try await $0.delete(Item.self, id: id) }),
                ]
                prefix = ["c_items"]
            case "mia":
                var patch = Plate.Patch()
                patch.name = .set("renamed")
                outcomes = [
                    ("get", await backend.run { _ = try await $0.get(Plate.self, id: id) }),
                    ("update", await backend.run { _ = try await $0.update(id, patch) }),
                    ("delete", await backend.run { try await $0.delete(Plate.self, id: id) }),
                ]
                prefix = ["plates"]
            default:
                var patch = Score.Patch()
                patch.points.increment(by: 1)
                outcomes = [
                    ("get", await backend.run { _ = try await $0.get(Score.self, id: id) }),
                    ("update", await backend.run { _ = try await $0.update(id, patch) }),
                    ("delete", await backend.run { try await $0.delete(Score.self, id: id) }),
                ]
                prefix = ["classes", "GameScore"]
            }
            // Cortex takes ObjectIDs only and Parse objectId characters only; Mia any text but a folder's name.
            let sent = id == backend.validID || (backend.name == "mia" && !neverSegments.contains(id))
            for (what, outcome) in outcomes {
                if sent {
                    try expectOneSegment(outcome, id, below: backend, prefix: prefix)
                } else {
                    expectRefused(outcome, id, "\(backend.name) \(what)")
                }
            }
        }
    }

    @Test func cortexAndParseSayWhatIsWrongWithTheID() async {
        let cortex = await Backend.cortex.run { try await $0.delete(Item.self, id: "../_User/victim") }
        #expect(
            (cortex.error as? RequestPathError)?.reason == .notObjectID(.invalidCharacter(".", offset: 0)),
            "\(String(describing: cortex.error))"
        )
        let parse = await Backend.parse.run { try await $0.delete(Score.self, id: "../_User/victim") }
        #expect((parse.error as? RequestPathError)?.reason == .notAlphanumeric(".", offset: 0))
        #expect(
            parse.error.map { "\($0)" }
                == #""../_User/victim" cannot be a Parse objectId: U+002E at offset 0 is not an ASCII letter or digit"#
        )
        let mia = await Backend.mia.run { try await $0.delete(Plate.self, id: "%2E%2E") }
        #expect((mia.error as? RequestPathError)?.reason == .dotSegment)
    }

    // MARK: Mia-Platform's state routes

    @Test func miaStateRoutesRefuseOrEncodeEveryID() async throws {
        let backend = Backend.mia
        var patch = Plate.Patch()
        patch.name = .set("renamed")
        for id in hostileIDs + [backend.validID] {
            let reads = [
                ("get", await backend.run { _ = try await $0.get(Plate.self, id: id, states: [.draft]) }),
                ("update", await backend.run { _ = try await $0.update(id, patch, states: [.draft]) }),
                ("delete", await backend.run { try await $0.delete(Plate.self, id: id, states: [.draft]) }),
            ]
            let change = await backend.run { try await $0.setState(Plate.self, id: id, to: .trash) }
            if neverSegments.contains(id) {
                for (what, outcome) in reads { expectRefused(outcome, id, "mia \(what) by state") }
                expectRefused(change, id, "mia state change")
                #expect(throws: RequestPathError.self) {
                    try MiaDialect.mia.renderStateChange(id: id, to: "TRASH", pluralName: "plates")
                }
            } else {
                for (_, outcome) in reads {
                    try expectOneSegment(outcome, id, below: backend, prefix: ["plates"], query: "_st=DRAFT")
                }
                try expectOneSegment(change, id, below: backend, prefix: ["plates"], suffix: ["state"])
            }
        }
    }

    // MARK: Parse's batches and uploads

    @Test func parseBatchesSendNothingWhenOneIDIsRefused() async throws {
        var patch = Score.Patch()
        patch.points.increment(by: 1)
        for id in hostileIDs {
            let deletes = await Backend.parse.run { try await $0.deleteAll(Score.self, ids: ["Ed1nuqPvcm", id]) }
            expectRefused(deletes, id, "parse batch delete")
            let updates = await Backend.parse.run {
                try await $0.updateAll([(id: "Ed1nuqPvcm", patch: patch), (id: id, patch: patch)])
            }
            expectRefused(updates, id, "parse batch update")
        }
    }

    /// An update that sets a file uploads it first: a refused id must stop it before the upload, or the file is
    /// stored for an update never sent.
    @Test func aParseUpdateWithAFileChecksTheIDBeforeUploading() async throws {
        var patch = PlaceObject.Patch()
        patch.picture = .set(FileUpload(facets: ["content": .init(data: Data("jpeg".utf8), fileName: "a.jpg")]))
        for id in hostileIDs {
            expectRefused(
                await Backend.parse.run { _ = try await $0.update(id, patch) },
                id,
                "parse update with a file"
            )
        }
    }

    @Test func aParseFileNameIsOneSegment() throws {
        let facet = FileUpload.Facet(data: Data(), mime: "image/jpeg")
        for name in hostileIDs {
            if neverSegments.contains(name) {
                #expect(throws: RequestPathError.self) { try ParseDialect.parse.renderFileUpload(facet, name: name) }
                continue
            }
            let request = try ParseDialect.parse.renderFileUpload(facet, name: name)
            let url = try request.url(relativeTo: try #require(URL(string: Backend.parse.base)))
            let (path, query) = try segments(of: URLRequest(url: url), below: Backend.parse.base)
            #expect(path.count == 2 && path.first == "files", "\(url)")
            #expect(path.last?.removingPercentEncoding == name, "\(url)")
            #expect(query == nil, "\(url)")
        }
    }

    // MARK: File properties and facets

    @Test func waitingForAFileRefusesOrEncodesTheIDAndThePath() async throws {
        let backend = Backend.cortex
        for id in hostileIDs {
            let outcome = await backend.run {
                _ = try await $0.waitUntilReady(Office.self, id: id, file: "c_pictures[0]")
            }
            expectRefused(outcome, id, "waiting for a file of")
            #expect(throws: RequestPathError.self) {
                try FileLocation(Office.self, id: id, file: { $0.pictures }, index: 0, facet: "thumbnail")
            }
        }
        // A file path climbing out of the instance stays below it, one segment a part.
        let office = backend.validID
        let climbing = await backend.run {
            _ = try await $0.waitUntilReady(Office.self, id: office, file: "../../_User")
        }
        let request = try #require(climbing.requests.first)
        let (path, query) = try segments(of: request, below: backend.base)
        #expect(path == ["c_offices", office, "%2F", "%2F_User"], "\(path)")
        #expect(query == nil)
    }

    @Test func aFacetNameIsOneSegment() throws {
        let office = Backend.cortex.validID
        let picture = try FileLocation(Office.self, id: office, file: { $0.pictures }, index: 1, facet: "thumbnail")
        #expect(picture.path == "/c_offices/\(office)/c_pictures/1/thumbnail")
        #expect(try FileLocation(Office.self, id: office, file: "c_pictures[1]", facet: "thumbnail") == picture)
        #expect(
            try picture.url(relativeTo: try #require(URL(string: Backend.cortex.base))).absoluteString
                == "https://api.example.com/org/v2/c_offices/\(office)/c_pictures/1/thumbnail"
        )
        for facet in hostileIDs {
            if neverSegments.contains(facet) {
                #expect(throws: RequestPathError.self) {
                    try FileLocation(Office.self, id: office, file: { $0.pictures }, facet: facet)
                }
                continue
            }
            let location = try FileLocation(Office.self, id: office, file: { $0.pictures }, facet: facet)
            let url = try location.url(relativeTo: try #require(URL(string: Backend.cortex.base)))
            let (path, query) = try segments(of: URLRequest(url: url), below: Backend.cortex.base)
            #expect(Array(path.prefix(3)) == ["c_offices", office, "c_pictures"] && path.count == 4, "\(url)")
            #expect(path.last?.removingPercentEncoding == facet, "\(url)")
            #expect(query == nil, "\(url)")
        }
    }

    // MARK: Paths built by hand

    /// A path that isn't one (an app's own, or an app's dialect's) is an error, never a crash: `URL(string:)` is nil
    /// for a space on iOS 16. An app's own path may carry a query.
    @Test func aPathThatIsNotAURLPathThrows() async throws {
        let base = try #require(URL(string: Backend.mia.base))
        for path in ["/a b", "/a#b", "/a?b#c", "/100%", "/%zz", "/line\nbreak", "/é", "/a?b=é"] {
            let error = #expect(throws: RequestPathError.self) { try RenderedRequest(path: path).url(relativeTo: base) }
            guard case .notAPath = error?.reason else {
                Issue.record("\(String(reflecting: path)): \(String(describing: error))")
                continue
            }
            let outcome = await Backend.mia.run { _ = try await $0.get(JSONValue.self, path: path) }
            expectRefused(outcome, path, "a path by hand")
        }
        #expect(
            try RenderedRequest(path: "/a%20b/c@d:e").url(relativeTo: base).absoluteString
                == Backend.mia.base + "/a%20b/c@d:e"
        )
        let withQuery = RenderedRequest(path: "/a?b=1", queryItems: [URLQueryItem(name: "c", value: "2 3")])
        #expect(try withQuery.url(relativeTo: base).absoluteString == Backend.mia.base + "/a?b=1&c=2%203")
    }

    // MARK: The segment itself

    @Test func aSegmentEncodesEveryScalarOutsideTheUnreservedOnes() throws {
        #expect(try PathSegment("a-b.c_d~9").encoded == "a-b.c_d~9")
        #expect(try PathSegment("../x").encoded == "..%2Fx")
        #expect(try PathSegment("a b?c#d%e+f").encoded == "a%20b%3Fc%23d%25e%2Bf")
        // Scalar by scalar: a combining mark is encoded although it joins the letter before it into one Character.
        #expect(try PathSegment("e\u{301}").encoded == "e%CC%81")
        #expect(try PathSegment("\u{600}/").encoded == "%D8%80%2F")
        for value in hostileIDs where !neverSegments.contains(value) {
            let encoded = try PathSegment(value).encoded
            #expect(encoded.removingPercentEncoding == value)
            #expect(!encoded.contains("/") && !encoded.contains("?") && !encoded.contains("#"), "\(encoded)")
        }
        for value in neverSegments {
            #expect(throws: RequestPathError.self) { try PathSegment(value) }
            #expect(throws: RequestPathError.self) { try PathSegment(id: value, syntax: .text) }
        }
        #expect(
            try PathSegment(id: "5F0000000000000000000001", syntax: .objectID).encoded == "5F0000000000000000000001"
        )
        #expect(throws: RequestPathError.self) { try PathSegment(id: "5f00000000000000000000ZZ", syntax: .objectID) }
        #expect(throws: RequestPathError.self) { try PathSegment(id: "Ed1nuq-Pvcm", syntax: .alphanumeric) }
        #expect(throws: RequestPathError.self) { try PathSegment(id: "", syntax: .alphanumeric) }
    }
}
