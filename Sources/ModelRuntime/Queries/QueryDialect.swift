import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A query with its model taken out: what a dialect renders.
public struct QueryParts: Sendable, Hashable {
    /// The query's conditions, which must all hold.
    public var conditions: [ConditionNode]
    public var sortKeys: [(path: FieldPath, isAscending: Bool)]
    public var limit: Int?
    public var skip: Int?
    public var paths: [FieldPath]
    public var exclusions: [FieldPath]
    public var includes: [FieldPath]
    public var expansions: [FieldPath]
    public var states: [String]
    /// The API name of the object the query lists (`c_things`), for dialects that put it in the path.
    public var pluralName: String

    public static func == (lhs: QueryParts, rhs: QueryParts) -> Bool {
        lhs.conditions == rhs.conditions && lhs.sortKeys.map(\.path) == rhs.sortKeys.map(\.path)
            && lhs.sortKeys.map(\.isAscending) == rhs.sortKeys.map(\.isAscending) && lhs.limit == rhs.limit
            && lhs.skip == rhs.skip && lhs.paths == rhs.paths && lhs.exclusions == rhs.exclusions
            && lhs.includes == rhs.includes
            && lhs.expansions == rhs.expansions && lhs.states == rhs.states && lhs.pluralName == rhs.pluralName
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(conditions)
        hasher.combine(pluralName)
    }
}

/// A rendered request, for a query or a write: method, path, query items, headers and (where it has one) a JSON body. Deterministic: the
/// same query renders to the same bytes.
public struct RenderedRequest: Hashable, Sendable {
    public var method: String
    /// The path below the base URL: `/c_things`, `/plates/count`, `/classes/GameScore`.
    public var path: String
    public var queryItems: [URLQueryItem]
    public var headers: [String: String]
    public var body: QueryJSON?

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
            Self.encode(item.name) + "=" + Self.encode(item.value ?? "")
        }.joined(separator: "&")
    }

    /// The request's URL below `baseURL`.
    public func url(relativeTo baseURL: URL) -> URL {
        let base =
            baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        let query = percentEncodedQuery
        return URL(string: base + path + (query.isEmpty ? "" : "?" + query))!
    }

    /// The request below `baseURL`, with the dialect's headers and body.
    public func urlRequest(relativeTo baseURL: URL) -> URLRequest {
        var request = URLRequest(url: url(relativeTo: baseURL))
        request.httpMethod = method
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let body {
            request.httpBody = Data(body.serialized.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}

/// Why a query could not be rendered; nothing is sent.
public struct QueryError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

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

    public func queryItems(dialect: some QueryDialect) throws -> [URLQueryItem] {
        try rendered(for: dialect).queryItems
    }

    public func url(relativeTo baseURL: URL, dialect: some QueryDialect) throws -> URL {
        try rendered(for: dialect).url(relativeTo: baseURL)
    }

    public func urlRequest(relativeTo baseURL: URL, dialect: some QueryDialect) throws -> URLRequest {
        try rendered(for: dialect).urlRequest(relativeTo: baseURL)
    }
}
