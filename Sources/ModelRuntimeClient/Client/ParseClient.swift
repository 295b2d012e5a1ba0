import Foundation
import ModelRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What Parse Server needs to know who calls: the app's id, its REST API key where the server asks for one, and the
/// signed-in user's session token.
public struct ParseCredentials: Sendable, Hashable {
    /// The app's id, sent as `X-Parse-Application-Id` on every request.
    public var applicationID: String
    /// The REST API key (`X-Parse-REST-API-Key`); `nil` for a server that sets none.
    public var restAPIKey: String?
    /// The signed-in user's session token (`X-Parse-Session-Token`); `nil` when nobody is signed in.
    public var sessionToken: String?

    /// Credentials for the app `applicationID`.
    public init(applicationID: String, restAPIKey: String? = nil, sessionToken: String? = nil) {
        self.applicationID = applicationID
        self.restAPIKey = restAPIKey
        self.sessionToken = sessionToken
    }

    /// The header Parse Server reads a session token from.
    public static let sessionTokenHeader = "X-Parse-Session-Token"

    /// The headers Parse Server reads these from.
    public var headers: [String: String] {
        var headers = ["X-Parse-Application-Id": applicationID]
        headers["X-Parse-REST-API-Key"] = restAPIKey
        headers[Self.sessionTokenHeader] = sessionToken
        return headers
    }
}

/// Some operations of a bulk call failed; the others were applied (Parse's `/batch` is not a transaction).
public struct BatchError: Error, Sendable, CustomStringConvertible {
    /// One operation the server refused, by its position in the call's list.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The operation's position in the list the call was given.
        public var index: Int
        /// The server's refusal: its ``ModelClientError/refusal`` says what it means, with the server's code and
        /// message.
        public var error: ModelClientError
        /// Whether the server may have applied the operation all the same: the request that carried it was sent and
        /// its answer didn't say what became of each operation (no answer in time, or one of another shape), where a
        /// refusal of the request as a whole (a 4xx status) or one of the operation says it wasn't. Send it again
        /// only once a read shows it wasn't applied: a create would make a second object.
        public var mayHaveBeenApplied = false

        /// `#index: error`.
        public var description: String {
            "#\(index): \(error)" + (mayHaveBeenApplied ? " (it may have been applied)" : "")
        }
    }

    /// The positions of the operations the server applied, in order.
    public var applied: [Int]
    /// The operations the server refused, or that failed with the request that carried them.
    public var failures: [Failure]
    /// The positions of operations never sent, because an earlier request of the call failed as a whole.
    public var notSent: [Int]
    /// The ids of the objects a bulk create made, by position.
    public var createdIDs: [Int: String]
    /// Why the call stopped before sending the operations in ``notSent`` when no batch request failed: the app's
    /// `headers` or credentials closure threw, or a header couldn't go (``RequestHeaderError``).
    public var stoppedBy: (any Error)? = nil

    /// How many were applied, and each failure.
    public var description: String {
        "\(applied.count) applied, \(failures.count) failed"
            + (notSent.isEmpty ? "" : ", \(notSent.count) not sent") + ": "
            + failures.map(\.description).joined(separator: "; ")
            + (stoppedBy.map { "; stopped by: " + escapedForMessage("\($0)", limit: 2000) } ?? "")
    }
}

extension ModelClient {
    /// A client for the Parse Server at `baseURL` (its mount path, such as `…/parse`). `credentials` runs before every
    /// request, so that a sign-in or sign-out changes the session token the next request sends.
    public init(
        baseURL: URL,
        parse credentials: @escaping @Sendable () async throws -> ParseCredentials,
        dialect: ParseDialect = .parse,
        transport: any HTTPTransport = URLSessionTransport(),
        retry: RetryPolicy = .standard,
        timeout: Duration? = .seconds(60),
        maximumResponseBytes: Int = ModelClient.defaultMaximumResponseBytes
    ) {
        self.init(
            baseURL: baseURL,
            dialect: dialect,
            transport: transport,
            headers: { try await credentials().headers },
            retry: retry,
            timeout: timeout,
            maximumResponseBytes: maximumResponseBytes
        )
    }

    /// Parse Server's limit of operations in one `/batch` request on parse.com, which Parse's SDKs keep to.
    static let parseBatchLimit = 50

    /// The client's dialect as Parse's; `what` (a Parse call) is ``ModelClientError/unsupported(_:)`` in the others.
    func requireParse(_ what: String) throws -> ParseDialect {
        guard let parse = dialect as? ParseDialect else {
            throw ModelClientError.unsupported("\(what) is a Parse call")
        }
        return parse
    }

    /// Updates each object in `changes` by id, in `/batch` requests of up to 50, and returns when all were applied.
    /// Parse applies each operation on its own: when some fail, ``BatchError`` says which were applied and which
    /// not.
    public func updateAll<Body: UpdateBody>(_ changes: [(id: String, patch: Body)]) async throws {
        let parse = try requireParse("a batch update")
        let requests = try changes.map { id, patch -> RenderedRequest in
            let rendered = try patch.rendered(id: id, for: parse)
            guard rendered.count == 1 else {
                throw ModelClientError.unsupported(
                    rendered.isEmpty
                        ? "an empty patch in a batch"
                        : "a patch that takes \(rendered.count) requests (a push and a pull of one array) in a batch"
                )
            }
            return rendered[0]
        }
        _ = try await parseBatch(requests, Body.Model.self)
    }

