import Foundation
import GoldenNaming
import ModelRuntime
import Testing

/// Keys that are Swift keywords, start with digits, or hold spaces and accents, generated from
/// `Tests/Goldens/Naming`.
@Suite struct GeneratedNamingTests {
    @Test func decodesKeysThatAreHardToSpellInSwift() throws {
        let settings = try Fixtures.decode(Settings.self, from: "settings.json")
        #expect(settings.class == "gold")
        #expect(settings.default == true)
        #expect(settings.`self` == "me")
        #expect(settings.type == "admin")
        #expect(settings.protocol == 2)
        #expect(settings.`init` == "now")
        #expect(settings.isTwoFactorEnabled == true)
        #expect(settings._3dModel?["vertices"] == [1, 2.5, "x", nil, true])
        #expect(settings.firstName == "Ada")
        #expect(settings.cafeCreme == "oui")
        #expect(settings.urlString == "https://example.com")
        #expect(settings.theme == .darkMode)
        #expect(settings.limits?.maximumItems == 10)
        #expect(settings.limits?.windows?.first?.days == [.mon, .undocumented("sun")])
        #expect(settings.date?.at == ISO8601DateCoding.date(from: "2026-05-05T05:05:05.005Z"))
        #expect(settings.parent?.id == ObjectID("5a2f1b7c9d3e4f5a6b7c8f00"))
        #expect(settings.entries?.map(\.id) == [ObjectID("5a2f1b7c9d3e4f5a6b7c8f02")!])
    }

    @Test func roundTripsToTheSameJSON() throws {
        let input = try Fixtures.data("settings.json")
        let settings = try JSONDecoder().decode(Settings.self, from: input)
        #expect(try json(encoded(settings)) == json(input))
    }

    @Test func theMemberwiseInitializerTakesEscapedNames() {
        let settings = Settings(
            id: ObjectID("5a2f1b7c9d3e4f5a6b7c8f01")!,
            class: "gold",
            self: "me",
            init: "now"
        )
        #expect(settings.`self` == "me")
        #expect(settings.class == "gold")
        #expect(settings.`init` == "now")
    }

    @Test func anObjectNamedLikeAFoundationTypeGetsASuffix() throws {
        let entry = try JSONDecoder().decode(
            DateObject.self,
            from: Data(#"{"c_when": "2026-12-24", "c_location": {"type": "Point", "coordinates": [1, 2]}}"#.utf8)
        )
        #expect(entry.when == DateOnly(year: 2026, month: 12, day: 24))
        #expect(entry.location?["type"] == "Point")
        #expect(Settings.DateDocument(at: nil) == Settings.DateDocument())
    }
}
