import Foundation
import ModelRuntime
import Testing

/// A chat message as a model generated from a mapping decodes and encodes it: its user data is the mapping's JSON,
/// decoded as the generated code does.
private struct Message: Codable, Equatable {
    static let userData = Result {
        try JSONValue.object(["format": "yyyy/MM/dd HH:mm:ss ZZZ", "writeFormat": "yyyy-MM-dd HH:mm:ss"])
            .decoded(as: DatePatternFormatter.UserData.self)
    }

    var createdAt: Date

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        createdAt = try container.decode(
            at: ["created_at"],
            formatter: DatePatternFormatter.self,
            userData: try Self.userData.get()
        )
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(
            createdAt,
            forKey: "created_at",
            formatter: DatePatternFormatter.self,
            userData: try Self.userData.get()
        )
    }
}

/// Dates in a fixed pattern: read in `format`, written in `writeFormat` when the mapping gives one, else in `format`.
@Suite struct DatePatternFormatterTests {
    private func utc(_ iso: String) -> Date {
        ISO8601DateCoding.date(from: iso)!
    }

    /// The server sent Rails 2's JSON time and was sent MMDataObject's pattern back, as an app whose `initWithAttributes:`
    /// and `attributes` used the two did.
    @Test func aModelReadsOnePatternAndWritesTheOther() throws {
        let message = try JSONDecoder().decode(
            Message.self,
            from: Data(#"{"created_at": "2009/11/23 13:05:00 +0100"}"#.utf8)
        )
        #expect(message.createdAt == utc("2009-11-23T12:05:00Z"))
        let encoded = String(decoding: try JSONEncoder().encode(message), as: UTF8.self)
        #expect(encoded == #"{"created_at":"2009-11-23 12:05:00"}"#)
    }

    @Test func withoutAWriteFormatDatesAreWrittenInTheirReadingPattern() throws {
        let moment = utc("2009-11-23T12:05:00Z")
        let rails = DatePatternFormatter.UserData(format: "yyyy/MM/dd HH:mm:ss ZZZ")
        #expect(try DatePatternFormatter.raw(from: moment, userData: rails) == "2009/11/23 12:05:00 +0000")
        let decoded = try JSONValue.object(["format": "yyyy/MM/dd HH:mm:ss ZZZ"])
            .decoded(as: DatePatternFormatter.UserData.self)
        #expect(decoded.writeFormat == nil)
        #expect(decoded == rails)
    }

    /// Reading takes the reading pattern first, then the write format, so that a model decodes what it encoded (a
    /// model kept or cached as JSON); a text in neither is no date.
    @Test func aModelReadsBackWhatItWrites() throws {
        let userData = DatePatternFormatter.UserData(format: "dd/MM/yyyy", writeFormat: "yyyy-MM-dd")
        #expect(try DatePatternFormatter.value(from: "23/11/2009", userData: userData) == utc("2009-11-23T00:00:00Z"))
        let written = try DatePatternFormatter.raw(from: utc("2009-11-23T00:00:00Z"), userData: userData)
        #expect(written == "2009-11-23")
        #expect(try DatePatternFormatter.value(from: written, userData: userData) == utc("2009-11-23T00:00:00Z"))
        #expect(throws: DatePatternFormatter.UnreadableDate.self) {
            try DatePatternFormatter.value(from: "the 23rd", userData: userData)
        }
    }

    /// The time zone applies to both patterns; a write pattern without a zone field writes the zone's wall clock.
    @Test func theTimeZoneAppliesToWritingToo() throws {
        let paris = DatePatternFormatter.UserData(
            format: "yyyy-MM-dd'T'HH:mm:ssZZZZZ",
            writeFormat: "dd.MM.yyyy HH:mm",
            timeZone: "Europe/Paris"
        )
        let moment = try DatePatternFormatter.value(from: "2009-11-23T12:05:00Z", userData: paris)
        #expect(try DatePatternFormatter.raw(from: moment, userData: paris) == "23.11.2009 13:05")
        let pattern = DatePatternFormatter.UserData(format: "E MMM d HH:mm:ss Z y", writeFormat: "yyyy-MM-dd")
        #expect(try RestKitPatternDateFormatter.raw(from: moment, userData: pattern) == "2009-11-23")
    }
}
