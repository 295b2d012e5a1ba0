import Foundation
import Testing

@testable import ModelGeneratorCore

/// `import --from restkit` on the rest of RestKit 0.10's `RKObjectMapping` API, as apps of its time wrote it: mappings
/// built in a block (`mappingForClass:usingBlock:`), by a class's name, from a list or a set of attributes, under
/// manual reference counting (`retain`, `autorelease`, `release`), and with mappings taken away again.
@Suite struct RestKit010MappingTests {
    static let dynamicMappingExample = CommandLineTests.packageRoot.appendingPathComponent(
        "Tests/ObjCSources/RestKit-0.10/RKDynamicMapping"
    )

    static let headers = ObjCMappingImporter.SourceFile(
        path: "Models.h",
        text: """
            @interface User : NSObject
            @property (nonatomic, retain) NSString *name;
            @property (nonatomic, retain) NSString *email;
            @property (nonatomic, retain) NSArray *posts;
            @property (nonatomic, retain) Post *latest;
            @end
            @interface Post : NSObject
            @property (nonatomic, retain) NSString *title;
            @property (nonatomic, retain) NSString *body;
            @end
            """
    )

    private func importing(_ code: String) -> (mappings: [String: [String]], messages: [String]) {
        let (yaml, diagnostics) = ObjCMappingImporter.importMappings(
            from: .restkit,
            files: [ObjCMappingImporter.SourceFile(path: "Mappings.m", text: code)],
            headers: [Self.headers]
        )
        return (mappings(yaml), diagnostics.sorted.map { "\($0.location): \($0.severity.rawValue): \($0.message)" })
    }

    private func mappings(_ yaml: String) -> [String: [String]] { ObjCInheritedMappingTests.mappings(yaml) }

    private static func string(_ name: String, keyPath: String? = nil) -> String {
        ObjCInheritedMappingTests.string(name, keyPath: keyPath)
    }

    private static let posts = "posts: { keyPath: posts, collection: Post, singleAsArray: true, optional: true }"

    // MARK: Manual reference counting

    /// An app written before ARC retains the mapping it keeps and autoreleases the one it returns: the mapping is
    /// the receiver's, and none of the three messages is a line the import leaves out.
    @Test func retainAutoreleaseAndReleaseAnswerTheMappingTheyAreSent() {
        let (mappings, messages) = importing(
            """
            @implementation User (Mapping)
            + (RKObjectMapping *)sharedObjectMapping {
                static RKObjectMapping *sharedObjectMapping;
                @synchronized (self) {
                    if (!sharedObjectMapping) {
                        sharedObjectMapping = [[RKObjectMapping mappingForClass:[User class]] retain];
                        [sharedObjectMapping mapKeyPath:@"user_name" toAttribute:@"name"];
                        [sharedObjectMapping mapRelationship:@"posts" withMapping:[Post mapping]];
                    }
                }
                return sharedObjectMapping;
            }
            @end
            @implementation Post (Mapping)
            + (RKObjectMapping *)mapping {
                RKObjectMapping *mapping = [[[RKObjectMapping alloc] initWithClass:[Post class]] autorelease];
                [mapping mapKeyPath:@"title" toAttribute:@"title"];
                RKObjectMapping *kept = [mapping retain];
                [kept mapKeyPath:@"content" toAttribute:@"body"];
                [kept release];
                return [mapping autorelease];
            }
            @end
            """
        )
        #expect(mappings["User"] == [Self.string("name", keyPath: "user_name"), Self.posts])
        #expect(mappings["Post"] == [Self.string("title"), Self.string("body", keyPath: "content")])
        #expect(messages.isEmpty)
    }

    // MARK: Blocks

