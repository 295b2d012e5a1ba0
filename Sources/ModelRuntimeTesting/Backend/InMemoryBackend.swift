import Foundation
import ModelRuntime
import ModelRuntimeClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A Medable Cortex, Mia-Platform CRUD service or Parse Server held in memory, with that backend's own semantics:
/// it is the transport of a `ModelClient`, so an app's code runs unchanged against it in tests and SwiftUI
/// previews. The same requests are rendered, sent, answered as the backend answers them, and decoded.
///
/// ```swift
/// let backend = InMemoryBackend(.cortex)
/// try await backend.insert([Item(id: itemID, name: "first")])
/// let client = backend.client()
/// let page = try await client.list(Item.query.where { $0.name.hasPrefix("f") }.limit(20))
/// ```
///
/// Each backend is an instance of its own (make one per test), with nothing shared between them. Its clock and its
/// ids are injected, virtual by default, so `created`, `createdAt` and ids are the same on every run. What it
/// received is in ``requests``; what it holds is in ``documents(in:)`` and ``stored(_:)``. ``script(_:for:times:)``
/// makes it fail a request as a real network or server may.
///
/// Its filters are evaluated as MongoDB (under each of the three) evaluates them; the project's query semantics
/// test checks them against an independent MongoDB implementation; Parse's relational queries (`$inQuery`,
/// `$notInQuery`, `$select`, `$dontSelect`, `$relatedTo`) are resolved against the stored objects first, as
/// parse-server resolves them, and Parse's ACLs decide what each session reads and writes. What it does not do: geo
/// and text search, and Cortex's access rules and Parse's class-level permissions (script those answers). Those
/// requests are refused with a fault that says so, never answered wrongly.
public actor InMemoryBackend: HTTPTransport {
    /// Which backend this is.
    public nonisolated let dialect: InMemoryDialect
    /// Requests below this URL are answered; ``client(headers:retry:timeout:)`` makes clients for it.
    public nonisolated let baseURL: URL

    private var state: BackendState
    private var faults: [(match: RequestMatch, fault: ScriptedFault, remaining: Int)] = []
    private let basePath: [String]

    /// Every request received, in order, with its answer's status.
    public private(set) var requests: [RecordedRequest] = []

    /// An empty backend speaking `dialect` below `baseURL` (an address that never reaches a network), with `clock`'s
    /// time and `ids` (the dialect's own kind of id when nil).
    public init(
        _ dialect: InMemoryDialect,
        baseURL: URL = URL(string: "https://backend.invalid/api")!,
        clock: BackendClock = .virtual,
        ids: IDGenerator? = nil
    ) {
        let state = BackendState(clock: clock, ids: ids ?? dialect.backend.defaultIDs, baseURL: baseURL)
        self.init(dialect, baseURL: baseURL, state: state)
    }

    /// A backend holding `models` from the start (their type registered), for a SwiftUI preview that can't wait to
    /// seed one: `InMemoryBackend(.cortex, seeding: Item.samples)`.
    public init<M: SchemaObject>(
        _ dialect: InMemoryDialect,
        seeding models: [M],
        baseURL: URL = URL(string: "https://backend.invalid/api")!,
        clock: BackendClock = .virtual,
        ids: IDGenerator? = nil
    ) throws {
        var state = BackendState(clock: clock, ids: ids ?? dialect.backend.defaultIDs, baseURL: baseURL)
        try state.insert(models, dialect.backend)
        self.init(dialect, baseURL: baseURL, state: state)
    }

    private init(_ dialect: InMemoryDialect, baseURL: URL, state: BackendState) {
        self.dialect = dialect
        self.baseURL = baseURL
        self.basePath = baseURL.path.split(separator: "/").map(String.init)
        var state = state
        state.unique.merge(dialect.backend.systemUniqueMembers) { $0.union($1) }
        self.state = state
    }

    /// A client of this backend, in its dialect, with this backend as its transport.
    public nonisolated func client(
        headers: @escaping @Sendable () async throws -> [String: String] = { [:] },
        retry: RetryPolicy = .standard,
        timeout: Duration? = .seconds(60)
    ) -> ModelClient {
        dialect.makeClient(baseURL, self, headers, retry, timeout)
    }

    // MARK: Seeding

    /// Makes `type` known: its object name for what Cortex writes in `object`, its keys to refuse a property it
    /// doesn't have (in a write to Cortex and Mia-Platform, where Parse adds a field instead, and in a Cortex read's
    /// `paths[]`), its coding to refuse a value of the wrong type or a missing required one, and (Mia-Platform) its
    /// endpoints' default states.
    public func register<M: SchemaObject>(_ type: M.Type) {
        state.register(type)
    }

    /// Makes the model `Body` creates known, as `register(_:)` of a model does, and the members its creates must send (what
    /// `generate: [testing]` adds to each `Create`): a create without one is refused, as the backend refuses it.
    ///
    /// ```swift
    /// await backend.register(Item.Create.self)
    /// ```
    public func register<Body: RequiredCreateMembers>(_ create: Body.Type) {
        state.register(create: create)
    }

    /// Keeps the values of `key` unique in the collection `pluralName`, as a unique index (a Cortex `unique`
    /// validator, a Mia-Platform unique index, a Parse unique index) does: a write that would store a duplicate is
    /// refused as a conflict in the backend's own shape (Parse's 137, a 409 elsewhere). Parse's index is the sparse one
    /// parse-server makes (`ensureUniqueness`): objects without the member never collide, objects holding null do.
    public func requireUnique(_ key: String, in pluralName: String) {
        state.unique[pluralName, default: []].insert(key)
    }

    /// Stores `models` as they are (with their ids and system properties), after any stored before, and registers
    /// their type.
    public func insert<M: SchemaObject>(_ models: [M]) throws {
        try state.insert(models, dialect.backend)
    }

    /// Stores JSON documents as they are into the collection `pluralName`; a document without an id gets one, on
    /// Mia-Platform one without a `__STATE__` is `PUBLIC`, and on Parse one without `createdAt` and `updatedAt` gets
    /// them.
    public func insert(_ documents: [JSONValue], into pluralName: String) throws {
        try state.insert(documents, into: pluralName, dialect.backend)
    }

    /// Stores the documents of a JSON file: an array of them, or a list answer of the backend (Cortex's `data`,
    /// Parse's `results`), such as one saved from the real backend.
    public func insert(json data: Data, into pluralName: String) throws {
        let value = try JSONValue(parsing: data)
        guard let documents = value.arrayValue ?? value["data"]?.arrayValue ?? value["results"]?.arrayValue else {
            throw InMemoryBackendError("the JSON is neither an array nor a list answer")
        }
        try insert(documents, into: pluralName)
    }

    /// Stores the instances of an NDJSON export (`mdctl env export`, one JSON object a line): each line with an
    /// `_id` goes into the collection of the object its `object` names (a registered model's, `pluralNames`'s, or
    /// the name with an `s`); lines without one (definitions, templates) are skipped. Returns how many were stored.
    @discardableResult
    public func insert(ndjson data: Data, pluralNames: [String: String] = [:]) throws -> Int {
        var stored = 0
        for document in try Self.documents(ofNDJSON: data) {
            guard document["_id"] != nil, let object = document["object"]?.stringValue else { continue }
            let plural =
                pluralNames[object] ?? state.models.first { $0.value.apiName == object }?.key ?? object + "s"
            try insert([document], into: plural)
            stored += 1
        }
        return stored
    }

    /// Stores every document of an NDJSON file (one JSON object a line) into the collection `pluralName`, as
    /// ``insert(_:into:)`` does: a Mia-Platform CRUD service's `GET /<collection>/export`, whose lines name no
    /// object. Returns how many were stored.
    @discardableResult
    public func insert(ndjson data: Data, into pluralName: String) throws -> Int {
        let documents = try Self.documents(ofNDJSON: data)
        try insert(documents, into: pluralName)
        return documents.count
    }

    /// The JSON value of each line of `data` that isn't blank; a line that isn't JSON is an error naming it.
    private static func documents(ofNDJSON data: Data) throws -> [JSONValue] {
        var documents: [JSONValue] = []
        for (number, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            let text = String(decoding: line, as: UTF8.self)
            if text.allSatisfy(\.isWhitespace) { continue }
            do {
                documents.append(try JSONValue(parsing: Data(line)))
            } catch {
                throw InMemoryBackendError("line \(number + 1) of the NDJSON is not JSON: \(error)")
            }
        }
        return documents
    }

    // MARK: Reading back

    /// The documents of the collection `pluralName`, in the order stored, as the backend holds them.
    public func documents(in pluralName: String) -> [JSONValue] {
        state.documents(pluralName)
    }

    /// The stored instances of `type`, decoded.
    public func stored<M: SchemaObject>(_ type: M.Type) throws -> [M] {
        try state.documents(M.pluralName).map { try JSONValueDecoder().decode(M.self, from: $0) }
    }

    /// The files uploaded to the backend, in the order stored: each with the path it is served at.
    public var files: [StoredFile] {
        state.files
    }

    // MARK: Faults

    /// Makes the next `times` requests that `match` selects fail with `fault` instead of being answered (a delay
    /// answers them after).
    public func script(_ fault: ScriptedFault, for match: RequestMatch = .any, times: Int = 1) {
        faults.append((match, fault, max(1, times)))
    }

    // MARK: Transport

    /// Answers `request` as the backend would.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let url = request.url ?? baseURL
        let record = RecordedRequest(
            method: (request.httpMethod ?? "GET").uppercased(),
            path: Self.relativePath(url, below: baseURL),
            queryItems: URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? [],
            headers: Dictionary(
                (request.allHTTPHeaderFields ?? [:]).map { ($0.key.lowercased(), $0.value) },
                uniquingKeysWith: { _, last in last }
            ),
            body: request.httpBody.flatMap { try? JSONValue(parsing: $0) }
        )
        requests.append(record)
        let index = requests.count - 1
        if let position = faults.firstIndex(where: { $0.match.matches(record) }) {
            let fault = faults[position].fault
            faults[position].remaining -= 1
            if faults[position].remaining == 0 { faults.remove(at: position) }
            switch fault.kind {
            case .answer(let status, let body, let headers):
                requests[index].status = status
                return try respond(BackendAnswer(status, body, headers: headers), url: url)
            case .cutConnection:
                throw URLError(.networkConnectionLost)
            case .delay(let duration):
                if !state.advance(by: duration) { try await Task.sleep(for: duration) }
            }
        }
        let answer: BackendAnswer
        // A request the backend refuses changes nothing: not its documents, ids, clock or pending uploads.
        let before = state
        do {
            guard let parsed = try BackendRequest(request, basePath: basePath) else {
                throw BackendFault.notFound("\(url.path) is not below \(baseURL.path)")
            }
            requests[index].queryItems = parsed.query.map { URLQueryItem(name: $0.name, value: $0.value) }
            answer = try dialect.backend.answer(parsed, &state)
        } catch {
            state = before
            let fault = error as? BackendFault ?? BackendFault.invalid("\(error)")
            answer = BackendAnswer(dialect.backend.status(of: fault), dialect.backend.errorBody(fault))
        }
        requests[index].status = answer.status
        return try respond(answer, url: url)
    }

    private func respond(_ answer: BackendAnswer, url: URL) throws -> (Data, HTTPURLResponse) {
        var headers = answer.headers
        let data: Data
        if let bytes = answer.bytes {
            data = bytes
        } else {
            data = answer.status == 204 ? Data() : try answer.body?.jsonData(sortedKeys: true) ?? Data()
            if !data.isEmpty { headers["Content-Type"] = "application/json; charset=utf-8" }
        }
        guard
            let response = HTTPURLResponse(
                url: url,
                statusCode: answer.status,
                httpVersion: "HTTP/1.1",
                headerFields: headers
            )
        else { throw URLError(.badServerResponse) }
        return (data, response)
    }

    /// The URL's path below `base`'s, as sent.
    private static func relativePath(_ url: URL, below base: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        let basePath = base.path.hasSuffix("/") ? String(base.path.dropLast()) : base.path
        return path.hasPrefix(basePath) ? String(path.dropFirst(basePath.count)) : path
    }
}

/// A seeding call the backend can't carry out: a document that is not an object, a file that is not JSON.
public struct InMemoryBackendError: Error, Sendable, CustomStringConvertible {
    /// What was wrong.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
