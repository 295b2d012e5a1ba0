import Foundation
import Testing

@testable import ModelGeneratorCore

/// `import --from restkit` on the shapes RestKit 0.20 apps (and 0.10 apps of the same habits) built their mappings
/// in: request mappings beside the response mappings, copies, entities by their description, mappings kept in
/// instance variables and statics, blocks handed to other messages, and Foundation's dictionaries and date formatters.
@Suite struct RestKit020MappingTests {
    static let twitter027 = CommandLineTests.packageRoot.appendingPathComponent(
        "Tests/ObjCSources/RestKit-0.27/RKTwitter"
    )

    static let headers = ObjCMappingImporter.SourceFile(
        path: "Models.h",
        text: """
            @interface User : NSObject
            @property (nonatomic, strong) NSString *name;
            @property (nonatomic, strong) NSString *email;
            @property (nonatomic, strong) NSArray *posts;
            @property (nonatomic, strong) NSDate *createdAt;
            @end
            @interface Post : NSObject
            @property (nonatomic, strong) NSString *title;
            @property (nonatomic, strong) NSString *body;
            @property (nonatomic, strong) User *author;
            @end
            """
    )

    private func importing(_ code: String) -> (mappings: [String: [String]], messages: [String]) {
        let (yaml, messages) = importingYAML(code)
        return (ObjCInheritedMappingTests.mappings(yaml), messages)
    }

    private func importingYAML(_ code: String) -> (yaml: String, messages: [String]) {
        let (yaml, diagnostics) = ObjCMappingImporter.importMappings(
            from: .restkit,
            files: [ObjCMappingImporter.SourceFile(path: "Mappings.m", text: code)],
            headers: [Self.headers]
        )
        return (yaml, diagnostics.sorted.map { "\($0.location): \($0.severity.rawValue): \($0.message)" })
    }

    private static func string(_ name: String, keyPath: String? = nil) -> String {
        ObjCInheritedMappingTests.string(name, keyPath: keyPath)
    }

    private static let posts = "posts: { keyPath: posts, collection: Post, singleAsArray: true, optional: true }"
    private static let author = "author: { keyPath: author, object: User, optional: true }"

    // MARK: Request mappings, copies and entities

    /// What a create or an update sends (`[RKObjectMapping requestMapping]`, `inverseMapping`, RestKit 0.10's `serializationMappingUsingBlock:`) maps nothing of the models and needs no
    /// warning, relationships to other request mappings included; a copy of a mapping maps its class, with what is
    /// added to the copy.
    @Test func requestMappingsAreLeftOutQuietlyAndCopiesMapTheirClass() {
        let (mappings, messages) = importing(
            """
            @implementation Mappings
            + (RKObjectMapping *)baseMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                [mapping addAttributeMappingsFromArray:@[@"name"]];
                return mapping;
            }
            + (RKObjectMapping *)userMapping {
                RKObjectMapping *mapping = [[self baseMapping] copy];
                [mapping addAttributeMappingsFromArray:@[@"email"]];
                return mapping;
            }
            + (void)setUp {
                RKObjectMapping *postMapping = [RKObjectMapping mappingForClass:[Post class]];
                [postMapping addAttributeMappingsFromArray:@[@"title"]];
                RKObjectMapping *inverse = [postMapping inverseMapping];
                [inverse addAttributeMappingsFromArray:@[@"draft"]];
                RKObjectMapping *request = [RKObjectMapping requestMapping];
                [request addAttributeMappingsFromArray:@[@"title"]];
                RKObjectMapping *parameters = [RKObjectMapping requestMapping];
                [parameters addPropertyMapping:[RKRelationshipMapping relationshipMappingFromKeyPath:@"post" toKeyPath:@"post" withMapping:request]];
                [parameters addRelationshipMappingWithSourceKeyPath:@"user" mapping:[[self userMapping] inverseMapping]];
                RKObjectMapping *serialization = [RKObjectMapping serializationMappingUsingBlock:^(RKObjectMapping *m) {
                    [m mapAttributes:@"title", nil];
                }];
            }
            @end
            """
        )
        #expect(mappings["User"] == [Self.string("name"), Self.string("email")])
        #expect(mappings["Post"] == [Self.string("title")])
        #expect(mappings.count == 2)
        #expect(messages.isEmpty)
    }

