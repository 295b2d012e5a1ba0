import BlockingTestSupport
import Foundation
import ModelGeneratorCore
import Testing

/// The newcomer's path: `model-generator init` in an empty folder, from a Cortex export, and from AppCoreKit
/// mappings, then `generate` on what it wrote, and the output built with warnings as errors.
/// On threads of its own, not Swift concurrency's few pool threads: the command line and a package build.
@Suite(.onOwnThread) struct InitTests {
    let commandLine = CommandLineTests()
    let goldens = CommandLineTests.packageRoot.appendingPathComponent("Tests/Goldens")

    private func copy(_ goldenFile: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: goldens.appendingPathComponent(goldenFile), to: url)
    }

    private func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    @Test func initThenGenerateGivesCompilingCodeFromNothingACortexExportAndMappings() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("model-generator-init-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }

        // An empty folder: a config and starter object definitions.
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let starter = try await commandLine.run(["init"], in: empty)
        #expect(starter.status == 0, "\(starter.errors)")
        let lines = starter.output.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["wrote model-generator.yaml", "wrote schema/objects.yaml"])
        // The command init prints runs as printed, from where init ran (no package here, so no plugin line).
        let next = try #require(lines.last?.split(separator: " ").map(String.init))
        #expect(lines.count == 3)
        #expect(next.first == "next:")
        let generatedStarter = try await commandLine.run(
            Array(next.dropFirst(2)),
            in: empty,
            executable: URL(fileURLWithPath: next[1])
        )
        #expect(generatedStarter.status == 0, "\(generatedStarter.errors)")
        #expect(generatedStarter.errors.isEmpty)
        #expect(generatedStarter.output.hasSuffix("2 files written, 0 files up to date in Generated\n"))
        // Outside this repository and any package, the editor schema is the published one of this version.
        let starterConfig = try text(empty.appendingPathComponent("model-generator.yaml"))
        #expect(starterConfig.hasPrefix("# yaml-language-server: $schema=\(Release.configSchemaURL)\n"))
        let starterObjects = try text(empty.appendingPathComponent(ConfigTemplate.starterSchemaPath))
        #expect(
            starterObjects.hasPrefix(
                "# yaml-language-server: $schema=\(Release.publishedURL(of: Release.objectSchemaPath))\n"
            )
        )

        // Inputs outside the config's folder, from a third folder: paths in the config climb out with `..`.
        try copy("CortexExport/schema/export.ndjson", to: root.appendingPathComponent("data/export.ndjson"))
        let cortex = try await commandLine.run(
            ["init", "--from-cortex", "data/export.ndjson", "--config", "app/cortex/model-generator.yaml"],
            in: root
        )
        #expect(cortex.status == 0, "\(cortex.errors)")
        #expect(!cortex.output.contains("schema/objects.yaml"))
        let cortexConfig = root.appendingPathComponent("app/cortex/model-generator.yaml")
        #expect(try text(cortexConfig).contains(#"schemas: ["../../data/export.ndjson"]"#))
        let generatedCortex = try await commandLine.run(["generate", "--config", cortexConfig.path], in: empty)
        #expect(generatedCortex.status == 0, "\(generatedCortex.errors)")

        for name in ["tweetmodel.mappings", "tweet.json", "timeline.json"] {
            try copy("Tweets/schema/\(name)", to: root.appendingPathComponent("data/\(name)"))
        }
        let tweets = try await commandLine.run(
            [
                "init", "--from-mappings", "data/tweetmodel.mappings", "--sample", "TweetModel=data/tweet.json",
                "--sample", "TimelineModel=data/timeline.json", "--config", "app/tweets/model-generator.yaml",
            ],
            in: root
        )
        #expect(tweets.status == 0, "\(tweets.errors)")
        let tweetsConfig = root.appendingPathComponent("app/tweets/model-generator.yaml")
        #expect(try text(tweetsConfig).contains(#"TweetModel: "../../data/tweet.json""#))
        let generatedTweets = try await commandLine.run(
            ["generate", "--config", "app/tweets/model-generator.yaml"],
            in: root
        )
        #expect(generatedTweets.status == 0, "\(generatedTweets.errors)")

        // All of it compiles; the tweet models decode the sample tweet. MyTransformers is the app's own code.
        let output = try await GeneratedPackage(
            name: "InitProjects",
            modules: [
                "StarterModels": try GeneratedPackage.swiftFiles(in: empty.appendingPathComponent("Generated")),
                "CortexModels": try GeneratedPackage.swiftFiles(
                    in: root.appendingPathComponent("app/cortex/Generated")
                ),
                "TweetModels": try GeneratedPackage.swiftFiles(in: root.appendingPathComponent("app/tweets/Generated"))
                    .merging(
                        [
                            "Formatters.swift": text(
                                goldens.deletingLastPathComponent().appendingPathComponent(
                                    "GoldenSupport/Formatters.swift"
                                )
                            )
                        ],
                        uniquingKeysWith: { first, _ in first }
                    ),
            ],
            main: """
                import Foundation
                import StarterModels
                import TweetModels

                let folder = URL(fileURLWithPath: CommandLine.arguments[1])
                let tweet = try JSONDecoder().decode(TweetModel.self, from: Data(contentsOf: folder.appendingPathComponent("tweet.json")))
                let item = Item(title: "First")
                print(tweet.user.name, item.title ?? "")

                """,
            resources: ["tweet.json": text(root.appendingPathComponent("data/tweet.json"))]
        ).buildAndRun()
        #expect(output == "Twitter API First\n")
    }

    /// In a package that depends on swift-model-generator, init also names the plugin, and the editor schema is the
    /// copy SwiftPM checked out, relative to the config.
    @Test func initInAConsumerPackageNamesThePluginTheCheckedOutSchemaAndTheRuntimesProducts() async throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("model-generator-init-\(UUID())")
        defer { try? FileManager.default.removeItem(at: package) }
        let checkout = package.appendingPathComponent(".build/checkouts/swift-model-generator")
        try FileManager.default.createDirectory(
            at: checkout.appendingPathComponent("Schemas"),
            withIntermediateDirectories: true
        )
        for schema in [Release.configSchemaPath, Release.objectSchemaPath] {
            try FileManager.default.copyItem(
                at: CommandLineTests.packageRoot.appendingPathComponent(schema),
                to: checkout.appendingPathComponent(schema)
            )
        }
        try Data(#".package(url: "https://example.com/swift-model-generator", from: "0.1.0")"#.utf8)
            .write(to: package.appendingPathComponent("Package.swift"))
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Sources/Models"),
            withIntermediateDirectories: true
        )
        let run = try await commandLine.run(["init"], in: package.appendingPathComponent("Sources/Models"))
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("swift package --allow-writing-to-package-directory generate-models"))
        // The manifest names no product of the runtime yet: init gives the lines to add, the core's and the client's.
        #expect(run.output.contains(#".product(name: "ModelRuntime", package: "swift-model-generator")"#))
        #expect(run.output.contains(#".product(name: "ModelRuntimeClient", package: "swift-model-generator")"#))
        let config = try text(package.appendingPathComponent("Sources/Models/model-generator.yaml"))
        #expect(
            config.hasPrefix(
                "# yaml-language-server: $schema=../../.build/checkouts/swift-model-generator/Schemas/model-generator.schema.json\n"
            )
        )
        let objects = try text(package.appendingPathComponent("Sources/Models/schema/objects.yaml"))
        #expect(
            objects.hasPrefix(
                "# yaml-language-server: $schema=../../../.build/checkouts/swift-model-generator/Schemas/object-definitions.schema.json\n"
            )
        )

        // Once the manifest names the runtime, init leaves the products out.
        try Data(
            #"""
            .package(url: "https://example.com/swift-model-generator", from: "0.1.0")
            .product(name: "ModelRuntime", package: "swift-model-generator")
            """#.utf8
        ).write(to: package.appendingPathComponent("Package.swift"))
        let other = package.appendingPathComponent("Sources/Other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let again = try await commandLine.run(["init"], in: other)
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.output.contains("swift package --allow-writing-to-package-directory generate-models"))
        #expect(!again.output.contains(".product("), "\(again.output)")
    }

    @Test func initNeverOverwritesTheConfigOrTheStarterSchema() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("model-generator-init-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(try await commandLine.run(["init"], in: folder).status == 0)
        let schema = folder.appendingPathComponent("schema/objects.yaml")
        try Data("objects: []\n".utf8).write(to: schema)

        let again = try await commandLine.run(["init"], in: folder)
        #expect(again.status == 1)
        #expect(again.errors == "error: model-generator.yaml exists; init does not overwrite it\n")

        try FileManager.default.removeItem(at: folder.appendingPathComponent("model-generator.yaml"))
        let afterRemoval = try await commandLine.run(["init"], in: folder)
        #expect(afterRemoval.status == 0)
        #expect(!afterRemoval.output.contains("schema/objects.yaml"))
        #expect(try text(schema) == "objects: []\n")

        // A sample without its type or its path, on either side of the `=`, is no sample, nor is one whose type is no
        // Swift name: it would be written into the YAML as it is (a line break and `: ` there wrote keys of its own).
        for sample in [
            "TweetModel", "=tweet.json", "TweetModel=", "Tweet: {}\nallowOutputAnywhere: true\nTweet=t.json",
        ] {
            let badSample = try await commandLine.run(
                ["init", "--config", "other.yaml", "--sample", sample],
                in: folder
            )
            #expect(badSample.status != 0)
            #expect(badSample.errors.contains("--sample takes Model=path"), "\(sample): \(badSample.errors)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("other.yaml").path))
        }
    }

    /// init creates its files exclusively and never through a link; a failure is one plain sentence naming the path,
    /// and leaves nothing of the run behind.
    @Test func initWritesThroughNoLinkAndFailsWithOnePlainSentence() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("model-generator-init-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let manager = FileManager.default
        func exists(_ path: String) -> Bool { manager.fileExists(atPath: folder.appendingPathComponent(path).path) }

        // A link at the config's name that leads nowhere yet: followed, it would create the file it names.
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("model-generator.yaml").path,
            withDestinationPath: "victim.yaml"
        )
        let planted = try await commandLine.run(["init"], in: folder)
        #expect(planted.status == 1)
        #expect(planted.errors == "error: model-generator.yaml exists; init does not overwrite it\n")
        #expect(!exists("victim.yaml") && !exists("schema"))
        try manager.removeItem(at: folder.appendingPathComponent("model-generator.yaml"))

        // The same at the starter schema's name: the config written before it is removed again.
        try manager.createDirectory(at: folder.appendingPathComponent("schema"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("schema/objects.yaml").path,
            withDestinationPath: "../victim.yaml"
        )
        let starter = try await commandLine.run(["init"], in: folder)
        #expect(starter.status == 1)
        #expect(starter.errors == "error: cannot write schema/objects.yaml: something already exists there\n")
        #expect(!exists("victim.yaml") && !exists("model-generator.yaml"))

        let long = String(repeating: "x", count: 300)
        let tooLong = try await commandLine.run(["init", "--config", "new/\(long).yaml"], in: folder)
        #expect(tooLong.status == 1)
        #expect(tooLong.errors == "error: cannot write new/\(long).yaml: the name is too long\n")
        #expect(!exists("new"))
    }
}
