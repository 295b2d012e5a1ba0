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
            try request.setCheckedValue(value, forHTTPHeaderField: name)
        }
        if let body {
            request.httpBody = Data(body.serialized.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}

/// Why a request can't go out as it is: its method, or one of its headers' names or values, would not be one field of
/// an HTTP request. A line break in a value (a session token a server answered with, a mime type a user's file
/// came with, a value from the app's `headers` closure) would end the header and start another, or the request's
/// body; a NUL cuts it short. Foundation on Linux drops such a value from a `URLRequest` without a word, so the
/// request would go without its session or its `Content-Type`; other control characters (ESC, DEL) it sends as they
/// are. Thrown before anything is sent.
public struct RequestHeaderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Hashable, Sendable {
        /// The method is not an HTTP token (RFC 9110, 5.6.2): empty, or with a character other than a letter, a
        /// digit or one of ``RequestHeaderError/tokenSymbols``.
        case method
        /// The header's name is not an HTTP token.
        case name
        /// The header's value holds a control character (anything below U+0020 but a tab, or U+007F): `scalar`
        /// at `offset`, in Unicode scalars.
        case value(Unicode.Scalar, offset: Int)
    }

    /// The refused method, or the name of the refused header (as written, escaped in ``description``).
    public let field: String
    /// What is wrong with it.
    public let reason: Reason

    /// An error refusing `field` for `reason`.
    public init(field: String, reason: Reason) {
        self.field = field
        self.reason = reason
    }

    /// The symbols an HTTP token may hold besides ASCII letters and digits.
    public static let tokenSymbols = "!#$%&'*+-.^_`|~"

    /// A message naming the method or the header, quoted as every value an error gives is: its control characters
    /// written as `\u{…}`, cut to 64 characters.
    public var description: String {
        let quoted = quotedForMessage(field)
        switch reason {
        case .method: return "\(quoted) cannot be a request's method: it is not an HTTP token"
        case .name: return "\(quoted) cannot be a header's name: it is not an HTTP token"
        case .value(let scalar, let offset):
            return "the value of the header \(quoted) holds U+\(String(format: "%04X", scalar.value)) at offset "
                + "\(offset), which would end the header"
        }
    }

    /// Whether `text` is an HTTP token: one or more letters, digits and ``tokenSymbols``, all ASCII.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || tokenSymbols.unicodeScalars.contains(scalar)
            }
    }

    /// Throws unless `name` is an HTTP token and `value` holds no control character.
    static func check(name: String, value: String) throws(RequestHeaderError) {
        if !isToken(name) { throw RequestHeaderError(field: name, reason: .name) }
        for (offset, scalar) in value.unicodeScalars.enumerated() where isControl(scalar) {
            throw RequestHeaderError(field: name, reason: .value(scalar, offset: offset))
        }
    }

    /// A control character no header value may hold: C0 but the tab, and DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }
}

extension URLRequest {
    /// Checks that the request's method is an HTTP token, and each header's name a token and its value free of
    /// control characters: the check every request the client and the uploader send goes through, whoever built it.
    /// A value with a line break or a NUL is no longer there to see (Foundation on Linux drops it when it is set),
    /// so the client sets the values it is given through ``setCheckedValue(_:forHTTPHeaderField:)``.
    ///
    /// - Throws: ``RequestHeaderError`` naming the method or header.
    func checkMethodAndHeaders() throws(RequestHeaderError) {
        let method = httpMethod ?? "GET"
        if !RequestHeaderError.isToken(method) { throw RequestHeaderError(field: method, reason: .method) }
        for (name, value) in (allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            try RequestHeaderError.check(name: name, value: value)
        }
    }

    /// Sets `value` for the header `name` once both are checked: the one way the client and the uploader set a
    /// header from a value they were given.
    ///
    /// - Throws: ``RequestHeaderError`` when `name` is not an HTTP token or `value` holds a control character.
    mutating func setCheckedValue(_ value: String, forHTTPHeaderField name: String) throws(RequestHeaderError) {
        try RequestHeaderError.check(name: name, value: value)
        setValue(value, forHTTPHeaderField: name)
    }

    /// Sets each of `headers` that the request doesn't set itself, in name order: a request's own headers (an
    /// upload's `Content-Type`, an app's own request's) win over the client's.
    ///
    /// - Throws: ``RequestHeaderError`` for a header that is not one HTTP field.
    mutating func addHeaders(whereUnset headers: [String: String]) throws(RequestHeaderError) {
        for (name, headerValue) in headers.sorted(by: { $0.key < $1.key }) {
            if value(forHTTPHeaderField: name) == nil { try setCheckedValue(headerValue, forHTTPHeaderField: name) }
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
