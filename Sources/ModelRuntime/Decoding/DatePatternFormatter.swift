import Foundation

/// Dates written in a fixed `DateFormatter` pattern rather than ISO 8601, such as Twitter's
/// `Wed Sep 29 15:31:08 +0000 2010` (`E MMM d HH:mm:ss Z y`): what RestKit's `addDefaultDateFormatterForString:` and
/// MMDataObject's `stringToDateWithFormat:` did. The mapping names the pattern in its user data:
///
/// ```yaml
/// createdAt: { keyPath: created_at, type: Date, formatter: DatePatternFormatter, userData: { format: "E MMM d HH:mm:ss Z y" } }
/// ```
public enum DatePatternFormatter: ValueFormatter {
    public struct UserData: Decodable, Hashable, Sendable {
        /// The `DateFormatter` pattern, read with the `en_US_POSIX` locale so that it means the same on every device.
        public var format: String
        /// The time zone of dates whose text does not say one (a name such as `Europe/Paris`, or an abbreviation
        /// such as `UTC`); UTC when absent.
        public var timeZone: String?

        public init(format: String, timeZone: String? = nil) {
            self.format = format
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

    public static func value(from raw: String, userData: UserData) throws -> Date {
        guard let date = try formatter(userData).date(from: raw) else {
            throw UnreadableDate(text: raw, format: userData.format)
        }
        return date
    }

    public static func raw(from value: Date, userData: UserData) throws -> String {
        try formatter(userData).string(from: value)
    }

    /// A new formatter for each call: `DateFormatter` is not `Sendable`, and patterned dates are rare enough in a
    /// payload that sharing one is not worth a lock.
    private static func formatter(_ userData: UserData) throws -> DateFormatter {
        try formatter(format: userData.format, timeZone: userData.timeZone)
    }

    /// A formatter of `format` in the `en_US_POSIX` locale and the zone named `timeZone` (UTC when `nil`).
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
