import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a program ended and what it wrote.
public struct ProgramRun: Sendable {
    public var status: Int32
    /// Standard output; standard error too when the run merged them.
    public var output: String
    /// Standard error, when the run kept it apart; empty otherwise.
    public var errors: String
    /// Whether the program was still running at the run's time limit and was killed there.
    public var wasKilledAtTimeLimit = false
}

/// Runs `executable` to its end and returns what it wrote, reading both pipes at once (so neither can fill up and
/// stall it). Blocks for as long as the program runs: only on a thread of ``onOwnThread(_:)``.
///
/// - Parameters:
///   - directory: The working directory; the caller's when nil.
///   - environment: All the program sees of the environment; the caller's when nil.
///   - mergingErrors: Whether standard error goes into `output` (in the order written) rather than `errors`.
///   - timeLimit: When given, a program still running after it is killed (SIGKILL, which a program can't block or
///     handle) and the run says so: a test of something that could hang fails instead.
public func runProgram(
    _ executable: URL,
    _ arguments: [String],
    in directory: URL? = nil,
    environment: [String: String]? = nil,
    mergingErrors: Bool = false,
    timeLimit: Duration? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
) throws -> ProgramRun {
    try requireOwnThread("running \(executable.lastPathComponent)", file: file, line: line)
    var attempt = 1
    while true {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = mergingErrors ? output : Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch  where isTextFileBusy(error) && attempt < 20 {
            // A program a test has just written (a copied binary) can't be started while a child that another
            // thread is forking still holds the file open for writing; that child execs or exits within moments.
            attempt += 1
            Thread.sleep(forTimeInterval: 0.05)
            continue
        }
        return finish(process, output: output, errors: mergingErrors ? nil : errors, timeLimit: timeLimit)
    }
}

/// Whether starting a program failed because its file is open for writing (`ETXTBSY`).
private func isTextFileBusy(_ error: any Error) -> Bool {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    return [error as NSError, underlying].contains {
        $0?.domain == NSPOSIXErrorDomain && $0?.code == Int(ETXTBSY)
    }
}

/// Reads a started program's pipes to their ends and waits for it.
private func finish(_ process: Process, output: Pipe, errors: Pipe?, timeLimit: Duration?) -> ProgramRun {
    let watchdog = timeLimit.map { Watchdog(process, after: $0) }
    let errorData = ReadInBackground(errors)
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProgramRun(
        status: process.terminationStatus,
        output: String(decoding: outputData, as: UTF8.self),
        errors: String(decoding: errorData.wait(), as: UTF8.self),
        wasKilledAtTimeLimit: watchdog?.stop() ?? false
    )
}

/// Kills a process that is still running at a time limit, on a thread of its own.
private final class Watchdog: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopped = false
    private var fired = false

    init(_ process: Process, after limit: Duration) {
        let (seconds, attoseconds) = limit.components
        let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18)
        Thread {
            self.condition.lock()
            defer { self.condition.unlock() }
            while !self.stopped, self.condition.wait(until: deadline) {}
            if !self.stopped, process.isRunning {
                self.fired = true
                kill(process.processIdentifier, SIGKILL)
            }
        }
        .start()
    }

    /// Stops watching; whether the process was killed.
    func stop() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        stopped = true
        condition.signal()
        return fired
    }
}

/// Waits for `process` to end. Only on a thread of ``onOwnThread(_:)``.
public func waitForExit(_ process: Process, file: StaticString = #fileID, line: UInt = #line) throws {
    try requireOwnThread("waiting for a process", file: file, line: line)
    process.waitUntilExit()
}

/// Reads `pipe` until every writer closed it. Only on a thread of ``onOwnThread(_:)``.
public func readUntilClosed(_ pipe: Pipe, file: StaticString = #fileID, line: UInt = #line) throws -> Data {
    try requireOwnThread("reading a pipe to its end", file: file, line: line)
    return pipe.fileHandleForReading.readDataToEndOfFile()
}

/// Reads `pipe` up to its first line break (which it leaves out) or its end. Only on a thread of ``onOwnThread(_:)``.
public func readFirstLine(_ pipe: Pipe, file: StaticString = #fileID, line: UInt = #line) throws -> String {
    try requireOwnThread("reading a line from a pipe", file: file, line: line)
    var text = Data()
    while let byte = try pipe.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
        text.append(byte)
    }
    return String(decoding: text, as: UTF8.self)
}

/// Runs `work` when no other work of `turn` runs (one package build at a time, say), waiting for it meanwhile. Only on
/// a thread of ``onOwnThread(_:)``: the wait can last minutes.
public func inTurn<Value>(
    _ turn: NSLock,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ work: () throws -> Value
) throws -> Value {
    try requireOwnThread("waiting for a turn", file: file, line: line)
    turn.lock()
    defer { turn.unlock() }
    return try work()
}

/// Runs `work` holding an exclusive lock on the file at `url` (made if missing), waiting for other processes that hold
/// it: one test process at a time in a folder that several may use. Only on a thread of ``onOwnThread(_:)``.
public func holdingFileLock<Value>(
    _ url: URL,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ work: () throws -> Value
) throws -> Value {
    try requireOwnThread("waiting for a file lock", file: file, line: line)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let descriptor = open(url.path, O_CREAT | O_RDWR, 0o644)
    guard descriptor >= 0 else { throw FileLockError(description: "could not open \(url.path) to lock it") }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX) == 0 else { throw FileLockError(description: "could not lock \(url.path)") }
    defer { flock(descriptor, LOCK_UN) }
    return try work()
}

/// Thrown by ``holdingFileLock(_:file:line:_:)`` when the lock file can't be opened or locked.
public struct FileLockError: Error, CustomStringConvertible {
    public var description: String
}

/// A pipe read to its end on a thread of its own (not dispatch's, which Swift concurrency's pool shares on Linux).
private final class ReadInBackground: @unchecked Sendable {
    private let done = NSCondition()
    private var data: Data?

    init(_ pipe: Pipe?) {
        guard let pipe else {
            data = Data()
            return
        }
        Thread {
            let read = pipe.fileHandleForReading.readDataToEndOfFile()
            self.done.lock()
            self.data = read
            self.done.signal()
            self.done.unlock()
        }
        .start()
    }

    func wait() -> Data {
        done.lock()
        defer { done.unlock() }
        while data == nil { done.wait() }
        return data!
    }
}

/// Checks `condition` every `interval` until it holds or `limit` has passed, and says whether it held. Only on a
/// thread of ``onOwnThread(_:)``: it sleeps between the checks.
public func poll(
    every interval: Duration,
    for limit: Duration,
    file: StaticString = #fileID,
    line: UInt = #line,
    until condition: () throws -> Bool
) throws -> Bool {
    try requireOwnThread("polling", file: file, line: line)
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: seconds(interval))
    }
    return try condition()
}

/// `duration` in seconds, as `Thread.sleep` takes them.
private func seconds(_ duration: Duration) -> TimeInterval {
    TimeInterval(duration.components.seconds) + TimeInterval(duration.components.attoseconds) / 1e18
}
