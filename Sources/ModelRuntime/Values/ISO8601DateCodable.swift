import Foundation

/// A value that ``ISO8601Date`` can code as ISO 8601 strings: `Date`, and optionals and arrays of such values
/// (so `Date`, `Date?`, `[Date]` and `[Date]?` all work).
///
/// The requirements are what the wrapper calls; you shouldn't need to call them yourself.
public protocol ISO8601DateCodable: Hashable, Sendable {
    /// Decodes the value from ISO 8601 strings (and `null` for optionals).
    init(iso8601From decoder: any Decoder) throws

    /// Encodes the value as ISO 8601 strings (and `null` for optionals).
    func encodeISO8601(to encoder: any Encoder) throws
}

extension Date: ISO8601DateCodable {
    /// Decodes a date from an ISO 8601 string; anything else throws `DecodingError.dataCorrupted` quoting it.
    public init(iso8601From decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let date = ISO8601DateCoding.date(from: string) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "Expected an ISO 8601 date such as \"2026-11-22T10:15:30.000Z\", got \(quotedForMessage(string))"
            )
        }
        self = date
    }

    /// Encodes the date as a UTC ISO 8601 string with milliseconds.
    public func encodeISO8601(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(ISO8601DateCoding.string(from: self))
    }
}

extension Optional: ISO8601DateCodable where Wrapped: ISO8601DateCodable {
    /// Decodes `null` as `nil`, anything else as the wrapped value.
    public init(iso8601From decoder: any Decoder) throws {
        if try decoder.singleValueContainer().decodeNil() {
            self = .none
        } else {
            self = .some(try Wrapped(iso8601From: decoder))
        }
    }

    /// Encodes `nil` as `null`, anything else as the wrapped value.
    public func encodeISO8601(to encoder: any Encoder) throws {
        if let self {
            try self.encodeISO8601(to: encoder)
        } else {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }
}

extension Array: ISO8601DateCodable where Element: ISO8601DateCodable {
    /// Decodes an array whose elements are decoded as ISO 8601 values (errors carry the element's index in the path).
    public init(iso8601From decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        if let count = container.count {
            elements.reserveCapacity(count)
        }
        while !container.isAtEnd {
            elements.append(try container.decode(ISO8601Date<Element>.self).wrappedValue)
        }
        self = elements
    }

    /// Encodes each element as an ISO 8601 value.
    public func encodeISO8601(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self {
            try container.encode(ISO8601Date(wrappedValue: element))
        }
    }
}
