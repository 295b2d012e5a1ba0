import Foundation
import ModelRuntime
import Testing

/// A hand-written model that uses the wrapper with synthesized `Codable` (generated models convert their dates in
/// their own coding): wrapped dates, explicit `CodingKeys`.
private struct Visit: Codable, Hashable, Sendable {
    @ISO8601Date var start: Date
    @ISO8601Date var end: Date?
    @ISO8601Date var reminders: [Date]
    @ISO8601Date var reschedules: [Date]?
    var title: String

    enum CodingKeys: String, CodingKey {
        case start
        case end = "c_end"
        case reminders
        case reschedules
        case title
    }
}

@Suite struct ISO8601DateTests {
    private let start = Date(timeIntervalSince1970: 1_795_342_530.5)
    private let end = Date(timeIntervalSince1970: 1_795_346_130)

    @Test func decodesAllShapesWithAPlainDecoder() throws {
        let visit = try decode(
            Visit.self,
            from: """
                {"start": "2026-11-22T10:15:30.500Z", "c_end": "2026-11-22T12:15:30+01:00",
                 "reminders": ["2026-11-22T10:15:30.500Z", "2026-11-22T11:15:30Z"],
                 "reschedules": [], "title": "Checkup"}
                """
        )
        #expect(visit.start == start)
        #expect(visit.end == end)
        #expect(visit.reminders == [start, end])
        #expect(visit.reschedules == [])
        #expect(visit.title == "Checkup")
    }

    @Test(arguments: [
        #"{"start": "2026-11-22T10:15:30.500Z", "reminders": [], "title": "t"}"#,
        #"{"start": "2026-11-22T10:15:30.500Z", "c_end": null, "reminders": [], "reschedules": null, "title": "t"}"#,
    ])
    func missingOrNullOptionalsDecodeAsNil(json: String) throws {
        let visit = try decode(Visit.self, from: json)
        #expect(visit.end == nil)
        #expect(visit.reschedules == nil)
        #expect(visit.start == start)
    }

    @Test func encodingOmitsNilOptionalsLikePlainOptionals() throws {
        let visit = Visit(start: start, end: nil, reminders: [], reschedules: nil, title: "t")
        #expect(try encodedJSON(visit) == ["start": "2026-11-22T10:15:30.500Z", "reminders": [], "title": "t"])
    }

    @Test func encodesUTCStringsWithMilliseconds() throws {
        let visit = Visit(start: start, end: end, reminders: [end, start], reschedules: [start], title: "t")
        let expected: JSONValue = [
            "start": "2026-11-22T10:15:30.500Z", "c_end": "2026-11-22T11:15:30.000Z",
            "reminders": ["2026-11-22T11:15:30.000Z", "2026-11-22T10:15:30.500Z"],
            "reschedules": ["2026-11-22T10:15:30.500Z"], "title": "t",
        ]
        #expect(try encodedJSON(visit) == expected)
    }

    @Test func roundTripsAModel() throws {
        let json = """
            {"start": "1969-07-20T20:17:40.000Z", "c_end": "2026-11-22T11:15:30.123Z",
             "reminders": ["2000-02-29T00:00:00.000Z"], "reschedules": ["1900-01-01T00:00:00.000Z"], "title": "t"}
            """
        let visit = try decode(Visit.self, from: json)
        #expect(try encodedJSON(visit) == parsedJSON(json))
        #expect(try JSONDecoder().decode(Visit.self, from: JSONEncoder().encode(visit)) == visit)
    }

    @Test(arguments: [
        (#"{"start": "yesterday", "reminders": [], "title": "t"}"#, "start", "yesterday"),
        (
            #"{"start": "2026-11-22T10:15:30Z", "c_end": "2026-02-30T00:00:00Z", "reminders": [], "title": "t"}"#,
            "c_end", "2026-02-30T00:00:00Z"
        ),
        (
            #"{"start": "2026-11-22T10:15:30Z", "reminders": ["2026-11-22T10:15:30Z", "2026-11-22"], "title": "t"}"#,
            "reminders[1]", "2026-11-22"
        ),
        (
            #"{"start": "2026-11-22T10:15:30Z", "reminders": [], "reschedules": ["x"], "title": "t"}"#,
            "reschedules[0]", "x"
        ),
    ])
    func badDateStringThrowsDataCorruptedWithPathAndValue(json: String, path: String, value: String) throws {
        let error = try #require(throws: DecodingError.self) { try decode(Visit.self, from: json) }
        #expect(error.isDataCorrupted)
        #expect(pathDescription(error.context?.codingPath ?? []) == path)
        #expect(error.context?.debugDescription.contains("\"\(value)\"") == true)
    }

    @Test func missingRequiredDateThrowsKeyNotFound() {
        #expect {
            try decode(Visit.self, from: #"{"reminders": [], "title": "t"}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "start"
        }
    }

    @Test func nonStringDateThrowsTypeMismatch() {
        #expect {
            try decode(Visit.self, from: #"{"start": 1795342530, "reminders": [], "title": "t"}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return pathDescription(context.codingPath) == "start"
        }
    }

    @Test func memberwiseInitializerTakesPlainDatesAndDefaultsOptionalsToNil() {
        var visit = Visit(start: start, reminders: [start], title: "t")
        #expect(visit.start == start)
        #expect(visit.end == nil)
        #expect(visit.reschedules == nil)
        visit.end = end
        #expect(visit.end == end)
    }

    @Test func equalityAndHashingFollowTheDates() {
        let visit = Visit(start: start, end: end, reminders: [], title: "t")
        var moved = visit
        moved.start = end
        #expect(visit == Visit(start: start, end: end, reminders: [], title: "t"))
        #expect(visit != moved)
        #expect(Set([visit, visit, moved]).count == 2)
    }

    @Test func modelCrossesConcurrencyDomains() async {
        let visit = Visit(start: start, end: end, reminders: [start], title: "t")
        let copy = await Task.detached { visit }.value
        #expect(copy == visit)
    }

    @Test func wrapperCodesAsATopLevelValue() throws {
        let wrapped = try decode(ISO8601Date<Date>.self, from: #""2026-11-22T10:15:30.500Z""#)
        #expect(wrapped.wrappedValue == start)
        #expect(try encodedJSON(wrapped) == "2026-11-22T10:15:30.500Z")
        #expect(try encodedJSON(ISO8601Date<Date?>(wrappedValue: nil)) == .null)
    }
}
