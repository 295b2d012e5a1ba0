import BlockingTestSupport
import Foundation
import Testing

/// An app that adds this package to link only `ModelRuntime` keeps its own versions of the packages the generator
/// uses: SwiftPM resolves every dependency of a dependency, so the generator's ranges must take the app's choice.
/// On threads of its own, not Swift concurrency's few pool threads: a package build.
@Suite(.onOwnThread) struct ConsumerPackageTests {
    /// Yams 5 pinned by the app (the issue's "root depends on 'yams' 5.0.0..<6.0.0" clash), next to ModelRuntime.
    @Test func anAppPinningYams5LinksModelRuntime() async throws {
        let output = try await GeneratedPackage(
            name: "YamsFiveApp",
            modules: [
                "AppModels": [
                    "Settings.swift": """
                    import ModelRuntime
                    import Yams

                    public struct Settings: Codable, Sendable {
                        public var owner: Reference<JSONValue>
                        public var tags: [String]
                    }

                    /// The app's own YAML, read with the app's Yams.
                    public func decodeSettings(fromYAML text: String) throws -> Settings {
                        try YAMLDecoder().decode(Settings.self, from: text)
                    }

                    """
                ]
            ],
            main: """
                import AppModels
                import Foundation

                let settings = try decodeSettings(fromYAML: "owner: 5a2f1b7c9d3e4f5a6b7c8d9e\\ntags: [a, b]\\n")
                print(settings.owner.id, settings.tags)
                // The version SwiftPM resolved, from the app's Package.resolved.
                let resolved = try String(
                    contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]).appendingPathComponent("Package.resolved"),
                    encoding: .utf8
                )
                let yams = resolved.components(separatedBy: "\\"identity\\" : \\"yams\\"")[1]
                print(yams.components(separatedBy: "\\"version\\" : \\"")[1].prefix(while: { $0 != "\\"" }))

                """,
            packages: [#".package(url: "https://github.com/jpsim/Yams", exact: "5.0.1")"#],
            products: [#".product(name: "Yams", package: "Yams")"#]
        ).buildAndRun()
        #expect(output == "5a2f1b7c9d3e4f5a6b7c8d9e [\"a\", \"b\"]\n5.0.1\n")
    }
}
