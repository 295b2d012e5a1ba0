import Foundation
import ModelRuntime
import ModelRuntimeClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct LocalPythonServerError: Error, CustomStringConvertible {
    var description: String
}

/// A test server script (`Semantics/*.py`) run as `python3 <script> serve --lifetime <s>` on 127.0.0.1, on a port
/// the OS picked and the script prints as `PORT <n>`; stopped in every path.
final class LocalPythonServer: @unchecked Sendable {
    let baseURL: URL
    private let process: Process
    // The server also stops when this pipe closes, i.e. when the test process ends.
    private let stdin: Pipe
    private let directory: URL
    private let errorLog: URL

    private init(baseURL: URL, process: Process, stdin: Pipe, directory: URL, errorLog: URL) {
        self.baseURL = baseURL
        self.process = process
        self.stdin = stdin
        self.directory = directory
        self.errorLog = errorLog
    }

    /// A last resort: the owners stop the server themselves.
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// How long a test's client waits for a local server's answer, where the wait is not what the test is about: a
    /// backstop against a server that never answers, within the suites' five-minute time limit. A fresh clone's deep
    /// run on CI once froze the whole test process for about 170 s (its own threads, the pool and the servers alike):
    /// every request in flight then outlasted the 60 s and 120 s this used to be, though nothing was wrong with it.
    static let answerBackstop: Duration = .seconds(240)

    /// A session configuration without proxies, with timeouts no shorter than ``answerBackstop``.
    static func makeConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        let backstop = TimeInterval(answerBackstop.components.seconds)
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        configuration.connectionProxyDictionary = [:]
        return configuration
    }

    /// A transport over a session of its own made from ``makeConfiguration()``.
    static func makeTransport() -> URLSessionTransport {
        URLSessionTransport(configuration: makeConfiguration())
    }

    /// Starts `script` and waits up to 10 s for its port; `requirement` says what the script needs when it can't run.
    static func start(script: URL, lifetime: Int, requirement: String) async throws -> LocalPythonServer {
        let name = script.lastPathComponent
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(script.deletingPathExtension().lastPathComponent)-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = directory.appendingPathComponent("stdout.txt")
        let errorLog = directory.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "serve", "--lifetime", String(lifetime)]
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errorLog)
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw LocalPythonServerError(description: "\(requirement) (could not start python3: \(error))")
        }
        for _ in 0..<400 {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first, line.hasPrefix("PORT "), let port = Int(line.dropFirst(5))
            {
                return LocalPythonServer(
                    baseURL: URL(string: "http://127.0.0.1:\(port)")!,
                    process: process,
                    stdin: stdin,
                    directory: directory,
                    errorLog: errorLog
                )
            }
            if !process.isRunning {
                let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
                try? FileManager.default.removeItem(at: directory)
                throw LocalPythonServerError(
                    description: process.terminationStatus == 127
                        ? "\(requirement) (python3 was not found). \(log)"
                        : "\(name) exited with status \(process.terminationStatus): \(log)"
                )
            }
            try? await Task.sleep(for: .milliseconds(25))
        }
        process.terminate()
        for _ in 0..<100 where process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
        throw LocalPythonServerError(description: "\(name) printed no port within 10 s")
    }

    var isRunning: Bool { process.isRunning }
    var terminationStatus: Int32 { process.terminationStatus }

    /// The last 20 lines the server wrote to stderr.
    var log: String {
        ((try? String(contentsOf: errorLog, encoding: .utf8)) ?? "").split(separator: "\n").suffix(20)
            .joined(separator: "\n")
    }

    /// SIGTERM, then SIGKILL after 2 s, without blocking a thread; safe to call again.
    func stop() async {
        if process.isRunning { process.terminate() }
        for _ in 0..<200 where process.isRunning {
            // Not `try?`: a cancelled task must still wait for the server to end.
            await withCheckedContinuation { continuation in
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) { continuation.resume() }
            }
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? stdin.fileHandleForWriting.close()
        try? FileManager.default.removeItem(at: directory)
    }
}
