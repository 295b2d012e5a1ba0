import Foundation
import Testing

@testable import ModelGeneratorCore

/// `singleAsArray`: a list the payload may send as its one element alone, as RestKit put a single object into a
/// to-many relationship (and, from 0.20, a single value into an `NSArray` attribute). The mapping says it, the
/// RestKit import writes it, and the model reads the property through `OneOrMany`.
@Suite struct SingleAsArrayTests {
    @Test func bothMappingSyntaxesSayIt() throws {
        let (yaml, yamlDiagnostics) = MappingLoader.load(
            """
            mappings:
              Observation:
                properties:
                  photos: { collection: Photo, singleAsArray: true }
                  tags: { type: "[String]", singleAsArray: false }
            """,
            file: "m.yaml"
        )
        #expect(yamlDiagnostics.all.isEmpty, "\(yamlDiagnostics.all)")
        let properties = try #require(yaml.contexts.first).properties
        #expect(properties[0].singleAsArray?.value == true)
        #expect(properties[0].singleAsArray?.location == SourceLocation(file: "m.yaml", line: 4, column: 51))
        #expect(properties[1].singleAsArray?.value == false)

        let (mappings, diagnostics) = MappingLoader.load(
            #"{ "$Observation" : { "@class" : "Observation", "photos" : { "@singleAsArray" : 1, "@collection" : 1, "@object" : { "@class" : "Photo" } } } }"#,
            file: "app.mappings"
        )
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        #expect(try #require(mappings.contexts.first).properties[0].singleAsArray?.value == true)
    }

    static let mapping = """
        mappings:
          Photo:
            properties:
              url: { type: String }
          Observation:
            properties:
              photos: { keyPath: photos, collection: Photo, singleAsArray: true, optional: true }
              tags: { keyPath: meta.tags, type: "[String]", singleAsArray: true }
              labels: { keyPath: labels, type: "[String]", singleAsArray: true, default: [] }
              seen: { keyPath: seen, type: "[Date]", singleAsArray: true, optional: true }
              plain: { keyPath: plain, type: "[String]", optional: true }
          Album:
            properties:
              photos: { keyPath: "@self", collection: Photo, singleAsArray: true }
        """

