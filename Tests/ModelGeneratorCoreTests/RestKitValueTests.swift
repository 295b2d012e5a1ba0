import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// Models imported from RestKit read the values RestKit's mapping operation read: numbers and booleans sent as text,
/// numbers into strings, its default date formats, and a missing or `null` scalar as 0 or `NO`; other imports stay
/// strict.
@Suite struct RestKitValueTests {
    /// A place as a RestKit 0.10 app declared it: scalars, a `nonnull` string, and a date without a format of the
    /// app's own.
    static let placeHeader = ObjCMappingImporter.SourceFile(
        path: "Place.h",
        text: """
            @interface Place : NSObject
            @property (nonatomic, assign) NSInteger placeId;
            @property (nonatomic, assign) double latitude;
            @property (nonatomic, assign) BOOL mappable;
            @property (nonatomic, copy, nonnull) NSString *name;
            @property (nonatomic, strong) NSNumber *rank;
            @property (nonatomic, strong) NSDate *observedOn;
            @end
            """
    )

    static let placeMapping = """
        @implementation PlaceMappings
        + (RKObjectMapping *)placeMapping {
            RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Place class]];
            [mapping mapKeyPath:@"id" toAttribute:@"placeId"];
            [mapping mapKeyPath:@"latitude" toAttribute:@"latitude"];
            [mapping mapKeyPath:@"mappable" toAttribute:@"mappable"];
            [mapping mapKeyPath:@"name" toAttribute:@"name"];
            [mapping mapKeyPath:@"rank" toAttribute:@"rank"];
            [mapping mapKeyPath:@"observed_on" toAttribute:@"observedOn"];
            return mapping;
        }
        @end
        """

    private func importing(
        _ code: String,
        system: ObjCMappingSystem = .restkit,
        headers: [ObjCMappingImporter.SourceFile] = [placeHeader]
    ) -> String {
        ObjCMappingImporter.importMappings(
            from: system,
            files: [.init(path: "Mappings.m", text: code)],
            headers: headers,
            samples: [:]
        ).yaml
    }

    /// The property lines of the YAML, without comments.
    private func propertyLines(_ yaml: String) -> [String] {
        yaml.split(separator: "\n").map(String.init).filter { $0.hasPrefix("      ") && !$0.contains("#") }
    }

    @Test func aScalarReadsTextAndIsZeroWhenMissingOrNull() {
        let lines = propertyLines(importing(Self.placeMapping))
        #expect(
            lines.contains(
                "      placeId: { keyPath: id, type: Int, formatter: LenientIntFormatter, default: 0, nullAsMissing: true }"
            )
        )
        #expect(
            lines.contains(
                "      latitude: { keyPath: latitude, type: Double, formatter: LenientDoubleFormatter, default: 0, nullAsMissing: true }"
            )
        )
        #expect(
            lines.contains(
                "      mappable: { keyPath: mappable, type: Bool, formatter: LenientBoolFormatter, default: false, nullAsMissing: true }"
            )
        )
    }

    @Test func aPointerIsOptionalWhateverItsNullabilityAndReadsLeniently() {
        let lines = propertyLines(importing(Self.placeMapping))
        #expect(
            lines.contains(
                "      name: { keyPath: name, type: String, formatter: LenientStringFormatter, optional: true }"
            )
        )
        #expect(
            lines.contains(
                "      rank: { keyPath: rank, type: Double, formatter: LenientDoubleFormatter, optional: true }"
            )
        )
    }

    @Test func aDateReadsRestKitsDefaultFormatsAfterTheAppsOwn() {
        let lines = propertyLines(importing(Self.placeMapping))
        #expect(
            lines.contains(
                "      observedOn: { keyPath: observed_on, type: Date, formatter: RestKitDateFormatter, optional: true }"
            )
        )
        let withPattern = Self.placeMapping.replacingOccurrences(
            of: "return mapping;",
            with:
                #"[RKObjectMapping addDefaultDateFormatterForString:@"E MMM d HH:mm:ss Z y" inTimeZone:nil]; return mapping;"#
        )
        #expect(
            propertyLines(importing(withPattern)).contains(
                #"      observedOn: { keyPath: observed_on, type: Date, formatter: RestKitPatternDateFormatter, userData: { format: "E MMM d HH:mm:ss Z y" }, optional: true }"#
            )
        )
    }

    @Test func aLenientScalarsDefaultIsALiteralInTheCode() throws {
        let generated = generate(
            config: "mappings: [mappings.yaml]\noutput: Generated\n",
            ["mappings.yaml": importing(Self.placeMapping)]
        )
        #expect(messages(generated) == [])
        let code = try #require(file(generated, "Place.swift"))
        #expect(code.contains("formatter: LenientIntFormatter.self) ?? 0"), "\(code)")
        #expect(code.contains("formatter: LenientBoolFormatter.self) ?? false"), "\(code)")
        #expect(!code.contains("Default"), "\(code)")
    }

    /// A default converted through the app's formatter sits in a static; after `??` the statement's `try` covers it.
    @Test func aConvertedDefaultOfANullAsMissingPropertyHasOneTry() throws {
        let mapping = """
            mappings:
              Reading:
                properties:
                  level: { keyPath: level, type: Double, formatter: Scaled, default: 1, nullAsMissing: true }
            """
        let generated = generate(config: "mappings: [m.yaml]\noutput: Generated\n", ["m.yaml": mapping])
        let code = try #require(file(generated, "Reading.swift"))
        #expect(code.contains("?? Self.levelDefault.get()"), "\(code)")
        #expect(!code.contains("?? try"), "\(code)")
    }

    @Test func theFileSaysWhyTheFormattersAreThere() {
        let yaml = importing(Self.placeMapping)
        #expect(yaml.contains("# As RestKit did, numbers and booleans may come as text"))
    }

    /// MMDataObject set what it found as KVC converts it, so its models take none of RestKit's readings of text as
    /// numbers, nor a `null` as a missing key (KVC raised on `NSNull` for a scalar); a key it didn't find left the
    /// property `nil` or 0, as `anMMDataObjectPropertyWhoseKeyIsMissingIsNilOrZero` checks.
    @Test func mmDataObjectKeepsItsOwnReading() {
        let header = ObjCMappingImporter.SourceFile(
            path: "Place.h",
            text: """
                @interface MMDataObject : NSObject
                @end
                @interface Place : MMDataObject
                @property (nonatomic, assign) double latitude;
                @property (nonatomic, copy, nonnull) NSString *name;
                @end
                """
        )
        let code = """
            @implementation Place
            - (id)init {
                self = [super init];
                if (self) { [self setAlias:@"lat" forPropertyName:@"latitude"]; }
                return self;
            }
            @end
            """
        let yaml = importing(code, system: .mmdataobject, headers: [header])
        let lines = propertyLines(yaml)
        #expect(lines.contains("      latitude: { keyPath: lat, type: Double, default: 0 }"), "\(yaml)")
        #expect(lines.contains("      name: { keyPath: name, type: String, optional: true }"), "\(yaml)")
        #expect(!yaml.contains("Lenient"))
        #expect(!yaml.contains("nullAsMissing"))
        #expect(!yaml.contains("As RestKit did"))
    }
}

