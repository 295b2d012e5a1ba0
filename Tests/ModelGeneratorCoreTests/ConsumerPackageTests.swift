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

    #if os(Linux)
    /// An app whose own tasks keep every thread of Swift concurrency's pool busy still gets its answers: the client
    /// awaits on a thread of the app's own (a task executor), and neither the transport's delegate queue nor the rest
    /// of the answer's way needs a pool thread. In a program of its own, so that no other traffic shares
    /// FoundationNetworking's one work queue with it (in the test process, the other client suites' transfers did, and
    /// spinning jobs starved that queue's thread of CPU rather than of the pool).
    @Test func anAnswerComesWhileTheAppsTasksHoldEveryPoolThread() async throws {
        let output = try await GeneratedPackage(
            name: "PoolHeldApp",
            modules: [:],
            main: """
                import Foundation
                import ModelRuntime
                import ModelRuntimeClient
                #if canImport(FoundationNetworking)
                import FoundationNetworking
                #endif
                #if canImport(Glibc)
                import Glibc
                #endif

                /// Answers one request on 127.0.0.1 from a thread of its own; returns the port.
                func serveOneAnswer() -> UInt16 {
                    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                    var address = sockaddr_in()
                    address.sin_family = sa_family_t(AF_INET)
                    address.sin_addr.s_addr = inet_addr("127.0.0.1")
                    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
                    withUnsafeMutablePointer(to: &address) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                            precondition(bind(listener, pointer, length) == 0 && listen(listener, 1) == 0)
                            precondition(getsockname(listener, pointer, &length) == 0)
                        }
                    }
                    Thread {
                        let connection = accept(listener, nil, nil)
                        var request = [UInt8](repeating: 0, count: 4096)
                        _ = recv(connection, &request, request.count, 0)
                        let answer = Array("HTTP/1.0 200 OK\\r\\nContent-Type: application/json\\r\\nContent-Length: 11\\r\\n\\r\\n{\\"ok\\":true}".utf8)
                        _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
                        close(connection)
                        close(listener)
                    }.start()
                    return UInt16(bigEndian: address.sin_port)
                }

                /// Jobs on the pool that spin, one per core, until stopped (or for at most a minute).
                final class Spinners: @unchecked Sendable {
                    let state = NSLock()
                    var running = 0
                    var stopped = false
                    var endedAtBackstop = false

                    func start(_ count: Int) {
                        for _ in 0..<count {
                            Task.detached {
                                self.state.withLock { self.running += 1 }
                                let backstop = ContinuousClock.now + .seconds(60)
                                while !self.state.withLock({ self.stopped }) {
                                    if ContinuousClock.now > backstop {
                                        self.state.withLock { self.endedAtBackstop = true }
                                        return
                                    }
                                }
                            }
                        }
                        while state.withLock({ running }) < count {}
                    }

                    /// Stops them; whether none had given its thread back before.
                    func stop() -> Bool {
                        state.withLock {
                            stopped = true
                            return !endedAtBackstop
                        }
                    }
                }

                /// Runs each job on a new thread, never on the pool.
                final class OwnThreads: TaskExecutor {
                    func enqueue(_ job: consuming ExecutorJob) {
                        let job = UnownedJob(job)
                        let executor = asUnownedTaskExecutor()
                        Thread { job.runSynchronously(on: executor) }.start()
                    }
                }

                let port = serveOneAnswer()
                let client = ModelClient(
                    baseURL: URL(string: "http://127.0.0.1:\\(port)")!,
                    dialect: CortexDialect.cortex,
                    retry: .never,
                    timeout: .seconds(60)
                )
                let spinners = Spinners()
                Task.detached(executorPreference: OwnThreads()) {
                    spinners.start(ProcessInfo.processInfo.activeProcessorCount)
                    let answer = try await client.get(JSONValue.self, path: "/echo")
                    let heldThroughout = spinners.stop()
                    print(answer["ok"] == .bool(true), heldThroughout ? "while the pool was held" : "after the pool was free")
                    exit(0)
                }
                dispatchMain()

                """,
            products: [#".product(name: "ModelRuntimeClient", package: "runtime")"#]
        ).buildAndRun()
        #expect(output == "true while the pool was held\n")
    }
    #endif
}