    @Test func theModelDecodesThroughOneOrManyAndEncodesTheArray() throws {
        let generated = generate(config: "mappings: [m.yaml]\noutput: Generated\n", ["m.yaml": Self.mapping])
        #expect(messages(generated) == [])
        // The statements on one line each, as they read.
        let code = flattened(try #require(file(generated, "Observation.swift")))
        #expect(
            code.contains(
                #"self.photos = try container.decodeOrNull(OneOrMany<Photo>.self, forKey: MemberKey<Self>("photos"), nulls: &nulls)?.elements"#
            ),
            "\(code)"
        )
        #expect(
            code.contains(#"self.tags = try metaObject.decode(OneOrMany<String>.self, at: ["tags"]).elements"#),
            "\(code)"
        )
        #expect(
            code.contains(
                #"self.labels = try keyPaths.decode(OneOrMany<String>.self, at: ["labels"], default: OneOrMany(try Self.labelsDefault.get())).elements"#
            ),
            "\(code)"
        )
        #expect(
            code.contains(
                #"self.seen = try container.decodeOrNull(OneOrMany<ISO8601Date<Date>>.self, forKey: MemberKey<Self>("seen"), nulls: &nulls)?.elements.map(\.wrappedValue)"#
            ),
            "\(code)"
        )
        // Encoding writes the list as it is; a list without singleAsArray decodes as before.
        #expect(code.contains(#"try container.encodeOrNull(self.photos, forKey: JSONKey("photos"), nulls: _nullKeys)"#))
        #expect(code.contains(#"try metaContainer.encode(self.tags, forKey: JSONKey("tags"))"#), "\(code)")
        #expect(
            code.contains(#"decodeOrNull([String].self, forKey: MemberKey<Self>("plain"), nulls: &nulls)"#),
            "\(code)"
        )

        let album = try #require(file(generated, "Album.swift"))
        #expect(album.contains("self.photos = try OneOrMany<Photo>(from: decoder).elements"), "\(album)")
        #expect(album.contains("try self.photos.encode(to: encoder)"), "\(album)")
    }

    /// Generated code with each statement on one line: lines joined, without the spaces inside parentheses.
    private func flattened(_ code: String) -> String {
        code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
    }

    @Test func itNeedsAListAndNoFormatter() {
        let mapping = """
            mappings:
              Observation:
                properties:
                  title: { type: String, singleAsArray: true }
                  shapes: { type: "[JSONValue]", formatter: Shapes, singleAsArray: true }
            """
        let generated = generate(config: "mappings: [m.yaml]\noutput: Generated\n", ["m.yaml": mapping])
        #expect(
            messages(generated) == [
                "m.yaml:4:45: error: 'singleAsArray' of 'title' needs a list, and 'title' holds one value",
                "m.yaml:5:72: error: 'singleAsArray' of 'shapes' has no effect beside the formatter 'Shapes', which reads the whole value",
            ]
        )
    }

    // MARK: The RestKit import

    static let headers = [
        ObjCMappingImporter.SourceFile(
            path: "Observation.h",
            text: """
                @interface Photo : NSObject
                @property (nonatomic, copy) NSString *url;
                @end
                @interface Observation : NSObject
                @property (nonatomic, strong) NSArray *photos;
                @property (nonatomic, strong) NSSet *sounds;
                @property (nonatomic, strong) NSOrderedSet *comments;
                @property (nonatomic, strong) Photo *cover;
                @property (nonatomic, strong) NSArray<NSString *> *tags;
                @property (nonatomic, strong) NSArray *anything;
                @end
                """
        )
    ]

    private func importedLines(_ code: String, system: ObjCMappingSystem = .restkit) -> [String] {
        let yaml = ObjCMappingImporter.importMappings(
            from: system,
            files: [.init(path: "Mappings.m", text: code)],
            headers: Self.headers
        ).yaml
        return yaml.split(separator: "\n").map(String.init).filter { $0.hasPrefix("      ") && !$0.contains("#") }
    }

    /// RestKit 0.10 put one object into a to-many relationship; MMDataObject, which enumerated the value with
    /// `for … in`, did not.
    @Test func restKit010sToManyRelationshipsTakeOneObjectAndMMDataObjectsDoNot() {
        let lines = importedLines(
            """
            @implementation Mappings
            + (RKObjectMapping *)photoMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Photo class]];
                [mapping mapKeyPath:@"url" toAttribute:@"url"];
                return mapping;
            }
            + (RKObjectMapping *)observationMapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Observation class]];
                [mapping mapKeyPath:@"photos" toRelationship:@"photos" withMapping:[self photoMapping]];
                [mapping hasMany:@"sounds" withMapping:[self photoMapping]];
                [mapping mapRelationship:@"comments" withMapping:[self photoMapping]];
                [mapping hasOne:@"cover" withMapping:[self photoMapping]];
                [mapping mapKeyPath:@"tags" toAttribute:@"tags"];
                return mapping;
            }
            @end
            """
        )
        #expect(
            lines.contains("      photos: { keyPath: photos, collection: Photo, singleAsArray: true, optional: true }")
        )
        #expect(
            lines.contains("      sounds: { keyPath: sounds, collection: Photo, singleAsArray: true, optional: true }")
        )
        #expect(
            lines.contains(
                "      comments: { keyPath: comments, collection: Photo, singleAsArray: true, optional: true }"
            )
        )
        #expect(lines.contains("      cover: { keyPath: cover, object: Photo, optional: true }"))
        // RestKit 0.10 found no way to turn one string into an NSArray and set nil: the model stays strict.
        #expect(lines.contains(#"      tags: { keyPath: tags, type: "[String]", optional: true }"#), "\(lines)")

        let header = ObjCMappingImporter.SourceFile(
            path: "Patient.h",
            text: """
                @interface MMDataObject : NSObject
                @end
                @interface Visit : MMDataObject
                @property (nonatomic, copy) NSString *room;
                @end
                @interface Patient : MMDataObject
                @property (nonatomic, strong) NSArray *visits;
                @end
                """
        )
        let yaml = ObjCMappingImporter.importMappings(
            from: .mmdataobject,
            files: [
                .init(
                    path: "Patient.m",
                    text: """
                        @implementation Patient
                        - (id)init {
                            self = [super init];
                            if (self) { [self registerClass:[Visit class] forCollectionName:@"visits"]; }
                            return self;
                        }
                        @end
                        """
                )
            ],
            headers: [header]
        ).yaml
        #expect(yaml.contains("visits: { keyPath: visits, collection: Visit"), "\(yaml)")
        #expect(!yaml.contains("singleAsArray"), "\(yaml)")
    }

    @Test func restKit020sRelationshipsAndArrayAttributesTakeOneValue() {
        let lines = importedLines(
            """
            @implementation Mappings
            + (RKObjectMapping *)observationMapping {
                RKObjectMapping *photo = [RKObjectMapping mappingForClass:[Photo class]];
                [photo addAttributeMappingsFromArray:@[@"url"]];
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Observation class]];
                [mapping addPropertyMapping:[RKRelationshipMapping relationshipMappingFromKeyPath:@"photos" toKeyPath:@"photos" withMapping:photo]];
                [mapping addAttributeMappingsFromDictionary:@{ @"tags": @"tags", @"anything": @"anything" }];
                return mapping;
            }
            @end
            """
        )
        #expect(
            lines.contains("      photos: { keyPath: photos, collection: Photo, singleAsArray: true, optional: true }")
        )
        #expect(
            lines.contains(#"      tags: { keyPath: tags, type: "[String]", singleAsArray: true, optional: true }"#),
            "\(lines)"
        )
        // An NSArray of unknown elements is a JSONValue, which holds one value as it is.
        #expect(lines.contains("      anything: { keyPath: anything, type: JSONValue, optional: true }"), "\(lines)")
    }
}
