import Foundation
import GoldenCortexExport
import GoldenQueries
import ModelRuntime
import ModelRuntimeClient
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Golden tests: every query example of `Tests/../shared/fixtures/wire-formats.md`, built with the generated query API
/// of `GoldenQueries` and compared with the documented wire format byte for byte.
@Suite struct QueryWireFormatTests {
    // MARK: - Helpers

    static func date(_ iso: String) -> Date {
        guard let date = ISO8601DateCoding.date(from: iso) else { fatalError("not an ISO 8601 date: \(iso)") }
        return date
    }

    /// The query items as `(name, raw value)` pairs, in order.
    static func pairs(_ rendered: RenderedRequest) -> [Pair] {
        rendered.queryItems.map { Pair($0.name, $0.value) }
    }

    struct Pair: Equatable, CustomStringConvertible {
        var name: String
        var value: String?
        init(_ name: String, _ value: String?) {
            self.name = name
            self.value = value
        }
        var description: String { "\(name)=\(value ?? "<nil>")" }
    }

    /// Renders twice and checks that both renderings are the same bytes, then returns one.
    static func renderedTwice<Model>(
        _ query: Query<Model>,
        _ dialect: some QueryDialect,
        count: Bool = false
    ) throws -> RenderedRequest {
        let first = count ? try query.renderedCount(for: dialect) : try query.rendered(for: dialect)
        let second = count ? try query.renderedCount(for: dialect) : try query.rendered(for: dialect)
        #expect(first == second)
        #expect(first.percentEncodedQuery == second.percentEncodedQuery)
        #expect(first.body?.serialized == second.body?.serialized)
        let base = URL(string: "https://example.com/api")!
        #expect(try first.url(relativeTo: base).absoluteString == second.url(relativeTo: base).absoluteString)
        #expect(try first.urlRequest(relativeTo: base).httpBody == second.urlRequest(relativeTo: base).httpBody)
        return first
    }

