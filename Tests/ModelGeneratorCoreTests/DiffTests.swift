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

    @Test(arguments: cases) func reportsTheChange(_ testCase: Case) throws {
        let diff = try report(Self.base, testCase.edit(Self.base), newConfig: testCase.newConfig)
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
}
