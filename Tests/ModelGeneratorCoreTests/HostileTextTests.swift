import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// Hostile text (every line break, quotes, comment markers, `"""`, backslashes, interpolation, bidi and other invisible
/// controls, whole declarations) in every text field of every input format: object definitions in YAML, JSON and
/// Cortex NDJSON, Mia-Platform collections, Parse schemas, YAML mappings, AppCoreKit `.mappings` and the config. Free
/// text must come out as comments and literals that hold it exactly, and all of it must compile with nothing
/// injected; text that must be a name is a located error.
/// On threads of its own, not Swift concurrency's few pool threads: generation and a package build.
@Suite(.onOwnThread) struct HostileTextTests {
    /// Each would stop the build (`#error`) or declare something, were it to escape its comment or literal.
    static let hostile: [String] = {
        let breaks = ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"]
        let declarations = breaks.map { "x\($0)#error(\"INJECTED\")\($0)struct Injected {}\($0)// " }
        return declarations + [
            "*/ #error(\"INJECTED\") /*", "/* #error(\"INJECTED\")", "\"\"\" + #error(\"INJECTED\") + \"\"\"",
            "\"); #error(\"INJECTED\"); (\"", "\\(#error(\"INJECTED\"))", "\\", "\\\\\"", "\u{202E}gnp.exe\u{202C}",
            "a\u{2066}b\u{2067}c\u{2068}d\u{2069}e\u{200B}f\u{200D}g\u{FEFF}h", "#\"raw\"#", "`tick`", "tab\there",
            "esc\u{1B}[31mred", "\u{7F}\u{9B}", "] } ) {{> model}} {{#x}}",
            // Long enough to break its line, at places a layout may break outside a literal: inside one, it didn't
            // compile.
            String(repeating: "w", count: 70) + " = \" + .x: y(\\\" = \") ?? " + String(repeating: "z", count: 70),
            // A combining mark joins the opening quote into one `Character`, and a prepended letter the closing one.
            "\u{301}" + String(repeating: "v", count: 60) + " = let <a, b> var " + String(repeating: "u", count: 60)
                + "\u{D4E}",
        ]
    }()

