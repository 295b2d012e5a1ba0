import BlockingTestSupport
import Foundation
import Testing

/// Tests that block (wait for a process, a pipe, a lock) or compute for long do it on threads of their own, never on
/// Swift concurrency's pool: two blocked pool threads on a two-core machine stall every test's timers and servers.
/// The helpers of `BlockingTestSupport` that block refuse to run on the pool; these tests keep them honest and keep
/// blocking calls out of the tests themselves.
@Suite struct BlockingCallsTests {
    /// Calls that block a thread, as they appear in Swift source.
    static let blockingCalls: [(name: String, pattern: String)] = [
        ("Process.waitUntilExit", #"\.waitUntilExit\("#),
        ("FileHandle.readDataToEndOfFile", #"\.readDataToEndOfFile\("#),
        ("FileHandle.readToEnd", #"\.readToEnd\("#),
        ("FileHandle.read(upToCount:)", #"\.read\(upToCount:"#),
        ("FileHandle.availableData", #"\.availableData\b"#),
        ("a wait (semaphore, group, condition)", #"\.wait\("#),
        ("DispatchSemaphore", #"\bDispatchSemaphore\b"#),
        ("DispatchGroup", #"\bDispatchGroup\b"#),
        ("NSCondition", #"\bNSCondition\b"#),
        ("Thread.sleep", #"\bThread\.sleep\("#),
        ("sleep, usleep, nanosleep", #"(?<![\w.])(u|nano)?sleep\("#),
        ("a lock taken by hand", #"\.lock\(\)"#),
        ("a dispatch queue's sync", #"\.sync\s*\{"#),
    ]

    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// The tests' own Swift sources (not the goldens' generated code, not the blocking helpers, not this file), by
    /// path below `Tests`, with their text.
    static func testSources() throws -> [(path: String, text: String)] {
        let skipped = ["Goldens", "BlockingTestSupport"]
        let thisFile = URL(fileURLWithPath: #filePath).standardizedFileURL.path
        var sources: [(path: String, text: String)] = []
        let enumerator = FileManager.default.enumerator(at: testsDirectory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if skipped.contains(url.lastPathComponent) {
                enumerator?.skipDescendants()
                continue
            }
            guard url.pathExtension == "swift", url.standardizedFileURL.path != thisFile else { continue }
            let path = url.standardizedFileURL.path.dropFirst(testsDirectory.standardizedFileURL.path.count)
            sources.append(("Tests\(path)", try String(contentsOf: url, encoding: .utf8)))
        }
        return sources
    }

    /// Every line of ``testSources()`` that calls something that blocks.
    static func blockingLines() throws -> [String] {
        let patterns = try blockingCalls.map { ($0.name, try NSRegularExpression(pattern: $0.pattern)) }
        var found: [String] = []
        for (path, text) in try testSources() {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = String(line)
                if code.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                let range = NSRange(code.startIndex..., in: code)
                for (name, pattern) in patterns where pattern.firstMatch(in: code, range: range) != nil {
                    found.append("\(path):\(index + 1): \(name)")
                }
            }
        }
        return found.sorted()
    }

    @Test func testsBlockOnlyThroughTheHelpersThatRefuseThePool() throws {
        let lines = try Self.blockingLines()
        #expect(
            lines.isEmpty,
            """
            These lines block a thread outside BlockingTestSupport; use its helpers (runProgram, waitForExit, \
            readUntilClosed, readFirstLine, inTurn) inside onOwnThread { } or a test with the .onOwnThread trait:
            \(lines.joined(separator: "\n"))
            """
        )
    }

    /// A test whose case count grows with `TEST_DEPTH` computes for long at CI's depth (the Objective-C mutations
    /// take 38 s there), and on Swift concurrency's pool it holds one of its two threads all that time. Each file
    /// that reads the depth gives the trait to its suite or its test.
    @Test func testsThatGrowWithTheDepthRunOnThreadsOfTheirOwn() throws {
        let readers = try Self.testSources().filter { $0.text.contains("TestDepth.cases(") }
        let offenders = readers.filter { !$0.text.contains(".onOwnThread") }.map(\.path)
        #expect(readers.count >= 4, "the scan found \(readers.count) files that read the depth")
        #expect(offenders.isEmpty, "these read TEST_DEPTH without the .onOwnThread trait: \(offenders)")
    }

    @Test func theSearchFindsEachBlockingCall() throws {
        let samples = [
            "process.waitUntilExit()", "pipe.fileHandleForReading.readDataToEndOfFile()", "try handle.readToEnd()",
            "try handle.read(upToCount: 1)", "handle.availableData", "semaphore.wait()", "DispatchSemaphore(value: 0)",
            "DispatchGroup()", "NSCondition()", "Thread.sleep(forTimeInterval: 1)", "usleep(100)", "lock.lock()",
            "queue.sync { }",
        ]
        let patterns = try Self.blockingCalls.map { try NSRegularExpression(pattern: $0.pattern) }
        for sample in samples {
            let range = NSRange(sample.startIndex..., in: sample)
            #expect(patterns.contains { $0.firstMatch(in: sample, range: range) != nil }, "\(sample)")
        }
        for harmless in ["try await Task.sleep(for: .seconds(1))", "lock.withLock { count }", "try process.run()"] {
            let range = NSRange(harmless.startIndex..., in: harmless)
            #expect(!patterns.contains { $0.firstMatch(in: harmless, range: range) != nil }, "\(harmless)")
        }
    }

    @Test func aBlockingHelperOnThePoolThrowsAndNamesTheCall() {
        #expect {
            try waitForExit(Process())
        } throws: { error in
            "\(error)".contains("BlockingCallsTests.swift") && "\(error)".contains("onOwnThread")
        }
    }

    @Test func aBlockingHelperInsideOnOwnThreadRuns() async throws {
        let run = try await onOwnThread {
            try runProgram(URL(fileURLWithPath: "/bin/sh"), ["-c", "echo out; echo err >&2; exit 3"])
        }
        #expect(run.status == 3)
        #expect(run.output == "out\n")
        #expect(run.errors == "err\n")
    }

    @Test(.onOwnThread) func aTestWithTheTraitRunsOnItsOwnThreadSynchronousOrNot() throws {
        try requireOwnThread("a check")
        let merged = try runProgram(URL(fileURLWithPath: "/bin/sh"), ["-c", "echo a; echo b >&2"], mergingErrors: true)
        #expect(merged.output.split(separator: "\n").sorted() == ["a", "b"])
    }
}
