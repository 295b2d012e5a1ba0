import Foundation

/// Parses and formats the ISO 8601 timestamps Cortex uses (`2026-11-22T10:15:30.000Z`).
///
/// Plain arithmetic rather than `DateFormatter`, so that it is fast, allocation-light and safe to call from any thread.
public enum ISO8601DateCoding {
    /// Parses `yyyy-MM-ddTHH:mm:ss`, optional fractional seconds (any number of digits), and a zone of `Z`,
    /// `±HH:MM` or `±HHMM`; returns `nil` for anything else, including impossible dates such as month 13 or Feb 30.
    public static func date(from string: String) -> Date? {
        var parser = Parser(string.utf8)
        guard let timestamp = parser.parseTimestamp() else { return nil }
        let secondsSinceReference = timestamp.secondsSince1970 - referenceDateMillisecondsSince1970 / 1000
        return Date(timeIntervalSinceReferenceDate: Double(secondsSinceReference) + timestamp.fraction)
    }

    /// The instant `string` names (as ``date(from:)`` reads it) in whole milliseconds since 1970, the digits past
    /// the third of the fraction dropped, as a JavaScript `Date` (and so a MongoDB date a Node.js server stores) keeps
    /// it. Counted in integers: through a `Date`'s `Double` seconds, `.002` came out as 1.999… ms for about one value
    /// in nine, and a floor then gave `.001`.
    package static func millisecondsSince1970(from string: String) -> Int64? {
        var parser = Parser(string.utf8)
        guard let timestamp = parser.parseTimestamp() else { return nil }
        return timestamp.secondsSince1970 * 1000 + timestamp.fractionNumerator * 1000 / timestamp.fractionDenominator
    }

