import BlockingTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `model-generator pull` against a server on 127.0.0.1 that serves the real schema files (`Tests/RealSchemas`) the
/// way Cortex (the environment export mdctl asks for, streamed as NDJSON) and Parse (`GET /schemas`) do; the pulled
/// files must then generate.
@Suite(.serialized, .onOwnThread) struct PullTests {
    /// The server: started by each test, stopped when it ends (and when its stdin closes).
    static let script = #"""
        import http.server, json, os, sys, glob, threading, time
        from urllib.parse import urlparse, parse_qs
        root = sys.argv[1]
        definitions = [json.load(open(p, encoding="utf-8")) for p in sorted(glob.glob(os.path.join(root, "cortex/env-objects/*.json")))]
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

            def fault(self, status, code, reason):
                body = {"object": "fault", "name": "fault", "errCode": "cortex.accessDenied", "code": code,
                        "reason": reason, "status": status}
                self.answer(status, json.dumps(body).encode())

            def do_POST(self):
                # Cortex's environment export, as mdctl's env export asks for it: the manifest in a JSON body,
                # the answer streamed as NDJSON until the connection closes.
                url = urlparse(self.path)
                org, _, route = url.path.strip("/").partition("/v2/")
                if route != "developer/environment/export":
                    return self.fault(404, "kNotFound", "no route " + url.path)
                if self.headers.get("Medable-Client-Key") != "client-key" or \
                        self.headers.get("Authorization") != "Bearer access-token":
                    return self.fault(403, "kAccessDenied", "Access denied")
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
                manifest = body.get("manifest", {})
                if self.headers.get("Content-Type") != "application/json" or \
                        "application/x-ndjson" not in self.headers.get("Accept", "") or \
                        manifest.get("object") != "manifest" or \
                        manifest.get("objects") != [{"name": "*", "includes": ["*"]}] or \
                        parse_qs(url.query) != {"preferUrls": ["false"], "silent": ["false"]}:
                    return self.fault(400, "kInvalidArgument", "not the export mdctl asks for: %r" % body)
                if org == "redirected":
                    port = self.server.server_address[1]
                    self.send_response(307)
                    self.send_header("Location", "http://localhost:%d/org/v2/%s" % (port, route))
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/x-ndjson")
                self.end_headers()
                try:
                    self.export(org)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # The client stopped reading: an answer past --max-bytes.

            def export(self, org):
                # What Cortex sends besides the objects, which pull passes over.
                self.line({"object": "env", "name": "Test"})
                if org == "trickle":
                    return self.trickle()
                if org.startswith("many"):
                    # As many objects as the org's name says thousands: a write long enough to be interrupted.
                    names = ["c_many%d" % i for i in range(1000 * int(org[4:]))]
                    for name in names:
                        self.line({"object": "object", "name": name, "resource": "object." + name, "properties": []})
                    self.line({"object": "manifest-exports", "resources": ["object." + n for n in names]})
                    return
                for index, definition in enumerate(definitions):
                    if org == "controls" and index == 3:
                        # A name that would clear the terminal and start a line of its own, as a file name.
                        name = "c_evil\x1b[2J\rx"
                        self.line(dict(definition, name=name, resource="object." + name))
                    if org == "faulty" and index == 40:
                        return self.line({"object": "fault", "errCode": "cortex.error.unspecified", "code": "kError",
                                          "reason": "Export failed", "message": "Export failed on c_branch"})
                    if org == "cut" and index == 40:
                        return
                    if org == "twice" and index == 40:
                        # The first object again, its name in capitals: one file on macOS.
                        first = definitions[0]
                        self.line(dict(first, name=first["name"].upper(), resource="object." + first["name"].upper()))
                    self.line(dict(definition, resource="object." + definition["name"]))
                names = [d["name"] for d in definitions]
                self.line({"object": "manifest", "objects": [{"includes": ["*"], "name": n} for n in names]})
                self.line({"object": "manifest-dependencies", "dependencies": {}})
                self.line({"object": "manifest-exports", "resources": ["object." + n for n in names]})

            def line(self, document):
                # ASCII with \u escapes, as Node's streams may send it; the files must come out as mdctl writes them.
                self.wfile.write(json.dumps(document, separators=(",", ":")).encode() + b"\n")
                self.wfile.flush()

