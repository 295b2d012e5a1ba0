import Testing

@testable import ModelGeneratorCore

/// AppCoreKit `.mappings` as real apps wrote them: types from the app's headers (`headers:` in the config),
/// `@inherits` on a property, contexts that hold only a transform, and the cascading tree's device and OS selectors.
@Suite struct AppCoreKitTests {
    static let config =
        "mappings: [app.mappings]\nheaders: [Headers]\nsamples: { Venue: venue.json }\noutput: Generated\n"

    static let headers = [
        "Headers/Place.h": """
        NS_ASSUME_NONNULL_BEGIN
        @interface Place : CKObject
        @property (nonatomic, copy) NSString *name;
        @property (nonatomic, copy, nullable) NSURL *website;
        @end
        NS_ASSUME_NONNULL_END
        """,
        "Headers/Models/Venue.h": """
        @class Owner;
        @interface Venue : Place
        @property (nonatomic, assign) CGFloat latitude;
        @property (nonatomic, strong) NSNumber *rating;
        @property (nonatomic, strong) NSNumber *visits;
        @property (nonatomic, strong) NSNumber *checked;
        @property (nonatomic, retain) Owner *owner;
        @property (nonatomic, retain) NSArray<Owner *> *staff;
        @property (nonatomic, retain) NSArray *guests;
        @property (nonatomic, retain) NSDictionary *extra;
        @property (nonatomic, retain) id anything;
        @property (nonatomic, assign) CLLocationCoordinate2D coordinate;
        @property (nonatomic, assign) VenueKind kind;
        @end
        @interface Venue (Opening)
        @property (nonatomic, assign) BOOL open;
        @end
        """,
        "Headers/Types.h": """
        typedef NS_ENUM(NSInteger, VenueKind) { VenueKindBar, VenueKindMuseum };
        """,
        "Headers/Owner.h": """
        @interface Owner : CKObject
        @property (nonatomic, copy) NSString *name;
        @end
        """,
    ]

    private func run(_ mappings: String, sample: String = "{}") -> GenerationResult {
        var files = Self.headers
        files["app.mappings"] = mappings
        files["venue.json"] = sample
        return generate(config: Self.config, files)
    }

    private func property(_ result: GenerationResult, _ model: String, _ name: String) -> ResolvedProperty? {
        result.schema?.objects.first { $0.swiftName == model }?.properties.first { $0.swiftName == name }
    }

