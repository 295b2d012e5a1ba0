import Foundation
import ModelRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A thin typed REST client over an ``HTTPTransport``: lists, pages, reads, creates (with Cortex's file uploads
/// after), updates, deletes and counts generated models in a dialect's wire format.
///
/// ```swift
/// let client = ModelClient(baseURL: url, dialect: .cortex)
/// let page = try await client.list(Item.query.where { $0.count.gt(3) }.limit(20))
/// for try await item in client.all(Item.query) { print(item.name) }
/// let created = try await client.create(Item.Create(name: "new"))
/// ```
public struct ModelClient: Sendable {
    /// Requests go below this URL: `…/v2` and `/c_items` make `…/v2/c_items`.
    public let baseURL: URL
    /// The backend's wire format, for requests and answers.
    public let dialect: any ClientDialect
    /// Sends every request; the client's `uploader` starts out with it too.
    public let transport: any HTTPTransport
    /// Called before every request; its headers (session ids, API keys) are added to the request, where the request
    /// doesn't set the same header itself.
    public let headers: @Sendable () async throws -> [String: String]
    /// When idempotent requests are sent again.
    public let retry: RetryPolicy
    /// How long one attempt of a request may take, from sending it to the last byte of the answer; nil waits as
    /// long as the transport does.
    public let timeout: Duration?
    /// The longest answer body the client reads; a longer one stops the transfer and is
    /// ``ModelClientError/responseTooLarge(request:limit:)``.
    public let maximumResponseBytes: Int
    /// Its transport carries the file bytes of creates and updates (with the client's retry policy and timeout); its
    /// `polling` says how ``waitUntilReady(_:id:file:)`` waits.
    public var uploader: FileUploader

    /// The default ``maximumResponseBytes``: 32 MiB.
    public static let defaultMaximumResponseBytes = URLSessionTransport.defaultMaximumResponseBytes

    /// A client for the backend at `baseURL`, speaking `dialect`. The `headers` closure runs before every request;
    /// `timeout` bounds each attempt as a whole (`nil` waits as long as the transport does), and
    /// `maximumResponseBytes` each answer.
    public init(
        baseURL: URL,
        dialect: some ClientDialect,
        transport: any HTTPTransport = URLSessionTransport(),
        headers: @escaping @Sendable () async throws -> [String: String] = { [:] },
        retry: RetryPolicy = .standard,
        timeout: Duration? = .seconds(60),
        maximumResponseBytes: Int = ModelClient.defaultMaximumResponseBytes
    ) {
        self.baseURL = baseURL
        self.dialect = dialect
        self.transport = transport
        self.headers = headers
        self.retry = retry
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
        self.uploader = FileUploader(transport: transport)
        self.uploader.apiBaseURL = baseURL
    }

    // MARK: Reading

    /// One page of what `query` selects, fetched with the query's own skip and limit. Its ``Page/next()`` fetches
    /// the page after it.
    public func list<M: QueryableModel>(_ query: Query<M>) async throws -> Page<M> {
        try await page(M.self, query.parts)
    }

    /// The page `parts` selects. Without a limit the server's own page size caps it, so a page of that size may
    /// have more after it, as a page of the query's limit may.
    func page<M: QueryableModel>(_ type: M.Type, _ parts: QueryParts) async throws -> Page<M> {
        let request = try dialect.render(parts)
        let (items, serverHasMore) = try await listItems(M.self, request)
        let size = parts.limit ?? dialect.serverPageLimit
        let hasMore = serverHasMore ?? (size.map { $0 > 0 && items.count >= $0 } ?? false)
        let skip = parts.skip ?? 0
        // The server decides how many items a page has: past `Int.max`, no skip can name the page after it.
        let (nextSkip, overflows) = skip.addingReportingOverflow(items.count)
        guard hasMore, !items.isEmpty, !overflows else {
            return Page(items: items, hasMore: hasMore, skip: skip, limit: parts.limit)
        }
        var following = parts
        following.skip = nextSkip
        let client = self
        return Page(items: items, hasMore: hasMore, skip: skip, limit: parts.limit) { [following] in
            try await client.page(M.self, following)
        }
    }

    /// The items of the list answer to `request`, and the server's more-follows flag where it has one. With a
    /// ``ListLayout`` the answer's tree is decoded in one pass; else through the dialect's ``ListEnvelope``.
    private func listItems<M: QueryableModel>(_ type: M.Type, _ request: RenderedRequest) async throws -> ([M], Bool?) {
        if let layout = dialect.listLayout {
            let answer = try await json(for: request, expecting: M.self)
            var decoder = JSONValueDecoder()
            decoder.userInfo[ListAnswer<M>.layoutKey] = layout
            do {
                let answer = try decoder.decode(ListAnswer<M>.self, from: answer)
                return (answer.items, answer.hasMore)
            } catch let error as DecodingError {
                throw ModelClientError.decoding(
                    model: String(describing: M.self),
                    keyPath: Self.keyPath("", error),
                    request: Self.describe(request),
                    underlying: error
                )
            }
        }
        let answer = try await json(for: request, expecting: M.self)
        guard let envelope = dialect.listEnvelope(from: answer) else {
            throw decodingError(M.self, keyPath: "", request: request, reason: "the answer is not a list")
        }
        let items = try envelope.items.enumerated().map { index, item in
            let prefix = envelope.itemsPath.isEmpty ? "[\(index)]" : "\(envelope.itemsPath)[\(index)]"
            return try decode(M.self, from: item, at: prefix, request: request)
        }
        return (items, envelope.hasMore)
    }

    /// Every object `query` selects, fetched `pageSize` at a time by skip and limit from the query's own skip; a
    /// limit on the query caps the total. Stops after a short page or one the server says is the last.
    ///
    /// A page is fetched when every item of the one before it has been read, so reading slowly holds one page in
    /// memory and breaking out of the loop stops the requests; a cancelled task's loop throws `CancellationError`.
    /// The query's sort gets the id as its last key (ascending), so that the order is total and no object is skipped
    /// or repeated between pages while nothing changes on the server. For an `Identifiable` model, a server that
    /// answers the same objects for three pages in a row, none the last, ignores the skip: the listing ends with
    /// ``ModelClientError/pageRepeated(request:skip:)``, where it would otherwise never end.
    public func all<M: QueryableModel>(_ query: Query<M>, pageSize: Int = 100) -> Listing<M> {
        var parts = query.parts
        let id = FieldPath([dialect.idFieldName])
        if !parts.sortKeys.contains(where: { $0.path == id }) { parts.sortKeys.append((id, true)) }
        return Listing(client: self, parts: parts, pageSize: pageSize)
    }

    /// The instance `id`; a query adds its projection, includes and expansions (its conditions, order and page are
    /// not sent).
    public func get<M: QueryableModel>(
        _ type: M.Type,
        id: some ReferenceIdentifier,
        query: Query<M>? = nil
    )
        async throws -> M
    {
        try await get(type, id: id.referenceID, queryItems: instanceItems(query))
    }

    /// Reads the instance `id` of any schema object.
    public func get<M: SchemaObject>(_ type: M.Type, id: some ReferenceIdentifier) async throws -> M {
        try await get(type, id: id.referenceID, queryItems: [])
    }

    /// The instance `id`, read with `queryItems` and `headers` of its own.
    func get<M: SchemaObject>(
        _ type: M.Type,
        id: String,
        queryItems: [URLQueryItem],
        headers: [String: String] = [:]
    ) async throws -> M {
        let request = RenderedRequest(
            path: try dialect.instancePath(pluralName: M.pluralName, id: id),
            queryItems: queryItems,
            headers: headers
        )
        return try decode(M.self, from: try await json(for: request, expecting: M.self), at: "", request: request)
    }

    /// How many objects `query`'s conditions select; an answer that is no count (or one below zero) is a decoding
    /// error.
    public func count<M: QueryableModel>(_ query: Query<M>) async throws -> Int {
        let request = try query.renderedCount(for: dialect)
        let answer = try await json(for: request, expecting: Int.self)
        // A count below zero is no count, whatever the server meant by it.
        guard let count = dialect.count(from: answer), count >= 0 else {
            throw decodingError(Int.self, keyPath: "", request: request, reason: "the answer is not a count")
        }
        return count
    }

    // MARK: Writing

    /// Creates an instance from `body` and returns it as the server stored it. Cortex's answer asks for the body's
    /// files, which are then uploaded (parse's files are uploaded first, as parse wants them); `progress` hears each
    /// facet's bytes go (the *Files and Uploads* article of `ModelRuntime`).
    public func create<Body: CreateBody>(
        _ body: Body,
        progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws -> Body.Model {
        let request = try await renderedCreate(body, progress: progress)
        let answer = try await json(for: request, expecting: Body.Model.self)
        guard let written = dialect.writeAnswer(answer, method: request.method, id: nil) else {
            throw decodingError(Body.Model.self, keyPath: "", request: request, reason: "the answer names no object")
        }
        switch written {
        case .fetch(let id):
            // The instance exists from here on: a failure to read it back says which one it is.
            do {
                return try await get(Body.Model.self, id: id, queryItems: dialect.createdInstanceQueryItems)
            } catch let error as CancellationError {
                throw error
            } catch {
                throw ModelClientError.createdButNotRead(id: id, underlying: error)
            }
        case .object:
            let model = try decode(Body.Model.self, from: answer, at: "", request: request)
            try await uploadFiles(
                body.files,
                askedForBy: answer,
                objectID: answer["_id"]?.stringValue,
                progress: progress
            )
            return model
        }
    }

    /// The request that creates `body`'s instance; on Parse, its files uploaded first, as Parse wants them.
    func renderedCreate<Body: CreateBody>(
        _ body: Body,
        progress: (@Sendable (UploadProgress) -> Void)?
    ) async throws -> RenderedRequest {
        let members = try body.validatedMembers()
        if let parse = dialect as? ParseDialect, !body.files.isEmpty {
            let uploaded = try await uploadToParse(body.files, objectID: nil, progress: progress)
            return try parse.renderCreate(members, pluralName: Body.Model.pluralName, files: uploaded)
        }
        return try dialect.renderCreate(members, pluralName: Body.Model.pluralName)
    }

    /// Applies `patch` to the instance `id` and returns the instance as the server then has it. On Cortex the files
    /// the patch sets are uploaded after, as the answer instructs, and on Parse before (as ``create(_:progress:)``
    /// does); `progress` hears each facet's bytes go.
    ///
    /// The update is one request where the backend applies all its operations at once (Cortex always, with its
    /// `PATCH` of operations when it pushes or pulls). Where it takes several (Mia-Platform and Parse, when one
    /// array gets a push and a pull), a failure after the first throws a ``PartialUpdateError`` naming the steps
    /// applied, the one that failed and those not sent.
    public func update<Body: UpdateBody>(
        _ id: some ReferenceIdentifier,
        _ patch: Body,
        progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws -> Body.Model {
        try await update(id.referenceID, patch, extraItems: [], progress: progress)
    }

    /// Sends `patch`'s requests with `extraItems` added to each (Mia's `_st`), and the instance as it then is.
    func update<Body: UpdateBody>(
        _ id: String,
        _ patch: Body,
        extraItems: [URLQueryItem],
        progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws -> Body.Model {
        try await updateKeepingSession(id, patch, extraItems: extraItems, progress: progress).model
    }

    /// ``update(_:_:extraItems:progress:)``, with the session token Parse answered the update with, if any: a new
    /// password of a `_User` ends every session of the user, the one that sent it too, and the answer holds the new
    /// one, which the update's later requests and its read-back send. A later step or the read-back that fails after
    /// that throws a ``PartialUpdateError`` holding the new token, the user's only session then.
    func updateKeepingSession<Body: UpdateBody>(
        _ id: String,
        _ patch: Body,
        extraItems: [URLQueryItem],
        progress: (@Sendable (UploadProgress) -> Void)?
    ) async throws -> (model: Body.Model, sessionToken: String?) {
        let requests = try await renderedUpdate(patch, id: id, progress: progress).map { request in
            var request = request
            request.queryItems += extraItems
            return request
        }
        var last: (RenderedRequest, JSONValue)?
        var sessionToken: String?
        // The headers that send the new session, once an answer gave one.
        var newSession: [String: String] { sessionToken.map { [ParseCredentials.sessionTokenHeader: $0] } ?? [:] }
        for (index, request) in requests.enumerated() {
            let answer: JSONValue
            do {
                var request = request
                request.headers.merge(newSession) { _, new in new }
                answer = try await json(for: request, expecting: Body.Model.self)
                // Only a `_User`'s answer holds a session: another class may have a field of that name. One that
                // can't be sent in a header (empty, a line break) is a decoding error, as a log-in's is.
                if dialect is ParseDialect, Body.Model.apiName == "_User",
                    let token = try self.sessionToken(in: answer, of: Body.Model.self, request: request)
                {
                    sessionToken = token
                }
            } catch let error where index > 0 && !(error is CancellationError) {
                // The earlier steps are applied on the server: say which, and which failed.
                throw PartialUpdateError(
                    id: id,
                    applied: requests[..<index].map(Self.describe),
                    failed: Self.describe(request),
                    notSent: requests[(index + 1)...].map(Self.describe),
                    underlying: error,
                    sessionToken: sessionToken
                )
            }
            last = (request, answer)
            // Cortex sets files with its one request and answers with their upload instructions.
            if index == 0 {
                try await uploadFiles(patch.files, askedForBy: answer, objectID: id, progress: progress)
            }
        }
        // No request: read the instance as it is. Otherwise the last answer is the instance after every step.
        guard let (request, answer) = last else {
            return (try await get(Body.Model.self, id: id, queryItems: extraItems), nil)
        }
        switch dialect.writeAnswer(answer, method: request.method, id: id) {
        case .object: return (try decode(Body.Model.self, from: answer, at: "", request: request), sessionToken)
        case .fetch(let fetched):
            do {
                let model = try await get(Body.Model.self, id: fetched, queryItems: extraItems, headers: newSession)
                return (model, sessionToken)
            } catch let error where sessionToken != nil && !(error is CancellationError) {
                // The new password is set and the session that sent it has ended: the error carries the new one,
                // which is the user's only session from here on.
                let readBack = RenderedRequest(
                    path: try dialect.instancePath(pluralName: Body.Model.pluralName, id: fetched)
                )
                throw PartialUpdateError(
                    id: id,
                    applied: requests.map(Self.describe),
                    failed: Self.describe(readBack),
                    notSent: [],
                    underlying: error,
                    sessionToken: sessionToken
                )
            }
        case nil:
            throw decodingError(Body.Model.self, keyPath: "", request: request, reason: "unexpected update answer")
        }
    }

    /// Deletes the instance `id`.
    public func delete<M: SchemaObject>(_ type: M.Type, id: some ReferenceIdentifier) async throws {
        try await delete(type, id: id.referenceID, extraItems: [])
    }

    func delete<M: SchemaObject>(_ type: M.Type, id: String, extraItems: [URLQueryItem]) async throws {
        let request = RenderedRequest(
            method: "DELETE",
            path: try dialect.instancePath(pluralName: M.pluralName, id: id),
            queryItems: extraItems
        )
        _ = try await send(request)
    }

    // MARK: Sending

    /// The query items of a read of one instance: the query's projection, includes and expansions only.
    private func instanceItems<M: QueryableModel>(_ query: Query<M>?) throws -> [URLQueryItem] {
        guard let query else { return [] }
        var parts = query.parts
        parts.conditions = []
        parts.sortKeys = []
        parts.limit = nil
        parts.skip = nil
        let rendered = try dialect.render(parts)
        guard rendered.method == "GET" else {
            throw ModelClientError.unsupported("the projection is too long to send in a URL")
        }
        return rendered.queryItems
    }

    /// The JSON answer to `request` (an empty answer reads as `null`); an answer that is not JSON is a decoding
    /// error naming `model`, the type the answer was for.
    func json<T>(for request: RenderedRequest, expecting model: T.Type) async throws -> JSONValue {
        try await jsonExchange(for: request, expecting: model).json
    }

    /// ``json(for:expecting:)``, with the 2xx status the answer came with.
    func jsonExchange<T>(
        for request: RenderedRequest,
        expecting model: T.Type
    ) async throws -> (json: JSONValue, status: Int) {
        let (data, status) = try await exchange(request)
        if data.isEmpty { return (.null, status) }
        do {
            return (try JSONValue(parsing: data), status)
        } catch let error as DecodingError {
            throw ModelClientError.decoding(
                model: String(describing: T.self),
                keyPath: Self.keyPath("", error),
                request: Self.describe(request),
                underlying: error
            )
        } catch {
            throw ModelClientError.decoding(
                model: String(describing: T.self),
                keyPath: "",
                request: Self.describe(request),
                underlying: error
            )
        }
    }

    /// Sends `request` with the headers, retrying idempotent requests; a non-2xx status is a `.server` error.
    func send(_ rendered: RenderedRequest) async throws -> Data {
        try await exchange(rendered).data
    }

    /// ``send(_:)``, with the 2xx status the answer came with.
    func exchange(_ rendered: RenderedRequest) async throws -> (data: Data, status: Int) {
        var urlRequest = try rendered.urlRequest(relativeTo: baseURL)
        if urlRequest.value(forHTTPHeaderField: "Accept") == nil {
            urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        }
        for (name, value) in try await headers().sorted(by: { $0.key < $1.key }) {
            try urlRequest.setCheckedValue(value, forHTTPHeaderField: name)
        }
        // A request's own headers are more particular than the client's: a sign-up reads its user back with the
        // new session token, whatever session the client's headers hold.
        for (name, value) in rendered.headers.sorted(by: { $0.key < $1.key }) {
            try urlRequest.setCheckedValue(value, forHTTPHeaderField: name)
        }
        let idempotent = rendered.isIdempotent
        let (data, response) = try await sendRetrying(
            urlRequest,
            describedAs: Self.describe(rendered),
            idempotent: idempotent
        )
        return (data, response.statusCode)
    }

    /// Sends `urlRequest` as it is through `transport`, each attempt within the timeout, again as the retry policy
    /// says (an `idempotent` request after a transport error, a timeout or a 5xx); a non-2xx answer is a `.server`
    /// error. `bodySent` hears the body's bytes go out, attempt by attempt. A method or header that is not one HTTP
    /// field is a ``RequestHeaderError``, and nothing is sent.
    func sendRetrying(
        _ urlRequest: URLRequest,
        describedAs description: String,
        idempotent: Bool,
        through transport: (any HTTPTransport)? = nil,
        bodySent: (@Sendable (Int64) -> Void)? = nil
    ) async throws -> (Data, HTTPURLResponse) {
        // Whatever built the request, and wherever its values came from, it goes out as the request it says it is.
        try urlRequest.checkMethodAndHeaders()
        var delay = retry.initialDelay
        var attempt = 1
        while true {
            try Task.checkCancellation()
            var failure: ModelClientError
            var retryAfter: Duration?
            do {
                let (data, response) = try await sendOnce(
                    urlRequest,
                    describedAs: description,
                    through: transport ?? self.transport,
                    bodySent: bodySent
                )
                if (200..<300).contains(response.statusCode) { return (data, response) }
                retryAfter = Self.retryAfter(response.value(forHTTPHeaderField: "Retry-After"))
                failure = serverError(status: response.statusCode, body: data, retryAfter: retryAfter)
            } catch let error as CancellationError {
                throw error
            } catch HTTPTransportError.responseTooLarge(let limit) {
                throw ModelClientError.responseTooLarge(request: description, limit: limit)
            } catch let error as HTTPTransportError {
                // A refused redirect or an answer that is not HTTP would come the same way again.
                throw ModelClientError.transport(error)
            } catch let error as URLError where error.code == .httpTooManyRedirects {
                // So would a redirect loop.
                throw ModelClientError.transport(error)
            } catch let error as ModelClientError {
                if Task.isCancelled { throw CancellationError() }
                failure = error
            } catch {
                if Task.isCancelled { throw CancellationError() }
                failure = .transport(error)
            }
            guard attempt < retry.maxAttempts, Self.isRetryable(failure, idempotent: idempotent, retry) else {
                throw failure
            }
            // The server's own wait wins over the policy's, up to the longest wait the policy allows.
            if let retryAfter, retryAfter > retry.maximumDelay { throw failure }
            try await Task.sleep(for: max(delay, retryAfter ?? .zero))
            delay = retry.delay(after: delay)
            attempt += 1
        }
    }

    /// Whether `failure` may be sent again: a 429 always (the server refused it unapplied); a transport error, a
    /// timeout or a 5xx for an idempotent request, or for any when the policy says so.
    static func isRetryable(_ failure: ModelClientError, idempotent: Bool, _ retry: RetryPolicy) -> Bool {
        switch failure {
        case .rateLimited: return true
        case .server(let status, _, _, _): return status >= 500 && (idempotent || retry.retriesNonIdempotentRequests)
        case .transport, .timedOut: return idempotent || retry.retriesNonIdempotentRequests
        default: return false
        }
    }

    /// A `Retry-After` value: seconds, or an HTTP date (then the time until it).
    static func retryAfter(_ value: String?) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return seconds >= 0 ? .seconds(min(seconds, 86_400)) : nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(Int64(max(0, min(86_400, date.timeIntervalSinceNow)) * 1000))
    }

    /// One attempt, raced against the timeout (``withTimeLimit(_:timedOut:_:)``): whichever finishes first cancels
    /// the other, so a request that times out is really abandoned.
    private func sendOnce(
        _ request: URLRequest,
        describedAs description: String,
        through transport: any HTTPTransport,
        bodySent: (@Sendable (Int64) -> Void)?
    ) async throws -> (Data, HTTPURLResponse) {
        let limit = maximumResponseBytes
        @Sendable func send() async throws -> (Data, HTTPURLResponse) {
            guard let bodySent else { return try await transport.send(request, maximumResponseBytes: limit) }
            return try await transport.send(request, maximumResponseBytes: limit, bodySent: bodySent)
        }
        return try await withTimeLimit(
            timeout,
            timedOut: { ModelClientError.timedOut(request: description, after: $0) },
            send
        )
    }

    private func serverError(status: Int, body: Data, retryAfter: Duration?) -> ModelClientError {
        let json = try? JSONValue(parsing: body)
        let details: (code: String?, message: String?) = json.map { dialect.errorDetails(from: $0) } ?? (nil, nil)
        if status == 429 {
            return .rateLimited(retryAfter: retryAfter, code: details.code, message: details.message, body: body)
        }
        return .server(status: status, code: details.code, message: details.message, body: body)
    }

    // MARK: Decoding

    /// `value` as `type`, with a decoding error naming the model, the key path below `prefix` and the request.
    func decode<T: Decodable>(
        _ type: T.Type,
        from value: JSONValue,
        at prefix: String,
        request: RenderedRequest
    )
        throws -> T
    {
        // An answer asked for as JSON is already decoded.
        if let json = value as? T { return json }
        do {
            return try JSONValueDecoder().decode(T.self, from: value)
        } catch let error as DecodingError {
            throw ModelClientError.decoding(
                model: String(describing: T.self),
                keyPath: Self.keyPath(prefix, error),
                request: Self.describe(request),
                underlying: error
            )
        }
    }

    func decodingError<T>(
        _ type: T.Type,
        keyPath: String,
        request: RenderedRequest,
        reason: String
    )
        -> ModelClientError
    {
        .decoding(
            model: String(describing: T.self),
            keyPath: keyPath,
            request: Self.describe(request),
            underlying: DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: reason))
        )
    }

    static func describe(_ request: RenderedRequest) -> String { "\(request.method) \(request.path)" }

    /// `prefix` and the error's coding path (with the missing key, for `keyNotFound`) as `data[2].c_size.c_width`.
    static func keyPath(_ prefix: String, _ error: DecodingError) -> String {
        var path: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default: path = []
        }
        var text = prefix
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}

extension ModelClient {
    /// Any decodable answer at `path` below the base URL: a mapped model that is not an object of the schema, such
    /// as RestKit's timeline under its `data.blogposts` envelope.
    public func get<Answer: Decodable>(
        _ type: Answer.Type,
        path: String,
        queryItems: [URLQueryItem] = []
    ) async throws -> Answer {
        let request = RenderedRequest(path: path, queryItems: queryItems)
        return try decode(
            Answer.self,
            from: try await json(for: request, expecting: Answer.self),
            at: "",
            request: request
        )
    }

    /// Posts a model as its own coding writes it (a mapped model's key paths and formatters are the inverse mapping
    /// RestKit needed) and decodes the answer.
    public func post<Body: Encodable, Answer: Decodable>(
        _ body: Body,
        to path: String,
        answer: Answer.Type
    ) async throws -> Answer {
        let encoded = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(body))
        let request = RenderedRequest(method: "POST", path: path, body: QueryJSON(encoded))
        return try decode(
            Answer.self,
            from: try await json(for: request, expecting: Answer.self),
            at: "",
            request: request
        )
    }
}

/// A list answer decoded as its ``ListLayout`` (in the decoder's `userInfo`) says.
private struct ListAnswer<Model: Decodable>: Decodable {
    static var layoutKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "ModelRuntime.ListLayout")! }

    var items: [Model]
    var hasMore: Bool?

    init(from decoder: any Decoder) throws {
        let layout = decoder.userInfo[Self.layoutKey] as? ListLayout ?? ListLayout(itemsKey: nil, hasMoreKey: nil)
        guard let itemsKey = layout.itemsKey else {
            items = try decoder.singleValueContainer().decode([Model].self)
            return
        }
        let container = try decoder.container(keyedBy: JSONKey.self)
        items = try container.decode([Model].self, forKey: JSONKey(itemsKey))
        hasMore = try layout.hasMoreKey.flatMap { try container.decodeIfPresent(Bool.self, forKey: JSONKey($0)) }
    }
}
