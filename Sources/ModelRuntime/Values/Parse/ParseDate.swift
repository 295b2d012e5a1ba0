import Foundation

/// Codes a `Date` as Parse writes the dates of its fields: `{"__type": "Date", "iso": "2022-01-01T12:23:45.678Z"}`.
///
/// Generated models of a Parse backend keep their dates as `Date` and code them through this wrapper. (`createdAt`
/// and `updatedAt` are plain ISO 8601 strings in Parse and use ``ISO8601Date`` instead.)
public struct ParseDate: Codable, Hashable, Sendable {
    /// The date.
    public var wrappedValue: Date

    /// Wraps `date`.
    public init(wrappedValue date: Date) {
        self.wrappedValue = date
    }

    /// Decodes `{"__type": "Date", "iso": …}`; the `iso` string may carry any number of fractional digits.
    public init(from decoder: any Decoder) throws {
        let container = try ParseTypedValue.container(
            decoder,
            type: "Date",
            describing: "a Parse date {\"__type\": \"Date\", \"iso\": …}"
        )
        let iso = try container.decode(String.self, forKey: JSONKey("iso"))
        guard let date = ISO8601DateCoding.date(from: iso) else {
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey("iso"),
                in: container,
                debugDescription: "Expected an ISO 8601 date, got \(quotedForMessage(iso))"
            )
        }
        wrappedValue = date
    }

    /// Encodes `{"__type": "Date", "iso": …}` with milliseconds, as Parse writes it.
    public func encode(to encoder: any Encoder) throws {
        var container = try ParseTypedValue.container(encoder, type: "Date")
        try container.encode(ISO8601DateCoding.string(from: wrappedValue), forKey: JSONKey("iso"))
    }
}
