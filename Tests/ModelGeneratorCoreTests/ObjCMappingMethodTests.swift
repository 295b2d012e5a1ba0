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
                "      handle: { keyPath: user_handle, type: String, optional: true }",
                "      phone: { keyPath: phone, type: String, optional: true }",
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
                "      phone: { keyPath: phone, type: String, optional: true }",
                "      handle: { keyPath: user_handle, type: String, optional: true }",
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
}
