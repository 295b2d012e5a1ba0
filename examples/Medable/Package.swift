// swift-tools-version: 6.0
// The objects of Medable's iOS SDK documentation ("Creating Objects"), read from a Cortex export, with queries and bodies.
import PackageDescription

let package = Package(
    name: "Medable",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "swift-model-generator", path: "../..")],
    targets: [
        .target(
            name: "MedableModels",
            dependencies: [.product(name: "ModelRuntime", package: "swift-model-generator")],
            exclude: ["model-generator.yaml", "schema"]
        ),
        .testTarget(name: "MedableModelsTests", dependencies: ["MedableModels"]),
    ]
)
