import Foundation
import GoldenParse
import GoldenRealMia
import ModelRuntime
import Testing

// The operators beyond comparisons, built with generated query APIs (Parse's PlaceObject, GameScore, Game and Player;
// crud-service's books) and compared with each backend's documented wire form: Parse's REST guide
// (parse-community/docs @ fb6e96b541f541f86b7c5d9dda443b148d0ae601 : _includes/rest/geopoints.md and queries.md),
// parse-server's MongoTransform.js and RestQuery.js, and crud-service's QueryParser.js (`castNearSphere`,
// `traverseTextSearchQuery`) @ bd427899a7d7b52090203447a868f889b1e559ef.

/// The `where` (Parse) or `_q` (Mia) a query renders to.
func filter<Model>(_ query: Query<Model>, _ dialect: some QueryDialect) throws -> String? {
    let name = dialect is ParseDialect ? "where" : "_q"
    return try query.rendered(for: dialect).queryItems.first { $0.name == name }?.value
}

/// The message of the error rendering `query` throws, or nil when it renders.
private func refusal<Model>(_ query: Query<Model>, _ dialect: some QueryDialect) -> String? {
    do {
        _ = try query.rendered(for: dialect)
        return nil
    } catch {
        return "\(error)"
    }
}

@Suite struct GeoTextRelationalQueryTests {
    static let here = ParseGeoPoint(latitude: 30, longitude: -20)

    // MARK: - Parse: geo