            def trickle(self):
                # One byte now and then, for longer than any test waits: an idle timeout never fires.
                try:
                    for _ in range(600):
                        self.wfile.write(b" ")
                        self.wfile.flush()
                        time.sleep(0.2)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def do_GET(self):
                url = urlparse(self.path)
                port = self.server.server_address[1]
                if url.path == "/trickle/schemas":
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", "100000")
                    self.end_headers()
                    return self.trickle()
                if url.path == "/leaky/schemas":
                    # Credentials in the redirect's target, which no message may print.
                    target = "http://admin:hunter2@localhost:%d/parse/schemas?access_token=t0ken" % port
                    return self.answer(302, b"", {"Location": target})
                if url.path == "/parse/schemas":
                    if self.headers.get("X-Parse-Application-Id") != "app-id" or \
                            self.headers.get("X-Parse-Master-Key") != "master-key":
                        return self.answer(403, b'{"code": 119, "error": "unauthorized: master key is required"}')
                    return self.answer(200, parse_schemas)
                if url.path == "/elsewhere/schemas":
                    return self.answer(302, b"", {"Location": "http://localhost:%d/parse/schemas" % port})
                if url.path == "/huge/schemas":
                    return self.answer(200, parse_schemas + b" " * 5000)
                if url.path == "/empty/schemas":
                    return self.answer(200, b'{"results": []}')
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