/// A real observation that RestKit mapped, decoded by the model imported from a mapping of its shape.
/// On a thread of its own: the generated package builds.
@Suite(.onOwnThread) struct RestKitRealPayloadTests {
    /// Written after iNaturalist's `ExploreObservation.h` and `ExploreMappingProvider.m` (0.10's `mapKeyPath:`) at
    /// 620e21c: the same JSON keys and Objective-C types, a few of its properties.
    static let header = ObjCMappingImporter.SourceFile(
        path: "Sighting.h",
        text: """
            #import <CoreLocation/CoreLocation.h>
            @interface Sighting : NSObject
            @property (nonatomic, assign) NSInteger sightingId;
            @property (nonatomic, assign) CLLocationDegrees latitude;
            @property (nonatomic, assign) CLLocationDegrees longitude;
            @property (nonatomic, copy) NSString *guess;
            @property (nonatomic, assign) NSInteger observerId;
            @property (nonatomic, copy) NSDate *seenAt;
            @property (nonatomic, copy) NSDate *seenOn;
            @property (nonatomic, assign) BOOL needsId;
            @property (nonatomic, assign) BOOL mappable;
            @property (nonatomic, assign) NSInteger accuracy;
            @property (nonatomic, assign) BOOL obscured;
            @property (nonatomic, copy) NSString *taxonName;
            @property (nonatomic, copy) NSString *notes;
            @property (nonatomic, copy) NSString *taxonTitle;
            @end
            """
    )

    static let mapping = """
        @implementation SightingMappings
        + (RKObjectMapping *)sightingMapping {
            RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Sighting class]];
            [mapping mapKeyPath:@"id" toAttribute:@"sightingId"];
            [mapping mapKeyPath:@"latitude" toAttribute:@"latitude"];
            [mapping mapKeyPath:@"longitude" toAttribute:@"longitude"];
            [mapping mapKeyPath:@"species_guess" toAttribute:@"guess"];
            [mapping mapKeyPath:@"user_id" toAttribute:@"observerId"];
            [mapping mapKeyPath:@"time_observed_at_utc" toAttribute:@"seenAt"];
            [mapping mapKeyPath:@"observed_on" toAttribute:@"seenOn"];
            [mapping mapKeyPath:@"id_please" toAttribute:@"needsId"];
            [mapping mapKeyPath:@"mappable" toAttribute:@"mappable"];
            [mapping mapKeyPath:@"public_positional_accuracy" toAttribute:@"accuracy"];
            [mapping mapKeyPath:@"coordinates_obscured" toAttribute:@"obscured"];
            [mapping mapKeyPath:@"taxon.name" toAttribute:@"taxonName"];
            [mapping mapKeyPath:@"description" toAttribute:@"notes"];
            [mapping mapKeyPath:@"taxon.wikipedia_title" toAttribute:@"taxonTitle"];
            return mapping;
        }
        @end
        """

