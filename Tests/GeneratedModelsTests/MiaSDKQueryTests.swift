import Foundation
import GoldenQueries
import ModelRuntime
import Testing

/// Every query of Mia-Platform's iOS SDK documentation (`MIAQuery` and the CRUD framework's `QueryBuilder`/GET),
/// written with the generated API and rendered in the mia dialect. The expected `_q`, `_p`, `_s`, `_l`, `_sk` and `_rawp`
/// values are written by hand from the MongoDB semantics the SDK describes.
@Suite struct MiaSDKQueryTests {
    typealias Pair = QueryWireFormatTests.Pair

    static func items<Model>(_ query: Query<Model>, _ dialect: MiaDialect = .mia) throws -> [Pair] {
        let rendered = try query.rendered(for: dialect)
        #expect(rendered.method == "GET")
        #expect(rendered.path == "/\(Model.pluralName)/")
        #expect(try query.rendered(for: dialect) == rendered)
        return QueryWireFormatTests.pairs(rendered)
    }

    static func filter<Model>(_ query: Query<Model>) throws -> String? {
        let items = try Self.items(query)
        #expect(items.map(\.name) == ["_q"])
        return items.first?.value
    }

    /// `dateLastDownload`: the documentation's picture date, `2014-03-22 17:05:40.351`.
    static let dateLastDownload = QueryWireFormatTests.date("2014-03-22T17:05:40.351Z")
    static let dateText = "2014-03-22T17:05:40.351Z"

    // MARK: - CRUD framework: QueryBuilder and GET on `author`

