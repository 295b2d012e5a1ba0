// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "swift-model-generator",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        // What generated code needs: models, queries, bodies, values. Foundation only, and no FoundationNetworking.
        .library(name: "ModelRuntime", targets: ["ModelRuntime"]),
        // The client an app opts into: ModelClient, its transports, uploads, paging and retries.
        .library(name: "ModelRuntimeClient", targets: ["ModelRuntimeClient"]),
        // In-memory Cortex, Mia-Platform and Parse backends for an app's tests and previews, as the client's transport.
        .library(name: "ModelRuntimeTesting", targets: ["ModelRuntimeTesting"]),
        .executable(name: "model-generator", targets: ["model-generator"]),
        .plugin(name: "GenerateModels", targets: ["GenerateModels"]),
    ],
    // The generator's dependencies take every version its code builds with: SwiftPM resolves them for any app that
    // adds this package, even one that links only ModelRuntime, so a narrow range would clash with the app's own
    // Yams or argument-parser. Yams 5 and 6 both build the generator; argument-parser before 1.5 has no Sendable
    // CommandConfiguration, which Swift 6 mode needs; swift-mustache 2.0 has every API the renderer uses.
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", "5.0.0"..<"7.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", "1.5.0"..<"2.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", "2.0.0"..<"3.0.0"),
    ],
    targets: [
        // The core apps link for models: Foundation only, and no FoundationNetworking.
        .target(name: "ModelRuntime"),
        // The client layer on top of the core: Foundation and, on Linux, FoundationNetworking.
        .target(name: "ModelRuntimeClient", dependencies: ["ModelRuntime"]),
        // In-memory backends with each backend's semantics, on top of the client layer; for test targets and previews.
        .target(name: "ModelRuntimeTesting", dependencies: ["ModelRuntime", "ModelRuntimeClient"]),
        .target(
            name: "ModelGeneratorCore",
            // The runtime for `PathSegment`: a plural name is checked by the rule every request path is built with.
            dependencies: [
                "ModelRuntime",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            plugins: ["EmbedTemplatesPlugin"]
        ),
        .executableTarget(
            name: "model-generator",
            // The runtime's client layer for its HTTP transport: `pull` downloads through its bounded, origin-checked
            // URLSessionTransport rather than a second one.
            dependencies: [
                "ModelGeneratorCore",
                "ModelRuntimeClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Turns Templates/*.mustache into Swift string literals at build time, so every way of
        // starting the generator (swift run, the plugin, a copied binary) has the default templates.
        .executableTarget(name: "EmbedTemplates", path: "Sources/EmbedTemplates"),
        .plugin(name: "EmbedTemplatesPlugin", capability: .buildTool(), dependencies: ["EmbedTemplates"]),
        .plugin(
            name: "GenerateModels",
            capability: .command(
                intent: .custom(
                    verb: "generate-models",
                    description: "Generates Swift models from each target's model-generator.yaml"
                ),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "model-generator writes the generated models into each config's output folder"
                    )
                ]
            ),
            dependencies: ["model-generator"]
        ),
        // What the tests use to block or compute for long without holding Swift concurrency's few pool threads.
        .target(name: "BlockingTestSupport", path: "Tests/BlockingTestSupport"),
        .testTarget(name: "ModelRuntimeTests", dependencies: ["ModelRuntime", "BlockingTestSupport"]),
        .testTarget(
            name: "ModelRuntimeClientTests",
            dependencies: ["ModelRuntimeClient", "ModelRuntime", "BlockingTestSupport"]
        ),
        .testTarget(
            name: "ModelGeneratorCoreTests",
            dependencies: ["ModelGeneratorCore", "model-generator", "BlockingTestSupport"]
        ),
        // The golden outputs, each compiled as its own module (their type names overlap) and exercised on payloads.
        .target(name: "GoldenMedable", dependencies: ["ModelRuntime"], path: "Tests/Goldens/Medable/Expected"),
        .target(
            name: "GoldenCortexExport",
            dependencies: ["ModelRuntime"],
            path: "Tests/Goldens/CortexExport/Expected"
        ),
        .target(name: "GoldenNaming", dependencies: ["ModelRuntime"], path: "Tests/Goldens/Naming/Expected"),
        // The app-side code golden mappings call by name: formatters and the types they produce.
        .target(name: "GoldenSupport", dependencies: ["ModelRuntime"], path: "Tests/GoldenSupport"),
        .target(
            name: "GoldenTweets",
            dependencies: ["ModelRuntime", "GoldenSupport"],
            path: "Tests/Goldens/Tweets/Expected"
        ),
        .target(
            name: "GoldenThings",
            dependencies: ["ModelRuntime", "GoldenSupport"],
            path: "Tests/Goldens/Things/Expected"
        ),
        .target(name: "GoldenBlog", dependencies: ["ModelRuntime"], path: "Tests/Goldens/Blog/Expected"),
        .target(name: "GoldenPlaces", dependencies: ["ModelRuntime"], path: "Tests/Goldens/Places/Expected"),
        .target(name: "GoldenQueries", dependencies: ["ModelRuntime"], path: "Tests/Goldens/Queries/Expected"),
        // Real definitions of the three backends, exercised on their real payloads (Tests/GeneratedModelsTests/Fixtures/Real).
        .target(name: "GoldenRealCortex", dependencies: ["ModelRuntime"], path: "Tests/Goldens/RealCortex/Expected"),
        .target(name: "GoldenRealMia", dependencies: ["ModelRuntime"], path: "Tests/Goldens/RealMia/Expected"),
        .target(name: "GoldenParse", dependencies: ["ModelRuntime"], path: "Tests/Goldens/Parse/Expected"),
        .testTarget(
            name: "GeneratedModelsTests",
            dependencies: [
                "ModelRuntime", "ModelRuntimeClient", "ModelRuntimeTesting", "GoldenSupport", "GoldenMedable",
                "GoldenCortexExport",
                "GoldenNaming", "GoldenTweets", "GoldenThings", "GoldenBlog", "GoldenPlaces", "GoldenQueries",
                "GoldenRealCortex", "GoldenRealMia", "GoldenParse", "BlockingTestSupport",
            ],
            // Payloads, the semantics test's Python evaluator, and snippets that must fail to type-check.
            exclude: ["Fixtures", "Semantics", "CompileFailures"]
        ),
    ]
)
