import BlockingTestSupport
import Foundation

/// A throwaway Swift package holding generated code, built (and run) with the `swift` on PATH: the proof that output
/// compiles and behaves, for tests whose inputs are made at test time. Each module depends on this repository's
/// `ModelRuntime`; the optional executable depends on every module.
///
/// Packages are written to, and build in, folders inside this checkout's `.build` (``packagesFolder``), one at a time:
/// on a fresh clone `ModelRuntime` builds once for all of them rather than once per package, a second run compiles
/// only the modules whose generated code changed, and two checkouts on one machine (a developer's and CI's) never share
/// a build.
struct GeneratedPackage {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The package's name, which also names its build folder.
    var name: String
    /// Module name to its files (path inside the module to contents).
    var modules: [String: [String: String]]
    /// The `main.swift` of an executable target that imports every module, when there is one. The target is named
    /// after the package (``executableName``): the packages share one scratch folder, where two executables of one
    /// name are one product, and a package ran the executable another package had built.
    var main: String?
    /// Files next to `Package.swift` that the executable reads, by relative path.
    var resources: [String: String] = [:]
    /// More dependencies of the package, as `.package(…)` expressions, and the products every module and the
    /// executable use from them (`.product(name: "Yams", package: "Yams")`): for an app's own dependencies next to
    /// this one, and for this repository's other libraries (`package: "runtime"`).
    var packages: [String] = []
    var products: [String] = []

