import Foundation

/// A clock whose time moves only when something sleeps on it: a sleep records its length and returns at once, with
/// the clock advanced by it. Code that waits minutes between reads runs in no time, and a test checks each wait.
public final class SteppingClock: Clock, @unchecked Sendable {
    public struct Instant: InstantProtocol {
        /// The time since the clock was made.
        public var offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }

    private let state = NSLock()
    private var current = Instant(offset: .zero)
    private var recorded: [Duration] = []

    public init() {}

    public var now: Instant { state.withLock { current } }
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Every sleep so far, in order.
    public var sleeps: [Duration] { state.withLock { recorded } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        state.withLock {
            recorded.append(current.duration(to: deadline))
            current = max(current, deadline)
        }
    }
}
