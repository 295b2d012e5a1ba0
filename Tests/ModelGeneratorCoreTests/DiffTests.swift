import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// The `diff` report for each kind of change, and what it marks breaking.
@Suite struct DiffTests {
    static let config = "schemas: [objects.yaml]\nnaming:\n  stripPrefixes: [c_]\n"

    func report(
        _ old: String,
        _ new: String,
        oldConfig: String = config,
        newConfig: String = config
    ) throws -> SchemaDiff {
        let (before, oldDiagnostics) = Pipeline.resolve(
            path: "old/model-generator.yaml",
            files: .inMemory(["old/model-generator.yaml": oldConfig, "old/objects.yaml": old])
        )
        let (after, newDiagnostics) = Pipeline.resolve(
            path: "new/model-generator.yaml",
            files: .inMemory(["new/model-generator.yaml": newConfig, "new/objects.yaml": new])
        )
        #expect(!oldDiagnostics.hasErrors && !newDiagnostics.hasErrors)
        let config = try #require(ConfigLoader.load(newConfig, file: "c.yaml").config)
        return SchemaDiff(old: try #require(before), new: try #require(after), config: config)
    }

    static let base = """
        objects:
          - name: c_thing
            properties:
              - { name: c_name, type: String, validators: [{ name: required }] }
              - { name: c_count, type: Number, integer: true }
              - { name: c_kind, type: String, validators: [{ name: stringEnum, definition: { values: [a, b] } }] }
              - { name: c_note, type: String }
          - name: c_other
        """

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var base = DiffTests.base
        var edit: @Sendable (String) -> String
        var newConfig: String = DiffTests.config
        var expected: [String]
        var breaking: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "object added",
            edit: { $0 + "\n  - name: c_new\n" },
            expected: ["- object added as `New`"],
            breaking: false
        ),
        Case(
            name: "object removed",
            edit: { $0.replacingOccurrences(of: "\n  - name: c_other", with: "") },
            expected: ["- **Breaking**: object removed: code using `Other` no longer compiles"],
            breaking: true
        ),
        Case(
            name: "object renamed in Swift",
            edit: { $0 },
            newConfig: config + "  overrides: { c_other: Another }\n",
            expected: ["- **Breaking**: Swift type renamed from `Other` to `Another`"],
            breaking: true
        ),
        Case(
            name: "optional property added",
            edit: {
                $0.replacingOccurrences(
                    of: "      - { name: c_note, type: String }",
                    with: "      - { name: c_note, type: String }\n      - { name: c_extra, type: Boolean }"
                )
            },
            expected: ["- property `c_extra` added as `extra: Bool?`"],
            breaking: false
        ),
        Case(
            name: "required property added",
            edit: {
                $0.replacingOccurrences(
                    of: "      - { name: c_note, type: String }",
                    with:
                        "      - { name: c_note, type: String }\n      - { name: c_code, type: String, required: true }"
                )
            },
            expected: [
                "- **Breaking**: property `c_code` added as `code: String?`; `Create` takes a new parameter"
            ],
            breaking: true
        ),
        Case(
            name: "property removed",
            edit: { $0.replacingOccurrences(of: "      - { name: c_note, type: String }\n", with: "") },
            expected: ["- **Breaking**: property `c_note` removed: code using `note` no longer compiles"],
            breaking: true
        ),
        Case(
            name: "renamed on the server through an alias",
            edit: {
                $0.replacingOccurrences(of: "{ name: c_note, type: String }", with: "{ name: c_remark, type: String }")
            },
            newConfig: config + "  overrides: { c_thing.c_remark: note }\n",
            expected: ["- `c_note` renamed on the server to `c_remark`; the Swift name `note` is kept"],
            breaking: false
        ),
        Case(
            name: "renamed in Swift",
            edit: { $0 },
            newConfig: config + "  overrides: { c_thing.c_note: remark }\n",
            expected: ["- **Breaking**: `c_note` renamed in Swift from `note` to `remark`"],
            breaking: true
        ),
        Case(
            name: "type changed",
            edit: {
                $0.replacingOccurrences(
                    of: "{ name: c_count, type: Number, integer: true }",
                    with: "{ name: c_count, type: Number }"
                )
            },
            expected: ["- **Breaking**: `c_count` changed type from `Int?` to `Double?`"],
            breaking: true
        ),
        Case(
            name: "became optional",
            edit: {
                $0.replacingOccurrences(
                    of: "{ name: c_name, type: String, validators: [{ name: required }] }",
                    with: "{ name: c_name, type: String }"
                )
            },
            expected: [
                "- **Breaking**: `c_name` is no longer required on create: `Create`'s initializer no longer takes it"
            ],
            breaking: true
        ),
        Case(
            name: "got a default the server fills in",
            edit: {
                $0.replacingOccurrences(
                    of: "{ name: c_name, type: String, validators: [{ name: required }] }",
                    with: "{ name: c_name, type: String, defaultValue: unnamed, validators: [{ name: required }] }"
                )
            },
            expected: [
                "- **Breaking**: `c_name` is no longer required on create: `Create`'s initializer no longer takes it"
            ],
            breaking: true
        ),
        Case(
            name: "became required",
            edit: {
                $0.replacingOccurrences(
                    of: "{ name: c_note, type: String }",
                    with: "{ name: c_note, type: String, required: true }"
                )
            },
            expected: [
                "- **Breaking**: `c_note` became required on create: `Create`'s initializer takes a new parameter"
            ],
            breaking: true
        ),
        Case(
            name: "enum value added",
            edit: { $0.replacingOccurrences(of: "values: [a, b]", with: "values: [a, b, c]") },
            expected: ["- `c_kind` gained enum values `c`"],
            breaking: false
        ),
        Case(
            name: "enum value removed",
            edit: { $0.replacingOccurrences(of: "values: [a, b]", with: "values: [a]") },
            expected: ["- **Breaking**: `c_kind` lost enum values `b`: their cases no longer exist"],
            breaking: true
        ),
        Case(
            name: "became read-only",
            edit: {
                $0.replacingOccurrences(
                    of: "{ name: c_note, type: String }",
                    with: "{ name: c_note, type: String, writable: false }"
                )
            },
            expected: [
                "- **Breaking**: `c_note` became read-only: `Patch` no longer has it",
                "- **Breaking**: `c_note` can no longer be set when creating: `Create` no longer has it",
            ],
            breaking: true
        ),
        Case(
            name: "became creatable",
            edit: {
                $0.replacingOccurrences(
                    of: "{ name: c_note, type: String }",
                    with: "{ name: c_note, type: String, writable: false, creatable: true }"
                )
            },
            expected: ["- **Breaking**: `c_note` became read-only: `Patch` no longer has it"],
            breaking: true
        ),
    ]

    /// A typed object (Cortex `objectTypes`) whose types each define `c_value`, of a type of their own, as
    /// Medable's `c_step_response` does.
    static let typedBase = """
        objects:
          - name: c_answer
            properties:
              - { name: c_step, type: String }
            objectTypes:
              - name: c_boolean
                properties: [{ name: c_value, type: Boolean }]
              - name: c_text
                properties: [{ name: c_value, type: String }, { name: c_unit, type: String }]
              - name: c_task
                properties:
                  - name: c_value
                    type: Document
                    properties: [{ name: c_file, type: String }, { name: c_name, type: String }]
          - name: c_other
        """

    /// Each change at the place it is made: the properties every type shares, one type's own, a document in a type,
    /// or the types themselves.
    static let typedCases: [Case] = [
        Case(
            name: "unchanged typed object",
            base: typedBase,
            edit: { $0 },
            expected: [],
            breaking: false
        ),
        Case(
            name: "a type's property changed type",
            base: typedBase,
            edit: {
                $0.replacingOccurrences(of: "{ name: c_value, type: Boolean }", with: "{ name: c_value, type: Number }")
            },
            expected: ["- **Breaking**: type `c_boolean`: `c_value` changed type from `Bool?` to `Double?`"],
            breaking: true
        ),
        Case(
            name: "a type's property removed",
            base: typedBase,
            edit: { $0.replacingOccurrences(of: ", { name: c_unit, type: String }", with: "") },
            expected: [
                "- **Breaking**: type `c_text`: property `c_unit` removed: code using `unit` no longer compiles"
            ],
            breaking: true
        ),
        Case(
            name: "a property of a document in a type removed",
            base: typedBase,
            edit: { $0.replacingOccurrences(of: "{ name: c_file, type: String }, ", with: "") },
            expected: [
                "- **Breaking**: type `c_task`: property `c_value.c_file` removed: code using `value.file` no longer compiles"
            ],
            breaking: true
        ),
        Case(
            name: "a property of a document in a type changed type",
            base: typedBase,
            edit: {
                $0.replacingOccurrences(of: "{ name: c_name, type: String }", with: "{ name: c_name, type: Boolean }")
            },
            expected: ["- **Breaking**: type `c_task`: `c_value.c_name` changed type from `String?` to `Bool?`"],
            breaking: true
        ),
        Case(
            name: "type added",
            base: typedBase,
            edit: {
                $0.replacingOccurrences(
                    of: "  - name: c_other",
                    with: "      - { name: c_choice }\n  - name: c_other"
                )
            },
            expected: ["- type `c_choice` added as `Answer.Choice`"],
            breaking: false
        ),
        Case(
            name: "type removed",
            base: typedBase,
            edit: {
                $0.replacingOccurrences(
                    of: "      - name: c_boolean\n        properties: [{ name: c_value, type: Boolean }]\n",
                    with: ""
                )
            },
            expected: ["- **Breaking**: type `c_boolean` removed: code using `Answer.Boolean` no longer compiles"],
            breaking: true
        ),
        Case(
            name: "type renamed in Swift",
            base: typedBase,
            edit: { $0 },
            newConfig: config + "  overrides: { c_answer.c_boolean: Flag }\n",
            expected: ["- **Breaking**: type `c_boolean`: Swift type renamed from `Boolean` to `Flag`"],
            breaking: true
        ),
        Case(
            name: "property moved from a type to the shared ones",
            base: typedBase,
            edit: {
                $0.replacingOccurrences(of: ", { name: c_unit, type: String }", with: "")
                    .replacingOccurrences(
                        of: "{ name: c_step, type: String }",
                        with: "{ name: c_step, type: String }\n      - { name: c_unit, type: Number }"
                    )
            },
            expected: [
                "- **Breaking**: `c_unit` moved from type `c_text` to the properties every type shares: initializers "
                    + "take it in another place",
                "- **Breaking**: type `c_text`: `c_unit` changed type from `String?` to `Double?`",
            ],
            breaking: true
        ),
        Case(
            name: "property moved from the shared ones to a type",
            base: typedBase,
            edit: {
                $0.replacingOccurrences(of: "      - { name: c_step, type: String }\n", with: "")
                    .replacingOccurrences(
                        of: "{ name: c_value, type: Boolean }",
                        with: "{ name: c_value, type: Boolean }, { name: c_step, type: String }"
                    )
            },
            expected: [
                "- **Breaking**: `c_step` moved from the properties every type shares to type `c_boolean`: initializers "
                    + "take it in another place, and the other types no longer have it"
            ],
            breaking: true
        ),
        Case(
            name: "object gained types",
            edit: {
                $0.replacingOccurrences(
                    of: "  - name: c_other",
                    with:
                        "  - name: c_other\n    objectTypes: [{ name: c_a, properties: [{ name: c_b, type: String }] }]"
                )
            },
            expected: [
                "- **Breaking**: now has types: `Other` is an enum over its types, no longer a struct",
                "- type `c_a` added as `Other.A`",
            ],
            breaking: true
        ),
    ]

    @Test(arguments: cases + typedCases) func reportsTheChange(_ testCase: Case) throws {
        let diff = try report(testCase.base, testCase.edit(testCase.base), newConfig: testCase.newConfig)
        let lines = diff.markdown.split(separator: "\n").map(String.init).filter { $0.hasPrefix("- ") }
        #expect(lines == testCase.expected)
        #expect(diff.hasBreakingChanges == testCase.breaking)
    }

    @Test func theWholeReport() throws {
        let edited = Self.base
            .replacingOccurrences(of: "values: [a, b]", with: "values: [a, b, c]")
            .replacingOccurrences(of: "      - { name: c_note, type: String }\n", with: "")
        let diff = try report(Self.base, edited)
        #expect(
            diff.markdown == """
                ## Schema changes

                2 changes, 1 breaking.

                ### `c_thing` (`Thing`)

                - **Breaking**: property `c_note` removed: code using `note` no longer compiles
                - `c_kind` gained enum values `c`

                """
        )
        #expect(try report(Self.base, Self.base).markdown == "## Schema changes\n\nNo changes to the generated API.\n")
    }

    /// An org whose objects have types that each define a property of one name, with a type of its own
    /// (`c_step_response`'s 24 types each have a `c_value`): unchanged, it has no change; with one property of one
    /// type removed, that one.
    @Test func theRealOrgUnchangedHasNoChangeAndOneEditIsOneChange() throws {
        let folder = RealSchemaTests.directory.appendingPathComponent("cortex/env-objects")
        let stepResponse = folder.appendingPathComponent("c_step_response.json").path
        func resolved(_ files: InputFiles) throws -> ResolvedSchema {
            let (schema, diagnostics) = Pipeline.resolve(path: folder.path, files: files)
            #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
            return try #require(schema)
        }
        let config = GeneratorConfig(file: folder.path, output: Located("", at: .start(of: folder.path)))
        let org = try resolved(TestFiles.disk)
        let unchanged = SchemaDiff(old: org, new: org, config: config)
        #expect(unchanged.markdown == "## Schema changes\n\nNo changes to the generated API.\n")
        #expect(!unchanged.hasBreakingChanges)

        // c_boolean's `c_value`, the one property of that type.
        let text = try TestFiles.disk.read(stepResponse)
        var definition = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var types = try #require(definition["objectTypes"] as? [[String: Any]])
        let boolean = try #require(types.firstIndex { $0["name"] as? String == "c_boolean" })
        let properties = try #require(types[boolean]["properties"] as? [[String: Any]])
        types[boolean]["properties"] = properties.filter { $0["name"] as? String != "c_value" }
        definition["objectTypes"] = types
        let edited = String(decoding: try JSONSerialization.data(withJSONObject: definition), as: UTF8.self)
        let files = InputFiles(
            read: { $0 == stepResponse ? edited : try TestFiles.disk.read($0) },
            list: TestFiles.disk.list
        )
        let diff = SchemaDiff(old: org, new: try resolved(files), config: config)
        #expect(
            diff.changes.map(\.description)
                == ["type `c_boolean`: property `c_value` removed: code using `cValue` no longer compiles"]
        )
    }

    /// A mapping may read one key into two properties (here one value under two names; `@self` through two
    /// formatters is another): each is a property of its own, removed or added as any other.
    @Test func twoPropertiesThatReadOneKeyAreTwoProperties() throws {
        let config = "mappings: [app.yaml]\n"
        func resolved(_ mapping: String) throws -> ResolvedSchema {
            let files = ["model-generator.yaml": config, "app.yaml": mapping]
            let (schema, diagnostics) = Pipeline.resolve(path: "model-generator.yaml", files: .inMemory(files))
            #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
            return try #require(schema)
        }
        let one = "mappings:\n  Post:\n    properties:\n      title: { keyPath: text, type: String }\n"
        let both = one + "      summary: { keyPath: text, type: String }\n"
        let generatorConfig = try #require(ConfigLoader.load(config, file: "c.yaml").config)
        let removed = SchemaDiff(old: try resolved(both), new: try resolved(one), config: generatorConfig)
        #expect(
            removed.changes.map(\.description) == ["property `text` removed: code using `summary` no longer compiles"]
        )
        let added = SchemaDiff(old: try resolved(one), new: try resolved(both), config: generatorConfig)
        #expect(
            added.changes.map(\.description) == [
                "property `text` added as `summary: String`; the memberwise initializer takes a new parameter"
            ]
        )
    }

    /// Text that would reach past a code span if printed raw: a terminal escape sequence (clears the screen), line
    /// breaks of each kind, backticks (one closes a span, one with a combining mark after it is one Character but
    /// two things to Markdown), an HTML comment and tag (after a backtick, the comment would hide every entry after
    /// it), and a bidi override.
    static let hostileNames = [
        "\u{1B}[2J\u{1B}[1;1H", "a\r\nb", "c\rd", "e\nf", "x`y``z", "`", "`\u{301}", "<!--", "`<!--", "--> <details>",
        "\u{202E}rev", " spaced ",
    ]

    /// `objects.yaml` holding `text`, resolved with ``config``.
    static func resolved(_ text: String) -> ResolvedSchema? {
        Pipeline.resolve(
            path: "s/model-generator.yaml",
            files: .inMemory(["s/model-generator.yaml": Self.config, "s/objects.yaml": text])
        ).0
    }

    /// The hostile text in every name the report quotes: objects added and removed (headings and entries),
    /// properties added and removed, a property whose type changed, and enum values gained and lost.
    static func hostileSchemas(_ text: String) -> (old: String, new: String) {
        func name(_ prefix: String) -> String { ConfigTemplate.yamlString(prefix + text) }
        func kind(_ values: [String]) -> String {
            "{ name: \(name("c_kind")), type: String, validators: [{ name: stringEnum, definition: { values: ["
                + values.map(name).joined(separator: ", ") + "] } }] }"
        }
        let old = """
            objects:
              - name: \(name("c_gone"))
              - name: \(name("c_keep"))
                properties:
                  - { name: \(name("c_drop")), type: String }
                  - { name: \(name("c_count")), type: Number, integer: true }
                  - \(kind(["c_lost", "c_kept"]))
            """
        let new = """
            objects:
              - name: \(name("c_keep"))
                properties:
                  - { name: \(name("c_count")), type: Number }
                  - \(kind(["c_kept", "c_new"]))
                  - { name: \(name("c_added")), type: String, required: true }
              - name: \(name("c_new"))
            """
        return (old, new)
    }

    /// A line of Markdown as CommonMark reads its code spans (scalar by scalar, as Markdown sees backticks): the text
    /// outside them, and each one's content. Nil when a backtick run has no closing run of the same length, so it
    /// would stand as literal backticks, or pair with one on a later line.
    static func codeSpans(_ line: String) -> (outside: String, spans: [String])? {
        let scalars = Array(line.unicodeScalars)
        func run(at start: Int) -> Int { scalars[start...].prefix { $0 == "`" }.count }
        var outside = String.UnicodeScalarView()
        var spans: [String] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "`" else {
                outside.append(scalars[index])
                index += 1
                continue
            }
            let fence = run(at: index)
            var close = index + fence
            while close < scalars.count, scalars[close] != "`" || run(at: close) != fence {
                close += scalars[close] == "`" ? run(at: close) : 1
            }
            guard close < scalars.count else { return nil }
            var content = String(String.UnicodeScalarView(scalars[(index + fence)..<close]))
            if content.hasPrefix(" "), content.hasSuffix(" "), content.contains(where: { $0 != " " }) {
                content = String(content.dropFirst().dropLast())
            }
            spans.append(content)
            index = close + fence
        }
        return (String(outside), spans)
    }

    @Test(arguments: hostileNames) func schemaTextCantEscapeItsCodeSpanOrReachTheTerminal(_ text: String) throws {
        let (old, new) = Self.hostileSchemas(text)
        let diff = try report(old, new)
        let markdown = diff.markdown
        // The terminal: no escape sequences, bidi controls or line breaks of the schema's.
        let raw = markdown.unicodeScalars.filter {
            $0 != "\n" && (SwiftText.isInvisible($0) || SwiftText.isLineBreak($0))
        }
        #expect(raw.isEmpty, "raw \(raw.map { "U+" + String($0.value, radix: 16) }) in \(markdown.debugDescription)")
        // One line per change, and no line that schema text started.
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.filter { $0.hasPrefix("- ") }.count == diff.changes.count)
        for line in lines {
            #expect(
                line.isEmpty || line.hasPrefix("## ") || line.hasPrefix("### ") || line.hasPrefix("- ")
                    || line == "\(diff.changes.count) changes, \(diff.changes.filter(\.isBreaking).count) breaking.",
                "a line of its own: \(line.debugDescription)"
            )
        }
        // Markdown: every backtick belongs to a closed span, no markup outside one, every **Breaking** shown.
        var outside = ""
        var spans: Set<String> = []
        for line in lines {
            let parts = try #require(Self.codeSpans(line), "a backtick left open: \(line.debugDescription)")
            outside += parts.outside + "\n"
            spans.formUnion(parts.spans)
        }
        #expect(!outside.contains("<") && !outside.contains(">"), "\(outside)")
        #expect(outside.components(separatedBy: "**Breaking**").count - 1 == diff.changes.filter(\.isBreaking).count)
        // Each name reads in its span as the diagnostics would show it.
        let visible = SwiftText.commentText(text)
        for name in ["c_gone", "c_keep", "c_new", "c_drop", "c_count", "c_added", "c_lost"] {
            #expect(spans.contains(name + visible), "\(name): \(spans)")
        }
        #expect(diff.changes.count == 7, "\(markdown)")
    }

    /// A schema file that can't be read is reported at its own path, not in the config `diff` makes up for it.
    @Test func aSchemaFileThatCantBeReadIsReportedAtItsPath() {
        let (schema, diagnostics) = Pipeline.resolve(path: "old/objects.yaml", files: .inMemory([:]))
        #expect(schema == nil)
        #expect(
            diagnostics.sorted.map { "\($0.location): \($0.message)" }
                == ["old/objects.yaml:1:1: cannot read schema file 'old/objects.yaml': no such file"]
        )
    }

    @Test func aBareSchemaFileIsReadWithTheDefaultConfig() {
        let (schema, diagnostics) = Pipeline.resolve(
            path: "dir/objects.yaml",
            files: .inMemory(["dir/objects.yaml": Self.base])
        )
        #expect(!diagnostics.hasErrors)
        #expect(schema?.objects.map(\.swiftName) == ["CThing", "COther"])
    }

    /// Adding one property to one object of a 50-object schema changes only that object's files.
    @Test func oneEditChangesOnlyItsObjectsFiles() {
        func schema(extra: Bool) -> String {
            var text = "objects:\n"
            for index in 0..<50 {
                text += "  - name: c_object\(index)\n    properties:\n"
                text += "      - { name: _id, type: ObjectId, required: true }\n"
                text += "      - { name: c_name, type: String }\n"
                text += "      - { name: c_next, type: Reference, sourceObject: c_object\((index + 1) % 50) }\n"
                if extra && index == 17 { text += "      - { name: c_added, type: Number }\n" }
            }
            return text
        }
        let config = "schemas: [objects.yaml]\ngenerate: [models, queries, bodies]\nnaming: { stripPrefixes: [c_] }\n"
        let before = generate(config: config, ["objects.yaml": schema(extra: false)])
        let after = generate(config: config, ["objects.yaml": schema(extra: true)])
        let old = Dictionary(uniqueKeysWithValues: before.files.map { ($0.path, $0.contents) })
        let changed = after.files.filter { old[$0.path] != $0.contents }.map(\.path)
        #expect(changed == ["Object17.swift"])
        #expect(after.files.count == before.files.count)
    }

    /// Properties that move between a typed object's types and the properties they share are each found in every
    /// type by key path, in one pass over each type: looking each one up in each type's list took over a minute for
    /// 16,000 properties that ten types held (9 s with the passes, most of it resolving the two schemas).
    @Test func movesAcrossManyTypesAreReportedInLinearTime() async throws {
        let (count, typeCount) = (16_000, 10)
        let properties = (0..<count).map { "{ name: c_p\($0), type: String }" }.joined(separator: ", ")
        let types = (0..<typeCount).map { "      - { name: c_t\($0), properties: [\(properties)] }" }
        let old = "objects:\n  - name: c_answer\n    objectTypes:\n" + types.joined(separator: "\n") + "\n"
        let new =
            "objects:\n  - name: c_answer\n    properties: [\(properties)]\n    objectTypes:\n"
            + (0..<typeCount).map { "      - { name: c_t\($0) }" }.joined(separator: "\n") + "\n"
        let (before, after) = (try #require(Self.resolved(old)), try #require(Self.resolved(new)))
        let config = try #require(ConfigLoader.load(Self.config, file: "c.yaml").config)
        let diff = await finishing(within: ParserBoundsTests.deadline, "the moves of \(count) properties") {
            SchemaDiff(old: before, new: after, config: config)
        }
        let lines = try #require(diff).markdown.split(separator: "\n").filter { $0.contains("moved from") }
        #expect(lines.count == count)
        #expect(lines.first?.contains("to the properties every type shares") == true)
    }

    /// The report groups each object's changes under its heading in one pass: searching the changes for each
    /// object was quadratic, and a schema whose every object is new (the first `diff` after a big import) took
    /// minutes to write.
    @Test func aReportOfManyObjectsIsWrittenInLinearTime() async throws {
        let count = 40_000
        let old = "objects:\n  - name: c_first\n"
        let new = "objects:\n" + (0..<count).map { "  - name: c_o\($0)\n" }.joined()
        let (before, after) = (try #require(Self.resolved(old)), try #require(Self.resolved(new)))
        let config = try #require(ConfigLoader.load(Self.config, file: "c.yaml").config)
        let markdown = await finishing(within: ParserBoundsTests.deadline, "the report of \(count) objects") {
            SchemaDiff(old: before, new: after, config: config).markdown
        }
        let headings = try #require(markdown).split(separator: "\n").filter { $0.hasPrefix("### ") }
        #expect(headings.count == count + 1)
        #expect(headings.first == "### `c_first` (`First`)")
    }

    /// Enum values gained and lost are each looked up in a set of the other side's: an enum of 45,000 values, each
    /// of them replaced, searched the other list for every value.
    @Test func enumValuesAreComparedInLinearTime() async throws {
        let count = 45_000
        let schema = { (prefix: String) in
            "objects:\n  - name: c_thing\n    properties:\n      - { name: c_kind, type: String, validators: "
                + "[{ name: stringEnum, definition: { values: ["
                + (0..<count).map { "\(prefix)\($0)" }.joined(separator: ", ") + "] } }] }\n"
        }
        let (before, after) = (try #require(Self.resolved(schema("a"))), try #require(Self.resolved(schema("b"))))
        let config = try #require(ConfigLoader.load(Self.config, file: "c.yaml").config)
        let diff = await finishing(within: ParserBoundsTests.deadline, "the values of an enum of \(count)") {
            SchemaDiff(old: before, new: after, config: config)
        }
        let lines = try #require(diff).markdown.split(separator: "\n").filter { $0.hasPrefix("- ") }
        #expect(lines.contains { $0.hasPrefix("- `c_kind` gained enum values `b0`, `b1`") })
        #expect(lines.contains { $0.hasPrefix("- **Breaking**: `c_kind` lost enum values `a0`, `a1`") })
    }
}
