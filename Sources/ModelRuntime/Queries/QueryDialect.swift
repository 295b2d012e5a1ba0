import Foundation

/// A query with its model taken out: what a dialect renders.
public struct QueryParts: Sendable, Hashable {
    /// The query's conditions, which must all hold.
    public var conditions: [ConditionNode]
    /// Sort keys in order: a path, and whether its smallest value comes first.
    public var sortKeys: [(path: FieldPath, isAscending: Bool)]
    /// The most results to return; `nil` when the query sets none.
    public var limit: Int?
    /// How many results to skip; `nil` when the query sets none.
    public var skip: Int?
    /// The only paths to return; empty returns every property.
    public var paths: [FieldPath]
    /// Paths to leave out of the results.
    public var exclusions: [FieldPath]
    /// Properties marked `optional: true` to return as well.
    public var includes: [FieldPath]
    /// References the server should expand.
    public var expansions: [FieldPath]
    /// Mia-Platform's document states (`_st`) to return; empty sends none.
    public var states: [String]
    /// The API name of the object the query lists (`c_things`), for dialects that put it in the path.
    public var pluralName: String

    /// Whether two queries ask for the same thing, part by part.
    public static func == (lhs: QueryParts, rhs: QueryParts) -> Bool {
        lhs.conditions == rhs.conditions && lhs.sortKeys.map(\.path) == rhs.sortKeys.map(\.path)
            && lhs.sortKeys.map(\.isAscending) == rhs.sortKeys.map(\.isAscending) && lhs.limit == rhs.limit
            && lhs.skip == rhs.skip && lhs.paths == rhs.paths && lhs.exclusions == rhs.exclusions
            && lhs.includes == rhs.includes
            && lhs.expansions == rhs.expansions && lhs.states == rhs.states && lhs.pluralName == rhs.pluralName
    }

    /// Hashes the conditions and the object name, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(conditions)
        hasher.combine(pluralName)
    }
}

/// A rendered request, for a query or a write: method, path, query items, headers and (where it has one) a JSON
/// body. Deterministic: the same query renders to the same bytes.
public struct RenderedRequest: Hashable, Sendable {
    /// The HTTP method: `GET` for reads, and `POST`, `PUT`, `PATCH` or `DELETE` for writes and long Parse queries.
    public var method: String
    /// The path below the base URL: `/c_things`, `/plates/count`, `/classes/GameScore`.
    public var path: String
    /// The query string's items in order, not yet percent-encoded.
    public var queryItems: [URLQueryItem]
    /// Headers the dialect needs, such as Mia's `json-query-params-encoding`; `urlRequest(relativeTo:)` adds a body's
    /// `Content-Type` itself.
    public var headers: [String: String]
    /// The JSON body of writes and of Parse queries too long for a URL; `nil` for none.
    public var body: QueryJSON?
    /// Whether sending the request twice has the effect of sending it once, so that a client may retry it after a
    /// lost connection or a timeout: whether its method is (RFC 9110, 9.2.2: `GET`, `HEAD`, `PUT`, `DELETE`,
    /// `OPTIONS`), unless it was set `false`. A dialect sets `false` for a `PUT` whose body adds to what is stored
    /// (Parse's `Increment` and `Add`), which a second send would add again. Setting `true` changes nothing: no
    /// flag makes a `POST` safe to repeat, also after its method changes.
    public var isIdempotent: Bool {
        get { !isNeverRepeated && Self.isIdempotent(method: method) }
        set { isNeverRepeated = !newValue }
    }
    /// Set when ``isIdempotent`` was set `false`; a request rendered as before compares equal as before.
    private var isNeverRepeated = false

    /// Whether a request of `method` may be sent twice with the effect of once (RFC 9110, 9.2.2).
    public static func isIdempotent(method: String) -> Bool {
        ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains(method.uppercased())
    }

    /// A request; the dialects render these, and so can an app's own ``QueryDialect``.
    public init(
        method: String = "GET",
        path: String,
        queryItems: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: QueryJSON? = nil
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
    }

