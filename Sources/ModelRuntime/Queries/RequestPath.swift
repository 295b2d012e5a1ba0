// Values that go into a request's path: an object's plural name or base path (a schema's text), an id, a Parse file
// name, a file property's name or index, a facet. Each becomes exactly one path segment here, so that no value can
// climb out of its place (`../_User/x`), add query parameters (`?`), cut the path (`#`) or fail to make a URL (a
// space). Everything that builds a path from a value goes through `PathSegment`; `RenderedRequest.url(relativeTo:)`
// then refuses a path that still isn't one.

import Foundation

/// What a backend takes as an object's id in a request path.
public enum IDSyntax: Sendable, Hashable {
    /// A MongoDB ObjectID: 24 hexadecimal digits, as Cortex's ids are.
    case objectID
    /// Parse's `objectId`: ASCII letters and digits, the alphabet parse-server makes its ids from.
    case alphanumeric
    /// Any text but an empty one, `.` and `..`, percent-encoded as one segment: Mia-Platform's string ids.
    case text
}

/// Why a value can't be a segment of a request path, or a path can't make a URL. Thrown before anything is sent.
public struct RequestPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the value.
    public enum Reason: Hashable, Sendable {
        /// The value is empty: the path would name the collection, not one of its objects.
        case empty
        /// The value is `.` or `..`, as written or percent-decoded (`%2E%2E`, `%252E%252E`): a server normalizing
        /// the path would read it as this folder or the one above.
        case dotSegment
        /// The value is not an ObjectID (``IDSyntax/objectID``).
        case notObjectID(InvalidObjectIDError.Reason)
        /// The value holds a character other than an ASCII letter or digit (``IDSyntax/alphanumeric``).
        case notAlphanumeric(Unicode.Scalar, offset: Int)
        /// A whole path holds a character a URL's path and query can't (a space, a line break, a character outside
        /// ASCII, a `%` without two hex digits) or a `#`, which would cut it: something built it without
        /// ``PathSegment``.
        case notAPath(Unicode.Scalar, offset: Int)
        /// The base URL and the path make no URL, or none below the base URL: a path must be empty or start with
        /// `/` or `?`.
        case notAURL
    }

    /// The refused value or path.
    public let value: String
    /// What is wrong with it.
    public let reason: Reason

    /// An error refusing `value` for `reason`.
    public init(value: String, reason: Reason) {
        self.value = value
        self.reason = reason
    }

    /// A message quoting the refused value.
    public var description: String {
        let quoted = quotedForMessage(value)
        switch reason {
        case .empty: return "an empty value cannot be a segment of a request path"
        case .dotSegment: return "\(quoted) cannot be a segment of a request path: it names a folder, not an object"
        case .notObjectID(let reason):
            return "\(quoted) cannot be an id in a request path: "
                + InvalidObjectIDError(value: value, reason: reason).description
        case .notAlphanumeric(let scalar, let offset):
            return "\(quoted) cannot be a Parse objectId: \(Self.describe(scalar)) at offset \(offset) is not an ASCII "
                + "letter or digit"
        case .notAPath(let scalar, let offset):
            return "\(quoted) is not a URL path: \(Self.describe(scalar)) at offset \(offset) must be "
                + "percent-encoded (build paths from values with PathSegment)"
        case .notAURL: return "\(quoted) does not make a URL below the base URL"
        }
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String { String(format: "U+%04X", scalar.value) }
}

/// One segment of a request path, made from a value the app or a server gave: every Unicode scalar outside RFC 3986's
/// unreserved characters (`A-Z a-z 0-9 - . _ ~`) is percent-encoded as its UTF-8 bytes, so `/`, `?`, `#`, `%`, a
/// space or a line break stay part of the value. An empty value, `.` and `..` (also percent-encoded, `%2E%2E`) are
/// refused, since a server would read them as the collection or a folder above it.
///
/// ```swift
/// let segment = try PathSegment(id: "../_User/x", syntax: .text)   // "..%2F_User%2Fx"
/// let path = "/c_offices/\(try PathSegment(id: officeID, syntax: .objectID))"
/// ```
public struct PathSegment: Sendable, Hashable, CustomStringConvertible {
    /// The value as given.
    public let value: String
    /// The value as it goes into a path: percent-encoded, one segment.
    public let encoded: String

    /// Any value as one segment.
    ///
    /// - Throws: ``RequestPathError`` for an empty value, `.` or `..`.
    public init(_ value: String) throws(RequestPathError) {
        if value.isEmpty { throw RequestPathError(value: value, reason: .empty) }
        if Self.isDotSegment(value) { throw RequestPathError(value: value, reason: .dotSegment) }
        self.value = value
        encoded = PercentEncoding.encoded(value)
    }

