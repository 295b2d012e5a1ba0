import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// Runs the generator on every case under `Tests/Goldens` and compares its output with the case's `Expected`
/// folder, byte for byte. `RECORD_GOLDENS=1 swift test` rewrites the expected files instead; review the diff.
/// The expected files are also compiled (targets `Golden…`) and exercised in `GeneratedModelsTests`.
/// On threads of its own, not Swift concurrency's few pool threads: generation of every golden.
@Suite(.onOwnThread) struct GoldenTests {
    static let goldensDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Goldens")
    static let cases = [
        "Blog", "CortexExport", "Medable", "Naming", "Parse", "Places", "Queries", "RealCortex", "RealMia", "Things",
        "Tweets",
    ]

    @Test func everyGoldenFolderIsACase() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.goldensDirectory.path)
            .filter { !$0.hasPrefix(".") }.sorted()
        #expect(folders == Self.cases)
    }

    @Test(arguments: cases) func generatedOutputMatchesExpected(_ name: String) throws {
        let caseDirectory = Self.goldensDirectory.appendingPathComponent(name)
        let result = Pipeline.generate(
            configPath: caseDirectory.appendingPathComponent("model-generator.yaml").path,
            files: TestFiles.disk
        )
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.errors)")
        let expectedDirectory = caseDirectory.appendingPathComponent("Expected")
        #expect(result.outputDirectory == expectedDirectory.path)

        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try? FileManager.default.removeItem(at: expectedDirectory)
            try FileManager.default.createDirectory(at: expectedDirectory, withIntermediateDirectories: true)
            for file in result.files {
                try Data(file.contents.utf8).write(to: expectedDirectory.appendingPathComponent(file.path))
            }
            return
        }
        let expectedNames = try FileManager.default.contentsOfDirectory(atPath: expectedDirectory.path).sorted()
        #expect(result.files.map(\.path) == expectedNames, "run RECORD_GOLDENS=1 swift test and review the diff")
        for file in result.files {
            let expected = try? String(contentsOf: expectedDirectory.appendingPathComponent(file.path), encoding: .utf8)
            #expect(
                file.contents == expected,
                "\(name)/\(file.path) differs; run RECORD_GOLDENS=1 swift test and review the diff"
            )
        }
    }
}

extension GoldenTests {
    /// With a user template in use, every template renders through swift-mustache rather than the compiled
    /// defaults; the output must not change. The user template here is a default one, copied unchanged.
    @Test(arguments: cases) func swiftMustacheRendersWhatTheCompiledTemplatesRender(_ name: String) throws {
        let caseDirectory = Self.goldensDirectory.appendingPathComponent(name)
        let configPath = caseDirectory.appendingPathComponent("model-generator.yaml").path
        let templatesFolder = caseDirectory.appendingPathComponent("UnchangedTemplates").path
        let files = InputFiles(
            read: { path in
                if path == configPath { return try TestFiles.disk.read(path) + "\ntemplates: UnchangedTemplates\n" }
                if path == templatesFolder + "/facetRules.mustache" { return DefaultTemplates.all["facetRules"] ?? "" }
                return try TestFiles.disk.read(path)
            },
            list: { path in path == templatesFolder ? ["facetRules.mustache"] : try TestFiles.disk.list(path) }
        )
        let result = Pipeline.generate(configPath: configPath, files: files)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.errors)")
        let expectedDirectory = caseDirectory.appendingPathComponent("Expected")
        for file in result.files {
            let expected = try? String(contentsOf: expectedDirectory.appendingPathComponent(file.path), encoding: .utf8)
            #expect(file.contents == expected, "\(name)/\(file.path) differs when rendered by swift-mustache")
        }
        #expect(
            result.files.count == (try FileManager.default.contentsOfDirectory(atPath: expectedDirectory.path).count)
        )
    }
}

extension GoldenTests {
    /// A stored property with an initial value, the implicit `nil` of `var x: T?` included, costs a function of
    /// its own that the module's interface job builds too; the initializers assign every stored property instead.
    @Test(arguments: cases) func noStoredPropertyHasAnInitialValue(_ name: String) throws {
        let expectedDirectory = Self.goldensDirectory.appendingPathComponent(name).appendingPathComponent("Expected")
        var storedProperties = 0
        for path in try FileManager.default.contentsOfDirectory(atPath: expectedDirectory.path) {
            let text = try String(contentsOf: expectedDirectory.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let declaration = line.trimmingCharacters(in: .whitespaces)
                // Stored instance properties: `var` with an access modifier (the goldens' access is `public` or
                // `package`, which no local variable has), not static, and no accessor block.
                guard
                    ["public var ", "package var ", "private var "].contains(where: declaration.hasPrefix),
                    !declaration.hasSuffix("{")
                else { continue }
                storedProperties += 1
                #expect(!declaration.hasSuffix("?"), "\(name)/\(path): \(declaration)")
                #expect(!declaration.contains(" = "), "\(name)/\(path): \(declaration)")
            }
        }
        #expect(storedProperties > 0)
    }
}

enum TestFiles {
    /// The real file system, for tests that read the repository's own inputs.
    static let disk = InputFiles(
        read: { try String(contentsOfFile: $0, encoding: .utf8) },
        list: { try FileManager.default.contentsOfDirectory(atPath: $0) }
    )
}
