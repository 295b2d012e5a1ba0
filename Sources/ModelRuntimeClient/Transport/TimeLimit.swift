import Foundation

/// `operation`'s result, or the error `timedOut` makes once `limit` has passed, whichever comes first. Cancelling the
/// caller ends the wait at once with `CancellationError`.
///
/// The loser is cancelled and not waited for. A task group would wait for it: FoundationNetworking may take until
/// its own timeout (a minute or more) to give up a request that was cancelled while a server held it, and a bound
/// that waits for that doesn't bound anything.
func withTimeLimit<T: Sendable>(
    _ limit: Duration,
    timedOut: @escaping @Sendable () -> any Error,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = FirstToFinish<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            guard race.start(continuation) else { return }
            race.add(
                Task {
                    do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
                }
            )
            race.add(
                Task {
                    // Cancelled when the operation ends first: the sleep throws, and nothing more happens.
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    race.finish(.failure(timedOut()))
                }
            )
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The one continuation of ``withTimeLimit(_:timedOut:_:)``, resumed once by whichever of its tasks, or the caller's
/// cancellation, comes first; that one cancels the others.
private final class FirstToFinish<T: Sendable>: @unchecked Sendable {
    // Guards everything below it.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var tasks: [Task<Void, Never>] = []
    private var isFinished = false

    /// Keeps `continuation` to resume; `false` when the caller was cancelled before the race began, in which case
    /// it is resumed with `CancellationError` here.
    func start(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
        let finishedEarly = lock.withLock {
            if !isFinished { self.continuation = continuation }
            return isFinished
        }
        if finishedEarly { continuation.resume(throwing: CancellationError()) }
        return !finishedEarly
    }

    /// Keeps `task` to cancel when the race ends, or cancels it now if it has.
    func add(_ task: Task<Void, Never>) {
        let finished = lock.withLock {
            if !isFinished { tasks.append(task) }
            return isFinished
        }
        if finished { task.cancel() }
    }

    /// Ends the race with `result` if it hasn't ended.
    func finish(_ result: Result<T, any Error>) {
        let (continuation, tasks) = lock.withLock {
            guard !isFinished else { return (nil as CheckedContinuation<T, any Error>?, [Task<Void, Never>]()) }
            isFinished = true
            defer { (self.continuation, self.tasks) = (nil, []) }
            return (self.continuation, self.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(with: result)
    }
}
