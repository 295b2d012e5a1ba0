import Foundation
import Testing

@testable import ModelGeneratorCore

/// `import --from restkit` on mappings that app code names indirectly: an entity named by its class
/// (`NSStringFromClass([self class])`), and a relationship whose mapping a method returns.
@Suite struct ObjCMappingMethodTests {
    /// The shape of a Core Data app's generated headers: the class, and its properties in a category.
    static let memberHeaders = ObjCMappingImporter.SourceFile(
        path: "Member.h",
        text: """
            @interface Member : NSManagedObject
            @end
            NS_ASSUME_NONNULL_BEGIN
            @interface Member (CoreDataProperties)
            @property (nullable, nonatomic, retain) NSString *handle;
            @property (nullable, nonatomic, retain) NSString *phone;
            @end
            NS_ASSUME_NONNULL_END
            """
    )

    private func importing(
        _ files: [(path: String, code: String)],
        headers: [ObjCMappingImporter.SourceFile]
    ) -> (yaml: String, messages: [String]) {
        let (yaml, diagnostics) = ObjCMappingImporter.importMappings(
            from: .restkit,
            files: files.map { ObjCMappingImporter.SourceFile(path: $0.path, text: $0.code) },
            headers: headers
        )
        return (yaml, diagnostics.sorted.map { "\($0.location): \($0.severity.rawValue): \($0.message)" })
    }

    /// The YAML's class and property lines, without comments.
    private func mappingLines(_ yaml: String) -> [String] {
        yaml.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  ") && !$0.contains("#") }
    }

    // MARK: Entities named by their class

