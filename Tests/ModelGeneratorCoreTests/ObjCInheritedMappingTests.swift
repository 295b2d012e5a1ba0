import Foundation
import Testing

@testable import ModelGeneratorCore

/// `import --from restkit` on mappings that classes inherit and share: a subclass's mapping method that extends its
/// superclass's (`[super mapping]`), a superclass method that builds the mapping of `self`, a mapping built for one
/// class and given to another (`mapping.objectClass = …`), and mappings a shared provider instance keeps.
@Suite struct ObjCInheritedMappingTests {
    static let blipboard = CommandLineTests.packageRoot.appendingPathComponent("Tests/ObjCSources/Blipboard")

    private func importing(
        _ files: [(path: String, code: String)],
        headers: [(path: String, code: String)]
    ) -> (yaml: String, messages: [String]) {
        let (yaml, diagnostics) = ObjCMappingImporter.importMappings(
            from: .restkit,
            files: files.map { ObjCMappingImporter.SourceFile(path: $0.path, text: $0.code) },
            headers: headers.map { ObjCMappingImporter.SourceFile(path: $0.path, text: $0.code) }
        )
        return (yaml, diagnostics.sorted.map { "\($0.location): \($0.severity.rawValue): \($0.message)" })
    }

    /// Each mapping's property lines, by class (an empty list for a mapping with none), without comments.
    static func mappings(_ yaml: String) -> [String: [String]] {
        var mappings: [String: [String]] = [:]
        var current: String?
        for line in yaml.split(separator: "\n").map(String.init) where line.hasPrefix("  ") && !line.contains("#") {
            if !line.hasPrefix("    ") {
                let name = String(line.dropFirst(2).dropLast())
                current = name
                mappings[name] = []
            } else if let current, line.hasPrefix("      ") {
                mappings[current, default: []].append(String(line.dropFirst(6)))
            }
        }
        return mappings
    }

    static func string(_ name: String, keyPath: String? = nil) -> String {
        "\(name): { keyPath: \(keyPath ?? name), type: String, formatter: LenientStringFormatter, optional: true }"
    }

    // MARK: A real app

