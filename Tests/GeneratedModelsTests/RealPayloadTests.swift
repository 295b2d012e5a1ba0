import Foundation
import GoldenParse
import GoldenRealCortex
import GoldenRealMia
import GoldenSupport
import ModelRuntime
import Testing

/// Decodes each element of a real payload (a JSON array) as `Model` and encodes it again: the JSON must not change.
private func roundTripsUnchanged<Model: Codable>(_ model: Model.Type, _ fixture: String) throws -> [Model] {
    let input = try Fixtures.data("Real/" + fixture)
    let models = try JSONDecoder().decode([Model].self, from: input)
    let output = try json(encoded(models))
    let expected = try json(input)
    let differences = jsonDifferences(output, expected)
    #expect(differences.isEmpty, "\(fixture) changed: \(differences)")
    return models
}

/// Real payloads of the three backends, decoded and encoded back unchanged through models generated from real
/// definitions (sources in `Fixtures/Real/SOURCES.md`).
@Suite struct RealPayloadTests {
    // MARK: Cortex

    /// mdctl's c_study instance carries only `_id`, `object` and `c_key`: everything else c_study requires on create
    /// is left out of the read, and `c_key`, a UUID property, holds text that is no UUID.
    @Test func cortexStudyReadDecodesWithoutWhatCreateRequires() throws {
        let studies = try roundTripsUnchanged(Study.self, "cortex-c_study.json")
        #expect(studies[0].id == ObjectID("6374d3905141041870e1e24d"))
        #expect(studies[0].object == "c_study")
        #expect(studies[0].key == UUIDString("key-001"))
        #expect(studies[0].name == nil)
        // The create body still requires what the definition requires, but for what the server fills in
        // (`c_pinned_version`'s static default 3), which it sends only when set.
        var create = Study.Create(name: "A study", noPii: true)
        #expect(create.members.map { $0.key } == ["c_name", "c_no_pii"])
        create.pinnedVersion = 1
        #expect(create.members.map { $0.key } == ["c_name", "c_no_pii", "c_pinned_version"])
        // The study's consent file takes any type (`mimes: ["*"]`, as Cortex's passthru processors write it).
        var configuration = Study.Configuration.Create()
        for mime in ["application/pdf", "text/html", "application/octet-stream"] {
            configuration.consent = FileUpload(facets: ["content": .init(data: Data("x".utf8), mime: mime)])
            create.configuration = configuration
            #expect(create.violations(at: "").isEmpty, "\(mime): \(create.violations(at: ""))")
        }
    }

    @Test func cortexGeoHistoryKeepsEverySystemPropertyAndItsGeometry() throws {
        let history = try roundTripsUnchanged(GeoHistory.self, "cortex-c_geo_history.json")
        #expect(history[0].prop1 == .point(longitude: -10, latitude: 10))
        #expect(history[0].created == ISO8601DateCoding.date(from: "2019-08-13T15:04:22.928Z"))
        #expect(history[0].creator?.object == "account")
        #expect(history[0].owner?.id == ObjectID("5c238e72d8f1254623525f37"))
        #expect(history[0].updater?.path == "/accounts/5c238e72d8f1254623525f37")
        #expect(history[0].access == 7)
        #expect(history[0].accessRoles?.count == 3)
        #expect(history[0].favorite == false)
        #expect(history[0].shared == false)
        #expect(history[0].idx == ["v": 0])
    }

    /// A List is typed by the object it lists, and decodes the list envelope Cortex answers.
    @Test func cortexListDecodesItsPage() throws {
        let payload = Data(
            #"{"_id": "6374d3905141041870e1e24d", "object": "c_study", "c_sites": {"object": "list", "data": [], "hasMore": false}}"#
                .utf8
        )
        let study = try JSONDecoder().decode(Study.self, from: payload)
        #expect(study.sites?.data.isEmpty == true)
        #expect(study.sites?.hasMore == false)
        #expect(try json(encoded(study)) == json(payload))
    }

