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
    /// No whole answer within the client's `timeout`; the request was cancelled.
    case timedOut(request: String, after: Duration)
    /// The answer's body was longer than the client's `maximumResponseBytes`; reading stopped there.
    case responseTooLarge(request: String, limit: Int)
    /// The server created the instance `id`, but reading it back failed with `underlying`: the instance exists.
    case createdButNotRead(id: String, underlying: any Error)

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
        case .responseTooLarge(let request, let limit):
            "\(request): the answer is larger than the limit of \(limit) bytes"
        case .createdButNotRead(let id, let underlying):
            "the instance \(id) was created, but reading it back failed: \(underlying)"
        }
    }
}

/// A retry or polling policy with a value that can't work: not finite, negative, or beyond the bounds each
/// property's documentation gives.
public struct InvalidPolicyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which value is wrong and what is allowed.
    public var description: String

    init(_ description: String) {
        self.description = description
    }

    /// The longest wait a policy can ask for between two attempts or reads: one hour.
    static let longestDelay = Duration.seconds(3600)

    /// Checks that `delay`, called `name`, lies in `0...limit`.
    static func check(_ delay: Duration, _ name: String, upTo limit: Duration = longestDelay) throws(InvalidPolicyError)
    {
        guard delay >= .zero, delay <= limit else {
            throw InvalidPolicyError("\(name) must lie between 0 and \(limit); it is \(delay)")
        }
    }

    /// Checks that `multiplier` is finite and lies in `1...100`.
    static func check(multiplier: Double) throws(InvalidPolicyError) {
        guard multiplier.isFinite, multiplier >= 1, multiplier <= 100 else {
            throw InvalidPolicyError("multiplier must be a finite number from 1 to 100; it is \(multiplier)")
        }
    }
}

/// When to send an idempotent request (`GET`, `PUT`, `DELETE`) again: after a transport error or a 5xx, at most
/// `maxAttempts` times in all, waiting `initialDelay` and then `multiplier` times longer each time, never longer
/// than `maximumDelay`. `POST` and `PATCH` are never sent twice.
///
/// The values are checked when the policy is made, so that none can fail later in the middle of a retry.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included: from 1 (never retries) to 100.
    public let maxAttempts: Int
    /// The wait before the first retry: from 0 to an hour.
    public let initialDelay: Duration
    /// How many times longer each following wait is: a finite number from 1 to 100.
    public let multiplier: Double
    /// The longest wait between two attempts: from 0 to an hour.
    public let maximumDelay: Duration

    /// A policy; the defaults make 3 attempts, waiting 200 ms and then 400 ms.
    ///
    /// - Throws: ``InvalidPolicyError`` for a value outside the bounds each property gives.
    public init(
        maxAttempts: Int = 3,
        initialDelay: Duration = .milliseconds(200),
        multiplier: Double = 2,
        maximumDelay: Duration = .seconds(30)
    ) throws(InvalidPolicyError) {
        guard (1...100).contains(maxAttempts) else {
            throw InvalidPolicyError("maxAttempts must be from 1 to 100; it is \(maxAttempts)")
        }
        try InvalidPolicyError.check(initialDelay, "initialDelay")
        try InvalidPolicyError.check(multiplier: multiplier)
        try InvalidPolicyError.check(maximumDelay, "maximumDelay")
        self.init(checked: maxAttempts, initialDelay, multiplier, maximumDelay)
    }

    private init(checked maxAttempts: Int, _ initialDelay: Duration, _ multiplier: Double, _ maximumDelay: Duration) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
    }

    /// The wait after `delay`: `multiplier` times longer, at most `maximumDelay`.
    func delay(after delay: Duration) -> Duration {
        min(maximumDelay, delay * multiplier)
    }

    /// The defaults: 3 attempts, waiting 200 ms and then 400 ms.
    public static let standard = RetryPolicy(checked: 3, .milliseconds(200), 2, .seconds(30))

    /// No retries.
    public static let never = RetryPolicy(checked: 1, .zero, 1, .zero)
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
