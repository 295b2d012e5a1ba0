import Foundation
import ModelRuntime
import Testing

/// The formatters that models imported from RestKit read their values with: what RestKit's mapping operation and
/// default date formatters accepted, and what each writes back.
@Suite struct RestKitValueFormatterTests {
    private let none = NoUserData()

    @Test func numbersSentAsTextReadAsNumbers() throws {
        #expect(try LenientDoubleFormatter.value(from: "-122.1417778333", userData: none) == -122.1417778333)
        #expect(try LenientDoubleFormatter.value(from: " 37.62412 ", userData: none) == 37.62412)
        #expect(try LenientDoubleFormatter.value(from: 3, userData: none) == 3)
        #expect(try LenientIntFormatter.value(from: "4985528", userData: none) == 4_985_528)
        #expect(try LenientIntFormatter.value(from: "-7", userData: none) == -7)
        #expect(try LenientIntFormatter.value(from: 12, userData: none) == 12)
    }

    @Test func aFractionIntoAnIntIsTruncatedAsRestKitStoredIt() throws {
        #expect(try LenientIntFormatter.value(from: 3.7, userData: none) == 3)
        #expect(try LenientIntFormatter.value(from: "-3.7", userData: none) == -3)
        #expect(throws: UnconvertibleValue.self) { try LenientIntFormatter.value(from: 1e300, userData: none) }
    }

    @Test func booleanWordsInEveryCaseReadAsBooleans() throws {
        for word in ["true", "T", "Yes", "y"] {
            #expect(try LenientBoolFormatter.value(from: .string(word), userData: none))
            #expect(try LenientIntFormatter.value(from: .string(word), userData: none) == 1)
        }
        for word in ["false", "F", "NO", "n"] {
            #expect(try !LenientBoolFormatter.value(from: .string(word), userData: none))
            #expect(try LenientDoubleFormatter.value(from: .string(word), userData: none) == 0)
        }
        #expect(try LenientBoolFormatter.value(from: 1, userData: none))
        #expect(try !LenientBoolFormatter.value(from: "0", userData: none))
        #expect(try LenientBoolFormatter.value(from: true, userData: none))
        #expect(try LenientIntFormatter.value(from: true, userData: none) == 1)
    }

    @Test func textThatSpellsNothingThrows() {
        #expect(throws: UnconvertibleValue.self) { try LenientIntFormatter.value(from: "twelve", userData: none) }
        #expect(throws: UnconvertibleValue.self) { try LenientDoubleFormatter.value(from: "nan", userData: none) }
        #expect(throws: UnconvertibleValue.self) { try LenientBoolFormatter.value(from: "maybe", userData: none) }
        #expect(throws: UnconvertibleValue.self) { try LenientDoubleFormatter.value(from: [1], userData: none) }
        #expect(throws: UnconvertibleValue.self) { try LenientStringFormatter.value(from: [:], userData: none) }
    }

    @Test func aNumberOrABooleanIntoAStringIsItsSpelling() throws {
        #expect(try LenientStringFormatter.value(from: 44845, userData: none) == "44845")
        #expect(try LenientStringFormatter.value(from: 3.0, userData: none) == "3")
        #expect(try LenientStringFormatter.value(from: 2.5, userData: none) == "2.5")
        #expect(try LenientStringFormatter.value(from: false, userData: none) == "false")
        #expect(try LenientStringFormatter.value(from: "Willet", userData: none) == "Willet")
    }

    @Test func encodingWritesTheModelsOwnKindOfValue() throws {
        #expect(try LenientIntFormatter.raw(from: 4, userData: none) == .int(4))
        #expect(try LenientDoubleFormatter.raw(from: 37.5, userData: none) == .double(37.5))
        #expect(try LenientBoolFormatter.raw(from: true, userData: none) == .bool(true))
        #expect(try LenientStringFormatter.raw(from: "7", userData: none) == .string("7"))
    }

    // MARK: Dates

    private func date(_ raw: JSONValue) throws -> Date {
        try RestKitDateFormatter.value(from: raw, userData: NoUserData())
    }

    private func date(_ raw: JSONValue, _ userData: DatePatternFormatter.UserData) throws -> Date {
        try RestKitPatternDateFormatter.value(from: raw, userData: userData)
    }

    private func utc(_ iso: String) -> Date {
        ISO8601DateCoding.date(from: iso)!
    }

    @Test func restKitsDefaultDateFormsRead() throws {
        #expect(try date("2017-01-21T23:40:56.000Z") == utc("2017-01-21T23:40:56Z"))
        #expect(try date("2017-01-21T15:40:56-08:00") == utc("2017-01-21T23:40:56Z"))
        #expect(try date("2017-01-21T23:40:56") == utc("2017-01-21T23:40:56Z"))
        #expect(try date("2017-01-21") == utc("2017-01-21T00:00:00Z"))
        #expect(try date("01/21/2017") == utc("2017-01-21T00:00:00Z"))
        #expect(try date("Sat, 21 Jan 2017 23:40:56 GMT") == utc("2017-01-21T23:40:56Z"))
        #expect(try date("Sat Jan 21 23:40:56 2017") == utc("2017-01-21T23:40:56Z"))
    }

    @Test func aUnixTimestampReadsAsANumberOrAsText() throws {
        #expect(try date(1_485_042_056) == utc("2017-01-21T23:40:56Z"))
        #expect(try date(1_485_042_056.5) == utc("2017-01-21T23:40:56.500Z"))
        #expect(try date("1485042056") == utc("2017-01-21T23:40:56Z"))
    }

    @Test func theAppsPatternComesFirstAndTheDefaultsStillRead() throws {
        let twitter = DatePatternFormatter.UserData(format: "E MMM d HH:mm:ss Z y")
        #expect(try date("Sat Jan 21 23:40:56 +0000 2017", twitter) == utc("2017-01-21T23:40:56Z"))
        #expect(try date("2017-01-21T23:40:56Z", twitter) == utc("2017-01-21T23:40:56Z"))
        let paris = DatePatternFormatter.UserData(format: "yyyy-MM-dd", timeZone: "Europe/Paris")
        #expect(try date("2017-01-21", paris) == utc("2017-01-20T23:00:00Z"))
    }

    @Test func aValueInNoFormThrows() {
        #expect(throws: RestKitDateFormatter.UnreadableDate.self) { try date("someday") }
        #expect(throws: RestKitDateFormatter.UnreadableDate.self) { try date("2017-01-21T23:40") }
        #expect(throws: RestKitDateFormatter.UnreadableDate.self) { try date(true) }
    }

    @Test func encodingWritesISO8601OrTheAppsPattern() throws {
        let moment = utc("2017-01-21T23:40:56Z")
        #expect(try RestKitDateFormatter.raw(from: moment, userData: NoUserData()) == "2017-01-21T23:40:56.000Z")
        let twitter = DatePatternFormatter.UserData(format: "E MMM d HH:mm:ss Z y")
        #expect(
            try RestKitPatternDateFormatter.raw(from: moment, userData: twitter) == "Sat Jan 21 23:40:56 +0000 2017"
        )
    }
}
