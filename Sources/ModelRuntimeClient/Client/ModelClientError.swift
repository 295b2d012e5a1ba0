import Foundation
import ModelRuntime

/// Why a ``ModelClient`` request failed. Errors of the request itself (a query the dialect cannot render, a body
/// that breaks the schema's rules, a cancelled task) are thrown as they are, without this wrapper.
public enum ModelClientError: Error, Sendable, CustomStringConvertible {
    /// No HTTP answer: the connection failed, timed out or was refused.
    case transport(any Error)
    /// The server answered with an error status; `code` and `message` come from its error body where it has them.
    /// ``refusal`` says what it means in any dialect: not found, conflict, validation, unauthorized.
    case server(status: Int, code: String?, message: String?, body: Data)
    /// The server answered 429 after every retry the policy allowed; `retryAfter` is its `Retry-After`, when it sent
    /// one.
    case rateLimited(retryAfter: Duration?, code: String?, message: String?, body: Data)
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
    /// ``ModelClient/all(_:pageSize:)`` asked for the page at `skip` and got the same objects, by id, as for the two
    /// pages before it, none of them the last: the server ignores the skip, and would answer the same for every skip
    /// after.
    case pageRepeated(request: String, skip: Int)

    /// What failed: the transport's error, the status and the server's message, or the request and where its answer
    /// did not decode. Whatever a server or an app gave is written with its control and bidirectional characters as
    /// escapes (`\u{1b}`), and a server's text cut, since a description goes to logs and terminals whole.
    public var description: String {
        escapedForMessage(parts, limit: nil)
    }

    /// The description before its escapes.
    private var parts: String {
        switch self {
        case .transport(let error):
            // A URLError names the URL, which a server's redirect or upload instructions chose.
            "transport error: \(escapedForMessage("\(error)", limit: Self.quotedLimit * 4))"
        case .server(let status, let code, let message, let body):
            "HTTP \(status)\(code.map { " \(Self.shortened($0))" } ?? ""): "
                + Self.shortened(message ?? String(decoding: body.prefix(Self.quotedLimit), as: UTF8.self))
        case .rateLimited(let retryAfter, let code, let message, _):
            "HTTP 429\(code.map { " \(Self.shortened($0))" } ?? ""): \(Self.shortened(message ?? "too many requests"))"
                + (retryAfter.map { "; retry after \($0)" } ?? "")
        case .decoding(let model, let keyPath, let request, let underlying):
            // The key path can hold a server's keys, and the underlying error quotes them.
            "\(request): the answer does not decode as \(model) at \(quotedForMessage(keyPath, limit: Self.quotedLimit)): "
                + escapedForMessage("\(underlying)", limit: Self.quotedLimit * 4)
        case .unsupported(let reason): "unsupported: \(reason)"
        case .timedOut(let request, let duration): "\(request): no answer after \(duration)"
        case .responseTooLarge(let request, let limit):
            "\(request): the answer is larger than the limit of \(limit) bytes"
        case .createdButNotRead(let id, let underlying):
            // The id is the server's answer, not yet checked.
            "the instance \(quotedForMessage(id)) was created, but reading it back failed: \(underlying)"
        case .pageRepeated(let request, let skip):
            "\(request): the page at skip \(skip) holds the same objects as the two pages before it; the server "
                + "ignores the skip"
        }
    }
}

extension ModelClientError {
    /// How many Unicode scalars of a server's code, message or body a description quotes.
    static let quotedLimit = 500

    /// `text` cut to ``quotedLimit`` Unicode scalars, with how long it was, and its control characters written as
    /// escapes: a server's message is as long as it likes and holds what it likes, and a description goes into logs,
    /// terminals and alerts whole.
    static func shortened(_ text: String) -> String {
        escapedForMessage(text, limit: quotedLimit)
    }
}

/// What an error answer means, the same in every dialect: from the status, and from the codes Cortex and Parse
/// write in their error bodies (Parse answers most refusals with 400 and says which in `code`).
public enum ServerRefusal: Sendable, Hashable {
    /// 404, Cortex's `kNotFound`, Parse's 101; but for Cortex's refusal of a property the object doesn't have
    /// (`cortex.notFound.property`), which is ``validation(fields:)``.
    case notFound
    /// 409, Parse's 137 (a duplicate value), 202 and 203 (a `_User` whose username or email another user has).
    case conflict
    /// 400 or 422 with the body's field paths where it names them (Cortex's `faults[].path` without the object's name
    /// its validators write first, each error of a Mia `body/<path> must …` message with the property it misses, the
    /// field of a Parse 111 or 105: a property's path in the object, in every dialect), Cortex's
    /// `kValidationError`, Parse's 142; and Cortex's refusal of a property the object doesn't have
    /// (`cortex.notFound.property`, a 404) or may not be written (`cortex.accessDenied.notWritable`, a 403), with its
    /// path.
    case validation(fields: [String])
    /// 401 or 403, Parse's 119 and 209 (an invalid session token); but for Cortex's refusal of a property it sets
    /// itself (`cortex.accessDenied.notWritable`), which is ``validation(fields:)``.
    case unauthorized
    /// 429, Parse's 155, with the server's `Retry-After`.
    case rateLimited(retryAfter: Duration?)
    /// Any other error answer.
    case other
}

