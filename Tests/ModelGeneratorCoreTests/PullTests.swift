import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `model-generator pull` against a server on 127.0.0.1 that serves the real schema files (`Tests/RealSchemas`) the
/// way Cortex (`GET /objects`, paged) and Parse (`GET /schemas`) do; the pulled files must then generate.
@Suite(.serialized) struct PullTests {
    /// The server: started by each test, stopped when it ends (and when its stdin closes).
    static let script = #"""
        import http.server, json, os, sys, glob, threading
        from urllib.parse import urlparse, parse_qs
        root = sys.argv[1]
        definitions = [json.load(open(p)) for p in sorted(glob.glob(os.path.join(root, "cortex/env-objects/*.json")))]
        parse_schemas = open(os.path.join(root, "parse/schemas-spec-results.json"), "rb").read()
        requests = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def answer(self, status, body, headers={}):
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                url = urlparse(self.path)
                query = parse_qs(url.query)
                port = self.server.server_address[1]
                if url.path == "/org/v2/objects":
                    if self.headers.get("Medable-Client-Key") != "client-key" or \
                            self.headers.get("Authorization") != "Bearer access-token":
                        return self.answer(403, b'{"object": "fault", "code": "kAccessDenied"}')
                    skip = int(query.get("skip", ["0"])[0])
                    # Like Cortex, at most a page of its own size, whatever the limit asked.
                    limit = min(int(query.get("limit", ["10"])[0]), 30)
                    page = definitions[skip:skip + limit]
                    body = {"object": "list", "data": page, "hasMore": skip + len(page) < len(definitions)}
                    return self.answer(200, json.dumps(body).encode())
                if url.path == "/parse/schemas":
                    if self.headers.get("X-Parse-Application-Id") != "app-id" or \
                            self.headers.get("X-Parse-Master-Key") != "master-key":
                        return self.answer(403, b'{"code": 119, "error": "unauthorized: master key is required"}')
                    return self.answer(200, parse_schemas)
                if url.path == "/elsewhere/schemas":
                    return self.answer(302, b"", {"Location": "http://localhost:%d/parse/schemas" % port})
                if url.path == "/huge/schemas":
                    return self.answer(200, parse_schemas + b" " * 5000)
                if url.path == "/broken/schemas":
                    return self.answer(200, b'{"results": [{"className": "A", "fields": {"b": {"type": "Pointr"}}}]}')
                self.answer(404, b'{"error": "not found"}')

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        print("PORT %d" % server.server_address[1], flush=True)
        sys.stdin.read()
        server.shutdown()
        """#

    struct Server {
        let process: Process
        let stdin: Pipe
        let port: Int

        func stop() {
            try? stdin.fileHandleForWriting.close()
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    static func startServer(in directory: URL) throws -> Server {
        let scriptFile = directory.appendingPathComponent("serve.py")
        try Data(script.utf8).write(to: scriptFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptFile.path, RealSchemaTests.directory.path]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // The first line is the port the OS gave the server.
        var line = Data()
        while let byte = try stdout.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: ["reason": "the test server did not start: \(text)"])
        }
        return Server(process: process, stdin: stdin, port: port)
    }

    static func run(
        _ arguments: [String],
        in directory: URL,
        environment: [String: String]
    ) throws
        -> CommandLineTests.Run
    {
        // Only what the command needs: no proxy or credential of the machine's own reaches it.
        try CommandLineTests().runBlocking(
            arguments,
            in: directory,
            environment: environment.merging(["PATH": "/usr/bin:/bin"]) { first, _ in first }
        )
    }

    /// A temporary folder with the server running, removed with everything in it afterwards.
    static func withServer(_ body: (URL, Int) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pull-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try startServer(in: directory)
        defer { server.stop() }
        try body(directory, server.port)
    }

    static let parseCredentials = ["PARSE_APPLICATION_ID": "app-id", "PARSE_MASTER_KEY": "master-key"]

    @Test func pullsACortexOrgIntoMdctlsLayoutAndItGenerates() throws {
        try Self.withServer { directory, port in
            let pull = try Self.run(
                ["pull", "cortex", "--url", "http://127.0.0.1:\(port)/org/v2", "--output", "schema/objects"],
                in: directory,
                environment: ["CORTEX_CLIENT_KEY": "client-key", "CORTEX_ACCESS_TOKEN": "access-token"]
            )
            #expect(pull.status == 0, "\(pull.errors)")
            let names = try FileManager.default.contentsOfDirectory(
                atPath: directory.appendingPathComponent("schema/objects").path
            )
            // Every definition of every page, though the server gave fewer than asked for at a time.
            #expect(names.filter { $0.hasSuffix(".json") }.count == 86)
            #expect(!names.contains { $0.hasPrefix(".") })
            try Data("schemas: [schema/objects]\noutput: Generated\n".utf8)
                .write(to: directory.appendingPathComponent("model-generator.yaml"))
            let generate = try Self.run(["generate"], in: directory, environment: [:])
            #expect(generate.status == 0, "\(generate.errors)")
            #expect(
                FileManager.default.fileExists(atPath: directory.appendingPathComponent("Generated/Account.swift").path)
            )
        }
    }

    @Test func pullsParseSchemasAsServedAndTheyGenerate() throws {
        try Self.withServer { directory, port in
            let pull = try Self.run(
                ["pull", "parse", "--url", "http://127.0.0.1:\(port)/parse", "--output", "schema/parse.json"],
                in: directory,
                environment: Self.parseCredentials
            )
            #expect(pull.status == 0, "\(pull.errors)")
            let written = try Data(contentsOf: directory.appendingPathComponent("schema/parse.json"))
            let served = try Data(
                contentsOf: RealSchemaTests.directory.appendingPathComponent("parse/schemas-spec-results.json")
            )
            #expect(written == served)
            try Data("schemas: [schema/parse.json]\noutput: Generated\n".utf8)
                .write(to: directory.appendingPathComponent("model-generator.yaml"))
            let generate = try Self.run(["generate"], in: directory, environment: [:])
            #expect(generate.status == 0, "\(generate.errors)")
            #expect(
                FileManager.default.fileExists(
                    atPath: directory.appendingPathComponent("Generated/HasAllPOD.swift").path
                )
            )
        }
    }

    @Test func credentialsComeOnlyFromTheEnvironment() throws {
        try Self.withServer { directory, port in
            let pull = try Self.run(
                ["pull", "parse", "--url", "http://127.0.0.1:\(port)/parse", "--output", "parse.json"],
                in: directory,
                environment: [:]
            )
            #expect(pull.status == 1)
            #expect(pull.errors.contains("set PARSE_APPLICATION_ID and PARSE_MASTER_KEY"))
            let wrong = try Self.run(
                ["pull", "parse", "--url", "http://127.0.0.1:\(port)/parse", "--output", "parse.json"],
                in: directory,
                environment: ["PARSE_APPLICATION_ID": "app-id", "PARSE_MASTER_KEY": "guess"]
            )
            #expect(wrong.status == 1)
            #expect(wrong.errors.contains("answered HTTP 403"), "\(wrong.errors)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("parse.json").path))
        }
    }

    @Test(arguments: [
        ("elsewhere", "redirected to http://localhost:"),
        ("huge", "more than --max-bytes"),
        ("broken", "does not read as a Parse schema"),
    ])
    func nothingIsWrittenFromAnAnswerThatIsNotASchema(path: String, message: String) throws {
        try Self.withServer { directory, port in
            let pull = try Self.run(
                [
                    "pull", "parse", "--url", "http://127.0.0.1:\(port)/\(path)", "--output", "parse.json",
                    "--max-bytes", "5000",
                ],
                in: directory,
                environment: Self.parseCredentials
            )
            #expect(pull.status == 1)
            #expect(pull.errors.contains(message), "\(pull.errors)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["serve.py"])
        }
    }
}
