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

    /// `==` is written out, one property at a time: a change to any property, however deep, makes two models
    /// unequal, and equal models hash alike.
    @Test func equalityComparesEveryPropertyAndAgreesWithHashing() throws {
        let settings = try Fixtures.decode(Settings.self, from: "settings.json")
        let copy = try JSONDecoder().decode(Settings.self, from: encoded(settings))
        #expect(copy == settings)
        #expect(copy.hashValue == settings.hashValue)
        let edits: [(String, (inout Settings) -> Void)] = [
            ("id", { $0.id = ObjectID("5a2f1b7c9d3e4f5a6b7c8fff")! }),
            ("class", { $0.class = "silver" }),
            ("default", { $0.default = nil }),
            ("self", { $0.`self` = "you" }),
            ("type", { $0.type = "user" }),
            ("protocol", { $0.protocol = 3 }),
            ("init", { $0.`init` = "later" }),
            ("isTwoFactorEnabled", { $0.isTwoFactorEnabled = false }),
            ("_3dModel", { $0._3dModel = nil }),
            ("firstName", { $0.firstName = "Grace" }),
            ("cafeCreme", { $0.cafeCreme = "non" }),
            ("urlString", { $0.urlString = nil }),
            ("theme", { $0.theme = .undocumentedValue("sepia") }),
            ("limits.maximumItems", { $0.limits?.maximumItems = 11 }),
            ("limits.windows.to", { $0.limits?.windows?[0].to?.addTimeInterval(1) }),
            ("date.at", { $0.date?.at = nil }),
            ("parent", { $0.parent = nil }),
            ("entries", { $0.entries = [] }),
        ]
        for (name, edit) in edits {
            var edited = settings
            edit(&edited)
            #expect(edited != settings, "a change to \(name) went unnoticed")
        }
    }

    @Test func anObjectNamedLikeAFoundationTypeGetsASuffix() throws {
        let entry = try JSONDecoder().decode(
            DateObject.self,
            from: Data(#"{"c_when": "2026-12-24", "c_location": {"type": "Point", "coordinates": [1, 2]}}"#.utf8)
        )
        #expect(entry.when == DateOnly(year: 2026, month: 12, day: 24))
        #expect(entry.location == .point(longitude: 1, latitude: 2))
        #expect(Settings.DateDocument(at: nil) == Settings.DateDocument())
    }
}
