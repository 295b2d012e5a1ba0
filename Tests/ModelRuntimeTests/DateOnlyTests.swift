import Foundation
import ModelRuntime
import Testing

@Suite struct DateOnlyTests {
    @Test(arguments: [
        (2026, 11, 22, true),
        (2024, 2, 29, true),
        (2000, 2, 29, true),
        (2023, 2, 29, false),
        (1900, 2, 29, false),
        (2026, 4, 30, true),
        (2026, 4, 31, false),
        (2026, 12, 31, true),
        (2026, 13, 1, false),
        (2026, 0, 1, false),
        (2026, 1, 0, false),
        (2026, 1, 32, false),
        (0, 1, 1, true),
        (9999, 12, 31, true),
        (10000, 1, 1, false),
        (-1, 1, 1, false),
    ])
    func validatesCalendarDates(year: Int, month: Int, day: Int, isValid: Bool) {
        let date = DateOnly(year: year, month: month, day: day)
        #expect((date != nil) == isValid)
        if let date {
            #expect(date.year == year && date.month == month && date.day == day)
        }
    }

    @Test(arguments: [
        ("2026-11-22", DateOnly(year: 2026, month: 11, day: 22)),
        ("0099-01-05", DateOnly(year: 99, month: 1, day: 5)),
        ("2024-02-29", DateOnly(year: 2024, month: 2, day: 29)),
    ])
    func parsesAndPrintsYearMonthDay(string: String, expected: DateOnly?) throws {
        let date = try #require(DateOnly(string))
        #expect(date == expected)
        #expect(date.description == string)
    }

    @Test(arguments: [
        "", "2026-11-2", "2026-1-22", "26-11-22", "2026/11/22", "2026-11-22T00:00:00Z", " 2026-11-22", "2026-11-22 ",
        "2026-02-30", "2023-02-29", "2026-13-01", "2026-00-01", "+026-11-22", "2026-11-+2", "２０２６-11-22", "yyyy-MM-dd",
    ])
    func rejectsAnythingButStrictYearMonthDay(string: String) {
        #expect(DateOnly(string) == nil)
    }

    @Test func ordersChronologically() throws {
        let dates = try ["2026-11-22", "2025-12-31", "2026-01-01", "2026-11-03"].map { try #require(DateOnly($0)) }
        #expect(dates.sorted().map(\.description) == ["2025-12-31", "2026-01-01", "2026-11-03", "2026-11-22"])
    }

    @Test(arguments: [
        ("2026-11-22T23:30:00Z", "UTC", "2026-11-22"),
        ("2026-11-22T23:30:00Z", "Asia/Tokyo", "2026-11-23"),
        ("2026-11-22T03:00:00Z", "America/Los_Angeles", "2026-11-21"),
        ("2026-11-22T10:00:00Z", "Pacific/Kiritimati", "2026-11-23"),
        ("1969-12-31T23:59:59.500Z", "UTC", "1969-12-31"),
        ("1970-01-01T00:00:00Z", "America/New_York", "1969-12-31"),
    ])
    func takesTheCalendarDateOfAnInstantInAZone(instant: String, zone: String, expected: String) throws {
        let date = try #require(ISO8601DateCoding.date(from: instant))
        let timeZone = try #require(TimeZone(identifier: zone))
        #expect(DateOnly(date, in: timeZone).description == expected)
    }

    @Test(arguments: [
        ("2026-11-22", "UTC", "2026-11-22T00:00:00.000Z"),
        ("2026-11-22", "Asia/Tokyo", "2026-11-21T15:00:00.000Z"),
        ("2026-11-22", "America/Los_Angeles", "2026-11-22T08:00:00.000Z"),
        ("2026-07-01", "America/Los_Angeles", "2026-07-01T07:00:00.000Z"),
        ("1969-12-31", "UTC", "1969-12-31T00:00:00.000Z"),
        // Brazil's 2018 daylight saving time began at midnight: the day started at 01:00 (-02:00).
        ("2018-11-04", "America/Sao_Paulo", "2018-11-04T03:00:00.000Z"),
    ])
    func givesTheFirstMomentOfTheDayInAZone(day: String, zone: String, expected: String) throws {
        let date = try #require(DateOnly(day))
        let timeZone = try #require(TimeZone(identifier: zone))
        #expect(ISO8601DateCoding.string(from: date.date(in: timeZone)) == expected)
    }

    @Test(arguments: ["UTC", "Asia/Tokyo", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago"])
    func convertingToADateAndBackKeepsTheDay(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        for string in ["1950-06-15", "2000-02-29", "2026-03-08", "2026-11-01", "2026-12-31"] {
            let day = try #require(DateOnly(string))
            #expect(DateOnly(day.date(in: timeZone), in: timeZone) == day)
        }
    }

    @Test func codesAsAYearMonthDayString() throws {
        struct Patient: Codable, Equatable {
            var birthDate: DateOnly
        }
        let patient = try decode(Patient.self, from: #"{"birthDate": "1984-02-29"}"#)
        #expect(patient.birthDate == DateOnly(year: 1984, month: 2, day: 29))
        #expect(try encodedJSON(patient) == ["birthDate": "1984-02-29"])
    }

    @Test(arguments: ["1983-02-29", "1984-2-29", "1984-02-29T00:00:00Z"])
    func invalidStringThrowsDataCorruptedWithPathAndValue(value: String) throws {
        let json = #"{"dates": ["2026-11-22", "\#(value)"]}"#
        let error = try #require(throws: DecodingError.self) { try decode([String: [DateOnly]].self, from: json) }
        #expect(error.isDataCorrupted)
        #expect(pathDescription(error.context?.codingPath ?? []) == "dates[1]")
        #expect(error.context?.debugDescription.contains("\"\(value)\"") == true)
    }
}
