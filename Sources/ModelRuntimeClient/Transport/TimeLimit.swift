import Foundation

/// `operation`'s result, or the error `timedOut` makes of `limit` once it has passed, whichever comes first; the other
/// is cancelled. Cancelling the caller cancels both and throws `CancellationError` at once. A `nil` limit runs
/// `operation` as it is.
///
/// The caller's wait ends at the limit even when `operation` ignores its cancellation (a transport of the app's own
/// that waits for a server trickling bytes): the operation runs in a task of its own, which is cancelled and left to
/// end by itself, and its late result is dropped. That task keeps the caller's priority and task-local values, and
/// its task executor preference (`withTaskExecutorPreference`), which an unstructured task doesn't inherit, is given
/// to it. Where the runtime can't read the preference back to give (Apple's systems before 26.4, with their
/// `UnownedTaskExecutor.asTaskExecutor()`), a caller that has one gets a race of child tasks instead, which keeps
/// it, but which ends only when the cancelled operation does.
///
/// When the operation wins, the race still waits for its timer to end (cancelled, it ends at once), so no timer
/// outlives the call.
///
/// The limit is measured by `sleep`, the continuous clock's unless the caller's clock is another (a
/// `SuspendingClock` doesn't count the time a device sleeps). A limit of a year or more is none too: `Task.sleep`
/// traps on a duration its clock can't represent, and `.seconds(.max)` is how someone might write "forever".
func withTimeLimit<T: Sendable>(
    _ limit: Duration?,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
    timedOut: @escaping @Sendable (Duration) -> any Error,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    guard let limit, limit < .seconds(365 * 86_400) else { return try await operation() }
    @Sendable func timer() async throws -> T {
        try await sleep(limit)
        throw timedOut(limit)
    }
    let preference = callersExecutorPreference
    if case .notPassable = preference {
        return try await raceOfChildTasks(operation, timer)
    }
    let race = TimeLimitRace<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            race.begin(continuation)
            race.hold(
                operation: preference.task { race.operationEnded(await outcome(of: operation)) },
                timer: preference.task { race.timerEnded(await outcome(of: timer)) }
            )
        }
    } onCancel: {
        race.callerCancelled()
    }
}

/// What `work` returns or throws.
private func outcome<T>(of work: () async throws -> T) async -> Result<T, any Error> {
    do {
        return .success(try await work())
    } catch {
        return .failure(error)
    }
}

/// The calling task's task executor preference, which child tasks inherit and unstructured ones don't.
private enum ExecutorPreference {
    /// None: systems without task executors have none either.
    case none
    /// One an unstructured task can be given.
    case passable(any TaskExecutor)
    /// One the runtime can't hand back as a `TaskExecutor` (Apple's systems before 26.4).
    case notPassable

    /// An unstructured task running `work`, with the preference when there is one.
    func task(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        guard case .passable(let executor) = self,
            #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        else { return Task(operation: work) }
        return Task(executorPreference: executor, operation: work)
    }
}

private var callersExecutorPreference: ExecutorPreference {
    guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *),
        let unowned = withUnsafeCurrentTask(body: { $0?.unownedTaskExecutor })
    else { return .none }
    #if compiler(>=6.3)
    if #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *),
        let executor = unowned.asTaskExecutor()
    {
        return .passable(executor)
    }
    #endif
    return .notPassable
}

/// `operation` against `timer` as child tasks: the first to end wins and the other is cancelled, and the race ends
/// when both have.
private func raceOfChildTasks<T: Sendable>(
    _ operation: @escaping @Sendable () async throws -> T,
    _ timer: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask(operation: operation)
        group.addTask(operation: timer)
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw CancellationError() }
        return first
    }
}

/// The state of one unstructured race of ``withTimeLimit(_:sleep:timedOut:_:)``: who ended, and the caller's
/// continuation, resumed once.
///
/// The operation's result waits for the cancelled timer to end; the timer's result and the caller's cancellation
/// don't wait for the operation. Any of them may come before the continuation or the tasks are handed over.
private final class TimeLimitRace<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    /// The race's result once it is decided.
    private var outcome: Result<T, any Error>?
    /// Whether the decided result still waits for the cancelled timer to end.
    private var waitsForTimer = false
    private var timerHasEnded = false
    private var operation: Task<Void, Never>?
    private var timer: Task<Void, Never>?

    func begin(_ continuation: CheckedContinuation<T, any Error>) {
        lock.lock()
        self.continuation = continuation
        resumeIfReady()
    }

    /// Keeps the two tasks to cancel; a race already decided cancels them at once.
    func hold(operation: Task<Void, Never>, timer: Task<Void, Never>) {
        let decided = lock.withLock {
            self.operation = operation
            self.timer = timer
            return outcome != nil
        }
        guard decided else { return }
        operation.cancel()
        timer.cancel()
    }

    func operationEnded(_ result: Result<T, any Error>) {
        lock.lock()
        guard outcome == nil else { return lock.unlock() }
        outcome = result
        waitsForTimer = !timerHasEnded
        let timer = self.timer
        resumeIfReady()
        timer?.cancel()
    }

    func timerEnded(_ result: Result<T, any Error>) {
        lock.lock()
        timerHasEnded = true
        waitsForTimer = false
        if outcome == nil { outcome = result }
        let operation = self.operation
        resumeIfReady()
        operation?.cancel()
    }

    func callerCancelled() {
        lock.lock()
        if outcome == nil { outcome = .failure(CancellationError()) }
        waitsForTimer = false
        let (operation, timer) = (self.operation, self.timer)
        resumeIfReady()
        operation?.cancel()
        timer?.cancel()
    }

    /// Resumes the caller once the race is decided, not waiting for its timer, and its continuation is here; the
    /// continuation is taken, so it is resumed once. Called with the lock held; unlocks it.
    private func resumeIfReady() {
        guard !waitsForTimer, let continuation, let outcome else { return lock.unlock() }
        self.continuation = nil
        lock.unlock()
        continuation.resume(with: outcome)
    }
}
