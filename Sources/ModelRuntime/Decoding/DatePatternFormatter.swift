import Foundation

/// Dates written in a fixed `DateFormatter` pattern rather than ISO 8601, such as Twitter's
/// `Wed Sep 29 15:31:08 +0000 2010` (`E MMM d HH:mm:ss Z y`): what RestKit's `addDefaultDateFormatterForString:` and
/// MMDataObject's `stringToDateWithFormat:` did. The mapping names the pattern in its user data:
///
/// ```yaml
/// createdAt: { keyPath: created_at, type: Date, formatter: DatePatternFormatter, userData: { format: "E MMM d HH:mm:ss Z y" } }
/// ```
///
/// An app that read dates in one pattern and wrote them in another (MMDataObject's `initWithAttributes:` and
/// `attributes`, each with its own pattern) names the second as `writeFormat`; reading is the same with or without it:
///
/// ```yaml
/// createdAt: { keyPath: created_at, type: Date, formatter: DatePatternFormatter, userData: { format: "yyyy/MM/dd HH:mm:ss ZZZ", writeFormat: "yyyy-MM-dd HH:mm:ss" } }
/// ```
public enum DatePatternFormatter: ValueFormatter {
    public struct UserData: Decodable, Hashable, Sendable {
        /// The `DateFormatter` pattern dates are read in, and written in when there is no `writeFormat`; read with
        /// the `en_US_POSIX` locale so that it means the same on every device.
        public var format: String
        /// The pattern dates are written in, when the server is sent another than it sends (nil writes `format`).
        /// Reading takes it too, after `format`, so that a model decodes what it encoded.
        public var writeFormat: String?
        /// The time zone of dates whose text does not say one (a name such as `Europe/Paris`, or an abbreviation
        /// such as `UTC`), read and written; UTC when absent.
        public var timeZone: String?

        public init(format: String, writeFormat: String? = nil, timeZone: String? = nil) {
            self.format = format
            self.writeFormat = writeFormat
            self.timeZone = timeZone
        }
    }

    public struct UnreadableDate: Error, CustomStringConvertible {
        public var text: String
        public var format: String
        public var description: String { "'\(text)' is not a date in the pattern '\(format)'" }
    }

    public struct UnknownTimeZone: Error, CustomStringConvertible {
        public var name: String
        public var description: String { "no time zone is named '\(name)'" }
    }

    /// The date `raw` stands for in `format`, or else in `writeFormat`: a model reads back what it writes, so that one
    /// kept or cached as JSON decodes again (the app it replaces read such a date as `nil`).
    public static func value(from raw: String, userData: UserData) throws -> Date {
        if let date = try formatter(format: userData.format, timeZone: userData.timeZone).date(from: raw) {
            return date
        }
        if let written = userData.writeFormat,
            let date = try formatter(format: written, timeZone: userData.timeZone).date(from: raw)
        {
            return date
        }
        throw UnreadableDate(text: raw, format: userData.format)
    }

    /// The date in `writeFormat`, or in `format` when there is none.
    public static func raw(from value: Date, userData: UserData) throws -> String {
        try formatter(format: userData.writeFormat ?? userData.format, timeZone: userData.timeZone).string(from: value)
    }

    /// A formatter of `format` in the `en_US_POSIX` locale and the zone named `timeZone` (UTC when `nil`). A new one
    /// for each call: `DateFormatter` is not `Sendable`, and patterned dates are rare enough in a payload that sharing
    /// one is not worth a lock.
    static func formatter(format: String, timeZone: String?) throws -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = format
        if let name = timeZone {
            guard let zone = TimeZone(identifier: name) ?? TimeZone(abbreviation: name) else {
                throw UnknownTimeZone(name: name)
            }
            formatter.timeZone = zone
        } else {
            formatter.timeZone = TimeZone(identifier: "UTC")
        }
        return formatter
    }
}
