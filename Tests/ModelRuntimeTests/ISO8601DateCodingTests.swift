import Foundation
import ModelRuntime
import Testing

@Suite struct ISO8601DateCodingTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0.0),
        ("1970-01-01T00:00:00.000Z", 0),
        ("2026-11-22T10:15:30Z", 1_795_342_530),
        ("2026-11-22T10:15:30.000Z", 1_795_342_530),
        ("2026-11-22T10:15:30.5Z", 1_795_342_530.5),
        ("2026-11-22T10:15:30.123Z", 1_795_342_530.123),
        ("2026-11-22T10:15:30.123456789123Z", 1_795_342_530.123456789),
        ("2026-11-22T11:15:30+01:00", 1_795_342_530),
        ("2026-11-22T15:45:30+0530", 1_795_342_530),
        ("2026-11-22T02:15:30-08:00", 1_795_342_530),
        ("2026-11-21T22:15:30.250-1200", 1_795_342_530.25),
        ("2024-02-29T23:59:59Z", 1_709_251_199),
        ("2000-02-29T00:00:00Z", 951_782_400),
        ("1969-07-20T20:17:40Z", -14_182_940),
        ("1969-12-31T23:59:59.999Z", -0.001),
        ("1900-01-01T00:00:00Z", -2_208_988_800),
        ("0001-01-01T00:00:00Z", -62_135_596_800),
        ("9999-12-31T23:59:59Z", 253_402_300_799),
    ])
    func parsesTimestamps(string: String, secondsSince1970: Double) throws {
        let date = try #require(ISO8601DateCoding.date(from: string))
        #expect(abs(date.timeIntervalSince1970 - secondsSince1970) < 1e-6)
    }

    @Test(arguments: [
        "",
        "2026-11-22",
        "2026-11-22T10:15:30",  // no zone
        "2026-13-01T00:00:00Z",
        "2026-00-10T00:00:00Z",
        "2026-01-00T00:00:00Z",
        "2026-01-32T00:00:00Z",
        "2026-04-31T00:00:00Z",
        "2025-02-29T00:00:00Z",  // not a leap year
        "1900-02-29T00:00:00Z",  // centuries aren't leap years unless divisible by 400
        "2026-01-01T24:00:00Z",
        "2026-01-01T25:00:00Z",
        "2026-01-01T10:60:00Z",
        "2026-01-01T10:00:60Z",
        "2026-01-01T10:00:00Z ",
        "2026-01-01T10:00:00Zjunk",
        "2026-01-01T10:00:00+01:00:00",
        "2026-01-01T10:00:00+1:00",
        "2026-01-01T10:00:00+01:0",
        "2026-01-01T10:00:00+24:00",
        "2026-01-01T10:00:00+01:60",
        "2026-01-01T10:00:00.Z",
        "2026-01-01T10:00:00,5Z",
        "2026-01-01 10:00:00Z",
        "2026-1-01T10:00:00Z",
        "26-01-01T10:00:00Z",
        "+2026-01-01T10:00:00Z",
        " 2026-01-01T10:00:00Z",
        "2026-01-01t10:00:00z",
        "２０２６-01-01T10:00:00Z",
        "abcd-ef-ghTij:kl:mnZ",
    ])
    func rejectsGarbage(string: String) {
        #expect(ISO8601DateCoding.date(from: string) == nil)
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (1_795_342_530, "2026-11-22T10:15:30.000Z"),
        (1_795_342_530.123, "2026-11-22T10:15:30.123Z"),
        (1_795_342_530.1234, "2026-11-22T10:15:30.123Z"),
        (1_795_342_530.1236, "2026-11-22T10:15:30.124Z"),
        (1_795_342_530.9996, "2026-11-22T10:15:31.000Z"),
        (1_795_391_999.9999, "2026-11-23T00:00:00.000Z"),
        (-0.001, "1969-12-31T23:59:59.999Z"),
        (-0.0004, "1970-01-01T00:00:00.000Z"),
        (-0.0006, "1969-12-31T23:59:59.999Z"),
        (-0.9996, "1969-12-31T23:59:59.000Z"),
        (-1.2, "1969-12-31T23:59:58.800Z"),
        (-14_182_940, "1969-07-20T20:17:40.000Z"),
        (-2_208_988_800, "1900-01-01T00:00:00.000Z"),
        (951_782_400, "2000-02-29T00:00:00.000Z"),
        (-62_135_596_800, "0001-01-01T00:00:00.000Z"),
        (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
    ])
    func formatsInUTCWithRoundedMilliseconds(secondsSince1970: Double, expected: String) {
        #expect(ISO8601DateCoding.string(from: Date(timeIntervalSince1970: secondsSince1970)) == expected)
    }

    @Test func clampsDatesOutsideFourDigitYearsSoTheyStillParse() throws {
        let late = ISO8601DateCoding.string(from: Date(timeIntervalSince1970: 1e15))
        let early = ISO8601DateCoding.string(from: Date(timeIntervalSince1970: -1e15))
        #expect(late == "9999-12-31T23:59:59.999Z")
        #expect(early == "0000-01-01T00:00:00.000Z")
        #expect(ISO8601DateCoding.date(from: late) != nil && ISO8601DateCoding.date(from: early) != nil)
    }

    /// The milliseconds a timestamp names are counted in integers: each of the thousand of one second, before and
    /// after 1970, with a zone, and digits past the third dropped as a JavaScript `Date` drops them. (Through a
    /// `Date`'s `Double` seconds times 1000, `.002` floored to `.001` for about one value in nine.)
    @Test func millisecondsSince1970AreExact() {
        for millisecond in 0..<1000 {
            let digits = String(format: "%03d", millisecond)
            #expect(
                ISO8601DateCoding.millisecondsSince1970(from: "2026-01-01T00:00:00.\(digits)Z")
                    == 1_767_225_600_000 + Int64(millisecond),
                "\(digits)"
            )
            #expect(
                ISO8601DateCoding.millisecondsSince1970(from: "1969-12-31T23:59:59.\(digits)999+00:00")
                    == -1000 + Int64(millisecond),
                "\(digits)"
            )
        }
        #expect(ISO8601DateCoding.millisecondsSince1970(from: "2026-01-01T01:00:00.5+01:00") == 1_767_225_600_500)
        #expect(ISO8601DateCoding.millisecondsSince1970(from: "2026-01-01T00:00:00Z") == 1_767_225_600_000)
        #expect(ISO8601DateCoding.millisecondsSince1970(from: "2026-13-01T00:00:00Z") == nil)
    }

    @Test func formattingThenParsingKeepsTheMillisecond() throws {
        // About 2,000 instants spread over 1875...2065, each off the whole second.
        for step in -3000...3000 where step % 3 == 0 {
            let milliseconds = Int64(step) * 1_000_003_777 + 123
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let string = ISO8601DateCoding.string(from: date)
            let parsed = try #require(ISO8601DateCoding.date(from: string), "\(string)")
            #expect((parsed.timeIntervalSince1970 * 1000).rounded() == Double(milliseconds), "\(string)")
            #expect(ISO8601DateCoding.string(from: parsed) == string)
        }
    }

    @Test func agreesWithFoundationsCalendarOnEveryDayOfYearAcrossCenturies() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for year in [1700, 1899, 1900, 1969, 1970, 1999, 2000, 2024, 2025, 2100, 2400] {
            var date = try #require(calendar.date(from: DateComponents(year: year, month: 1, day: 1, hour: 13)))
            let end = try #require(calendar.date(from: DateComponents(year: year + 1, month: 1, day: 1)))
            while date < end {
                let components = calendar.dateComponents([.year, .month, .day, .hour], from: date)
                let expected = String(
                    format: "%04d-%02d-%02dT%02d:00:00.000Z",
                    components.year!,
                    components.month!,
                    components.day!,
                    components.hour!
                )
                #expect(ISO8601DateCoding.string(from: date) == expected)
                #expect(ISO8601DateCoding.date(from: expected) == date)
                date += 86_400
            }
        }
    }
}