    /// The guide's "ten places closest to a user", with a maximum distance; kilometers are what Parse Server
    /// divides by the Earth's 6,371 km radius.
    @Test func parseNearSphereWithAMaximumDistance() throws {
        let near = PlaceObject.query.where { $0.location.nearSphere(Self.here) }.limit(10)
        #expect(
            try filter(near, .parse)
                == #"{"location":{"$nearSphere":{"__type":"GeoPoint","latitude":30,"longitude":-20}}}"#
        )
        // The maximum in radians, `$maxDistance`: the one form Parse Server's find, its count (which turns the
        // condition into a `$centerSphere` of that radius) and Live Query all read.
        let within = PlaceObject.query.where { $0.location.nearSphere(Self.here, maximum: .kilometers(6.371)) }
        #expect(
            try filter(within, .parse)
                == #"{"location":{"$nearSphere":{"__type":"GeoPoint","latitude":30,"longitude":-20},"#
                + #""$maxDistance":0.001}}"#
        )
        #expect(
            try within.renderedCount(for: .parse).queryItems.first?.value?.contains(#""$maxDistance":0.001"#) == true
        )
        let unbounded = refusal(PlaceObject.query.where { $0.location.nearSphere(Self.here) }, .parse)
        #expect(unbounded == nil)
        do {
            _ = try PlaceObject.query.where { $0.location.nearSphere(Self.here) }.renderedCount(for: .parse)
            Issue.record("a count of a $nearSphere without a maximum rendered")
        } catch {
            #expect("\(error)".contains("give it a maximum"), "\(error)")
        }
        #expect(abs(GeoDistance.miles(10).meters - 16_093.44) < 1e-9)
    }

    @Test func parseBoxPolygonSphereAndIntersection() throws {
        let box = PlaceObject.query.where {
            $0.location.within(
                southwest: ParseGeoPoint(latitude: 30.82, longitude: -122.53),
                northeast: ParseGeoPoint(latitude: 37.71, longitude: -122.37)
            )
        }
        #expect(
            try filter(box, .parse)
                == #"{"location":{"$within":{"$box":[{"__type":"GeoPoint","latitude":30.82,"longitude":-122.53},"#
                + #"{"__type":"GeoPoint","latitude":37.71,"longitude":-122.37}]}}}"#
        )
        // The guide's polygon, corner for corner.
        let polygon = PlaceObject.query.where {
            $0.location.within(polygon: [
                ParseGeoPoint(latitude: 25.774, longitude: -80.190),
                ParseGeoPoint(latitude: 18.466, longitude: -66.118),
                ParseGeoPoint(latitude: 32.321, longitude: -64.757),
            ])
        }
        #expect(
            try filter(polygon, .parse)
                == #"{"location":{"$geoWithin":{"$polygon":["#
                + #"{"__type":"GeoPoint","latitude":25.774,"longitude":-80.19},"#
                + #"{"__type":"GeoPoint","latitude":18.466,"longitude":-66.118},"#
                + #"{"__type":"GeoPoint","latitude":32.321,"longitude":-64.757}]}}}"#
        )
        // A radius of one Earth radius in thousandths is 0.001 radians, at [longitude, latitude].
        let sphere = PlaceObject.query.where { $0.location.within(.meters(6_371), of: Self.here) }
        #expect(try filter(sphere, .parse) == #"{"location":{"$geoWithin":{"$centerSphere":[[-20,30],0.001]}}}"#)
        let intersects = PlaceObject.query.where { $0.area.contains(Self.here) }
        #expect(
            try filter(intersects, .parse)
                == #"{"area":{"$geoIntersects":{"$point":{"__type":"GeoPoint","latitude":30,"longitude":-20}}}}"#
        )
    }

    @Test func geoConditionsTheServerWouldRefuseAreRenderErrors() {
        let cases: [(Query<PlaceObject>, String)] = [
            (PlaceObject.query.where { $0.location.nearSphere(Self.here, minimum: .meters(5)) }, "no minimum"),
            (
                PlaceObject.query.where {
                    $0.location.within(polygon: [Self.here, ParseGeoPoint(latitude: 1, longitude: 1)])
                }, "three corners"
            ),
            (
                PlaceObject.query.where { $0.location.nearSphere(ParseGeoPoint(latitude: 91, longitude: 0)) },
                "latitudes from -90 to 90"
            ),
            (
                PlaceObject.query.where { $0.location.nearSphere(ParseGeoPoint(latitude: 0, longitude: -180.5)) },
                "longitudes from -180 to 180"
            ),
            (
                PlaceObject.query.where { $0.location.within(.meters(.nan), of: Self.here) },
                "NaN or an infinity"
            ),
            (PlaceObject.query.where { $0.location.within(.meters(-1), of: Self.here) }, "zero or more"),
            (
                PlaceObject.query.where {
                    $0.location.within(
                        southwest: ParseGeoPoint(latitude: 37.71, longitude: -122.53),
                        northeast: Self.here
                    )
                }, "south and west"
            ),
        ]
        for (query, reason) in cases {
            let message = refusal(query, .parse)
            #expect(message?.contains(reason) == true, "\(String(describing: message)) does not say \(reason)")
        }
    }

    // MARK: - Parse: text, containedBy, relational

    /// The guide's full-text search, on Player's `name` as on its example's.
    @Test func parseTextSearchIsOnTheField() throws {
        #expect(
            try filter(Player.query.where { $0.name.matchesText(TextSearch("Daddy")) }, .parse)
                == #"{"name":{"$text":{"$search":{"$term":"Daddy"}}}}"#
        )
        let options = Player.query.where {
            $0.name.matchesText(
                TextSearch("café", language: "french", isCaseSensitive: true, isDiacriticSensitive: false)
            )
        }
        #expect(
            try filter(options, .parse)
                == #"{"name":{"$text":{"$search":{"$term":"café","$language":"french","$caseSensitive":true,"#
                + #""$diacriticSensitive":false}}}}"#
        )
        // Parse Server keeps only the $text of its field's object: another condition on the field stands beside it.
        let withPrefix = Player.query.where { $0.name.matchesText(TextSearch("Daddy")) }.where {
            $0.name.hasPrefix("D")
        }
        #expect(
            try filter(withPrefix, .parse)
                == #"{"$and":[{"name":{"$text":{"$search":{"$term":"Daddy"}}}},{"name":{"$regex":"^D"}}]}"#
        )
        let topLevel = refusal(Player.query.where { _ in .matchesText(TextSearch("Daddy")) }, .parse)
        #expect(topLevel?.contains("$text on a string field") == true, "\(String(describing: topLevel))")
        let empty = refusal(Player.query.where { $0.name.matchesText(TextSearch("")) }, .parse)
        #expect(empty?.contains("needs terms") == true, "\(String(describing: empty))")
    }

    /// `$containedBy` stands alone in its field's object: parse-server rewrites that object into a `$nor`, which would
    /// negate anything beside it.
    @Test func parseContainedByStandsAlone() throws {
        #expect(
            try filter(GameScore.query.where { $0.skills.containsOnly([.string("pass"), .string("run")]) }, .parse)
                == #"{"skills":{"$containedBy":["pass","run"]}}"#
        )
        let withSize = GameScore.query.where { $0.skills.containsOnly([.string("pass")]) }.where { $0.skills.exists() }
        #expect(
            try filter(withSize, .parse)
                == #"{"$and":[{"skills":{"$containedBy":["pass"]}},{"skills":{"$exists":true}}]}"#
        )
    }

    /// The guide's `$inQuery`, `$notInQuery`, `$select` and `$relatedTo`, with GameScore's pointer to Game, its
    /// player's name and its Relation to its opponents.
    @Test func parseRelationalOperators() throws {
        #expect(
            try filter(GameScore.query.where { $0.game.in(where: { $0.title.exists() }) }, .parse)
                == #"{"game":{"$inQuery":{"where":{"title":{"$exists":true}},"className":"Game"}}}"#
        )
        #expect(
            try filter(GameScore.query.where { $0.game.notIn(where: { $0.title.exists() }) }, .parse)
                == #"{"game":{"$notInQuery":{"where":{"title":{"$exists":true}},"className":"Game"}}}"#
        )
        let select = GameScore.query.where {
            $0.playerName.in(\Player.QueryFields.name, where: { $0.name.hasPrefix("A") })
        }
        #expect(
            try filter(select, .parse)
                == #"{"playerName":{"$select":{"query":{"className":"Player","where":{"name":{"$regex":"^A"}}},"#
                + #""key":"name"}}}"#
        )
        let dontSelect = GameScore.query.where {
            $0.playerName.notIn(\Player.QueryFields.name, where: { $0.name.exists() })
        }
        #expect(
            try filter(dontSelect, .parse)
                == #"{"playerName":{"$dontSelect":{"query":{"className":"Player","where":{"name":{"$exists":true}}},"#
                + #""key":"name"}}}"#
        )
        #expect(
            try filter(
                Player.query.where { _ in .relatedTo(\GameScore.QueryFields.opponents, of: "8TOXdXf3tz") },
                .parse
            )
                == #"{"$relatedTo":{"object":{"__type":"Pointer","className":"GameScore","objectId":"8TOXdXf3tz"},"#
                + #""key":"opponents"}}"#
        )
        // A subquery's own conditions are checked as a query's are.
        let badPattern = refusal(GameScore.query.where { $0.game.in(where: { $0.title.regex("(") }) }, .parse)
        #expect(badPattern?.contains("not a valid regular expression") == true, "\(String(describing: badPattern))")
        let searchInNegation = refusal(
            GameScore.query.where { $0.game.in(where: { .not($0.title.matchesText(TextSearch("chess"))) }) },
            .parse
        )
        #expect(searchInNegation?.contains("inside a $nor") == true, "\(String(describing: searchInNegation))")
    }

    /// Parse Server folds `$inQuery` and `$select` into the field's `$in`, which would make them either-or, and
    /// resolves `$relatedTo` only where no `$or` or `$and` stands beside it: such conditions go into an `$and`.
    @Test func parseKeepsApartWhatItsServerWouldFoldTogether() throws {
        let withList = GameScore.query.where { $0.game.in(["g1"]) }.where { $0.game.in(where: { $0.title.exists() }) }
        #expect(
            try filter(withList, .parse)
                == #"{"$and":[{"game":{"$in":[{"__type":"Pointer","className":"Game","objectId":"g1"}]}},"#
                + #"{"game":{"$inQuery":{"where":{"title":{"$exists":true}},"className":"Game"}}}]}"#
        )
        let related = Player.query.where { _ in .relatedTo(\GameScore.QueryFields.opponents, of: "s1") }
            .where { $0.name.eq("a").or($0.name.eq("b")) }
        #expect(
            try filter(related, .parse)
                == #"{"$and":[{"$relatedTo":{"object":{"__type":"Pointer","className":"GameScore","objectId":"s1"},"#
                + #""key":"opponents"}},{"$or":[{"name":"a"},{"name":"b"}]}]}"#
        )
        let negated = refusal(
            Player.query.where { _ in .not(.relatedTo(\GameScore.QueryFields.opponents, of: "s1")) },
            .parse
        )
        #expect(
            negated?.contains("only at the top level, in $or and in $and") == true,
            "\(String(describing: negated))"
        )
    }

    /// MongoDB takes one `$nearSphere` a query, not with a `$text` search, not inside an `$or` or a `$nor`, and alone
    /// in its field's object.
    @Test func nearSphereStandsWhereMongoDBTakesIt() throws {
        let point = GeoPosition(longitude: 9.19, latitude: 45.46)
        let twice = Books.query.where { $0.position.nearSphere(point) }.where { $0.position.nearSphere(point) }
        #expect(refusal(twice, .mia)?.contains("one $nearSphere") == true)
        let withText = Books.query.where { $0.position.nearSphere(point) }.where { _ in .matchesText(TextSearch("x")) }
        #expect(refusal(withText, .mia)?.contains("both a $text search and a $nearSphere") == true)
        let inOr = Books.query.where { $0.position.nearSphere(point).or($0.price.lt(3)) }
        #expect(refusal(inOr, .mia)?.contains("can't stand inside $or") == true)
        let withExists = Books.query.where { $0.position.nearSphere(point, maximum: .meters(500)) }
            .where { $0.position.exists() }
        #expect(
            try filter(withExists, .mia)
                == #"{"$and":[{"position":{"$nearSphere":{"from":[9.19,45.46],"maxDistance":500}}},"#
                + #"{"position":{"$exists":true}}]}"#
        )
        // crud-service leaves out a distance of 0 (`if (value.maxDistance)`), which would match every point.
        let zero = refusal(Books.query.where { $0.position.nearSphere(point, maximum: .meters(0)) }, .mia)
        #expect(zero?.contains("maximum distance of 0") == true, "\(String(describing: zero))")
        // crud-service counts with countDocuments, which refuses $nearSphere.
        do {
            _ = try Books.query.where { $0.position.nearSphere(point, maximum: .meters(500)) }.renderedCount(for: .mia)
            Issue.record("a mia count of a $nearSphere rendered")
        } catch {
            #expect("\(error)".contains("countDocuments"), "\(error)")
        }
    }

    // MARK: - Mia-Platform

    /// crud-service's own `$nearSphere` form, which it rewrites into MongoDB's `$geometry`, `$minDistance` and
    /// `$maxDistance` in meters.
    @Test func miaNearSphereInTheCRUDServicesForm() throws {
        let near = Books.query.where {
            $0.position.nearSphere(
                GeoPosition(longitude: 9.19, latitude: 45.4642),
                minimum: .meters(100),
                maximum: .kilometers(2)
            )
        }
        #expect(
            try filter(near, .mia)
                == #"{"position":{"$nearSphere":{"from":[9.19,45.4642],"minDistance":100,"maxDistance":2000}}}"#
        )
        let polygon = Books.query.where {
            $0.position.within(polygon: [
                GeoPosition(longitude: 0, latitude: 0), GeoPosition(longitude: 1, latitude: 0),
                GeoPosition(longitude: 0, latitude: 1),
            ])
        }
        #expect(refusal(polygon, .mia)?.contains("$geoWithin") == true)
    }

    /// `$text` at the top level, with the only options crud-service lets through, and once a query.
    @Test func miaTextSearchIsAtTheTopLevelAndOnce() throws {
        let search = Books.query.where { _ in .matchesText(TextSearch("dune", language: "english")) }
            .where { $0.price.lt(20) }
        #expect(
            try filter(search, .mia) == #"{"$text":{"$search":"dune","$language":"english"},"price":{"$lt":20}}"#
        )
        let twice = Books.query.where { _ in .matchesText(TextSearch("dune")) }
            .where { .matchesText(TextSearch("arrakis")).or($0.price.lt(20)) }
        #expect(refusal(twice, .mia)?.contains("one $text") == true)
        let onField = refusal(Books.query.where { $0.name.matchesText(TextSearch("dune")) }, .mia)
        #expect(onField?.contains("$text at the top level") == true, "\(String(describing: onField))")
    }

    @Test func relationalOperatorsAreParsesOnly() {
        let select = Books.query.where { $0.name.in(\Books.QueryFields.name, where: { $0.price.gt(1) }) }
        #expect(refusal(select, .mia)?.contains("$select") == true)
        #expect(refusal(select, .cortex)?.contains("$select") == true)
    }
}
