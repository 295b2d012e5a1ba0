import Foundation
import ModelRuntime
import Testing

@testable import ModelRuntimeClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's time limit against work that ignores its cancellation. Each test checks an order of events, never a
/// length of time: the work ends only when its gate opens, which the test does once the call under test has ended.
/// A race that waited for the work would wait for the gate's backstop, a minute, and then fail its expectations.
@Suite struct TimeLimitTests {
    /// A client over `transport` that sends once and times out after 100 ms.
    static func client(timingOut transport: some HTTPTransport) -> ModelClient {
        ModelClient(
            baseURL: URL(string: "http://127.0.0.1:9")!,
            dialect: .cortex,
            transport: transport,
            retry: .never,
            timeout: .milliseconds(100)
        )
    }

    /// A transport of the app's own that ignores cancellation (it waits for a server trickling bytes) can't hold the
    /// client's timeout: the request times out at its limit while the transport's call still runs.
    @Test func aTransportThatIgnoresCancellationStillTimesOut() async throws {
        let transport = IgnoresCancellation()
        let client = Self.client(timingOut: transport)
        await #expect {
            _ = try await client.get(JSONValue.self, path: "/c_items")
        } throws: { error in
            guard case ModelClientError.timedOut(let request, _) = error else { return false }
            return request == "GET /c_items"
        }
        #expect(transport.gate.isOpen == false)
        transport.gate.open()
    }

    /// Cancelling the caller ends its wait at once, with `CancellationError`, even when the work goes on.
    @Test func cancellingTheCallerEndsTheWaitAtOnce() async throws {
        let gate = Gate(backstop: .seconds(60))
        let call = Task {
            try await withTimeLimit(.seconds(3_600), timedOut: { _ in Unexpected() }) {
                await gate.passed()
                return 1
            }
        }
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        #expect(gate.isOpen == false)
        gate.open()
    }

    /// The work's result ends the race, and only once its timer has ended: no timer outlives the call.
    @Test func workThatEndsFirstWinsAndItsTimerEndsWithTheCall() async throws {
        let timerEnded = Flag()
        let value = try await withTimeLimit(
            .seconds(3_600),
            sleep: { duration in
                do {
                    try await Task.sleep(for: duration)
                } catch {
                    // A timer that takes a while to end once cancelled: the call must still wait for it.
                    await withCheckedContinuation { ended in
                        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { ended.resume() }
                    }
                    timerEnded.set()
                    throw error
                }
            },
            timedOut: { _ in Unexpected() },
            { 42 }
        )
        #expect(value == 42)
        #expect(timerEnded.isSet)
    }

    /// The work runs with the caller's task-local values and priority, though in a task of its own.
    @Test func theWorkKeepsTheCallersTaskLocalsAndPriority() async throws {
        let seen = try await Task(priority: .high) {
            try await RequestTag.$value.withValue("tagged") {
                try await withTimeLimit(.seconds(3_600), timedOut: { _ in Unexpected() }) {
                    (RequestTag.value, Task.currentPriority)
                }
            }
        }.value
        #expect(seen.0 == "tagged")
        #expect(seen.1 >= .high)
    }

    /// A caller with a task executor preference keeps it for the work (its task is given the preference, which an
    /// unstructured task doesn't inherit), so work a test or an app sends to threads of its own stays there.
    @Test func theWorkRunsOnTheCallersPreferredExecutor() async throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let executor = ThreadPerJobExecutor()
        let ranThere = try await withTaskExecutorPreference(executor) {
            try await withTimeLimit(.seconds(3_600), timedOut: { _ in Unexpected() }) {
                withUnsafeCurrentTask { $0?.unownedTaskExecutor == executor.asUnownedTaskExecutor() }
            }
        }
        #expect(ranThere)
    }

    /// Inside `withTaskExecutorPreference`, a transport that ignores cancellation still can't hold the timeout where
    /// the runtime hands the preference back (`UnownedTaskExecutor.asTaskExecutor()`: Linux, Apple's systems from
    /// 26.4): the attempt keeps the preference in a task of its own. Before, the race was of child tasks, and the
    /// call waited for the transport.
    @Test func aTransportThatIgnoresCancellationStillTimesOutOnAPreferredExecutor() async throws {
        guard #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) else { return }
        let transport = IgnoresCancellation()
        let client = Self.client(timingOut: transport)
        let executor = ThreadPerJobExecutor()
        let error = await withTaskExecutorPreference(executor) {
            await #expect {
                _ = try await client.get(JSONValue.self, path: "/c_items")
            } throws: { error in
                guard case ModelClientError.timedOut(let request, _) = error else { return false }
                return request == "GET /c_items"
            }
        }
        #expect(error != nil)
        #expect(transport.gate.isOpen == false)
        transport.gate.open()
    }
}

private struct Unexpected: Error {}

private enum RequestTag {
    @TaskLocal static var value: String?
}

/// A one-way flag, set from any thread.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }

    func set() { lock.withLock { value = true } }
}

/// Holds whoever calls `passed()` until the test opens it, or its backstop has passed; cancelling the waiting task
/// doesn't open it.
private final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var opened = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var backstop: Task<Void, Never>?

    init(backstop: Duration) {
        let timer = Task { [weak self] in
            guard (try? await Task.sleep(for: backstop)) != nil else { return }
            self?.open()
        }
        lock.withLock { self.backstop = timer }
    }

    var isOpen: Bool { lock.withLock { opened } }

    func passed() async {
        await withCheckedContinuation { continuation in
            let wait = lock.withLock {
                if !opened { waiting.append(continuation) }
                return !opened
            }
            if !wait { continuation.resume() }
        }
    }

    func open() {
        let (waiting, backstop) = lock.withLock {
            opened = true
            defer { self.waiting = [] }
            return (self.waiting, self.backstop)
        }
        backstop?.cancel()
        waiting.forEach { $0.resume() }
    }
}

/// A transport that answers only once its gate is open, whether or not its request was cancelled.
private struct IgnoresCancellation: HTTPTransport {
    let gate = Gate(backstop: .seconds(60))

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        await gate.passed()
        let url = try #require(request.url)
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
        )
        return (Data("{}".utf8), response)
    }
}

/// Runs each job on a new thread.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
private final class ThreadPerJobExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread { job.runSynchronously(on: executor) }.start()
    }
}
