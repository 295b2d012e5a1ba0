import Foundation
import ModelRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Turning a rendered request into a `URLRequest` is the client layer's: the core renders values (method, path,
// query items, headers, body), and only this layer links FoundationNetworking on Linux.

extension RenderedRequest {
    /// The request below `baseURL`, with the dialect's headers and body.
    ///
    /// - Throws: ``RequestPathError``, as ``url(relativeTo:)`` does.
    public func urlRequest(relativeTo baseURL: URL) throws -> URLRequest {
        var request = URLRequest(url: try url(relativeTo: baseURL))
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
}

extension URLRequest {
    /// Sets each of `headers` that the request doesn't set itself, in name order: a request's own headers (an
    /// upload's `Content-Type`, an app's own request's) win over the client's.
    mutating func addHeaders(whereUnset headers: [String: String]) {
        for (name, headerValue) in headers.sorted(by: { $0.key < $1.key }) {
            if value(forHTTPHeaderField: name) == nil { setValue(headerValue, forHTTPHeaderField: name) }
        }
    }
}

extension Query {
    /// The list request below `baseURL` in `dialect`'s wire format, with its method, headers and body.
    ///
    /// ```swift
    /// let request = try Plate.query.where { $0.qta.gt(3) }.urlRequest(relativeTo: baseURL, dialect: .mia)
    /// let (data, response) = try await URLSessionTransport().send(request)
    /// ```
    public func urlRequest(relativeTo baseURL: URL, dialect: some QueryDialect) throws -> URLRequest {
        try rendered(for: dialect).urlRequest(relativeTo: baseURL)
    }
}