    /// A JSON-like document, written out as YAML (block style, double-quoted strings) or as JSON.
    indirect enum Document {
        case string(String)
        case bool(Bool)
        case list([Document])
        case map([(String, Document)])

        var json: String { json(isKey: false) }

        /// JSONSerialization leaves U+2028, NEL and bidi controls raw: the parser must take them as they are. DEL and
        /// the other C1 controls are escaped, and so are line breaks in keys, since JSON that its fast reader declines
        /// is read as YAML, which refuses raw C1 controls and keys that span lines.
        func json(isKey: Bool) -> String {
            switch self {
            case .string(let text):
                let data = try! JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed])
                var escaped = String.UnicodeScalarView()
                for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
                    if scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) && scalar.value != 0x85
                        || isKey && SwiftText.isLineBreak(scalar)
                    {
                        escaped.append(contentsOf: String(format: "\\u%04X", scalar.value).unicodeScalars)
                    } else {
                        escaped.append(scalar)
                    }
                }
                return String(escaped)
            case .bool(let value): return value ? "true" : "false"
            case .list(let elements): return "[" + elements.map(\.json).joined(separator: ", ") + "]"
            case .map(let entries):
                return "{"
                    + entries.map { Document.string($0.0).json(isKey: true) + ": " + $0.1.json }.joined(separator: ", ")
                    + "}"
            }
        }

        func yaml(indent: Int = 0) -> String {
            let pad = String(repeating: " ", count: indent)
            switch self {
            case .string(let text): return ConfigTemplate.yamlString(text)
            case .bool(let value): return value ? "true" : "false"
            case .list(let elements) where elements.isEmpty: return "[]"
            case .map(let entries) where entries.isEmpty: return "{}"
            case .list(let elements):
                // A mapping's first key goes on the dash's line, its others under it.
                return elements.map { "\n\(pad)- " + $0.yaml(indent: indent + 2).drop { $0 == "\n" || $0 == " " } }
                    .joined()
            case .map(let entries):
                return entries.map { key, value in
                    let text = value.yaml(indent: indent + 2)
                    return "\n\(pad)" + ConfigTemplate.yamlString(key) + ":"
                        + (text.hasPrefix("\n") ? text : " " + text)
                }.joined()
            }
        }
    }

    /// One object per hostile text, the text in its names, labels, descriptions, plural name, enum values, default,
    /// nested Document, file facet, variant and reference.
    static func objects() -> [Document] {
        hostile.enumerated().map { index, text in
            let name = "c_o\(index)" + text
            return .map([
                ("name", .string(name)),
                ("label", .string(text)),
                ("description", .string(text)),
                ("pluralName", .string("c_os\(index)" + text)),
                (
                    "properties",
                    .list([
                        .map([
                            ("name", .string("c_text" + text)), ("type", .string("String")),
                            ("label", .string(text)), ("description", .string(text)),
                            ("defaultValue", .string(text)),
                            (
                                "validators",
                                .list([
                                    .map([
                                        ("name", .string("string")),
                                        ("definition", .map([("min", .string(text)), ("max", .string("9"))])),
                                    ])
                                ])
                            ),
                        ]),
                        .map([
                            ("name", .string("c_kind")), ("type", .string("String")), ("label", .string(text)),
                            (
                                "validators",
                                .list([
                                    .map([
                                        ("name", .string("stringEnum")),
                                        (
                                            "definition",
                                            .map([("values", .list([.string(text), .string("v" + text)]))])
                                        ),
                                    ])
                                ])
                            ),
                        ]),
                        .map([
                            ("name", .string("c_doc")), ("type", .string("Document")), ("label", .string(text)),
                            ("description", .string(text)),
                            (
                                "properties",
                                .list([
                                    .map([
                                        ("name", .string("c_inner" + text)), ("type", .string("String")),
                                        ("label", .string(text)),
                                    ])
                                ])
                            ),
                        ]),
                        .map([
                            ("name", .string("c_file")), ("type", .string("File")),
                            (
                                "processors",
                                .list([
                                    .map([
                                        ("name", .string("content" + text)),
                                        ("mimes", .list([.string("image/png" + text)])),
                                    ])
                                ])
                            ),
                        ]),
                        .map([
                            ("name", .string("c_owner")), ("type", .string("Reference")),
                            ("sourceObject", .string(name)), ("expandable", .bool(true)),
                        ]),
                    ])
                ),
                (
                    "objectTypes",
                    .list([
                        .map([
                            ("name", .string("c_variant" + text)), ("label", .string(text)),
                            ("description", .string(text)),
                            (
                                "properties",
                                .list([
                                    .map([
                                        ("name", .string("c_extra" + text)), ("type", .string("Boolean")),
                                        ("label", .string(text)),
                                    ])
                                ])
                            ),
                        ])
                    ])
                ),
            ])
        }
    }

    /// Mia-Platform collections, one per hostile text, in the `fields` form: the text in the collection's name,
    /// path, description and default state, in field names, descriptions and enum values, and in a nested
    /// `RawObject` schema's property names, descriptions and defaults.
    static func miaCollections() -> [Document] {
        hostile.enumerated().map { index, text in
            .map([
                ("name", .string("col\(index)" + text)),
                ("endpointBasePath", .string("/col\(index)" + text)),
                ("description", .string(text)),
                ("defaultState", .string(text)),
                (
                    "fields",
                    .list([
                        .map([("name", .string("_id")), ("type", .string("ObjectId")), ("required", .bool(true))]),
                        .map([
                            ("name", .string("text" + text)), ("type", .string("string")),
                            ("description", .string(text)),
                        ]),
                        .map([
                            ("name", .string("kind")), ("type", .string("string")), ("description", .string(text)),
                            ("enum", .list([.string(text), .string("v" + text)])),
                        ]),
                        .map([
                            ("name", .string("tags")), ("type", .string("Array")),
                            ("items", .map([("type", .string("string")), ("enum", .list([.string(text)]))])),
                        ]),
                        .map([
                            ("name", .string("details")), ("type", .string("RawObject")),
                            ("description", .string(text)),
                            (
                                "schema",
                                .map([
                                    ("type", .string("object")),
                                    (
                                        "properties",
                                        .map([
                                            (
                                                "inner" + text,
                                                .map([
                                                    ("type", .string("string")), ("description", .string(text)),
                                                    ("default", .string(text)),
                                                ])
                                            )
                                        ])
                                    ),
                                ])
                            ),
                        ]),
                    ])
                ),
            ])
        }
    }

    /// Parse Server's `GET /schemas` answer, one class per hostile text: the text in class names, field names,
    /// pointer and relation targets, and string defaults.
    static func parseSchemas() -> Document {
        .map([
            (
                "results",
                .list(
                    hostile.enumerated().map { index, text in
                        let className = "Class\(index)" + text
                        return .map([
                            ("className", .string(className)),
                            (
                                "fields",
                                .map([
                                    (
                                        "text" + text,
                                        .map([("type", .string("String")), ("defaultValue", .string(text))])
                                    ),
                                    (
                                        "owner",
                                        .map([("type", .string("Pointer")), ("targetClass", .string(className))])
                                    ),
                                    (
                                        "fans",
                                        .map([("type", .string("Relation")), ("targetClass", .string(className))])
                                    ),
                                ])
                            ),
                        ])
                    }
                )
            )
        ])
    }

    /// A YAML mapping and an AppCoreKit `.mappings` file refining `c_base`, with hostile property names, key paths,
    /// defaults and user data.
    static func yamlMapping() -> String {
        let properties: [(String, Document)] = hostile.enumerated().map { index, text in
            (
                "m\(index)" + text,
                .map([("keyPath", .string("k" + text)), ("type", .string("String")), ("default", .string(text))])
            )
        }
        let mapping = Document.map([
            ("mappings", .map([("Base", .map([("object", .string("c_base")), ("properties", .map(properties))]))]))
        ])
        return mapping.yaml()
    }

    static func appCoreKitMapping() -> String {
        let properties: [(String, Document)] = hostile.enumerated().map { index, text in
            (
                "a\(index)" + text,
                .map([
                    ("@keyPath", .string("j" + text)), ("@type", .string("String")), ("@optional", .bool(true)),
                    ("@defaultValue", .string(text)),
                ])
            )
        }
        let context = Document.map(
            [("@class", .string("Other")), ("@source", .string("c_other"))] + properties
        )
        return "// AppCoreKit allows comments\n" + Document.map([("$Other", context)]).json
    }

    static let baseObjects = """
        objects:
          - { name: c_base, properties: [{ name: c_a, type: String }] }
          - { name: c_other, properties: [{ name: c_b, type: String }] }
        """

    /// The config of every module: the hostile comments in the header, and the schema named by `schemas`.
    static func config(schemas: [String], mappings: [String] = []) -> String {
        Document.map(
            [
                ("schemas", .list(schemas.map(Document.string))),
                ("mappings", .list(mappings.map(Document.string))),
                ("generate", .list([.string("models"), .string("queries"), .string("bodies")])),
                ("naming", .map([("stripPrefixes", .list([.string("c_")]))])),
                ("additionalFileComments", .list(hostile.map(Document.string))),
            ]
        ).yaml()
    }

    /// Every module's inputs: object definitions in each format, the mappings, and a schema whose file name breaks lines.
    static func modules() -> [String: [String: String]] {
        let objects = objects()
        let oddName = "objects\r\n#error(\"INJECTED\")\u{2028}x.yaml"
        return [
            "HostileYAML": [
                "objects.yaml": Document.map([("objects", .list(objects))]).yaml(),
                "model-generator.yaml": config(schemas: ["objects.yaml"]),
            ],
            "HostileJSON": [
                "objects.json": Document.map([("objects", .list(objects))]).json,
                "model-generator.yaml": config(schemas: ["objects.json"]),
            ],
            "HostileNDJSON": [
                "export.ndjson": objects.map { object -> String in
                    guard case .map(let entries) = object else { return "" }
                    return Document.map([("object", .string("object"))] + entries).json
                }.joined(separator: "\n"),
                "model-generator.yaml": config(schemas: ["export.ndjson"]),
            ],
            "HostileMia": [
                "collections.json": Document.list(miaCollections()).json,
                "model-generator.yaml": config(schemas: ["collections.json"]),
            ],
            "HostileParse": [
                "schemas.json": parseSchemas().json,
                "model-generator.yaml": config(schemas: ["schemas.json"]),
            ],
            "HostileMappings": [
                oddName: baseObjects,
                "m.yaml": yamlMapping(),
                "app.mappings": appCoreKitMapping(),
                "model-generator.yaml": config(schemas: [oddName], mappings: ["m.yaml", "app.mappings"]),
            ],
        ]
    }

    @Test func hostileTextComesOutAsCommentsAndLiteralsThatCompile() async throws {
        var generated: [String: [String: String]] = [:]
        for (module, files) in Self.modules() {
            let result = Pipeline.generate(configPath: "model-generator.yaml", files: .inMemory(files))
            guard !result.diagnostics.hasErrors else {
                Issue.record("\(module) was rejected:\n\(messages(result).prefix(20).joined(separator: "\n"))")
                continue
            }
            generated[module] = Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) })
        }
        try #require(generated.count == 6)
        for (module, files) in generated {
            for (path, contents) in files {
                // Only `\n` ends a line, and nothing invisible (other than a tab in a comment) is left raw for a reviewer to miss.
                let raw = contents.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && SwiftText.isInvisible($0) }
                #expect(raw.isEmpty, "\(module)/\(path) holds \(raw.map { SwiftText.describe($0) })")
                for line in contents.split(separator: "\n") {
                    let code = line.drop { $0 == " " }
                    #expect(
                        !code.hasPrefix("#error") && !code.hasPrefix("struct Injected"),
                        "\(module)/\(path): injected line \(line)"
                    )
                }
            }
        }
        let typeNames = Self.hostile.indices.map {
            SwiftNaming(stripPrefixes: ["c_"]).typeName("c_o\($0)" + Self.hostile[$0])
        }
        let yamlModel = try #require(generated["HostileYAML"]?["\(typeNames[0]).swift"])
        #expect(yamlModel.contains("/// x\n/// #error(\"INJECTED\")\n/// struct Injected {}\n"))
        #expect(yamlModel.contains("// x\n// #error(\"INJECTED\")\n// struct Injected {}\n"))
        let miaModel = try #require(generated["HostileMia"]?.first { $0.key.hasPrefix("Col0") }?.value)
        #expect(miaModel.contains("/// x\n/// #error(\"INJECTED\")\n/// struct Injected {}\n"))
        let parseObjects = try #require(generated["HostileParse"]?["SchemaObjects.swift"])
        #expect(parseObjects.contains(#"apiName = "Class0x\n#error(\"INJECTED\")\nstruct Injected {}\n// ""#))
        let mappingModel = try #require(generated["HostileMappings"]?["Base.swift"])
        #expect(
            mappingModel.hasPrefix(
                "// Generated by model-generator from objects\\u{d}\\u{a}#error(\"INJECTED\")\\u{2028}x.yaml. Do not edit.\n"
            )
        )

        // Decoding proves each literal holds the text exactly: every hostile enum value must decode as a listed case,
        // and every hostile key path must find its value.
        let checks = Self.hostile.indices.map { index in
            """
            check(HostileYAML.\(typeNames[index]).self, \(SwiftText.stringLiteral(Self.hostile[index])), index: \(index))
            """
        }
        let main = """
            import Foundation
            import HostileJSON
            import HostileMappings
            import HostileMia
            import HostileNDJSON
            import HostileParse
            import HostileYAML
            import ModelRuntime

            var failures: [String] = []
            @MainActor func check<Model: Decodable>(_ type: Model.Type, _ text: String, index: Int) {
                let payload: [String: Any] = [
                    "_id": "5f0000000000000000000001", "object": "c_o\\(index)" + text, "type": "c_variant" + text,
                    "c_kind": text, "c_text" + text: text,
                ]
                do {
                    let data = try JSONSerialization.data(withJSONObject: payload)
                    let decoded = try JSONDecoder().decode(Model.self, from: data)
                    let description = String(describing: decoded)
                    if description.contains("undocumented") { failures.append("\\(index): \\(description)") }
                } catch {
                    failures.append("\\(index): \\(error)")
                }
            }
            \(checks.joined(separator: "\n"))
            print(failures.isEmpty ? "all hostile values decoded" : failures.joined(separator: "\\n"))
            """
        let output = try await GeneratedPackage(name: "HostileText", modules: generated, main: main).buildAndRun()
        #expect(output.contains("all hostile values decoded"), "\(output)")
    }

    /// A property's name reaches an enum's doc comment as a code span, so Markdown in it (a link, backticks) is shown
    /// as text, not rendered in Quick Help and DocC. (It was wrapped in backticks of its own, which a backtick in the
    /// name ended; then in two, which DocC reads as a link to a symbol.)
    @Test func aPropertysNameInAnEnumsDocCommentIsACodeSpan() throws {
        let schema = """
            objects:
              - name: c_thing
                properties:
                  - name: "c_status` see [the guide](https://evil.example) `c_x"
                    type: String
                    validators: [{ name: stringEnum, definition: { values: [a, b] } }]
            """
        let result = generate(["objects.yaml": schema])
        let thing = try #require(file(result, "Thing.swift"), "\(messages(result))")
        #expect(
            thing.contains("/// The values of ```c_status` see [the guide](https://evil.example) `c_x```.\n"),
            "\(thing)"
        )
    }

    /// Where the text must be a name, each hostile text (and a path out of the output folder) is an error at the place
    /// it was written, and nothing is generated.
    @Test(arguments: hostile + ["../../outside/Pwned", "Foundation; import Evil", "a b"])
    func hostileTextWhereANameGoesIsALocatedError(text: String) {
        let quoted = ConfigTemplate.yamlString(text)
        let cases: [(config: String, mapping: String?, expected: String)] = [
            (
                "schemas: [objects.yaml]\nnaming: { overrides: { c_base: \(quoted) } }\n", nil,
                "model-generator.yaml:2:32: error: the override of 'c_base' is not a Swift name: "
            ),
            (
                "schemas: [objects.yaml]\nnaming: { overrides: { c_base.c_a: \(quoted) } }\n", nil,
                "model-generator.yaml:2:36: error: the override of 'c_base.c_a' is not a Swift name: "
            ),
            (
                "schemas: [objects.yaml]\nadditionalImports: [Foundation, \(quoted)]\n", nil,
                "model-generator.yaml:2:33: error: '\(text)' in 'additionalImports' is not a module name: "
            ),
            (
                "schemas: [objects.yaml]\nmappings: [m.yaml]\n",
                "mappings:\n  Base:\n    object: c_base\n    aliases: { c_a: \(quoted) }\n",
                "m.yaml:4:21: error: the alias of 'c_a' is not a Swift property name: "
            ),
            (
                "schemas: [objects.yaml]\nmappings: [m.yaml]\n",
                "mappings:\n  Base:\n    object: c_base\n    formatters: { c_a: \(quoted) }\n",
                "m.yaml:4:24: error: formatter '\(text)' is not a Swift type name: "
            ),
            (
                "schemas: [objects.yaml]\nmappings: [m.yaml]\n",
                "mappings:\n  Base:\n    object: c_base\n    properties: { p: { keyPath: \"@self\", formatter: \(quoted) } }\n",
                "m.yaml:4:53: error: formatter '\(text)' is not a Swift type name: "
            ),
            (
                "schemas: [objects.yaml]\nmappings: [m.yaml]\n",
                "mappings:\n  \(quoted):\n    object: c_base\n",
                "m.yaml:2:3: error: '\(text)' is not a Swift type name: "
            ),
            (
                "schemas: [objects.yaml]\nmappings: [m.yaml]\n",
                "mappings:\n  Base:\n    object: c_base\n    properties: { u: { object: { type: \(quoted), properties: { a: b } } } }\n",
                "m.yaml:4:40: error: '\(text)' is not a Swift type name: "
            ),
            (
                "schemas: [objects.yaml]\nmappings: [m.mappings]\n",
                #"{ "$Base": { "@class": "Base", "@source": "c_base", "u": { "@object": { "@class": \#(Document.string(text).json), "@mappings": { "a": "b" } } } } }"#,
                "m.mappings:1:83: error: '\(text)' is not a Swift type name: "
            ),
        ]
        for (config, mapping, expected) in cases {
            var files = ["objects.yaml": "objects:\n  - { name: c_base, properties: [{ name: c_a, type: String }] }\n"]
            files[config.contains("m.mappings") ? "m.mappings" : "m.yaml"] = mapping
            let result = generate(config: config, files)
            let errors = result.diagnostics.errors.map { "\($0.location): error: \($0.message)" }
            // A nested type without a sample has more to say about it (one or a list?); the name is reported first.
            #expect(errors.first?.hasPrefix(expected) == true, "\(errors) for \(expected)")
            #expect(result.files.isEmpty)
        }
    }
}
