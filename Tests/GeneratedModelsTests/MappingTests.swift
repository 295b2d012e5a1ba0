import Foundation
import GoldenBlog
import GoldenSupport
import GoldenThings
import GoldenTweets
import ModelRuntime
import Testing

/// AppCoreKit's `tweetmodel.mappings` used as given (`Tests/Goldens/Tweets`).
@Suite struct TweetMappingTests {
    @Test func decodesATweetWithNestedKeyPathsAndAnArrayOfCoordinates() throws {
        let tweet = try Fixtures.decode(TweetModel.self, from: "tweet.json")
        #expect(tweet.identifier == "240859602684612608")
        #expect(tweet.message.hasPrefix("Introducing the Twitter Certified Products Program"))
        #expect(tweet.user.name == "Twitter API")
        #expect(
            tweet.user.imageUrl
                == URL(string: "http://a0.twimg.com/profile_images/2284174872/7df3h38zabcvjylnyfe3_normal.png")
        )
        #expect(tweet.coordinates == Coordinate(latitude: 35.46500176, longitude: -97.51087576, layout: .array))
        #expect(try json(encoded(tweet)) == json(Fixtures.data("tweet.json")))
    }

    @Test func takesTheDefaultImageAndReadsCoordinatesFromSelfWithUserData() throws {
        let input = try Fixtures.data("tweet-flat-coordinates.json")
        let tweet = try JSONDecoder().decode(TweetModel.self, from: input)
        #expect(tweet.user.imageUrl == URL(string: "https://si0.twimg.com/profile_images/1251071930/Untitled.png"))
        #expect(tweet.coordinates == Coordinate(latitude: -35.46500176, longitude: -97.51087576, layout: .fields))

        // The same JSON back, plus the default the mapping filled in.
        guard case .object(var expected) = try json(input), case .object(var user) = expected["user"] else {
            Issue.record("the fixture is not an object with a user")
            return
        }
        user["profile_image_url"] = "https://si0.twimg.com/profile_images/1251071930/Untitled.png"
        expected["user"] = .object(user)
        #expect(try json(encoded(tweet)) == .object(expected))
    }

    @Test func theReportNamesTheDefaultItApplied() throws {
        let (tweet, report) = try DecodingReport.decode(
            TweetModel.self,
            from: Fixtures.data("tweet-flat-coordinates.json")
        )
        #expect(tweet.user.name == "Twitter API")
        #expect(
            report.entries == [
                .init(
                    kind: .defaultApplied,
                    keyPath: "user.profile_image_url",
                    value: "https://si0.twimg.com/profile_images/1251071930/Untitled.png"
                )
            ]
        )
        let (_, clean) = try DecodingReport.decode(TweetModel.self, from: Fixtures.data("tweet.json"))
        #expect(clean.isEmpty)
    }

    @Test func aTimelineIsTheArrayOfTweetsAtSelf() throws {
        let tweet = try json(Fixtures.data("tweet.json"))
        let flat = try json(Fixtures.data("tweet-flat-coordinates.json"))
        let payload = try encoded([tweet, flat] as JSONValue)
        let timeline = try JSONDecoder().decode(TimelineModel.self, from: payload)
        #expect(timeline.tweets.map(\.user.name) == ["Twitter API", "Twitter API"])
        #expect(timeline.tweets.map(\.coordinates.layout) == [.array, .fields])
        #expect(try roundTripped(timeline) == timeline)
    }

    @Test func aMissingRequiredValueNamesItsWholeKeyPath() throws {
        let payload = Data(#"{"id_str": "1", "text": "hi", "long": 1, "lat": 2, "user": {}}"#.utf8)
        #expect {
            try JSONDecoder().decode(TweetModel.self, from: payload)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return (context.codingPath.map(\.stringValue) + [key.stringValue]) == ["user", "name"]
        }
    }

    @Test func aFormatterFailureNamesTheProperty() throws {
        let payload = Data(#"{"id_str": "1", "text": "hi", "user": {"name": "n"}}"#.utf8)
        #expect {
            try JSONDecoder().decode(TweetModel.self, from: payload)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return "\(context.debugDescription) \(String(describing: context.underlyingError))".contains(
                "Coordinate2DFromDictionary"
            )
        }
    }
}