    /// The query items read back from a URL, as a server would decode them.
    static func decodedItems(of url: URL) -> [Pair] {
        (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { Pair($0.name, $0.value) }
    }

    // MARK: - cortex

    static let cortexBase = URL(string: "https://api.dev.medable.com/example/v2")!

    /// `GET /c_things?where=…&sort=…&skip=100&limit=20&paths[]=c_name&paths[]=creator.name.first&include[]=c_optional&expand[]=c_owner`
    static var cortexExample: Query<Thing> {
        Thing.query
            .where { $0.created.gt(date("2015-01-01T00:00:00.000Z")).and($0.bpm.lte(70)) }
            .sort { [$0.bpm.descending, $0.id.ascending] }
            .skip(100)
            .limit(20)
            .paths { [$0.name, $0.creator.name.first] }
            .include { $0.optional }
            .expand { $0.owner }
    }

    static let cortexWhere = #"{"$and":[{"created":{"$gt":"2015-01-01T00:00:00.000Z"}},{"c_bpm":{"$lte":70}}]}"#

    @Test func cortexListRequest() throws {
        let rendered = try Self.renderedTwice(Self.cortexExample, .cortex)
        #expect(rendered.method == "GET")
        #expect(rendered.path == "/c_things")
        #expect(rendered.headers.isEmpty)
        #expect(rendered.body == nil)
        #expect(
            Self.pairs(rendered) == [
                Pair("where", Self.cortexWhere),
                Pair("sort", #"{"c_bpm":-1,"_id":1}"#),
                Pair("skip", "100"),
                Pair("limit", "20"),
                Pair("paths[]", "c_name"),
                Pair("paths[]", "creator.name.first"),
                Pair("include[]", "c_optional"),
                Pair("expand[]", "c_owner"),
            ]
        )
    }

    @Test func cortexPercentEncodedQueryAndURL() throws {
        let rendered = try Self.cortexExample.rendered(for: .cortex)
        let encodedWhere =
            "%7B%22%24and%22%3A%5B%7B%22created%22%3A%7B%22%24gt%22%3A%222015-01-01T00%3A00%3A00.000Z%22%7D%7D"
            + "%2C%7B%22c_bpm%22%3A%7B%22%24lte%22%3A70%7D%7D%5D%7D"
        let encodedSort = "%7B%22c_bpm%22%3A-1%2C%22_id%22%3A1%7D"
        let query =
            "where=\(encodedWhere)&sort=\(encodedSort)&skip=100&limit=20"
            + "&paths%5B%5D=c_name&paths%5B%5D=creator.name.first&include%5B%5D=c_optional&expand%5B%5D=c_owner"
        #expect(rendered.percentEncodedQuery == query)
        let url = try rendered.url(relativeTo: Self.cortexBase)
        #expect(url.absoluteString == "https://api.dev.medable.com/example/v2/c_things?" + query)
        // A trailing slash on the base URL makes no difference.
        #expect(try rendered.url(relativeTo: URL(string: "https://api.dev.medable.com/example/v2/")!) == url)
        #expect(try Self.cortexExample.url(relativeTo: Self.cortexBase, dialect: .cortex) == url)
        // The server decodes exactly the items that were rendered.
        #expect(Self.decodedItems(of: url) == Self.pairs(rendered))

        let request = try rendered.urlRequest(relativeTo: Self.cortexBase)
        #expect(request.httpMethod == "GET")
        #expect(request.url == url)
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func cortexSortKeepsTheOrderItsKeysWereGivenIn() throws {
        let reversed = try Thing.query.sort { [$0.id.ascending, $0.bpm.descending] }.rendered(for: .cortex)
        #expect(Self.pairs(reversed) == [Pair("sort", #"{"_id":1,"c_bpm":-1}"#)])
        // Keys added by separate `sort` calls follow one another.
        let chained = try Thing.query.sort { $0.bpm.descending }.sort { $0.id.ascending }.rendered(for: .cortex)
        #expect(Self.pairs(chained) == [Pair("sort", #"{"c_bpm":-1,"_id":1}"#)])
    }

    @Test func cortexSeparateWhereCallsOnDifferentKeysMergeIntoOneObject() throws {
        let rendered = try Thing.query
            .where { $0.created.gt(Self.date("2015-01-01T00:00:00.000Z")) }
            .where { $0.bpm.lte(70) }
            .rendered(for: .cortex)
        #expect(
            Self.pairs(rendered) == [
                Pair("where", #"{"created":{"$gt":"2015-01-01T00:00:00.000Z"},"c_bpm":{"$lte":70}}"#)
            ]
        )
    }

    @Test func cortexDatesAreISOStringsWithMillisecondsAndZ() throws {
        let rendered = try Thing.query.where { $0.created.gte(Self.date("2011-08-21T20:02:52.2491+02:00")) }
            .rendered(for: .cortex)
        #expect(Self.pairs(rendered) == [Pair("where", #"{"created":{"$gte":"2011-08-21T18:02:52.249Z"}}"#)])
    }

    @Test func cortexEmptyQueryListsEverything() throws {
        let rendered = try Self.renderedTwice(Thing.query, .cortex)
        #expect(rendered.path == "/c_things")
        #expect(rendered.queryItems.isEmpty)
        #expect(
            try rendered.url(relativeTo: Self.cortexBase).absoluteString
                == "https://api.dev.medable.com/example/v2/c_things"
        )
    }

    // MARK: - mia

    static let miaBase = URL(string: "https://example.mia-platform.eu/v2")!

    /// `GET /v2/plates/?_q=…&_p=name,price&_s=-price,registry.surname&_l=25&_sk=50&_st=PUBLIC,DRAFT`
    static var miaExample: Query<Plate> {
        Plate.query
            .where { $0.price.exists().and($0.name.regex("^V", options: .caseInsensitive)) }
            .paths { [$0.name, $0.price] }
            .sort { [$0.price.descending, $0.registry.surname.ascending] }
            .limit(25)
            .skip(50)
            .states(["PUBLIC", "DRAFT"])
    }

    static let miaFilter = #"{"$and":[{"price":{"$exists":true}},{"name":{"$regex":"^V","$options":"i"}}]}"#

    @Test func miaListRequest() throws {
        let rendered = try Self.renderedTwice(Self.miaExample, .mia)
        #expect(rendered.method == "GET")
        #expect(rendered.path == "/plates/")
        #expect(rendered.headers.isEmpty)
        #expect(rendered.body == nil)
        #expect(
            Self.pairs(rendered) == [
                Pair("_q", Self.miaFilter),
                Pair("_p", "name,price"),
                Pair("_s", "-price,registry.surname"),
                Pair("_l", "25"),
                Pair("_sk", "50"),
                Pair("_st", "PUBLIC,DRAFT"),
            ]
        )
    }

