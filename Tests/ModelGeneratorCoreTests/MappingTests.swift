import Testing

@testable import ModelGeneratorCore

@Suite struct MappingLoadingTests {
    @Test func commentsBecomeSpacesSoLocationsStay() {
        let text = "{ // a comment\n  \"url\": \"https://x.test/a\", /* block\n over lines */ \"b\": 1 }\n"
        let stripped = MappingsSyntax.withoutComments(text)
        #expect(stripped.count == text.count)
        #expect(stripped == "{             \n  \"url\": \"https://x.test/a\",         \n               \"b\": 1 }\n")
    }

    @Test func readsEveryAppCoreKitKeyword() throws {
        let text = """
            // contexts
            {
              "@import" : ["a.mappings", "b.mappings"],
              "$Tweet" : {
                "@class" : "TweetModel",
                "@source" : "c_tweet",
                "@inherits" : "$Base",
                "message" : "text",
                "image" : {
                  "@keyPath" : "user.profile_image_url",
                  "@type" : "URL",
                  "@optional" : 1,
                  "@defaultValue" : "https://x.test/a.png",
                  "@nullAsMissing" : true,
                },
                "where" : {
                  "@keyPath" : "@self",
                  "@transformClass" : "MyTransformers",
                  "@transformSelector" : "coordinate2DFromDictionary:userData:error:",
                  "@transformUserData" : { "longitude" : "long" }
                },
                "user" : { "@keyPath" : "user", "@object" : { "@class" : "UserModel", "@mappings" : "$User" } },
                "tweets" : { "@keyPath" : "@self", "@collection" : 1, "@object" : { "@class" : "T", "@mappings" : { "a" : "b" } } }
              }
            }
            """
        let (file, diagnostics) = MappingLoader.load(text, file: "app.mappings")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        #expect(file.imports.map(\.value) == ["a.mappings", "b.mappings"])
        let context = try #require(file.contexts.first)
        #expect(context.name.value == "$Tweet")
        #expect(context.name.location == SourceLocation(file: "app.mappings", line: 4, column: 3))
        #expect(context.swiftType?.value == "TweetModel")
        #expect(context.source?.value == "c_tweet")
        #expect(context.inherits.map(\.value) == ["$Base"])
        #expect(context.properties.map(\.name.value) == ["message", "image", "where", "user", "tweets"])
        #expect(context.properties[0].keyPath?.value == "text")
        let image = context.properties[1]
        #expect(image.keyPath?.value == "user.profile_image_url")
        #expect(image.type?.value == "URL")
        #expect(image.isOptional == true)
        #expect(image.defaultValue?.scalarText == "https://x.test/a.png")
        #expect(image.nullAsMissing)
        let place = context.properties[2]
        #expect(place.keyPath?.value == "@self")
        // One transform class holds many transforms: the selector names the formatter the app supplies.
        #expect(place.formatter?.value == "Coordinate2DFromDictionary")
        #expect(place.transformClass?.value == "MyTransformers")
        #expect(place.userData?["longitude"]?.scalarText == "long")
        guard case .named(let reference, let swiftType) = context.properties[3].object else {
            Issue.record("expected a named @object")
            return
        }
        #expect(reference.value == "$User")
        #expect(swiftType?.value == "UserModel")
        guard case .inline(let inline) = context.properties[4].object else {
            Issue.record("expected an inline @object")
            return
        }
        #expect(inline.swiftType?.value == "T")
        #expect(inline.properties.map(\.name.value) == ["a"])
        #expect(context.properties[4].isCollection == true)
    }

    @Test func readsEveryYAMLKey() throws {
        let text = """
            imports: [more.yaml]
            mappings:
              Object:
                object: c_object
                inherits: [Base]
                aliases: { c_bool: isEnabled }
                formatters: { c_string: Lolify }
                properties:
                  name: user.name
                  image: { keyPath: user.image, type: URL, optional: true, default: "https://x.test", nullAsMissing: true }
                  place: { keyPath: "@self", formatter: Coordinates, userData: { longitude: long } }
                  owner: { object: User }
                  tweets: { collection: Tweet }
                  inline: { object: { type: Inline, properties: { a: b } } }
              Base:
                template: true
            """
        let (file, diagnostics) = MappingLoader.load(text, file: "m.yaml")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        #expect(file.imports.map(\.value) == ["more.yaml"])
        let object = try #require(file.contexts.first)
        #expect(object.swiftType?.value == "Object")
        #expect(object.source?.value == "c_object")
        #expect(object.inherits.map(\.value) == ["Base"])
        #expect(object.aliases.map { [$0.jsonName.value, $0.swiftName.value] } == [["c_bool", "isEnabled"]])
        #expect(object.formatters.map { [$0.jsonName.value, $0.formatter.value] } == [["c_string", "Lolify"]])
        #expect(object.properties.map(\.name.value) == ["name", "image", "place", "owner", "tweets", "inline"])
        #expect(object.properties[1].nullAsMissing)
        #expect(object.properties[2].formatter?.value == "Coordinates")
        #expect(object.properties[4].isCollection == true)
        guard case .inline(let inline) = object.properties[5].object else {
            Issue.record("expected an inline object")
            return
        }
        #expect(inline.swiftType?.value == "Inline")
        #expect(file.contexts[1].swiftType == nil)
    }
}

