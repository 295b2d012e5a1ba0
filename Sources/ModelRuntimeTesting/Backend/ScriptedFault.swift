import Foundation
import ModelRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an in-memory backend does instead of answering a request, so an app can test its retry and error paths.
public struct ScriptedFault: Sendable {
    enum Kind: Sendable {
        case answer(status: Int, body: JSONValue?, headers: [String: String])
        case delay(Duration)
        case cutConnection
    }

    let kind: Kind

    /// Answers with `status`, `body` and `headers` instead of the backend: a `503` to retry, a `401` of an expired
    /// session, an access error no rule the backend applies produces (Cortex's access rules, Parse's class-level
    /// permissions).
    public static func answer(status: Int, body: JSONValue? = nil, headers: [String: String] = [:]) -> ScriptedFault {
        ScriptedFault(kind: .answer(status: status, body: body, headers: headers))
    }

    /// Waits `duration`, then answers as the backend does. Under a virtual clock the wait is on that clock only.
    public static func delay(_ duration: Duration) -> ScriptedFault {
        ScriptedFault(kind: .delay(duration))
    }

    /// The connection drops before an answer: the request throws `URLError(.networkConnectionLost)`, and the backend
    /// did nothing.
    public static let cutConnection = ScriptedFault(kind: .cutConnection)
}

/// Which requests a scripted fault is for.
public struct RequestMatch: Sendable {
    let matches: @Sendable (RecordedRequest) -> Bool

    /// Requests `matches` says yes to.
    public init(_ matches: @escaping @Sendable (RecordedRequest) -> Bool) {
        self.matches = matches
    }

    /// Any request.
    public static let any = RequestMatch { _ in true }

    /// Requests with `method` (any if nil) whose path below the base URL starts with `pathPrefix`: `"/c_items"`.
    public static func request(method: String? = nil, pathPrefix: String = "/") -> RequestMatch {
        RequestMatch { request in
            (method.map { $0.uppercased() == request.method } ?? true) && request.path.hasPrefix(pathPrefix)
        }
    }
}

/// A request an in-memory backend received, and how it answered.
public struct RecordedRequest: Sendable, CustomStringConvertible {
    /// `GET`, `POST`…
    public var method: String
    /// The path below the base URL, as sent (percent-encoded): `/c_items/65…01`.
    public var path: String
    /// The query's items, decoded.
    public var queryItems: [URLQueryItem]
    /// The headers, their names in lower case.
    public var headers: [String: String]
    /// The JSON body; nil for none.
    public var body: JSONValue?
    /// The answer's status; nil when a scripted fault cut the connection.
    public var status: Int?

    /// `GET /c_items?where=…`
    public var description: String {
        let query = queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        return "\(method) \(path)" + (query.isEmpty ? "" : "?" + query)
    }

    /// The value of the query item `name`; nil when absent.
    public func queryItem(_ name: String) -> String? {
        queryItems.last { $0.name == name }?.value
    }
}