    @Test func miaPercentEncodedQueryAndURL() throws {
        let rendered = try Self.miaExample.rendered(for: .mia)
        let encodedFilter =
            "%7B%22%24and%22%3A%5B%7B%22price%22%3A%7B%22%24exists%22%3Atrue%7D%7D%2C%7B%22name%22%3A%7B%22%24regex"
            + "%22%3A%22%5EV%22%2C%22%24options%22%3A%22i%22%7D%7D%5D%7D"
        let query = "_q=\(encodedFilter)&_p=name%2Cprice&_s=-price%2Cregistry.surname&_l=25&_sk=50&_st=PUBLIC%2CDRAFT"
        #expect(rendered.percentEncodedQuery == query)
        let url = try rendered.url(relativeTo: Self.miaBase)
        #expect(url.absoluteString == "https://example.mia-platform.eu/v2/plates/?" + query)
        #expect(Self.decodedItems(of: url) == Self.pairs(rendered))
        let request = try Self.miaExample.urlRequest(relativeTo: Self.miaBase, dialect: .mia)
        #expect(request.httpMethod == "GET")
        #expect(request.url == url)
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "json-query-params-encoding") == nil)
    }

    @Test func miaPrefixConditionIsTheSameAnchoredRegex() throws {
        // `hasPrefix` is the literal way to write the example's `^V`.
        let rendered = try Plate.query
            .where { $0.price.exists().and($0.name.hasPrefix("V", options: .caseInsensitive)) }
            .rendered(for: .mia)
        #expect(Self.pairs(rendered) == [Pair("_q", Self.miaFilter)])
    }

    @Test func miaBase64EncodedQuery() throws {
        let dialect = MiaDialect(encodesQueryAsBase64: true)
        let rendered = try Self.renderedTwice(Self.miaExample, dialect)
        #expect(rendered.path == "/plates/")
        #expect(rendered.headers == ["json-query-params-encoding": "base64"])
        let base64Filter =
            "eyIkYW5kIjpbeyJwcmljZSI6eyIkZXhpc3RzIjp0cnVlfX0seyJuYW1lIjp7IiRyZWdleCI6Il5WIiwiJG9wdGlvbnMiOiJpIn19XX0="
        #expect(
            Self.pairs(rendered) == [
                Pair("_q", base64Filter),
                Pair("_p", "name,price"),
                Pair("_s", "-price,registry.surname"),
                Pair("_l", "25"),
                Pair("_sk", "50"),
                Pair("_st", "PUBLIC,DRAFT"),
            ]
        )
        // The base64 text decodes to the plain filter.
        let sent = try #require(rendered.queryItems.first?.value)
        let decoded = Data(base64Encoded: sent).map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(decoded == Self.miaFilter)
        // `=` padding is percent-encoded in the URL.
        #expect(
            rendered.percentEncodedQuery.hasPrefix("_q=" + String(base64Filter.dropLast()) + "%3D&_p=name%2Cprice&")
        )

        let request = try rendered.urlRequest(relativeTo: Self.miaBase)
        #expect(request.httpMethod == "GET")
        #expect(request.value(forHTTPHeaderField: "json-query-params-encoding") == "base64")
        #expect(request.httpBody == nil)
        let requestURL = try #require(request.url)
        #expect(Self.decodedItems(of: requestURL) == Self.pairs(rendered))
    }

    @Test func miaCountUsesTheSameFilters() throws {
        let rendered = try Self.renderedTwice(Self.miaExample, .mia, count: true)
        #expect(rendered.method == "GET")
        #expect(rendered.path == "/plates/count")
        // Only the filters: no projection, sort or page.
        #expect(Self.pairs(rendered) == [Pair("_q", Self.miaFilter), Pair("_st", "PUBLIC,DRAFT")])
        #expect(
            try rendered.url(relativeTo: Self.miaBase).absoluteString.hasPrefix(
                "https://example.mia-platform.eu/v2/plates/count?_q=%7B%22%24and%22"
            )
        )

        let base64 = try Self.miaExample.renderedCount(for: MiaDialect(encodesQueryAsBase64: true))
        #expect(base64.path == "/plates/count")
        #expect(base64.headers == ["json-query-params-encoding": "base64"])
        #expect(
            Self.pairs(base64) == [
                Pair(
                    "_q",
                    "eyIkYW5kIjpbeyJwcmljZSI6eyIkZXhpc3RzIjp0cnVlfX0seyJuYW1lIjp7IiRyZWdleCI6Il5WIiwiJG9wdGlvbnMiOiJpIn19XX0="
                ),
                Pair("_st", "PUBLIC,DRAFT"),
            ]
        )

        let everything = try Plate.query.renderedCount(for: .mia)
        #expect(everything.path == "/plates/count")
        #expect(everything.queryItems.isEmpty)
        #expect(
            try everything.url(relativeTo: Self.miaBase).absoluteString
                == "https://example.mia-platform.eu/v2/plates/count"
        )
    }

    // MARK: - parse

    static let parseBase = URL(string: "https://parse.example.com/parse")!

    /// `GET /parse/classes/GameScore?where=…&order=-points,playerName&limit=10&skip=20&keys=points,playerName,owner&include=owner`
    static var parseExample: Query<GameScore> {
        GameScore.query
            .where { $0.points.gte(5) }
            .where { $0.points.lte(10) }
            .where { $0.owner.eq("hello") }
            .sort { [$0.points.descending, $0.playerName.ascending] }
            .limit(10)
            .skip(20)
            .paths { [$0.points, $0.playerName] }
            .expand { $0.owner }
    }

    static let parseWhere =
        #"{"points":{"$gte":5,"$lte":10},"owner":{"__type":"Pointer","className":"Player","objectId":"hello"}}"#

    @Test func parseListRequest() throws {
        let rendered = try Self.renderedTwice(Self.parseExample, .parse)
        #expect(rendered.method == "GET")
        #expect(rendered.path == "/classes/GameScore")
        #expect(rendered.headers.isEmpty)
        #expect(rendered.body == nil)
        #expect(
            Self.pairs(rendered) == [
                Pair("where", Self.parseWhere),
                Pair("order", "-points,playerName"),
                Pair("limit", "10"),
                Pair("skip", "20"),
                Pair("keys", "points,playerName,owner"),
                Pair("include", "owner"),
            ]
        )
    }

    @Test func parsePercentEncodedQueryAndURL() throws {
        let rendered = try Self.parseExample.rendered(for: .parse)
        let encodedWhere =
            "%7B%22points%22%3A%7B%22%24gte%22%3A5%2C%22%24lte%22%3A10%7D%2C%22owner%22%3A%7B%22__type%22%3A%22Pointer"
            + "%22%2C%22className%22%3A%22Player%22%2C%22objectId%22%3A%22hello%22%7D%7D"
        let query =
            "where=\(encodedWhere)&order=-points%2CplayerName&limit=10&skip=20&keys=points%2CplayerName%2Cowner&include=owner"
        #expect(rendered.percentEncodedQuery == query)
        let url = try rendered.url(relativeTo: Self.parseBase)
        #expect(url.absoluteString == "https://parse.example.com/parse/classes/GameScore?" + query)
        #expect(Self.decodedItems(of: url) == Self.pairs(rendered))
        let request = try rendered.urlRequest(relativeTo: Self.parseBase)
        #expect(request.httpMethod == "GET")
        #expect(request.httpBody == nil)
    }

    @Test func parseLongQueryGoesAsPostWithMethodGET() throws {
        let dialect = ParseDialect(maximumURLLength: 64)
        let rendered = try Self.renderedTwice(Self.parseExample, dialect)
        #expect(rendered.method == "POST")
        #expect(rendered.path == "/classes/GameScore")
        #expect(rendered.queryItems.isEmpty)
        let body =
            #"{"_method":"GET","where":{"points":{"$gte":5,"$lte":10},"owner":{"__type":"Pointer","className":"Player","objectId":"hello"}},"#
            + #""order":"-points,playerName","limit":10,"skip":20,"keys":"points,playerName,owner","include":"owner"}"#
        #expect(rendered.body?.serialized == body)

        let request = try rendered.urlRequest(relativeTo: Self.parseBase)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://parse.example.com/parse/classes/GameScore")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.httpBody == Data(body.utf8))
        // The body is JSON a server reads back into the same members.
        let httpBody = try #require(request.httpBody)
        let object = try #require(try JSONSerialization.jsonObject(with: httpBody) as? [String: Any])
        #expect(object["_method"] as? String == "GET")
        #expect(object["limit"] as? Int == 10)
        #expect(object["skip"] as? Int == 20)
    }

    @Test func parseSwitchesToPostOnlyAboveTheMaximumURLLength() throws {
        let get = try Self.parseExample.rendered(for: .parse)
        // The limit counts the path, the `?` and the encoded query, plus the base URL's length.
        let length = get.path.count + 1 + get.percentEncodedQuery.count
        #expect(try Self.parseExample.rendered(for: ParseDialect(maximumURLLength: length)) == get)
        #expect(try Self.parseExample.rendered(for: ParseDialect(maximumURLLength: length - 1)).method == "POST")
        let baseLength = Self.parseBase.absoluteString.count
        #expect(
            try Self.parseExample.rendered(
                for: ParseDialect(maximumURLLength: length + baseLength, baseURLLength: baseLength)
            )
                == get
        )
        #expect(
            try Self.parseExample.rendered(
                for: ParseDialect(maximumURLLength: length + baseLength - 1, baseURLLength: baseLength)
            ).method == "POST"
        )
    }

    @Test func parseDatesAreDateObjects() throws {
        let when = Self.date("2011-08-21T18:02:52.249Z")
        let range = try Self.renderedTwice(GameScore.query.where { $0.playedAt.gte(when) }, .parse)
        #expect(
            Self.pairs(range) == [
                Pair("where", #"{"playedAt":{"$gte":{"__type":"Date","iso":"2011-08-21T18:02:52.249Z"}}}"#)
            ]
        )
        let equal = try GameScore.query.where { $0.playedAt.eq(when) }.rendered(for: .parse)
        #expect(
            Self.pairs(equal) == [Pair("where", #"{"playedAt":{"__type":"Date","iso":"2011-08-21T18:02:52.249Z"}}"#)]
        )
        // In a long query's body too.
        let post = try GameScore.query.where { $0.playedAt.lt(when) }.rendered(for: ParseDialect(maximumURLLength: 10))
        #expect(
            post.body?.serialized
                == #"{"_method":"GET","where":{"playedAt":{"$lt":{"__type":"Date","iso":"2011-08-21T18:02:52.249Z"}}}}"#
        )
        // Cortex and mia write the same date as a plain string.
        let mia = try Picturedata.query.where { $0.updatedAt.lt(when) }.rendered(for: .mia)
        #expect(Self.pairs(mia) == [Pair("_q", #"{"updatedAt":{"$lt":"2011-08-21T18:02:52.249Z"}}"#)])
    }

    @Test func parseCount() throws {
        let counted = GameScore.query.where { $0.playerName.eq("Sean Plott") }.limit(10).skip(20)
            .sort { $0.points.descending }
        let rendered = try Self.renderedTwice(counted, .parse, count: true)
        #expect(rendered.method == "GET")
        #expect(rendered.path == "/classes/GameScore")
        #expect(
            Self.pairs(rendered) == [
                Pair("where", #"{"playerName":"Sean Plott"}"#), Pair("count", "1"), Pair("limit", "0"),
            ]
        )
        #expect(
            try rendered.url(relativeTo: Self.parseBase).absoluteString
                == "https://parse.example.com/parse/classes/GameScore?where=%7B%22playerName%22%3A%22Sean%20Plott%22%7D&count=1&limit=0"
        )
        let all = try GameScore.query.renderedCount(for: .parse)
        #expect(Self.pairs(all) == [Pair("count", "1"), Pair("limit", "0")])
        // A long count goes as a POST too.
        let post = try counted.renderedCount(for: ParseDialect(maximumURLLength: 20))
        #expect(post.method == "POST")
        #expect(post.body?.serialized == #"{"_method":"GET","where":{"playerName":"Sean Plott"},"count":1,"limit":0}"#)
    }

    // MARK: - All dialects

    @Test func plusSignsInRegularExpressionsAreNeverReadAsSpaces() throws {
        let rendered = try Plate.query.where { $0.name.regex("a+ b") }.rendered(for: .mia)
        #expect(rendered.percentEncodedQuery == "_q=%7B%22name%22%3A%7B%22%24regex%22%3A%22a%2B%20b%22%7D%7D")
        #expect(
            Self.decodedItems(of: try rendered.url(relativeTo: Self.miaBase)) == [
                Pair("_q", #"{"name":{"$regex":"a+ b"}}"#)
            ]
        )
    }

    @Test func cortexWritesRegularExpressionsBetweenSlashes() throws {
        let rendered = try Thing.query.where { $0.name.regex("^V", options: [.caseInsensitive, .multiline]) }
            .rendered(for: .cortex)
        #expect(Self.pairs(rendered) == [Pair("where", #"{"c_name":{"$regex":"/^V/im"}}"#)])
    }

    /// Equality alone is written as the plain value; for a JSON object whose keys start with `$` that reads as
    /// operators, so it must keep `$eq`.
    @Test func equalityWithAJSONObjectStaysEquality() throws {
        let plain = try Clinic.query.where { $0.meta.eq(.object(["a": .int(1)])) }.rendered(for: .cortex)
        #expect(Self.pairs(plain) == [Pair("where", #"{"c_meta":{"a":1}}"#)])
        let dollar = try Clinic.query.where { $0.meta.eq(.object(["$gt": .int(1)])) }.rendered(for: .cortex)
        #expect(Self.pairs(dollar) == [Pair("where", #"{"c_meta":{"$eq":{"$gt":1}}}"#)])
    }
}
