// swift-tools-version: 6.0
// The collections of Mia-Platform's iOS SDK documentation with queries and patches, and RestKit's blog posts.
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
        // The tests send the models through ModelClient against a local stand-in: the client layer too.
        .testTarget(
            name: "BlogModelsTests",
            dependencies: ["BlogModels", .product(name: "ModelRuntimeClient", package: "swift-model-generator")],
            exclude: ["Payloads", "Server"]
        ),
    ]
)
