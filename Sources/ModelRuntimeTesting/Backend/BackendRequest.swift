import Foundation
import ModelRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as an in-memory backend reads it: the path below its base URL in decoded segments (an id holding a
/// percent-encoded `/` stays one segment), the query's items decoded as a web server decodes them, and the JSON body.
struct BackendRequest {
    var method: String
    /// The path's segments below the base URL, percent-decoded: `/c_items/5f…` → `["c_items", "5f…"]`; a
    /// trailing slash gives an empty last segment, as Mia-Platform's list path `/books/` has.
    var segments: [String]
    var query: [(name: String, value: String)]
    var headers: [String: String]
    /// The body when it is JSON (`Content-Type: application/json`); nil otherwise.
    var body: JSONValue?
    /// The body's bytes, whatever they are: a file's upload.
    var rawBody = Data()

    init(
        method: String,
        segments: [String],
        query: [(name: String, value: String)],
        headers: [String: String],
        body: JSONValue?
    ) {
        self.method = method
        self.segments = segments
        self.query = query
        self.headers = headers
        self.body = body
    }

    func item(_ name: String) -> String? { Query(query).item(name) }
    func items(_ name: String) -> [String] { Query(query).items(name) }
    func jsonItem(_ name: String) throws -> JSONValue? { try Query(query).jsonItem(name) }
    func intItem(_ name: String) throws -> Int? { try Query(query).intItem(name) }

    /// A request's parameters: its query string's, or those of a Parse query sent in a body.
    struct Query {
        var items: [(name: String, value: String)]

        init(_ items: [(name: String, value: String)]) {
            self.items = items
        }

        /// The last value of the item `name`, as Express and parse-server read a repeated one.
        func item(_ name: String) -> String? {
            items.last { $0.name == name }?.value
        }

        /// Every value of a repeated item (`paths[]`).
        func items(_ name: String) -> [String] {
            items.filter { $0.name == name }.map(\.value)
        }

        /// The item `name` as JSON; nil when absent, a fault when it is not JSON.
        func jsonItem(_ name: String) throws -> JSONValue? {
            guard let text = item(name) else { return nil }
            return try BackendRequest.json(text, what: name)
        }

        /// A non-negative integer item.
        func intItem(_ name: String) throws -> Int? {
            guard let text = item(name) else { return nil }
            guard let value = Int(text), value >= 0 else {
                throw BackendFault.invalid("\(name) must be a non-negative integer, not \(text.debugDescription)")
            }
            return value
        }
    }

    /// `text` as JSON, its numbers as the server's `JSON.parse` reads them (``javaScriptNumbers(_:)``); a fault naming
    /// `what` when it is not JSON.
    static func json(_ text: String, what: String) throws -> JSONValue {
        do {
            return javaScriptNumbers(try JSONValue(parsing: Data(text.utf8), maximumDepth: 128))
        } catch {
            throw BackendFault.invalid("\(what) is not JSON")
        }
    }

    /// Reads `request` below `basePath` (the base URL's path segments); nil for a request outside it.
    init?(_ request: URLRequest, basePath: [String]) throws {
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return nil
        }
        var segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
            .dropFirst().map { String($0).removingPercentEncoding ?? String($0) }
        guard segments.starts(with: basePath) else { return nil }
        segments.removeFirst(basePath.count)
        self.segments = segments
        self.method = (request.httpMethod ?? "GET").uppercased()
        self.query = (components.percentEncodedQuery ?? "").split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                // A query string's `+` is a space, as every web server reads it.
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
        var headers: [String: String] = [:]
        for (name, value) in request.allHTTPHeaderFields ?? [:] { headers[name.lowercased()] = value }
        self.headers = headers
        if let data = request.httpBody, !data.isEmpty {
            rawBody = data
            if headers["content-type"]?.hasPrefix("application/json") == true {
                body = try Self.json(String(decoding: data, as: UTF8.self), what: "the body")
            }
        }
    }
}

/// An answer of an in-memory backend: a status, a JSON body (none for `204`) or bytes, and headers.
struct BackendAnswer {
    var status: Int
    var body: JSONValue?
    var headers: [String: String] = [:]
    /// Bytes answered instead of JSON: a file's, with its `Content-Type` in `headers`.
    var bytes: Data? = nil

    init(_ status: Int, _ body: JSONValue?, headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    /// A `200` with `body`.
    init(_ body: JSONValue) {
        self.init(200, body)
    }
}
