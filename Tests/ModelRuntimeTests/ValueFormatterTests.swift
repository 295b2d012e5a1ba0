import Foundation
import ModelRuntime
import Testing

/// Multiplies by the user data's factor when decoding and divides when encoding; a zero factor fails.
enum ScaledFormatter: ValueFormatter {
    struct UserData: Decodable, Sendable {
        var factor: Double
    }

    static func value(from raw: Double, userData: UserData) throws -> Double {
        guard userData.factor != 0 else { throw FormatterFailure(reason: "factor is zero") }
        return raw * userData.factor
    }

    static func raw(from value: Double, userData: UserData) throws -> Double {
        guard userData.factor != 0 else { throw FormatterFailure(reason: "factor is zero") }
        return value / userData.factor
    }
}

/// Uses the formatter helpers not covered by `TweetModel`; the factor comes from `userInfo`.
private struct Reading: Codable, Equatable {
    static let factorKey = CodingUserInfoKey(rawValue: "factor")!

    var value: Double
    var offset: Double
    var peak: Double?
    var color: Color
    var tint: Color

    init(value: Double, offset: Double, peak: Double?, color: Color, tint: Color) {
        self.value = value
        self.offset = offset
        self.peak = peak
        self.color = color
        self.tint = tint
    }

    private static func userData(_ userInfo: [CodingUserInfoKey: Any]) -> ScaledFormatter.UserData {
        .init(factor: userInfo[factorKey] as? Double ?? 10)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let userData = Self.userData(decoder.userInfo)
        value = try container.decode(at: ["sensor", "value"], formatter: ScaledFormatter.self, userData: userData)
        offset = try container.decode(at: ["offset"], formatter: ScaledFormatter.self, userData: userData, default: -1)
        peak = try container.decodeIfPresent(
            at: ["sensor", "peak"],
            formatter: ScaledFormatter.self,
            userData: userData
        )
        color = try container.decode(at: ["color"], formatter: HexColorFormatter.self)
        tint = try container.decode(
            at: ["tint"],
            formatter: HexColorFormatter.self,
            default: Color(red: 0, green: 0, blue: 0)
        )
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        let userData = Self.userData(encoder.userInfo)
        var sensor = container.nestedContainer(keyedBy: JSONKey.self, forKey: "sensor")
        try sensor.encode(value, forKey: "value", formatter: ScaledFormatter.self, userData: userData)
        try sensor.encodeIfPresent(peak, forKey: "peak", formatter: ScaledFormatter.self, userData: userData)
        try container.encode(offset, forKey: "offset", formatter: ScaledFormatter.self, userData: userData)
        try container.encode(color, forKey: "color", formatter: HexColorFormatter.self)
        try container.encode(tint, forKey: "tint", formatter: HexColorFormatter.self)
    }
}

/// Writes a formatter's raw value into its own object with `SelfCoding`, whatever that raw value is.
private struct SelfScaled: Encodable {
    var value: Double

    func encode(to encoder: any Encoder) throws {
        try SelfCoding.encode(value, to: encoder, formatter: ScaledFormatter.self, userData: .init(factor: 1))
    }
}

@Suite struct ValueFormatterTests {
    private let red = Color(red: 0xFF, green: 0, blue: 0)
    private let blue = Color(red: 0x1D, green: 0xA1, blue: 0xF2)

    @Test func convertsOnDecodingWithUserDataDefaultsAndOptionals() throws {
        let reading = try decode(Reading.self, from: #"{"sensor": {"value": 2.5}, "color": "FF0000"}"#)
        #expect(
            reading == Reading(value: 25, offset: -1, peak: nil, color: red, tint: Color(red: 0, green: 0, blue: 0))
        )

        let full = try decode(
            Reading.self,
            from: #"{"sensor": {"value": 2.5, "peak": 3}, "offset": 0.5, "color": "FF0000", "tint": "1DA1F2"}"#
        )
        #expect(full == Reading(value: 25, offset: 5, peak: 30, color: red, tint: blue))
    }

    @Test func convertsBackOnEncodingAndOmitsNil() throws {
        let reading = Reading(value: 25, offset: 5, peak: nil, color: red, tint: blue)
        let expected: JSONValue = ["sensor": ["value": 2.5], "offset": 0.5, "color": "FF0000", "tint": "1DA1F2"]
        #expect(try encodedJSON(reading) == expected)
    }

