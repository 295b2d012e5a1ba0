import Testing

@testable import ModelGeneratorCore

/// The header reader: `@interface`/`@property`/`@end` as real headers write them, with comments, macros, generics,
/// categories and nullability; everything else is skipped.
@Suite struct ObjCHeaderTests {
    static let header = """
        #import <Foundation/Foundation.h>
        #define kUnused @"x"

        NS_ASSUME_NONNULL_BEGIN

        /* @interface Commented : NSObject @property NSString *ghost; @end */
        @interface Base : NSObject {
            NSString *_ivar;
        }
        @property (nonatomic, copy) NSString *identifier;
        @property (nonatomic, copy, nullable) NSURL *link;
        @property (nonatomic, strong) NSArray<Base *> *children;
        - (void)reload; // @property NSString *notAProperty;
        @end

        @interface Post : Base <NSCopying>
        @property (nonatomic, copy) NSString * _Nullable title NS_AVAILABLE_IOS(7_0);
        @property (nonatomic, assign) CGFloat latitude, longitude;
        @property (nonatomic, copy) void (^completion)(NSError *error);
        @property (nonatomic, strong) id<NSCoding> payload;
        @property (nonatomic, copy) NSString *identifier;
        @end

        NS_ASSUME_NONNULL_END

        @interface Post (Extras)
        @property (nonatomic, strong) NSNumber *score;
        @property (nonatomic, assign) unsigned long long views;
        @end
        """

