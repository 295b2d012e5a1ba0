import Foundation

/// Why a ``ModelClient`` request failed. Errors of the request itself (a query the dialect cannot render, a body
/// that breaks the schema's rules, a cancelled task) are thrown as they are, without this wrapper.
public enum ModelClientError: Error, Sendable, CustomStringConvertible {
    /// No HTTP answer: the connection failed, timed out or was refused.
    case transport(any Error)
    /// The server answered with an error status; `code` and `message` come from its error body where it has them.
    case server(status: Int, code: String?, message: String?, body: Data)
    /// The answer did not decode as `model`: `keyPath` is where in the answer (`data[2].c_name`), `request` the
    /// method and path that was sent.
    case decoding(model: String, keyPath: String, request: String, underlying: any Error)
    /// The dialect cannot do what was asked.
    case unsupported(String)
    /// No answer within the client's `timeout`; the request was cancelled.
    case timedOut(request: String, after: Duration)

    /// What failed: the transport's error, the status and the server's message, or the request and where its answer
    /// did not decode.
    public var description: String {
        switch self {
        case .transport(let error): "transport error: \(error)"
        case .server(let status, let code, let message, let body):
            "HTTP \(status)\(code.map { " \($0)" } ?? ""): "
                + (message ?? String(decoding: body.prefix(500), as: UTF8.self))
        case .decoding(let model, let keyPath, let request, let underlying):
            "\(request): the answer does not decode as \(model) at '\(keyPath)': \(underlying)"
        case .unsupported(let reason): "unsupported: \(reason)"
        case .timedOut(let request, let duration): "\(request): no answer after \(duration)"
        }
    }
}

/// When to send an idempotent request (`GET`, `PUT`, `DELETE`) again: after a transport error or a 5xx, at most
/// `maxAttempts` times in all, waiting `initialDelay` and then `multiplier` times longer each time. `POST` and
/// `PATCH` are never sent twice.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included; 1 never retries.
    public var maxAttempts: Int
    /// The wait before the first retry.
    public var initialDelay: Duration
    /// How many times longer each following wait is.
    public var multiplier: Double

    /// A policy; a `maxAttempts` below 1 counts as 1. The defaults make 3 attempts, waiting 200 ms and then 400 ms.
    public init(maxAttempts: Int = 3, initialDelay: Duration = .milliseconds(200), multiplier: Double = 2) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.multiplier = multiplier
    }

    /// No retries.
    public static let never = RetryPolicy(maxAttempts: 1)
}

/// One page of a list: the objects, whether the server has more, and the skip and limit it was fetched with.
public struct Page<Model>: Sendable where Model: Sendable {
    /// The page's objects, in the order the server returned them.
    public var items: [Model]
    /// Whether more results follow this page (from the server where it says, else a full page means maybe more).
    public var hasMore: Bool
    /// How many results came before this page.
    public var skip: Int
    /// The limit the page was fetched with; `nil` when the query set none.
    public var limit: Int?

    /// A page; ``ModelClient`` makes these.
    public init(items: [Model], hasMore: Bool, skip: Int, limit: Int?) {
        self.items = items
        self.hasMore = hasMore
        self.skip = skip
        self.limit = limit
    }
}
