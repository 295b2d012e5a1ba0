// swift-tools-version: 6.0
// Seed 002's Mia-Platform collections with queries and patches, and seed 003's RestKit blog posts.
import PackageDescription

let package = Package(
    name: "Blog",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "swift-model-generator", path: "../..")],
    targets: [
        .target(
            name: "BlogModels",
            dependencies: [.product(name: "ModelRuntime", package: "swift-model-generator")],
            exclude: ["model-generator.yaml", "schema"]
        ),
        .testTarget(name: "BlogModelsTests", dependencies: ["BlogModels"], exclude: ["Payloads", "Server"]),
    ]
)