    /// `[[RKEntityMapping alloc] initWithEntity:…]` maps the entity an `NSEntityDescription` names, or the generated
    /// class whose `entityInManagedObjectContext:` gives it (mogenerator's); RestKit 0.10's
    /// `mappingForEntity:inManagedObjectStore:` too.
    @Test func anEntityMappingByTheEntitysDescription() {
        let (mappings, messages) = importing(
            """
            @implementation Mappings
            - (void)setUpWithContext:(NSManagedObjectContext *)context {
                NSEntityDescription *entity = [NSEntityDescription entityForName:@"User" inManagedObjectContext:context];
                RKEntityMapping *user = [[RKEntityMapping alloc] initWithEntity:entity];
                [user addAttributeMappingsFromArray:@[@"name"]];
                RKEntityMapping *post = [[RKEntityMapping alloc] initWithEntity:[Post entityInManagedObjectContext:context]];
                [post addAttributeMappingsFromArray:@[@"title"]];
                RKManagedObjectMapping *old = [RKManagedObjectMapping mappingForEntity:entity inManagedObjectStore:store];
                [old mapAttributes:@"email", nil];
            }
            @end
            @implementation Post (Mapping)
            + (RKEntityMapping *)mappingInContext:(NSManagedObjectContext *)context {
                RKEntityMapping *mapping = [[RKEntityMapping alloc] initWithEntity:[self entityInManagedObjectContext:context]];
                [mapping addAttributeMappingsFromArray:@[@"body"]];
                return mapping;
            }
            @end
            """
        )
        #expect(mappings["User"] == [Self.string("name"), Self.string("email")])
        #expect(mappings["Post"] == [Self.string("title"), Self.string("body")])
        #expect(messages.isEmpty)
    }

