import Foundation
import GoldenPlaces
import ModelRuntime
import Testing

/// AppCoreKit features beyond the tweet example (`Tests/Goldens/Places`): imports, inherited templates, inline
/// objects, explicit types, defaults and `@nullAsMissing`.
@Suite struct PlacesMappingTests {
    static let full = Data(
        #"""
        {
          "id_str": "p1", "name": "Hall", "is_open": false,
          "meta": { "created_at": "2026-01-01T10:00:00.000Z", "updated": "2026-01-02T10:00:00.000Z" },
          "stats": { "rating": 4.5, "visits": 12 },
          "links": { "home": "https://hall.example.com" },
          "tags": ["music"], "extra": { "anything": [1, "two"] },
          "owner": { "login": "ada", "since": "2020-02-29" },
          "checkins": [ { "at": "2026-01-03T10:00:00.000Z", "by": "bob" }, { "at": "2026-01-04T10:00:00.000Z" } ]
        }
        """#.utf8
    )

    @Test func decodesEveryMappedPropertyAndEncodesBackTheSameJSON() throws {
        let place = try JSONDecoder().decode(Place.self, from: Self.full)
        #expect(place.placeId == "p1")
        #expect(place.name == "Hall")
        #expect(place.isOpen == false)
        // `$Named`, inherited after `$Timestamps`, replaced its createdAt (meta.created_at instead of meta.created).
        #expect(place.createdAt == ISO8601DateCoding.date(from: "2026-01-01T10:00:00.000Z"))
        #expect(place.updatedAt == ISO8601DateCoding.date(from: "2026-01-02T10:00:00.000Z"))
        #expect(place.rating == 4.5)
        #expect(place.visits == 12)
        #expect(place.homepage == URL(string: "https://hall.example.com"))
        #expect(place.tags == ["music"])
        #expect(place.extra == ["anything": [1, "two"]])
        #expect(place.owner == Owner(login: "ada", since: DateOnly(year: 2020, month: 2, day: 29)))
        #expect(place.checkins.map(\.by) == ["bob", nil])
        #expect(try json(encoded(place)) == json(Self.full))
    }

    /// `full` with members the mappings don't read inside the objects their key paths pass through: `meta.source`,
    /// `stats.history` (an object), and `links.wiki` where the model reads only `links.home`.
    static let withUnreadMembers = Data(
        #"""
        {
          "id_str": "p1", "name": "Hall", "is_open": false,
          "meta": { "created_at": "2026-01-01T10:00:00.000Z", "source": "import", "revision": 3 },
          "stats": { "rating": 4.5, "visits": 12, "history": { "2025": 40 } },
          "links": { "wiki": "https://wiki.example.com" },
          "owner": { "login": "ada" }, "checkins": [], "unread": true
        }
        """#.utf8
    )

    /// What a key path doesn't read of an object it passes through is kept and written back beside what it reads,
    /// through `JSONDecoder` and through the client's tree alike: the app writes back what it read, as it does with
    /// the object's own unknown members. `links`, which the model writes only when `homepage` has a value, is
    /// written for what it kept.
    @Test func membersOfAKeyPathsObjectsAreKeptAndWrittenBack() throws {
        for place in [
            try JSONDecoder().decode(Place.self, from: Self.withUnreadMembers),
            try JSONValue(parsing: Self.withUnreadMembers).decoded(as: Place.self),
        ] {
            #expect(place.homepage == nil)
            #expect(place.unknownMembers.members(at: ["meta"])["source"] == "import")
            #expect(place.unknownMembers.members(at: ["links"])["wiki"] == "https://wiki.example.com")
            #expect(place.unknownMembers["unread"] == true)
            #expect(try json(encoded(place)) == json(Self.withUnreadMembers))
            // Kept members take part in equality: a model that lost them is another value.
            var stripped = place
            stripped.unknownMembers.setMembers(UnknownMembers(), at: ["stats"])
            #expect(stripped != place)
            #expect(try json(encoded(stripped))["stats"] == ["rating": 4.5, "visits": 12])
        }
    }

    static let sparse = Data(
        #"""
        {
          "id_str": "p2", "name": "Shed",
          "meta": { "created_at": "2026-01-01T10:00:00.000Z" },
          "stats": { "visits": null },
          "owner": { "login": "bob" }, "checkins": []
        }
        """#.utf8
    )

    @Test func aDefaultFillsInAMissingKey() throws {
        let place = try JSONDecoder().decode(Place.self, from: Self.sparse)
        #expect(place.rating == 0.5)
        #expect(place.isOpen == true)
        // `@nullAsMissing`: null takes the default too.
        #expect(place.visits == 0)
        #expect(place.homepage == nil)
        #expect(place.updatedAt == nil)
        let output = try json(encoded(place))
        // Defaults are written back; an object with nothing in it is not.
        #expect(output["stats"] == ["rating": 0.5, "visits": 0])
        #expect(output["is_open"] == true)
        #expect(output["links"] == nil)
    }

    /// A `null` at the end of a key path, or in place of an object along it, goes back as it came, through
    /// `JSONDecoder` and through the client's tree alike: a write-back that left it out would tell a server that
    /// tells absent from `null` another story. An object that held only a `null` is written for it.
    @Test(arguments: [#""links": null"#, #""links": {"home": null}"#])
    func nullsAlongAKeyPathGoBackAsTheyCame(links: String) throws {
        let payload = Data(
            """
            {
              "id_str": "p3", "name": "Barn", "is_open": true,
              "meta": { "created_at": "2026-01-01T10:00:00.000Z", "updated": null },
              "stats": { "rating": 1, "visits": 2 }, \(links),
              "owner": { "login": "eve" }, "checkins": []
            }
            """.utf8
        )
        for place in [
            try JSONDecoder().decode(Place.self, from: payload),
            try JSONValue(parsing: payload).decoded(as: Place.self),
        ] {
            #expect(place.updatedAt == nil && place.homepage == nil)
            #expect(try json(encoded(place)) == json(payload))
            // A value the app sets replaces the `null`.
            var edited = place
            edited.homepage = URL(string: "https://barn.example.com")
            edited.updatedAt = place.createdAt
            let output = try json(encoded(edited))
            #expect(output["links"] == ["home": "https://barn.example.com"])
            #expect(output["meta"]?["updated"] == "2026-01-01T10:00:00.000Z")
        }
        // A model made in code has no `null` to write back.
        let made = Place(
            createdAt: Date(),
            name: "New",
            placeId: "p4",
            rating: 1,
            visits: 0,
            isOpen: true,
            owner: Owner(login: "eve"),
            checkins: []
        )
        let output = try json(encoded(made))
        #expect(output["links"] == nil && output["meta"]?["updated"] == nil)
    }

    @Test func nullIsAnErrorWhereTheMappingDoesNotAcceptIt() throws {
        let payload = String(decoding: Self.sparse, as: UTF8.self)
            .replacingOccurrences(of: #""visits": null"#, with: #""rating": null"#)
        #expect {
            try JSONDecoder().decode(Place.self, from: Data(payload.utf8))
        } throws: { error in
            guard case DecodingError.valueNotFound(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["stats", "rating"]
        }
    }

    @Test func theReportListsTheDefaultsAndMissingValues() throws {
        let (_, report) = try DecodingReport.decode(Place.self, from: Self.sparse)
        let defaults = report.entries.filter { $0.kind == .defaultApplied }.map(\.keyPath)
        #expect(defaults == ["is_open", "stats.rating", "stats.visits"])
        #expect(report.entries.contains(.init(kind: .missingOptional, keyPath: "meta.updated", value: nil)))
        #expect(report.entries.contains(.init(kind: .missingOptional, keyPath: "owner.since", value: nil)))
    }
}