        func stop() throws {
            try? stdin.fileHandleForWriting.close()
            if process.isRunning { process.terminate() }
            try waitForExit(process)
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
        let text = try readFirstLine(stdout)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: ["reason": "the test server did not start: \(text)"])
        }
        return Server(process: process, stdin: stdin, port: port)
    }

    /// Runs the command line; one still running after `timeLimit` is killed, which the run records.
    static func run(
        _ arguments: [String],
        in directory: URL,
        environment: [String: String],
        timeLimit: Duration = .seconds(120)
    ) throws
        -> CommandLineTests.Run
    {
        // Only what the command needs: no proxy or credential of the machine's own reaches it.
        try CommandLineTests().runBlocking(
            arguments,
            in: directory,
            environment: environment.merging(["PATH": "/usr/bin:/bin"]) { first, _ in first },
            timeLimit: timeLimit
        )
    }

    /// A temporary folder with the server running, removed with everything in it afterwards.
    static func withServer(_ body: (URL, Int) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pull-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try startServer(in: directory)
        let outcome = Result { try body(directory, server.port) }
        try server.stop()
        try outcome.get()
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
            // Every definition the export streamed, and nothing of its other lines.
            #expect(names.filter { $0.hasSuffix(".json") }.count == 86)
            #expect(!names.contains { $0.hasPrefix(".") })
            // Each file is byte for byte the one mdctl wrote into env/objects/ (without the answer's `resource`).
            let real = RealSchemaTests.directory.appendingPathComponent("cortex/env-objects")
            #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).sorted() == names.sorted())
            for name in names {
                let pulled = try Data(contentsOf: directory.appendingPathComponent("schema/objects/\(name)"))
                #expect(pulled == (try Data(contentsOf: real.appendingPathComponent(name))), "\(name)")
            }
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
            // Pulled again, the Parse schema file it wrote is replaced.
            let again = try Self.run(
                ["pull", "parse", "--url", "http://127.0.0.1:\(port)/parse", "--output", "schema/parse.json"],
                in: directory,
                environment: Self.parseCredentials
            )
            #expect(again.status == 0, "\(again.errors)")
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

    /// `pull parse` replaces an empty file, and a Parse schema answer without classes, as it replaces a schema.
    @Test(arguments: ["", "\n", #"{"results": []}"#])
    func anEmptyParseSchemaFileIsReplaced(previous: String) throws {
        try Self.withServer { directory, port in
            let schema = directory.appendingPathComponent("schema.json")
            try Data(previous.utf8).write(to: schema)
            let pull = try Self.run(
                ["pull", "parse", "--url", "http://127.0.0.1:\(port)/parse", "--output", "schema.json"],
                in: directory,
                environment: Self.parseCredentials
            )
            #expect(pull.status == 0, "\(pull.errors)")
            let served = RealSchemaTests.directory.appendingPathComponent("parse/schemas-spec-results.json")
            #expect(try Data(contentsOf: schema) == Data(contentsOf: served))
        }
    }

    /// `pull parse` writes a file: an `--output` that names a folder, or none, is a usage error; one that names a file
    /// that isn't a Parse schema (a typo, the wrong path) is left alone, with nothing asked of the server.
    @Test(arguments: [("out/", true), ("", true), ("notes.md", false)])
    func aParseOutputThatIsNoSchemaFileIsRefused(output: String, isUsageError: Bool) throws {
        try Self.withServer { directory, port in
            let notes = directory.appendingPathComponent("notes.md")
            try Data("# My notes\n".utf8).write(to: notes)
            let pull = try Self.run(
                ["pull", "parse", "--url", "http://127.0.0.1:\(port)/parse", "--output", output],
                in: directory,
                environment: Self.parseCredentials
            )
            #expect(pull.status == (isUsageError ? 64 : 1), "\(pull.errors)")
            #expect(
                pull.errors.contains(
                    isUsageError
                        ? "--output must name a file for parse, and '\(output)' can't: it is empty"
                        : "'notes.md' is not a Parse schema file, and pull replaces only a schema file or an empty one"
                ),
                "\(pull.errors)"
            )
            #expect(try String(contentsOf: notes, encoding: .utf8) == "# My notes\n")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                    "notes.md", "serve.py",
                ]
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
        ("empty", "does not read as a Parse schema:\nit defines no classes"),
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

    static let cortexCredentials = ["CORTEX_CLIENT_KEY": "client-key", "CORTEX_ACCESS_TOKEN": "access-token"]

    /// A folder that already holds definitions: one of them as it was before (hand-edited), one the org no longer
    /// has, and files that are not definitions.
    static func previousObjects(in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("objects")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"name": "account", "object": "object", "properties": []}"#.utf8)
            .write(to: folder.appendingPathComponent("account.json"))
        try Data(#"{"name": "c_gone", "object": "object", "properties": []}"#.utf8)
            .write(to: folder.appendingPathComponent("c_gone.json"))
        try Data(#"{"notes": "mine"}"#.utf8).write(to: folder.appendingPathComponent("notes.json"))
        try Data("# Objects\n".utf8).write(to: folder.appendingPathComponent("README.md"))
        return folder
    }

    static func contents(of folder: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            contents[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return contents
    }

    @Test func aDefinitionTheOrgNoLongerHasIsDeletedAndNothingElse() throws {
        try Self.withServer { directory, port in
            let folder = try Self.previousObjects(in: directory)
            let pull = try Self.run(
                ["pull", "cortex", "--url", "http://127.0.0.1:\(port)/org/v2", "--output", "objects"],
                in: directory,
                environment: Self.cortexCredentials
            )
            #expect(pull.status == 0, "\(pull.errors)")
            #expect(pull.output.contains("deleted objects/c_gone.json"))
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(!names.contains("c_gone.json"))
            #expect(names.contains("notes.json") && names.contains("README.md"))
            #expect(names.count == 86 + 2)
            let account = try Data(contentsOf: folder.appendingPathComponent("account.json"))
            let real = RealSchemaTests.directory.appendingPathComponent("cortex/env-objects/account.json")
            #expect(account == (try Data(contentsOf: real)))
        }
    }

    /// On a file system that ignores case (macOS's, by default), `Account.json` is the `account.json` pull
    /// writes: deleting it as a definition the org no longer has deleted the new file too. Here two hard links to one
    /// file stand for the two spellings. A staging folder a killed pull left is removed, unless it holds previous
    /// files that may be the only copy.
    @Test func aDefinitionTheFileSystemTakesForOneBeingWrittenIsNotDeleted() throws {
        try Self.withServer { directory, port in
            let folder = try Self.previousObjects(in: directory)
            try FileManager.default.linkItem(
                at: folder.appendingPathComponent("account.json"),
                to: folder.appendingPathComponent("Account.json")
            )
            let staged = folder.appendingPathComponent(".model-generator-staging-Ab12Cd")
            try FileManager.default.createDirectory(at: staged, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: staged.appendingPathComponent("c_study.json"))
            let previous = folder.appendingPathComponent(".model-generator-staging-Ef34Gh/old")
            try FileManager.default.createDirectory(at: previous, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: previous.appendingPathComponent("c_study.json"))
            let pull = try Self.run(
                ["pull", "cortex", "--url", "http://127.0.0.1:\(port)/org/v2", "--output", "objects"],
                in: directory,
                environment: Self.cortexCredentials
            )
            #expect(pull.status == 0, "\(pull.errors)")
            #expect(pull.output.contains("deleted objects/c_gone.json"))
            #expect(!pull.output.contains("Account.json"), "\(pull.output)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names.contains("Account.json") && names.contains("account.json"))
            #expect(names.filter { $0.hasPrefix(".model-generator-staging-") } == [".model-generator-staging-Ef34Gh"])
            #expect(
                pull.errors.contains(
                    "warning: objects/.model-generator-staging-Ef34Gh/old holds 1 previous file of a run that did not "
                        + "finish; put back what you need, then delete the folder"
                ),
                "\(pull.errors)"
            )
            let real = RealSchemaTests.directory.appendingPathComponent("cortex/env-objects/account.json")
            #expect(try Data(contentsOf: folder.appendingPathComponent("account.json")) == Data(contentsOf: real))
        }
    }

    /// SIGTERM while pull moves the files into place: the run puts the folder back as it was and exits with the
    /// signal's status. Before, pull didn't catch the signal, and died with the folder half written.
    @Test func aSignalDuringTheWriteLeavesTheFolderAsItWas() throws {
        try Self.withServer { directory, port in
            let folder = try Self.previousObjects(in: directory)
            let before = try Self.contents(of: folder)
            // The signal races the run: a run that finished first proves nothing, so it is tried again with more
            // objects. Every run the signal reached must have left the folder as it was.
            var interrupted = 0
            for thousands in 1...5 where interrupted == 0 {
                let process = Process()
                process.executableURL = try CommandLineTests.executable
                process.arguments = [
                    "pull", "cortex", "--url", "http://127.0.0.1:\(port)/many\(thousands * 2)/v2", "--output",
                    "objects",
                ]
                process.currentDirectoryURL = directory
                process.environment = Self.cortexCredentials.merging(["PATH": "/usr/bin:/bin"]) { first, _ in first }
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                _ = try poll(every: .microseconds(500), for: .seconds(60)) {
                    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                    return !process.isRunning || names.contains { $0.hasPrefix(".model-generator-staging-") }
                }
                process.terminate()
                try waitForExit(process)
                if process.terminationStatus == 0 {
                    // It finished first: put the folder back for the next try.
                    try FileManager.default.removeItem(at: folder)
                    _ = try Self.previousObjects(in: directory)
                    continue
                }
                interrupted += 1
                #expect(process.terminationStatus == 143)
                #expect(try Self.contents(of: folder) == before)
            }
            #expect(interrupted == 1, "the pull finished before the signal in all five attempts")
        }
    }

    /// An export that stops early, with a fault or without its last line, that is larger than allowed, that is sent
    /// elsewhere, or that defines an object twice, leaves the folder exactly as it was.
    @Test(arguments: [
        (
            "faulty", [String](),
            "the server reported an error after 40 object definitions: kError: Export failed on c_branch"
        ),
        ("cut", [], "the export ended after 40 object definitions without its last line (manifest-exports)"),
        ("org", ["--max-bytes", "100000"], "more than --max-bytes 100000 bytes"),
        ("redirected", [], "redirected to http://localhost:"),
        ("twice", [], "the export defines the object AB__WORKFLOW_CONFIGURATION twice"),
    ])
    func aCortexExportThatIsNotWholeWritesNothing(org: String, options: [String], message: String) throws {
        try Self.withServer { directory, port in
            let folder = try Self.previousObjects(in: directory)
            let before = try Self.contents(of: folder)
            let pull = try Self.run(
                ["pull", "cortex", "--url", "http://127.0.0.1:\(port)/\(org)/v2", "--output", "objects"] + options,
                in: directory,
                environment: Self.cortexCredentials
            )
            #expect(pull.status == 1)
            #expect(pull.errors.contains(message), "\(pull.errors)")
            #expect(try Self.contents(of: folder) == before)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["objects", "serve.py"]
            )
        }
    }

    /// A server that sends its headers, then a byte now and then for ever: the overall deadline (--timeout, the
    /// client's own race against each attempt) ends the pull with one plain sentence, on Linux too, where
    /// URLSession's resource timeout is not enforced and its idle timeout starts again with every byte.
    @Test(arguments: [
        (Backend.cortex, "trickle/v2", "/trickle/v2/developer/environment/export"),
        (Backend.parse, "trickle", "/trickle/schemas"),
    ])
    func aServerThatTricklesBytesIsCutOffAtTheDeadline(backend: Backend, path: String, shown: String) throws {
        try Self.withServer { directory, port in
            let pull = try Self.run(
                [
                    "pull", backend.rawValue, "--url", "http://127.0.0.1:\(port)/\(path)", "--output", "schema",
                    "--timeout", "2",
                ],
                in: directory,
                environment: backend == .cortex ? Self.cortexCredentials : Self.parseCredentials,
                timeLimit: .seconds(60)
            )
            #expect(!pull.wasKilledAtTimeLimit, "pull was still running a minute later, past its --timeout of 2 s")
            #expect(pull.status == 1)
            #expect(
                pull.errors
                    == "error: no whole answer from http://127.0.0.1:\(port)\(shown) within --timeout 2 seconds; "
                    + "the request was cancelled\n"
            )
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["serve.py"])
        }
    }

    enum Backend: String, Sendable {
        case cortex, parse
    }

    /// An object name with a terminal escape and a carriage return would become a file name and be printed raw:
    /// it is refused, shown escaped, and nothing is written.
    @Test func anObjectNameThatIsNotAFileNameWritesNothing() throws {
        try Self.withServer { directory, port in
            let folder = try Self.previousObjects(in: directory)
            let before = try Self.contents(of: folder)
            let pull = try Self.run(
                ["pull", "cortex", "--url", "http://127.0.0.1:\(port)/controls/v2", "--output", "objects"],
                in: directory,
                environment: Self.cortexCredentials
            )
            #expect(pull.status == 1)
            #expect(
                pull.errors.contains(
                    "is named 'c_evil\\u{1b}[2J\\u{d}x', which can't be a file name: it holds U+001B"
                ),
                "\(pull.errors)"
            )
            #expect(!pull.errors.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" })
            #expect(try Self.contents(of: folder) == before)
        }
    }

    /// A password in --url is refused before anything is sent, naming where credentials go instead, without
    /// printing it; a user name alone (a token) too.
    @Test(arguments: [
        (Backend.parse, "alice:s3cret-pass@", "set PARSE_APPLICATION_ID and PARSE_MASTER_KEY"),
        (Backend.cortex, "alice:s3cret-pass@", "set CORTEX_CLIENT_KEY and CORTEX_ACCESS_TOKEN"),
        (Backend.cortex, "s3cret-pass@", "set CORTEX_CLIENT_KEY and CORTEX_ACCESS_TOKEN"),
    ])
    func credentialsInTheURLAreRefusedUnprinted(backend: Backend, userInfo: String, variables: String) throws {
        try Self.withServer { directory, port in
            let pull = try Self.run(
                [
                    "pull", backend.rawValue, "--url", "http://\(userInfo)127.0.0.1:\(port)/org/v2", "--output",
                    "schema.json",
                ],
                in: directory,
                environment: backend == .cortex ? Self.cortexCredentials : Self.parseCredentials
            )
            #expect(pull.status == 64, "a usage error: \(pull.errors)")
            #expect(pull.errors.contains("--url must not hold a user name or password"), "\(pull.errors)")
            #expect(pull.errors.contains(variables), "\(pull.errors)")
            #expect(!pull.errors.contains("s3cret") && !pull.output.contains("s3cret"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["serve.py"])
        }
    }

    /// A redirect whose target holds a password and a token is refused, and the message names the target without
    /// them.
    @Test func urlsInMessagesAreRedacted() throws {
        try Self.withServer { directory, port in
            let pull = try Self.run(
                ["pull", "parse", "--url", "http://127.0.0.1:\(port)/leaky", "--output", "parse.json"],
                in: directory,
                environment: Self.parseCredentials
            )
            #expect(pull.status == 1)
            #expect(
                pull.errors.contains("the server redirected to http://localhost:\(port)/parse/schemas; not following"),
                "\(pull.errors)"
            )
            #expect(
                !pull.errors.contains("hunter2") && !pull.errors.contains("t0ken") && !pull.errors.contains("admin")
            )
        }
    }

    @Test func theExportNeedsBothCortexCredentialsFromTheEnvironment() throws {
        try Self.withServer { directory, port in
            let arguments = ["pull", "cortex", "--url", "http://127.0.0.1:\(port)/org/v2", "--output", "objects"]
            let missing = try Self.run(arguments, in: directory, environment: ["CORTEX_CLIENT_KEY": "client-key"])
            #expect(missing.status == 1)
            #expect(missing.errors.contains("set CORTEX_CLIENT_KEY (the app's API key) and CORTEX_ACCESS_TOKEN"))
            let wrong = try Self.run(
                arguments,
                in: directory,
                environment: ["CORTEX_CLIENT_KEY": "client-key", "CORTEX_ACCESS_TOKEN": "guess"]
            )
            #expect(wrong.status == 1)
            // The server's fault, named.
            #expect(wrong.errors.contains("answered HTTP 403: kAccessDenied: Access denied"), "\(wrong.errors)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("objects").path))
        }
    }
}
