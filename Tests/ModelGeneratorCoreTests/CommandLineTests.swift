import BlockingTestSupport
import Foundation
import Testing

/// Runs the built `model-generator` executable on copies of the golden inputs in temporary folders.
/// On threads of its own, not Swift concurrency's few pool threads: the command line.
@Suite(.serialized, .onOwnThread) struct CommandLineTests {
    typealias Run = ProgramRun

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable `swift build`/`swift test` put next to the test bundle.
    static var executable: URL {
        get throws {
            let candidates = [
                Bundle.main.executableURL?.deletingLastPathComponent(),
                Bundle.main.bundleURL.deletingLastPathComponent(),
                packageRoot.appendingPathComponent(".build/debug"),
            ].compactMap { $0?.appendingPathComponent("model-generator") }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw CocoaError(
                    .fileNoSuchFile,
                    userInfo: [NSFilePathErrorKey: candidates.map(\.path).joined(separator: ", ")]
                )
            }
            return found
        }
    }

    /// Runs the executable on a thread of its own, so a test waiting for it holds none of Swift concurrency's few
    /// pool threads (other tests' timers need them).
    func run(_ arguments: [String], in directory: URL, executable: URL? = nil) async throws -> Run {
        try await onOwnThread { try runBlocking(arguments, in: directory, executable: executable) }
    }

    /// `environment`, when given, is all the process sees of the environment; a run past `timeLimit` is killed.
    /// Blocks: only on a thread of `onOwnThread`.
    func runBlocking(
        _ arguments: [String],
        in directory: URL,
        executable: URL? = nil,
        environment: [String: String]? = nil,
        timeLimit: Duration? = nil
    ) throws -> Run {
        try runProgram(
            try executable ?? Self.executable,
            arguments,
            in: directory,
            environment: environment,
            timeLimit: timeLimit
        )
    }

    /// A fresh copy of a golden case's inputs (without its expected output).
    func workspace(_ goldenCase: String = "Medable") throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "model-generator-\(UUID().uuidString)"
        )
        let source = Self.packageRoot.appendingPathComponent("Tests/Goldens/\(goldenCase)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name != "Expected" {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name),
                to: directory.appendingPathComponent(name)
            )
        }
        return directory
    }

    func snapshot(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
            files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return files
    }

    @Test func writesOnceThenReportsNothingToDo() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await run(["generate", "--config", "model-generator.yaml"], in: directory)
        #expect(first.status == 0, "\(first.errors)")
        #expect(
            first.output
                == """
                wrote Expected/Object.swift
                wrote Expected/Office.swift
                wrote Expected/SchemaObjects.swift
                wrote Expected/.model-generator-manifest
                3 files written, 0 files up to date in Expected

                """
        )
        let expected = try snapshot(Self.packageRoot.appendingPathComponent("Tests/Goldens/Medable/Expected"))
        var written = try snapshot(directory.appendingPathComponent("Expected"))
        #expect(written.removeValue(forKey: ".model-generator-manifest") != nil)
        #expect(written == expected)

        let object = directory.appendingPathComponent("Expected/Object.swift")
        let modified = try FileManager.default.attributesOfItem(atPath: object.path)[.modificationDate] as? Date
        try await Task.sleep(for: .milliseconds(20))
        let second = try await run(["generate", "--config", "model-generator.yaml"], in: directory)
        #expect(second.status == 0)
        #expect(second.output == "no changes, 3 files up to date in Expected\n")
        #expect(try FileManager.default.attributesOfItem(atPath: object.path)[.modificationDate] as? Date == modified)
    }

    /// Older versions wrote an object's query builder and bodies to files of their own; a run replaces the files
    /// its manifest records with the one file per object, and leaves files it has no record of alone, even when
    /// they carry the generated header.
    @Test func deletesTheSeparateQueryAndBodyFilesOfEarlierVersions() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let expected = directory.appendingPathComponent("Expected")
        #expect(try await run(["generate", "--config", "model-generator.yaml"], in: directory).status == 0)
        let manifest = expected.appendingPathComponent(".model-generator-manifest")
        try (try String(contentsOf: manifest, encoding: .utf8) + "- Office+Body.swift\n- Office+Query.swift\n")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let header = "// Generated by model-generator from schema/objects.yaml. Do not edit.\n\nimport ModelRuntime\n"
        for name in ["Office+Query.swift", "Office+Body.swift", "Office+Unrecorded.swift"] {
            try header.write(to: expected.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try "// Written by hand.\n".write(
            to: expected.appendingPathComponent("Office+Helpers.swift"),
            atomically: true,
            encoding: .utf8
        )

        let check = try await run(["generate", "--config", "model-generator.yaml", "--check"], in: directory)
        #expect(check.status == 1)
        #expect(check.output.contains("extra: Expected/Office+Query.swift"))
        #expect(check.output.contains("extra: Expected/Office+Body.swift"))
        #expect(!check.output.contains("Office+Unrecorded.swift"))

        let result = try await run(["generate", "--config", "model-generator.yaml"], in: directory)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("deleted Expected/Office+Query.swift"))
        #expect(result.output.contains("deleted Expected/Office+Body.swift"))
        let names = try FileManager.default.contentsOfDirectory(atPath: expected.path).sorted()
        #expect(
            names == [
                ".model-generator-manifest", "Object.swift", "Office+Helpers.swift", "Office+Unrecorded.swift",
                "Office.swift", "SchemaObjects.swift",
            ]
        )
        #expect(
            try String(contentsOf: expected.appendingPathComponent("Office+Unrecorded.swift"), encoding: .utf8)
                == header
        )
    }

    @Test func twoRunsInTwoProcessesGiveIdenticalBytes() async throws {
        for goldenCase in ["CortexExport", "Naming"] {
            let one = try workspace(goldenCase)
            let two = try workspace(goldenCase)
            defer {
                try? FileManager.default.removeItem(at: one)
                try? FileManager.default.removeItem(at: two)
            }
            #expect(try await run(["generate", "--config", "model-generator.yaml"], in: one).status == 0)
            #expect(try await run(["generate", "--config", "model-generator.yaml"], in: two).status == 0)
            let first = try snapshot(one.appendingPathComponent("Expected"))
            #expect(!first.isEmpty)
            #expect(first == (try snapshot(two.appendingPathComponent("Expected"))))
        }
    }

    /// A config that names its schemas and mappings by absolute paths generates what it does with relative ones:
    /// the headers name each input from the config's folder, so that the committed output holds no machine's
    /// folders and `--check` passes wherever the repository is checked out.
    @Test(arguments: [("Medable", "schemas: [schema/"), ("Blog", "mappings: [schema/")])
    func absoluteInputPathsGenerateTheSameFiles(goldenCase: String, entry: String) async throws {
        let directory = try workspace(goldenCase)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("model-generator.yaml")
        let text = try String(contentsOf: config, encoding: .utf8)
        #expect(text.contains(entry))
        let absolute = entry.replacingOccurrences(of: "[", with: "[\(directory.path)/")
        try text.replacingOccurrences(of: entry, with: absolute).write(to: config, atomically: true, encoding: .utf8)
        // From another working directory, with the config given relative to it.
        let elsewhere = directory.deletingLastPathComponent()
        let configPath = "\(directory.lastPathComponent)/model-generator.yaml"
        let run = try await run(["generate", "--config", configPath], in: elsewhere)
        #expect(run.status == 0, "\(run.errors)")
        let expected = Self.packageRoot.appendingPathComponent("Tests/Goldens/\(goldenCase)/Expected")
        var generated = try snapshot(directory.appendingPathComponent("Expected"))
        // The manifest names the config relative to the folder, as always; the goldens don't keep it.
        let manifest = generated.removeValue(forKey: ".model-generator-manifest") ?? Data()
        #expect(String(decoding: manifest, as: UTF8.self).contains("\nconfig: ../model-generator.yaml\n"))
        #expect(!generated.isEmpty)
        #expect(generated == (try snapshot(expected)), "\(run.output)")
    }

    /// The config reached through a symbolic link to its folder (macOS's `/tmp` is `/private/tmp`; a CI workspace
    /// may be a link), naming its schema by the folder's real path: the header still names the schema from the
    /// config's folder, not by a climb out of the link.
    @Test func anAbsoluteSchemaPathThroughALinkedFolderGeneratesTheSameFiles() async throws {
        let directory = try workspace()
        let link = directory.deletingLastPathComponent().appendingPathComponent("link-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: link)
        }
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: directory)
        let config = directory.appendingPathComponent("model-generator.yaml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.replacingOccurrences(of: "schemas: [schema/", with: "schemas: [\(directory.path)/schema/")
            .write(to: config, atomically: true, encoding: .utf8)
        let run = try await run(
            ["generate", "--config", link.appendingPathComponent("model-generator.yaml").path],
            in: directory.deletingLastPathComponent()
        )
        #expect(run.status == 0, "\(run.errors)")
        var generated = try snapshot(directory.appendingPathComponent("Expected"))
        generated[".model-generator-manifest"] = nil
        let expected = Self.packageRoot.appendingPathComponent("Tests/Goldens/Medable/Expected")
        #expect(generated == (try snapshot(expected)), "\(run.output)")
    }

    @Test func checkPassesWhenCurrentAndFailsAfterASchemaEditWithoutWriting() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await run(["generate", "--config", "model-generator.yaml"], in: directory).status == 0)
        let current = try await run(["generate", "--config", "model-generator.yaml", "--check"], in: directory)
        #expect(current.status == 0)
        #expect(current.output == "no changes, 3 files up to date in Expected\n")

        let schema = directory.appendingPathComponent("schema/objects.yaml")
        var text = try String(contentsOf: schema, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "{ name: c_number, type: Number }",
            with: "{ name: c_total, type: Number }"
        )
        text = text.replacingOccurrences(of: "  - name: c_office\n", with: "  - name: c_branch\n")
        try text.write(to: schema, atomically: true, encoding: .utf8)
        let before = try snapshot(directory.appendingPathComponent("Expected"))
        let stale = try await run(["generate", "--config", "model-generator.yaml", "--check"], in: directory)
        #expect(stale.status == 1)
        #expect(stale.output.contains("stale: Expected/Object.swift"))
        #expect(stale.output.contains("stale: Expected/SchemaObjects.swift"))
        #expect(stale.output.contains("missing: Expected/Branch.swift"))
        #expect(stale.output.contains("extra: Expected/Office.swift"))
        #expect(
            stale.output.hasSuffix(
                "3 files out of date, 1 file to delete, the manifest out of date, 0 files up to date in Expected\n"
            )
        )
        #expect(stale.errors.contains("out of date"))
        #expect(try snapshot(directory.appendingPathComponent("Expected")) == before)

        let dryRun = try await run(["generate", "--config", "model-generator.yaml", "--dry-run"], in: directory)
        #expect(dryRun.status == 0)
        #expect(dryRun.output == stale.output)
        #expect(try snapshot(directory.appendingPathComponent("Expected")) == before)

        let regenerate = try await run(["generate", "--config", "model-generator.yaml"], in: directory)
        #expect(regenerate.output.contains("deleted Expected/Office.swift"))
        #expect(regenerate.output.contains("wrote Expected/Branch.swift"))
        #expect(try await run(["generate", "--config", "model-generator.yaml", "--check"], in: directory).status == 0)
    }

    @Test func anErrorLeavesTheOutputFolderAsItWas() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await run(["generate", "--config", "model-generator.yaml"], in: directory).status == 0)
        let before = try snapshot(directory.appendingPathComponent("Expected"))
        let schema = directory.appendingPathComponent("schema/objects.yaml")
        let text = try String(contentsOf: schema, encoding: .utf8)
            .replacingOccurrences(of: "{ name: c_number, type: Number }", with: "{ name: c_number, type: Numbr }")
            .replacingOccurrences(of: "  - name: c_office\n", with: "  - name: c_branch\n")
        try text.write(to: schema, atomically: true, encoding: .utf8)
        let failed = try await run(["generate", "--config", "model-generator.yaml"], in: directory)
        #expect(failed.status == 1)
        #expect(failed.output == "")
        #expect(failed.errors.contains("schema/objects.yaml:10:33: error: unknown type 'Numbr' of property 'c_number'"))
        // The note is a line of its own, as every line the command line prints goes through one escaping layer.
        #expect(failed.errors.contains("'c_number'\nschema/objects.yaml:10:33: note: did you mean 'Number'?\n"))
        #expect(try snapshot(directory.appendingPathComponent("Expected")) == before)
    }

    /// A `.json` schema with a trailing comma, which the YAML parser read without a word and no backend's tools
    /// read, fails the run at the comma, and the output folder is as it was.
    @Test func aTrailingCommaInAJSONSchemaLeavesTheOutputFolderAsItWas() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await run(["generate", "--config", "model-generator.yaml"], in: directory).status == 0)
        let before = try snapshot(directory.appendingPathComponent("Expected"))
        let config = directory.appendingPathComponent("model-generator.yaml")
        try String(contentsOf: config, encoding: .utf8)
            .replacingOccurrences(
                of: "schemas: [schema/objects.yaml]",
                with: "schemas: [schema/objects.yaml, schema/note.json]"
            )
            .write(to: config, atomically: true, encoding: .utf8)
        let note = """
            {
              "object": "object", "name": "c_note", "label": "Note", "pluralName": "c_notes",
              "properties": [
                {"name": "c_text", "label": "Text", "type": "String"},
              ]
            }

            """
        try note.write(to: directory.appendingPathComponent("schema/note.json"), atomically: true, encoding: .utf8)
        let failed = try await run(["generate", "--config", "model-generator.yaml"], in: directory)
        #expect(failed.status == 1)
        #expect(failed.output == "")
        #expect(failed.errors.contains("schema/note.json:4:58: error: malformed JSON: JSON allows no trailing comma"))
        #expect(failed.errors.contains("note: remove the comma after the last element"))
        #expect(try snapshot(directory.appendingPathComponent("Expected")) == before)
    }

    @Test func neverTouchesFilesItDidNotGenerate() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Expected")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try "// Hand-written.\nextension String {}\n".write(
            to: output.appendingPathComponent("Helpers.swift"),
            atomically: true,
            encoding: .utf8
        )
        try "// Generated by model-generator from old.yaml. Do not edit.\n".write(
            to: output.appendingPathComponent("Stale.swift"),
            atomically: true,
            encoding: .utf8
        )
        // The header alone doesn't make a file the generator's: the manifest must list it.
        let result = try await run(["generate", "--config", "model-generator.yaml"], in: directory)
        #expect(result.status == 0)
        #expect(!result.output.contains("Stale.swift"))
        #expect(
            try String(contentsOf: output.appendingPathComponent("Stale.swift"), encoding: .utf8)
                == "// Generated by model-generator from old.yaml. Do not edit.\n"
        )
        #expect(
            try String(contentsOf: output.appendingPathComponent("Helpers.swift"), encoding: .utf8)
                == "// Hand-written.\nextension String {}\n"
        )

        // A generated file edited by hand (its header gone) is an error, and nothing is written.
        try "struct Mine {}\n".write(
            to: output.appendingPathComponent("Office.swift"),
            atomically: true,
            encoding: .utf8
        )
        try FileManager.default.removeItem(at: output.appendingPathComponent("Object.swift"))
        let before = try snapshot(output)
        let conflict = try await run(["generate", "--config", "model-generator.yaml"], in: directory)
        #expect(conflict.status == 1)
        #expect(conflict.errors.contains("Expected/Office.swift was generated here"), "\(conflict.errors)")
        #expect(try snapshot(output) == before)
    }

    @Test func aCopiedBinaryStillHasItsTemplates() async throws {
        let directory = try workspace()
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("bin-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let copy = elsewhere.appendingPathComponent("model-generator")
        try FileManager.default.copyItem(at: try Self.executable, to: copy)
        let result = try await run(["generate", "--config", "model-generator.yaml"], in: directory, executable: copy)
        #expect(result.status == 0, "\(result.errors)")
        let expected = try snapshot(Self.packageRoot.appendingPathComponent("Tests/Goldens/Medable/Expected"))
        var written = try snapshot(directory.appendingPathComponent("Expected"))
        written.removeValue(forKey: ".model-generator-manifest")
        #expect(written == expected)
    }

    @Test func helpExplainsEveryOption() async throws {
        let help = try await run(["generate", "--help"], in: Self.packageRoot)
        #expect(help.status == 0)
        for option in ["--config", "--check", "--dry-run"] {
            #expect(help.output.contains(option))
        }
        #expect(help.output.contains("exit 1"))
    }

    @Test func aMissingConfigIsAClearError() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await run(["generate", "--config", "nope.yaml"], in: directory)
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("nope.yaml:1:1: error: cannot read the config"))
    }

    @Test func diffReportsAndFailsOnBreakingChangesOnlyWhenAsked() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("schema/objects.yaml")
        let edited = directory.appendingPathComponent("schema/edited.yaml")
        let text = try String(contentsOf: schema, encoding: .utf8)
        try text.replacingOccurrences(of: "values: [new, done]", with: "values: [new, done, archived]")
            .write(to: edited, atomically: true, encoding: .utf8)
        let compatible = try await run(
            ["diff", "schema/objects.yaml", "schema/edited.yaml", "--fail-on-breaking"],
            in: directory
        )
        #expect(compatible.status == 0)
        #expect(compatible.output.contains("- `c_status` gained enum values `archived`"))

        try text.replacingOccurrences(of: "      - { name: c_count, type: Number, integer: true }\n", with: "")
            .write(to: edited, atomically: true, encoding: .utf8)
        let breaking = try await run(
            ["diff", "schema/objects.yaml", "schema/edited.yaml", "--fail-on-breaking"],
            in: directory
        )
        #expect(breaking.status == 1)
        #expect(breaking.output.contains("**Breaking**: property `c_count` removed"))
        let reportOnly = try await run(["diff", "schema/objects.yaml", "schema/edited.yaml"], in: directory)
        #expect(reportOnly.status == 0)
    }

    /// The real org against itself: its typed objects' types each define a `c_value` of their own, which must not
    /// read as changes, nor fail a CI job.
    @Test func diffOfAnUnchangedOrgWithTypedObjectsPassesWithFailOnBreaking() async throws {
        let org = "Tests/RealSchemas/cortex/env-objects"
        let result = try await run(["diff", org, org, "--fail-on-breaking"], in: Self.packageRoot)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "## Schema changes\n\nNo changes to the generated API.\n")
    }

    /// A Parse schema's change is reported in the Swift types generated for Parse (`ParseFile`), not Cortex's.
    @Test func diffSpellsTheTypesOfTheSchemasBackend() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = #"{"className": "Photo", "fields": {"title": {"type": "String"}}}"#
        let after = #"{"className": "Photo", "fields": {"title": {"type": "String"}, "image": {"type": "File"}}}"#
        try Data(before.utf8).write(to: directory.appendingPathComponent("old.json"))
        try Data(after.utf8).write(to: directory.appendingPathComponent("new.json"))
        let result = try await run(["diff", "old.json", "new.json"], in: directory)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("property `image` added as `image: ParseFile?`"), "\(result.output)")
    }

    /// Started by `swift run` in a package, the generator's next command is `swift run model-generator` again, which
    /// works from any folder of that package, rather than the path of the build folder's executable.
    @Test func initInThePackageThatBuiltTheGeneratorSaysSwiftRun() async throws {
        let directory = Self.packageRoot.appendingPathComponent(".build/init-next-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await run(["init"], in: directory)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("\nnext: swift run model-generator generate --config model-generator.yaml\n"))

        // A package of its own inside it is the one `swift run` would build there, which has no generator.
        let nested = directory.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: nested.appendingPathComponent("Package.swift"))
        let inNested = try await run(["init"], in: nested)
        #expect(inNested.output.contains("\nnext: \(try Self.executable.path) generate"), "\(inNested.output)")
    }

    @Test func initWritesAConfigOnceAndSaysWhatToRunNext() async throws {
        let directory = try workspace("CortexExport")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.removeItem(at: directory.appendingPathComponent("model-generator.yaml"))
        let first = try await run(["init", "--from-cortex", "schema/export.ndjson"], in: directory)
        #expect(first.status == 0, "\(first.errors)")
        // The executable as it was started, so the command works from here without installing anything.
        #expect(
            first.output
                == "wrote model-generator.yaml\nnext: \(try Self.executable.path) generate --config model-generator.yaml\n"
        )
        let written = try String(contentsOf: directory.appendingPathComponent("model-generator.yaml"), encoding: .utf8)
        #expect(written.contains("schemas: [\"schema/export.ndjson\"]"))
        let second = try await run(["init"], in: directory)
        #expect(second.status == 1)
        #expect(second.errors.contains("model-generator.yaml exists; init does not overwrite it"))
        #expect(
            try String(contentsOf: directory.appendingPathComponent("model-generator.yaml"), encoding: .utf8) == written
        )
        #expect(try await run(["generate", "--config", "model-generator.yaml"], in: directory).status == 0)
    }
}