    // MARK: Mia-Platform

    @Test func miaBooksRoundTrip() throws {
        let books = try roundTripsUnchanged(Books.self, "mia-books-getlist.json")
        #expect(books.count == 8)
        #expect(books[0].state == "PUBLIC")
        #expect(books[0].creatorId == "my-creator-id")
        #expect(books[0].position == GeoPosition(longitude: 0, latitude: 0, altitude: 10.3))
        #expect(books[1].position?.altitude == nil)
        #expect(books[0].metadata?.somethingArrayObject?.first?.arrayItemObjectChildNumber == 4)
        #expect(books[0].attachments?.last?.other == "stuff")
    }

    /// A nullable field holding `null` decodes as `nil` and encodes back as `null`; an absent one stays absent.
    @Test func miaNullStaysNullAndAbsentStaysAbsent() throws {
        let payload = Data(
            #"{"_id": "111111111111111111111111", "name": null, "isbn": "fake isbn 1", "publishDate": null, "__STATE__": "DRAFT"}"#
                .utf8
        )
        let book = try JSONDecoder().decode(Books.self, from: payload)
        #expect(book.name == nil)
        #expect(book.publishDate == nil)
        #expect(book.state == "DRAFT")
        let output = try json(encoded(book))
        #expect(try output == json(payload))
        #expect(output["price"] == nil)
        // A decoded null that the app sets is sent as the value.
        var renamed = book
        renamed.name = "Ulysses"
        #expect(try json(encoded(renamed))["name"] == "Ulysses")
    }

    /// The CRUD service stores a GeoPoint as GeoJSON; both forms decode, and each encodes back as it came.
    @Test func miaGeoPointInBothForms() throws {
        let stored = Data(#"{"type": "Point", "coordinates": [9.19, 45.46]}"#.utf8)
        let point = try JSONDecoder().decode(GeoPosition.self, from: stored)
        #expect(point.longitude == 9.19 && point.latitude == 45.46)
        #expect(try json(encoded(point)) == json(stored))
        #expect(try json(encoded(GeoPosition(longitude: 9.19, latitude: 45.46))) == [9.19, 45.46])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(GeoPosition.self, from: Data("[1]".utf8)) }
    }

    // MARK: Parse

    @Test func parseGameScoresRoundTrip() throws {
        let scores = try roundTripsUnchanged(GameScore.self, "parse-gamescores.json")
        #expect(scores[0].objectId == "Ed1nuqPvcm")
        #expect(scores[0].createdAt == ISO8601DateCoding.date(from: "2022-01-01T12:23:45.678Z"))
        #expect(scores[0].skills == ["pwnage", "flying"])
        #expect(scores[1].game?.id == "Ed1nuqPvc")
        #expect(scores[1].game?.className == "Game")
        #expect(scores[1].game?.included == nil)
        #expect(scores[1].opponents == ParseRelation<Player>(className: "Player"))
        #expect(scores[1].playedAt == ISO8601DateCoding.date(from: "2022-01-01T12:23:45.678Z"))
        #expect(scores[1].acl?.entries[ParseACL.everyone] == .init(read: true))
        #expect(scores[1].acl?.entries[ParseACL.role("Moderators")]?.write == true)
        #expect(scores[2].game?.included?.title == "Pong")
        #expect(scores[2].game?.included?.objectId == "Ed1nuqPvc")
        // The REST guide's query answer, as it prints it.
        let found = try roundTripsUnchanged(GameScore.self, "parse-gamescores-query.json")
        #expect(found.map(\.playerName) == ["Jang Min Chul", "Sean Plott"])
        #expect(found.map(\.score) == [80075, 73453])
    }

    @Test func parsePlacesRoundTrip() throws {
        let places = try roundTripsUnchanged(PlaceObject.self, "parse-places.json")
        #expect(places[0].location == ParseGeoPoint(latitude: 40, longitude: -30))
        #expect(places[0].area?.points.count == 4)
        #expect(places[0].picture?.name == "d3a9b2e4c1f0-profile.png")
        #expect(places[0].thumbnail?.data == Data("hello world".utf8))
        #expect(places[0].owner?.className == "_User")
        // The REST guide's GeoPoint query answer, whose coordinates are written `40.0`.
        let found = try roundTripsUnchanged(PlaceObject.self, "parse-placeobjects-query.json")
        #expect(
            found.map(\.location) == [
                ParseGeoPoint(latitude: 40, longitude: -30), ParseGeoPoint(latitude: 60, longitude: -20),
            ]
        )
    }

