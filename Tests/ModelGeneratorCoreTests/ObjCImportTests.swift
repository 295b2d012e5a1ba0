import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// `ObjCMappingImporter` on the call forms apps wrote: what each becomes in the YAML, and the located warning for
/// each form it cannot carry over.
@Suite struct ObjCImportTests {
    static let headers = ObjCMappingImporter.SourceFile(
        path: "Models.h",
        text: """
            #define kIdentifierKey @"id"
            extern NSString * const kNameKey;
            NS_ASSUME_NONNULL_BEGIN
            @interface Author : NSObject
            @property (nonatomic, copy) NSString *name;
            @property (nonatomic, strong) NSNumber *identifier;
            @property (nonatomic, strong, nullable) NSArray<NSNumber *> *ratings;
            @property (nonatomic, strong, nullable) NSArray<NSNumber *> *scores;
            @end
            @interface Article : NSObject
            @property (nonatomic, copy) NSString *title;
            @property (nonatomic, copy, nullable) NSURL *link;
            @property (nonatomic, strong, nullable) Author *author;
            @property (nonatomic, strong, nullable) NSArray<Author *> *editors;
            @property (nonatomic, strong, nullable) NSArray<NSString *> *tags;
            @property (nonatomic, strong, nullable) NSDictionary *extra;
            @property (nonatomic, assign) CLLocationCoordinate2D place;
            @property (nonatomic, assign) BOOL published;
            @property (nonatomic, strong, nullable) NSDate *date;
            @end
            NS_ASSUME_NONNULL_END
            """
    )

    private func importing(
        _ code: String,
        system: ObjCMappingSystem = .restkit,
        headers: [ObjCMappingImporter.SourceFile] = [headers],
        samples: [String: SyntaxNode] = [:]
    ) -> (yaml: String, messages: [String]) {
        let (yaml, diagnostics) = ObjCMappingImporter.importMappings(
            from: system,
            files: [.init(path: "Mappings.m", text: code)],
            headers: headers,
            samples: samples
        )
        return (yaml, diagnostics.sorted.map { "\($0.location): \($0.severity.rawValue): \($0.message)" })
    }

    /// The property lines of the YAML, without comments.
    private func propertyLines(_ yaml: String) -> [String] {
        yaml.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  ") && !$0.contains("#") }
    }

