import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// The Objective-C tokenizer and importer, schema nesting and template partials on input built to cost far more
/// than its size: each ends within a deadline (the watchdog fails a hang instead of waiting for it) with the
/// result or the located error it would give a small input, and nothing crashes.
@Suite struct ParserBoundsTests {
    /// Long enough for a debug build on a busy machine; the inputs here once took minutes or crashed.
    static let deadline = 60.0

    private static func importing(
        _ code: String,
        headers: [ObjCMappingImporter.SourceFile] = []
    ) -> (yaml: String, messages: [String]) {
        let (yaml, diagnostics) = ObjCMappingImporter.importMappings(
            from: .restkit,
            files: [.init(path: "Mappings.m", text: code)],
            headers: headers
        )
        return (yaml, diagnostics.sorted.map { "\($0.location): \($0.severity.rawValue): \($0.message)" })
    }

    // MARK: Objective-C

    /// A 64 KiB line of `#define`s: each one's value used to be tokenized again, from a copy of the rest of the
    /// line, by a tokenizer of its own (44 s and 1.3 GB in a release build).
    @Test func aLineOfManyDefinesIsTokenizedOnce() async {
        let repeated = String(repeating: "#define ", count: 8_192)
        let macros = await finishing(within: Self.deadline, "tokenizing a line of 8,192 #defines") {
            let tokenizer = ObjCTokenizer(repeated, file: "Defines.h")
            return (tokenizer.macros.count, tokenizer.tokens.count)
        }
        // The first `#define` names no constant (its name would be `#`); what follows is its value.
        #expect(macros.map { [$0.0, $0.1] } == [0, 0])

        let valued = String(repeating: "#define A 1 ", count: 5_462)
        let single = await finishing(within: Self.deadline, "tokenizing a line of 5,462 #define A 1") {
            let tokenizer = ObjCTokenizer(valued, file: "Defines.h")
            return tokenizer.macros.map { "\($0.name) \($0.tokens.count) \($0.location)" }
        }
        #expect(single == ["A \(4 * 5_462 - 3) Defines.h:1:9"])
    }

    /// The same line as a header of `import`, next to mapping code that reads it.
    @Test func importReadsAHeaderOfManyDefines() async {
        let header = ObjCMappingImporter.SourceFile(
            path: "Defines.h",
            text: "#define kTitle @\"title\"\n" + String(repeating: "#define ", count: 8_192) + "\n"
                + "@interface Article : NSObject\n@property (nonatomic, copy) NSString *title;\n@end\n"
        )
        let yaml = await finishing(within: Self.deadline, "importing with a header of 8,192 #defines") {
            Self.importing(
                """
                @implementation Article (Mapping)
                + (RKObjectMapping *)mapping {
                    RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Article class]];
                    [mapping addAttributeMappingsFromDictionary:@{ kTitle: @"title" }];
                    return mapping;
                }
                @end
                """,
                headers: [header]
            ).yaml
        }
        #expect(yaml?.contains("title: { keyPath: title, type: String") == true, "\(yaml ?? "")")
    }

    /// 30,000 nested brackets of each kind in mapping code: evaluating them recursed once per level until the
    /// stack overflowed (SIGSEGV), after searching for each level's closing bracket again (quadratic time).
    /// A file cut short inside a literal or a cast (a bracket it never closes, the last token of a `return` or an
    /// assignment) is read as far as it goes: the unclosed bracket passed for one closed where it opens, and the
    /// literal's contents were read from past their end.
    @Test(arguments: ["return @[", "return @{", "NSArray *a = @[", "return (", "return (NSArray *)@["])
    func aFileCutShortInsideALiteralIsReadAsFarAsItGoes(ending: String) {
        let code = """
            @implementation Sub
            + (RKObjectMapping *)mapping {
              RKObjectMapping *m = [RKObjectMapping mappingForClass:[Sub class]];
              [m mapKeyPath:@"name" toAttribute:@"name"];
              \(ending)
            """
        let (yaml, _) = Self.importing(code)
        #expect(yaml.contains("name: { keyPath: name"), "\(yaml)")
    }