    /// Blipboard (RestKit 0.10): each notification class's `+mapping` starts from `[super mapping]`, which
    /// `Notification` builds for `[self class]`; `UserChannel` and `PlaceChannel` take `[Channel mapping]` and set
    /// its `objectClass`; relationships name mappings with dot syntax (`ChannelStats.mapping`). Each subclass has its
    /// superclass's attributes and its own, and `Channel` keeps only its own.
    @Test func blipboardsSubclassesHaveTheirSuperclassesMappings() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.blipboard.path).sorted()
        let read = try names.map { name in
            (
                path: "Blipboard/\(name)",
                code: try String(contentsOf: Self.blipboard.appendingPathComponent(name), encoding: .utf8)
            )
        }
        let (yaml, messages) = importing(
            read.filter { $0.path.hasSuffix(".m") },
            headers: read.filter { $0.path.hasSuffix(".h") }
        )
        let mapped = Self.mappings(yaml)
        let notification = [
            Self.string("id"), Self.string("type"),
            "_isNew: { keyPath: isNew, type: Double, formatter: LenientDoubleFormatter, optional: true }",
            "time: { keyPath: time, type: Date, formatter: RestKitDateFormatter, optional: true }",
            Self.string("status"), Self.string("title"), Self.string("subtitle"), Self.string("picture"),
        ]
        #expect(mapped["Notification"] == notification)
        #expect(mapped["LikeNotification"] == notification + [Self.string("likerId"), Self.string("blipId")])
        #expect(mapped["CommentNotification"] == notification + [Self.string("commentId"), Self.string("blipId")])
        let channel = [
            Self.string("id"), Self.string("name"), Self.string("desc", keyPath: "description"),
            Self.string("_typeString", keyPath: "type"), Self.string("picture"),
            "_isListening: { keyPath: isListening, type: Double, formatter: LenientDoubleFormatter, optional: true }",
            "_isBlacklistable: { keyPath: isBlacklistable, type: Double, formatter: LenientDoubleFormatter, optional: true }",
            "stats: { keyPath: stats, object: ChannelStats, optional: true }",
        ]
        #expect(mapped["Channel"] == channel)
        #expect(
            mapped["UserChannel"] == channel + [
                "isDeveloper: { keyPath: isDeveloper, type: Double, formatter: LenientDoubleFormatter, optional: true }",
                Self.string("firstName"), Self.string("lastName"),
            ]
        )
        #expect(
            mapped["PlaceChannel"] == channel + [
                Self.string("category"), Self.string("categoryId"), Self.string("website"), Self.string("phone"),
                Self.string("facebookId", keyPath: "facebook.id"),
                "location: { keyPath: location, object: Location, optional: true }",
                "defaultTopic: { keyPath: defaultTopic, object: Topic, optional: true }",
            ]
        )
        #expect(
            messages.filter { !$0.contains(": note: ") } == [
                // `+[Topic sequenceMapping]` maps a page of topics into a dictionary.
                "Blipboard/Topic.m:28:32: warning: no header declares 'NSMutableDictionary'; its properties are written without types"
            ]
        )
    }

    // MARK: Mappings a superclass builds

    /// The model classes of a RestKit 0.20 app in the shape of calderalabs/playround-ios (which states no license,
    /// so this is written here): a base class whose `+objectMapping` maps `self` with the attributes every model has
    /// and those `+attributeNames` lists, subclasses that extend it with `[super objectMapping]`, one that only
    /// overrides `+attributeNames`, and ones that inherit it whole, two levels down.
    static let playroundHeaders = (
        path: "Models.h",
        code: """
        @interface PRModel : NSObject
        @property (nonatomic, copy) NSString *objectID;
        @property (nonatomic, strong) NSDate *createdAt;
        + (RKObjectMapping *)objectMapping;
        @end
        @interface PRUser : PRModel
        @property (nonatomic, copy) NSString *name;
        @property (nonatomic, copy) NSString *pictureURL;
        @end
        @interface PRArena : PRModel
        @end
        @interface PRRound : PRModel
        @property (nonatomic, copy) NSString *status;
        @property (nonatomic, strong) PRUser *user;
        @property (nonatomic, strong) PRArena *arena;
        @end
        @interface PRRankedRound : PRRound
        @end
        @interface PRGame : PRModel
        @property (nonatomic, copy) NSString *name;
        @property (nonatomic, copy) NSString *displayName;
        @end
        """
    )

    @Test func subclassesExtendTheMappingTheirSuperclassBuildsForSelf() {
        let (yaml, messages) = importing(
            [
                (
                    "PRModel.m",
                    """
                    @implementation PRModel
                    + (RKObjectMapping *)objectMapping {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:self];
                        [mapping addAttributeMappingsFromDictionary:@{ @"id": @"objectID", @"created_at": @"createdAt" }];
                        [mapping addAttributeMappingsFromArray:[self attributeNames]];
                        return mapping;
                    }
                    + (NSArray *)attributeNames {
                        return @[];
                    }
                    @end
                    """
                ),
                (
                    "PRRound.m",
                    """
                    @implementation PRRound
                    + (RKObjectMapping *)objectMapping {
                        RKObjectMapping *mapping = [super objectMapping];
                        [mapping addRelationshipMappingWithSourceKeyPath:@"user" mapping:[PRUser objectMapping]];
                        [mapping addPropertyMapping:[RKRelationshipMapping relationshipMappingFromKeyPath:@"arena" toKeyPath:@"arena" withMapping:[PRArena objectMapping]]];
                        [mapping addAttributeMappingsFromDictionary:@{ @"status": @"status", @"uuid": @"objectID" }];
                        return mapping;
                    }
                    @end
                    """
                ),
                (
                    "PRUser.m",
                    """
                    @implementation PRUser
                    + (RKObjectMapping *)objectMapping {
                        RKObjectMapping* mapping = [super objectMapping];
                        [mapping addAttributeMappingsFromDictionary:@{ @"name": @"name", @"picture_url": @"pictureURL" }];
                        return mapping;
                    }
                    @end
                    """
                ),
                (
                    "PRGame.m",
                    """
                    @implementation PRGame
                    + (NSArray *)attributeNames {
                        return @[ @"name" ];
                    }
                    @end
                    """
                ),
                (
                    "PRObjectManager.m",
                    """
                    @implementation PRObjectManager
                    - (void)addDescriptors {
                        [self addResponseDescriptor:[RKResponseDescriptor responseDescriptorWithMapping:[PRGame objectMapping] method:RKRequestMethodGET pathPattern:@"/games" keyPath:nil statusCodes:nil]];
                        [self addResponseDescriptor:[RKResponseDescriptor responseDescriptorWithMapping:[PRRankedRound objectMapping] method:RKRequestMethodGET pathPattern:@"/ranked" keyPath:nil statusCodes:nil]];
                    }
                    @end
                    """
                ),
            ],
            headers: [Self.playroundHeaders]
        )
        let model = [
            Self.string("objectID", keyPath: "id"),
            "createdAt: { keyPath: created_at, type: Date, formatter: RestKitDateFormatter, optional: true }",
        ]
        let round = [
            Self.string("objectID", keyPath: "uuid"), model[1],
            "user: { keyPath: user, object: PRUser, optional: true }",
            "arena: { keyPath: arena, object: PRArena, optional: true }",
            Self.string("status"),
        ]
        #expect(
            Self.mappings(yaml) == [
                "PRModel": model,
                "PRRound": round,
                "PRUser": model + [Self.string("name"), Self.string("pictureURL", keyPath: "picture_url")],
                "PRArena": model,
                "PRGame": model + [Self.string("name")],
                "PRRankedRound": round,
            ]
        )
        #expect(messages == [])
    }

    // MARK: Mappings a shared instance keeps

    static let trackerHeaders = (
        path: "Tracker.h",
        code: """
        @interface User : NSObject
        @property (nonatomic, copy) NSString *username;
        @property (nonatomic, strong) NSDate *createdAt;
        @end
        @interface Project : NSObject
        @property (nonatomic, copy) NSString *identifier;
        @property (nonatomic, copy) NSString *name;
        @property (nonatomic, strong) NSDate *createdAt;
        @end
        @interface Comment : NSObject
        @property (nonatomic, copy) NSString *body;
        @end
        @interface Story : NSObject
        @property (nonatomic, copy) NSString *title;
        @property (nonatomic, strong) User *owner;
        @property (nonatomic, strong) Project *project;
        @property (nonatomic, strong) NSArray<Comment *> *comments;
        @end
        @interface MappingProvider : NSObject
        + (MappingProvider *)sharedInstance;
        @property (nonatomic, strong) RKObjectMapping *projectMapping;
        - (RKObjectMapping *)userMapping;
        @end
        """
    )

    /// A mapping provider in the shape of RestKit apps' (myTracker's `[MappingProvider sharedInstance]`): a shared
    /// instance made once (`dispatch_once`), a mapping its `init` keeps in a property, one its lazy getter builds, a
    /// helper that adds to the mapping it is given, and one from a provider whose `+sharedMappings` a macro defines.
    /// The relationships and the response descriptor of another file map the classes those mappings are for.
    @Test func aSharedProviderInstanceGivesTheMappingsItKeeps() {
        let (yaml, messages) = importing(
            [
                (
                    "MappingProvider.m",
                    """
                    @implementation MappingProvider

                    + (MappingProvider *)sharedInstance
                    {
                        static MappingProvider *_sharedInstance = nil;
                        static dispatch_once_t onceToken;
                        dispatch_once(&onceToken, ^{
                            _sharedInstance = [[MappingProvider alloc] init];
                        });
                        return _sharedInstance;
                    }

                    - (id)init
                    {
                        self = [super init];
                        if (self) {
                            _projectMapping = [RKObjectMapping mappingForClass:[Project class]];
                            [_projectMapping addAttributeMappingsFromDictionary:@{ @"_id": @"identifier", @"name": @"name" }];
                            [self addTimestampsTo:_projectMapping];
                        }
                        return self;
                    }

                    - (RKObjectMapping *)userMapping
                    {
                        if (!_userMapping) {
                            _userMapping = [RKObjectMapping mappingForClass:[User class]];
                            [_userMapping addAttributeMappingsFromArray:@[ @"username" ]];
                            [self addTimestampsTo:_userMapping];
                        }
                        return _userMapping;
                    }

                    - (void)addTimestampsTo:(RKObjectMapping *)mapping
                    {
                        [mapping addAttributeMappingsFromDictionary:@{ @"created_at": @"createdAt" }];
                    }

                    @end

                    @implementation CommentMappings
                    SYNTHESIZE_SINGLETON_FOR_CLASS(CommentMappings, sharedMappings)

                    - (RKObjectMapping *)commentMapping
                    {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Comment class]];
                        [mapping addAttributeMappingsFromArray:@[ @"body" ]];
                        return mapping;
                    }

                    @end
                    """
                ),
                (
                    "StoriesController.m",
                    """
                    @implementation StoriesController

                    - (void)setUpMappings
                    {
                        RKObjectMapping *story = [RKObjectMapping mappingForClass:[Story class]];
                        [story addAttributeMappingsFromArray:@[ @"title" ]];
                        [story addPropertyMapping:[RKRelationshipMapping relationshipMappingFromKeyPath:@"owner" toKeyPath:@"owner" withMapping:[[MappingProvider sharedInstance] userMapping]]];
                        [story addRelationshipMappingWithSourceKeyPath:@"project" mapping:[MappingProvider sharedInstance].projectMapping];
                        [story addRelationshipMappingWithSourceKeyPath:@"comments" mapping:[[CommentMappings sharedMappings] commentMapping]];
                        [[RKObjectManager sharedManager] addResponseDescriptor:[RKResponseDescriptor responseDescriptorWithMapping:[MappingProvider sharedInstance].projectMapping method:RKRequestMethodGET pathPattern:@"/projects" keyPath:@"projects" statusCodes:nil]];
                    }

                    @end
                    """
                ),
            ],
            headers: [Self.trackerHeaders]
        )
        let createdAt =
            "createdAt: { keyPath: created_at, type: Date, formatter: RestKitDateFormatter, optional: true }"
        #expect(
            Self.mappings(yaml) == [
                "Project": [Self.string("identifier", keyPath: "_id"), Self.string("name"), createdAt],
                "User": [Self.string("username"), createdAt],
                "Comment": [Self.string("body")],
                "Story": [
                    Self.string("title"),
                    "owner: { keyPath: owner, object: User, optional: true }",
                    "project: { keyPath: project, object: Project, optional: true }",
                    "comments: { keyPath: comments, collection: Comment, singleAsArray: true, optional: true }",
                ],
            ]
        )
        #expect(
            messages == [
                "StoriesController.m:10:60: note: the response holds Project under the key path 'projects'; the model maps what is inside it"
            ]
        )
    }

    // MARK: What can't be followed

    static let loopHeaders = (
        path: "Loops.h",
        code: """
        @interface Base : NSObject
        @property (nonatomic, copy) NSString *identifier;
        @end
        @interface Leaf : Base
        @property (nonatomic, copy) NSString *name;
        @property (nonatomic, strong) Leaf *parent;
        @end
        @interface Left : NSObject
        @property (nonatomic, copy) NSString *side;
        @end
        @interface Right : NSObject
        @property (nonatomic, copy) NSString *side;
        @end
        """
    )

    /// Methods that call back into themselves never end at run time. Each loop of followed methods ends at the call
    /// that closes it, with a warning there, once; what was read before is kept. The same for mappings given each
    /// other's class (`objectClass`).
    @Test func loopsOfFollowedMethodsEndWithAWarning() {
        let (yaml, messages) = importing(
            [
                (
                    "Loops.m",
                    """
                    @implementation Base
                    + (RKObjectMapping *)mapping {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:self];
                        [self addCommonTo:mapping];
                        return mapping;
                    }
                    + (void)addCommonTo:(RKObjectMapping *)mapping {
                        [mapping addAttributeMappingsFromArray:@[ @"identifier" ]];
                        [self addCommonTo:mapping];
                    }
                    + (RKObjectMapping *)summaryMapping { return [self detailMapping]; }
                    + (RKObjectMapping *)detailMapping { return [self summaryMapping]; }
                    @end
                    @implementation Leaf
                    + (RKObjectMapping *)mapping {
                        RKObjectMapping *mapping = [super mapping];
                        [mapping addAttributeMappingsFromArray:@[ @"name" ]];
                        [mapping addRelationshipMappingWithSourceKeyPath:@"parent" mapping:[Leaf summaryMapping]];
                        return mapping;
                    }
                    @end
                    @implementation Sides
                    - (void)setUp {
                        RKObjectMapping *left = [RKObjectMapping mappingForClass:[Left class]];
                        [left addAttributeMappingsFromArray:@[ @"side" ]];
                        left.objectClass = [Right class];
                        RKObjectMapping *right = [RKObjectMapping mappingForClass:[Right class]];
                        right.objectClass = [Left class];
                    }
                    @end
                    """
                )
            ],
            headers: [Self.loopHeaders]
        )
        #expect(
            Self.mappings(yaml) == [
                "Base": [Self.string("identifier")],
                "Leaf": [Self.string("identifier"), Self.string("name")],
                "Left": [Self.string("side")],
                "Right": [Self.string("side")],
            ]
        )
        #expect(
            messages == [
                "Loops.m:9:5: warning: '[self addCommonTo:mapping]' runs '+[Base addCommonTo:]', which calls back into itself (+[Base addCommonTo:] → +[Base addCommonTo:]); the importer follows it once, not again from here",
                "Loops.m:12:45: warning: '[self summaryMapping]' runs '+[Base summaryMapping] for Leaf', which calls back into itself (+[Base summaryMapping] for Leaf → +[Base detailMapping] for Leaf → +[Base summaryMapping] for Leaf); the importer follows it once, not again from here",
                "Loops.m:18:72: warning: the mapping of relationship 'parent' comes from '+[Base summaryMapping] for Leaf', which calls back into itself (+[Base summaryMapping] for Leaf → +[Base detailMapping] for Leaf → +[Base summaryMapping] for Leaf); this line is not imported",
                "Loops.m:26:10: warning: the mapping of 'Right' is given the properties of 'Left', whose mapping is given those of 'Right' in turn (Left → Right → Left); 'Right' is given what 'Left' maps itself, and they go no further round",
            ]
        )
    }

    /// A `[super …]` whose method is not among the files keeps what the subclass adds, with a warning that names
    /// the superclass when the headers do; a shared instance's mapping from a file not imported, or a class set at
    /// run time, is a warning at the line, as anything the import can't tell is.
    @Test func callsTheImportCannotFollowAreWarnings() {
        let (yaml, messages) = importing(
            [
                (
                    "Visit.m",
                    """
                    @implementation Visit
                    + (RKObjectMapping *)objectMapping {
                        RKObjectMapping *mapping = [super objectMapping];
                        [mapping addAttributeMappingsFromArray:@[ @"place" ]];
                        [mapping addRelationshipMappingWithSourceKeyPath:@"guest" mapping:[[Directory sharedDirectory] guestMapping]];
                        return mapping;
                    }
                    @end
                    @implementation Stranger
                    + (RKObjectMapping *)objectMapping {
                        RKObjectMapping *mapping = [super objectMapping];
                        [mapping addAttributeMappingsFromArray:@[ @"nickname" ]];
                        mapping.objectClass = NSClassFromString(@"Guest");
                        return mapping;
                    }
                    @end
                    """
                )
            ],
            headers: [
                (
                    "Visit.h",
                    """
                    @interface Visit : Record
                    @property (nonatomic, copy) NSString *place;
                    @property (nonatomic, strong) Guest *guest;
                    @end
                    """
                )
            ]
        )
        #expect(
            Self.mappings(yaml) == [
                "Visit": [Self.string("place")], "Stranger": ["nickname: { keyPath: nickname, optional: true }"],
            ]
        )
        #expect(
            messages == [
                "Visit.m:3:32: warning: '[super objectMapping]' runs the +objectMapping that Visit inherits from Record, which is not among the files imported; the mapping has only what is added to it here",
                "Visit.m:5:71: warning: the mapping of relationship 'guest' is computed at run time ('[[Directory sharedDirectory] guestMapping]'); this line is not imported",
                "Visit.m:11:32: warning: '[super objectMapping]' runs the +objectMapping that Stranger inherits, but the headers don't say which class Stranger's superclass is; the mapping has only what is added to it here",
                "Visit.m:11:32: warning: no header declares 'Stranger'; its properties are written without types",
                "Visit.m:13:27: warning: the class the mapping of 'Stranger' is given is computed at run time ('NSClassFromString(@\"Guest\")'); this line is not imported",
            ]
        )
    }

    /// What a method adds to a mapping another method built (`m = [Channel mapping]`) before giving it to another
    /// class (`m.objectClass = [UserChannel class]`) is that class's: RestKit returns a new mapping each call, so
    /// `Channel` and its other subclasses don't get it (they did, and a sibling got it through `Channel`).
    @Test func whatIsAddedBeforeTheObjectClassIsTheNewClasssOnly() {
        let (yaml, messages) = importing(
            [
                (
                    "Channel.m",
                    """
                    @implementation Channel
                    + (RKObjectMapping *)mapping {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[self class]];
                        [mapping mapKeyPath:@"name" toAttribute:@"name"];
                        return mapping;
                    }
                    @end
                    @implementation UserChannel
                    + (RKObjectMapping *)mapping {
                        RKObjectMapping *m = [Channel mapping];
                        [m mapKeyPath:@"owner" toAttribute:@"owner"];
                        m.objectClass = [UserChannel class];
                        return m;
                    }
                    @end
                    @implementation PlaceChannel
                    + (RKObjectMapping *)mapping {
                        RKObjectMapping *m = [Channel mapping];
                        m.objectClass = [PlaceChannel class];
                        [m mapKeyPath:@"address" toAttribute:@"address"];
                        return m;
                    }
                    @end
                    """
                )
            ],
            headers: [
                (
                    "Channel.h",
                    """
                    @interface Channel : NSObject
                    @property (nonatomic, copy) NSString *name;
                    @end
                    @interface UserChannel : Channel
                    @property (nonatomic, copy) NSString *owner;
                    @end
                    @interface PlaceChannel : Channel
                    @property (nonatomic, copy) NSString *address;
                    @end
                    """
                )
            ]
        )
        #expect(
            Self.mappings(yaml) == [
                "Channel": [Self.string("name")],
                "UserChannel": [Self.string("name"), Self.string("owner")],
                "PlaceChannel": [Self.string("name"), Self.string("address")],
            ],
            "\(yaml)"
        )
        #expect(messages.isEmpty, "\(messages)")
    }

    /// A property set through `self` (`self.projectMapping = …`) is its instance variable too: a helper handed
    /// `_projectMapping` adds to that mapping (it added to nothing, silently).
    @Test func aPropertysInstanceVariableHoldsWhatSelfSetIt() {
        let (yaml, messages) = importing(
            [
                (
                    "MappingProvider.m",
                    """
                    @implementation MappingProvider
                    - (id)init {
                        self = [super init];
                        if (self) {
                            self.projectMapping = [RKObjectMapping mappingForClass:[Project class]];
                            [self.projectMapping addAttributeMappingsFromArray:@[ @"name" ]];
                            [self addTimestampsTo:_projectMapping];
                        }
                        return self;
                    }
                    - (void)addTimestampsTo:(RKObjectMapping *)mapping {
                        [mapping addAttributeMappingsFromArray:@[ @"updatedAt" ]];
                    }
                    @end
                    """
                )
            ],
            headers: [
                (
                    "Project.h",
                    """
                    @interface Project : NSObject
                    @property (nonatomic, copy) NSString *name;
                    @property (nonatomic, copy) NSString *updatedAt;
                    @end
                    """
                )
            ]
        )
        #expect(Self.mappings(yaml) == ["Project": [Self.string("name"), Self.string("updatedAt")]], "\(yaml)")
        #expect(messages.isEmpty, "\(messages)")
    }

    /// A provider's instance method that builds on its superclass's (`- userMapping { [super userMapping] … }`)
    /// where that superclass is not among the files: the mapping's class is the superclass's to say, so nothing is
    /// imported, and a warning at the call says so (it was silent).
    @Test func anInstanceMethodsSuperMappingFromAFileNotImportedIsAWarning() {
        let (_, messages) = importing(
            [
                (
                    "MappingProvider.m",
                    """
                    @implementation MappingProvider
                    - (RKObjectMapping *)userMapping {
                        RKObjectMapping *mapping = [super userMapping];
                        [mapping addAttributeMappingsFromArray:@[ @"email" ]];
                        return mapping;
                    }
                    @end
                    """
                )
            ],
            headers: [("MappingProvider.h", "@interface MappingProvider : BaseProvider\n@end")]
        )
        #expect(
            messages.contains(
                "MappingProvider.m:3:32: warning: '[super userMapping]' runs the -userMapping that MappingProvider inherits from BaseProvider, which is not among the files imported; the mapping it builds, and what is added to it here, are not imported"
            ),
            "\(messages)"
        )
    }

    /// Helpers that hand a mapping on to each other are followed a bounded number of calls deep, and each once for
    /// each `self` and arguments: in fifteen layers of four helpers, each of which calls all four of the next layer's,
    /// the first reaches the last 4^14 ways, and is read at once.
    @Test(.timeLimit(.minutes(1))) func followedHelpersAreReadABoundedDepthEachOnce() {
        let depth = ObjCMethodReturns.depthLimit
        let layers = 15
        let wide = (0..<layers).flatMap { layer in
            (0..<4).map { index in
                let body =
                    layer == layers - 1
                    ? "[mapping addAttributeMappingsFromArray:@[ @\"name\" ]];"
                    : (0..<4).map { next in "[self wide\(layer + 1)_\(next):mapping];" }.joined(separator: " ")
                return "+ (void)wide\(layer)_\(index):(RKObjectMapping *)mapping { \(body) }"
            }
        }.joined(separator: "\n")
        let deep = (0...depth).map { step in
            let body =
                step == depth
                ? "[mapping addAttributeMappingsFromArray:@[ @\"parent\" ]];" : "[self deep\(step + 1):mapping];"
            return "+ (void)deep\(step):(RKObjectMapping *)mapping { \(body) }"
        }.joined(separator: "\n")
        let (yaml, messages) = importing(
            [
                (
                    "Helpers.m",
                    """
                    @implementation Base
                    + (RKObjectMapping *)mapping {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Leaf class]];
                        [mapping addAttributeMappingsFromArray:@[ @"identifier" ]];
                        [self wide0_0:mapping];
                        [self deep0:mapping];
                        return mapping;
                    }
                    \(wide)
                    \(deep)
                    @end
                    """
                )
            ],
            headers: [Self.loopHeaders]
        )
        #expect(Self.mappings(yaml) == ["Leaf": [Self.string("identifier"), Self.string("name")]])
        // The call in the last method followed.
        let column = "+ (void)deep\(depth - 1):(RKObjectMapping *)mapping { ".count + 1
        #expect(
            messages == [
                "Helpers.m:\(9 + 4 * layers + depth - 1):\(column): warning: '[self deep\(depth):mapping]' is more than \(depth) calls deep into the methods the importer follows (+[Base deep0:] first); it is not followed"
            ]
        )
    }
}
