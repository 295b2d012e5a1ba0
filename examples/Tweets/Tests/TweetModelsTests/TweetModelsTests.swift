import Foundation
import Testing
import TweetModels

/// AppCoreKit's tweet payloads decoded through models generated from tweetmodel.mappings.
@Suite struct TweetModelsTests {
    static func payload(_ name: String) throws -> Data {
        try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Payloads/\(name)")
        )
    }

    @Test func decodesATweet() throws {
        let tweet = try JSONDecoder().decode(TweetModel.self, from: Self.payload("tweet.json"))
        #expect(tweet.identifier == "240859602684612608")
        #expect(tweet.user.name == "Twitter API")
        #expect(tweet.user.imageUrl.absoluteString.hasSuffix("7df3h38zabcvjylnyfe3_normal.png"))
        #expect(tweet.coordinates == Coordinate(latitude: 35.46500176, longitude: -97.51087576))
    }

    @Test func flatCoordinatesComeThroughSelfAndTheImageTakesItsDefault() throws {
        let (tweet, report) = try DecodingReport.decode(
            TweetModel.self,
            from: Self.payload("tweet-flat-coordinates.json")
        )
        #expect(tweet.coordinates == Coordinate(latitude: -35.46500176, longitude: -97.51087576))
        #expect(tweet.user.imageUrl == URL(string: "https://si0.twimg.com/profile_images/1251071930/Untitled.png"))
        #expect(report.entries.map(\.keyPath) == ["user.profile_image_url"])
        let encoded = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(tweet))
        #expect(encoded["long"] == .double(-97.51087576))
        #expect(encoded["user"]?["name"] == "Twitter API")
    }

    @Test func aTimelineIsAnArrayOfTweets() throws {
        let tweet = try JSONDecoder().decode(JSONValue.self, from: Self.payload("tweet.json"))
        let timeline = try JSONDecoder().decode(
            TimelineModel.self,
            from: JSONEncoder().encode([tweet, tweet] as JSONValue)
        )
        #expect(timeline.tweets.count == 2)
    }
}
