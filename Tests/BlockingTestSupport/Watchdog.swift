import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs `work` on a thread of its own and returns its value, or records an issue and returns nil when it has not
/// finished within `seconds`: a test of input that once took minutes (or never ended) fails instead of hanging the
/// run. Nothing can stop a thread, so work that overruns goes on, at a low priority, until the test process ends.
///
/// The test only awaits: no pool thread waits for the work. The thread has the main thread's 8 MiB of stack, as
/// the command line has. It runs at the normal priority until it overruns: a thread niced from the start waited
/// behind every other suite's work on a loaded machine, so a 3 s check took 72 s in CI.
public func finishing<Value: Sendable>(
    within seconds: Double,
    _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ work: @escaping @Sendable () -> Value
) async -> Value? {
    let priority = OverrunPriority()
    let value = await firstOf(
        within: seconds,
        failing: "\(what) did not finish within \(seconds) s",
        at: sourceLocation
    ) {
        outcome in
        let thread = Thread {
            priority.started()
            outcome.finish(work())
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
    if value == nil { priority.overran() }
    return value
}

/// Lowers a watchdog's thread's priority once its work has overrun, whichever of the two comes first: the thread
/// starting or the deadline passing. Linux only (`setpriority` of one thread by its id); elsewhere it does nothing.
private final class OverrunPriority: @unchecked Sendable {
    private let lock = NSLock()
    private var threadID: Int32?
    private var hasOverrun = false

    /// Called on the work's thread as it starts.
    func started() {
        #if canImport(Glibc)
        guard let id = Self.currentThreadID() else { return }
        let lowerNow = lock.withLock {
            threadID = id
            return hasOverrun
        }
        if lowerNow { Self.lower(id) }
        #endif
    }

    /// Called once the deadline has passed without the work's value.
    func overran() {
        #if canImport(Glibc)
        let id: Int32? = lock.withLock {
            hasOverrun = true
            return threadID
        }
        if let id { Self.lower(id) }
        #endif
    }

    #if canImport(Glibc)
    /// The kernel's id of the calling thread, from `/proc/thread-self` (`<pid>/task/<tid>`): Swift's Glibc has no
    /// `gettid`.
    private static func currentThreadID() -> Int32? {
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") else {
            return nil
        }
        return link.split(separator: "/").last.flatMap { Int32($0) }
    }

    private static func lower(_ id: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(id), 10)
    }
    #endif
}

/// What `start` hands its outcome, or nil with an issue saying `message` at `sourceLocation` when nothing came
/// within `seconds`. The watchdogs below all wait this way: `start` begins the work, which finishes the outcome itself.
private func firstOf<Value: Sendable>(
    within seconds: Double,
    failing message: String,
    at sourceLocation: SourceLocation,
    _ start: (Outcome<Value>) -> Void
) async -> Value? {
    let outcome = Outcome<Value>()
    let value = await withCheckedContinuation { continuation in
        outcome.wait(continuation)
        start(outcome)
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { outcome.finish(nil) }
    }
    if value == nil { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
    return value
}

/// The first of the work's value and the deadline, handed to the waiting test once.
private final class Outcome<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value?, Never>?

    func wait(_ continuation: CheckedContinuation<Value?, Never>) {
        lock.lock()
        self.continuation = continuation
        lock.unlock()
    }

    func finish(_ value: Value?) {
        lock.lock()
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: value)
    }
}

/// The result of `task`, or nil with an issue recorded when it has not ended within `seconds`: a test that expects
/// a cancellation to cut a wait of an hour short fails instead of hanging when it doesn't. A backstop, not a measure
/// of speed: `seconds` is far longer than the task needs when it behaves.
public func result<Value: Sendable>(
    of task: Task<Value, any Error>,
    within seconds: Double,
    _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> Result<Value, any Error>? {
    await firstOf(within: seconds, failing: "\(what) had not ended after \(seconds) s", at: sourceLocation) { outcome in
        Task { outcome.finish(await task.result) }
    }
}

/// The result of `work`, run at the normal priority on threads of its own, or nil with an issue recorded when it has
/// not ended within `seconds`: for async work on input that once took minutes, which fails instead of holding the
/// run. The work hands its result over itself, from its own thread: nothing between its end and the verdict waits for
/// Swift concurrency's pool, which tests that compute for long can hold for a minute (a second's work, waited for
/// from the pool, passed 60 s in a CI run). Before macOS 15 and its kin, which have no task executors, the work runs
/// on the pool. Nothing can stop the work: one that overruns goes on until the test process ends.
public func result<Value: Sendable>(
    within seconds: Double,
    _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    of work: @escaping @Sendable () async throws -> Value
) async -> Result<Value, any Error>? {
    await firstOf(within: seconds, failing: "\(what) had not ended after \(seconds) s", at: sourceLocation) { outcome in
        let run: @Sendable () async -> Void = {
            do {
                outcome.finish(.success(try await work()))
            } catch {
                outcome.finish(.failure(error))
            }
        }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            Task(executorPreference: OwnThreadExecutor.prompt) { await run() }
        } else {
            Task { await run() }
        }
    }
}