    /// The methods the importer follows start their own nesting inside the expression that calls them: 17 classes,
    /// each building on `[super mapping]` inside 250 nested messages, went 4,000 levels deep and overflowed the
    /// stack. Past a bound the expression is not read, with a warning where it starts.
    @Test func nestingThroughFollowedMethodsIsBounded() async {
        let classes = 17
        let header = (0..<classes).map { index in
            "@interface C\(index) : \(index == 0 ? "NSObject" : "C\(index - 1)")\n@property NSString *f\(index);\n@end"
        }
        let nested = String(repeating: "[", count: 250) + "super mapping]" + String(repeating: " self]", count: 249)
        let code = (0..<classes).map { index in
            let built = index == 0 ? "[RKObjectMapping mappingForClass:[self class]]" : nested
            return """
                @implementation C\(index)
                + (RKObjectMapping *)mapping {
                  RKObjectMapping *mapping = \(built);
                  [mapping mapKeyPath:@"f\(index)" toAttribute:@"f\(index)"];
                  return mapping;
                }
                @end
                """
        }
        let result = await finishing(within: Self.deadline, "following 17 methods each 250 messages deep") {
            Self.importing(
                code.joined(separator: "\n"),
                headers: [.init(path: "Models.h", text: header.joined(separator: "\n"))]
            )
        }
        #expect(
            result?.messages.contains {
                $0.contains(
                    "warning: this expression is nested more than \(MappingCodeReader.evaluationDepthLimit) levels deep"
                )
            } == true,
            "\(result?.messages ?? [])"
        )
    }

    /// A followed method that calls itself with an argument built from its own (`[self wrap:@[x, x, x, x]]`) made
    /// an argument four times as long at each of its 16 calls; its spelling took minutes and gigabytes. Past a bound
    /// the call is not followed, with a warning.
    @Test func anArgumentThatGrowsAtEachFollowedCallIsNotFollowed() async {
        let code = """
            @implementation Base
            + (id)wrap:(id)x {
                return [self wrap:@[x, x, x, x]];
            }
            @end
            @implementation Sub
            + (RKObjectMapping *)mapping {
                id v = [Sub wrap:@"a"];
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Sub class]];
                [mapping mapKeyPath:@"title" toAttribute:@"title"];
                return mapping;
            }
            @end
            """
        let header = "@interface Base : NSObject\n@end\n@interface Sub : Base\n@property NSString *title;\n@end"
        let result = await finishing(within: Self.deadline, "following a call whose argument grows") {
            Self.importing(code, headers: [.init(path: "Models.h", text: header)])
        }
        #expect(result?.yaml.contains("title: { keyPath: title") == true, "\(result?.yaml ?? "")")
        #expect(
            result?.messages.contains {
                $0.hasPrefix("Mappings.m:3:12: warning: the arguments of '[self wrap:@[x, x, x, x]]' spell more than")
            } == true,
            "\(result?.messages ?? [])"
        )
    }

    @Test(arguments: ["[", "(", "{"])
    func nestingPastTheLimitIsALocatedError(open: String) async {
        let close = ["[": "]", "(": ")", "{": "}"][open]!
        let code =
            "@implementation Article (Mapping)\n- (void)map {\n    x = "
            + String(repeating: open, count: 30_000) + "a b" + String(repeating: close, count: 30_000) + ";\n}\n@end\n"
        let messages = await finishing(within: Self.deadline, "importing 30,000 nested '\(open)'") {
            Self.importing(code).messages
        }
        // The method's `{` is the first level; the 256th bracket on line 3 opens the 257th.
        #expect(
            messages?.filter { $0.contains("error:") }
                == [
                    "Mappings.m:3:\(9 + 255): error: brackets nest more than \(ObjCBrackets.nestingLimit) levels deep here; the file's mappings are not imported"
                ]
        )
    }

    /// Just inside the limit everything is read: a mapping whose argument sits in 250 parentheses.
    @Test func nestingWithinTheLimitIsRead() async {
        let argument = String(repeating: "(", count: 250) + "@[@\"title\"]" + String(repeating: ")", count: 250)
        let code = """
            @implementation Article (Mapping)
            + (RKObjectMapping *)mapping {
                RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[Article class]];
                [mapping addAttributeMappingsFromArray:\(argument)];
                return mapping;
            }
            @end
            """
        let header = ObjCMappingImporter.SourceFile(
            path: "Article.h",
            text: "@interface Article : NSObject\n@property (nonatomic, copy) NSString *title;\n@end\n"
        )
        let result = await finishing(within: Self.deadline, "importing 250 nested parentheses") {
            Self.importing(code, headers: [header])
        }
        #expect(result?.messages == [])
        #expect(result?.yaml.contains("title: { keyPath: title, type: String") == true)
    }

    /// A header's generic arguments nested 30,000 deep: read to a depth, the rest skipped, without recursing
    /// through all of them.
    @Test func deeplyNestedGenericsInAHeaderAreSkipped() async {
        let type = String(repeating: "NSArray<", count: 30_000) + "NSString *" + String(repeating: "> *", count: 30_000)
        let header =
            "@interface Box : NSObject\n@property (nonatomic) \(type) items;\n@property NSString *name;\n@end\n"
        let names = await finishing(within: Self.deadline, "reading 30,000 nested generic arguments") {
            ObjCHeaders(ObjCHeaderReader.read(header, file: "Box.h")).properties(of: "Box").map(\.name)
        }
        #expect(names == ["items", "name"])
    }

    /// 100,000 protocols that each inherit the one before, adopted by 500 classes: each class's properties were
    /// looked for through the whole chain, one nested call per protocol (a crash on the stack), and again for each
    /// class and each lookup. A class reads the protocols nearest to it, up to the limit.
    @Test func aLongChainOfProtocolsIsReadToALimit() async throws {
        let count = 100_000
        var header = "@protocol P0\n@property NSString *p0;\n@end\n"
        for index in 1..<count {
            header += "@protocol P\(index) <P\(index - 1)>\n@property NSString *p\(index);\n@end\n"
        }
        let classes = 500
        for index in 0..<classes {
            header += "@interface C\(index) : NSObject <P\(count - 1), P\(count - 2)>\n@end\n"
        }
        let text = header
        let found = await finishing(within: Self.deadline, "reading \(count) chained protocols") {
            let headers = ObjCHeaders(ObjCHeaderReader.read(text, file: "P.h"))
            return (0..<classes).map { index in
                (
                    headers.ownProperties(of: "C\(index)").count,
                    headers.property("p\(count - 1)", of: "C\(index)") != nil,
                    headers.property("p0", of: "C\(index)") != nil
                )
            }
        }
        let limit = ObjCHeaders.adoptedProtocolLimit
        let expected = Array(repeating: (limit, true, false), count: classes)
        #expect(found?.elementsEqual(expected) { $0 == $1 } == true, "\(String(describing: found?.first))")
    }

    // MARK: Schema nesting

    /// A Cortex object whose properties nest `depth` documents deep, one property per line, with `siblings`
    /// strings next to each document.
    static func nestedCortexSchema(depth: Int) -> String {
        var lines = ["{\"objects\": [{\"name\": \"c_deep\", \"pluralName\": \"c_deeps\", \"properties\": ["]
        for level in (1...depth).reversed() {
            lines.append("{\"name\": \"c_s\(level)\", \"type\": \"String\"},")
            lines.append("{\"name\": \"c_n\(level)\", \"type\": \"Document\", \"properties\": [")
        }
        lines.append("{\"name\": \"c_leaf\", \"type\": \"String\"}")
        lines.append(String(repeating: "]}", count: depth) + "]}]}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same nesting as a Mia-Platform collection in JSON Schema.
    static func nestedMiaSchema(depth: Int) -> String {
        var lines = [
            "{\"name\": \"deep\", \"endpointBasePath\": \"/deep\", \"schema\": {\"type\": \"object\", \"properties\": {"
        ]
        for level in (1...depth).reversed() {
            lines.append("\"s\(level)\": {\"type\": \"string\"},")
            lines.append("\"n\(level)\": {\"type\": \"object\", \"properties\": {")
        }
        lines.append("\"leaf\": {\"type\": \"string\"}")
        lines.append(String(repeating: "}}", count: depth) + "}}}")
        return lines.joined(separator: "\n") + "\n"
    }

    static let nestingConfig = "schemas: [schema.json]\noutput: Generated\ngenerate: [models, queries, bodies]\n"

    /// One level past the limit: an error at the document that is too deep, and nothing generated.
    @Test(arguments: ["cortex", "mia"])
    func schemaNestingPastTheLimitIsALocatedError(format: String) async {
        let depth = NodeReader.documentNestingLimit + 1
        let schema = format == "cortex" ? Self.nestedCortexSchema(depth: depth) : Self.nestedMiaSchema(depth: depth)
        let result = await finishing(within: Self.deadline, "generating \(depth) nested documents") {
            generate(config: Self.nestingConfig, ["schema.json": schema])
        }
        let name = format == "cortex" ? "c_n1" : "n1"
        // The innermost document's line: its name's column.
        let lines = schema.split(separator: "\n", omittingEmptySubsequences: false)
        let line = lines.firstIndex { $0.contains("\"\(name)\"") }! + 1
        let column = format == "cortex" ? 10 : 1
        #expect(
            result.map(messages) == [
                "schema.json:\(line):\(column): error: document '\(name)' is nested \(depth) levels deep; documents nest at most \(NodeReader.documentNestingLimit) levels"
            ]
        )
        #expect(result?.files.isEmpty == true)
    }

    /// At the limit the schema generates, and the output stays within a fixed multiple of the schema: each level
    /// adds indentation and a longer qualified name, not another copy of the levels around it. The multiple counts
    /// what the lines say, without their leading indentation: a nested struct's lines are indented by its depth, so
    /// the indentation alone grows with the square of the depth (60% of the bytes at 32 levels), whatever each
    /// level holds.
    @Test(arguments: ["cortex", "mia"])
    func schemaNestingAtTheLimitGenerates(format: String) async {
        let depth = NodeReader.documentNestingLimit
        let schema = format == "cortex" ? Self.nestedCortexSchema(depth: depth) : Self.nestedMiaSchema(depth: depth)
        let result = await finishing(within: Self.deadline, "generating \(depth) nested documents") {
            generate(config: Self.nestingConfig, ["schema.json": schema])
        }
        #expect(result?.diagnostics.hasErrors == false, "\(result.map(messages) ?? [])")
        let written =
            result?.files.reduce(0) { total, file in
                total + file.contents.split(separator: "\n").reduce(0) { $0 + $1.drop { $0 == " " }.utf8.count }
            } ?? 0
        #expect(written > 0 && written < 60 * schema.utf8.count, "\(written) bytes from \(schema.utf8.count)")
    }

    /// 300 levels (the issue's 20 KB schema took a minute and wrote 11 MB): the error comes at once.
    @Test func aVeryDeepSchemaIsRefusedAtOnce() async {
        let schema = Self.nestedMiaSchema(depth: 300)
        let result = await finishing(within: Self.deadline, "generating 300 nested documents") {
            generate(config: Self.nestingConfig, ["schema.json": schema])
        }
        #expect(result?.diagnostics.errors.count == 1)
        #expect(result?.files.isEmpty == true)
    }

    /// A mapping's key path nests the coding one level per segment: 3,000 segments took seconds and wrote each
    /// level's container; past the documents' limit it is an error at the key path.
    @Test(arguments: [NodeReader.documentNestingLimit + 1, 3_000])
    func aKeyPathDeeperThanTheLimitIsALocatedError(segments: Int) async {
        let keyPath = (0..<segments).map { "k\($0)" }.joined(separator: ".")
        let mapping = "mappings:\n  Thing:\n    properties:\n      v: { keyPath: \(keyPath), type: String }\n"
        let result = await finishing(within: Self.deadline, "generating a key path of \(segments) segments") {
            generate(config: "mappings: [m.yaml]\noutput: Generated\n", ["m.yaml": mapping])
        }
        #expect(
            result.map(messages) == [
                "m.yaml:4:21: error: the key path of 'v' has \(segments) segments; key paths, like documents, nest at most \(NodeReader.documentNestingLimit) levels"
            ]
        )
    }

    /// The keys a struct reads were collected with `Array.contains`, a pass over the keys so far for each
    /// property: a 20,000-property object spent two thirds of its run there, and 200,000 would take minutes. One
    /// pass takes milliseconds.
    @Test func theKeysOfManyPropertiesAreListedInOnePass() async throws {
        let result = generate([
            "objects.yaml": "objects:\n  - name: c_a\n    properties: [{ name: c_b, type: String }]\n"
        ])
        let property = try #require(result.schema?.objects.first?.properties.first)
        let count = 200_000
        // Every key twice, so that both the new and the repeated ones are looked up.
        let properties = (0..<count).map { index in
            var copy = property
            copy.keyPath = ["k\(index % (count / 2))"]
            return copy
        }
        let config = GeneratorConfig(file: "model-generator.yaml", output: Located("Generated", at: .start(of: "")))
        let translator = Translator(config: config)
        let keys = await finishing(within: Self.deadline, "listing the keys of \(count) properties") {
            translator.modeledKeys(properties)
        }
        #expect(keys??.count == count / 2)
        #expect(keys??.prefix(2) == ["k0", "k1"])
    }

    /// The objects a mapped model's key paths go through are grouped, counted and named in passes over the key
    /// paths: a mapping of 40,000 key paths through 20,000 objects all named `data` searched the objects for each
    /// property and named each object by trying `_data…` with one more underscore each time, minutes of work.
    @Test func theObjectsOfManyKeyPathsAreOpenedInLinearTime() async throws {
        let result = generate(
            config: "mappings: [m.yaml]\noutput: Generated\n",
            ["m.yaml": "mappings:\n  A:\n    properties:\n      x: { keyPath: k.data.x, type: String }\n"]
        )
        let property = try #require(result.schema?.objects.first?.properties.first)
        let count = 20_000
        let properties = (0..<count).flatMap { index in
            ["x", "y"].map { leaf in
                var copy = property
                copy.swiftName = "\(leaf)\(index)"
                copy.keyPath = ["k\(index)", "data", leaf]
                return copy
            }
        }
        let coding = CustomCoding(access: "", lineLength: 120, bodyIndent: 8, wireTypes: .cortex)
        let output = await finishing(within: Self.deadline, "coding \(properties.count) key paths") {
            coding.make(properties, keepingMembersOutside: (0..<count).map { "k\($0)" })
        }
        let lines = try #require(output?.decodeLines)
        #expect(lines.contains(#"let k19999DataObject = k19999Object.object(at: ["data"])"#))
        #expect(lines.contains(#"self.y19999 = try k19999DataObject.decode(String.self, at: ["y"])"#))
        // The container, its view keyed by JSONKey, and two objects for each key.
        #expect(lines.filter { $0.hasPrefix("let ") }.count == 2 + 2 * count)
    }

    /// A mapping's properties are gathered, each one found by its name in a table: each was looked for in the list
    /// of those before it, and a mapping of 60,000 properties took over two minutes to resolve. (The mapping is JSON,
    /// which reads faster than YAML, so that what the test measures is the resolving.)
    @Test func aMappingOfManyPropertiesResolvesInLinearTime() async throws {
        let count = 60_000
        let properties = (0..<count).map { #""p\#($0)": {"keyPath": "k\#($0)", "type": "String"}"# }
        let files = [
            "model-generator.yaml": "mappings: [app.json]\noutput: Generated\n",
            "app.json": #"{"mappings": {"Post": {"properties": {"# + properties.joined(separator: ", ") + "}}}}",
        ]
        let resolved = await finishing(within: Self.deadline, "resolving a mapping of \(count) properties") {
            Pipeline.resolve(path: "model-generator.yaml", files: .inMemory(files))
        }
        let (schema, diagnostics) = try #require(resolved)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all.prefix(3))")
        let names = try #require(schema?.objects.first?.properties.map(\.swiftName))
        #expect(names.count == count && names.first == "p0" && names.last == "p\(count - 1)")
    }

    /// A chain of mappings that inherit one another copies what each inherits at every level, so its length is
    /// bounded (a chain of 500 took 11 s, and of 2,000 would take hours): where it goes past the bound is one located
    /// error, however long the chain; a chain of the bound's length is read.
    @Test(arguments: [MappingResolver.inheritanceLimit, MappingResolver.inheritanceLimit + 1, 300])
    func aChainOfInheritingMappingsIsBounded(_ length: Int) async throws {
        var text = "mappings:\n  C0:\n    properties:\n      p0: { keyPath: k0, type: String }\n"
        for index in 1..<length {
            text += "  C\(index):\n    inherits: [C\(index - 1)]\n"
            text += "    properties:\n      p\(index): { keyPath: k\(index), type: String }\n"
        }
        let files = ["model-generator.yaml": "mappings: [app.yaml]\noutput: Generated\n", "app.yaml": text]
        let resolved = await finishing(within: Self.deadline, "resolving a chain of \(length) mappings") {
            Pipeline.resolve(path: "model-generator.yaml", files: .inMemory(files))
        }
        let (schema, diagnostics) = try #require(resolved)
        let errors = diagnostics.sorted.filter { $0.severity == .error }.map { "\($0.location): \($0.message)" }
        if length <= MappingResolver.inheritanceLimit {
            #expect(errors.isEmpty, "\(errors.prefix(3))")
            let longest = schema?.objects.first { $0.swiftName == "C\(length - 1)" }
            #expect(longest?.properties.count == length)
        } else {
            // The first mapping whose chain is too long, in file order, is the one the bound's length down from `C0`.
            let limit = MappingResolver.inheritanceLimit
            #expect(
                errors == [
                    "app.yaml:6:16: the chain of 'inherits' from 'C\(limit)' holds more than \(limit) mappings; 'C1' inherits 'C0' past that"
                ]
            )
        }
    }

    // MARK: Document nesting

    /// Arrays and objects nested past the limit, the issue's 100,000 brackets among them: an error of our own at the
    /// bracket that goes past it (it was libyaml's "Maximum nesting level reached, set with
    /// yaml_set_max_nest_level())" at the first bracket, and 501 levels were read), and nothing generated.
    @Test(arguments: ["100,000 brackets", "501 arrays", "501 objects"])
    func jsonNestedPastTheLimitIsALocatedError(_ shape: String) async {
        let limit = DocumentParser.nestingLimit
        let (text, column) =
            switch shape {
            case "100,000 brackets": (String(repeating: "[", count: 100_000), limit + 1)
            case "501 arrays":
                (String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1), limit + 1)
            default:
                (
                    String(repeating: "{\"a\":", count: limit + 1) + "1" + String(repeating: "}", count: limit + 1),
                    5 * limit + 1
                )
            }
        let result = await finishing(within: Self.deadline, "generating from \(shape) of JSON") {
            generate(config: "schemas: [schema.json]\noutput: Generated\n", ["schema.json": text])
        }
        #expect(
            result.map(messages) == [
                "schema.json:1:\(column): error: arrays and objects nest more than \(limit) levels deep here"
            ]
        )
        #expect(result?.files.isEmpty == true)
    }

    /// A minified JSON file is one line, and one non-ASCII character at its start made the column of every value
    /// after it a count of the scalars from the start of the line (300,000 values took minutes): columns are counted
    /// once, forward.
    @Test func aLongLineOfJSONWithNonASCIITextIsReadInLinearTime() async throws {
        let count = 300_000
        let text = "[\"é\"" + String(repeating: ", 1", count: count) + "]"
        let last = await finishing(within: Self.deadline, "reading a line of \(count) values after an é") {
            try? JSONSyntaxParser.parse(text, file: "t.json", lineOffset: 0)?.get().elements?.last?.location
        }
        // `["é"` is four columns, and each `, 1` three more.
        #expect(last??.description == "t.json:1:\(4 + 3 * count)")
    }

    /// A Core Data model written on one line: each element's column was counted from the line's start (20,000
    /// attributes took 13 s in a debug build, 60,000 would take two minutes); columns are counted once, forward.
    @Test func aCoreDataModelOnOneLineIsReadInLinearTime() async throws {
        let count = 60_000
        let attribute = #"<attribute name="é" optional="YES" attributeType="String"/>"#
        let text =
            #"<?xml version="1.0" encoding="UTF-8"?><model><entity name="Wide">"#
            + String(repeating: attribute, count: count) + "</entity></model>"
        let read = await finishing(within: Self.deadline, "reading a model of \(count) attributes on one line") {
            try? CoreDataModel.parse(text, file: "contents").get().entities.first?.attributes.map(\.location)
        }
        let locations = try #require(read.flatMap { $0 })
        #expect(locations.count == count)
        // The declaration and the two start tags take 65 columns; each attribute, 59 (`é` is one).
        #expect(locations.first?.description == "contents:1:66")
        #expect(locations.last?.description == "contents:1:\(66 + 59 * (count - 1))")
    }

    /// A model that declares another encoding than the UTF-8 it is read as is refused at the encoding's name: the
    /// parser would decode it otherwise (its non-ASCII names, ISO-2022-JP's escapes, UTF-7's `+ADw-` for `<`) and
    /// its elements' places not be found in its bytes. Looking for each element's tag by the name the parser gave
    /// scanned the rest of the file for every element (100,000 of them here: 10¹¹ steps); each element is now the
    /// next start tag, and such a file isn't parsed at all.
    @Test(arguments: ["ISO-8859-1", "UTF-7", "ISO-2022-JP"])
    func aCoreDataModelDeclaringAnotherEncodingIsRefusedAtItsName(encoding: String) async throws {
        let count = 100_000
        let text =
            #"<?xml version="1.0" encoding="\#(encoding)"?><model>"# + String(repeating: "<é></é>", count: count)
            + #"<entity name="Late"><attribute name="a" attributeType="String"/></entity></model>"#
        let read = await finishing(within: Self.deadline, "reading \(count) elements declared \(encoding)") {
            CoreDataModel.parse(text, file: "contents")
        }
        guard case .failure(let problem) = try #require(read) else {
            Issue.record("read as \(encoding)")
            return
        }
        #expect(
            problem.description.hasPrefix(
                "contents:1:31: error: the Core Data model declares the encoding '\(encoding)', which Xcode never writes"
            ),
            "\(problem)"
        )
        // Declared UTF-8, it is read, and the attribute is placed at its tag, after 100,000 elements of seven columns.
        let utf8 = try CoreDataModel.parse(text.replacingOccurrences(of: encoding, with: "UTF-8"), file: "contents")
            .get()
        #expect(
            utf8.entities.flatMap(\.attributes).map(\.location.description) == ["contents:1:\(46 + 7 * count + 20)"]
        )
    }

    /// The declaration is read after byte order marks and to its `>`, however much space stands between its
    /// attributes: neither hides a declared encoding.
    @Test func aDeclaredEncodingIsFoundAfterByteOrderMarksAndLongSpaces() {
        for declaration in [
            "\u{FEFF}\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-7\"?>",
            "<?xml version=\"1.0\"" + String(repeating: " ", count: 250) + "encoding='UTF-7'?>",
        ] {
            let result = CoreDataModel.parse(declaration + "<model/>", file: "contents")
            guard case .failure(let problem) = result else {
                Issue.record("read: \(declaration.prefix(40))")
                continue
            }
            #expect(problem.message.contains("declares the encoding 'UTF-7'"), "\(problem)")
        }
    }

    /// At the limit the JSON reader reads the document itself, as the YAML parser reads it.
    @Test func jsonNestedToTheLimitIsRead() async throws {
        let depth = DocumentParser.nestingLimit
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let read = await finishing(within: Self.deadline, "reading JSON nested to the limit") {
            (
                fast: try? JSONSyntaxParser.parse(text, file: "t.json", lineOffset: 0)?.get(),
                yaml: JSONSyntaxParserTests.viaYAML(text)
            )
        }
        #expect(read?.fast != nil)
        // Compared apart from the expectation, which would print 500 levels of nodes.
        let same = read?.fast == read?.yaml
        #expect(same)
    }

    /// YAML nested past the limit, by indentation, by `- ` indicators on one line or by brackets: the same error at
    /// the list or mapping that goes past the limit, where libyaml said "Maximum nesting level reached, set with
    /// yaml_set_max_nest_level())" and read 501 levels, and nothing generated. A .json file that is no JSON (a key
    /// given twice) before it nests that deep is never read as YAML: its error is the JSON reader's, in time.
    @Test(arguments: [
        "indented mappings", "indented lists", "indicators on a line", "flow keys", "brackets",
        "JSON with a duplicate key",
    ])
    func yamlNestedPastTheLimitIsALocatedError(_ shape: String) async {
        let limit = DocumentParser.nestingLimit
        var file = "schema.yaml"
        let (text, location): (String, String)
        switch shape {
        case "indented mappings":
            text = (0...limit).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n") + " 1\n"
            location = "\(limit + 1):\(limit + 1)"
        case "indented lists":
            text = (0...limit).map { String(repeating: " ", count: $0) + "-" }.joined(separator: "\n") + " 1\n"
            location = "\(limit + 1):\(limit + 1)"
        case "indicators on a line":
            text = String(repeating: "- ", count: 100_000) + "x\n"
            location = "1:\(2 * limit + 1)"
        case "flow keys":
            // Each `[k]:` is a key further right than the one above it, in a mapping of its own.
            text = (0...limit).map { String(repeating: " ", count: $0) + "[k]:" }.joined(separator: "\n") + " 1\n"
            location = "\(limit + 1):\(limit + 1)"
        case "brackets":
            // The mapping is the first level; `a: ` is three columns.
            text = "a: " + String(repeating: "[", count: 100_000) + "\n"
            location = "1:\(3 + limit)"
        default:
            // Not JSON (a key given twice), so never handed to the YAML parser, which would nest past the limit: the
            // JSON reader's own error, at the second key, is the file's.
            file = "schema.json"
            text = #"{"a": 1, "a": "# + String(repeating: "[", count: 100_000)
            location = "1:10"
        }
        let message =
            file == "schema.json"
            ? "malformed JSON: duplicate key 'a' in one object"
            : "lists and mappings nest more than \(limit) levels deep here"
        let input = (file, text)
        let result = await finishing(within: Self.deadline, "generating from \(shape) nested past the limit") {
            generate(config: "schemas: [\(input.0)]\noutput: Generated\n", [input.0: input.1])
        }
        #expect(result.map(messages) == ["\(file):\(location): error: \(message)"])
        #expect(result?.files.isEmpty == true)
    }

    /// An alias of a deep list inside another deep list nests as deep as both, which no scan of the text sees: the
    /// document was read 801 levels deep, and twenty such aliases in 16 KB nested 8,000 levels and overflowed the
    /// stack (SIGSEGV). The error is at the alias whose list goes past the limit.
    @Test(arguments: [2, 20])
    func aliasesNestingPastTheLimitAreALocatedError(anchors: Int) async {
        let levels = 400
        let items = (1...anchors).map { index in
            "&x\(index) " + String(repeating: "[", count: levels) + (index == 1 ? "1" : "*x\(index - 1)")
                + String(repeating: "]", count: levels)
        }
        let text = "[" + items.joined(separator: ",\n ") + "]\n"
        let result = await finishing(within: Self.deadline, "generating from \(anchors) deep aliases") {
            generate(config: "schemas: [schema.yaml]\noutput: Generated\n", ["schema.yaml": text])
        }
        // `*x1` on line 2 is in 401 lists, and holds 400.
        #expect(
            result.map(messages) == [
                "schema.yaml:2:\(6 + levels): error: lists and mappings nest more than \(DocumentParser.nestingLimit) levels deep here"
            ]
        )
    }

    /// Keys that are aliases nest mappings as other keys do: the scan counts them, rather than leave them to the
    /// parser (an older libyaml has no nesting limit, and composing the document recurses once a level).
    @Test func theNestingScanCountsKeysThatAreAliases() {
        let limit = DocumentParser.nestingLimit
        // Each `*k:` is a key further right than the one above it, under the first mapping's `b`.
        for key in ["*k:", "*k :"] {
            let text =
                "a: &k x\nb:\n" + (1...limit).map { String(repeating: " ", count: $0) + key }.joined(separator: "\n")
                + " 1\n"
            let tooDeep = NestingScan.firstTooDeep(in: text, limit: limit)
            #expect(tooDeep.map { "\($0.line):\($0.column)" } == "\(limit + 2):\(limit + 1)", "\(key)")
        }
    }

    /// How deep the lists and mappings of `node` nest, its keys included.
    static func nestingDepth(_ node: SyntaxNode) -> Int {
        switch node.value {
        case .scalar: 0
        case .sequence(let items): 1 + (items.map(nestingDepth).max() ?? 0)
        case .mapping(let entries):
            1 + (entries.map { max(nestingDepth($0.key), nestingDepth($0.value)) }.max() ?? 0)
        }
    }

    /// YAML whose scalars and comments look like deeper nesting: block scalars, plain scalars continued on further
    /// indented lines, quoted scalars over lines, brackets in quotes and comments, anchors and tags, explicit keys,
    /// document markers and line ends of every kind.
    static let lookalikes = [
        "a:\n  b: |\n    - - - [[[\n     - {{{\n\n    x: [\n  c: 1\n",
        "- >-\n  - - [\n  {\n- x\n",
        "a: plain\n  - continued\n   - still [ continued\nb: 1\n",
        "- plain\n  - continued\n- [ok]\n",
        "a: \"quoted [[[\n  - over ]\\\" lines\"\nb: 'single ''[[['' \n  - more'\nc: [\"[[\", ']]', it's, \"}}\"]\n",
        "a: [1, # [[[\n  2]\n# - - - {{{\nb: 1 # [[[\n",
        "a: &x !!map\n  b: !!seq\n  - 1\nc: *x\n",
        "? - a\n  - b\n: - c\n",
        "--- # a document\n- - c\n  - a:\n      b: 1\n...\n",
        "a:\r\n- b:\r\n    c: [1, [2]]\r\nd: 1\r\n",
        "a:\r  b: {c: [1, {d: 2}]}\r",
        "\u{FEFF}a:\n  b: [2]\n",
        "{\"a\": [\"]]]\", {\"b\": \"[[[\"}], \"c\": {}}",
        "key: value with:colons and # hash\nurl: http://x.test/a[0]\n",
        "[a, b]: c\n",
        // A comment right after a flow indicator or a quoted scalar, and quotes inside plain scalars in flow
        // collections (an inch mark, a word's quote at the start of a continued line, after a `:` that isn't an
        // indicator): the comments' brackets are no lists, and the quotes hide no brackets.
        "a: [1,#[[[\n  2, {b: c}]\nd: [e]\n",
        "a: {\"b\":#[[\n  1}\nd: [e]\n",
        "a: [[1]#[[\n  ]\nd: [[e]]\n",
        "a: [13 \", 15 \", 17 \"]\nb: \"x\"\nc: [1]\n",
        "a: [x\n 'y, z]\nb: 'q'\nc: [1]\n",
        "a: {k:'x, y: 1}\nb: 'q'\nc: [1]\n",
        "a: [!t 'x, [y]', &z \"[[\", !<tag:a[[> b]\n",
        // A comment right after a byte-order mark, and NEL, LS and PS, which libyaml reads as line breaks: each
        // ends a comment, and a `#` after one starts a comment.
        "\u{FEFF}# note: [[[\na: 1\n",
        "a: [1, # c\u{2028}2]\nb: [1]\n",
        "a: [1, # c\u{85}2]\nb: [1]\n",
        "- \u{2029}# x: [[[\n",
        // Keys with an anchor or a tag, where libyaml starts the key and the mapping.
        "a: 1\n&x b: 2\n!!str c: [1]\n",
        "- &y d: 1\n  !t e: [2]\n",
        "[a]:\n  [b]: 1\n  [c]:\n    &x [d]: {e: f}\n",
        "a: &k x\nb:\n  *k : [1]\n  c:\n    *k:\n      - *k\n",
        "  x: a#b\n    \"[\\\n\n  &a 'a''[b': \n",
        // A byte-order mark at the start of a later line, which libyaml skips as it skips the first line's.
        "--- # c\n\u{FEFF}root:\n ? k\n : [v]\n",
    ]

    /// The scan counts no deeper than the YAML parser reads: at each document's own depth it finds nothing too deep.
    /// Every YAML file of the repository is read, besides the look-alikes.
    @Test func theNestingScanNeverCountsDeeperThanTheParserReads() throws {
        let root = GoldenTests.goldensDirectory.deletingLastPathComponent().deletingLastPathComponent()
        // The repository's files with errors in them, which some tests read, are skipped.
        var documents = Self.lookalikes.map { (name: $0.debugDescription, text: $0, mayFail: false) }
        for folder in ["Tests", "examples", "Schemas", "Benchmarks"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".yaml") || path.hasSuffix(".yml"), !path.contains(".build") else { continue }
                let url = root.appendingPathComponent(folder).appendingPathComponent(path)
                documents.append(("\(folder)/\(path)", try String(contentsOf: url, encoding: .utf8), true))
            }
        }
        var checked = 0
        for (name, text, mayFail) in documents {
            let read = DocumentParser.parseAsYAML(text, file: "t.yaml", lineOffset: 0, lineLength: nil)
            guard case .success(let node?) = read else {
                if !mayFail { Issue.record("\(name) is not read: \(read)") }
                continue
            }
            let depth = Self.nestingDepth(node)
            #expect(NestingScan.firstTooDeep(in: text, limit: depth) == nil, "\(name) nests \(depth) levels")
            checked += 1
        }
        #expect(checked > Self.lookalikes.count + 10)
    }

    // MARK: Templates

    /// Nine partials of a few bytes, each including the one before ten times: one struct would expand to a
    /// billion copies of `p0`. The template whose includes go past the limit is named, at the include that does.
    @Test func aPartialBombIsALocatedErrorNamingTheTemplate() async {
        var files = ["objects.yaml": "objects:\n  - name: c_a\n    properties: [{ name: c_b, type: String }]\n"]
        files["templates/p0.mustache"] = "x\n"
        for level in 1...8 {
            files["templates/p\(level).mustache"] = String(repeating: "{{> p\(level - 1)}}", count: 10) + "\n"
        }
        files["templates/struct.mustache"] = "{{%CONTENT_TYPE: TEXT}}\nstruct {{name}} {}\n{{> p8}}\n"
        let templates = files
        let result = await finishing(within: Self.deadline, "generating with a partial bomb") {
            generate(config: "schemas: [objects.yaml]\noutput: Generated\ntemplates: templates\n", templates)
        }
        // p4 includes p3 (1,111 partials each) for the tenth time at column 73.
        #expect(
            result?.diagnostics.errors.map { "\($0.location): \($0.message)" } == [
                "templates/p4.mustache:1:73: template 'p4' expands to more than \(TemplateLibrary.maximumPartialExpansions) partials once its partials are included; including 'p3' here goes past the limit"
            ]
        )
        #expect(result?.files.isEmpty == true)
    }

    /// Templates that include each other a few times each, as real ones do, are fine.
    @Test func partialsWithinTheLimitsRender() {
        var files = ["objects.yaml": "objects:\n  - name: c_a\n    properties: [{ name: c_b, type: String }]\n"]
        files["templates/p0.mustache"] = "// {{name}}\n"
        files["templates/p1.mustache"] = "{{> p0}}{{> p0}}\n"
        files["templates/struct.mustache"] = "{{%CONTENT_TYPE: TEXT}}\nstruct {{name}} {}\n{{> p1}}\n"
        let result = generate(config: "schemas: [objects.yaml]\noutput: Generated\ntemplates: templates\n", files)
        #expect(result.diagnostics.errors.isEmpty)
        #expect(file(result, "CA.swift")?.components(separatedBy: "// CA").count == 3, "\(result.files.map(\.path))")
    }

    /// A file past the bound on one rendered file is refused, naming the template that rendered it, rather than
    /// written: here a listing over many objects with a small bound.
    @Test func aRenderedFilePastTheBoundNamesItsTemplate() throws {
        var (library, _) = TemplateLibrary.make()
        library?.maximumRenderedBytes = 1_000
        // The entries' lines as `Translator.listingFile` lays them out.
        let entries = (0..<100).map {
            ListingEntryView(
                apiName: "\"c_\($0)\"",
                pluralName: "\"c_\($0)s\"",
                typeName: "C\($0)",
                comma: ",",
                entryLines: ["C\($0).self,"],
                declarationLines: ["extension C\($0): SchemaObject {"],
                nameLines: ["static let apiName = \"c_\($0)\"", "static let pluralName = \"c_\($0)s\""]
            )
        }
        let view = FileView(headerLines: [], imports: [], declarations: [], listing: entries, access: "")
        #expect {
            _ = try library?.render(view, template: "listing")
        } throws: { error in
            let diagnostic = (error as? TemplateLibrary.RenderedTooMuch)?.diagnostic(for: "SchemaObjects.swift")
            return diagnostic?.description.hasPrefix(
                "Templates/listing.mustache:1:1: error: template 'listing' renders more than"
            ) == true
        }
    }
}