extension ModelClientError {
    /// What a ``server(status:code:message:body:)`` or ``rateLimited(retryAfter:code:message:body:)`` error means;
    /// `nil` for the others.
    public var refusal: ServerRefusal? {
        switch self {
        case .rateLimited(let retryAfter, _, _, _): return .rateLimited(retryAfter: retryAfter)
        case .server(let status, let code, let message, let body):
            // The body read once, for Cortex's errCode and for the field paths.
            let fault = try? JSONValue(parsing: body)
            if Self.refusesCortexProperty(status: status, fault: fault) {
                return .validation(fields: Self.fieldPaths(fault: fault, code: code, message: message))
            }
            switch (status, code) {
            case (404, _), (_, "kNotFound"), (_, "101"): return .notFound
            case (409, _), (_, "137"), (_, "202"), (_, "203"): return .conflict
            case (401, _), (403, _), (_, "119"), (_, "209"), (_, "kAccessDenied"): return .unauthorized
            case (429, _), (_, "155"): return .rateLimited(retryAfter: nil)
            case (400, _), (422, _), (_, "kValidationError"), (_, "142"):
                return .validation(fields: Self.fieldPaths(fault: fault, code: code, message: message))
            default: return .other
            }
        default: return nil
        }
    }

    /// Whether a Cortex fault refuses a property a request names, which Cortex answers with 404 or 403 of its own:
    /// one the object doesn't have (`cortex.notFound.property`) or one it may not write
    /// (`cortex.accessDenied.notWritable`). The request is what's wrong, as with the other backends' 400s for the
    /// same, not a missing instance or the principal's access.
    private static func refusesCortexProperty(status: Int, fault: JSONValue?) -> Bool {
        guard status == 404 || status == 403, let errCode = fault?["errCode"]?.stringValue else { return false }
        return errCode == "cortex.notFound.property" || errCode == "cortex.accessDenied.notWritable"
    }

    /// The field paths an error body (`fault`, as JSON) names: Cortex's `faults[].path` (nested faults too), those of
    /// a Mia (Fastify) validation message, or the field of a Parse refusal. Each is the property's path in the object,
    /// as the other backends name it: the faults a Cortex `kValidationError` lists have their path fully qualified
    /// (`c_item.c_name`, the object's name first), which loses the object's name.
    private static func fieldPaths(fault: JSONValue?, code: String?, message: String?) -> [String] {
        var paths: [String] = []
        var pending = fault.map { [(fault: $0, qualified: false)] } ?? []
        while let (next, qualified) = pending.popLast() {
            // A fault about the object itself (`cortex.invalidArgument.object`, an object the org doesn't have)
            // names the object in its path, not a property.
            if let path = next["path"]?.stringValue, !path.isEmpty,
                next["errCode"]?.stringValue != "cortex.invalidArgument.object"
            {
                paths.append(qualified ? unqualified(path) : path)
            }
            let listsValidation = next["code"]?.stringValue == "kValidationError"
            pending.append(
                contentsOf: (next["faults"]?.arrayValue ?? []).reversed().map { ($0, listsValidation) }
            )
        }
        if paths.isEmpty, let message { paths = fastifyFieldPaths(message) }
        if paths.isEmpty, let message, let field = parseField(code: code, message) { paths.append(field) }
        return paths
    }

    /// A fully qualified Cortex property path without its first segment, the object's name (`c_item.c_name` is
    /// `c_name`). Object names have no dots, so a path without one is left as it is.
    private static func unqualified(_ path: String) -> String {
        guard let dot = path.firstIndex(of: "."), path.index(after: dot) < path.endIndex else { return path }
        return String(path[path.index(after: dot)...])
    }

