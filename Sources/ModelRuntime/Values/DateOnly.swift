import Foundation

/// A calendar date without a time or zone, for Cortex `dateOnly` properties (`"2026-11-22"`).
///
/// A separate type rather than `Date` because a day like a birthday must not shift when viewed in another time zone.
public struct DateOnly: Hashable, Comparable, Sendable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// The year, 0–9999 when created from components or a string.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// Creates the date, or returns `nil` when it doesn't exist in the (proleptic) Gregorian calendar, such as
    /// February 29 of a non-leap year, or the year is outside 0–9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (0...9999).contains(year), (1...12).contains(month),
            (1...ISO8601DateCoding.daysInMonth(month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `yyyy-MM-dd`, returning `nil` for any other text or an impossible date.
    public init?(_ description: String) {
        let bytes = Array(description.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
            let day = Self.number(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The calendar date that `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // Clamped to about ±30 million years so that the conversion can't trap.
        let wholeSeconds = seconds.isFinite ? Int64(min(max(seconds, -1e15), 1e15)) : 0
        let localSeconds = wholeSeconds + Int64(timeZone.secondsFromGMT(for: date))
        let days = localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds + 1) / 86_400 - 1
        (year, month, day) = ISO8601DateCoding.civilDate(fromDaysSince1970: days)
    }

    /// The first moment of this day in `timeZone`: midnight, or the end of a daylight-saving gap that skips it.
    public func date(in timeZone: TimeZone) -> Date {
        let midnightUTC = ISO8601DateCoding.daysSince1970(year: year, month: month, day: day) * 86_400
        // Local noon is within the day whatever the zone's offset does, so its start of day is this day's start.
        let noonUTC = Date(timeIntervalSince1970: TimeInterval(midnightUTC + 43_200))
        let localNoon = noonUTC.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: noonUTC)))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.startOfDay(for: localNoon)
    }

    /// The date as `yyyy-MM-dd`.
    public var description: String {
        var text = ""
        text.reserveCapacity(10)
        ISO8601DateCoding.append(year, digits: 4, to: &text)
        text.append("-")
        ISO8601DateCoding.append(month, digits: 2, to: &text)
        text.append("-")
        ISO8601DateCoding.append(day, digits: 2, to: &text)
        return text
    }

    /// Orders dates chronologically.
    public static func < (lhs: DateOnly, rhs: DateOnly) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Decodes a `yyyy-MM-dd` string; anything else throws `DecodingError.dataCorrupted` quoting it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let value = DateOnly(string) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected a date such as \"2026-11-22\" (yyyy-MM-dd), got \(quotedForMessage(string))"
            )
        }
        self = value
    }

    /// Encodes the date as `yyyy-MM-dd`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
