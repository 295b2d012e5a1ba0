// swift-tools-version: 6.0
// AppCoreKit's Mappings: the tweet models from their .mappings file, with a coordinate formatter.
import PackageDescription

let package = Package(
    name: "Tweets",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "swift-model-generator", path: "../..")],
    targets: [
        .target(
            name: "TweetModels",
            dependencies: [.product(name: "ModelRuntime", package: "swift-model-generator")],
            exclude: ["model-generator.yaml", "schema"]
        ),
        .testTarget(name: "TweetModelsTests", dependencies: ["TweetModels"], exclude: ["Payloads"]),
    ]
)