    /// An object's id as one segment, checked against the backend's `syntax` first.
    ///
    /// - Throws: ``RequestPathError`` for an id the syntax refuses, and for an empty id, `.` or `..`.
    public init(id: String, syntax: IDSyntax) throws(RequestPathError) {
        switch syntax {
        case .objectID:
            do {
                _ = try ObjectID(validating: id)
            } catch let error as InvalidObjectIDError {
                throw RequestPathError(value: id, reason: .notObjectID(error.reason))
            } catch {
                throw RequestPathError(value: id, reason: .notObjectID(.wrongLength(id.unicodeScalars.count)))
            }
        case .alphanumeric:
            if id.isEmpty { throw RequestPathError(value: id, reason: .empty) }
            for (offset, scalar) in id.unicodeScalars.enumerated() where !scalar.isASCIIAlphanumeric {
                throw RequestPathError(value: id, reason: .notAlphanumeric(scalar, offset: offset))
            }
        case .text:
            break
        }
        try self.init(id)
    }

    /// The encoded segment.
    public var description: String { encoded }

    /// Whether `value` is `.` or `..`, as written or after percent-decoding it (again and again, as a server behind
    /// a proxy might: `%252E%252E` is `..` after two rounds).
    static func isDotSegment(_ value: String) -> Bool {
        var decoded = value
        // Each round shortens the text, and a few rounds are more than any chain of servers does.
        for _ in 0..<8 {
            if decoded == "." || decoded == ".." { return true }
            guard decoded.contains("%"), let next = decoded.removingPercentEncoding, next != decoded else {
                return false
            }
            decoded = next
        }
        return false
    }
}

extension PathSegment {
    /// `/` and a collection's name as one segment: Cortex's plural names and Parse's classes (after `/classes`).
    /// The name comes from a schema, which is input like any other: `a/../_User` stays one segment, and can't reach
    /// another collection.
    ///
    /// - Throws: ``RequestPathError`` for an empty name, `.` or `..`.
    public static func collectionPath(_ name: String) throws(RequestPathError) -> String {
        "/" + (try PathSegment(name)).encoded
    }

    /// `/` and a base path of one or more segments joined by `/`, each made through ``PathSegment``: a
    /// Mia-Platform endpoint's base path (`orders/v2`), written with or without its leading `/`. A `?` or `#` stays
    /// part of its segment; `/`s in a row count as one, as a router reads them, and no segment may be `.` or `..`.
    ///
    /// - Throws: ``RequestPathError`` for a path with no segment, or a segment `.` or `..`.
    public static func basePath(_ path: String) throws(RequestPathError) -> String {
        var joined = ""
        for segment in path.split(separator: "/") {
            joined += "/" + (try PathSegment(String(segment))).encoded
        }
        if joined.isEmpty { throw RequestPathError(value: path, reason: .empty) }
        return joined
    }
}

/// RFC 3986's percent-encoding, scalar by scalar: the one encoder of path segments and query strings.
enum PercentEncoding {
    /// `text` with every Unicode scalar outside the unreserved characters written as `%XX` per UTF-8 byte.
    static func encoded(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isUnreserved {
                encoded.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 {
                encoded += "%"
                encoded += hexDigits[Int(byte >> 4)]
                encoded += hexDigits[Int(byte & 0x0F)]
            }
        }
        return encoded
    }

    private static let hexDigits = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]

    /// The first scalar of `path` that RFC 3986 allows in neither a path nor a query (`pchar`, `/` and `?`), with
    /// its offset in scalars; a `%` must start a `%XX` escape, and `#` would start a fragment. `nil` when every
    /// scalar is allowed. An app's own path (the client's `get(_:path:)` and `post(_:to:answer:)`) may carry its
    /// query after a `?`.
    static func firstNonPathScalar(in path: String) -> (scalar: Unicode.Scalar, offset: Int)? {
        let scalars = Array(path.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "%" {
                guard index + 2 < scalars.count, scalars[index + 1].isHexDigit, scalars[index + 2].isHexDigit else {
                    return (scalar, index)
                }
                index += 3
                continue
            }
            if !(scalar.isUnreserved || "!$&'()*+,;=:@/?".unicodeScalars.contains(scalar)) { return (scalar, index) }
            index += 1
        }
        return nil
    }
}

extension Unicode.Scalar {
    /// `A-Z a-z 0-9`.
    fileprivate var isASCIIAlphanumeric: Bool {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }

    /// RFC 3986's unreserved characters: `A-Z a-z 0-9 - . _ ~`.
    fileprivate var isUnreserved: Bool {
        isASCIIAlphanumeric || self == "-" || self == "." || self == "_" || self == "~"
    }
}
