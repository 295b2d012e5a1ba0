import Foundation
import ModelRuntime
import Testing

enum AccountStatus: RawRepresentable, Codable, Hashable, Sendable, OpenEnumeration {
    case active
    /// A value the schema does not list, kept so that it encodes back unchanged.
    case undocumented(String)

    init(rawValue: String) {
        self = rawValue == "active" ? .active : .undocumented(rawValue)
    }

    var rawValue: String {
        switch self {
        case .active: "active"
        case .undocumented(let value): value
        }
    }

    var isDocumented: Bool {
        self == .active
    }
}

/// Synthesized `Codable`, as generated for a plain mapping.
struct Timeline: Codable, Hashable, Sendable {
    struct Settings: Codable, Hashable, Sendable {
        var theme: String
        var muted: Bool?
    }

    var owner: String
    var nickname: String?
    var status: AccountStatus
    @ISO8601Date var updated: Date
    @ISO8601Date var archived: Date?
    var tags: [String]?
    var settings: Settings?
    var tweets: [TweetModel]
}

/// Reads only key paths whose values may be absent.
private struct Handle: Codable {
    var name: String?
    var labels: [String: String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        name = try container.decodeIfPresent(String.self, at: ["user", "name"])
        labels = try container.decode([String: String].self, at: ["labels"], default: [:])
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        var user = container.nestedContainer(keyedBy: JSONKey.self, forKey: "user")
        try user.encodeIfPresent(name, forKey: "name")
        try container.encode(labels, forKey: "labels")
    }
}

private func report<T: Codable>(
    _ type: T.Type,
    _ json: String,
    decoder: JSONDecoder = JSONDecoder()
) throws -> DecodingReport {
    try DecodingReport.decode(type, from: Data(json.utf8), decoder: decoder).report
}

@Suite struct DecodingReportTests {
    private let fullTweet = #"""
        {"id_str": "1", "lat": 1.5, "long": 2.5, "lang": "en",
         "user": {"name": "Ann", "profile_image_url": "https://example.com/a.png", "profile_color": "1DA1F2"}}
        """#

    @Test func aPayloadMatchingTheModelGivesAnEmptyReport() throws {
        let json = """
            {"owner": "ann", "nickname": null, "status": "active", "updated": "2026-01-01T00:00:00Z", "archived": null,
             "tags": ["a"], "settings": {"theme": "dark", "muted": false}, "tweets": [\(fullTweet)]}
            """
        let (timeline, report) = try DecodingReport.decode(Timeline.self, from: Data(json.utf8))
        #expect(timeline.owner == "ann")
        #expect(timeline.tweets.first?.userName == "Ann")
        #expect(report.isEmpty)
        #expect(report.entries == [])
    }

    @Test func reportsDefaultsMissingOptionalsUnknownAndDroppedValuesByKeyPath() throws {
        let json = """
            {"owner": "ann", "status": "suspended", "updated": "2026-01-01T00:00:00Z", "beta": true,
             "settings": {"theme": "dark", "font": "large"},
             "tweets": [\(fullTweet),
               {"id_str": "2", "lat": 1, "long": 2, "lang": "tlh", "user": {"name": "Bo"}, "retweeted": false}]}
            """
        let timelineReport = try report(Timeline.self, json)
        #expect(!timelineReport.isEmpty)
        #expect(
            timelineReport.entries == [
                .init(kind: .missingOptional, keyPath: "archived"),
                .init(kind: .droppedValue, keyPath: "beta", value: true),
                .init(kind: .missingOptional, keyPath: "nickname"),
                .init(kind: .droppedValue, keyPath: "settings.font", value: "large"),
                .init(kind: .missingOptional, keyPath: "settings.muted"),
                .init(kind: .unknownValue, keyPath: "status", value: "suspended"),
                .init(kind: .missingOptional, keyPath: "tags"),
                .init(kind: .unknownValue, keyPath: "tweets[1].lang", value: "tlh"),
                .init(kind: .droppedValue, keyPath: "tweets[1].retweeted", value: false),
                .init(kind: .missingOptional, keyPath: "tweets[1].user.profile_color"),
                .init(
                    kind: .defaultApplied,
                    keyPath: "tweets[1].user.profile_image_url",
                    value: "https://example.com/default.png"
                ),
            ]
        )
    }

    @Test func anIntermediateObjectMissingFromThePayloadIsReportedKeyByKey() throws {
        let tweetReport = try report(TweetModel.self, #"{"id_str": "1", "lat": 1, "long": 2, "lang": "en"}"#)
        #expect(
            tweetReport.entries == [
                .init(kind: .missingOptional, keyPath: "user.name"),
                .init(kind: .missingOptional, keyPath: "user.profile_color"),
                .init(
                    kind: .defaultApplied,
                    keyPath: "user.profile_image_url",
                    value: "https://example.com/default.png"
                ),
            ]
        )
        #expect(
            try report(Handle.self, #"{}"#).entries == [
                .init(kind: .defaultApplied, keyPath: "labels", value: [:]),
                .init(kind: .missingOptional, keyPath: "user.name"),
            ]
        )
        #expect(try report(Handle.self, #"{"user": {"name": null}, "labels": {}}"#).isEmpty)
    }

    @Test func keyPathsStartAtTheRootAndIndexArrays() throws {
        #expect(
            try report([AccountStatus].self, #"["active", "closed"]"#).entries == [
                .init(kind: .unknownValue, keyPath: "[1]", value: "closed")
            ]
        )
        #expect(
            try report(AccountStatus.self, #""closed""#).entries == [
                .init(kind: .unknownValue, keyPath: "", value: "closed")
            ]
        )
    }

    @Test func usesTheGivenDecoderAndIgnoresValuesWrittenDifferently() throws {
        struct Event: Codable {
            var at: Date
            var note: String?
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let (event, report) = try DecodingReport.decode(
            Event.self,
            from: Data(#"{"at": "2026-01-01T00:00:00Z", "note": null}"#.utf8),
            decoder: decoder
        )
        #expect(event.at == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(report.isEmpty)
    }

    @Test func decodingErrorsPropagate() throws {
        #expect(throws: DecodingError.self) { try report(Timeline.self, #"{"owner": "ann"}"#) }
    }
}
