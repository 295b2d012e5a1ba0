import Foundation
import ModelGeneratorCore
import Testing

/// The command line's options for everyday use: `--version`, a `.yml` config found without `--check`'s help,
/// `--strict`, and `--check` on a schema that has errors.
@Suite(.serialized) struct CommandLineOptionsTests {
    let commandLine = CommandLineTests()

    @Test func versionPrintsTheRelease() async throws {
        let run = try await commandLine.run(["--version"], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 0)
        #expect(run.output == Release.version + "\n")
    }

    @Test func aYmlConfigIsFoundWithoutNamingIt() async throws {
        let directory = try commandLine.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.moveItem(
            at: directory.appendingPathComponent("model-generator.yaml"),
            to: directory.appendingPathComponent("model-generator.yml")
        )
        let run = try await commandLine.run(["generate"], in: directory)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasSuffix("3 files written, 0 files up to date in Expected\n"))

        // Both spellings: which one is meant is unclear, so the run stops and says so.
        try FileManager.default.copyItem(
            at: directory.appendingPathComponent("model-generator.yml"),
            to: directory.appendingPathComponent("model-generator.yaml")
        )
        let both = try await commandLine.run(["generate"], in: directory)
        #expect(both.status == 1)
        #expect(both.errors.contains("both model-generator.yaml and model-generator.yml exist"))
        // Naming one doesn't help: an output folder's manifest records either name as model-generator.yaml, so
        // each config would take the other's output for its own.
        let named = try await commandLine.run(["generate", "--config", "model-generator.yml"], in: directory)
        #expect(named.status == 1)
        #expect(
            named.errors.contains(
                "both model-generator.yml and model-generator.yaml exist; the generator takes them for one config"
            ),
            "\(named.errors)"
        )
        // Nor does init write the second spelling beside the first.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("model-generator.yaml"))
        let initialized = try await commandLine.run(["init"], in: directory)
        #expect(initialized.status == 1)
        #expect(initialized.errors.contains("model-generator.yml exists"), "\(initialized.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("model-generator.yaml").path))
    }

    /// `--check` on a schema with errors reports those errors and not "out of date", which regenerating can't fix.
    @Test func checkOnABrokenSchemaReportsTheSchemasErrors() async throws {
        let directory = try commandLine.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await commandLine.run(["generate"], in: directory).status == 0)
        let schema = directory.appendingPathComponent("schema/objects.yaml")
        let text = try String(contentsOf: schema, encoding: .utf8)
            .replacingOccurrences(of: "{ name: c_number, type: Number }", with: "{ name: c_number, type: Numbr }")
        try text.write(to: schema, atomically: true, encoding: .utf8)
        let check = try await commandLine.run(["generate", "--check"], in: directory)
        #expect(check.status == 1)
        #expect(check.errors.contains("error: unknown type 'Numbr' of property 'c_number'"))
        #expect(!check.errors.contains("out of date"))
        #expect(check.output.isEmpty)
    }

    @Test func strictMakesAWarningFailTheRun() async throws {
        let directory = try commandLine.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("schema/objects.yaml")
        let text = try String(contentsOf: schema, encoding: .utf8)
            .replacingOccurrences(
                of: "{ name: c_number, type: Number }",
                with: "{ name: c_number, type: Number, lable: N }"
            )
        try text.write(to: schema, atomically: true, encoding: .utf8)
        let lenient = try await commandLine.run(["generate"], in: directory)
        #expect(lenient.status == 0)
        #expect(lenient.errors.contains("warning: unknown key 'lable' in a property"))
        try FileManager.default.removeItem(at: directory.appendingPathComponent("Expected"))

        let strict = try await commandLine.run(["generate", "--strict"], in: directory)
        #expect(strict.status == 1)
        #expect(strict.errors.contains("error: unknown key 'lable' in a property (a warning, counted as an error"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Expected").path))
    }

    /// The plugin names its own command in `--check`'s message.
    @Test func checkNamesTheRegenerateCommandItIsGiven() async throws {
        let directory = try commandLine.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let check = try await commandLine.run(
            ["generate", "--check", "--regenerate-command", "swift package generate-models"],
            in: directory
        )
        #expect(check.status == 1)
        #expect(check.errors.hasSuffix("is out of date; run swift package generate-models\n"))
    }
}