    /// The field a parse-server refusal names: with code 111 (incorrect type) a missing required one (`title is
    /// required.`) or one whose value has another type than its schema's (`schema mismatch for GameScore.score;
    /// expected Number but got String`), with code 105 (invalid key name) the name it refuses (`Invalid field name:
    /// x.`, `objectId is an invalid field name.`, `Invalid field name for update: x`).
    private static func parseField(code: String?, _ message: String) -> String? {
        var field: Substring?
        switch code {
        case "111" where message.hasSuffix(" is required."):
            field = message.dropLast(" is required.".count)
        case "111" where message.hasPrefix("schema mismatch for "):
            // The class name has no dots; the field ends at the `;` or at ` default value;`.
            let qualified = message.dropFirst("schema mismatch for ".count).prefix { $0 != ";" && $0 != " " }
            if let dot = qualified.firstIndex(of: ".") { field = qualified[qualified.index(after: dot)...] }
        case "105" where message.hasSuffix(" is an invalid field name."):
            field = message.dropLast(" is an invalid field name.".count)
        case "105" where message.lowercased().hasPrefix("invalid field name"):
            // `Invalid field name: x.`, `invalid field name: x`, `Invalid field name for update: x`.
            guard let colon = message.firstIndex(of: ":") else { break }
            field = message[message.index(after: colon)...].drop { $0 == " " }
            if field?.hasSuffix(".") == true { field = field?.dropLast() }
        default: break
        }
        guard let field, !field.isEmpty, !field.contains(" ") else { return nil }
        return String(field)
    }

    /// The field paths of a Fastify validation message, in order and once each. Fastify joins its errors with `, `,
    /// each the word `body` and the value's JSON pointer (`body/metadata must be object`; Fastify 3 wrote
    /// `body.metadata should be object`). An error about the body's own members names the member: a missing one
    /// (`body/metadata must have required property 'somethingNumber'`, `body must have required property 'name'`),
    /// or the one the CRUD service adds to a first error about additional properties (`… must NOT have additional
    /// properties. Property "unexpectedField" is not defined in validation schema`).
    private static func fastifyFieldPaths(_ message: String) -> [String] {
        var text = Substring(message)
        var undefinedProperty: Substring?
        let notDefined = "\" is not defined in validation schema"
        // The property's quote is looked for before the suffix's own, which a server's message may share with it.
        if text.hasSuffix(notDefined),
            case let head = text.dropLast(notDefined.count),
            let start = head.range(of: ". Property \"", options: .backwards)
        {
            undefinedProperty = head[start.upperBound...]
            text = text[..<start.lowerBound]
        }
        // Each error starts with `body` right after the start or a `, `; a `, ` inside an error's text is no start.
        var errors: [Substring] = []
        for part in text.split(separator: ", ", omittingEmptySubsequences: false) {
            if errors.isEmpty || isFastifyError(part) {
                errors.append(part)
            } else {
                errors[errors.count - 1] += ", " + part
            }
        }
        var paths: [String] = []
        var seen: Set<String> = []
        for (index, error) in errors.enumerated() where isFastifyError(error) {
            let pointer = error.dropFirst(4).prefix { $0 != " " }
            // Fastify 4 writes a JSON pointer, Fastify 3 a dotted path.
            let separator: Character = pointer.first == "." ? "." : "/"
            var segments = pointer.split(separator: separator).map {
                // A JSON pointer writes `~` as `~0` and `/` as `~1`.
                $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            }
            // A PATCH's errors point into its update operator (`body/$set/c_count`), which is no property: the
            // property's path follows it. Field names never start with `$`.
            if segments.first?.hasPrefix("$") == true { segments.removeFirst() }
            let rest = error.dropFirst(4 + pointer.count)
            if let marker = rest.range(of: "have required property '") {
                let name = rest[marker.upperBound...].prefix { $0 != "'" }
                // A `$push` or `$addToSet` value the schema refuses also gets an error for each other form the
                // operator's value may take (`must have required property '$each'`, `'$'`): those are about the
                // operator, not about a field of the element.
                if name.hasPrefix("$") { continue }
                if !name.isEmpty { segments.append(String(name)) }
            } else if index == 0, let undefinedProperty, !undefinedProperty.isEmpty,
                rest.contains("have additional properties")
            {
                segments.append(String(undefinedProperty))
            }
            let path = segments.joined(separator: ".")
            if !path.isEmpty, seen.insert(path).inserted { paths.append(path) }
        }
        return paths
    }