    /// A category of the entity's class names the entity by `[self class]`, as Core Data apps whose classes are
    /// named after their entities do.
    @Test func anEntityNamedByItsClassInACategory() {
        let (yaml, messages) = importing(
            [
                (
                    "Member+Remote.m",
                    """
                    @implementation Member (Remote)

                    + (RKEntityMapping *)remoteMappingInStore:(RKManagedObjectStore *)store {
                      RKEntityMapping *mapping = [RKEntityMapping mappingForEntityForName:NSStringFromClass([self class])
                                                                     inManagedObjectStore:store];
                      [mapping addAttributeMappingsFromDictionary:@{ @"user_handle": @"handle", @"phone": @"phone" }];
                      return mapping;
                    }

                    @end
                    """
                )
            ],
            headers: [Self.memberHeaders]
        )
        #expect(
            mappingLines(yaml) == [
                "  Member:",
                "    properties:",
                "      handle: { keyPath: user_handle, type: String, formatter: LenientStringFormatter, optional: true }",
                "      phone: { keyPath: phone, type: String, formatter: LenientStringFormatter, optional: true }",
            ]
        )
        #expect(messages == [])
    }

    /// `NSStringFromClass` of a class named outright, and of `self` in a class method.
    @Test func anEntityNamedByAClassOutright() {
        let (yaml, messages) = importing(
            [
                (
                    "Store.m",
                    """
                    @implementation Store
                    - (void)setUp {
                        RKEntityMapping *members = [RKEntityMapping mappingForEntityForName:NSStringFromClass([Member class]) inManagedObjectStore:self.store];
                        [members addAttributeMappingsFromArray:@[ @"phone" ]];
                    }
                    @end
                    @implementation Member (Mapping)
                    + (RKEntityMapping *)mappingInStore:(RKManagedObjectStore *)store {
                        RKEntityMapping *mapping = [RKEntityMapping mappingForEntityForName:NSStringFromClass(self) inManagedObjectStore:store];
                        [mapping addAttributeMappingsFromDictionary:@{ @"user_handle": @"handle" }];
                        return mapping;
                    }
                    @end
                    """
                )
            ],
            headers: [Self.memberHeaders]
        )
        #expect(
            mappingLines(yaml) == [
                "  Member:",
                "    properties:",
                "      phone: { keyPath: phone, type: String, formatter: LenientStringFormatter, optional: true }",
                "      handle: { keyPath: user_handle, type: String, formatter: LenientStringFormatter, optional: true }",
            ]
        )
        #expect(messages == [])
    }

    /// Files whose every mapping names its class at run time do build mappings: the warning says none could be
    /// read, not that none was found, next to each one's own warning.
    @Test func filesWhoseMappingsCannotBeReadSaySo() {
        let (yaml, messages) = importing(
            [
                (
                    "Member+Remote.m",
                    """
                    @implementation Member (Remote)
                    + (RKEntityMapping *)remoteMappingInStore:(RKManagedObjectStore *)store {
                        RKEntityMapping *mapping = [RKEntityMapping mappingForEntityForName:[self entityName] inManagedObjectStore:store];
                        [mapping addAttributeMappingsFromArray:@[ @"phone" ]];
                        return mapping;
                    }
                    @end
                    """
                )
            ],
            headers: [Self.memberHeaders]
        )
        #expect(yaml.hasSuffix("mappings: {}\n"))
        #expect(
            messages == [
                "Member+Remote.m:1:1: warning: no RestKit mapping this file builds could be read; the YAML maps nothing",
                "Member+Remote.m:3:73: warning: the entity name is computed at run time ('[self entityName]'); this line is not imported",
            ]
        )
    }

    // MARK: Mappings that methods return

    static let catalogHeaders = ObjCMappingImporter.SourceFile(
        path: "Catalog.h",
        text: """
            NS_ASSUME_NONNULL_BEGIN
            @interface Person : NSObject
            @property (nonatomic, copy) NSString *login;
            @property (nonatomic, copy, nullable) NSString *bio;
            @end
            @interface Remark : NSObject
            @property (nonatomic, copy) NSString *body;
            @end
            @interface Sighting : NSObject
            @property (nonatomic, copy) NSString *title;
            @property (nonatomic, strong, nullable) Person *observer;
            @property (nonatomic, strong, nullable) NSArray<Person *> *helpers;
            @property (nonatomic, strong, nullable) NSArray<Remark *> *remarks;
            @end
            @interface CatalogMapping : NSObject
            + (RKObjectMapping *)personMapping;
            @end
            NS_ASSUME_NONNULL_END
            """
    )

    /// RestKit's documented layout: a provider class whose class methods each build one class's mapping, and
    /// relationships that name another of them by the class (`[CatalogMapping personMapping]`), by `self` or by
    /// `[self class]`, defined above or below.
    @Test func aProviderMethodIsTheMappingItBuilds() {
        let (yaml, messages) = importing(
            [
                (
                    "CatalogMapping.m",
                    """
                    @implementation CatalogMapping

                    + (RKObjectMapping *)personMapping {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Person class]];
                        [mapping addAttributeMappingsFromArray:@[ @"login" ]];
                        return mapping;
                    }

                    + (RKObjectMapping *)sightingMapping {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Sighting class]];
                        [mapping addAttributeMappingsFromArray:@[ @"title" ]];
                        [mapping addPropertyMapping:[RKRelationshipMapping relationshipMappingFromKeyPath:@"seen_by" toKeyPath:@"observer" withMapping:[CatalogMapping personMapping]]];
                        [mapping addPropertyMapping:[RKRelationshipMapping relationshipMappingFromKeyPath:@"helpers" toKeyPath:@"helpers" withMapping:[[self class] personMapping]]];
                        [mapping mapKeyPath:@"remarks" toRelationship:@"remarks" withMapping:[self remarkMapping]];
                        return mapping;
                    }

                    + (RKObjectMapping *)remarkMapping {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Remark class]];
                        [mapping mapKeyPath:@"text" toAttribute:@"body"];
                        return mapping;
                    }

                    @end
                    """
                )
            ],
            headers: [Self.catalogHeaders]
        )
        #expect(
            mappingLines(yaml) == [
                "  Person:",
                "    properties:",
                "      login: { keyPath: login, type: String, formatter: LenientStringFormatter, optional: true }",
                "  Sighting:",
                "    properties:",
                "      title: { keyPath: title, type: String, formatter: LenientStringFormatter, optional: true }",
                "      observer: { keyPath: seen_by, object: Person, optional: true }",
                "      helpers: { keyPath: helpers, collection: Person, singleAsArray: true, optional: true }",
                "      remarks: { keyPath: remarks, collection: Remark, singleAsArray: true, optional: true }",
                "  Remark:",
                "    properties:",
                "      body: { keyPath: text, type: String, formatter: LenientStringFormatter, optional: true }",
            ]
        )
        #expect(messages == [])
    }

    /// One mapping class per file, each calling the next's `+objectMapping`: the relationship maps the class (here
    /// an entity named by a constant) that the other file's method builds.
    @Test func aMappingMethodOfAnotherFile() {
        let headers = ObjCMappingImporter.SourceFile(
            path: "Feed.h",
            text: """
                extern NSString * const ChannelEntityName;
                @interface FeedMapping : NSObject
                @property (nonatomic, strong) Channel *channel;
                @end
                @interface Channel : NSManagedObject
                @property (nonatomic, retain) NSString *title;
                @end
                """
        )
        let (yaml, messages) = importing(
            [
                (
                    "FeedMapping.m",
                    """
                    @implementation FeedMapping
                    + (RKObjectMapping *)objectMapping
                    {
                        RKObjectMapping *feed = [RKObjectMapping mappingForClass:[self class]];
                        [feed addPropertyMapping:[RKRelationshipMapping relationshipMappingFromKeyPath:@"channel"
                                                                                             toKeyPath:@"channel"
                                                                                           withMapping:[ChannelMapping objectMapping]]];
                        return feed;
                    }
                    @end
                    """
                ),
                (
                    "ChannelMapping.m",
                    """
                    NSString * const ChannelEntityName = @"Channel";
                    @implementation ChannelMapping
                    + (RKEntityMapping *)objectMapping
                    {
                        RKEntityMapping *channel = [RKEntityMapping mappingForEntityForName:ChannelEntityName
                                                                      inManagedObjectStore:[[RKObjectManager sharedManager] managedObjectStore]];
                        [channel addAttributeMappingsFromDictionary:@{ @"name": @"title" }];
                        return channel;
                    }
                    @end
                    """
                ),
            ],
            headers: [headers]
        )
        #expect(
            mappingLines(yaml) == [
                "  FeedMapping:",
                "    properties:",
                "      channel: { keyPath: channel, object: Channel, optional: true }",
                "  Channel:",
                "    properties:",
                "      title: { keyPath: name, type: String, formatter: LenientStringFormatter, optional: true }",
            ]
        )
        #expect(messages == [])
    }

    /// A mapping built once (`dispatch_once`), one that another method extends, and instance methods that return
    /// mappings to `[self …]`.
    @Test func aMappingPassedThroughMethodsAndExtended() {
        let (yaml, messages) = importing(
            [
                (
                    "Directory.m",
                    """
                    @implementation Directory
                    + (RKObjectMapping *)personMapping {
                        static RKObjectMapping *mapping = nil;
                        static dispatch_once_t once;
                        dispatch_once(&once, ^{
                            mapping = [RKObjectMapping mappingForClass:[Person class]];
                            [mapping addAttributeMappingsFromArray:@[ @"login" ]];
                        });
                        return mapping;
                    }
                    + (RKObjectMapping *)profileMapping {
                        RKObjectMapping *mapping = [self personMapping];
                        [mapping addAttributeMappingsFromDictionary:@{ @"about": @"bio" }];
                        return mapping;
                    }
                    - (RKObjectMapping *)sightingMapping {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Sighting class]];
                        [mapping addRelationshipMappingWithSourceKeyPath:@"observer" mapping:[[self class] profileMapping]];
                        return mapping;
                    }
                    - (void)setUp {
                        [self.manager addResponseDescriptor:[RKResponseDescriptor responseDescriptorWithMapping:[self sightingMapping] method:RKRequestMethodGET pathPattern:@"/sightings" keyPath:@"sightings" statusCodes:nil]];
                    }
                    @end
                    """
                )
            ],
            headers: [Self.catalogHeaders]
        )
        #expect(
            mappingLines(yaml) == [
                "  Person:",
                "    properties:",
                "      login: { keyPath: login, type: String, formatter: LenientStringFormatter, optional: true }",
                "      bio: { keyPath: about, type: String, formatter: LenientStringFormatter, optional: true }",
                "  Sighting:",
                "    properties:",
                "      observer: { keyPath: observer, object: Person, optional: true }",
            ]
        )
        #expect(
            messages == [
                "Directory.m:22:41: note: the response holds Sighting under the key path 'sightings'; the model maps what is inside it"
            ]
        )
    }

    /// A method whose mapping the importer can't tell is a warning at the line that uses it, saying why, and the
    /// relationship is left out.
    @Test func methodsWhoseMappingCannotBeToldAreWarnings() {
        let (yaml, messages) = importing(
            [
                (
                    "Loops.m",
                    """
                    @implementation Loops
                    + (RKObjectMapping *)first { return [self second]; }
                    + (RKObjectMapping *)second { return [Loops first]; }
                    + (RKObjectMapping *)itself { return [self itself]; }
                    + (RKObjectMapping *)either:(BOOL)remarks {
                        if (remarks) { return [RKObjectMapping mappingForClass:[Remark class]]; }
                        return [RKObjectMapping mappingForClass:[Person class]];
                    }
                    + (RKObjectMapping *)shared { return [[RKObjectManager sharedManager] objectMappingForClass:[Person class]]; }
                    + (void)nothing { }
                    + (RKObjectMapping *)sightingMapping {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Sighting class]];
                        [mapping mapRelationship:@"observer" withMapping:[self first]];
                        [mapping mapRelationship:@"helpers" withMapping:[Loops second]];
                        [mapping mapRelationship:@"helpers" withMapping:[self itself]];
                        [mapping mapRelationship:@"remarks" withMapping:[self either:YES]];
                        [mapping mapRelationship:@"observer" withMapping:[self shared]];
                        [mapping mapRelationship:@"helpers" withMapping:[self nothing]];
                        [mapping mapRelationship:@"remarks" withMapping:[self remarkMapping]];
                        RKObjectMapping *looping = [self itself];
                        [mapping mapKeyPath:@"title" toAttribute:@"title"];
                        [mapping mapRelationship:@"observer" withMapping:looping];
                        return mapping;
                    }
                    @end
                    """
                )
            ],
            headers: [Self.catalogHeaders]
        )
        #expect(
            mappingLines(yaml).contains(
                "      title: { keyPath: title, type: String, formatter: LenientStringFormatter, optional: true }"
            )
        )
        #expect(!yaml.contains("observer:") && !yaml.contains("helpers:") && !yaml.contains("remarks:"))
        #expect(
            messages == [
                "Loops.m:13:54: warning: the mapping of relationship 'observer' comes from '+[Loops first]', which calls back into itself (+[Loops first] → +[Loops second] → +[Loops first]); this line is not imported",
                "Loops.m:14:53: warning: the mapping of relationship 'helpers' comes from '+[Loops second]' through '+[Loops first]', which calls back into itself (+[Loops first] → +[Loops second] → +[Loops first]); this line is not imported",
                "Loops.m:15:53: warning: the mapping of relationship 'helpers' comes from '+[Loops itself]', which calls back into itself (+[Loops itself] → +[Loops itself]); this line is not imported",
                "Loops.m:16:53: warning: the mapping of relationship 'remarks' comes from '+[Loops either:]', which returns the mappings of different classes: 'Remark' (Loops.m:6:20), 'Person' (Loops.m:7:5); this line is not imported",
                "Loops.m:17:54: warning: the mapping of relationship 'observer' comes from '+[Loops shared]', which returns '[[RKObjectManager sharedManager] objectMappingForClass:[Person class]]' (Loops.m:9:38), which is computed at run time; this line is not imported",
                "Loops.m:18:53: warning: the mapping of relationship 'helpers' comes from '+[Loops nothing]', which returns no value; this line is not imported",
                "Loops.m:19:53: warning: the mapping of relationship 'remarks' is computed at run time ('[self remarkMapping]'); this line is not imported",
                "Loops.m:22:5: warning: the mapping of relationship 'observer' comes from '+[Loops itself]' (called on line 20), which calls back into itself (+[Loops itself] → +[Loops itself]); this line is not imported",
            ]
        )
    }

    /// A method may return the mapped class or an attribute dictionary too; a return the importer does not take
    /// whole (a conditional) still builds the mappings it names, and a relationship to it is a warning.
    @Test func methodsReturningOtherValues() {
        let (yaml, messages) = importing(
            [
                (
                    "Values.m",
                    """
                    @implementation Values
                    + (Class)modelClass { return [Sighting class]; }
                    + (NSDictionary *)attributes { return @{ @"caption": @"title" }; }
                    + (RKObjectMapping *)pick {
                        return flag ? [RKObjectMapping mappingForClass:[Remark class]] : [RKObjectMapping mappingForClass:[Person class]];
                    }
                    + (RKObjectMapping *)sightingMapping {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[self modelClass]];
                        [mapping addAttributeMappingsFromDictionary:[self attributes]];
                        [mapping mapRelationship:@"observer" withMapping:[self pick]];
                        return mapping;
                    }
                    @end
                    """
                )
            ],
            headers: [Self.catalogHeaders]
        )
        #expect(
            mappingLines(yaml) == [
                "  Remark:",
                "    properties: {}",
                "  Person:",
                "    properties: {}",
                "  Sighting:",
                "    properties:",
                "      title: { keyPath: caption, type: String, formatter: LenientStringFormatter, optional: true }",
            ]
        )
        #expect(
            messages == [
                "Values.m:10:54: warning: the mapping of relationship 'observer' comes from '+[Values pick]', which returns 'flag?[RKObjectMapping mappingForClass:[Remark class]]:[RKObjectMapping mappingForClass:[Person class]]' (Values.m:5:12), which is computed at run time; this line is not imported"
            ]
        )
    }

    /// A method that returns an array literal (`@[ @"login", @"bio" ]`) gives the array.
    @Test func aMethodReturningAnArrayLiteralGivesTheArray() {
        let (yaml, messages) = importing(
            [
                (
                    "Lists.m",
                    """
                    @implementation Lists
                    + (NSArray *)names { return @[ @"login", @"bio" ]; }
                    + (RKObjectMapping *)personMapping {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Person class]];
                        [mapping addAttributeMappingsFromArray:[self names]];
                        return mapping;
                    }
                    @end
                    """
                )
            ],
            headers: [Self.catalogHeaders]
        )
        #expect(
            mappingLines(yaml) == [
                "  Person:",
                "    properties:",
                "      login: { keyPath: login, type: String, formatter: LenientStringFormatter, optional: true }",
                "      bio: { keyPath: bio, type: String, formatter: LenientStringFormatter, optional: true }",
            ]
        )
        #expect(messages == [])
    }

    /// A class's `+mapping` that extends its superclass's (`[super mapping]`, which builds the mapping of `self`)
    /// when the files don't implement the superclass's: the mapping is the class's, with what the method adds, and a
    /// warning says the superclass's part is missing.
    @Test func aMappingExtendingASuperclassMappingNotAmongTheFilesKeepsWhatItAdds() {
        let (yaml, messages) = importing(
            [
                (
                    "Mapping.m",
                    """
                    @implementation Person (Mapping)
                    + (RKObjectMapping *)mapping {
                        RKObjectMapping *mapping = [super mapping];
                        [mapping addAttributeMappingsFromArray:@[ @"login" ]];
                        return mapping;
                    }
                    @end
                    @implementation Sighting (Mapping)
                    + (RKObjectMapping *)mapping {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:self];
                        [mapping addRelationshipMappingWithSourceKeyPath:@"observer" mapping:[Person mapping]];
                        return mapping;
                    }
                    @end
                    """
                )
            ],
            headers: [Self.catalogHeaders]
        )
        #expect(
            mappingLines(yaml) == [
                "  Person:",
                "    properties:",
                "      login: { keyPath: login, type: String, formatter: LenientStringFormatter, optional: true }",
                "  Sighting:",
                "    properties:",
                "      observer: { keyPath: observer, object: Person, optional: true }",
            ]
        )
        #expect(
            messages == [
                "Mapping.m:3:32: warning: '[super mapping]' runs the +mapping that Person inherits from NSObject, which is not among the files imported; the mapping has only what is added to it here"
            ]
        )
    }

    /// Methods that pass a mapping on through each other are followed a bounded number of methods deep, and each
    /// once: in fifteen layers of four methods, each of which may return any of the next layer's, the first has
    /// 4^14 paths to its mapping, and resolves at once.
    @Test(.timeLimit(.minutes(1))) func chainsOfMethodsAreFollowedABoundedDepthEachMethodOnce() {
        let depth = ObjCMethodReturns.depthLimit
        let mapping = "return [RKObjectMapping mappingForClass:[Person class]];"
        func chain(_ name: String, length: Int) -> String {
            (0..<length).map { step in
                "+ (RKObjectMapping *)\(name)\(step) { \(step == length - 1 ? mapping : "return [self \(name)\(step + 1)];") }"
            }.joined(separator: "\n")
        }
        let layers = 15
        let wide = (0..<layers).flatMap { layer in
            (0..<4).map { index in
                let body =
                    layer == layers - 1
                    ? mapping
                    : (0..<4).map { next in "if (flag == \(next)) { return [self wide\(layer + 1)_\(next)]; }" }
                        .joined(separator: " ") + " return nil;"
                return "+ (RKObjectMapping *)wide\(layer)_\(index) { \(body) }"
            }
        }.joined(separator: "\n")
        let (yaml, messages) = importing(
            [
                (
                    "Deep.m",
                    """
                    @implementation Deep
                    + (RKObjectMapping *)sightingMapping {
                        RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Sighting class]];
                        [mapping mapRelationship:@"observer" withMapping:[self deep0]];
                        [mapping mapRelationship:@"helpers" withMapping:[self wide0_0]];
                        [mapping mapRelationship:@"remarks" withMapping:[self tooDeep0]];
                        return mapping;
                    }
                    \(chain("deep", length: depth))
                    \(chain("tooDeep", length: depth + 1))
                    \(wide)
                    @end
                    """
                )
            ],
            headers: [Self.catalogHeaders]
        )
        #expect(
            mappingLines(yaml).filter { $0.hasPrefix("      ") } == [
                "      observer: { keyPath: observer, object: Person, optional: true }",
                "      helpers: { keyPath: helpers, collection: Person, singleAsArray: true, optional: true }",
            ]
        )
        #expect(
            messages == [
                "Deep.m:6:53: warning: the mapping of relationship 'remarks' comes from '+[Deep tooDeep0]' through '+[Deep tooDeep\(depth)]', which is more than \(depth) methods deep, further than the importer follows; this line is not imported"
            ]
        )
    }
}