    @Test func headersTypeTheClassesThroughSuperclassesAndCategories() throws {
        let result = run(
            """
            {
              "$Owner": { "@class": "Owner", "name": "full_name" },
              "$Venue": {
                "@class": "Venue",
                "name": "name", "website": "url", "latitude": "location.lat",
                "rating": "rating", "visits": "stats.visits", "checked": "checked",
                "owner": { "@keyPath": "owner", "@object": { "@mappings": "$Owner" } },
                "staff": "staff",
                "guests": { "@keyPath": "guests", "@object": { "@mappings": "$Owner" } },
                "extra": "extra", "anything": "any", "open": "is_open", "coordinate": "coordinate", "kind": "kind"
              }
            }
            """,
            sample: #"{"rating": 4.5, "stats": {"visits": 12}, "checked": true}"#
        )
        #expect(
            messages(result) == [
                "Headers/Models/Venue.h:12:54: warning: 'CLLocationCoordinate2D' of 'coordinate' has no JSON form the generator knows; it is a JSONValue"
            ]
        )
        let expected: [(String, ResolvedType, Bool, Bool)] = [
            ("name", .string, false, true),  // nonnull in the assumed region
            ("website", .url, false, false),
            ("latitude", .double, false, true),  // a scalar always has a value
            ("rating", .double, false, false),
            ("visits", .int, false, false),
            ("checked", .bool, false, false),
            ("owner", .named("Owner"), false, false),
            ("staff", .named("Owner"), true, false),
            ("guests", .named("Owner"), true, false),
            ("extra", .any, false, false),
            ("anything", .any, false, false),
            ("open", .bool, false, true),
            ("coordinate", .any, false, false),
            ("kind", .int, false, true),  // an NS_ENUM of NSInteger, declared in another header
        ]
        for (name, type, isArray, isRequired) in expected {
            let resolved = try #require(property(result, "Venue", name), "\(name)")
            #expect(resolved.type == type, "\(name)")
            #expect(resolved.isArray == isArray, "\(name)")
            #expect(resolved.isRequired == isRequired, "\(name)")
        }
    }

    @Test func anNSNumberNoSampleNarrowsIsADoubleWithANote() {
        let result = run(#"{ "$Venue": { "@class": "Venue", "rating": "rating" } }"#)
        #expect(
            result.diagnostics.all.map { "\($0.location): \($0.severity.rawValue): \($0.message)" } == [
                "Headers/Models/Venue.h:4:41: note: 'rating' is an NSNumber and no sample says which number it holds; it is a Double"
            ]
        )
        #expect(property(result, "Venue", "rating")?.type == .double)
        #expect(!result.files.isEmpty)
    }

    @Test func anNSNumbersDefaultSaysWhichNumberItIs() {
        let result = run(
            #"{ "$Venue": { "@class": "Venue", "visits": { "@keyPath": "v", "@defaultValue": 0 }, "checked": { "@keyPath": "c", "@defaultValue": false } } }"#
        )
        #expect(messages(result).isEmpty, "\(messages(result))")
        #expect(property(result, "Venue", "visits")?.type == .int)
        #expect(property(result, "Venue", "checked")?.type == .bool)
    }

    /// Models keep their Objective-C class names unless the config's naming says otherwise; the header and a sample
    /// named by the class still apply.
    @Test func namingOverridesRenameAClass() throws {
        var files = Self.headers
        files["app.mappings"] = """
            {
              "$Owner": { "@class": "Owner", "name": "name" },
              "$Venue": { "@class": "Venue", "visits": "visits", "owner": { "@keyPath": "owner", "@object": { "@class": "Owner" } } }
            }
            """
        files["venue.json"] = #"{"visits": 3, "owner": {"name": "n"}}"#
        let result = generate(
            config: Self.config + "naming: { overrides: { Venue: Place2, Owner: Host } }\n",
            files
        )
        #expect(messages(result).isEmpty, "\(messages(result))")
        #expect(result.schema?.objects.map(\.swiftName) == ["Host", "Place2"])
        #expect(property(result, "Place2", "visits")?.type == .int)
        #expect(property(result, "Place2", "owner")?.type == .named("Host"))
        #expect(file(result, "Place2.swift")?.contains("public var owner: Optional<Host>") == true)
    }

    @Test func aClassNoHeaderDeclaresIsAnErrorThatSaysSo() {
        let result = run(#"{ "$Model": { "@class": "Model", "message": "text" } }"#)
        // `Model` names the typealias generated bodies and fields declare, so the class is renamed too.
        #expect(
            messages(result) == [
                "app.mappings:1:25: warning: mapping '$Model' is named 'ModelObject' in Swift, since 'Model' would hide the type of that name",
                "app.mappings:1:34: error: the type of 'message' in '$Model' cannot be known",
                // The suite's config names a sample for `Venue`, which these mappings don't make.
                "model-generator.yaml:3:19: warning: the sample 'Venue' names no mapped model, so no model reads it",
            ]
        )
        #expect(result.diagnostics.errors.first?.hint?.contains("'@interface Model'") == true)
    }

    @Test func propertiesInheritTransformOnlyContextsNamedAfterTheirSelector() throws {
        let result = run(
            """
            {
              "$trimmed_string": { "@transformClass": "NSString", "@transformSelector": "trimmedString:error:" },
              "$strict": { "@inherits": ["$trimmed_string"], "@optional": 0 },
              "$Venue": {
                "@class": "Venue",
                "name": { "@keyPath": "title", "@inherits": ["$strict"] },
                "website": { "@keyPath": "url", "@inherits": "$trimmed_string", "@transformSelector": "URLFromString:" }
              }
            }
            """
        )
        #expect(messages(result).isEmpty, "\(messages(result))")
        let name = try #require(property(result, "Venue", "name"))
        #expect(name.formatter?.typeName == "TrimmedString")
        #expect(name.keyPath == ["title"])
        #expect(name.isRequired)
        // The property's own attributes win over inherited ones.
        #expect(property(result, "Venue", "website")?.formatter?.typeName == "URLFromString")
        #expect(file(result, "Venue.swift")?.contains("formatter: TrimmedString.self") == true)
    }

    @Test func aPropertyInheritsOnlyContextsOfAttributes() {
        let result = run(
            """
            {
              "$Owner": { "@class": "Owner", "name": "name" },
              "$Venue": { "@class": "Venue", "name": { "@inherits": ["$Owner", "$missing"] } }
            }
            """
        )
        #expect(
            messages(result) == [
                "app.mappings:3:58: error: 'name' inherits '$Owner', which maps a model; a property inherits only a context of attributes, such as a transform",
                "app.mappings:3:68: error: 'name' inherits '$missing', which no mapping defines",
            ]
        )
    }

    @Test func selectorsKeepOneBranchAndSayWhich() throws {
        let result = run(
            """
            {
              "$Venue": {
                "@class": "Venue",
                "name": "name",
                "@ipad": { "name": "ipad_name", "rating": "ipad_rating" },
                "@iphone": { "name": "phone_name" },
                "@ios >= 7": { "website": "url" },
                "@ios < 7": { "website": "legacy_url" },
                "latitude": { "@keyPath": "lat", "@iphone5": { "@keyPath": "lat5" } }
              }
            }
            """
        )
        #expect(
            result.diagnostics.all.map { "\($0.location): \($0.severity.rawValue): \($0.message)" } == [
                "app.mappings:5:5: note: the '@ipad' branch is dropped: generated models are the same on every device, and take the iPhone's definitions",
                "app.mappings:6:5: note: the '@iphone' branch is kept: generated models are the same on every device, and take the iPhone's definitions",
                "app.mappings:7:5: note: the '@ios >= 7' branch is kept: it holds on iOS 16, the oldest iOS ModelRuntime supports",
                "app.mappings:8:5: note: the '@ios < 7' branch is dropped: it does not hold on iOS 16, the oldest iOS ModelRuntime supports",
                "app.mappings:9:38: note: the '@iphone5' branch is dropped: generated models are the same on every device, and take the iPhone's definitions",
            ]
        )
        let venue = try #require(result.schema?.objects.first { $0.swiftName == "Venue" })
        #expect(venue.properties.map(\.swiftName) == ["name", "latitude", "website"])
        #expect(venue.properties.map(\.keyPath) == [["phone_name"], ["lat"], ["url"]])
    }

    /// The selectors as CKCascadingTree registers them: both spellings of each device alias, raw `@device[…]`
    /// formats, build configurations, and comma-joined lists kept when one of their selectors holds.
    @Test func everySelectorTheCascadingTreeKnowsKeepsOneBranch() throws {
        let result = run(
            """
            {
              "$Venue": {
                "@class": "Venue",
                "@iPad": { "name": "ipad_name" },
                "@iPhone": { "name": "phone_name" },
                "@iPhone6+": { "website": "big_url" },
                "@iPad, @iphone": { "website": "url" },
                "@device[userInterfaceIdiom='UIUserInterfaceIdiomPad']": { "latitude": "pad_lat" },
                "@device[ userInterfaceIdiom = 'UIUserInterfaceIdiomPhone' ]": { "latitude": "lat" },
                "@debug": { "open": "debug_open" },
                "@release": { "open": "open" }
              }
            }
            """
        )
        #expect(
            result.diagnostics.all.map { "\($0.location): \($0.severity.rawValue): \($0.message)" } == [
                "app.mappings:4:5: note: the '@iPad' branch is dropped: generated models are the same on every device, and take the iPhone's definitions",
                "app.mappings:5:5: note: the '@iPhone' branch is kept: generated models are the same on every device, and take the iPhone's definitions",
                "app.mappings:6:5: note: the '@iPhone6+' branch is dropped: generated models are the same on every device, and take the iPhone's definitions",
                "app.mappings:7:5: note: the '@iPad, @iphone' branch is kept: generated models are the same on every device, and take the iPhone's definitions",
                "app.mappings:8:5: note: the '@device[userInterfaceIdiom='UIUserInterfaceIdiomPad']' branch is dropped: generated models are the same on every device, and take the iPhone's definitions",
                "app.mappings:9:5: note: the '@device[ userInterfaceIdiom = 'UIUserInterfaceIdiomPhone' ]' branch is kept: generated models are the same on every device, and take the iPhone's definitions",
                "app.mappings:10:5: note: the '@debug' branch is dropped: generated models are the same in every build, and take the release build's definitions",
                "app.mappings:11:5: note: the '@release' branch is kept: generated models are the same in every build, and take the release build's definitions",
            ]
        )
        let venue = try #require(result.schema?.objects.first { $0.swiftName == "Venue" })
        #expect(venue.properties.map(\.swiftName) == ["name", "website", "latitude", "open"])
        #expect(venue.properties.map(\.keyPath) == [["phone_name"], ["url"], ["lat"], ["open"]])
    }

    @Test func aMalformedSelectorIsAnError() {
        let result = run(#"{ "$Venue": { "@class": "Venue", "@ios newest": { "name": "n" }, "name": "name" } }"#)
        #expect(
            messages(result) == [
                "app.mappings:1:34: error: '@ios newest' is not an OS selector; write it as '@ios >= 7'"
            ]
        )
    }
}