    /// Deletes the objects `ids` of `type` in `/batch` requests of up to 50. When some fail, ``BatchError`` says
    /// which were deleted and which not.
    public func deleteAll<M: SchemaObject>(_ type: M.Type, ids: [String]) async throws {
        let parse = try requireParse("a batch delete")
        let requests = try ids.map {
            RenderedRequest(method: "DELETE", path: try parse.instancePath(pluralName: M.pluralName, id: $0))
        }
        _ = try await parseBatch(requests, M.self)
    }

    /// Creates every body with `/batch` requests of up to 50 and returns the new ids in order; see
    /// ``createAll(_:)``.
    func parseCreateAll<Body: CreateBody>(_ bodies: [Body], _ parse: ParseDialect) async throws -> [String] {
        let requests = try bodies.map { body -> RenderedRequest in
            guard body.files.isEmpty else {
                throw ModelClientError.unsupported("a batch create with files: create those one at a time")
            }
            return try parse.renderCreate(body.validatedMembers(), pluralName: Body.Model.pluralName)
        }
        let answers = try await parseBatch(requests, Body.Model.self)
        var ids: [String] = []
        for (index, answer) in answers.enumerated() {
            guard let id = answer["objectId"]?.stringValue else {
                throw decodingError(
                    Body.Model.self,
                    keyPath: "[\(index)].success.objectId",
                    request: RenderedRequest(method: "POST", path: "/batch"),
                    reason: "a created object has no objectId"
                )
            }
            ids.append(id)
        }
        return ids
    }

    /// Sends `requests` through `POST /batch`, up to ``parseBatchLimit`` at a time, and returns each one's `success`
    /// value in order. Any refused operation, or a batch request that fails as a whole, is a ``BatchError``.
    private func parseBatch<M>(_ requests: [RenderedRequest], _ model: M.Type) async throws -> [JSONValue] {
        // A batch's paths start at the server's root: the mount path (`/parse`) comes first, as the URL writes it
        // (`path` decodes `%2F` into a `/`, which names another route).
        var mountPath =
            URLComponents(url: baseURL, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? baseURL.path
        while mountPath.hasSuffix("/") { mountPath.removeLast() }
        var successes: [JSONValue] = []
        var outcome = BatchError(applied: [], failures: [], notSent: [], createdIDs: [:])
        var start = 0
        while start < requests.count {
            let chunk = start..<min(start + Self.parseBatchLimit, requests.count)
            let operations: [QueryJSON] = requests[chunk].map { request in
                var members: [(key: String, value: QueryJSON)] = [
                    ("method", .string(request.method)), ("path", .string(mountPath + request.path)),
                ]
                if let body = request.body { members.append(("body", body)) }
                return .object(members)
            }
            let batch = RenderedRequest(
                method: "POST",
                path: "/batch",
                body: .object([("requests", .array(operations))])
            )
            // A request that fails as a whole, or an answer that doesn't say what became of each operation, fails
            // the chunk's operations: what earlier chunks applied stays in the error. Only a 4xx status says the
            // server refused the request before applying any of it, and only when no earlier attempt of it went
            // (a policy that retries a `POST` may have had the first applied).
            func chunkFailed(_ error: ModelClientError) -> BatchError {
                var refusedWhole = false
                if !retry.retriesNonIdempotentRequests {
                    switch error {
                    case .server(let status, _, _, _): refusedWhole = (400..<500).contains(status)
                    case .rateLimited: refusedWhole = true
                    default: break
                    }
                }
                outcome.failures += chunk.map { index in
                    BatchError.Failure(index: index, error: error, mayHaveBeenApplied: !refusedWhole)
                }
                outcome.notSent = Array(chunk.upperBound..<requests.count)
                return outcome
            }
            let answer: JSONValue
            do {
                answer = try await json(for: batch, expecting: M.self)
            } catch let error as ModelClientError {
                throw chunkFailed(error)
            } catch let error as CancellationError {
                throw error
            } catch let error where start > 0 {
                // Before this chunk went (the app's headers failed, or one couldn't go): earlier chunks were applied.
                outcome.notSent = Array(chunk.lowerBound..<requests.count)
                outcome.stoppedBy = error
                throw outcome
            }
            guard let results = answer.arrayValue, results.count == chunk.count else {
                throw chunkFailed(
                    decodingError(M.self, keyPath: "", request: batch, reason: "the answer is not one result each")
                )
            }
            for (index, result) in zip(chunk, results) {
                if let success = result["success"] {
                    outcome.applied.append(index)
                    if let id = success["objectId"]?.stringValue { outcome.createdIDs[index] = id }
                    successes.append(success)
                } else {
                    let error = result["error"] ?? result
                    let details = dialect.errorDetails(from: error)
                    let body = (try? error.jsonData()) ?? Data()
                    // The status parse-server answers the same refusal with outside a batch.
                    let status = details.code == "101" ? 404 : details.code == "1" ? 500 : 400
                    outcome.failures.append(
                        BatchError.Failure(
                            index: index,
                            error: .server(status: status, code: details.code, message: details.message, body: body)
                        )
                    )
                }
            }
            start = chunk.upperBound
        }
        if !outcome.failures.isEmpty { throw outcome }
        return successes
    }
}
