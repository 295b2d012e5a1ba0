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

    /// The generated query models (Tests/Goldens/Queries), every file of them.
    static func queryGoldens() throws -> [String: String] {
        try GeneratedPackage.swiftFiles(
            in: GeneratedPackage.repositoryRoot.appendingPathComponent("Tests/Goldens/Queries/Expected")
        )
    }

    /// Whether FoundationNetworking is loaded into the running program, printed by the apps below (Linux only; on
    /// Apple platforms networking is part of Foundation).
    static let networkingCheck = """
        #if os(Linux)
        // Read in a loop to its end: a file of /proc says its size is 0, and a read of that size sees nothing.
        let descriptor = open("/proc/self/maps", O_RDONLY)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        close(descriptor)
        let maps = String(decoding: bytes, as: UTF8.self)
        print(maps.contains("libFoundationNetworking") ? "networking: linked" : "networking: not linked")
        #else
        print("networking: not linked")
        #endif

        """

    /// An app that depends only on `ModelRuntime` decodes, queries and patches with generated models, and neither
    /// links nor loads FoundationNetworking.
    @Test func anAppOnTheCoreAloneUsesItsModelsWithoutNetworking() async throws {
        let output = try await GeneratedPackage(
            name: "CoreOnlyApp",
            modules: ["CoreOnlyModels": try Self.queryGoldens()],
            main: """
                import CoreOnlyModels
                import Foundation
                import ModelRuntime

                let plate = try JSONDecoder().decode(
                    Plate.self,
                    from: Data(#"{"_id":"5a2f1b7c9d3e4f5a6b7c8d9e","name":"Soup","qta":4,"chef":"Rossi"}"#.utf8)
                )
                print(plate.name ?? "", plate.qta ?? 0, plate.unknownMembers["chef"] == .string("Rossi"))
                print(try Plate.query.where { $0.qta.gt(3) }.rendered(for: .mia))
                var patch = Plate.Patch()
                patch.name = .set("Broth")
                for request in try patch.rendered(id: "p1", for: MiaDialect()) { print(request) }

                """ + Self.networkingCheck
        ).buildAndRun()
        #expect(
            output == """
                Soup 4 true
                GET /plates/?_q={"qta":{"$gt":3}}
                PATCH /plates/p1 {"$set":{"name":"Broth"}}
                networking: not linked

                """
        )
    }

    /// An app that adds `ModelRuntimeClient` sends the same models through `ModelClient` (here over a transport of
    /// its own that answers in-process).
    @Test func anAppWithTheClientLayerSendsItsModelsThroughTheClient() async throws {
        let output = try await GeneratedPackage(
            name: "ClientApp",
            modules: ["ClientAppModels": try Self.queryGoldens()],
            main: """
                import ClientAppModels
                import Foundation
                import ModelRuntime
                import ModelRuntimeClient
                #if canImport(FoundationNetworking)
                import FoundationNetworking
                #endif

                /// Answers every request with one plate, and prints the request line.
                struct OnePlate: HTTPTransport {
                    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
                        print(request.httpMethod ?? "", request.url?.path ?? "")
                        let body = #"[{"_id":"5a2f1b7c9d3e4f5a6b7c8d9e","name":"Soup","qta":4}]"#
                        return (Data(body.utf8), HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!)
                    }
                }

                let client = ModelClient(baseURL: URL(string: "https://crud.example.com")!, dialect: MiaDialect.mia, transport: OnePlate())
                let page = try await client.list(Plate.query.where { $0.qta.gt(3) })
                print(page.items.map { $0.name ?? "" })

                """ + Self.networkingCheck,
            products: [#".product(name: "ModelRuntimeClient", package: "runtime")"#]
        ).buildAndRun()
        // The check above sees the library it looks for: the client layer loads it on Linux.
        #if os(Linux)
        #expect(output == "GET /plates\n[\"Soup\"]\nnetworking: linked\n")
        #else
        #expect(output == "GET /plates\n[\"Soup\"]\nnetworking: not linked\n")
        #endif
    }
}
