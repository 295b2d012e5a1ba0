import Foundation

/// A `Date` in any of the forms RestKit's default date formatters read, for models imported from RestKit:
///
/// - a Unix timestamp, as a JSON number or as text (`1485042056`, `"1485042056.5"`);
/// - ISO 8601: `2017-01-21T23:40:56.000Z`, with or without fractional seconds, with a zone of `Z`, `±HH:MM` or
///   `±HHMM`, or none (UTC);
/// - a day alone, `2017-01-21` (`yyyy-MM-dd`), and `01/21/2017` (`MM/dd/yyyy`), at midnight UTC;
/// - HTTP's dates: RFC 1123 (`Sat, 21 Jan 2017 23:40:56 GMT`), RFC 850 and `asctime`.
///
/// Patterns are read with the `en_US_POSIX` locale in UTC, as RestKit's were. Encoding writes ISO 8601 in UTC
/// (``ISO8601DateCoding``), as RestKit 0.20 serialized dates. An app that added a pattern of its own
/// (`addDefaultDateFormatterForString:`) takes ``RestKitPatternDateFormatter``.
public enum RestKitDateFormatter: ValueFormatter {
    /// A value in none of the forms.
    public struct UnreadableDate: Error, CustomStringConvertible {
        /// The value the payload sent.
        public var raw: JSONValue
        public var description: String { "\(raw) is not a date in any of RestKit's default formats" }
    }

    /// The date a number (seconds since 1970) or a text in one of the forms stands for.
    public static func value(from raw: JSONValue, userData: NoUserData) throws -> Date {
        switch raw {
        case .int(let seconds): return Date(timeIntervalSince1970: TimeInterval(seconds))
        case .double(let seconds): return Date(timeIntervalSince1970: seconds)
        case .string(let text):
            guard let date = defaultFormatsDate(from: text) else { throw UnreadableDate(raw: raw) }
            return date
        default: throw UnreadableDate(raw: raw)
        }
    }

    /// The date as ISO 8601 text in UTC.
    public static func raw(from value: Date, userData: NoUserData) throws -> JSONValue {
        .string(ISO8601DateCoding.string(from: value))
    }

    /// HTTP/1.1's three date forms, which RKValueTransformers 1.1 (RestKit 0.23) added to the patterns.
    static let httpPatterns = [
        "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
    ]

    /// The date in one of the default forms; the common ones are read without a `DateFormatter`.
    static func defaultFormatsDate(from text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let seconds = Double(trimmed), seconds.isFinite { return Date(timeIntervalSince1970: seconds) }
        if let date = ISO8601DateCoding.date(from: trimmed) { return date }
        if let date = ISO8601DateCoding.date(from: trimmed + "Z"), !trimmed.hasSuffix("Z") { return date }
        if isDay(trimmed), let date = ISO8601DateCoding.date(from: trimmed + "T00:00:00Z") { return date }
        for pattern in ["MM/dd/yyyy"] + httpPatterns {
            if let date = try? DatePatternFormatter.formatter(format: pattern, timeZone: nil).date(from: trimmed) {
                return date
            }
        }
        return nil
    }

    /// `yyyy-MM-dd` exactly, so that a timestamp missing its seconds is not read as midnight.
    private static func isDay(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-") else { return false }
        return utf8.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}

/// A `Date` in the app's own pattern (RestKit's `addDefaultDateFormatterForString:`), or else in any of RestKit's
/// default forms (``RestKitDateFormatter``), which RestKit tried after the app's. Encoding writes the app's pattern, as
/// the server sends it, or the user data's `writeFormat` when it has one.
///
/// ```yaml
/// createdAt: { keyPath: created_at, type: Date, formatter: RestKitPatternDateFormatter, userData: { format: "E MMM d HH:mm:ss Z y" } }
/// ```
public enum RestKitPatternDateFormatter: ValueFormatter {
    /// The app's pattern, the one to write in if another, and the time zone, as ``DatePatternFormatter`` takes them.
    public typealias UserData = DatePatternFormatter.UserData

    /// The date a text in the app's pattern stands for, or else what ``RestKitDateFormatter`` reads.
    public static func value(from raw: JSONValue, userData: UserData) throws -> Date {
        if case .string(let text) = raw,
            let date = try DatePatternFormatter.formatter(format: userData.format, timeZone: userData.timeZone)
                .date(from: text)
        {
            return date
        }
        return try RestKitDateFormatter.value(from: raw, userData: NoUserData())
    }

    /// The date in the app's pattern, or in `writeFormat` when the user data has one.
    public static func raw(from value: Date, userData: UserData) throws -> JSONValue {
        .string(try DatePatternFormatter.raw(from: value, userData: userData))
    }
}