    @Test func decodingErrorsAreWrappedWithTheKeyPath() throws {
        let json = #"[{"sensor": {"value": 1}, "color": "FF0000"}]"#
        let decoder = JSONDecoder()
        decoder.userInfo[Reading.factorKey] = 0.0
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode([Reading].self, from: Data(json.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(pathDescription(context.codingPath) == "[0].sensor.value")
        #expect(context.debugDescription.contains("ScaledFormatter"))
        #expect(context.debugDescription.contains("'[0].sensor.value'"))
        #expect(context.underlyingError as? FormatterFailure == FormatterFailure(reason: "factor is zero"))
    }

    @Test func aFormatterFailingOnADefaultedKeyIsWrappedToo() throws {
        let error = try #require(throws: DecodingError.self) {
            try decode(Reading.self, from: #"{"sensor": {"value": 1}, "color": "FF0000", "tint": "blue"}"#)
        }
        #expect(error.isDataCorrupted)
        #expect(pathDescription(error.context?.codingPath ?? []) == "tint")
        #expect(
            error.context?.underlyingError as? FormatterFailure == FormatterFailure(reason: "not a hex color: blue")
        )
    }

    @Test func nullForADefaultedFormattedKeyIsRejected() throws {
        let error = try #require(throws: DecodingError.self) {
            try decode(Reading.self, from: #"{"sensor": {"value": 1}, "color": "FF0000", "offset": null}"#)
        }
        guard case .valueNotFound(_, let context) = error else {
            Issue.record("expected valueNotFound, got \(error)")
            return
        }
        #expect(pathDescription(context.codingPath) == "offset")
    }

    @Test func encodingErrorsAreWrappedWithTheKeyPath() throws {
        let encoder = JSONEncoder()
        encoder.userInfo[Reading.factorKey] = 0.0
        let reading = Reading(value: 25, offset: 5, peak: nil, color: red, tint: blue)
        let error = try #require(throws: EncodingError.self) { try encoder.encode(reading) }
        guard case .invalidValue(let value, let context) = error else {
            Issue.record("expected invalidValue, got \(error)")
            return
        }
        #expect(value as? Double == 25)
        #expect(pathDescription(context.codingPath) == "sensor.value")
        #expect(context.debugDescription.contains("ScaledFormatter"))
        #expect(context.underlyingError as? FormatterFailure == FormatterFailure(reason: "factor is zero"))
    }

    @Test func selfFormatterReadsTheEnclosingObjectAndMergesIntoIt() throws {
        let json = #"""
            {"id_str": "1", "lat": 48.5, "long": 2.25, "lang": "fr",
             "user": {"name": "Ann", "profile_image_url": "https://example.com/ann.png", "profile_color": "1DA1F2"}}
            """#
        let tweet = try decode(TweetModel.self, from: json)
        #expect(tweet.coordinate == Coordinate(latitude: 48.5, longitude: 2.25))
        #expect(tweet.profileColor == blue)
        #expect(try encodedJSON(tweet) == parsedJSON(json))
    }

    @Test func selfFormatterErrorsAreWrappedAtTheObjectsPath() throws {
        let error = try #require(throws: DecodingError.self) {
            try decode([TweetModel].self, from: #"[{"id_str": "1", "lat": 1, "lang": "fr"}]"#)
        }
        #expect(error.isDataCorrupted)
        #expect(pathDescription(error.context?.codingPath ?? []) == "[0]")
        #expect(error.context?.debugDescription.contains("CoordinateFormatter") == true)
        #expect(error.context?.underlyingError as? FormatterFailure == FormatterFailure(reason: "no lat/long"))

        var tweet = try decode(TweetModel.self, from: #"{"id_str": "1", "lat": 1, "long": 2, "lang": "fr"}"#)
        tweet.coordinate.latitude = .infinity
        let encodingError = try #require(throws: EncodingError.self) { try JSONEncoder().encode(["t": tweet]) }
        guard case .invalidValue(_, let context) = encodingError else {
            Issue.record("expected invalidValue, got \(encodingError)")
            return
        }
        #expect(pathDescription(context.codingPath) == "t")
        #expect(context.underlyingError as? FormatterFailure == FormatterFailure(reason: "latitude is not finite"))
    }

    @Test func selfFormatterMustProduceAnObject() throws {
        let error = try #require(throws: EncodingError.self) { try JSONEncoder().encode(SelfScaled(value: 2)) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected invalidValue, got \(error)")
            return
        }
        #expect(context.debugDescription.contains("must produce a JSON object"))
    }

    @Test(arguments: ["null", "{}", #"{"a": [1, true]}"#, "[]", #""text""#, "3"])
    func noUserDataDecodesFromAnyJSON(json: String) throws {
        #expect(try parsedJSON(json).decoded(as: NoUserData.self) == NoUserData())
    }

    @Test func userDataFromTheMappingFileDecodesTyped() throws {
        let userData = try JSONValue.object(["factor": 2.5, "unused": true]).decoded(as: ScaledFormatter.UserData.self)
        #expect(userData.factor == 2.5)
        #expect(throws: DecodingError.self) { try JSONValue.object([:]).decoded(as: ScaledFormatter.UserData.self) }
    }
}