    /// `mappingForClass:usingBlock:` (and its older spellings `withBlock:` and `block:`) runs the block at once with
    /// the new mapping: its statements map, and so do those that add to the mapping after it.
    @Test(arguments: ["usingBlock", "withBlock", "block"])
    func aMappingBuiltInABlockMapsWhatTheBlockAndTheLinesAfterItAdd(_ keyword: String) {
        let (mappings, messages) = importing(
            """
            @implementation User (Mapping)
            + (RKObjectMapping *)mapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[self class] \(keyword):^(RKObjectMapping *mapping) {
                    [mapping mapAttributes:@"name", /* @"email", */ nil];
                    [mapping mapKeyPathsToAttributes:
                            @"e_mail", @"email",
                            nil];
                }];
                // Relationships
                [mapping hasMany:@"posts" withMapping:[Post mapping]];
                return mapping;
            }
            @end
            @implementation Post (Mapping)
            + (RKObjectMapping *)mapping {
                return [RKObjectMapping mappingForClass:[Post class] \(keyword):^(RKObjectMapping* m) {
                    [m mapKeyPath:@"title" toAttribute:@"title"];
                }];
            }
            @end
            """
        )
        #expect(
            mappings["User"] == [Self.string("name"), Self.string("email", keyPath: "e_mail"), Self.posts]
        )
        #expect(mappings["Post"] == [Self.string("title")])
        #expect(messages.isEmpty)
    }

    /// The block's parameter names the mapping inside the block only, and a `return` in it returns nothing of the
    /// method's: a name the method gave before the block is its own again after it.
    @Test func aBlocksParameterAndReturnStayInsideTheBlock() {
        let (mappings, messages) = importing(
            """
            @implementation User (Mapping)
            + (RKObjectMapping *)mapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Post class]];
                RKObjectMapping *user = [RKObjectMapping mappingForClass:[User class] usingBlock:^(RKObjectMapping *mapping) {
                    [mapping mapAttributes:@"name", nil];
                    return;
                }];
                [mapping mapAttributes:@"title", nil];
                [user mapAttributes:@"email", nil];
                return user;
            }
            @end
            """
        )
        #expect(mappings["User"] == [Self.string("name"), Self.string("email")])
        #expect(mappings["Post"] == [Self.string("title")])
        #expect(messages.isEmpty)
    }

    /// A block handed to a message the import reads no further ran in the app: RestKit 0.10's loaders took their
    /// mapping in one (`loadObjectsAtResourcePath:usingBlock:`, and `postObject:delegate:block:` as RestKit's "Object
    /// Mapping" guide shows it), and what it maps is imported; a block that maps nothing adds nothing and no warning.
    @Test func aMappingBuiltInABlockHandedToAnotherMessageIsRead() {
        let (mappings, messages) = importing(
            """
            @implementation LoginController
            - (void)logIn {
                [[RKObjectManager sharedManager] loadObjectsAtResourcePath:@"/authentication" usingBlock:^(RKObjectLoader *loader) {
                    loader.method = RKRequestMethodPOST;
                    loader.objectMapping = [RKObjectMapping mappingForClass:[User class] usingBlock:^(RKObjectMapping *mapping) {
                        [mapping mapKeyPath:@"user_name" toAttribute:@"name"];
                    }];
                }];
                [UIView animateWithDuration:0.3 animations:^{
                    self.view.alpha = 0;
                    [self.view layoutIfNeeded];
                }];
                [[RKObjectManager sharedManager] postObject:self.post delegate:self block:^(RKObjectLoader *loader) {
                    RKObjectMapping *postMapping = [RKObjectMapping mappingForClass:[Post class]];
                    [postMapping mapAttributes:@"title", @"body", nil];
                    loader.objectMapping = postMapping;
                }];
            }
            @end
            """
        )
        #expect(mappings["User"] == [Self.string("name", keyPath: "user_name")])
        #expect(mappings["Post"] == [Self.string("title"), Self.string("body")])
        #expect(messages.isEmpty)
    }

    /// A local the block declares is the block's own, even where the method has one of the same name: after the
    /// block, the method's name holds the method's mapping again (a block can't assign the method's locals).
    @Test func aBlocksOwnLocalsEndWithIt() {
        let (mappings, messages) = importing(
            """
            @implementation User (Mapping)
            + (RKObjectMapping *)mapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                RKObjectMapping *post = [RKObjectMapping mappingForClass:[Post class] usingBlock:^ (RKObjectMapping *m) {
                    RKObjectMapping *mapping = m;
                    [mapping mapAttributes:@"title", nil];
                }];
                [mapping mapAttributes:@"name", nil];
                [mapping hasOne:@"latest" withMapping:post];
                return mapping;
            }
            @end
            """
        )
        #expect(
            mappings["User"] == [Self.string("name"), "latest: { keyPath: latest, object: Post, optional: true }"]
        )
        #expect(mappings["Post"] == [Self.string("title")])
        #expect(messages.isEmpty)
    }

    /// A block the code keeps in a variable is not read: the warning names it, and the mapping is still there, empty.
    @Test func aBlockThatIsNoLiteralIsAWarningNamingIt() {
        let (mappings, messages) = importing(
            """
            @implementation User (Mapping)
            + (RKObjectMapping *)mapping {
                void (^configure)(RKObjectMapping *) = ^(RKObjectMapping *m) { [m mapAttributes:@"name", nil]; };
                return [RKObjectMapping mappingForClass:[User class] usingBlock:configure];
            }
            @end
            """
        )
        #expect(mappings["User"] == [])
        #expect(
            messages == [
                "Mappings.m:4:69: warning: the block that builds the mapping of 'User' is computed at run time ('configure'); this line is not imported"
            ]
        )
    }

    // MARK: The rest of RKObjectMapping

    /// `mappingForClassWithName:`, `mapAttributesFromArray:` and `mapAttributesFromSet:` with the lists Foundation's
    /// collection classes make, and `mapKeyPath:toRelationship:withMapping:serialize:`.
    @Test func aMappingByItsClassNameFromListsAndSetsOfAttributes() {
        let (mappings, messages) = importing(
            """
            @implementation Mappings
            + (RKObjectMapping *)postMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClassWithName:@"Post"];
                [mapping mapAttributesFromArray:[NSArray arrayWithObjects:@"title", @"body", nil]];
                return mapping;
            }
            + (RKObjectMapping *)userMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                [mapping mapAttributesFromSet:[NSSet setWithObjects:@"name", nil]];
                [mapping mapAttributesFromSet:[NSSet setWithArray:@[@"email"]]];
                [mapping mapKeyPath:@"posts" toRelationship:@"posts" withMapping:[self postMapping] serialize:NO];
                [mapping mapKeyPath:@"latest_post" toRelationship:@"latest" withMapping:[self postMapping]];
                return mapping;
            }
            @end
            """
        )
        #expect(mappings["Post"] == [Self.string("title"), Self.string("body")])
        #expect(
            mappings["User"] == [
                Self.string("name"), Self.string("email"), Self.posts,
                "latest: { keyPath: latest_post, object: Post, optional: true }",
            ]
        )
        #expect(messages.isEmpty)
    }

    /// `removeMappingForKeyPath:` and `removeAllMappings` take away what the mapping had, as RestKit did.
    @Test func mappingsTakenAwayAreNotImported() {
        let (mappings, messages) = importing(
            """
            @implementation Mappings
            + (RKObjectMapping *)userMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                [mapping mapAttributes:@"name", @"email", nil];
                [mapping removeMappingForKeyPath:@"email"];
                return mapping;
            }
            + (RKObjectMapping *)postMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Post class]];
                [mapping mapAttributes:@"title", nil];
                [mapping removeAllMappings];
                [mapping mapKeyPath:@"content" toAttribute:@"body"];
                return mapping;
            }
            @end
            """
        )
        #expect(mappings["User"] == [Self.string("name")])
        #expect(mappings["Post"] == [Self.string("body", keyPath: "content")])
        #expect(messages.isEmpty)
    }

    /// `removeMappingForKeyPath:` takes away the first mapping read from the key path, the one RestKit's
    /// `mappingForKeyPath:` finds (RKObjectMapping.m); another attribute read from the same key stays.
    @Test func removingAKeyPathTakesAwayItsFirstMappingOnly() {
        let (mappings, messages) = importing(
            """
            @implementation Mappings
            + (RKObjectMapping *)userMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                [mapping mapKeyPath:@"name" toAttribute:@"name"];
                [mapping mapKeyPath:@"name" toAttribute:@"email"];
                [mapping removeMappingForKeyPath:@"name"];
                return mapping;
            }
            @end
            """
        )
        #expect(mappings["User"] == [Self.string("email", keyPath: "name")])
        #expect(messages.isEmpty)
    }

    /// `removeMapping:` takes away the attribute or relationship mapping a lookup of the mapping's own gives it
    /// (`mappingForKeyPath:` by the JSON's key, `mappingForAttribute:` and `mappingForRelationship:` by the
    /// property's name); a lookup that finds nothing takes nothing away.
    @Test func aMappingThatALookupFindsIsTakenAway() {
        let (mappings, messages) = importing(
            """
            @implementation Mappings
            + (RKObjectMapping *)userMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                [mapping mapKeyPath:@"user_name" toAttribute:@"name"];
                [mapping mapAttributes:@"email", nil];
                [mapping mapKeyPath:@"posts" toRelationship:@"posts" withMapping:[self postMapping]];
                [mapping removeMapping:[mapping mappingForKeyPath:@"user_name"]];
                [mapping removeMapping:[mapping mappingForRelationship:@"posts"]];
                [mapping removeMapping:[mapping mappingForAttribute:@"nothing"]];
                return mapping;
            }
            + (RKObjectMapping *)postMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Post class]];
                [mapping mapAttributes:@"title", @"body", nil];
                [mapping removeMapping:[mapping mappingForAttribute:@"body"]];
                return mapping;
            }
            @end
            """
        )
        #expect(mappings["User"] == [Self.string("email")])
        #expect(mappings["Post"] == [Self.string("title")])
        #expect(messages.isEmpty)
    }

    /// `mapping.rootKeyPath = @"user"` puts the mapping's objects under an envelope key, which the import notes as it
    /// notes `setMapping:forKeyPath:`.
    @Test func aRootKeyPathIsNotedAsTheEnvelopeItIs() {
        let (mappings, messages) = importing(
            """
            @implementation User (Mapping)
            + (RKObjectMapping *)mapping {
                return [RKObjectMapping mappingForClass:[User class] usingBlock:^(RKObjectMapping *mapping) {
                    mapping.rootKeyPath = @"user";
                    [mapping mapAttributes:@"name", nil];
                }];
            }
            @end
            """
        )
        #expect(mappings["User"] == [Self.string("name")])
        #expect(
            messages == [
                "Mappings.m:4:17: note: the response holds User under the key path 'user'; the model maps what is inside it"
            ]
        )
    }

    /// A message whose receiver is a property of a message's answer (`[RKObjectManager sharedManager].mappingProvider`)
    /// is read as any other: its envelope is noted as on a local manager.
    @Test func aMessageToAPropertyOfAMessagesAnswerIsRead() {
        let (mappings, messages) = importing(
            """
            @implementation AppDelegate
            - (void)setUp {
                RKObjectMapping *postMapping = [RKObjectMapping mappingForClass:[Post class]];
                [postMapping mapAttributes:@"title", nil];
                [[RKObjectManager sharedManager].mappingProvider setMapping:postMapping forKeyPath:@"posts"];
            }
            @end
            """
        )
        #expect(mappings["Post"] == [Self.string("title")])
        #expect(
            messages == [
                "Mappings.m:5:5: note: the response holds Post under the key path 'posts'; the model maps what is inside it"
            ]
        )
    }

    /// A setting that changes how RestKit stores what it read, not which keys it reads, is read quietly whether it
    /// is set as a property or with its setter; `setRootKeyPath:` notes its envelope as `rootKeyPath =` does; any
    /// other setter is a warning.
    @Test func aMappingsSettersAreReadAsItsPropertiesAre() {
        let (mappings, messages) = importing(
            """
            @implementation Mappings
            + (RKObjectMapping *)userMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[User class]];
                [mapping mapAttributes:@"name", nil];
                [mapping setIdentificationAttributes:@[@"name"]];
                mapping.identificationAttributes = @[@"name"];
                [mapping setAssignsNilForMissingRelationships:YES];
                [mapping setRootKeyPath:@"user"];
                [mapping setSomethingElse:YES];
                return mapping;
            }
            @end
            """
        )
        #expect(mappings["User"] == [Self.string("name")])
        #expect(
            messages == [
                "Mappings.m:8:5: note: the response holds User under the key path 'user'; the model maps what is inside it",
                "Mappings.m:9:5: warning: 'setSomethingElse:' is not imported: the importer reads attribute and relationship mappings only",
            ]
        )
    }

    // MARK: Real code

    /// RestKit 0.10.3's own test of dynamic mappings (`Tests/ObjCSources/RestKit-0.10/RKDynamicMapping`) builds every
    /// mapping in a block, inside methods, a delegate callback and a block of its own; the import reads each one.
    @Test func restKitsDynamicMappingTestBuildsItsMappingsInBlocks() throws {
        func file(_ name: String) throws -> ObjCMappingImporter.SourceFile {
            let url = Self.dynamicMappingExample.appendingPathComponent(name)
            return .init(path: name, text: try String(contentsOf: url, encoding: .utf8))
        }
        let (yaml, diagnostics) = ObjCMappingImporter.importMappings(
            from: .restkit,
            files: [try file("RKDynamicObjectMappingTest.m")],
            headers: [try file("RKDynamicMappingModels.h")]
        )
        let name = Self.string("name")
        #expect(mappings(yaml) == ["Girl": [name], "Boy": [name]])
        #expect(diagnostics.sorted.filter { $0.severity != .note }.isEmpty)
    }
}