    /// `QueryBuilder().or(queryBuilders: QueryBuilder().equals(key: "name", value: "Giovanni"),
    /// QueryBuilder().equals(key: "name", value: "Carlo"))`
    @Test func orOfEquals() throws {
        let expected = #"{"$or":[{"name":"Giovanni"},{"name":"Carlo"}]}"#
        #expect(try Self.filter(Author.query.where { $0.name.eq("Giovanni").or($0.name.eq("Carlo")) }) == expected)
        #expect(
            try Self.filter(Author.query.where { .any([$0.name.eq("Giovanni"), $0.name.eq("Carlo")]) }) == expected
        )
        let rendered = try Author.query.where { $0.name.eq("Giovanni").or($0.name.eq("Carlo")) }.rendered(for: .mia)
        #expect(rendered.path == "/author/")
        #expect(
            try rendered.url(relativeTo: URL(string: "https://example.mia-platform.eu/v2")!).absoluteString
                == "https://example.mia-platform.eu/v2/author/?_q=%7B%22%24or%22%3A%5B%7B%22name%22%3A%22Giovanni%22%7D"
                + "%2C%7B%22name%22%3A%22Carlo%22%7D%5D%7D"
        )
    }

    /// `get.limit(200)`, `get.skip(500)`, `get.limitProperties(["name","surname","age"])`,
    /// `get.sortBy(property: "age", descending: true)`.
    @Test func getParameters() throws {
        #expect(try Self.items(Author.query.limit(200)) == [Pair("_l", "200")])
        #expect(try Self.items(Author.query.skip(500)) == [Pair("_sk", "500")])
        #expect(
            try Self.items(Author.query.paths { [$0.name, $0.surname, $0.age] }) == [Pair("_p", "name,surname,age")]
        )
        #expect(try Self.items(Author.query.sort { $0.age.descending }) == [Pair("_s", "-age")])

        let all = Author.query
            .where { $0.name.eq("Giovanni").or($0.name.eq("Carlo")) }
            .limit(200)
            .skip(500)
            .paths { [$0.name, $0.surname, $0.age] }
            .sort { $0.age.descending }
        #expect(
            try Self.items(all) == [
                Pair("_q", #"{"$or":[{"name":"Giovanni"},{"name":"Carlo"}]}"#),
                Pair("_p", "name,surname,age"),
                Pair("_s", "-age"),
                Pair("_l", "200"),
                Pair("_sk", "500"),
            ]
        )
    }

    // MARK: - MIAQuery on `picturedata`

    /// `addFilterForKey:@"updatedAt" relatedBy:MIAQueryRelation… toObject:dateLastDownload`, one per relation.
    @Test func updatedAtComparisons() throws {
        let date = Self.dateLastDownload
        let d = Self.dateText
        #expect(try Self.filter(Picturedata.query.where { $0.updatedAt.gt(date) }) == #"{"updatedAt":{"$gt":"\#(d)"}}"#)
        #expect(
            try Self.filter(Picturedata.query.where { $0.updatedAt.gte(date) }) == #"{"updatedAt":{"$gte":"\#(d)"}}"#
        )
        #expect(try Self.filter(Picturedata.query.where { $0.updatedAt.lt(date) }) == #"{"updatedAt":{"$lt":"\#(d)"}}"#)
        #expect(
            try Self.filter(Picturedata.query.where { $0.updatedAt.lte(date) }) == #"{"updatedAt":{"$lte":"\#(d)"}}"#
        )
        // Equality alone is MongoDB's implicit `$eq`: the plain value.
        #expect(try Self.filter(Picturedata.query.where { $0.updatedAt.eq(date) }) == #"{"updatedAt":"\#(d)"}"#)
        #expect(try Self.filter(Picturedata.query.where { $0.updatedAt.ne(date) }) == #"{"updatedAt":{"$ne":"\#(d)"}}"#)
    }

    /// `query.limit = 10; addFilterForKey:@"updatedAt" relatedBy:MIAQueryRelationGreaterThan …;
    /// addSortKey:@"picturename" ascending:YES`
    @Test func findObjectsExample() throws {
        let query = Picturedata.query
            .limit(10)
            .where { $0.updatedAt.gt(Self.dateLastDownload) }
            .sort { $0.picturename.ascending }
        #expect(
            try Self.items(query) == [
                Pair("_q", #"{"updatedAt":{"$gt":"2014-03-22T17:05:40.351Z"}}"#),
                Pair("_s", "picturename"),
                Pair("_l", "10"),
            ]
        )
    }

    /// `containedInArray`, `notContainedInArray` on `picturename`; `containsAllObjectsInArray` on an array field.
    @Test func listConditions() throws {
        let names = ["image51.png", "image52.png"]
        #expect(
            try Self.filter(Picturedata.query.where { $0.picturename.in(names) })
                == #"{"picturename":{"$in":["image51.png","image52.png"]}}"#
        )
        #expect(
            try Self.filter(Picturedata.query.where { $0.picturename.notIn(names) })
                == #"{"picturename":{"$nin":["image51.png","image52.png"]}}"#
        )
        // "the field key must be an array": `keywords` is one.
        #expect(
            try Self.filter(Picturedata.query.where { $0.keywords.containsAll(names) })
                == #"{"keywords":{"$all":["image51.png","image52.png"]}}"#
        )
        // One element of an array field: MongoDB's implicit match of any element.
        #expect(try Self.filter(Picturedata.query.where { $0.keywords.contains("sea") }) == #"{"keywords":"sea"}"#)
    }

    /// `whereHasPrefix:@"mar"`, `whereHasSuffix:@"mar"`. The suffix is anchored at the true end of the string with
    /// `(?![\s\S])`: MongoDB's `$` also matches before a final line break.
    @Test func prefixAndSuffix() throws {
        #expect(
            try Self.filter(Picturedata.query.where { $0.username.hasPrefix("mar") })
                == #"{"username":{"$regex":"^mar"}}"#
        )
        #expect(
            try Self.filter(Picturedata.query.where { $0.username.hasSuffix("mar") })
                == #"{"username":{"$regex":"mar(?![\\s\\S])"}}"#
        )
        // Case-insensitivity applies; options that would change what the anchors or the literal mean do not.
        #expect(
            try Self.filter(
                Picturedata.query.where { $0.username.hasPrefix("mar", options: [.caseInsensitive, .multiline]) }
            )
                == #"{"username":{"$regex":"^mar","$options":"i"}}"#
        )
        #expect(
            try Self.filter(
                Picturedata.query.where {
                    $0.username.hasSuffix("mar", options: [.extended, .dotMatchesLineSeparators])
                }
            )
                == #"{"username":{"$regex":"mar(?![\\s\\S])"}}"#
        )
    }

    /// A prefix or suffix is literal text: regular expression metacharacters in it are escaped.
    @Test func prefixAndSuffixEscapeMetacharacters() throws {
        // JSON doubles each backslash: the pattern is `^a\.b\*`.
        #expect(
            try Self.filter(Picturedata.query.where { $0.username.hasPrefix("a.b*") })
                == #"{"username":{"$regex":"^a\\.b\\*"}}"#
        )
        #expect(
            try Self.filter(Picturedata.query.where { $0.username.hasSuffix("(x)+$") })
                == #"{"username":{"$regex":"\\(x\\)\\+\\$(?![\\s\\S])"}}"#
        )

        // The escaped patterns match the literal text and nothing else.
        func matches(_ condition: Condition<Picturedata>, _ text: String) throws -> Bool {
            guard case .field(_, .regex(let pattern, _)) = condition.node else {
                Issue.record("not a regex condition: \(condition.node)")
                return false
            }
            let regex = try NSRegularExpression(pattern: pattern)
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        let fields = Picturedata.Fields<Picturedata>(.root)
        let tricky = #"\^$.|?*+()[]{}/-"#
        #expect(try matches(fields.username.hasPrefix("a.b*"), "a.b*c"))
        #expect(try !matches(fields.username.hasPrefix("a.b*"), "axbbbc"))
        #expect(try !matches(fields.username.hasPrefix("a.b*"), "za.b*"))
        #expect(try matches(fields.username.hasSuffix("(x)+$"), "y(x)+$"))
        #expect(try !matches(fields.username.hasSuffix("(x)+$"), "xx"))
        #expect(try matches(fields.username.hasSuffix("mar"), "omar"))
        #expect(try !matches(fields.username.hasSuffix("mar"), "omar\n"))
        #expect(try matches(fields.username.hasPrefix(tricky), tricky + "tail"))
        #expect(try matches(fields.username.hasSuffix(tricky), "head" + tricky))
        #expect(try !matches(fields.username.hasPrefix(tricky), "x" + tricky))
    }

    /// Several constraints must all hold: one filter object, conditions on one key merged.
    @Test func constraintsCombineAsAnd() throws {
        let later = QueryWireFormatTests.date("2014-04-22T17:05:40.351Z")
        let query = Picturedata.query
            .where { $0.updatedAt.gt(Self.dateLastDownload) }
            .where { $0.updatedAt.lt(later) }
            .where { $0.picturename.in(["image51.png", "image52.png"]) }
            .where { $0.username.hasPrefix("mar") }
        #expect(
            try Self.filter(query)
                == #"{"updatedAt":{"$gt":"2014-03-22T17:05:40.351Z","$lt":"2014-04-22T17:05:40.351Z"},"#
                + #""picturename":{"$in":["image51.png","image52.png"]},"username":{"$regex":"^mar"}}"#
        )
        // A prefix and a suffix on the same key cannot share one object (two `$regex`): each keeps its own.
        let both = Picturedata.query.where { $0.username.hasPrefix("mar") }.where { $0.username.hasSuffix("io") }
        #expect(
            try Self.filter(both)
                == #"{"$and":[{"username":{"$regex":"^mar"}},{"username":{"$regex":"io(?![\\s\\S])"}}]}"#
        )
    }

    /// `query.limit = 100` ("The maximum is 500"), `query.skip = 100`.
    @Test func limitAndSkip() throws {
        #expect(try Self.items(Picturedata.query.limit(100)) == [Pair("_l", "100")])
        #expect(try Self.items(Picturedata.query.skip(100)) == [Pair("_sk", "100")])
        let capped = MiaDialect(maximumLimit: 500)
        #expect(try Self.items(Picturedata.query.limit(500), capped) == [Pair("_l", "500")])
        #expect(throws: QueryError("a limit of 501 is above mia's maximum of 500")) {
            try Picturedata.query.limit(501).rendered(for: capped)
        }
    }

    /// `addSortKey:@"picturename" ascending:YES` and `…ascending:NO`.
    @Test func sortKeys() throws {
        #expect(try Self.items(Picturedata.query.sort { $0.picturename.ascending }) == [Pair("_s", "picturename")])
        #expect(try Self.items(Picturedata.query.sort { $0.picturename.descending }) == [Pair("_s", "-picturename")])
        // Several keys keep their order.
        #expect(
            try Self.items(Picturedata.query.sort { [$0.updatedAt.descending, $0.picturename.ascending] })
                == [Pair("_s", "-updatedAt,picturename")]
        )
    }

    /// `includeKeysInResults:@[@"picturename",@"username"]` and `excludeKeysFromResults:…`.
    @Test func projections() throws {
        #expect(
            try Self.items(Picturedata.query.paths { [$0.picturename, $0.username] })
                == [Pair("_p", "picturename,username")]
        )
        // Mia's `_p` cannot leave fields out; the raw MongoDB projection `_rawp` can.
        #expect(
            try Self.items(Picturedata.query.excluding { [$0.picturename, $0.username] })
                == [Pair("_rawp", #"{"picturename":0,"username":0}"#)]
        )
        let rendered = try Picturedata.query.excluding { [$0.picturename, $0.username] }.rendered(for: .mia)
        #expect(rendered.percentEncodedQuery == "_rawp=%7B%22picturename%22%3A0%2C%22username%22%3A0%7D")
    }
}
