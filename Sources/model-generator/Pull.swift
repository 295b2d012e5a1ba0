import ArgumentParser
import Dispatch
import Foundation
import ModelGeneratorCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct Pull: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Downloads the schema of a running backend into the files you commit.",
        discussion: """
            cortex: GET <url>/objects (the org's object definitions, every page), written as one JSON file per \
            object into the --output folder, the layout mdctl's env/objects/ has. Credentials: \
            CORTEX_CLIENT_KEY (sent as Medable-Client-Key) and, optionally, CORTEX_ACCESS_TOKEN (sent as a bearer \
            token). <url> is the org's API, such as https://api.dev.medable.com/<org>/v2.

            parse: GET <url>/schemas with the master key, written as it comes to the --output file. Credentials: \
            PARSE_APPLICATION_ID and PARSE_MASTER_KEY. <url> is the server URL, such as https://example.com/parse.

            Credentials come only from the environment. Nothing is written unless the whole answer arrived, within \
            --max-bytes, and reads as a schema without errors. Redirects to another origin are refused, so \
            credentials never leave the server named.
            """
    )

    enum Backend: String, ExpressibleByArgument, CaseIterable {
        case cortex
        case parse
    }

    @Argument(help: "The backend: cortex or parse.")
    var backend: Backend

    @Option(name: .long, help: "The backend's API base URL.")
    var url: String

    @Option(name: .long, help: "Where to write: a folder for cortex, a file for parse.")
    var output: String

    @Option(name: .customLong("max-bytes"), help: "The most bytes one answer of the server may have.")
    var maxBytes: Int = 64 * 1024 * 1024

    func validate() throws {
        guard let base = URL(string: url), let scheme = base.scheme?.lowercased(), ["http", "https"].contains(scheme),
            base.host != nil
        else {
            throw ValidationError("--url must be an http or https URL, such as https://api.dev.medable.com/myorg/v2")
        }
        if maxBytes <= 0 { throw ValidationError("--max-bytes must be positive") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let client = SchemaDownloader(maxBytes: maxBytes)
        let files: [(name: String, data: Data)]
        do {
            switch backend {
            case .cortex:
                guard let key = environment["CORTEX_CLIENT_KEY"], !key.isEmpty else {
                    throw PullError("set CORTEX_CLIENT_KEY (the app's API key) in the environment")
                }
                var headers = ["Medable-Client-Key": key, "Accept": "application/json"]
                if let token = environment["CORTEX_ACCESS_TOKEN"], !token.isEmpty {
                    headers["Authorization"] = "Bearer \(token)"
                }
                files = try cortexDefinitions(client, headers: headers)
            case .parse:
                guard let applicationID = environment["PARSE_APPLICATION_ID"], !applicationID.isEmpty,
                    let masterKey = environment["PARSE_MASTER_KEY"], !masterKey.isEmpty
                else {
                    throw PullError("set PARSE_APPLICATION_ID and PARSE_MASTER_KEY in the environment")
                }
                let headers = [
                    "X-Parse-Application-Id": applicationID, "X-Parse-Master-Key": masterKey,
                    "Accept": "application/json",
                ]
                let data = try client.get(endpoint("schemas"), headers: headers)
                files = [(output.split(separator: "/").last.map(String.init) ?? output, data)]
            }
            try check(files)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        do {
            try write(files)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        for file in files { print("wrote \(backend == .cortex ? Paths.join(output, file.name) : output)") }
    }

    private func endpoint(_ path: String, query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(string: url)!
        components.path = components.path.hasSuffix("/") ? components.path + path : components.path + "/" + path
        if !query.isEmpty { components.queryItems = query }
        return components.url!
    }

    /// Every page of `GET /objects`, one pretty-printed file per definition, keys sorted as mdctl writes them.
    private func cortexDefinitions(
        _ client: SchemaDownloader,
        headers: [String: String]
    ) throws
        -> [(name: String, data: Data)]
    {
        let pageSize = 100
        var files: [(name: String, data: Data)] = []
        var names: Set<String> = []
        var skip = 0
        // A bound on pages as well as on bytes: a server that always says there is more can't keep us here.
        for _ in 0..<1000 {
            let url = endpoint(
                "objects",
                query: [.init(name: "limit", value: String(pageSize)), .init(name: "skip", value: String(skip))]
            )
            let body = try client.get(url, headers: headers)
            guard let list = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                let data = list["data"] as? [[String: Any]]
            else {
                throw PullError(
                    "\(url.absoluteString) did not answer with a Cortex list ({\"object\": \"list\", \"data\": [...]})"
                )
            }
            for definition in data {
                guard let name = definition["name"] as? String, SafeFiles.isPlainName(name) else {
                    throw PullError("an object definition from \(url.absoluteString) has no usable 'name'")
                }
                guard names.insert(name).inserted else { continue }
                let json = try JSONSerialization.data(
                    withJSONObject: definition,
                    options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                )
                files.append((name + ".json", json + Data("\n".utf8)))
            }
            // The server may give fewer than asked for: the next page starts after what came.
            skip += data.count
            if (list["hasMore"] as? Bool) != true || data.isEmpty { return files }
        }
        throw PullError("the server still had more objects after 1000 pages")
    }

    /// Every file must read as a schema of the backend's format without errors before anything is written.
    private func check(_ files: [(name: String, data: Data)]) throws {
        if files.isEmpty { throw PullError("the server has no object definitions") }
        for file in files {
            guard let text = String(data: file.data, encoding: .utf8) else {
                throw PullError("the answer for \(file.name) is not UTF-8 text")
            }
            let (objects, diagnostics) = SchemaLoader.load(text, file: file.name)
            let expected: SchemaFormat = backend == .cortex ? .cortex : .parse
            if diagnostics.hasErrors || objects.isEmpty || objects.contains(where: { $0.format != expected }) {
                let problems = diagnostics.sorted.filter { $0.severity == .error }.prefix(5).map(\.description)
                throw PullError(
                    "the server's answer does not read as a \(expected.displayName)"
                        + (problems.isEmpty ? "" : ":\n" + problems.joined(separator: "\n"))
                )
            }
        }
    }

    /// Writes every file into a staging folder first and moves them into place only when all are written, as
    /// `generate` does: nothing is followed or half-written, and an error puts back what was there.
    private func write(_ files: [(name: String, data: Data)]) throws {
        let directory = backend == .cortex ? output : Paths.directory(of: output)
        let created = try SafeFiles.createFolders(directory)
        var staging: String?
        do {
            let folder = try OutputFolder.makeStaging(in: directory)
            staging = folder
            for file in files {
                try SafeFiles.create(
                    folder + "/" + file.name,
                    bytes: Array(file.data),
                    shownPath: Paths.join(directory, file.name)
                )
            }
            try OutputFolder.commit(writing: files.map(\.name), deleting: [], in: directory, staging: folder)
            SafeFiles.removeTree(folder)
        } catch {
            // A commit that could not be undone leaves the previous files in the staging folder it names.
            if let staging, (error as? FileError)?.action != OutputFolder.undoFailed { SafeFiles.removeTree(staging) }
            for folder in created.reversed() { rmdir(folder) }
            throw error
        }
    }
}

struct PullError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// GET requests with a bounded answer that never follow a redirect to another origin.
final class SchemaDownloader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let maxBytes: Int
    private let lock = NSLock()
    private var received = Data()
    private var failure: (any Error)?
    private var origin = ""
    private let done = DispatchSemaphore(value: 0)

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    private static func origin(of url: URL?) -> String {
        guard let url else { return "" }
        return "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port ?? -1)"
    }

    /// The body of a 2xx answer to `GET url`; throws on anything else.
    func get(_ url: URL, headers: [String: String]) throws -> Data {
        lock.lock()
        received = Data()
        failure = nil
        origin = Self.origin(of: url)
        lock.unlock()
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        configuration.timeoutIntervalForResource = 300
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        session.dataTask(with: request).resume()
        done.wait()
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        return received
    }

    private func fail(_ error: any Error) {
        lock.lock()
        if failure == nil { failure = error }
        lock.unlock()
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        lock.lock()
        let sameOrigin = Self.origin(of: request.url) == origin
        lock.unlock()
        if sameOrigin {
            completionHandler(request)
        } else {
            fail(
                PullError(
                    "the server redirected to \(request.url?.absoluteString ?? "another origin"); not following it with the credentials"
                )
            )
            completionHandler(nil)
            task.cancel()
        }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if !(200..<300).contains(status) {
            fail(PullError("\(response.url?.absoluteString ?? "the server") answered HTTP \(status)"))
            completionHandler(.cancel)
            return
        }
        if response.expectedContentLength > Int64(maxBytes) {
            fail(PullError("the answer is \(response.expectedContentLength) bytes, more than --max-bytes \(maxBytes)"))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        received.append(data)
        let tooLarge = received.count > maxBytes
        lock.unlock()
        if tooLarge {
            fail(PullError("the answer is more than --max-bytes \(maxBytes) bytes"))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error { fail(PullError("the request failed: \(error.localizedDescription)")) }
        done.signal()
    }
}