/// Every mapping error and warning, with its message and `file:line:column`.
@Suite struct MappingDiagnosticsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var config = "mappings: [app.mappings]\n"
        var files: [String: String]
        var expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "unknown context",
            files: [
                "app.mappings":
                    #"{ "$A": { "@class": "A", "b": { "@keyPath": "b", "@object": { "@mappings": "$Bee" } } } }"#
            ],
            expected: ["app.mappings:1:76: error: 'b' maps to context '$Bee', which no mapping defines"]
        ),
        Case(
            name: "unknown inherited context",
            files: ["app.mappings": #"{ "$A": { "@class": "A", "@inherits": "$Base" } }"#],
            expected: ["app.mappings:1:39: error: '$A' inherits '$Base', which no mapping defines"]
        ),
        Case(
            name: "inheritance cycle",
            files: [
                "app.mappings": """
                {
                  "$A": { "@class": "A", "@inherits": "$B" },
                  "$B": { "@inherits": "$C" },
                  "$C": { "@inherits": "$B" }
                }
                """
            ],
            expected: ["app.mappings:4:24: error: inheritance cycle: $B → $C → $B"]
        ),
        Case(
            name: "import cycle",
            files: [
                "app.mappings": #"{ "@import": "b.mappings", "$A": { "@class": "A", "a": { "@type": "Int" } } }"#,
                "b.mappings": #"{ "@import": "app.mappings" }"#,
            ],
            expected: ["b.mappings:1:14: error: import cycle: app.mappings → b.mappings → app.mappings"]
        ),
        Case(
            name: "missing imported file",
            files: ["app.mappings": #"{ "@import": "gone.mappings" }"#],
            expected: ["app.mappings:1:14: error: cannot read mapping file 'gone.mappings': no such file"]
        ),
        Case(
            name: "property with unknowable type",
            files: ["app.mappings": #"{ "$A": { "@class": "A", "name": "user.name" } }"#],
            expected: ["app.mappings:1:26: error: the type of 'name' in '$A' cannot be known"]
        ),
        Case(
            name: "key path into a scalar of the sample",
            config: "mappings: [app.mappings]\nsamples: { A: a.json }\n",
            files: [
                "app.mappings": #"{ "$A": { "@class": "A", "first": "user.name.first" } }"#,
                "a.json": #"{ "user": { "name": "Ada" } }"#,
            ],
            expected: [
                "app.mappings:1:35: error: key path 'user.name.first' goes into 'user.name', which is a string in the sample"
            ]
        ),
        Case(
            name: "key path into a scalar of the object definition",
            config: "schemas: [objects.yaml]\nmappings: [m.yaml]\n",
            files: [
                "objects.yaml": "objects:\n  - name: c_a\n    properties: [{ name: c_s, type: String }]\n",
                "m.yaml": "mappings:\n  A:\n    object: c_a\n    properties:\n      x: c_s.inner\n",
            ],
            expected: ["m.yaml:5:10: error: key path 'c_s.inner' goes into 'c_s', which is not a Document"]
        ),
        Case(
            name: "two contexts with one Swift type",
            files: [
                "app.mappings":
                    #"{ "$A": { "@class": "Tweet", "a": { "@type": "Int" } }, "$B": { "@class": "Tweet", "b": { "@type": "Int" } } }"#
            ],
            expected: [
                "app.mappings:1:75: error: mapping '$B' and '$A' would both be the Swift type 'Tweet'; the other is at app.mappings:1:21"
            ]
        ),
        Case(
            name: "two properties with one Swift name",
            config: "schemas: [objects.yaml]\nmappings: [m.yaml]\n",
            files: [
                "objects.yaml":
                    "objects:\n  - name: c_a\n    properties: [{ name: c_b, type: Boolean }, { name: c_c, type: Boolean }]\n",
                "m.yaml": "mappings:\n  A:\n    object: c_a\n    aliases: { c_b: flag, c_c: flag }\n",
            ],
            expected: [
                "objects.yaml:3:56: error: two properties would both be named 'flag' in Swift; the other is at objects.yaml:3:26"
            ]
        ),
        Case(
            name: "two properties on one key path warn that only the last one's value is sent",
            config: "mappings: [m.yaml]\n",
            files: [
                "m.yaml":
                    "mappings:\n  A:\n    properties:\n      a: { keyPath: x, type: String }\n      b: { keyPath: x, type: String }\n"
            ],
            expected: [
                "m.yaml:5:7: warning: properties 'a' and 'b' both have the key path 'x': encoding writes it once for each, and only the last one's value is sent; the other is at m.yaml:4:7"
            ]
        ),
        Case(
            name:
                "two mapped properties on one key path of the object they refine, where the second took the first's place",
            config: "schemas: [objects.yaml]\nmappings: [m.yaml]\n",
            files: [
                "objects.yaml": "objects:\n  - name: c_a\n    properties: [{ name: c_s, type: String }]\n",
                "m.yaml": "mappings:\n  A:\n    object: c_a\n    properties:\n      a: c_s\n      b: c_s\n",
            ],
            expected: [
                "m.yaml:6:7: error: properties 'a' and 'b' both map the key path 'c_s' of object 'c_a', whose bodies send each key once; the other is at m.yaml:5:7"
            ]
        ),
        Case(
            name: "a key path into another property's value",
            config: "mappings: [m.yaml]\n",
            files: [
                "m.yaml":
                    "mappings:\n  A:\n    properties:\n      c: { keyPath: y.z, type: String }\n      d: { keyPath: y, type: String }\n"
            ],
            expected: [
                "m.yaml:4:7: error: key path 'y.z' of 'c' goes into 'y', which 'd' holds as a value that is not an object; the other is at m.yaml:5:7"
            ]
        ),
        Case(
            name: "refining an unknown object",
            config: "mappings: [m.yaml]\n",
            files: ["m.yaml": "mappings:\n  A:\n    object: c_nope\n"],
            expected: ["m.yaml:3:13: error: mapping 'A' refines object 'c_nope', which the schema does not define"]
        ),
        Case(
            name: "an alias of an unknown property",
            config: "schemas: [objects.yaml]\nmappings: [m.yaml]\n",
            files: [
                "objects.yaml": "objects:\n  - name: c_a\n    properties: [{ name: c_b, type: Boolean }]\n",
                "m.yaml": "mappings:\n  A:\n    object: c_a\n    aliases: { c_x: flag }\n",
            ],
            expected: ["m.yaml:4:16: error: object 'c_a' has no property 'c_x'"]
        ),
        Case(
            name: "unknown keyword",
            files: ["app.mappings": #"{ "$A": { "@class": "A", "a": { "@keypath": "b", "@type": "Int" } } }"#],
            expected: ["app.mappings:1:33: error: unknown keyword '@keypath' in property 'a'"]
        ),
        Case(
            name: "device selector",
            files: ["app.mappings": #"{ "$A": { "@class": "A", "@ipad": {}, "a": { "@type": "Int" } } }"#],
            expected: [
                "app.mappings:1:26: note: the '@ipad' branch is dropped: generated models are the same on every device, and take the iPhone's definitions"
            ]
        ),
        Case(
            name: "clearContent has no effect",
            files: [
                "app.mappings": #"{ "$A": { "@class": "A", "a": { "@type": "[Int]", "@insertContentAtBegin": 1 } } }"#
            ],
            expected: [
                "app.mappings:1:51: warning: '@insertContentAtBegin' has no effect: generated models are values, decoded anew rather than merged into an existing collection"
            ]
        ),
        Case(
            name: "a default that is not of the type",
            files: ["app.mappings": #"{ "$A": { "@class": "A", "a": { "@type": "URL", "@defaultValue": 3 } } }"#],
            expected: ["app.mappings:1:66: error: the default of 'a' is not a valid URL"]
        ),
        Case(
            name: "inline mappings without a class",
            files: ["app.mappings": #"{ "$A": { "@class": "A", "b": { "@object": { "@mappings": { "x": "y" } } } } }"#],
            expected: [
                "app.mappings:1:59: error: the inline '@mappings' of 'b' need a '@class': the Swift type to create"
            ]
        ),
        Case(
            name: "one or many",
            files: [
                "app.mappings":
                    #"{ "$A": { "@class": "A", "b": { "@object": { "@mappings": "$B" } } }, "$B": { "@class": "B", "x": { "@type": "Int" } } }"#
            ],
            expected: ["app.mappings:1:26: error: cannot tell whether 'b' holds one B or a list of them"]
        ),
        Case(
            name: "unknown explicit type",
            files: ["app.mappings": #"{ "$A": { "@class": "A", "a": { "@type": "Strin" } } }"#],
            expected: ["app.mappings:1:42: error: unknown type 'Strin'"]
        ),
        Case(
            name: "malformed .mappings",
            files: ["app.mappings": "{ \"$A\": { \"@class\": \"A\" \"a\": 1 } }"],
            expected: [
                "app.mappings:1:25: error: malformed .mappings: did not find expected ',' or '}' (while parsing a flow mapping at line 1, column 9)"
            ]
        ),
        Case(
            name: "a date pattern formatter's misspelled writeFormat, which would write dates in the reading pattern",
            config: "mappings: [m.yaml]\n",
            files: [
                "m.yaml": Self.datePatternMapping(#"format: "yyyy/MM/dd HH:mm:ss ZZZ", writeformat: "yyyy-MM-dd""#)
            ],
            expected: ["m.yaml:4:133: error: unknown key 'writeformat' in the user data of DatePatternFormatter"]
        ),
        Case(
            name: "a date pattern formatter's empty writeFormat",
            config: "mappings: [m.yaml]\n",
            files: ["m.yaml": Self.datePatternMapping(#"format: "yyyy/MM/dd HH:mm:ss ZZZ", writeFormat: """#)],
            expected: [
                "m.yaml:4:146: error: 'writeFormat' in the user data of 'createdAt' has no date field (such as yyyy, MM or dd), so every date would be written as ''"
            ]
        ),
        Case(
            name: "a date pattern formatter's writeFormat that is a number",
            config: "mappings: [m.yaml]\n",
            files: ["m.yaml": Self.datePatternMapping(#"format: "yyyy/MM/dd HH:mm:ss ZZZ", writeFormat: 2009"#)],
            expected: [
                "m.yaml:4:146: error: 'writeFormat' in the user data of 'createdAt' must be a date pattern, found a number"
            ]
        ),
        Case(
            name: "a date pattern formatter's writeFormat without a format",
            config: "mappings: [m.yaml]\n",
            files: ["m.yaml": Self.datePatternMapping(#"writeFormat: "yyyy-MM-dd HH:mm:ss""#)],
            expected: [
                "m.yaml:4:96: error: the user data of 'createdAt' has no 'format', the pattern DatePatternFormatter reads dates in"
            ]
        ),
        Case(
            name: "a date pattern formatter without user data",
            config: "mappings: [m.yaml]\n",
            files: [
                "m.yaml":
                    "mappings:\n  Message:\n    properties:\n      createdAt: { keyPath: created_at, type: Date, formatter: RestKitPatternDateFormatter }\n"
            ],
            expected: [
                "m.yaml:4:64: error: 'createdAt' names RestKitPatternDateFormatter without user data, which says the pattern its dates come in"
            ]
        ),
        Case(
            name: "a date pattern formatter's time zone that is no name",
            config: "mappings: [m.yaml]\n",
            files: ["m.yaml": Self.datePatternMapping(#"format: "yyyy-MM-dd", timeZone: 1"#)],
            expected: [
                "m.yaml:4:130: error: 'timeZone' in the user data of 'createdAt' must be a time zone's name, found a number"
            ]
        ),
        Case(
            name: "a null-only sample value",
            config: "mappings: [app.mappings]\nsamples: { A: a.json }\n",
            files: ["app.mappings": #"{ "$A": { "@class": "A", "x": "x" } }"#, "a.json": #"{ "x": null }"#],
            expected: ["app.mappings:1:26: error: the type of 'x' in '$A' cannot be known"]
        ),
    ]

    /// A mapping whose `createdAt` is read by DatePatternFormatter with `userData`.
    static func datePatternMapping(_ userData: String) -> String {
        """
        mappings:
          Message:
            properties:
              createdAt: { keyPath: created_at, type: Date, formatter: DatePatternFormatter, userData: { \(userData) } }

        """
    }

    @Test(arguments: cases) func reportsTheProblemWhereItIs(_ testCase: Case) {
        let result = generate(config: testCase.config, testCase.files)
        let reported = messages(result)
        for expected in testCase.expected {
            #expect(reported.contains(expected), "expected \(expected)\nreported:\n\(reported.joined(separator: "\n"))")
        }
        if testCase.expected.contains(where: { $0.contains(": error: ") }) {
            #expect(result.files.isEmpty)
        }
    }

    /// A date pattern formatter's user data that is right is no problem, and reaches the generated code whole.
    @Test func aDatePatternFormattersWriteFormatReachesTheGeneratedCode() throws {
        let result = generate(
            config: "mappings: [m.yaml]\noutput: Generated\n",
            [
                "m.yaml": Self.datePatternMapping(
                    #"format: "yyyy/MM/dd HH:mm:ss ZZZ", writeFormat: "yyyy-MM-dd HH:mm:ss", timeZone: UTC"#
                )
            ]
        )
        #expect(messages(result) == [])
        let code = try #require(result.files.first { $0.contents.contains("DatePatternFormatter") }?.contents)
        #expect(
            code.contains(
                #"["format": "yyyy/MM/dd HH:mm:ss ZZZ", "writeFormat": "yyyy-MM-dd HH:mm:ss", "timeZone": "UTC"]"#
            ),
            "\(code)"
        )
        // `null` is a key left out, as the runtime reads it; a `format` of `null` is still none.
        let nulls = generate(
            config: "mappings: [m.yaml]\noutput: Generated\n",
            ["m.yaml": Self.datePatternMapping(#"format: "yyyy/MM/dd", writeFormat: null, timeZone: ~"#)]
        )
        #expect(messages(nulls) == [])
        let noFormat = generate(
            config: "mappings: [m.yaml]\noutput: Generated\n",
            ["m.yaml": Self.datePatternMapping(#"format: null"#)]
        )
        #expect(
            messages(noFormat).contains { $0.contains("error: 'format' in the user data") },
            "\(messages(noFormat))"
        )
    }

    /// Several properties may read the whole object (`@self`), which is no key path of its own.
    @Test func severalSelfPropertiesAreNoError() throws {
        let mapping = """
            mappings:
              A:
                properties:
                  first: { keyPath: "@self", object: Author }
                  second: { keyPath: "@self", object: Author }
              Author:
                properties:
                  name: { keyPath: name, type: String }
            """
        let result = generate(config: "mappings: [m.yaml]\noutput: Generated\n", ["m.yaml": mapping])
        #expect(messages(result).isEmpty, "\(messages(result))")
        #expect(file(result, "A.swift") != nil, "\(result.files.map(\.path))")
    }

    /// A key path into a key another property holds as one object (RestKit's `author.name` beside the relationship
    /// `author`, a refinement's `c_doc.c_x` beside the object's Document) is read from it and not written back, with a
    /// warning: encoding wrote the object and then the value into it again, so a value decoded earlier overwrote an
    /// edit made through the object.
    @Test func aKeyPathIntoAnObjectAnotherPropertyHoldsIsReadOnly() async throws {
        let mapping = """
            mappings:
              A:
                properties:
                  author: { keyPath: author, object: Author }
                  authorName: { keyPath: author.name, type: String }
              Author:
                properties:
                  name: { keyPath: name, type: String }
            """
        let mapped = generate(config: "mappings: [m.yaml]\noutput: Generated\n", ["m.yaml": mapping])
        #expect(
            messages(mapped) == [
                "m.yaml:5:7: warning: key path 'author.name' of 'authorName' goes into 'author', which 'author' holds as an object: it is read from there, and not written back, since encoding writes 'author' whole; the other is at m.yaml:4:7"
            ]
        )
        let schema = """
            objects:
              - name: c_a
                properties:
                  - { name: c_doc, type: Document, properties: [{ name: c_x, type: String }] }
            """
        let refined = generate(
            config: "schemas: [objects.yaml]\nmappings: [m.yaml]\noutput: Generated\n",
            [
                "objects.yaml": schema,
                "m.yaml": "mappings:\n  A:\n    object: c_a\n    properties:\n      x: c_doc.c_x\n",
            ]
        )
        #expect(
            messages(refined) == [
                "m.yaml:5:7: warning: key path 'c_doc.c_x' of 'x' goes into 'c_doc', which 'cDoc' holds as an object: it is read from there, and not written back, since encoding writes 'cDoc' whole; the other is at objects.yaml:4:17"
            ]
        )
        // Decoded, changed and encoded: the object is written as it is, and the value read from inside it is not.
        let output = try await GeneratedPackage(
            name: "ReadOnlyKeyPaths",
            modules: [
                "ReadOnlyKeyPaths": Dictionary(uniqueKeysWithValues: mapped.files.map { ($0.path, $0.contents) })
            ],
            main: """
                import Foundation
                import ReadOnlyKeyPaths

                var a = try JSONDecoder().decode(A.self, from: Data(#"{"author":{"name":"Ann"}}"#.utf8))
                print(a.authorName)
                a.author.name = "Bob"
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                print(String(decoding: try encoder.encode(a), as: UTF8.self))
                a.authorName = "Cy"
                print(String(decoding: try encoder.encode(a), as: UTF8.self))

                """
        ).buildAndRun()
        // The edit through `author` is sent; before, the `authorName` decoded with it was written over it.
        #expect(output == "Ann\n{\"author\":{\"name\":\"Bob\"}}\n{\"author\":{\"name\":\"Bob\"}}\n")
    }

    /// A property read from inside an object another property holds whole is not written back, and so records no
    /// `null` either: one it recorded opened its enclosing object again, empty, once the app cleared the property that
    /// holds the object (`{"x": {}}` for a model decoded from `{"x": {"a": {"b": null}}}` with `inner` set to nil).
    @Test func aReadOnlyKeyPathRecordsNoNull() async throws {
        let mapping = """
            mappings:
              A:
                properties:
                  id: { keyPath: id, type: Int }
                  inner: { keyPath: x.a, object: Inner, optional: true }
                  innerB: { keyPath: x.a.b, type: String, optional: true }
              Inner:
                properties:
                  b: { keyPath: b, type: String, optional: true }
            """
        let mapped = generate(config: "mappings: [m.yaml]\noutput: Generated\n", ["m.yaml": mapping])
        #expect(messages(mapped).count == 1)
        let output = try await GeneratedPackage(
            name: "ReadOnlyKeyPathNulls",
            modules: [
                "ReadOnlyKeyPathNulls": Dictionary(uniqueKeysWithValues: mapped.files.map { ($0.path, $0.contents) })
            ],
            main: """
                import Foundation
                import ModelRuntime
                import ReadOnlyKeyPathNulls

                let payload = Data(#"{"id":1,"x":{"a":{"b":null}}}"#.utf8)
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                for var a in [try JSONDecoder().decode(A.self, from: payload), try JSONValue(parsing: payload).decoded(as: A.self)] {
                    print(String(decoding: try encoder.encode(a), as: UTF8.self))
                    a.inner = nil
                    print(String(decoding: try encoder.encode(a), as: UTF8.self))
                }

                """
        ).buildAndRun()
        let expected = #"{"id":1,"x":{"a":{"b":null}}}"# + "\n" + #"{"id":1}"# + "\n"
        #expect(output == expected + expected)
    }

    /// An object that more than one read goes through (key paths, and its kept members) is opened once and read from:
    /// `JSONDecoder` reads all of an object's members each time a container of it is opened. An object only one key
    /// path reaches is read along the whole path, with no local for it.
    @Test func objectsSeveralKeyPathsGoThroughAreOpenedOnce() async throws {
        let mapping = """
            mappings:
              Post:
                properties:
                  text: { keyPath: text, type: String }
                  author: { keyPath: user.name, type: String }
                  homepage: { keyPath: user.links.home, type: String, default: "none" }
                  wiki: { keyPath: user.links.wiki, type: String }
                  views: { keyPath: stats.views, type: Int }
                  editor: { keyPath: User.name, type: String, optional: true }
                  editorID: { keyPath: User.id, type: Int, optional: true }
            """
        let lean = generate(
            config: "mappings: [m.yaml]\noutput: Generated\nkeepUnknownMembers: false\n",
            ["m.yaml": mapping]
        )
        let leanPost = try #require(file(lean, "Post.swift"))
        #expect(leanPost.contains("let userObject = container.object(at: [\"user\"])\n"))
        #expect(leanPost.contains("let userLinksObject = userObject.object(at: [\"links\"])\n"))
        #expect(leanPost.contains("self.author = try userObject.decode(String.self, at: [\"name\"])\n"))
        #expect(leanPost.contains("self.wiki = try userLinksObject.decode(String.self, at: [\"wiki\"])\n"))
        #expect(leanPost.contains("self.views = try container.decode(Int.self, at: [\"stats\", \"views\"])\n"))
        #expect(!leanPost.contains("statsObject"))
        // `User` spells the same local as `user`, and gets a number.
        #expect(leanPost.contains("let userObject2 = container.object(at: [\"User\"])\n"))
        #expect(
            leanPost.contains(#"self.editorID = try userObject2.decodeIfPresent(Int.self, at: ["id"], nulls: &nulls)"#)
        )

        let kept = generate(config: "mappings: [m.yaml]\noutput: Generated\n", ["m.yaml": mapping])
        #expect(messages(kept).isEmpty)
        let keptPost = try #require(file(kept, "Post.swift"))
        #expect(keptPost.contains("let statsObject = keyPaths.object(at: [\"stats\"])\n"))
        #expect(
            keptPost.contains(
                "try userLinksObject.keepUnknownMembers(besides: [\"home\", \"wiki\"], in: &self.unknownMembers)\n"
            )
        )
        // Decoded through both decoders and encoded again: every value is read, and every member nobody reads, at
        // each depth, is written back.
        let payload =
            #"{"text":"t","lang":"en","user":{"name":"Ann","id":7,"links":{"home":"h","wiki":"w","x":1}},"stats":{"views":3,"likes":4}}"#
        let output = try await GeneratedPackage(
            name: "OpenedObjects",
            modules: [
                "OpenedObjects": Dictionary(uniqueKeysWithValues: kept.files.map { ($0.path, $0.contents) })
            ],
            main: """
                import Foundation
                import ModelRuntime
                import OpenedObjects

                let payload = Data(#"\(payload)"#.utf8)
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                for post in [
                    try JSONDecoder().decode(Post.self, from: payload),
                    try JSONValue(parsing: payload).decoded(as: Post.self),
                ] {
                    print(post.text, post.author, post.homepage, post.wiki, post.views)
                    print(String(decoding: try encoder.encode(post), as: UTF8.self))
                }
                // An object along the way that isn't one: the error names the whole path from the model.
                do {
                    let linksNotAnObject = #"{"text":"t","user":{"name":"A","links":5},"stats":{"views":1}}"#
                    _ = try JSONDecoder().decode(Post.self, from: Data(linksNotAnObject.utf8))
                } catch DecodingError.typeMismatch(_, let context) {
                    print(context.debugDescription)
                }

                """
        ).buildAndRun()
        let written =
            #"{"lang":"en","stats":{"likes":4,"views":3},"text":"t","user":{"id":7,"links":{"home":"h","wiki":"w","x":1},"name":"Ann"}}"#
        #expect(
            output
                == "t Ann h w 3\n\(written)\nt Ann h w 3\n\(written)\nExpected an object at 'user.links' to look up 'home'\n"
        )
    }

    /// A mapping whose class another model has is one error, at its class: the mapping is left out, as an object whose
    /// Swift name another object has is, so the check for file names that differ only in case doesn't report it again.
    static let clashCases: [Case] = {
        let objects =
            "objects:\n  - name: thing\n    properties: [{ name: a, type: String }]\n  - name: other\n    properties: [{ name: b, type: String }]\n"
        let withMappings = "schemas: [objects.yaml]\nmappings: [app.mappings]\n"
        let withYAML = "schemas: [objects.yaml]\nmappings: [m.yaml]\n"
        return [
            Case(
                name: "a .mappings class that an object has",
                config: withMappings,
                files: [
                    "objects.yaml": objects,
                    "app.mappings": #"{ "$A": { "@class": "Thing", "a": { "@type": "Int" } } }"#,
                ],
                expected: [
                    "app.mappings:1:21: error: mapping '$A' and 'thing' would both be the Swift type 'Thing'; the other is at objects.yaml:2:11"
                ]
            ),
            Case(
                name: "two .mappings contexts of one class",
                config: withMappings,
                files: [
                    "objects.yaml": objects,
                    "app.mappings":
                        #"{ "$A": { "@class": "Tweet", "a": { "@type": "Int" } }, "$B": { "@class": "Tweet", "b": { "@type": "Int" } } }"#,
                ],
                expected: [
                    "app.mappings:1:75: error: mapping '$B' and '$A' would both be the Swift type 'Tweet'; the other is at app.mappings:1:21"
                ]
            ),
            Case(
                name: "a YAML mapping that an object's name has",
                config: withYAML,
                files: [
                    "objects.yaml": objects,
                    "m.yaml": "mappings:\n  Thing:\n    properties:\n      a: { keyPath: a, type: Int }\n",
                ],
                expected: [
                    "m.yaml:2:3: error: mapping 'Thing' and 'thing' would both be the Swift type 'Thing'; the other is at objects.yaml:2:11"
                ]
            ),
            // Left out, `Thing` doesn't refine `other`, whose name stays taken.
            Case(
                name: "a refining mapping that another object's name has",
                config: withYAML,
                files: [
                    "objects.yaml": objects,
                    "m.yaml":
                        "mappings:\n  Thing:\n    object: other\n  Other:\n    properties:\n      a: { keyPath: a, type: Int }\n",
                ],
                expected: [
                    "m.yaml:2:3: error: mapping 'Thing' and 'thing' would both be the Swift type 'Thing'; the other is at objects.yaml:2:11",
                    "m.yaml:4:3: error: mapping 'Other' and 'other' would both be the Swift type 'Other'; the other is at objects.yaml:4:11",
                ]
            ),
        ]
    }()

    @Test(arguments: clashCases) func aClassThatAnotherModelHasIsOneError(_ testCase: Case) {
        let result = generate(config: testCase.config, testCase.files)
        #expect(messages(result) == testCase.expected)
        #expect(result.files.isEmpty)
    }

    /// The generated coding names types in expressions (`URL.self`, `Owner.self`) and calls `equalValues` in `==`: a
    /// property of one of those names, however it is named (as written in a mapping, by an alias, or from a sample's
    /// key), would hide it, so it gets a suffix and a warning.
    @Test func propertiesThatWouldHideWhatTheCodeUsesAreRenamed() throws {
        let result = generate(
            config: "mappings: [m.yaml]\nsamples: { Event: e.json }\n",
            [
                "m.yaml": """
                mappings:
                  Event:
                    properties:
                      URL: { keyPath: link, type: URL }
                      Owner: { keyPath: owner, object: Owner }
                      title: { keyPath: title, type: String }
                      stats: stats
                  Owner:
                    properties:
                      name: { keyPath: name, type: String }
                """,
                "e.json": """
                { "link": "https://x.test", "owner": { "name": "Ada" }, "title": "x", "stats": { "equal_values": 1 } }
                """,
            ]
        )
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let renamed = messages(result).filter { $0.contains("already means something else in the generated code") }
        #expect(renamed.count == 3, "\(messages(result))")
        let model = try #require(file(result, "Event.swift"))
        for line in [
            "public var URLProperty: URL",
            "public var OwnerProperty: Owner",
            "public var equalValuesProperty: Int",
            "self.URLProperty = try container.decode(URL.self, forKey: MemberKey<Self>(\"link\"))",
            "guard equalValues(lhs.equalValuesProperty, rhs.equalValuesProperty) else { return false }",
        ] {
            #expect(model.contains(line + "\n"), "missing \(line)")
        }

        let aliased = generate(
            config: "schemas: [objects.yaml]\nmappings: [m.yaml]\n",
            [
                "objects.yaml": "objects:\n  - { name: c_event, properties: [{ name: c_title, type: String }] }\n",
                "m.yaml": "mappings:\n  Event: { object: c_event, aliases: { c_title: String } }\n",
            ]
        )
        #expect(
            messages(aliased) == [
                "m.yaml:2:49: warning: property 'c_title' is named 'StringProperty' in Swift, since 'String' already means something else in the generated code"
            ]
        )
        #expect(file(aliased, "Event.swift")?.contains("public var StringProperty: Optional<String>\n") == true)

        let nested = generate(
            config: "schemas: [objects.yaml]\nmappings: [m.yaml]\n",
            [
                "objects.yaml": """
                objects:
                  - { name: c_event, properties: [{ name: c_venue, type: Document, properties: [{ name: c_x, type: String }] }, { name: c_title, type: String }] }
                """,
                "m.yaml": "mappings:\n  Event: { object: c_event, aliases: { c_title: CVenue } }\n",
            ]
        )
        #expect(
            messages(nested) == [
                "m.yaml:2:49: warning: property 'c_title' is named 'CVenueProperty' in Swift, since 'CVenue' already means something else in the generated code"
            ]
        )
        #expect(file(nested, "Event.swift")?.contains("public var CVenueProperty: Optional<String>\n") == true)
    }

    /// A mapped class named like a type the generated code uses (`Optional<T>` spells every optional property)
    /// would hide it, as an object definition of that name would: it is renamed, with a warning, and references
    /// to it by its class name (`type`, `object`, `collection`) still find it.
    @Test func classesThatWouldHideWhatTheCodeUsesAreRenamed() throws {
        let result = generate(
            config: "mappings: [m.yaml]\n",
            [
                "m.yaml": """
                mappings:
                  Optional:
                    properties: { name: { keyPath: name, type: String } }
                  Reference:
                    properties: { id: { keyPath: id, type: String } }
                  Holder:
                    properties:
                      title: { keyPath: title, type: String, optional: true }
                      inner: { keyPath: inner, type: Optional, optional: true }
                      owner: { keyPath: owner, object: Reference, optional: true }
                      others: { keyPath: others, collection: Optional }
                """
            ]
        )
        #expect(
            messages(result) == [
                "m.yaml:2:3: warning: mapping 'Optional' is named 'OptionalObject' in Swift, since 'Optional' would hide the type of that name",
                "m.yaml:4:3: warning: mapping 'Reference' is named 'ReferenceObject' in Swift, since 'Reference' would hide the type of that name",
            ]
        )
        #expect(result.files.map(\.path).sorted() == ["Holder.swift", "OptionalObject.swift", "ReferenceObject.swift"])
        let holder = try #require(file(result, "Holder.swift"))
        for line in [
            "public var title: Optional<String>", "public var inner: Optional<OptionalObject>",
            "public var owner: Optional<ReferenceObject>", "public var others: [OptionalObject]",
        ] {
            #expect(holder.contains(line + "\n"), "missing \(line)")
        }
        #expect(file(result, "OptionalObject.swift")?.contains("public struct OptionalObject: Codable") == true)
    }

    @Test func typesComeFromTheSample() throws {
        let result = generate(
            config: "mappings: [m.yaml]\nsamples: { Event: e.json }\n",
            [
                "m.yaml": """
                mappings:
                  Event:
                    properties:
                      title: title
                      at: at
                      day: day
                      link: link
                      count: count
                      score: score
                      done: done
                      tags: tags
                      venue: venue
                      notes: notes
                      missing: { keyPath: nowhere, type: String }
                """,
                "e.json": """
                { "title": "x", "at": "2026-01-01T10:00:00Z", "day": "2026-01-01", "link": "https://x.test",
                  "count": 3, "score": 1.5, "done": true, "tags": ["a"],
                  "venue": { "name": "Hall", "seats": 10 },
                  "notes": [{ "text": "a", "by": "me" }, { "text": "b", "stars": 2.5 }, { "text": null }] }
                """,
            ]
        )
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
        let model = try #require(file(result, "Event.swift"))
        for line in [
            "public var title: String", "public var at: Date", "public var day: DateOnly", "public var link: URL",
            "public var count: Int", "public var score: Double", "public var done: Bool", "public var tags: [String]",
            "public var venue: Venue", "public var notes: [Note]", "public var missing: Optional<String>",
            "public var name: String", "public var seats: Int", "public var text: Optional<String>",
            "public var by: Optional<String>",
            "public var stars: Optional<Double>",
        ] {
            #expect(model.contains(line + "\n"), "missing \(line)")
        }
    }
}
