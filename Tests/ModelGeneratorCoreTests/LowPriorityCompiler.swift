import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The compiler of the packages the tests build, run at the lowest priority.
///
/// A package build's compilers run at the normal priority whatever the priority of the process that starts the
/// build: SwiftPM's build engine starts each job afresh. On a two-core machine one compiler then took a core from the
/// tests that talk to local servers, and a starved test missed a deadline it had no reason to miss (a client's timeout
/// fired while the server's answer waited for a core). So on Linux the build's driver is pointed at a script that starts
/// the toolchain's `swift-frontend` under `nice -n 19`; the driver needs the toolchain's resource folder and
/// dependency scanner named then, since it finds both next to the frontend it runs. Elsewhere, or when the toolchain
/// isn't laid out as expected, the build runs as it is.
struct LowPriorityCompiler: Sendable {
    /// What to add to `swift build`'s arguments.
    var arguments: [String] = []
    /// How many compiler jobs a build runs at once. Every core when the compilers run at the lowest priority: they
    /// then take only the time the rest of the run leaves, and the biggest packages (the real org's 86 objects in one
    /// module) build in about half the time of one job. One job when they can't be made to give way.
    var jobs = 1
    /// The build's environment, when it needs more than the caller's.
    var environment: [String: String]?

    /// Made once per test process; a script that can't be written fails every build that needs it, naming why.
    static let shared = Result { try LowPriorityCompiler.make() }

    private static func make() throws -> LowPriorityCompiler {
        #if os(Linux)
        let fileManager = FileManager.default
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard
            let swift = path.split(separator: ":").lazy.map({
                URL(fileURLWithPath: String($0)).appendingPathComponent("swift")
            })
            .first(where: { fileManager.isExecutableFile(atPath: $0.path) })
        else { return LowPriorityCompiler() }
        let bin = swift.resolvingSymlinksInPath().deletingLastPathComponent()
        let frontend = bin.appendingPathComponent("swift-frontend")
        let resources = bin.deletingLastPathComponent().appendingPathComponent("lib/swift")
        let scanner = resources.appendingPathComponent("host/lib_InternalSwiftScan.so")
        let nice = URL(fileURLWithPath: "/usr/bin/nice")
        guard
            [frontend, scanner, nice].allSatisfy({
                fileManager.isExecutableFile(atPath: $0.path) || fileManager.fileExists(atPath: $0.path)
            })
        else { return LowPriorityCompiler() }
        let script = GeneratedPackage.packagesFolder.appendingPathComponent("low-priority-swift-frontend")
        let text = "#!/bin/sh\nexec \(shellQuoted(nice.path)) -n 19 \(shellQuoted(frontend.path)) \"$@\"\n"
        try fileManager.createDirectory(at: script.deletingLastPathComponent(), withIntermediateDirectories: true)
        if fileManager.contents(atPath: script.path) != Data(text.utf8) {
            // Written under another name and renamed into place: two test processes may start at once.
            let temporary = script.appendingPathExtension(UUID().uuidString)
            try Data(text.utf8).write(to: temporary)
            try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: temporary.path)
            guard rename(temporary.path, script.path) == 0 else {
                try? fileManager.removeItem(at: temporary)
                throw GeneratedPackage.Failure(description: "could not put \(script.path) in place (errno \(errno))")
            }
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DRIVER_SWIFTSCAN_LIB"] = scanner.path
        return LowPriorityCompiler(
            arguments: [
                "-Xswiftc", "-driver-use-frontend-path", "-Xswiftc", script.path,
                "-Xswiftc", "-resource-dir", "-Xswiftc", resources.path,
            ],
            jobs: ProcessInfo.processInfo.activeProcessorCount,
            environment: environment
        )
        #else
        return LowPriorityCompiler()
        #endif
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