    static let main = #"""
        import Foundation
        import Sightings
        import ModelRuntime

        let folder = URL(fileURLWithPath: CommandLine.arguments[1])
        let payload = try Data(contentsOf: folder.appendingPathComponent("observation.json"))
        let (sighting, report) = try DecodingReport.decode(Sighting.self, from: payload)
        print(sighting.sightingId, sighting.latitude, sighting.longitude, sighting.observerId)
        print(sighting.seenOn.map(ISO8601DateCoding.string) ?? "nil", sighting.seenAt.map(ISO8601DateCoding.string) ?? "nil")
        print(sighting.needsId, sighting.mappable, sighting.accuracy, sighting.obscured)
        print(sighting.guess ?? "nil", sighting.taxonName ?? "nil")
        for entry in report.entries where entry.kind == .defaultApplied {
            print("default", entry.keyPath, entry.value.map { "\($0)" } ?? "nil")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try JSONSerialization.jsonObject(with: encoder.encode(sighting)) as! [String: Any]
        print(
            "encoded", encoded["longitude"] is Double, encoded["observed_on"] as? String ?? "nil",
            encoded["public_positional_accuracy"] as? Int ?? -1, encoded["mappable"] as? Bool ?? false
        )
        // The observation's `null`s, read through `LenientStringFormatter` at a key and at a key path, go back.
        let taxon = encoded["taxon"] as? [String: Any] ?? [:]
        print("nulls", sighting.notes == nil, encoded["description"] is NSNull, taxon["wikipedia_title"] is NSNull)
        """#

    @Test func theRealObservationDecodesAsRestKitMappedIt() async throws {
        let output = try await runImported(
            Self.mapping,
            header: Self.header,
            package: "RestKitValues",
            module: "Sightings",
            main: Self.main
        )
        #expect(
            output.split(separator: "\n").map(String.init) == [
                "4985528 37.62412 -122.1417778333 44845",
                "2017-01-21T00:00:00.000Z 2017-01-21T23:40:56.000Z",
                "false true 0 false",
                "Willet Tringa semipalmata",
                "default coordinates_obscured bool(false)",
                "default public_positional_accuracy int(0)",
                "encoded true 2017-01-21T00:00:00.000Z 0 true",
                "nulls true true true",
            ]
        )
    }
}

/// A to-many relationship of a real observation, which RestKit filled from an array or from one object sent alone,
/// decoded by the model imported from a mapping of its shape through both decoding paths.
/// On a thread of its own: the generated package builds.
@Suite(.onOwnThread) struct RestKitToManyPayloadTests {
    /// Written after iNaturalist's `ExploreObservation.h`, `ExploreIdentification.h` and `ExploreMappingProvider.m`
    /// (0.10's `mapKeyPath:toRelationship:withMapping:`) at 620e21c: the same JSON keys and Objective-C types.
    static let header = ObjCMappingImporter.SourceFile(
        path: "Sighting.h",
        text: """
            @interface Identification : NSObject
            @property (nonatomic, assign) NSInteger identificationId;
            @property (nonatomic, copy) NSString *identificationScientificName;
            @property (nonatomic, copy) NSString *identifierName;
            @end
            @interface Sighting : NSObject
            @property (nonatomic, assign) NSInteger sightingId;
            @property (nonatomic, copy) NSArray *identifications;
            @end
            """
    )

    static let mapping = """
        @implementation SightingMappings
        + (RKObjectMapping *)identificationMapping {
            RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Identification class]];
            [mapping mapKeyPath:@"id" toAttribute:@"identificationId"];
            [mapping mapKeyPath:@"taxon.name" toAttribute:@"identificationScientificName"];
            [mapping mapKeyPath:@"user.login" toAttribute:@"identifierName"];
            return mapping;
        }
        + (RKObjectMapping *)sightingMapping {
            RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Sighting class]];
            [mapping mapKeyPath:@"id" toAttribute:@"sightingId"];
            [mapping mapKeyPath:@"identifications" toRelationship:@"identifications" withMapping:[self identificationMapping]];
            return mapping;
        }
        @end
        """

    /// The other forms a mapping may give `singleAsArray`, compiled and decoded beside the import.
    static let handWritten = """
        mappings:
          Checklist:
            properties:
              tags: { keyPath: meta.tags, type: "[String]", singleAsArray: true, default: [] }
              seen: { keyPath: seen, type: "[Date]", singleAsArray: true, optional: true }
          Checklists:
            properties:
              lists: { keyPath: "@self", collection: Checklist, singleAsArray: true }
        """

    static let main = #"""
        import Foundation
        import ToManySightings
        import ModelRuntime

        let folder = URL(fileURLWithPath: CommandLine.arguments[1])
        let listed = try Data(contentsOf: folder.appendingPathComponent("observation.json"))
        // The same observation with its first identification sent alone, as a server sent a to-many relationship
        // with one member.
        var object = try JSONSerialization.jsonObject(with: listed) as! [String: Any]
        object["identifications"] = (object["identifications"] as! [Any])[0]
        let alone = try JSONSerialization.data(withJSONObject: object)

        func show(_ label: String, _ sighting: Sighting) {
            let names = (sighting.identifications ?? []).map {
                "\($0.identificationId) \($0.identificationScientificName ?? "nil") \($0.identifierName ?? "nil")"
            }
            print(label, sighting.sightingId, names)
        }
        for (label, data) in [("listed", listed), ("alone", alone)] {
            show(label, try JSONDecoder().decode(Sighting.self, from: data))
            show(label + " tree", try JSONValue(parsing: data).decoded(as: Sighting.self))
        }
        let encoded = try JSONSerialization.jsonObject(
            with: JSONEncoder().encode(try JSONDecoder().decode(Sighting.self, from: alone))
        ) as! [String: Any]
        print("encoded", (encoded["identifications"] as? [Any])?.count ?? -1)

        let lists = try JSONDecoder().decode(
            Checklists.self,
            from: Data(#"{"meta": {"tags": "shorebird"}, "seen": "2017-01-21T23:40:56Z"}"#.utf8)
        )
        print("lists", lists.lists.count, lists.lists[0].tags, lists.lists[0].seen?.count ?? -1)
        let many = try JSONValue(parsing: Data(#"[{"seen": ["2017-01-21T23:40:56Z"]}, {"meta": {"tags": ["a", "b"]}}]"#.utf8))
            .decoded(as: Checklists.self)
        print("lists", many.lists.count, many.lists[0].tags, many.lists[1].tags, many.lists[1].seen == nil)
        let written = String(decoding: try JSONEncoder().encode(lists), as: UTF8.self)
        print("written", written.hasPrefix("[{") && written.contains(#""tags":["shorebird"]"#))
        """#

    @Test func oneObjectInAToManyRelationshipIsAListOfOne() async throws {
        let output = try await runImported(
            Self.mapping,
            header: Self.header,
            more: Self.handWritten,
            package: "RestKitToMany",
            module: "ToManySightings",
            main: Self.main
        )
        let both = #"["10075730 Tringa semipalmata alexshepard", "10135174 Tringa semipalmata devonderaad"]"#
        let first = #"["10075730 Tringa semipalmata alexshepard"]"#
        #expect(
            output.split(separator: "\n").map(String.init) == [
                "listed 4985528 \(both)",
                "listed tree 4985528 \(both)",
                "alone 4985528 \(first)",
                "alone tree 4985528 \(first)",
                "encoded 1",
                #"lists 1 ["shorebird"] 1"#,
                #"lists 2 [] ["a", "b"] true"#,
                "written true",
            ]
        )
    }
}

/// Imports RestKit mapping code with its header (and, with `more`, a hand-written mapping file beside it), generates
/// the models into `module` of a package, and runs `main` on iNaturalist's real observation (`observation.json`);
/// returns what it printed.
private func runImported(
    _ mapping: String,
    header: ObjCMappingImporter.SourceFile,
    more: String? = nil,
    package: String,
    module: String,
    main: String
) async throws -> String {
    let (yaml, diagnostics) = ObjCMappingImporter.importMappings(
        from: .restkit,
        files: [.init(path: "SightingMappings.m", text: mapping)],
        headers: [header],
        samples: [:]
    )
    #expect(!diagnostics.hasErrors)
    var files = ["mappings.yaml": yaml]
    if let more { files["more.yaml"] = more }
    let generated = generate(
        config: "mappings: [\(files.keys.sorted().joined(separator: ", "))]\noutput: Generated\n",
        files
    )
    #expect(messages(generated).filter { $0.contains("error") } == [])
    let payload = try String(
        contentsOf: CommandLineTests.packageRoot.appendingPathComponent(
            "Tests/ObjCSources/iNaturalist/WilletObservationRails.json"
        ),
        encoding: .utf8
    )
    return try await GeneratedPackage(
        name: package,
        modules: [module: Dictionary(uniqueKeysWithValues: generated.files.map { ($0.path, $0.contents) })],
        main: main,
        resources: ["observation.json": payload]
    ).buildAndRun()
}