    /// The query string, every name and value percent-encoded except RFC 3986's unreserved characters (so a `+` in
    /// a regular expression is never read as a space).
    public var percentEncodedQuery: String {
        queryItems.map { item in
            PercentEncoding.encoded(item.name) + "=" + PercentEncoding.encoded(item.value ?? "")
        }.joined(separator: "&")
    }

    /// The request's URL below `baseURL`.
    ///
    /// - Throws: ``RequestPathError`` when ``path`` holds a character a URL's path and query can't (a space, a line
    ///   break, a character outside ASCII, a `%` that starts no escape) or a `#`, as a path an app put together
    ///   without ``PathSegment`` may, when it starts with anything but `/` or `?` (it would continue the base URL's
    ///   host or last segment), or when the whole makes no URL. Nothing is sent then.
    public func url(relativeTo baseURL: URL) throws -> URL {
        if let (scalar, offset) = PercentEncoding.firstNonPathScalar(in: path) {
            throw RequestPathError(value: path, reason: .notAPath(scalar, offset: offset))
        }
        // The path is pasted after the base URL, so only from a `/` (or a `?`) on is it below it: after
        // `https://api.example.com`, `.evil.example/x` and `@evil.example/x` name another host and `:8443/x` another
        // port, and after `…/v2`, `x` is the route `…/v2x`.
        if let first = path.first, first != "/", first != "?" {
            throw RequestPathError(value: path, reason: .notAURL)
        }
        let base =
            baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        let query = percentEncodedQuery
        // A path an app wrote may hold its own query already; the items follow it.
        let separator = path.contains("?") ? "&" : "?"
        guard let url = URL(string: base + path + (query.isEmpty ? "" : separator + query)) else {
            throw RequestPathError(value: path, reason: .notAURL)
        }
        return url
    }
}

/// Why a query could not be rendered; nothing is sent.
public struct QueryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why the query cannot be sent, naming the problem.
    public var description: String

    /// An error with the message `description`, for an app's own dialect to throw.
    public init(_ description: String) {
        self.description = description
    }
}

/// A backend's wire format. The three built in are `.cortex`, `.mia` and `.parse`, each both a `QueryDialect` and a
/// `BodyDialect`.
public protocol WireDialect: Sendable {}

/// A backend's wire format for queries; an app can add its own by implementing `render`.
public protocol QueryDialect: WireDialect {
    /// The request that lists what the query asks for.
    func render(_ query: QueryParts) throws -> RenderedRequest
    /// The request that counts what the query's conditions select.
    func renderCount(_ query: QueryParts) throws -> RenderedRequest
}

extension Query {
    /// The query without its model, as dialects take it.
    public var parts: QueryParts {
        QueryParts(
            conditions: conditions.map(\.node),
            sortKeys: sortKeys.map { ($0.path, $0.isAscending) },
            limit: limit,
            skip: skip,
            paths: paths,
            exclusions: exclusions,
            includes: includes,
            expansions: expansions,
            states: states,
            pluralName: Model.pluralName
        )
    }

    /// The list request in `dialect`'s wire format; throws, naming the problem, for a query the dialect cannot send.
    public func rendered(for dialect: some QueryDialect) throws -> RenderedRequest {
        try dialect.render(parts)
    }

    /// The count request in `dialect`'s wire format.
    public func renderedCount(for dialect: some QueryDialect) throws -> RenderedRequest {
        try dialect.renderCount(parts)
    }

    /// The list request's query items in `dialect`'s wire format, for an app that sends the request itself.
    public func queryItems(dialect: some QueryDialect) throws -> [URLQueryItem] {
        try rendered(for: dialect).queryItems
    }

    /// The list request's URL below `baseURL` in `dialect`'s wire format. A Parse query too long for a URL is a `POST`
    /// whose query is in its body, so prefer `urlRequest(relativeTo:dialect:)`.
    public func url(relativeTo baseURL: URL, dialect: some QueryDialect) throws -> URL {
        try rendered(for: dialect).url(relativeTo: baseURL)
    }
}