    /// Formats `date` in UTC with exactly three fractional digits and `Z`, e.g. `2026-11-22T10:15:30.000Z`,
    /// rounding to the nearest millisecond (halves round to the later millisecond).
    ///
    /// Dates outside the years 0000–9999 are clamped into that range, so the result always parses again.
    public static func string(from date: Date) -> String {
        // Work from the 2001 reference date, which is what `Date` stores, so no precision is lost converting first.
        let millisecondsSinceReference = (date.timeIntervalSinceReferenceDate * 1000 + 0.5).rounded(.down)
        let clamped = min(max(millisecondsSinceReference, minimumMilliseconds), maximumMilliseconds)
        let millisecondsSince1970 = Int64(clamped.isNaN ? 0 : clamped) + referenceDateMillisecondsSince1970

        let (days, millisecondsOfDay) = floorDivide(millisecondsSince1970, by: 86_400_000)
        let (year, month, day) = civilDate(fromDaysSince1970: days)
        let secondsOfDay = Int(millisecondsOfDay / 1000)

        var text = ""
        text.reserveCapacity(24)
        append(year, digits: 4, to: &text)
        text.append("-")
        append(month, digits: 2, to: &text)
        text.append("-")
        append(day, digits: 2, to: &text)
        text.append("T")
        append(secondsOfDay / 3600, digits: 2, to: &text)
        text.append(":")
        append(secondsOfDay / 60 % 60, digits: 2, to: &text)
        text.append(":")
        append(secondsOfDay % 60, digits: 2, to: &text)
        text.append(".")
        append(Int(millisecondsOfDay % 1000), digits: 3, to: &text)
        text.append("Z")
        return text
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, after Howard Hinnant's days_from_civil / civil_from_days)

    /// Days since 1970-01-01 of a valid proleptic Gregorian date.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int64 {
        let shiftedYear = Int64(month <= 2 ? year - 1 : year)
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` days after 1970-01-01.
    static func civilDate(fromDaysSince1970 days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// The number of days in `month` of `year`, or 0 when `month` isn't 1–12.
    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: 31
        case 4, 6, 9, 11: 30
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        default: 0
        }
    }

    /// Writes `value` zero-padded to `digits` digits (more when it needs them; negative values get a leading `-`).
    static func append(_ value: Int, digits: Int, to text: inout String) {
        if value < 0 {
            text.append("-")
        }
        let decimal = String(value.magnitude)
        if decimal.count < digits {
            text.append(String(repeating: "0", count: digits - decimal.count))
        }
        text.append(decimal)
    }

    private static func floorDivide(_ value: Int64, by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static let referenceDateMillisecondsSince1970: Int64 = 978_307_200_000
    /// 0000-01-01T00:00:00.000Z, in milliseconds since the 2001 reference date.
    private static let minimumMilliseconds = Double(-62_167_219_200_000 - referenceDateMillisecondsSince1970)
    /// 9999-12-31T23:59:59.999Z, in milliseconds since the 2001 reference date.
    private static let maximumMilliseconds = Double(253_402_300_799_999 - referenceDateMillisecondsSince1970)
}

extension ISO8601DateCoding {
    /// A cursor over the UTF-8 bytes of a timestamp.
    private struct Parser {
        private let bytes: String.UTF8View
        private var index: String.UTF8View.Index

        init(_ bytes: String.UTF8View) {
            self.bytes = bytes
            self.index = bytes.startIndex
        }

        /// A timestamp's whole seconds since 1970 in UTC, and the fraction of a second after them, as digits read
        /// (`numerator / denominator`, at most nine digits).
        struct Timestamp {
            var secondsSince1970: Int64
            var fractionNumerator: Int64 = 0
            var fractionDenominator: Int64 = 1

            var fraction: Double { Double(fractionNumerator) / Double(fractionDenominator) }
        }

        mutating func parseTimestamp() -> Timestamp? {
            guard let year = number(digits: 4), consume(UInt8(ascii: "-")),
                let month = number(digits: 2), consume(UInt8(ascii: "-")),
                let day = number(digits: 2), consume(UInt8(ascii: "T")),
                let hour = number(digits: 2), consume(UInt8(ascii: ":")),
                let minute = number(digits: 2), consume(UInt8(ascii: ":")),
                let second = number(digits: 2)
            else { return nil }
            guard (1...12).contains(month), (1...ISO8601DateCoding.daysInMonth(month, year: year)).contains(day),
                hour < 24, minute < 60, second < 60
            else { return nil }

            var fraction: (numerator: Int64, denominator: Int64) = (0, 1)
            if consume(UInt8(ascii: ".")) {
                guard let parsed = fractionDigits() else { return nil }
                fraction = parsed
            }
            guard let offsetSeconds = zoneOffset(), index == bytes.endIndex else { return nil }

            let days = ISO8601DateCoding.daysSince1970(year: year, month: month, day: day)
            let secondsSince1970 = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
            return Timestamp(
                secondsSince1970: secondsSince1970,
                fractionNumerator: fraction.numerator,
                fractionDenominator: fraction.denominator
            )
        }

        /// `Z`, `±HH:MM` or `±HHMM`, as seconds east of UTC.
        private mutating func zoneOffset() -> Int? {
            if consume(UInt8(ascii: "Z")) {
                return 0
            }
            let sign: Int
            if consume(UInt8(ascii: "+")) {
                sign = 1
            } else if consume(UInt8(ascii: "-")) {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(digits: 2) else { return nil }
            _ = consume(UInt8(ascii: ":"))
            guard let minutes = number(digits: 2), hours < 24, minutes < 60 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }

        /// One or more digits after the decimal point, as a fraction of a second: its first nine digits over the
        /// power of ten of their count.
        private mutating func fractionDigits() -> (numerator: Int64, denominator: Int64)? {
            var numerator: Int64 = 0
            var denominator: Int64 = 1
            var digitCount = 0
            while index != bytes.endIndex, let digit = digitValue(bytes[index]) {
                // Digits past nanoseconds can't change a `Date`; they are checked but not accumulated.
                if digitCount < 9 {
                    numerator = numerator * 10 + Int64(digit)
                    denominator *= 10
                }
                digitCount += 1
                index = bytes.index(after: index)
            }
            return digitCount == 0 ? nil : (numerator, denominator)
        }

        private mutating func number(digits: Int) -> Int? {
            var value = 0
            for _ in 0..<digits {
                guard index != bytes.endIndex, let digit = digitValue(bytes[index]) else { return nil }
                value = value * 10 + digit
                index = bytes.index(after: index)
            }
            return value
        }

        private mutating func consume(_ byte: UInt8) -> Bool {
            guard index != bytes.endIndex, bytes[index] == byte else { return false }
            index = bytes.index(after: index)
            return true
        }

        private func digitValue(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }
    }
}