    /// Held while a package builds; see ``buildAndRunBlocking()``.
    private static let buildTurn = NSLock()

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Writes the package to a new folder, builds it with warnings as errors, runs `Main` (with the package folder as
    /// its argument) when there is one, and returns what `Main` printed. Throws with the compiler's or the program's
    /// output on failure.
    ///
    /// The build takes minutes of waiting on other processes (and on the build before it), so it waits on a thread
    /// of its own: blocking one of Swift concurrency's few pool threads (two on a two-core machine) stalls every
    /// other test's timers.
    func buildAndRun() async throws -> String {
        try await onOwnThread { try buildAndRunBlocking() }
    }

    private func buildAndRunBlocking() throws -> String {
        // One package builds at a time: each build already uses every core, and several at once starved the tests
        // that talk to local servers with deadlines (polls, timeouts) on a two-core CI machine. The lock on the
        // folder also keeps a second test process of this checkout (two filtered runs) out of the packages' folders
        // and the scratch folder they share.
        try inTurn(Self.buildTurn) {
            try holdingFileLock(Self.packagesFolder.appendingPathComponent(".lock")) {
                try claimModuleNames()
                let directory = Self.packagesFolder.appendingPathComponent(name)
                try writeFiles(to: directory)
                try forgetBuildsOfAnotherRuntime()
                return try build(in: directory, scratch: Self.scratchFolder)
            }
        }
    }

    /// Which package of this test run uses each module name. Read and written only while ``buildTurn`` is held.
    nonisolated(unsafe) private static var moduleOwners: [String: String] = [:]

    /// Throws when another package of this test run has a module of the same name: in the one scratch folder the
    /// packages share, two modules of one name are one build product.
    private func claimModuleNames() throws {
        for module in modules.keys.sorted() + (main == nil ? [] : [executableName]) {
            if let owner = Self.moduleOwners[module], owner != name {
                throw Failure(
                    description: "the module \(module) of \(name) is also a module of \(owner); name it apart"
                )
            }
            Self.moduleOwners[module] = name
        }
    }

    /// The folder of the packages, their scratch folders and their lock: inside this checkout's `.build`.
    static let packagesFolder = repositoryRoot.appendingPathComponent(".build/test-packages")

    /// Writes the package into `directory`, which keeps it between runs: a file whose contents are unchanged is left
    /// as it is, so the build skips the modules the run before already compiled, and a file this package no longer
    /// has is removed, so nothing of an earlier run's package is built.
    private func writeFiles(to directory: URL) throws {
        var files: [String: String] = ["Package.swift": manifest]
        for (module, moduleFiles) in modules {
            for (path, contents) in moduleFiles { files["Sources/\(module)/\(path)"] = contents }
        }
        if let main { files["Sources/\(executableName)/main.swift"] = main }
        for (path, contents) in resources { files[path] = contents }

        let fileManager = FileManager.default
        if let existing = fileManager.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) {
            let prefix = directory.standardizedFileURL.path + "/"
            for case let url as URL in existing
            where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                let relative = String(url.standardizedFileURL.path.dropFirst(prefix.count))
                // SwiftPM's own files (the resolved versions) stay.
                let isSwiftPMs = relative == "Package.resolved" || relative.hasPrefix(".swiftpm/")
                if files[relative] == nil && !isSwiftPMs { try fileManager.removeItem(at: url) }
            }
        }
        for (path, contents) in files {
            let url = directory.appendingPathComponent(path)
            if let current = fileManager.contents(atPath: url.path), current == Data(contents.utf8) { continue }
            try write(contents, to: url)
        }
    }

    /// Removes the scratch folder when this checkout's manifest or the list of `ModelRuntime`'s files differs from
    /// the one its build was planned with. SwiftPM plans a dependency's build from its file list and doesn't look at
    /// the folder of a path dependency again while the root package is unchanged: a file added to `ModelRuntime`
    /// would otherwise be missing from every later build ("cannot find 'PathSegment' in scope"). Edits of existing
    /// files need nothing: the build sees them.
    private func forgetBuildsOfAnotherRuntime() throws {
        let fileManager = FileManager.default
        let runtime = Self.repositoryRoot.appendingPathComponent("Sources/ModelRuntime")
        var paths: [String] = []
        if let files = fileManager.enumerator(at: runtime, includingPropertiesForKeys: nil) {
            let prefix = runtime.standardizedFileURL.path + "/"
            for case let url as URL in files {
                paths.append(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
            }
        }
        let manifest = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent("Package.swift"),
            encoding: .utf8
        )
        let plannedWith = ([manifest] + paths.sorted()).joined(separator: "\n")
        let record = Self.scratchFolder.appendingPathComponent("planned-with.txt")
        if fileManager.contents(atPath: record.path) == Data(plannedWith.utf8) { return }
        if fileManager.fileExists(atPath: Self.scratchFolder.path) {
            try fileManager.removeItem(at: Self.scratchFolder)
        }
        try write(plannedWith, to: record)
    }

    /// Where the package builds: one folder for every package, so `ModelRuntime` builds once for all of them. A
    /// package that pins other versions of this repository's dependencies (an app on Yams 5) resolves them again in
    /// the same folder; `ModelRuntime` depends on none of them, so its build stays.
    static let scratchFolder = packagesFolder.appendingPathComponent(".scratch")

    /// The `.swift` files directly in `folder` (generated code, goldens), by name: a module's files for ``modules``.
    static func swiftFiles(in folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    /// The executable target's name, unique to this package: `<name>Main`.
    var executableName: String { name + "Main" }

    /// Builds the package written to `directory`, runs `Main` when there is one and returns what it printed.
    private func build(in directory: URL, scratch: URL) throws -> String {
        // Generated code must build without a single warning, as the app's own code would be held to.
        // No index store and no debug information: nothing reads them, and they are a third of a debug build's time.
        // The compilers run at the lowest priority (``LowPriorityCompiler``): the rest of the run, local servers with
        // deadlines among it, keeps the cores it needs.
        let lowPriority = try LowPriorityCompiler.shared.get()
        let arguments =
            [
                // The packages share one scratch folder, where SwiftPM twice took a cached build plan that wasn't
                // this package's: the build did nothing and said it succeeded (not reproduced since). Every build is
                // planned, and the program an earlier run left is removed first, so such a build fails here rather
                // than run an old program, linked with an older runtime.
                "build", "--package-path", directory.path, "--scratch-path", scratch.path, "--disable-index-store",
                "--disable-build-manifest-caching",
                "--jobs", String(lowPriority.jobs), "-Xswiftc", "-warnings-as-errors", "-Xswiftc", "-gnone",
            ] + lowPriority.arguments
        var executable: URL?
        if main != nil {
            let binPath = try Self.swift(arguments + ["--show-bin-path"])
            let url = URL(fileURLWithPath: binPath.output.trimmingCharacters(in: .whitespacesAndNewlines))
                .appendingPathComponent(executableName)
            // An earlier run's program goes first, so that only this build's can run.
            try? FileManager.default.removeItem(at: url)
            executable = url
        }
        let build = try Self.swift(arguments)
        guard build.status == 0 else {
            throw Failure(description: "the generated code does not build:\n\(Self.diagnostics(in: build.output))")
        }
        guard let executable else { return "" }
        let run = try Self.run(executable, [directory.path])
        guard run.status == 0 else {
            throw Failure(description: "Main failed (exit \(run.status)):\n\(run.output.suffix(20_000))")
        }
        return run.output
    }

    /// The compiler's errors with the lines after each (the source line and caret), or the end of the log when
    /// there are none (a crashed or killed compiler): a parallel build interleaves errors with hundreds of progress
    /// lines, and a log's end alone can miss them.
    static func diagnostics(in log: String) -> String {
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        var picked: [Substring] = []
        for (index, line) in lines.enumerated() where line.contains("error:") {
            picked.append(contentsOf: lines[index..<min(index + 4, lines.count)])
            if picked.count > 400 { break }
        }
        return picked.isEmpty ? String(log.suffix(20_000)) : picked.joined(separator: "\n")
    }

    private var manifest: String {
        let moduleNames = modules.keys.sorted()
        // What every module and the executable use; the executable uses every module too.
        let libraries = [#".product(name: "ModelRuntime", package: "runtime")"#] + products
        let targets = moduleNames.map {
            "        .target(name: \"\($0)\", dependencies: [\(libraries.joined(separator: ", "))]),"
        }
        let executable =
            main == nil
            ? []
            : ["        .executableTarget(name: \"\(executableName)\", dependencies: ["]
                + (libraries + moduleNames.map { "\"\($0)\"" }).map { "            \($0)," }
                + ["        ]),"]
        return """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v13)],
                dependencies: [
                    .package(name: "runtime", path: \(Self.swiftLiteral(Self.repositoryRoot.path))),
            \(packages.map { "        \($0)," }.joined(separator: "\n"))
                ],
                targets: [
            \((targets + executable).joined(separator: "\n"))
                ]
            )

            """
    }

    private func write(_ contents: String, to url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        try Data(contents.utf8).write(to: url)
    }

    private static func swiftLiteral(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func swift(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try runProgram(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swift"] + arguments,
            environment: try LowPriorityCompiler.shared.get().environment,
            mergingErrors: true
        )
        return (run.status, run.output)
    }

    /// Runs a program to its end, its output and errors read together.
    private static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try runProgram(executable, arguments, mergingErrors: true)
        return (run.status, run.output)
    }
}
