// swift-tools-version: 6.0
// Benchmarks, kept out of the main package so its tests and CI never build them. `./run.sh` runs everything.
import PackageDescription

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "swift-model-generator", path: ".."),
        // The peer measured side by side: its generator, and the runtime its generated types compile against.
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    ],
    targets: [
        // Decode and encode throughput of generated models next to hand-written synthesized Codable.
        .executableTarget(
            name: "DecodeBenchmark",
            dependencies: [.product(name: "ModelRuntime", package: "swift-model-generator")]
        ),
        // What keeping unknown members costs: the same plain models with the switch on and off (unknown-members.sh).
        .target(
            name: "KeptModels",
            dependencies: [.product(name: "ModelRuntime", package: "swift-model-generator")],
            path: "Sources/KeptModels/Generated"
        ),
        .target(
            name: "LeanModels",
            dependencies: [.product(name: "ModelRuntime", package: "swift-model-generator")],
            path: "Sources/LeanModels/Generated"
        ),
        .executableTarget(
            name: "UnknownMembersBenchmark",
            dependencies: [
                "KeptModels", "LeanModels", .product(name: "ModelRuntime", package: "swift-model-generator"),
            ]
        ),
        // The in-memory backends' filter, sort and page over 10,000 objects through ModelClient (#30).
        .target(
            name: "InMemoryModels",
            dependencies: [.product(name: "ModelRuntime", package: "swift-model-generator")],
            path: "Sources/InMemoryModels/Generated"
        ),
        .executableTarget(
            name: "InMemoryBenchmark",
            dependencies: [
                "InMemoryModels", .product(name: "ModelRuntime", package: "swift-model-generator"),
                .product(name: "ModelRuntimeClient", package: "swift-model-generator"),
                .product(name: "ModelRuntimeTesting", package: "swift-model-generator"),
            ]
        ),
        // What the runtime does with a server's answer: JSONValue parsing, and a 1 GiB answer through ModelClient.
        .executableTarget(
            name: "ResponseBenchmark",
            dependencies: [
                .product(name: "ModelRuntime", package: "swift-model-generator"),
                .product(name: "ModelRuntimeClient", package: "swift-model-generator"),
            ]
        ),
    ]
)
