import Foundation

/// `operation`'s result, or the error `timedOut` makes of `limit` once it has passed, whichever comes first; the other
/// is cancelled. Cancelling the caller cancels both. A `nil` limit runs `operation` as it is.
///
/// Both run as child tasks, so the operation keeps the caller's executor preference, priority and task-local values.
/// A child task ends only when its work does, so the race ends when the cancelled loser does: at once for
/// ``URLSessionTransport``, whose requests end when their task is cancelled, but only when it gives up for a
/// transport that ignores cancellation.
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
    return try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await sleep(limit)
            throw timedOut(limit)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw CancellationError() }
        return first
    }
}