    /// Whether `text` starts as a Fastify validation error of the body does: `body` and then `/`, `.` or a space.
    private static func isFastifyError(_ text: Substring) -> Bool {
        guard text.hasPrefix("body"), let next = text.dropFirst(4).first else { return false }
        return next == "/" || next == "." || next == " "
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

/// When to send a request again: an idempotent one (`GET`, `PUT`, `DELETE`) after a transport error, a timeout or a
/// 5xx, any one after a 429, at most `maxAttempts` times in all, waiting `initialDelay` and then `multiplier` times
/// longer each time, never longer than `maximumDelay`, and at least as long as the server's `Retry-After`. `POST`
/// and `PATCH` are sent again only after a 429, unless `retriesNonIdempotentRequests` says so.
///
/// The values are checked when the policy is made, so that none can fail later in the middle of a retry.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included: from 1 (never retries) to 100.
    public let maxAttempts: Int
    /// The wait before the first retry: from 0 to an hour.
    public let initialDelay: Duration
    /// How many times longer each following wait is: a finite number from 1 to 100.
    public let multiplier: Double
    /// The longest wait between two attempts: from 0 to an hour. A `Retry-After` longer than this ends the retries.
    public let maximumDelay: Duration
    /// Whether a `POST` or `PATCH` is sent again after a transport error, a timeout or a 5xx, when the server may
    /// have applied it. A 429 is retried for any method: the server refused it unapplied.
    public let retriesNonIdempotentRequests: Bool

    /// A policy; the defaults make 3 attempts, waiting 200 ms and then 400 ms.
    ///
    /// - Throws: ``InvalidPolicyError`` for a value outside the bounds each property gives.
    public init(
        maxAttempts: Int = 3,
        initialDelay: Duration = .milliseconds(200),
        multiplier: Double = 2,
        maximumDelay: Duration = .seconds(30),
        retriesNonIdempotentRequests: Bool = false
    ) throws(InvalidPolicyError) {
        guard (1...100).contains(maxAttempts) else {
            throw InvalidPolicyError("maxAttempts must be from 1 to 100; it is \(maxAttempts)")
        }
        try InvalidPolicyError.check(initialDelay, "initialDelay")
        try InvalidPolicyError.check(multiplier: multiplier)
        try InvalidPolicyError.check(maximumDelay, "maximumDelay")
        self.init(checked: maxAttempts, initialDelay, multiplier, maximumDelay, retriesNonIdempotentRequests)
    }

    private init(
        checked maxAttempts: Int,
        _ initialDelay: Duration,
        _ multiplier: Double,
        _ maximumDelay: Duration,
        _ retriesNonIdempotentRequests: Bool = false
    ) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.retriesNonIdempotentRequests = retriesNonIdempotentRequests
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
    /// Whether more results follow this page: the server's word where it gives one, else whether the page is full
    /// (of the query's limit, or of the server's own page size when the query set none).
    public var hasMore: Bool
    /// How many results came before this page.
    public var skip: Int
    /// The limit the page was fetched with; `nil` when the query set none.
    public var limit: Int?
    /// Fetches the page after this one; `nil` on the last page.
    private let fetchNext: (@Sendable () async throws -> Page<Model>)?

    /// A page; ``ModelClient`` makes these.
    public init(items: [Model], hasMore: Bool, skip: Int, limit: Int?) {
        self.init(items: items, hasMore: hasMore, skip: skip, limit: limit, next: nil)
    }

    init(
        items: [Model],
        hasMore: Bool,
        skip: Int,
        limit: Int?,
        next: (@Sendable () async throws -> Page<Model>)?
    ) {
        self.items = items
        self.hasMore = hasMore
        self.skip = skip
        self.limit = limit
        self.fetchNext = next
    }

    /// The page after this one, fetched with the same query from where this one ends; `nil` when this is the last.
    public func next() async throws -> Page<Model>? {
        guard hasMore, let fetchNext else { return nil }
        return try await fetchNext()
    }
}

/// An update the backend applies in several requests failed after some of them were applied: on Mia-Platform (MongoDB
/// takes one operator per field and update) and Parse (one `__op` per field and request), an array that gets a push
/// and a pull takes a request for each. A failure of the first request is thrown as it is: nothing was applied. Cortex
/// applies every update in one request, all or nothing.
public struct PartialUpdateError: Error, Sendable, CustomStringConvertible {
    /// The instance being updated.
    public var id: String
    /// The steps the server applied, in order, as `METHOD /path`.
    public var applied: [String]
    /// The step that failed, as `METHOD /path`.
    public var failed: String
    /// The steps after it, which were not sent.
    public var notSent: [String]
    /// Why the step failed: usually a ``ModelClientError``.
    public var underlying: any Error
    /// On Parse, the session an applied step was answered with: a new `password` of a `_User` ends every session of
    /// the user, the one that sent it too, so this is the user's session from then on. `nil` where no step set one.
    /// A Parse update of a new password whose read-back fails throws this error too, its `failed` step the `GET`.
    public var sessionToken: String? = nil

    /// The instance, the applied steps and the failed one with its reason, with control characters written as
    /// escapes.
    public var description: String {
        escapedForMessage(
            "the update of \(id) stopped at \(failed) (\(underlying)) after applying "
                + (applied.isEmpty ? "nothing" : applied.joined(separator: ", "))
                + (notSent.isEmpty ? "" : "; not sent: " + notSent.joined(separator: ", ")),
            limit: nil
        )
    }
}
