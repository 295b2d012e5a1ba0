import Foundation
import ModelRuntime
import Testing

@Suite struct ObjectIDTests {
    @Test(arguments: [
        ("5516ee1b34d8d934281699e3", "5516ee1b34d8d934281699e3"),
        ("5516EE1B34D8D934281699E3", "5516ee1b34d8d934281699e3"),
        ("000000000000000000000000", "000000000000000000000000"),
        ("abcdefABCDEF0123456789ff", "abcdefabcdef0123456789ff"),
    ])
    func acceptsTwentyFourHexCharactersAndStoresThemLowercase(input: String, stored: String) throws {
        let id = try #require(ObjectID(input))
        #expect(id.description == stored)
        #expect(try ObjectID(validating: input) == id)
    }

    @Test(arguments: [
        ("", InvalidObjectIDError.Reason.wrongLength(0)),
        ("5516ee1b34d8d934281699e", .wrongLength(23)),
        ("5516ee1b34d8d934281699e3a", .wrongLength(25)),
        ("5516ee1b34d8d934281699g3", .invalidCharacter("g", offset: 22)),
        (" 5516ee1b34d8d934281699e3", .invalidCharacter(" ", offset: 0)),
        ("5516ee1b-4d8d934281699e3", .invalidCharacter("-", offset: 8)),
        ("5516ee1b34d8d934281699é3", .invalidCharacter("é", offset: 22)),
        ("５516ee1b34d8d934281699e3", .invalidCharacter("５", offset: 0)),
    ])
    func rejectsAnythingElseSayingWhy(input: String, reason: InvalidObjectIDError.Reason) {
        #expect(ObjectID(input) == nil)
        let error = #expect(throws: InvalidObjectIDError.self) { try ObjectID(validating: input) }
        #expect(error?.value == input)
        #expect(error?.reason == reason)
        #expect(error?.description.hasPrefix("\"\(input)\" is not an ObjectID") == true)
    }

    /// A rejected value's message can't end its quote, forge a log line, color a terminal or reorder the text around
    /// it: a quote, a backslash, a line break, an escape and a bidirectional override in the value, and a control
    /// character named as the one that isn't a digit, are written as escapes.
    @Test func aRejectedValuesMessageWritesWhatATerminalWouldActOnAsEscapes() {
        let forged = "ab\"c\n[ERROR] forged\u{1b}[31m\u{202e}x\\"
        let quote = #expect(throws: InvalidObjectIDError.self) { try ObjectID(validating: forged) }
        #expect(
            quote?.description
                == #""ab\"c\n[ERROR] forged\u{1b}[31m\u{202e}x\\" is not an ObjectID: "\"" at offset 2 is not a "#
                + "hexadecimal digit"
        )
        let bell = "012\u{07}" + String(repeating: "0", count: 20)
        let notADigit = #expect(throws: InvalidObjectIDError.self) { try ObjectID(validating: bell) }
        #expect(
            notADigit?.description
                == #""012\u{7}00000000000000000000" is not an ObjectID: "\u{7}" at offset 3 is not a hexadecimal digit"#
        )
        for message in [quote?.description, notADigit?.description] {
            #expect(message?.unicodeScalars.contains { $0.properties.generalCategory == .control } == false)
        }
    }

    @Test func comparesCaseInsensitivelyAndOrdersByCharacters() throws {
        let lower = try #require(ObjectID("5516ee1b34d8d934281699e3"))
        let upper = try #require(ObjectID("5516EE1B34D8D934281699E3"))
        let later = try #require(ObjectID("6516ee1b34d8d934281699e3"))
        #expect(lower == upper)
        #expect(Set([lower, upper, later]).count == 2)
        #expect([later, upper].sorted() == [lower, later])
        #expect(lower < later && !(later < lower))
    }

    @Test func timestampComesFromTheFirstFourBytes() throws {
        let id = try #require(ObjectID("5516ee1b34d8d934281699e3"))
        #expect(id.timestamp == Date(timeIntervalSince1970: 1_427_566_107))
    }

    @Test func losslessStringConversionRoundTrips() throws {
        let id = try #require(ObjectID("5516ee1b34d8d934281699e3"))
        #expect(ObjectID(String(describing: id)) == id)
        #expect("\(id)" == "5516ee1b34d8d934281699e3")
    }

    @Test func codesAsAJSONString() throws {
        let ids = try decode([ObjectID].self, from: #"["5516ee1b34d8d934281699e3", "5516EE1B34D8D934281699E4"]"#)
        #expect(ids.map(\.description) == ["5516ee1b34d8d934281699e3", "5516ee1b34d8d934281699e4"])
        #expect(try encodedJSON(ids) == ["5516ee1b34d8d934281699e3", "5516ee1b34d8d934281699e4"])
    }

    struct Owner: Decodable {
        struct Account: Decodable {
            var id: ObjectID
            enum CodingKeys: String, CodingKey { case id = "_id" }
        }
        var accounts: [Account]
    }

    @Test func invalidStringThrowsDataCorruptedWithPathAndValue() throws {
        let json = #"{"accounts": [{"_id": "5516ee1b34d8d934281699e3"}, {"_id": "not-an-id"}]}"#
        let error = try #require(throws: DecodingError.self) { try decode(Owner.self, from: json) }
        #expect(error.isDataCorrupted)
        #expect(pathDescription(error.context?.codingPath ?? []) == "accounts[1]._id")
        #expect(error.context?.debugDescription.contains("\"not-an-id\"") == true)
    }

    @Test func nonStringThrowsTypeMismatch() {
        #expect {
            try decode([ObjectID].self, from: "[12]")
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return pathDescription(context.codingPath) == "[0]"
        }
    }
}
