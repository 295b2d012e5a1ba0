import ArgumentParser
import Foundation
import ModelGeneratorCore
import ModelRuntime
import ModelRuntimeClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct Pull: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Downloads the schema of a running backend into the files you commit.",
        discussion: """
            cortex: POST <url>/developer/environment/export, the environment export mdctl env export asks for, with \
            a manifest that names every object and nothing else. The streamed answer's object definitions are \
            written into the --output folder as mdctl writes env/objects/: one <name>.json per object, byte for \
            byte. A definition file there that the org no longer has is deleted. Credentials: CORTEX_CLIENT_KEY \
            (sent as Medable-Client-Key) and CORTEX_ACCESS_TOKEN (a token of an account with the developer role, \
            sent as a bearer token). <url> is the org's API, such as https://api.dev.medable.com/<org>/v2.

            parse: GET <url>/schemas with the master key, written as it comes to the --output file. Credentials: \
            PARSE_APPLICATION_ID and PARSE_MASTER_KEY. <url> is the server URL, such as https://example.com/parse.

            Credentials come only from the environment, never from --url (a URL with user:password@ is refused), \
            and URLs in messages are printed without user, password or query. Nothing is written unless the whole \
            answer arrived, within --max-bytes and --timeout, and reads as a schema without errors. Redirects to \
            another origin are refused, so credentials never leave the server named.
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

    @Option(name: .customLong("max-bytes"), help: "The most bytes the server's answer may have.")
    var maxBytes: Int = 64 * 1024 * 1024

    @Option(
        name: .long,
        help: "The most seconds the whole answer may take, from sending the request to its last byte."
    )
    var timeout: Double = 300

    /// The environment variables that hold the backend's credentials.
    var credentialVariables: [String] {
        switch backend {
        case .cortex: ["CORTEX_CLIENT_KEY", "CORTEX_ACCESS_TOKEN"]
        case .parse: ["PARSE_APPLICATION_ID", "PARSE_MASTER_KEY"]
        }
    }

    func validate() throws {
        guard let base = URL(string: url), let scheme = base.scheme?.lowercased(), ["http", "https"].contains(scheme),
            base.host != nil
        else {
            throw ValidationError("--url must be an http or https URL, such as https://api.dev.medable.com/myorg/v2")
        }
        // Not echoed: the URL holds a password. A URL's credentials end up in shell history, CI logs and messages.
        if base.user != nil || base.password != nil {
            throw ValidationError(
                "--url must not hold a user name or password (user:password@); pull reads credentials only from "
                    + "the environment: set \(credentialVariables.joined(separator: " and "))"
            )
        }
        if maxBytes <= 0 { throw ValidationError("--max-bytes must be positive") }
        guard timeout.isFinite, timeout > 0, timeout <= 86_400 else {
            throw ValidationError("--timeout must be a number of seconds above 0, at most 86400 (a day)")
        }
        if backend == .parse, let problem = SafeFiles.nameProblem(parseFileName) {
            throw ValidationError(
                "--output must name a file for parse, and '\(SwiftText.commentText(output))' can't: \(problem)"
            )
        }
    }

    /// The name of the file `pull parse` writes, in its folder.
    private var parseFileName: String { Paths.fileName(of: output) }

    /// `pull parse` replaces only a Parse schema file (one that defines classes, or `/schemas`' answer for an app
    /// without any, `{"results": []}`), an empty file, or nothing. Another file at `--output` (a typo, or the wrong
    /// path) is the user's, and is left alone.
    private func checkParseOutputIsReplaceable() throws {
        let shown = "'\(SwiftText.commentText(output))'"
        switch SafeFiles.existing(at: output) {
        case .none:
            return
        case .text(let text):
            if text.allSatisfy(\.isWhitespace) || schemaErrors(in: text, file: output) == nil { return }
            if case .success(let root?) = DocumentParser.parse(text, file: output), root.entries?.count == 1,
                root["results"]?.elements?.isEmpty == true
            {
                return
            }
            throw PullError(
                "\(shown) is not a Parse schema file, and pull replaces only a schema file or an empty one; "
                    + "move it away or name another --output"
            )
        case .unreadable(let reason), .notRegularFile(let reason):
            throw PullError("cannot replace \(shown): \(reason)")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let base = URL(string: url)!
        let files: [PulledFile]
        var stale: [String] = []
        do {
            switch backend {
            case .cortex:
                guard let key = environment["CORTEX_CLIENT_KEY"], !key.isEmpty,
                    let token = environment["CORTEX_ACCESS_TOKEN"], !token.isEmpty
                else {
                    throw PullError(
                        "set CORTEX_CLIENT_KEY (the app's API key) and CORTEX_ACCESS_TOKEN (a developer's token) "
                            + "in the environment"
                    )
                }
                let answer = try await download(
                    CortexExport.request(base: base, clientKey: key, accessToken: token),
                    from: base,
                    dialect: .cortex
                )
                files = try CortexExport.objectFiles(in: answer)
                stale = staleDefinitions(keeping: Set(files.map(\.name)))
            case .parse:
                guard let applicationID = environment["PARSE_APPLICATION_ID"], !applicationID.isEmpty,
                    let masterKey = environment["PARSE_MASTER_KEY"], !masterKey.isEmpty
                else {
                    throw PullError("set PARSE_APPLICATION_ID and PARSE_MASTER_KEY in the environment")
                }
                try checkParseOutputIsReplaceable()
                var request = URLRequest(url: base.appendingPathComponent("schemas"))
                request.setValue(applicationID, forHTTPHeaderField: "X-Parse-Application-Id")
                request.setValue(masterKey, forHTTPHeaderField: "X-Parse-Master-Key")
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                let data = try await download(request, from: base, dialect: .parse)
                files = [PulledFile(name: parseFileName, data: data)]
            }
            try check(files)
        } catch let error as PullError {
            // Its lines are the schema's problems, each escaped where it quotes the server's text.
            Terminal.errorLines("error: \(error)")
            throw ExitCode.failure
        } catch {
            Terminal.error("error: \(error)")
            throw ExitCode.failure
        }
        do {
            try write(files, deleting: stale)
        } catch {
            Terminal.error("error: \(error)")
            if let interrupted = error as? Interruption.Interrupted { throw ExitCode(interrupted.exitCode) }
            throw ExitCode.failure
        }
        for file in files { Terminal.output("wrote \(backend == .cortex ? Paths.join(output, file.name) : output)") }
        for name in stale { Terminal.output("deleted \(Paths.join(output, name))") }
    }

    /// The body of a 2xx answer to `request`, through the runtime's client and transport: one attempt within
    /// --timeout (the client's own deadline, which holds on Linux too, where URLSession's resource timeout does
    /// not), the answer bounded by --max-bytes, a redirect to another origin refused (the request means nothing
    /// without its credentials, which must not go there). Anything else throws, with the server's own error when it
    /// gave one.
    private func download(_ request: URLRequest, from base: URL, dialect: some ClientDialect) async throws -> Data {
        let configuration = URLSessionConfiguration.ephemeral
        // Gaps between bytes; the whole answer is the client's timeout.
        configuration.timeoutIntervalForRequest = min(60, timeout)
        let transport = URLSessionTransport(
            configuration: configuration,
            maximumResponseBytes: maxBytes,
            redirectPolicy: .refuseCrossOrigin
        )
        defer { transport.session.finishTasksAndInvalidate() }
        let client = ModelClient(
            baseURL: base,
            dialect: dialect,
            transport: transport,
            retry: .never,
            timeout: .milliseconds(Int64((timeout * 1000).rounded(.up))),
            maximumResponseBytes: maxBytes
        )
        do {
            return try await client.send(request).data
        } catch ModelClientError.responseTooLarge {
            throw PullError("the answer is more than --max-bytes \(maxBytes) bytes")
        } catch ModelClientError.timedOut {
            throw PullError(
                "no whole answer from \(PrintedURL.text(request.url)) within --timeout \(Self.seconds(timeout)); "
                    + "the request was cancelled"
            )
        } catch ModelClientError.transport(HTTPTransportError.crossOriginRedirectRefused(_, let target)) {
            throw PullError(
                "the server redirected to \(PrintedURL.text(target)); not following it with the credentials"
            )
        } catch ModelClientError.rateLimited(_, _, _, let body) {
            throw PullError(
                "\(PrintedURL.text(request.url)) answered HTTP 429"
                    + (Self.serverError(in: body).map { ": \($0)" } ?? "")
            )
        } catch ModelClientError.server(let status, _, _, let body) {
            throw PullError(
                "\(PrintedURL.text(request.url)) answered HTTP \(status)"
                    + (Self.serverError(in: body).map { ": \($0)" } ?? "")
            )
        } catch ModelClientError.transport(let error) {
            throw PullError("the request failed: \(SwiftText.commentText(error.localizedDescription))")
        } catch {
            throw PullError("the request failed: \(SwiftText.commentText(error.localizedDescription))")
        }
    }

    /// `seconds` as a person writes it: `2 seconds`, `1.5 seconds`, `1 second`.
    private static func seconds(_ seconds: Double) -> String {
        let number = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return number + (seconds == 1 ? " second" : " seconds")
    }

    /// The error a refusal carries: a Cortex fault (`{"object": "fault", …}`) or Parse's `{"code", "error"}`.
    private static func serverError(in data: Data) -> String? {
        guard data.count <= 64 * 1024, let text = String(data: data, encoding: .utf8),
            case .success(let root?) = DocumentParser.parse(text, file: "the answer")
        else { return nil }
        if let fault = CortexFault.description(of: root) { return fault }
        return root["error"]?.scalarText.map { SwiftText.commentText(String($0.prefix(300))) }
    }

    /// The object definitions in the output folder that the export no longer has: `.json` files that read as a
    /// Cortex definition (`"object": "object"`), and that the file system doesn't take for one it has (on macOS,
    /// `Account.json` is the `account.json` being written). Anything else there is left alone.
    private func staleDefinitions(keeping names: Set<String>) -> [String] {
        let existing = (try? SafeFiles.names(in: output)) ?? []
        let kept = SafeFiles.Spellings(of: names, in: output)
        let keptNames = ByteNames(names)
        return existing.filter { name in
            guard name.hasSuffix(".json"), !keptNames.contains(name), SafeFiles.isPlainName(name),
                !kept.isAnotherSpelling(name),
                case .text(let text) = SafeFiles.existing(at: Paths.join(output, name)),
                case .success(let root?) = DocumentParser.parse(text, file: name)
            else { return false }
            return root["object"]?.scalarText == "object"
        }.sorted()
    }

    /// Every file must read as a schema of the backend's format without errors before anything is written.
    private func check(_ files: [PulledFile]) throws {
        if files.isEmpty { throw PullError("the server has no object definitions") }
        for file in files {
            guard let text = String(data: file.data, encoding: .utf8) else {
                throw PullError("the answer for \(file.name) is not UTF-8 text")
            }
            if let problems = schemaErrors(in: text, file: file.name) {
                throw PullError(
                    "the server's answer does not read as a \(expectedFormat.displayName)"
                        + (problems.isEmpty ? "" : ":\n" + problems.joined(separator: "\n"))
                )
            }
        }
    }

    /// The schema format the backend's files are in.
    private var expectedFormat: SchemaFormat { backend == .cortex ? .cortex : .parse }

    /// Nil when `text` reads as object definitions of the backend's format without errors; else why not: its
    /// first errors, or that it defines nothing, or objects of another format.
    private func schemaErrors(in text: String, file: String) -> [String]? {
        let (objects, diagnostics) = SchemaLoader.load(text, file: file)
        if diagnostics.hasErrors {
            return diagnostics.sorted.filter { $0.severity == .error }.prefix(5).map(\.description)
        }
        if objects.isEmpty { return ["it defines no \(backend == .cortex ? "objects" : "classes")"] }
        if let other = objects.first(where: { $0.format != expectedFormat }) {
            return ["it defines \(SwiftText.commentText(other.name.value)) as a \(other.format.displayName)"]
        }
        return nil
    }

    /// Writes every file into a staging folder first and moves them into place only when all are written, as
    /// `generate` does: nothing is followed or half-written, and an error puts back what was there.
    private func write(_ files: [PulledFile], deleting stale: [String]) throws {
        try OutputFolder.replace(
            files.map { ($0.name, Array($0.data)) },
            deleting: stale,
            in: backend == .cortex ? output : Paths.directory(of: output)
        )
    }
}

struct PullError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A URL as the command line prints it, in every message: without the user, password, query and fragment, which
/// can hold credentials (a token in a query, a password in a redirect's `Location`), and with anything a terminal
/// would not show as itself escaped.
enum PrintedURL {
    static func text(_ url: URL?) -> String {
        guard let url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "the server"
        }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return SwiftText.commentText(components.string ?? "the server")
    }
}