    /// What used to fail under the parse dialect: a Pointer (`keyNotFound _id`), a Date (`typeMismatch`).
    @Test func parseTypesRejectOtherShapesWithTheirPath() throws {
        let payload = Data(
            #"{"objectId": "a", "createdAt": "2022-01-01T12:23:45.678Z", "updatedAt": "2022-01-01T12:23:45.678Z", "playedAt": "2022-01-01T12:23:45.678Z"}"#
                .utf8
        )
        #expect {
            try JSONDecoder().decode(GameScore.self, from: payload)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["playedAt"]
        }
    }

    /// Bodies and queries write Parse's forms: Pointers, Dates, and `AddRelation`/`RemoveRelation`.
    @Test func parseBodiesAndQueriesUseTheSameEncoding() throws {
        var create = GameScore.Create(score: 1337)
        create.game = "Ed1nuqPvc"
        create.playedAt = ISO8601DateCoding.date(from: "2022-01-01T12:23:45.678Z")
        let created = try ParseDialect().renderCreate(create.members, pluralName: GameScore.pluralName)
        #expect(
            try json(Data(#require(created.body).serialized.utf8))
                == json(
                    Data(
                        #"{"score": 1337, "game": {"__type": "Pointer", "className": "Game", "objectId": "Ed1nuqPvc"}, "playedAt": {"__type": "Date", "iso": "2022-01-01T12:23:45.678Z"}}"#
                            .utf8
                    )
                )
        )
        var patch = GameScore.Patch()
        patch.opponents.add(["Vx4nudeWn"])
        patch.cheatMode = .null
        let updates = try ParseDialect().renderUpdate(patch.operations, id: "Ed1nuqPvcm", pluralName: "GameScore")
        // The REST guide's AddRelation and Delete bodies.
        #expect(
            try json(Data(#require(updates.first?.body).serialized.utf8))
                == json(
                    Data(
                        #"{"cheatMode": {"__op": "Delete"}, "opponents": {"__op": "AddRelation", "objects": [{"__type": "Pointer", "className": "Player", "objectId": "Vx4nudeWn"}]}}"#
                            .utf8
                    )
                )
        )
        var removal = GameScore.Patch()
        removal.opponents.remove(["Vx4nudeWn"])
        let removed = try ParseDialect().renderUpdate(removal.operations, id: "Ed1nuqPvcm", pluralName: "GameScore")
        #expect(try json(Data(#require(removed.first?.body).serialized.utf8))["opponents"]?["__op"] == "RemoveRelation")
        let items = try GameScore.query
            .where { $0.game.eq("Ed1nuqPvc") }
            .where { $0.createdAt.gt(Date(timeIntervalSince1970: 0)) }
            .queryItems(dialect: .parse)
        let filter = try #require(items.first { $0.name == "where" }?.value)
        #expect(
            try json(Data(filter.utf8))
                == json(
                    Data(
                        #"{"game": {"__type": "Pointer", "className": "Game", "objectId": "Ed1nuqPvc"}, "createdAt": {"$gt": {"__type": "Date", "iso": "1970-01-01T00:00:00.000Z"}}}"#
                            .utf8
                    )
                )
        )
    }
}