/// MMDataObject's TestThing: aliases, the lolify/unlolify pair and a `things` collection (`Tests/Goldens/Things`).
@Suite struct ThingMappingTests {
    static let payload = Data(
        #"""
        {"id": 1, "first_name": "Ben", "created_at": "2026-11-22T10:15:30.000Z",
         "things": [{"id": 2, "first_name": "Bob"}, {"id": 3, "things": []}]}
        """#.utf8
    )

    @Test func aliasesFormattersAndCollections() throws {
        let thing = try JSONDecoder().decode(TestThing.self, from: Self.payload)
        #expect(thing.id == 1)
        #expect(thing.name == "LOL!!!! Ben")
        #expect(thing.createdAt == ISO8601DateCoding.date(from: "2026-11-22T10:15:30.000Z"))
        #expect(thing.things?.map(\.name) == ["LOL!!!! Bob", nil])
        #expect(thing.things?.last?.things == [])
    }

    @Test func unlolifiesOnTheWayOut() throws {
        let thing = try JSONDecoder().decode(TestThing.self, from: Self.payload)
        #expect(try json(encoded(thing)) == json(Self.payload))
        let made = TestThing(id: 9, name: "LOL!!!! Ada")
        #expect(try json(encoded(made)) == ["id": 9, "first_name": "Ada"])
    }

    /// A formatted property decoded from `null` goes back as `null`, and one that was absent stays absent.
    @Test func aFormattedNullGoesBackAsNull() throws {
        let payload = Data(#"{"id": 1, "first_name": null, "things": [{"id": 2}]}"#.utf8)
        let thing = try JSONDecoder().decode(TestThing.self, from: payload)
        #expect(thing.name == nil && thing.things?.first?.name == nil)
        #expect(try json(encoded(thing)) == json(payload))
        #expect(try json(encoded(JSONValue(parsing: payload).decoded(as: TestThing.self))) == json(payload))
    }

    @Test func isListedAsTheObjectItRefines() {
        #expect(TestThing.apiName == "thing")
        #expect(TestThing.pluralName == "things")
    }
}

/// RestKit's response envelope and Mia-Platform's CRUD document (`Tests/Goldens/Blog`).
@Suite struct BlogMappingTests {
    @Test func decodesPostsThroughTheEnvelopesKeyPath() throws {
        let response = try Fixtures.decode(BlogPostsResponse.self, from: "restkit-blogposts.json")
        #expect(response.posts.map(\.id) == [1, 2])
        #expect(response.posts.map(\.text) == ["first post", "second post"])
        #expect(response.posts.first?.author.name == "lovely")
        #expect(response.posts.first?.createdAt == ISO8601DateCoding.date(from: "2013-10-01T09:00:00Z"))
        #expect(
            try json(encoded(response)).normalizingDates
                == json(Fixtures.data("restkit-blogposts.json")).normalizingDates
        )
    }

    @Test func decodesAMiaDocumentWithThePlatformsFields() throws {
        let input = try Fixtures.data("mia-picturedata.json")
        let picture = try JSONDecoder().decode(PictureData.self, from: input)
        #expect(picture.id == ObjectID("004b44b9182c19e2a1b2c3d4"))
        #expect(picture.username == "mario")
        #expect(picture.pictureName == "image51.jpg")
        #expect(picture.pictureDate == ISO8601DateCoding.date(from: "2014-03-22T17:05:40.351Z"))
        #expect(picture.flashMode == false)
        #expect(picture.creatorID == "public")
        #expect(picture.state == "PUBLIC")
        #expect(try json(encoded(picture)) == json(input))
    }
}

extension JSONValue {
    /// The same JSON with every ISO 8601 timestamp written one way, for payloads whose dates had no milliseconds.
    var normalizingDates: JSONValue {
        switch self {
        case .string(let text):
            ISO8601DateCoding.date(from: text).map { .string(ISO8601DateCoding.string(from: $0)) } ?? self
        case .array(let elements): .array(elements.map(\.normalizingDates))
        case .object(let fields): .object(fields.mapValues(\.normalizingDates))
        default: self
        }
    }
}