    /// The written file says where it came from in its first lines: the system, then the files, as a sentence.
    @Test func theHeaderNamesTheImportedFiles() {
        let (yaml, _) = ObjCMappingImporter.importMappings(
            from: .restkit,
            files: [
                .init(path: "App/A.m", text: "@implementation A\n@end\n"),
                .init(path: "App/B.m", text: "@implementation B\n@end\n"),
            ],
            headers: [Self.headers]
        )
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).prefix(2)
        #expect(
            Array(lines) == [
                "# Imported by `model-generator import --from restkit` from the RestKit mappings in",
                "# App/A.m, App/B.m.",
            ],
            "\(yaml)"
        )
    }

    @Test func restKit020ClassMethodsConstantsAndRelationships() {
        let (yaml, messages) = importing(
            """
            NSString * const kNameKey = @"full_name";
            static NSString * const kPublishedDateKey = @"pub_date";
            static NSString *kWebURLKey = @"web_url";
            @implementation Author
            + (RKObjectMapping *)objectMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:self.class];
                [mapping addAttributeMappingsFromDictionary:@{ kIdentifierKey : @"identifier", kNameKey : @"name" }];
                return mapping;
            }
            @end
            @implementation Article
            + (RKObjectMapping *)objectMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[self class]];
                [mapping addAttributeMappingsFromArray:@[ @"title", @"tags", @"extra", @"place", @"published" ]];
                [mapping addAttributeMappingsFromDictionary:@{ kWebURLKey : @"link", kPublishedDateKey : @"date" }];
                [mapping addPropertyMapping:[RKRelationshipMapping relationshipMappingFromKeyPath:@"by" toKeyPath:@"author" withMapping:[Author objectMapping]]];
                RKRelationshipMapping *editors = [RKRelationshipMapping relationshipMappingFromKeyPath:@"editors" toKeyPath:@"editors" withMapping:[Author objectMapping]];
                [mapping addPropertyMapping:editors];
                [RKObjectMapping addDefaultDateFormatterForString:@"yyyy-MM-dd" inTimeZone:[NSTimeZone timeZoneWithName:@"Europe/Paris"]];
                return mapping;
            }
            @end
            """
        )
        #expect(
            propertyLines(yaml) == [
                "  Author:",
                "    properties:",
                "      identifier: { keyPath: id, type: Double, formatter: LenientDoubleFormatter, optional: true }",
                "      name: { keyPath: full_name, type: String, formatter: LenientStringFormatter, optional: true }",
                "  Article:",
                "    properties:",
                "      title: { keyPath: title, type: String, formatter: LenientStringFormatter, optional: true }",
                "      tags: { keyPath: tags, type: \"[String]\", singleAsArray: true, optional: true }",
                "      extra: { keyPath: extra, type: JSONValue, optional: true }",
                "      place: { keyPath: place, type: JSONValue, optional: true }",
                "      published: { keyPath: published, type: Bool, formatter: LenientBoolFormatter, default: false, nullAsMissing: true }",
                "      link: { keyPath: web_url, type: URL, optional: true }",
                #"      date: { keyPath: pub_date, type: Date, formatter: RestKitPatternDateFormatter, userData: { format: "yyyy-MM-dd", timeZone: "Europe/Paris" }, optional: true }"#,
                "      author: { keyPath: by, object: Author, optional: true }",
                "      editors: { keyPath: editors, collection: Author, singleAsArray: true, optional: true }",
            ]
        )
        #expect(
            messages == [
                "Models.h:6:41: note: 'Author.identifier' is an NSNumber with no sample to say which number it holds; it is imported as Double",
                "Models.h:17:54: warning: 'CLLocationCoordinate2D' of 'Article.place' has no JSON form the generator knows; it is imported as JSONValue",
            ]
        )
    }

    @Test func restKit010FormsAndASampleNarrowingNumbers() throws {
        let sample = try #require(
            try DocumentParser.parse(#"{"id": 7, "name": "n", "ratings": [4, 5]}"#, file: "a.json").get()
        )
        let (yaml, messages) = importing(
            """
            @implementation AppDelegate
            - (void)setUp {
                RKObjectMapping *authorMapping = [RKObjectMapping mappingForClass:[Author class]];
                [authorMapping mapKeyPathsToAttributes:@"id", @"identifier", @"name", @"name", @"ratings", @"ratings", @"scores", @"scores", nil];
                RKManagedObjectMapping *articleMapping = [RKManagedObjectMapping mappingForClass:[Article class] inManagedObjectStore:store];
                [articleMapping mapAttributes:@"title", nil];
                [articleMapping mapKeyPath:@"by" toRelationship:@"author" withMapping:authorMapping];
                [articleMapping hasMany:@"editors" withMapping:authorMapping];
            }
            @end
            """,
            samples: ["Author": sample]
        )
        #expect(
            propertyLines(yaml) == [
                "  Author:",
                "    properties:",
                "      identifier: { keyPath: id, type: Int, formatter: LenientIntFormatter, optional: true }",
                "      name: { keyPath: name, type: String, formatter: LenientStringFormatter, optional: true }",
                "      ratings: { keyPath: ratings, type: \"[Int]\", optional: true }",
                "      scores: { keyPath: scores, type: \"[Double]\", optional: true }",
                "  Article:",
                "    properties:",
                "      title: { keyPath: title, type: String, formatter: LenientStringFormatter, optional: true }",
                "      author: { keyPath: by, object: Author, optional: true }",
                "      editors: { keyPath: editors, collection: Author, singleAsArray: true, optional: true }",
            ]
        )
        // The sample has no scores, so they stay Doubles with a note.
        #expect(
            messages == [
                "Models.h:8:62: note: 'Author.scores' is an NSNumber with no sample to say which number it holds; it is imported as Double"
            ]
        )
    }

    @Test func anEnvelopeKeyPathIsANote() {
        let (_, messages) = importing(
            """
            @implementation AppDelegate
            - (void)setUp {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Author class]];
                [mapping addAttributeMappingsFromArray:@[ @"name" ]];
                [manager addResponseDescriptor:[RKResponseDescriptor responseDescriptorWithMapping:mapping method:RKRequestMethodGET pathPattern:@"/authors" keyPath:@"data.authors" statusCodes:nil]];
                [manager addResponseDescriptor:[RKResponseDescriptor responseDescriptorWithMapping:mapping method:RKRequestMethodGET pathPattern:@"/author" keyPath:nil statusCodes:nil]];
            }
            @end
            """
        )
        #expect(
            messages == [
                "Mappings.m:5:36: note: the response holds Author under the key path 'data.authors'; the model maps what is inside it"
            ]
        )
    }

    @Test func whatCannotBeReadIsAWarningNamingItsLine() {
        let (yaml, messages) = importing(
            """
            @implementation AppDelegate
            - (void)setUp {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Article class]];
                [mapping mapKeyPath:[NSString stringWithFormat:@"%@_title", prefix] toAttribute:@"title"];
                [mapping addAttributeMappingsFromDictionary:self.attributeMappings];
                [mapping mapKeyPath:@"summary" toAttribute:@"summary"];
                [mapping setDefaultValueForMissingAttributes:YES];
                [mapping mapRelationship:@"author" withMapping:[self authorMapping]];
                [RKObjectMapping addDefaultDateFormatter:formatter];
                RKObjectMapping *other = [RKObjectMapping mappingForClass:NSClassFromString(name)];
            }
            @end
            """
        )
        #expect(
            messages == [
                "Mappings.m:4:25: warning: a key path is computed at run time ('[NSString stringWithFormat:…]'); this line is not imported",
                "Mappings.m:5:49: warning: the attribute dictionary is computed at run time ('self.attributeMappings'); this line is not imported",
                "Mappings.m:6:25: warning: 'Article' declares no property 'summary' in the given headers; it is written without a type",
                "Mappings.m:7:5: warning: 'setDefaultValueForMissingAttributes:' is not imported: the importer reads attribute and relationship mappings only",
                "Mappings.m:8:52: warning: the mapping of relationship 'author' is computed at run time ('[self authorMapping]'); this line is not imported",
                "Mappings.m:9:5: warning: 'addDefaultDateFormatter:' takes a date formatter built at run time; its format is not imported",
                "Mappings.m:10:63: warning: the mapped class is computed at run time ('NSClassFromString(name)'); this line is not imported",
            ]
        )
        #expect(propertyLines(yaml).contains("      summary: { keyPath: summary, optional: true }"))
    }

    /// RestKit 0.10's property mapping objects, as its "Object Mapping" guide builds them; dynamic mappings (both
    /// generations) and a mapping bound to a name elsewhere are warnings at each line that uses them.
    @Test func restKit010MappingObjectsAndDynamicMappings() {
        let (yaml, messages) = importing(
            """
            RKObjectMapping *authorMapping = [RKObjectMapping mappingForClass:[Author class]];
            [authorMapping addAttributeMapping:[RKObjectAttributeMapping mappingFromKeyPath:@"full_name" toKeyPath:@"name"]];
            RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Article class]];
            RKObjectRelationshipMapping *by = [RKObjectRelationshipMapping mappingFromKeyPath:@"by" toKeyPath:@"author" withMapping:authorMapping];
            [mapping addRelationshipMapping:by];
            RKDynamicObjectMapping *people = [RKDynamicObjectMapping dynamicMapping];
            [people setObjectMapping:authorMapping whenValueOfKeyPath:@"type" isEqualTo:@"author"];
            [mapping mapKeyPath:@"editors" toRelationship:@"editors" withMapping:people];
            RKDynamicMapping *tagged = [[RKDynamicMapping alloc] init];
            [mapping addPropertyMapping:[RKRelationshipMapping relationshipMappingFromKeyPath:@"tags" toKeyPath:@"tags" withMapping:tagged]];
            [authorMapping addPropertyMapping:[RKAttributeMapping attributeMappingFromKeyPath:nil toKeyPath:@"identifier"]];
            [mapping addPropertyMapping:[RKRelationshipMapping relationshipMappingFromKeyPath:nil toKeyPath:@"editors" withMapping:authorMapping]];
            RKObjectMapping *elsewhere = [[RKObjectManager sharedManager] objectMappingForClass:[Author class]];
            [mapping hasOne:@"author" withMapping:elsewhere];
            [mapping hasMany:@"editors" withMapping:elsewhere];
            """
        )
        #expect(
            propertyLines(yaml).filter { $0.hasPrefix("      ") } == [
                "      name: { keyPath: full_name, type: String, formatter: LenientStringFormatter, optional: true }",
                #"      identifier: { keyPath: "@self", type: Double, formatter: LenientDoubleFormatter, optional: true }"#,
                "      author: { keyPath: by, object: Author, optional: true }",
                #"      editors: { keyPath: "@self", collection: Author, singleAsArray: true, optional: true }"#,
            ]
        )
        #expect(
            messages == [
                "Mappings.m:8:21: warning: the relationship 'editors' uses a dynamic mapping, which chose each object's class from the JSON at run time; this line is not imported",
                "Mappings.m:10:83: warning: the relationship 'tags' uses a dynamic mapping, which chose each object's class from the JSON at run time; this line is not imported",
                "Mappings.m:14:1: warning: the mapping of relationship 'author' is computed at run time ('[[RKObjectManager sharedManager] objectMappingForClass:[Author class]]', set on line 13); this line is not imported",
                "Mappings.m:15:1: warning: the mapping of relationship 'editors' is computed at run time ('[[RKObjectManager sharedManager] objectMappingForClass:[Author class]]', set on line 13); this line is not imported",
                "Models.h:6:41: note: 'Author.identifier' is an NSNumber with no sample to say which number it holds; it is imported as Double",
            ]
        )
    }

    @Test func keyValueCodingOperatorsInEveryFormAreWarnings() {
        let (yaml, messages) = importing(
            """
            @implementation AppDelegate
            - (void)setUp {
                RKObjectMapping *authorMapping = [RKObjectMapping mappingForClass:[Author class]];
                [authorMapping addAttributeMappingsFromArray:@[ @"name" ]];
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Article class]];
                [mapping addAttributeMappingsFromDictionary:@{ @"tags.@count" : @"published", @"title" : @"title" }];
                [mapping addPropertyMapping:[RKAttributeMapping attributeMappingFromKeyPath:@"@max.date" toKeyPath:@"date"]];
                [mapping addPropertyMapping:[RKRelationshipMapping relationshipMappingFromKeyPath:@"by.@firstObject" toKeyPath:@"author" withMapping:authorMapping]];
            }
            @end
            """
        )
        #expect(
            messages == [
                "Mappings.m:6:52: warning: 'tags.@count' applies the key-value coding operator '@count', which RestKit computed at run time; 'published' is not imported",
                "Mappings.m:7:81: warning: '@max.date' applies the key-value coding operator '@max', which RestKit computed at run time; 'date' is not imported",
                "Mappings.m:8:87: warning: 'by.@firstObject' applies the key-value coding operator '@firstObject', which RestKit computed at run time; 'author' is not imported",
            ]
        )
        #expect(
            propertyLines(yaml).filter { $0.hasPrefix("      ") } == [
                "      name: { keyPath: name, type: String, formatter: LenientStringFormatter, optional: true }",
                "      title: { keyPath: title, type: String, formatter: LenientStringFormatter, optional: true }",
            ]
        )
    }

    /// Boxed numbers, as RestKit's own tests write them around their mappings, are read as values, never as the
    /// bracket of a literal (which trapped on `@1`).
    @Test func boxedNumbersAreNoKeys() {
        let (yaml, messages) = importing(
            """
            @implementation AppDelegate
            - (void)setUp {
                NSNumber *count = @1;
                NSNumber *other = @(count.integerValue + 1);
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Article class]];
                [mapping addAttributeMappingsFromDictionary:@{ @"title" : @"title", @"n" : @2 }];
            }
            @end
            """
        )
        #expect(
            propertyLines(yaml).filter { $0.hasPrefix("      ") } == [
                "      title: { keyPath: title, type: String, formatter: LenientStringFormatter, optional: true }"
            ]
        )
        #expect(
            messages == [
                "Mappings.m:6:80: warning: the property for 'n' is computed at run time ('@2'); this line is not imported"
            ]
        )
    }

    @Test func filesWithoutAMappingAreAWarning() {
        let (yaml, messages) = importing(
            """
            @implementation AppDelegate
            - (void)load { [manager getObjectsAtPath:@"/articles" parameters:nil success:nil failure:nil]; }
            @end
            """
        )
        #expect(yaml.hasSuffix("mappings: {}\n"))
        #expect(
            messages == ["Mappings.m:1:1: warning: no RestKit mapping was found in this file; the YAML maps nothing"]
        )
    }

    /// RestKit before 0.9 mapped a class by the dictionaries its `RKObjectMappable` class methods returned. The file
    /// was "without a mapping", with a hint to name files that call `mappingForClass:`; each method says why now.
    @Test func restKitObjectMappableMethodsAreAWarningAtTheirLine() {
        let (yaml, messages) = importing(
            """
            @implementation Author
            + (NSDictionary*)elementToPropertyMappings {
                return [NSDictionary dictionaryWithKeysAndObjects:@"user_name", @"name", nil];
            }
            + (NSDictionary*)elementToRelationshipMappings {
                return [NSDictionary dictionary];
            }
            - (NSDictionary*)elementToPropertyMappings { return nil; }
            @end
            """
        )
        #expect(yaml.hasSuffix("mappings: {}\n"))
        #expect(
            messages == [
                "Mappings.m:1:1: warning: no RestKit mapping was found in this file; the YAML maps nothing",
                "Mappings.m:2:1: warning: '+elementToPropertyMappings' is the object mapping of RestKit before 0.9 (RKObjectMappable), which the import doesn't read; what it maps for 'Author' is not imported",
                "Mappings.m:5:1: warning: '+elementToRelationshipMappings' is the object mapping of RestKit before 0.9 (RKObjectMappable), which the import doesn't read; what it maps for 'Author' is not imported",
            ]
        )
    }

    @Test func mmDataObjectMapsEveryPropertyWithItsAliasesFormattersAndCollections() {
        let headers = ObjCMappingImporter.SourceFile(
            path: "Log.h",
            text: """
                @interface MMDataObject : NSObject
                @end
                @interface Entry : MMDataObject
                @property (nonatomic, strong) NSString *note;
                @end
                @interface Log : MMDataObject
                @property (nonatomic, strong) NSString *name;
                @property (nonatomic, strong) NSDate *day;
                @property (nonatomic, strong) NSArray *entries;
                @end
                """
        )
        let (yaml, messages) = importing(
            """
            #define kNameKey @"first_name"
            @implementation Log
            - (id)init {
                self = [super init];
                if (self) {
                    [self addFormatterForPropertyName:@"name" input:[Log shout] output:[Log whisper]];
                    [self setAlias:kNameKey forPropertyName:@"name"];
                    [self addFormatterForPropertyName:@"day" input:[MMDataObject stringToDateWithFormat:@"dd/MM/yyyy"] output:[MMDataObject dateToStringWithFormat:@"dd/MM/yyyy"]];
                    [self registerClass:[Entry class] forCollectionName:@"entries"];
                    [self setAlias:aliasFromServer forPropertyName:@"note"];
                }
                return self;
            }
            @end
            """,
            system: .mmdataobject,
            headers: [headers]
        )
        #expect(
            propertyLines(yaml) == [
                "  Log:",
                "    properties:",
                "      name: { keyPath: first_name, type: String, formatter: Shout, optional: true }",
                #"      day: { keyPath: day, type: Date, formatter: DatePatternFormatter, userData: { format: "dd/MM/yyyy" }, optional: true }"#,
                "      entries: { keyPath: entries, collection: Entry, optional: true }",
                "  Entry:",
                "    properties:",
                "      note: { keyPath: note, type: String, optional: true }",
            ]
        )
        #expect(
            messages == [
                "Mappings.m:10:24: warning: an alias is computed at run time ('aliasFromServer'); this line is not imported"
            ]
        )
    }

    /// MMDataObject's `initWithAttributes:` sets a property only from a key the dictionary has: a pointer declared
    /// `nonnull` (here by `NS_ASSUME_NONNULL_BEGIN`) stayed `nil` and a scalar 0 or `NO` when its key was missing,
    /// so the models decode such a payload as the app did, instead of failing on it.
    @Test func anMMDataObjectPropertyWhoseKeyIsMissingIsNilOrZero() {
        let header = ObjCMappingImporter.SourceFile(
            path: "Visit.h",
            text: """
                NS_ASSUME_NONNULL_BEGIN
                @interface Visit : MMDataObject
                @property (nonatomic, copy) NSString *reason;
                @property (nonatomic, strong) NSDate *day;
                @property (nonatomic, assign) NSInteger count;
                @property (nonatomic, assign) double weight;
                @property (nonatomic, assign) BOOL done;
                @end
                NS_ASSUME_NONNULL_END
                """
        )
        let (yaml, messages) = importing("@implementation Visit\n@end\n", system: .mmdataobject, headers: [header])
        #expect(
            propertyLines(yaml) == [
                "  Visit:", "    properties:",
                "      reason: { keyPath: reason, type: String, optional: true }",
                #"      day: { keyPath: day, type: Date, formatter: DatePatternFormatter, userData: { format: "yyyy-MM-dd HH:mm:ss" }, optional: true }"#,
                "      count: { keyPath: count, type: Int, default: 0 }",
                "      weight: { keyPath: weight, type: Double, default: 0 }",
                "      done: { keyPath: done, type: Bool, default: false }",
            ],
            "\(yaml)"
        )
        #expect(messages.count == 1 && messages[0].contains("built-in date pattern"), "\(messages)")
    }

    /// An app's own copy of MMDataObject, with its built-in date conversion changed: `source` reads dates in
    /// `reading` and writes them in `writing`.
    private func vendoredMMDataObject(reading: String, writing: String) -> String {
        """
        #define kWrittenDates @"\(writing)"
        @implementation MMDataObject
        - (id)initWithAttributes:(NSDictionary *)attributes {
            id value = [MMDataObject stringToDateWithFormat:@"\(reading)"](text);
            return self;
        }
        - (NSDictionary *)attributes {
            FormatBlock write = [[self class] dateToStringWithFormat:kWrittenDates];
            return nil;
        }
        + (FormatBlock)stringToDateWithFormat:(NSString *)format { return nil; }
        @end
        """
    }

    static let logHeader = ObjCMappingImporter.SourceFile(
        path: "Log.h",
        text: """
            @interface MMDataObject : NSObject
            @end
            @interface Log : MMDataObject
            @property (nonatomic, strong) NSDate *day;
            @property (nonatomic, strong) NSDate *expiry;
            @end
            """
    )

    static let logCode = """
        @implementation Log
        - (id)init {
            self = [super init];
            if (self) {
                [self setAlias:@"expires_in" forPropertyName:@"expiry"];
                [self addFormatterForPropertyName:@"expiry" input:^id(id seconds) {
                    return [NSDate dateWithTimeIntervalSinceNow:[seconds doubleValue]];
                } output:nil];
            }
            return self;
        }
        @end
        """

    /// The app's own MMDataObject (found among the other implementation files, the headers or the files) says the
    /// patterns of every `NSDate` without a formatter: the one `initWithAttributes:` read with, and the one
    /// `attributes` wrote with when it is another (`writeFormat`). A pattern with a zone reads it from the text, one
    /// without is read in UTC with a warning; a written pattern's mistakes are a warning at the line that wrote it.
    @Test func mmDataObjectImplementationTakeThePatternOfTheAppsOwnMMDataObject() {
        let vendored = ObjCMappingImporter.SourceFile(
            path: "Vendor/MMDataObject.m",
            text: vendoredMMDataObject(reading: "yyyy/MM/dd HH:mm:ss ZZZ", writing: "yyyy-mm-dd HH:mm:ss")
        )
        let zoned =
            #"      day: { keyPath: day, type: Date, formatter: DatePatternFormatter, userData: { format: "yyyy/MM/dd HH:mm:ss ZZZ", writeFormat: "yyyy-MM-dd HH:mm:ss" }, optional: true }"#
        let written =
            "Vendor/MMDataObject.m:8:39: warning: the app's MMDataObject wrote dates with its date pattern 'yyyy-mm-dd HH:mm:ss' in the device's time zone, which the import can't know, where 'mm' is minutes, so the server was sent the minutes in the month's place; the models write 'yyyy-MM-dd HH:mm:ss' in UTC"
        for placement in ["implementations", "headers", "files"] {
            let (yaml, diagnostics) = ObjCMappingImporter.importMappings(
                from: .mmdataobject,
                files: [.init(path: "Log.m", text: Self.logCode)] + (placement == "files" ? [vendored] : []),
                headers: [Self.logHeader] + (placement == "headers" ? [vendored] : []),
                implementations: placement == "implementations" ? [vendored] : []
            )
            let messages = diagnostics.sorted.map { "\($0.location): \($0.severity.rawValue): \($0.message)" }
            #expect(propertyLines(yaml).contains(zoned), "\(placement): \(yaml)")
            #expect(
                yaml.contains(
                    "      # the date patterns of the app's own MMDataObject, read (Vendor/MMDataObject.m:4) and written (Vendor/MMDataObject.m:8)\n"
                ),
                "\(placement): \(yaml)"
            )
            #expect(messages.contains(written), "\(placement): \(messages)")
            #expect(!messages.contains { $0.contains("built-in date pattern") }, "\(placement): \(messages)")
        }

        // Without a zone in the text, MMDataObject read the device's, which the import can't know.
        let local = ObjCMappingImporter.SourceFile(
            path: "MMDataObject.m",
            text: vendoredMMDataObject(reading: "dd.MM.yyyy HH:mm", writing: "dd.MM.yyyy HH:mm")
        )
        let (yaml, diagnostics) = ObjCMappingImporter.importMappings(
            from: .mmdataobject,
            files: [.init(path: "Log.m", text: Self.logCode)],
            headers: [Self.logHeader],
            implementations: [.init(path: "Other.m", text: "@implementation MMDataObjectProperty\n@end\n"), local]
        )
        #expect(
            propertyLines(yaml).contains(
                #"      day: { keyPath: day, type: Date, formatter: DatePatternFormatter, userData: { format: "dd.MM.yyyy HH:mm" }, optional: true }"#
            ),
            "\(yaml)"
        )
        #expect(
            diagnostics.sorted.map { "\($0.location): \($0.message)" }.filter { $0.contains("'day'") } == [
                "Log.h:4:39: the app's MMDataObject (MMDataObject.m:4) read 'day' with its date pattern 'dd.MM.yyyy HH:mm' in the device's time zone, which the import can't know; the import reads 'dd.MM.yyyy HH:mm' in UTC"
            ]
        )
    }

    /// A class's own output formatter wrote the date: `dateToStringWithFormat:` in its pattern, `nil` (or no
    /// formatter call) in MMDataObject's built-in one, another block in a way the import can't tell. A nil input keeps
    /// MMDataObject's reading beside an output.
    @Test func anMMDataObjectOutputFormatterSaysThePatternADateIsWrittenIn() {
        let header = Self.visitHeader
        let (yaml, messages) = importing(Self.visitCode, system: .mmdataobject, headers: [header])
        #expect(
            propertyLines(yaml) == [
                "  Visit:",
                "    properties:",
                #"      day: { keyPath: day, type: Date, formatter: DatePatternFormatter, userData: { format: "dd/MM/yyyy" }, optional: true }"#,
                #"      startsAt: { keyPath: startsAt, type: Date, formatter: DatePatternFormatter, userData: { format: "yyyy-MM-dd'T'HH:mm:ssZZZZZ", writeFormat: "yyyy-MM-dd'T'HH:mm:ss.SSSZ" }, optional: true }"#,
                #"      endsAt: { keyPath: endsAt, type: Date, formatter: DatePatternFormatter, userData: { format: "yyyy-MM-dd HH:mm:ss", writeFormat: "dd.MM.yyyy HH:mm" }, optional: true }"#,
                #"      seenAt: { keyPath: seenAt, type: Date, formatter: DatePatternFormatter, userData: { format: "yyyy/MM/dd HH:mm:ss ZZZ", writeFormat: "yyyy-MM-dd HH:mm:ss" }, optional: true }"#,
                #"      signedAt: { keyPath: signedAt, type: Date, formatter: DatePatternFormatter, userData: { format: "yyyy/MM/dd HH:mm:ss ZZZ" }, optional: true }"#,
            ],
            "\(yaml)"
        )
        #expect(
            messages == [
                "Mappings.m:6:70: warning: the output formatter of 'endsAt' wrote it with the date pattern 'dd.MM.yyyy HH:mm' in the device's time zone, which the import can't know; the model writes 'dd.MM.yyyy HH:mm' in UTC",
                "Mappings.m:7:9: warning: MMDataObject wrote 'seenAt' with its built-in date pattern 'yyyy-mm-dd HH:mm:ss' in the device's time zone, where 'mm' is minutes, so the server was sent the minutes in the month's place; the model writes 'yyyy-MM-dd HH:mm:ss' in UTC. That pattern is upstream MMDataObject's, assumed, not read from the app: no implementation of MMDataObject was among the inputs",
                "Mappings.m:8:133: warning: the output formatter of 'signedAt' is a block the import can't read; the model writes 'signedAt' in 'yyyy/MM/dd HH:mm:ss ZZZ', the pattern it reads",
                "Visit.h:6:39: warning: MMDataObject read 'endsAt' with its built-in date pattern 'yyyy-mm-dd HH:mm:ss' in the device's time zone, where 'mm' is minutes, so the month was lost; the import reads 'yyyy-MM-dd HH:mm:ss' in UTC. That pattern is upstream MMDataObject's, assumed, not read from the app: no implementation of MMDataObject was among the inputs",
            ],
            "\(messages)"
        )

        // With the app's own MMDataObject, a nil output writes its pattern, and an input of nil reads its pattern.
        let vendored = ObjCMappingImporter.SourceFile(
            path: "Vendor/MMDataObject.m",
            text: vendoredMMDataObject(reading: "dd.MM.yyyy HH:mm", writing: "yyyy-MM-dd'T'HH:mm:ssZ")
        )
        let (own, diagnostics) = ObjCMappingImporter.importMappings(
            from: .mmdataobject,
            files: [.init(path: "Visit.m", text: Self.visitCode)],
            headers: [header],
            implementations: [vendored]
        )
        #expect(
            own.contains(
                """
                      # written in the date pattern of the app's own MMDataObject (Vendor/MMDataObject.m:8)
                      seenAt: { keyPath: seenAt, type: Date, formatter: DatePatternFormatter, userData: { format: "yyyy/MM/dd HH:mm:ss ZZZ", writeFormat: "yyyy-MM-dd'T'HH:mm:ssZ" }, optional: true }

                """
            ),
            "\(own)"
        )
        #expect(
            propertyLines(own).contains(
                #"      endsAt: { keyPath: endsAt, type: Date, formatter: DatePatternFormatter, userData: { format: "dd.MM.yyyy HH:mm" }, optional: true }"#
            ),
            "\(own)"
        )
        #expect(!diagnostics.sorted.contains { $0.message.contains("'seenAt'") }, "\(diagnostics.sorted)")
    }

    static let visitHeader = ObjCMappingImporter.SourceFile(
        path: "Visit.h",
        text: """
            @interface MMDataObject : NSObject
            @end
            @interface Visit : MMDataObject
            @property (nonatomic, strong) NSDate *day;
            @property (nonatomic, strong) NSDate *startsAt;
            @property (nonatomic, strong) NSDate *endsAt;
            @property (nonatomic, strong) NSDate *seenAt;
            @property (nonatomic, strong) NSDate *signedAt;
            @end
            """
    )

    /// A class whose dates have an input formatter, an output formatter, both or neither.
    static let visitCode = """
        @implementation Visit
        - (id)init {
            if ((self = [super init])) {
                [self addFormatterForPropertyName:@"day" input:[MMDataObject stringToDateWithFormat:@"dd/MM/yyyy"] output:[MMDataObject dateToStringWithFormat:@"dd/MM/yyyy"]];
                [self addFormatterForPropertyName:@"startsAt" input:[MMDataObject stringToDateWithFormat:@"yyyy-MM-dd'T'HH:mm:ssZZZZZ"] output:[MMDataObject dateToStringWithFormat:@"yyyy-MM-dd'T'HH:mm:ss.SSSZ"]];
                [self addFormatterForPropertyName:@"endsAt" input:nil output:[MMDataObject dateToStringWithFormat:@"dd.MM.yyyy HH:mm"]];
                [self addFormatterForPropertyName:@"seenAt" input:[MMDataObject stringToDateWithFormat:@"yyyy/MM/dd HH:mm:ss ZZZ"] output:nil];
                [self addFormatterForPropertyName:@"signedAt" input:[MMDataObject stringToDateWithFormat:@"yyyy/MM/dd HH:mm:ss ZZZ"] output:^id(NSDate *date) {
                    return @([date timeIntervalSince1970]);
                }];
            }
            return self;
        }
        @end
        """

    /// The app's own MMDataObject that writes dates in a pattern the import can't read (one computed at run time) is
    /// a warning at each date that writes it, as one that reads so is: the model writes the pattern it reads.
    @Test func anMMDataObjectThatWritesAnUnreadablePatternIsAWarning() {
        let vendored = ObjCMappingImporter.SourceFile(
            path: "Vendor/MMDataObject.m",
            text: vendoredMMDataObject(reading: "dd.MM.yyyy", writing: "unused")
                .replacingOccurrences(
                    of: "dateToStringWithFormat:kWrittenDates",
                    with: "dateToStringWithFormat:[self outputPattern]"
                )
        )
        let (yaml, diagnostics) = ObjCMappingImporter.importMappings(
            from: .mmdataobject,
            files: [.init(path: "Log.m", text: Self.logCode)],
            headers: [Self.logHeader],
            implementations: [vendored]
        )
        #expect(
            yaml.contains(
                "day: { keyPath: day, type: Date, formatter: DatePatternFormatter, userData: { format: dd.MM.yyyy }"
            ),
            "\(yaml)"
        )
        #expect(
            diagnostics.sorted.contains {
                $0.message.hasPrefix("the app's own MMDataObject (Vendor/MMDataObject.m:")
                    && $0.message.hasSuffix(
                        "writes dates with no pattern the import could read; the model writes 'day' in 'dd.MM.yyyy', the pattern it reads"
                    )
            },
            "\(diagnostics.sorted.map(\.message))"
        )
    }

    /// A date whose input formatter is the app's own method is read through the app's `ValueFormatter`, and only
    /// through it: the date pattern of MMDataObject's own conversion doesn't apply, and a second `formatter:` key would
    /// make the mapping a duplicate key.
    @Test func anMMDataObjectDateWithTheAppsOwnFormatterHasOnlyThatFormatter() {
        let header = ObjCMappingImporter.SourceFile(
            path: "Log.h",
            text: """
                @interface MMDataObject : NSObject
                @end
                @interface Log : MMDataObject
                @property (nonatomic, strong) NSDate *closedAt;
                @end
                """
        )
        let code = """
            @implementation Log
            - (id)init {
                if ((self = [super init])) {
                    [self addFormatterForPropertyName:@"closedAt" input:[Log parseClosing] output:[Log writeClosing]];
                }
                return self;
            }
            @end
            """
        let (yaml, _) = importing(code, system: .mmdataobject, headers: [header])
        let lines = propertyLines(yaml)
        #expect(lines.count == 3, "\(yaml)")
        let closedAt = lines.last ?? ""
        #expect(closedAt.components(separatedBy: "formatter:").count == 2, "\(closedAt)")
        #expect(!closedAt.contains("DatePatternFormatter"), "\(closedAt)")
        #expect(closedAt.contains("type: Date"), "\(closedAt)")
    }

    /// MMDataObject reads and writes the properties a class declares itself (`class_copyPropertyList([self class],
    /// …)` in modmed/MMDataObject's `initWithAttributes:` and `attributes`): a subclass's inherited ones stay unset and
    /// unsent, so the import leaves them out with a comment and a note; an app's own MMDataObject that walks
    /// `class_getSuperclass` maps them. A property a header declares twice (which the compiler would refuse) is one.
    @Test func anMMDataObjectSubclassMapsItsOwnPropertiesAsMMDataObjectDid() {
        let header = ObjCMappingImporter.SourceFile(
            path: "People.h",
            text: """
                @interface Person : MMDataObject
                @property (nonatomic, strong) NSString *name;
                @end
                @interface Patient : Person
                @property (nonatomic, strong) NSString *chart;
                @property (nonatomic, strong) NSString *chart;
                @end
                """
        )
        let code = "@implementation Patient\n@end\n"
        let (yaml, diagnostics) = ObjCMappingImporter.importMappings(
            from: .mmdataobject,
            files: [.init(path: "Patient.m", text: code)],
            headers: [header]
        )
        let name = "      name: { keyPath: name, type: String, optional: true }"
        let chart = "      chart: { keyPath: chart, type: String, optional: true }"
        #expect(propertyLines(yaml) == ["  Person:", "    properties:", name, "  Patient:", "    properties:", chart])
        #expect(
            yaml.contains(
                "  Patient:\n    # MMDataObject maps a class's own properties only: 'name', inherited from Person, are left out\n"
            )
        )
        #expect(
            diagnostics.sorted.map { "\($0.location): \($0.severity.rawValue): \($0.message)" } == [
                "People.h:4:1: note: 'Patient' inherits 'name' from 'Person', which MMDataObject doesn't map for it: it reads and writes a class's own properties (class_copyPropertyList of [self class]); they are left out"
            ]
        )
        let walking = ObjCMappingImporter.SourceFile(
            path: "MMDataObject.m",
            text: """
                @implementation MMDataObject
                - (NSArray *)propertyNames {
                    for (Class type = [self class]; type != [MMDataObject class]; type = class_getSuperclass(type)) {}
                }
                @end
                """
        )
        let (own, _) = ObjCMappingImporter.importMappings(
            from: .mmdataobject,
            files: [.init(path: "Patient.m", text: code)],
            headers: [header],
            implementations: [walking]
        )
        #expect(propertyLines(own).suffix(4) == ["  Patient:", "    properties:", name, chart])
    }

    /// A class property (`@property (class)`) belongs to the class object, which MMDataObject's
    /// `class_copyPropertyList([self class])` never lists: it was mapped as a JSON key of every instance.
    @Test func anMMDataObjectClassPropertyIsNoMappedProperty() {
        let header = ObjCMappingImporter.SourceFile(
            path: "Visit.h",
            text: """
                NS_ASSUME_NONNULL_BEGIN
                @interface Visit : MMDataObject
                @property (class, nonatomic, readonly) NSString *collectionName;
                @property (nonatomic, copy) NSString *reason;
                @property (nonatomic, readonly, class) NSInteger pageSize, maximumPages;
                @end
                NS_ASSUME_NONNULL_END
                """
        )
        let (yaml, messages) = importing("@implementation Visit\n@end\n", system: .mmdataobject, headers: [header])
        #expect(
            propertyLines(yaml) == [
                "  Visit:", "    properties:", "      reason: { keyPath: reason, type: String, optional: true }",
            ]
        )
        #expect(messages.isEmpty, "\(messages)")
        // A mapping that names one finds no instance property to set, as KVC found none.
        let (restKit, warnings) = importing(
            """
            @implementation AppDelegate
            - (void)setUp {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Visit class]];
                [mapping addAttributeMappingsFromArray:@[ @"reason", @"pageSize" ]];
            }
            @end
            """,
            headers: [header]
        )
        #expect(propertyLines(restKit).contains("      pageSize: { keyPath: pageSize, optional: true }"), "\(restKit)")
        #expect(
            warnings.contains(
                "Mappings.m:4:58: warning: 'Visit' declares no property 'pageSize' in the given headers; it is written without a type"
            ),
            "\(warnings)"
        )
    }

    /// A model class that declares its mapped properties in a protocol it adopts (`<Located>`, as apps shared one
    /// set of properties between models): RestKit's KVC set them and MMDataObject's property list held them, so the
    /// import types them from the protocol rather than writing them untyped with a warning each.
    @Test func propertiesOfAnAdoptedProtocolAreMappedAndTyped() {
        let header = ObjCMappingImporter.SourceFile(
            path: "Place.h",
            text: """
                @protocol Located <NSObject>
                @property (nonatomic, assign) double latitude;
                @property (nonatomic, copy, nullable) NSString *placeName;
                @end
                @interface Place : MMDataObject <Located>
                @property (nonatomic, copy) NSString *name;
                @end
                """
        )
        let name = "      name: { keyPath: name, type: String, optional: true }"
        // A scalar's key missing left MMDataObject's 0.
        let latitude = "      latitude: { keyPath: latitude, type: Double, default: 0 }"
        let placeName = "      placeName: { keyPath: place_name, type: String, optional: true }"
        let (mm, mmMessages) = importing(
            """
            @implementation Place
            - (id)init {
                self = [super init];
                if (self) { [self setAlias:@"place_name" forPropertyName:@"placeName"]; }
                return self;
            }
            @end
            """,
            system: .mmdataobject,
            headers: [header]
        )
        #expect(propertyLines(mm) == ["  Place:", "    properties:", name, latitude, placeName], "\(mm)")
        #expect(mmMessages.isEmpty, "\(mmMessages)")
        let (restKit, messages) = importing(
            """
            @implementation AppDelegate
            - (void)setUp {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Place class]];
                [mapping addAttributeMappingsFromDictionary:@{ @"lat": @"latitude", @"place_name": @"placeName" }];
            }
            @end
            """,
            headers: [header]
        )
        #expect(
            propertyLines(restKit) == [
                "  Place:", "    properties:",
                "      latitude: { keyPath: lat, type: Double, formatter: LenientDoubleFormatter, default: 0, nullAsMissing: true }",
                "      placeName: { keyPath: place_name, type: String, formatter: LenientStringFormatter, optional: true }",
            ],
            "\(restKit)"
        )
        #expect(messages.isEmpty, "\(messages)")
    }

    /// Without the app's MMDataObject, the pattern is upstream's, and the warning says it was assumed.
    @Test func withoutTheAppsMMDataObjectItsDatePatternIsUpstreamsAssumed() {
        let (yaml, messages) = importing(Self.logCode, system: .mmdataobject, headers: [Self.logHeader])
        #expect(
            propertyLines(yaml).contains(
                #"      day: { keyPath: day, type: Date, formatter: DatePatternFormatter, userData: { format: "yyyy-MM-dd HH:mm:ss" }, optional: true }"#
            )
        )
        #expect(
            messages.contains(
                "Log.h:4:39: warning: MMDataObject read 'day' with its built-in date pattern 'yyyy-mm-dd HH:mm:ss' in the device's time zone, where 'mm' is minutes, so the month was lost; the import reads 'yyyy-MM-dd HH:mm:ss' in UTC. That pattern is upstream MMDataObject's, assumed, not read from the app: no implementation of MMDataObject was among the inputs"
            ),
            "\(messages)"
        )
    }

    /// An input block written inline computed the value at run time (seconds into a date): the model keeps the JSON
    /// value, whatever the header's type, and no date pattern is applied to it.
    @Test func anMMDataObjectInputBlockComputedAtRunTimeKeepsTheJSONValue() {
        let (yaml, messages) = importing(Self.logCode, system: .mmdataobject, headers: [Self.logHeader])
        #expect(propertyLines(yaml).contains("      expiry: { keyPath: expires_in, type: JSONValue, optional: true }"))
        #expect(
            yaml.contains(
                "      # the app's input block computed this at run time; JSONValue, as the JSON sends it (NSDate * in the header)\n"
            )
        )
        #expect(
            messages.contains(
                "Mappings.m:6:59: warning: the input formatter of 'expiry' is a block computed at run time; the model keeps 'expiry' as the JSON value it is sent (JSONValue)"
            ),
            "\(messages)"
        )
        #expect(!messages.contains { $0.contains("'expiry' with its built-in date pattern") }, "\(messages)")
    }

    /// Mutated copies of the real mapping code and headers (`Tests/ObjCSources`), seeded and reproducible: the import
    /// never traps, every diagnostic has a place, and the YAML it writes loads without an error.
    @Test(.onOwnThread) func mutatedMappingCodeEndsInYAMLThatLoads() throws {
        let root = CommandLineTests.packageRoot.appendingPathComponent("Tests/ObjCSources")
        let apps: [(ObjCMappingSystem, [String], [String])] = [
            (.restkit, ["RestKit-0.10/RKTwitter/RKTwitterAppDelegate.m"], ["RestKit-0.10/RKTwitter/RKTStatus.h"]),
            (
                .restkit, ["RestKit-0.10/RKCatalog/RKRelationshipMappingExample.m"],
                ["RestKit-0.10/RKCatalog/Project.h", "RestKit-0.10/RKCatalog/Task.h"]
            ),
            (.restkit, ["RestKit-0.20/RKTwitter/RKTwitterAppDelegate.m"], ["RestKit-0.20/RKTwitter/RKTweet.h"]),
            (.mmdataobject, ["MMDataObject/PatientWithFormatters.m"], ["MMDataObject/PatientWithFormatters.h"]),
        ]
        func read(_ path: String) throws -> ObjCMappingImporter.SourceFile {
            .init(path: path, text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
        let alphabet = Array(#"[]{}()@:;,*<>"'#=.^ \n0123456789aZ_"#.utf8)
        // FUZZ_SEED=<seed> replays another run.
        let seed = ProcessInfo.processInfo.environment["FUZZ_SEED"].flatMap(UInt64.init) ?? 1
        var random = SeededRandom(state: seed)
        // 150 cases, 1,500 at CI's TEST_DEPTH=10.
        let cases = TestDepth.cases(quick: 150)
        print("Objective-C fuzz: \(cases) mutated apps from seed \(seed)")
        for index in 0..<cases {
            let (system, fileNames, headerNames) = apps[random.below(apps.count)]
            var files = try fileNames.map(read)
            var headers = try headerNames.map(read)
            if random.below(3) == 0 {
                headers[0].text = FuzzTests.mutate(headers[0].text, &random, alphabet: alphabet)
            } else {
                files[0].text = FuzzTests.mutate(files[0].text, &random, alphabet: alphabet)
            }
            let (yaml, diagnostics) = ObjCMappingImporter.importMappings(from: system, files: files, headers: headers)
            #expect(diagnostics.all.allSatisfy { $0.location.line >= 1 }, "case \(index): a diagnostic without a place")
            let (_, loading) = MappingLoader.load(yaml, file: "mappings.yaml")
            #expect(!loading.hasErrors, "case \(index) (seed \(seed)): \(loading.errors)\n\(yaml)")
        }
    }

    @Test func yamlScalarsAreQuotedWhereYAMLWouldReadThemOtherwise() {
        #expect(MappingYAMLWriter.scalar("user.name") == "user.name")
        #expect(MappingYAMLWriter.scalar("true") == "\"true\"")
        #expect(MappingYAMLWriter.scalar("@self") == "\"@self\"")
        #expect(MappingYAMLWriter.scalar("a: b") == "\"a: b\"")
        #expect(MappingYAMLWriter.scalar("q\"\\\n") == #""q\"\\\n""#)
        #expect(MappingYAMLWriter.scalar("1x") == "\"1x\"")
    }

    /// What the import writes, the generator reads back without a complaint.
    @Test func theWrittenYAMLLoads() {
        let (yaml, _) = importing(
            """
            @implementation A
            + (RKObjectMapping *)m {
                RKObjectMapping *m = [RKObjectMapping mappingForClass:[Article class]];
                [m addAttributeMappingsFromDictionary:@{ @"a: b" : @"title", @"true" : @"published", @"c" : @"{odd\\n# name\u{2028}" }];
                RKObjectMapping *e = [RKEntityMapping mappingForEntityForName:@"Odd: entity" inManagedObjectStore:store];
                [m addPropertyMapping:[RKRelationshipMapping relationshipMappingFromKeyPath:@"e" toKeyPath:@"e" withMapping:e]];
                return m;
            }
            @end
            """
        )
        let (file, diagnostics) = MappingLoader.load(yaml, file: "m.yaml")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)\n\(yaml)")
        let properties = file.contexts.first?.properties ?? []
        #expect(properties.map { $0.keyPath?.value } == ["a: b", "true", "c", "e"])
        // Names from the code's strings come back as written, and none of them ends a comment line early.
        #expect(properties.map(\.name.value) == ["title", "published", "{odd\n# name\u{2028}", "e"])
        #expect(file.contexts.map(\.name.value) == ["Article", "Odd: entity"])
    }
}
