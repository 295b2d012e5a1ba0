// swift-tools-version: 6.0
// Benchmarks, kept out of the main package so its tests and CI never build them. `./run.sh` runs everything.
import PackageDescription

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "swift-model-generator", path: "..")],
    targets: [
        // Decode and encode throughput of generated models next to hand-written synthesized Codable.
        .executableTarget(
            name: "DecodeBenchmark",
            dependencies: [.product(name: "ModelRuntime", package: "swift-model-generator")]
        )
    ]
)
