import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

// Swift concurrency runs every task, and every synchronous `@Test` function, on a pool of as many threads as cores:
// two on CI. Test work that blocks (waits for a process, a lock, a pipe) or computes for seconds holds one of them,
// and while two such tests run, no timer, server answer or other test anywhere in the process gets a thread: CI saw
// a 100 ms timeout fire after 31 s. Such work runs on threads of its own instead, through `onOwnThread` (a part of a
// test) or the `.onOwnThread` trait (whole tests or suites); the blocking helpers here refuse to run anywhere else.

/// Runs `work` on threads of its own rather than Swift concurrency's pool threads (each stretch between two
/// suspensions on a new thread), in the calling task, so `#expect` and `Issue.record` inside it belong to the running
/// test.
///
/// Not dispatch's threads: on Linux the pool and `DispatchQueue.global()` share one limit of a thread per core, so
/// work waiting there starves the pool too.
public func onOwnThread<Value>(_ work: () async throws -> Value) async rethrows -> Value {
    try await onThreadsOfItsOwn(prompt: false, work)
}

/// Runs `work` with ``OwnThreadExecutor``'s `prompt` threads (`prompt`) or its `shared` ones preferred.
private func onThreadsOfItsOwn<Value>(prompt: Bool, _ work: () async throws -> Value) async rethrows -> Value {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        let executor = prompt ? OwnThreadExecutor.prompt : OwnThreadExecutor.shared
        return try await withTaskExecutorPreference(executor) { try await work() }
    }
    // Older Apple systems have no task executors; the work stays where it is.
    return try await work()
}

/// Thrown by a blocking helper called on Swift concurrency's pool.
public struct BlockingOnThePool: Error, CustomStringConvertible {
    public var description: String
}

/// Throws unless the caller runs on a thread of ``onOwnThread(_:)``: every helper that blocks calls it first, so a
/// test that would block a pool thread fails, naming the call, instead of stalling the whole test run now and then.
public func requireOwnThread(_ what: String, file: StaticString = #fileID, line: UInt = #line) throws {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    guard Thread.current.threadDictionary[OwnThreadExecutor.marker] == nil else { return }
    throw BlockingOnThePool(
        description: "\(file):\(line): \(what) blocks a thread, and this one is Swift concurrency's, which every "
            + "test's timers and servers share: call it inside onOwnThread { }, or give the test the .onOwnThread trait"
    )
}

/// Runs each job on a new thread: jobs of tests that block or compute for long are few, and a thread of their own
/// never waits for a free one.
///
/// `shared` is for those tests: its threads, and the programs they start, run at a lower priority than the pool's, so
/// dozens of them computing at once don't take the cores from the pool's two threads, where every other test waits
/// for its turn. `prompt` is for the tests with deadlines (a client's timeout against a local server): their jobs run
/// at the normal priority on threads of their own, never queued behind the computing tests that hold the pool.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class OwnThreadExecutor: TaskExecutor {
    static let shared = OwnThreadExecutor(niceness: 10, allowsBlocking: true)
    static let prompt = OwnThreadExecutor(niceness: 0, allowsBlocking: false)
    /// The key, in the thread dictionary of the threads of `shared`, that tells them apart.
    static let marker = "BlockingTestSupport.OwnThreadExecutor"

    private let niceness: Int32
    private let allowsBlocking: Bool

    private init(niceness: Int32, allowsBlocking: Bool) {
        self.niceness = niceness
        self.allowsBlocking = allowsBlocking
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let (niceness, allowsBlocking) = (self.niceness, self.allowsBlocking)
        let thread = Thread {
            if allowsBlocking { Thread.current.threadDictionary[Self.marker] = true }
            #if canImport(Glibc)
            // Linux keeps a nice value per thread; 0 is the calling thread.
            if niceness != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness) }
            #endif
            job.runSynchronously(on: executor)
        }
        thread.qualityOfService = niceness == 0 ? .userInitiated : .utility
        // As much stack as the main thread's, for the tests of deep nesting.
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// Runs each test it applies to (each test of a suite, when given to a suite) on threads of its own: `.onOwnThread`
/// for tests that block or compute for long, synchronous ones included; `.onPromptThreads` for tests with deadlines.
public struct OnOwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    /// Whether the threads run at the normal priority and refuse blocking helpers (`.onPromptThreads`).
    let isPrompt: Bool

    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await onThreadsOfItsOwn(prompt: isPrompt, function)
    }
}

extension Trait where Self == OnOwnThreadTrait {
    /// Runs the test (each test of a suite) on threads of its own, not on Swift concurrency's pool: for tests that
    /// block or compute for long.
    public static var onOwnThread: Self { Self(isPrompt: false) }

    /// Runs the test (each test of a suite) on threads of its own at the normal priority, not on Swift concurrency's
    /// pool: for tests with deadlines, such as a client's timeout against a local server, which must not wait for a
    /// pool thread that computing tests hold. Work inside them that blocks still goes through ``onOwnThread(_:)``.
    public static var onPromptThreads: Self { Self(isPrompt: true) }
}