    @Test func readsClassesCategoriesAndTheirProperties() throws {
        let headers = ObjCHeaders(ObjCHeaderReader.read(Self.header, file: "Post.h"))
        #expect(headers.classes.keys.sorted() == ["Base", "Post"])
        let post = try #require(headers.classes["Post"])
        #expect(post.superclass == "Base")
        #expect(post.location == SourceLocation(file: "Post.h", line: 16, column: 1))
        // Superclass properties first; a redeclared one keeps its place and takes the subclass's declaration.
        let properties = headers.properties(of: "Post")
        #expect(
            properties.map(\.name) == [
                "identifier", "link", "children", "title", "latitude", "longitude", "completion", "payload", "score",
                "views",
            ]
        )
        #expect(properties[0].location == SourceLocation(file: "Post.h", line: 21, column: 39))
        #expect(
            properties.map { $0.type.description } == [
                "NSString *", "NSURL *", "NSArray<Base *> *", "NSString *", "CGFloat", "CGFloat", "a block",
                "id<NSCoding>", "NSNumber *", "unsigned long long",
            ]
        )
    }

    @Test func nullabilityComesFromAttributesQualifiersAndTheAssumedRegion() {
        let headers = ObjCHeaders(ObjCHeaderReader.read(Self.header, file: "Post.h"))
        let nullability = Dictionary(
            uniqueKeysWithValues: headers.properties(of: "Post").map { ($0.name, $0.nullability) }
        )
        #expect(nullability["identifier"] == .nonnull)
        #expect(nullability["link"] == .nullable)
        #expect(nullability["title"] == .nullable)
        // Scalars have no nullability; outside NS_ASSUME_NONNULL nothing is said.
        #expect(nullability["latitude"] == .some(nil))
        #expect(nullability["score"] == .some(nil))
        #expect(nullability["payload"] == .nonnull)
    }

    @Test func typesBecomeSwiftTypes() {
        let headers = ObjCHeaders(ObjCHeaderReader.read(Self.header, file: "Post.h"))
        let types = headers.properties(of: "Post").map { ObjCSwiftType($0.type) }
        #expect(
            types == [
                .string, .url, .array(.object("Base")), .string, .double, .double, .unknown("a block"), .json,
                .number, .int,
            ]
        )
    }

    /// C's integer types in all their spellings, and Core Foundation's and Core Location's scalar names, are the
    /// numbers KVC set from the JSON's numbers; they were JSONValues with a warning each.
    @Test func everySpellingOfAScalarIsANumber() {
        let header = """
            @interface Reading : NSObject
            @property (nonatomic) long int a;
            @property (nonatomic) unsigned long long int b;
            @property (nonatomic) short int c;
            @property (nonatomic) signed d;
            @property (nonatomic) signed char e;
            @property (nonatomic) unsigned char f;
            @property (nonatomic) UInt32 g;
            @property (nonatomic) SInt64 h;
            @property (nonatomic) UInt i;
            @property (nonatomic) Float64 j;
            @property (nonatomic) CLLocationSpeed k;
            @property (nonatomic) CFTimeInterval l;
            @property (nonatomic) long double m;
            @property (nonatomic) unsigned int n;
            @end
            """
        let headers = ObjCHeaders(ObjCHeaderReader.read(header, file: "Reading.h"))
        #expect(
            headers.properties(of: "Reading").map { ObjCSwiftType($0.type) } == Array(repeating: .int, count: 9)
                + Array(repeating: .double, count: 4) + [.int]
        )
    }

    /// The Swift types of `Post`'s properties, declared in `Post.h` with the names `Types.h` defines.
    private func postTypes(typedefs: String, properties: String) -> [ObjCSwiftType] {
        let types = ObjCTokenizer(typedefs, file: "Types.h")
        let post = ObjCTokenizer("@interface Post : NSObject\n\(properties)\n@end\n", file: "Post.h")
        return ObjCHeaders(reading: [post, types]).properties(of: "Post").map { ObjCSwiftType($0.type) }
    }

    /// Properties declared with a typedef's name have the type it stands for, wherever the typedef is declared.
    @Test func typedefsGiveTheirTypes() {
        let types = postTypes(
            typedefs: """
                typedef NS_ENUM(NSInteger, PostKind) { PostKindText, PostKindPhoto };
                typedef NS_OPTIONS(NSUInteger, PostFlags) { PostFlagsPinned = 1 << 0 };
                typedef enum { PostStateDraft, PostStateLive } PostState;
                typedef double Meters;
                typedef NSString *PostIdentifier;
                typedef void (^PostHandler)(NSError *error);
                """,
            properties: """
                @property (nonatomic) PostKind kind;
                @property (nonatomic) PostFlags flags;
                @property (nonatomic) PostState state;
                @property (nonatomic) Meters distance;
                @property (nonatomic, copy) PostIdentifier identifier;
                @property (nonatomic, copy) PostHandler handler;
                """
        )
        #expect(types == [.int, .int, .int, .double, .string, .unknown("PostHandler")])
    }

    /// Typed string constants and the typedefs Swift renames end in macros after the name: `NS_TYPED_ENUM`,
    /// `NS_STRING_ENUM`, `NS_SWIFT_NAME(…)`. The macro was read as the name and the property was left untyped.
    @Test func typedefsWithSwiftMacrosAfterTheNameGiveTheirTypes() {
        let types = postTypes(
            typedefs: """
                typedef NSString *PostKind NS_TYPED_ENUM;
                typedef NSString * const PostState NS_STRING_ENUM;
                typedef NSString *PostTag NS_TYPED_EXTENSIBLE_ENUM NS_SWIFT_NAME(Post.Tag);
                typedef NSInteger PostRank API_AVAILABLE(ios(10.0)) __attribute__((swift_wrapper(struct)));
                typedef unsigned long ULONG;
                typedef void (^PostHandler)(NSError *error) NS_SWIFT_NAME(Post.Handler);
                typedef unsigned long __darwin_size_t;
                typedef NSString *API_Key;
                typedef NSInteger PostCount __deprecated;
                """,
            properties: """
                @property (nonatomic, copy) PostKind kind;
                @property (nonatomic, copy) PostState state;
                @property (nonatomic, copy) PostTag tag;
                @property (nonatomic) PostRank rank;
                @property (nonatomic) ULONG views;
                @property (nonatomic, copy) PostHandler handler;
                @property (nonatomic) __darwin_size_t size;
                @property (nonatomic, copy) API_Key key;
                @property (nonatomic) PostCount count;
                """
        )
        // A `__` word right after a C scalar, and a name in another case than a macro's, are the typedef's name.
        #expect(
            types == [.string, .string, .string, .int, .int, .unknown("PostHandler"), .int, .string, .int]
        )
    }

    /// Properties declared in a `@protocol` are every adopter's, as clang lists them in the class's metadata (after
    /// the class's own, the inherited protocol's before the protocol's own). They were skipped: a mapped key declared
    /// only there was "declared nowhere" and written without a type.
    @Test func protocolPropertiesAreTheAdoptersProperties() throws {
        let header = """
            @protocol Later;
            @protocol Identified <NSObject>
            @property (nonatomic, readonly) NSInteger identifier;
            @end
            @protocol Located <Identified>
            @required
            @property (nonatomic, readonly) double latitude;
            @optional
            @property (nonatomic, copy, nullable) NSString *placeName;
            @property (nonatomic, readonly) NSInteger identifier;
            @end
            @interface Box<ObjectType> : NSObject
            @end
            @interface Sighting : Box<NSString *> <Located, NSCopying, Later>
            @property (nonatomic, copy) NSString *placeName;
            @end
            @interface Sighting (Sharing) <Shared>
            @end
            @protocol Shared
            @property (nonatomic, copy) NSURL *shareURL;
            @end
            @protocol Identified
            @property (nonatomic, copy) NSString *ignored;
            @end
            """
        let headers = ObjCHeaders(ObjCHeaderReader.read(header, file: "Sighting.h"))
        #expect(headers.classes.keys.sorted() == ["Box", "Sighting"])
        #expect(headers.protocols.keys.sorted() == ["Identified", "Located", "Shared"])
        let sighting = try #require(headers.classes["Sighting"])
        #expect(sighting.superclass == "Box")
        #expect(sighting.protocols == ["Located", "NSCopying", "Later", "Shared"])
        #expect(
            headers.ownProperties(of: "Sighting").map(\.name) == ["placeName", "identifier", "latitude", "shareURL"]
        )
        let placeName = try #require(headers.property("placeName", of: "Sighting"))
        #expect(placeName.location == SourceLocation(file: "Sighting.h", line: 15, column: 39))
        let latitude = try #require(headers.property("latitude", of: "Sighting"))
        #expect(latitude.location == SourceLocation(file: "Sighting.h", line: 7, column: 40))
        #expect(ObjCSwiftType(latitude.type) == .double)
        #expect(headers.property("identifier", of: "Sighting").map { ObjCSwiftType($0.type) } == .int)
        #expect(headers.property("shareURL", of: "Sighting").map { ObjCSwiftType($0.type) } == .url)
        #expect(headers.property("ignored", of: "Sighting") == nil)
    }

    /// A protocol that redeclares a property of one it inherits narrows it, and the class's property has its type
    /// wherever it is looked up: the class's listing kept the inherited declaration (`id`, a ``JSONValue``) where a
    /// lookup by name found the redeclaration (`NSString`), so a mapped key and the class's every-property mapping
    /// (MMDataObject's) typed one property two ways.
    @Test func aProtocolsRedeclarationOfAnInheritedPropertyIsTheClasssOwn() throws {
        let header = """
            @protocol Named
            @property (nonatomic, strong) id name;
            @property (nonatomic, strong) id nickname;
            @end
            @protocol Titled <Named>
            @property (nonatomic, copy) NSString *name;
            @end
            @interface Person : NSObject <Titled>
            @end
            """
        let headers = ObjCHeaders(ObjCHeaderReader.read(header, file: "Person.h"))
        let listed = headers.ownProperties(of: "Person")
        #expect(listed.map(\.name) == ["name", "nickname"])
        #expect(listed.map { ObjCSwiftType($0.type) } == [.string, .json])
        #expect(headers.properties(of: "Person").map { ObjCSwiftType($0.type) } == [.string, .json])
        let name = try #require(headers.property("name", of: "Person"))
        #expect(ObjCSwiftType(name.type) == .string)
        #expect(name.location == SourceLocation(file: "Person.h", line: 6, column: 39))
    }

    @Test func aBrokenHeaderGivesWhatItCanAndNeverLoops() {
        let broken = """
            @interface A : NSObject
            @property (nonatomic NSString *unterminated
            @end
            @interface B
            @property NSString *name;
            """
        let headers = ObjCHeaders(ObjCHeaderReader.read(broken, file: "b.h"))
        #expect(headers.properties(of: "A").isEmpty)
        #expect(headers.properties(of: "B").map(\.name) == ["name"])
    }

    /// A header cut off right after `typedef NS_ENUM(` (or `NS_OPTIONS(`, with a name or without) declares no type:
    /// its `(` closes at itself, and reading the words between the brackets trapped on a range that ends before it
    /// starts.
    @Test(arguments: [
        "typedef NS_ENUM(", "typedef NS_OPTIONS(", "typedef NS_ENUM(NSInteger", "typedef NS_ENUM(NSInteger,",
    ])
    func aHeaderCutOffInsideATypedefDeclaresNoType(ending: String) {
        let types = postTypes(typedefs: ending, properties: "@property (nonatomic) PostKind kind;")
        #expect(types == [.unknown("PostKind")])
    }

    /// A `/*` never closed hid the rest of the header without a word: the mapping's property declared after it had
    /// "no type", and the hint said to declare what the header declares. Clang refuses such a file; so does the run.
    @Test func aCommentNeverClosedInAHeaderIsALocatedError() {
        let header = """
            @interface Thing : NSObject
            @property (nonatomic, copy) NSString *name; /* never closed
            @property (nonatomic, copy) NSString *other;
            @end
            """
        let mapping = "mappings:\n  Thing:\n    properties:\n      name: { keyPath: name }\n"
        let result = generate(
            config: "headers: [Thing.h]\nmappings: [m.yaml]\noutput: Generated\n",
            ["Thing.h": header, "m.yaml": mapping]
        )
        #expect(
            messages(result) == [
                "Thing.h:2:45: error: this comment is never closed, so it hides the rest of the file, which does not compile"
            ]
        )
        #expect(result.files.isEmpty)
    }

    @Test func aCommentNeverClosedInImportedCodeIsALocatedError() {
        let (_, diagnostics) = ObjCMappingImporter.importMappings(
            from: .restkit,
            files: [.init(path: "Mappings.m", text: "/* mappings\nRKObjectMapping *m;\n")],
            headers: []
        )
        #expect(
            diagnostics.errors.map { "\($0.location): \($0.message)" } == [
                "Mappings.m:1:1: this comment is never closed, so it hides the rest of the file, which does not compile"
            ]
        )
    }

    @Test func macrosAndConstantsAreTokenized() {
        let tokenizer = ObjCTokenizer(
            """
            #define kName @"name"
            #define kAlias kName
            #define MAX(a, b) ((a) > (b) ? (a) : (b))
            #import "X.h"
            """,
            file: "k.h"
        )
        #expect(tokenizer.macros.map(\.name) == ["kName", "kAlias"])
        #expect(tokenizer.macros[0].tokens.map(\.text) == ["name"])
        #expect(tokenizer.macros[0].location.line == 1)
        #expect(tokenizer.tokens.isEmpty)
    }

    /// String literals mean what clang makes of them: the literal's bytes (`\x` and octal escapes one byte each,
    /// `\u` and `\U` a scalar's UTF-8), read as UTF-8. `\u` and `\x` used to lose their backslash.
    @Test(arguments: [
        (#"@"u\u2028v""#, "u\u{2028}v"),
        (#"@"\u00e9t\u00E9""#, "\u{E9}t\u{E9}"),
        (#"@"\U0001F600!""#, "\u{1F600}!"),
        (#"@"\x41\x42""#, "AB"),
        (#"@"\xC3\xA9""#, "\u{E9}"),
        (#"@"\101\60\0x""#, "A0\u{0}x"),
        (#""a\tb\n\r\a\b\f\v\e""#, "a\tb\n\r\u{7}\u{8}\u{C}\u{B}\u{1B}"),
        (#""\\ \" \' \? \q""#, #"\ " ' ? q"#),
        (#""\x-\u12-\U1234""#, "x-u12-U1234"),
        ("\"a\\\nb\"", "ab"),
    ])
    func stringLiteralEscapesAreDecodedAsClangDoes(literal: String, value: String) {
        let tokens = ObjCTokenizer(literal + " x", file: "k.m").tokens
        #expect(tokens.map(\.kind) == [.string, .identifier])
        #expect(tokens.first?.text == value)
        #expect(tokens.last?.location.line == (literal.contains("\n") ? 2 : 1))
    }
}