    /// What is added to a mapping the import can't tell (one an instance variable holds that other methods set to
    /// the mappings of different classes, one a message the import doesn't read made) is a warning on its line, not
    /// lost without a word; a method's own parameter is read where its callers give it a mapping, and is no warning
    /// where the method is defined.
    @Test func addingToAMappingTheImportCantTellIsAWarning() {
        let (mappings, messages) = importing(
            """
            @implementation Mappings
            - (void)useUsers {
                _mapping = [RKObjectMapping mappingForClass:[User class]];
            }
            - (void)usePosts {
                _mapping = [RKObjectMapping mappingForClass:[Post class]];
            }
            - (void)configure {
                [_mapping addAttributeMappingsFromArray:@[@"name"]];
                RKObjectMapping *post = [[Mappings postMappingMadeElsewhere] copy];
                [post addAttributeMappingsFromArray:@[@"title"]];
                [self addTitleTo:[RKObjectMapping mappingForClass:[Post class]]];
            }
            - (void)addTitleTo:(RKObjectMapping *)mapping {
                [mapping addAttributeMappingsFromArray:@[@"body"]];
            }
            @end
            """
        )
        #expect(mappings["User"] == [])
        #expect(mappings["Post"] == [Self.string("body")])
        #expect(
            messages == [
                "Mappings.m:9:6: warning: the mapping that 'addAttributeMappingsFromArray:' adds to is computed at run time ('_mapping'); this line is not imported",
                "Mappings.m:11:5: warning: the mapping that 'addAttributeMappingsFromArray:' adds to is computed at run time ('[[Mappings postMappingMadeElsewhere] copy]', set on line 10); this line is not imported",
            ]
        )
    }

    // MARK: Mappings kept in statics and instance variables

    /// A mapping a file-level static or an instance variable keeps is the same mapping in every method that uses
    /// it: one `+initialize` or `-init` set up further down or further up, and one an accessor returns early once it
    /// is built (`if (mapping != nil) return mapping;`).
    @Test func aMappingKeptInAStaticOrAnInstanceVariableIsReadWhereverItIsUsed() {
        let (mappings, messages) = importing(
            """
            static RKObjectMapping *userMapping = nil;
            static RKObjectMapping *postMapping;
            @implementation Mappings
            + (RKObjectMapping *)postMapping {
                if (postMapping != nil) {
                    return postMapping;
                }
                postMapping = [RKObjectMapping mappingForClass:[Post class]];
                [postMapping addAttributeMappingsFromDictionary:@{ @"text": @"body" }];
                [postMapping addRelationshipMappingWithSourceKeyPath:@"author" mapping:userMapping];
                return postMapping;
            }
            + (void)initialize {
                userMapping = [RKObjectMapping mappingForClass:[User class]];
                [userMapping addAttributeMappingsFromArray:@[@"name"]];
            }
            - (instancetype)init {
                self = [super init];
                if (self) { _userMapping = [RKObjectMapping mappingForClass:[User class]]; }
                return self;
            }
            - (void)configure {
                [_userMapping addAttributeMappingsFromArray:@[@"email"]];
                [_userMapping addRelationshipMappingWithSourceKeyPath:@"posts" mapping:[Mappings postMapping]];
            }
            @end
            """
        )
        #expect(
            mappings["User"] == [
                Self.string("name"), Self.string("email"), Self.posts,
            ]
        )
        #expect(mappings["Post"] == [Self.string("body", keyPath: "text"), Self.author])
        #expect(messages.isEmpty)
    }

    // MARK: Foundation's dictionaries

    /// The attribute dictionary written as apps before Objective-C's literals wrote it: `dictionaryWithObjectsAndKeys:`
    /// (each value before its key, up to `nil`), `initWithObjectsAndKeys:`, `dictionaryWithObjects:forKeys:`; and an
    /// attribute mapping given the class of its value (`withValueClass:`).
    @Test func attributeDictionariesFromFoundationsConstructors() {
        let (mappings, messages) = importing(
            """
            #define kEmailKey @"e_mail"
            @implementation Mappings
            + (RKObjectMapping *)userMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                [mapping addAttributeMappingsFromDictionary:[NSDictionary dictionaryWithObjectsAndKeys:
                    @"name", @"user_name",
                    @"email", kEmailKey,
                    nil]];
                [mapping addAttributeMappingsFromDictionary:[[NSMutableDictionary alloc] initWithObjectsAndKeys:@"createdAt", @"created", nil]];
                return mapping;
            }
            + (RKObjectMapping *)postMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Post class]];
                [mapping addAttributeMappingsFromDictionary:[NSDictionary dictionaryWithObjects:@[@"title", @"body"] forKeys:@[@"title", @"text"]]];
                return mapping;
            }
            + (RKObjectMapping *)authorMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                [mapping addPropertyMapping:[RKAttributeMapping attributeMappingFromKeyPath:@"mail" toKeyPath:@"email" withValueClass:[NSString class]]];
                return mapping;
            }
            @end
            """
        )
        // The last mapping of `email` is the one kept, as RestKit's last property mapping for a key path was.
        #expect(
            mappings["User"] == [
                Self.string("name", keyPath: "user_name"), Self.string("email", keyPath: "mail"),
                "createdAt: { keyPath: created, type: Date, formatter: RestKitDateFormatter, optional: true }",
            ]
        )
        #expect(mappings["Post"] == [Self.string("title"), Self.string("body", keyPath: "text")])
        #expect(messages.isEmpty)
    }

    // MARK: Date formatters

    /// An attribute mapping is one object in RestKit: a `valueTransformer` given to it after it was added to its
    /// mapping is the one its value is read with, as one given before.
    @Test func aValueTransformerGivenAfterTheAttributeIsAddedApplies() {
        let (mappings, messages) = importing(
            """
            @implementation Mappings
            + (RKObjectMapping *)authorMapping {
                NSDateFormatter *day = [[NSDateFormatter alloc] init];
                day.dateFormat = @"yyyy-MM-dd";
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                RKAttributeMapping *created = [RKAttributeMapping attributeMappingFromKeyPath:@"day" toKeyPath:@"createdAt"];
                [mapping addPropertyMapping:created];
                created.valueTransformer = day;
                return mapping;
            }
            @end
            """
        )
        #expect(
            mappings["User"] == [
                #"createdAt: { keyPath: day, type: Date, formatter: DatePatternFormatter, userData: { format: "yyyy-MM-dd" }, optional: true }"#
            ]
        )
        #expect(messages.filter { !$0.contains(": note: ") }.isEmpty, "\(messages)")
    }

    /// RestKit 0.21 and later read every mapping's dates with the `NSDateFormatter` an app put first among
    /// `[RKValueTransformer defaultValueTransformer]`'s (`insertValueTransformer:atIndex:`), as
    /// `addDefaultDateFormatterForString:` did before; an attribute mapping's own `valueTransformer` is the only one
    /// its value is read with; a transformer the import can't read is a warning on its line.
    @Test func dateFormattersGivenToRestKitsValueTransformers() {
        let (mappings, messages) = importing(
            """
            @implementation Mappings
            + (void)setUp {
                NSDateFormatter *dateFormatter = [NSDateFormatter new];
                dateFormatter.dateFormat = @"E MMM d HH:mm:ss Z y";
                dateFormatter.timeZone = [NSTimeZone timeZoneForSecondsFromGMT:0];
                [[RKValueTransformer defaultValueTransformer] insertValueTransformer:dateFormatter atIndex:0];
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                [mapping addAttributeMappingsFromDictionary:@{ @"created_at": @"createdAt" }];
            }
            + (RKObjectMapping *)authorMapping {
                NSDateFormatter *day = [[NSDateFormatter alloc] init];
                [day setDateFormat:@"yyyy-MM-dd"];
                [day setTimeZone:[NSTimeZone timeZoneWithName:@"Europe/Rome"]];
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                RKAttributeMapping *created = [RKAttributeMapping attributeMappingFromKeyPath:@"day" toKeyPath:@"createdAt"];
                created.valueTransformer = day;
                [mapping addPropertyMapping:created];
                RKAttributeMapping *name = [RKAttributeMapping attributeMappingFromKeyPath:@"name" toKeyPath:@"name"];
                [name setValueTransformer:[Transformers trimming]];
                [mapping addPropertyMapping:name];
                [[RKValueTransformer defaultValueTransformer] addValueTransformer:[Transformers millisecondsToDate]];
                return mapping;
            }
            @end
            """
        )
        #expect(
            mappings["User"] == [
                #"createdAt: { keyPath: day, type: Date, formatter: DatePatternFormatter, userData: { format: "yyyy-MM-dd", timeZone: "Europe/Rome" }, optional: true }"#,
                Self.string("name"),
            ]
        )
        #expect(
            messages.filter { !$0.contains(": note: ") } == [
                "Mappings.m:19:5: warning: the value transformer of 'name' is built at run time ('[Transformers trimming]'); 'name' is imported as RestKit read it without one",
                "Mappings.m:21:5: warning: 'addValueTransformer:' adds a value transformer built at run time to RestKit's default ones; what it converts is not imported",
            ]
        )
        let (yaml, _) = importingYAML(
            """
            @implementation Mappings
            + (void)setUp {
                NSDateFormatter *dateFormatter = [NSDateFormatter new];
                [dateFormatter setDateFormat:@"E MMM d HH:mm:ss Z y"];
                [[RKValueTransformer defaultValueTransformer] insertValueTransformer:dateFormatter atIndex:0];
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                [mapping addAttributeMappingsFromDictionary:@{ @"created_at": @"createdAt" }];
            }
            @end
            """
        )
        #expect(
            yaml.contains(
                #"createdAt: { keyPath: created_at, type: Date, formatter: RestKitPatternDateFormatter, userData: { format: "E MMM d HH:mm:ss Z y" }, optional: true }"#
            )
        )
    }

    /// RestKit's own RKTwitter example, as RestKit 0.27.3 ships it (`Tests/ObjCSources/RestKit-0.27/RKTwitter`),
    /// reads Twitter's dates with an `NSDateFormatter` it inserts first among RestKit's value transformers.
    @Test func restKitsLaterTwitterExampleReadsTwittersDates() throws {
        func file(_ name: String) throws -> ObjCMappingImporter.SourceFile {
            let url = Self.twitter027.appendingPathComponent(name)
            return .init(path: name, text: try String(contentsOf: url, encoding: .utf8))
        }
        let (yaml, diagnostics) = ObjCMappingImporter.importMappings(
            from: .restkit,
            files: [try file("RKTwitterAppDelegate.m")],
            headers: [try file("RKTweet.h"), try file("RKTUser.h")]
        )
        #expect(
            ObjCInheritedMappingTests.mappings(yaml)["RKTweet"]?.contains(
                #"createdAt: { keyPath: created_at, type: Date, formatter: RestKitPatternDateFormatter, userData: { format: "E MMM d HH:mm:ss Z y" }, optional: true }"#
            ) == true
        )
        #expect(diagnostics.sorted.filter { $0.severity != .note }.isEmpty)
    }

    // MARK: Keys that are data

    /// `forceCollectionMapping` reads each key of the JSON object as one object, and a `(name)` key path reads under
    /// such a key: neither is a key path the YAML can say, so each is a warning on its line, and the `(name)` key
    /// path is not imported as if it were a key.
    @Test func keysTakenAsDataAreWarningsNotKeyPaths() {
        let (mappings, messages) = importing(
            """
            @implementation Mappings
            + (RKObjectMapping *)userMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                mapping.forceCollectionMapping = YES;
                [mapping addAttributeMappingFromKeyOfRepresentationToAttribute:@"name"];
                [mapping addAttributeMappingsFromDictionary:@{ @"(name).email": @"email" }];
                return mapping;
            }
            @end
            """
        )
        #expect(mappings["User"] == [])
        #expect(
            messages.filter { !$0.contains(": note: ") } == [
                "Mappings.m:4:13: warning: the mapping of 'User' reads each key of the JSON object as data (forceCollectionMapping), which is not imported",
                "Mappings.m:5:5: warning: 'addAttributeMappingFromKeyOfRepresentationToAttribute:' is not imported: the importer reads attribute and relationship mappings only",
                "Mappings.m:6:52: warning: '(name).email' reads under a key of the JSON that RestKit took as data at run time; 'email' is not imported",
            ]
        )
    }
}
