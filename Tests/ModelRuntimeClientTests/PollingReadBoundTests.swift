import Foundation
import ModelRuntime
import Testing

@testable import ModelRuntimeClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How long each poll's read may take, checked on a clock the test steps: the waits between polls move it, and a
/// read's limit fires only if it is no time at all. So each read's limit is seen exactly, whatever else the machine
/// is doing; a race of a real answer against a real limit failed on CI when other suites held every pool thread.
@Suite struct PollingReadBoundTests {
    /// A policy of no time at all still reads once: each read gets at least `minimumReadTime`, which the read at the
    /// deadline needs too. With the first wait's length as the only floor, that read got no time, and failed even
    /// when the file was ready.
    @Test func aPolicyWithoutTimeStillReadsOnce() async throws {
        let clock = SteppedReadClock()
        let uploader = FileUploader(
            transport: FacetAnswer(status: 200, state: 2),
            polling: try PollingPolicy(initialDelay: .zero, timeout: .zero),
            timer: clock.timer
        )
        let file = try await uploader.waitUntilReady(fileAt: URL(string: "http://127.0.0.1:9/c_offices/1/c_logo")!)
        #expect(file.facets.map(\.state) == [.ready])
        #expect(clock.readLimits == [FileUploader.minimumReadTime])
        #expect(clock.waits.isEmpty)
    }

    /// Each read may take the time left, the first wait's length, or `minimumReadTime`, whichever is longest; the
    /// last wait is cut short so that the last read starts at the deadline, and gets `minimumReadTime` there.
    @Test func eachReadGetsTheTimeLeftAndTheLastStartsAtTheDeadline() async throws {
        let clock = SteppedReadClock()
        let uploader = FileUploader(
            transport: FacetAnswer(status: 202, state: nil),
            polling: try PollingPolicy(initialDelay: .milliseconds(500), multiplier: 2, timeout: .seconds(2)),
            timer: clock.timer
        )
        let error = await #expect(throws: UploadError.self) {
            try await uploader.waitUntilReady(fileAt: URL(string: "http://127.0.0.1:9/c_offices/1/c_logo")!)
        }
        #expect(error?.reason.contains("not ready after 2.0 seconds") == true, "\(String(describing: error))")
        #expect(clock.waits == [.milliseconds(500), .seconds(1), .milliseconds(500)])
        #expect(clock.readLimits == [.seconds(2), .milliseconds(1500), .seconds(1), .seconds(1)])
    }

    /// A read that outlasts its limit fails the wait with the polling timeout, and the read is cancelled.
    @Test func aReadPastItsLimitEndsTheWait() async throws {
        let clock = SteppedReadClock(readLimitsFire: true)
        let transport = AnswerOnlyWhenCancelled()
        let uploader = FileUploader(
            transport: transport,
            polling: try PollingPolicy(initialDelay: .zero, timeout: .zero),
            timer: clock.timer
        )
        let error = await #expect(throws: UploadError.self) {
            try await uploader.waitUntilReady(fileAt: URL(string: "http://127.0.0.1:9/c_offices/1/c_logo")!)
        }
        #expect(error?.reason.contains("not ready after 0.0 seconds") == true, "\(String(describing: error))")
        // The wait ends without waiting for the read, whose cancellation lands on a task of its own: give it up to
        // a minute of ten-millisecond steps.
        for _ in 0..<6_000 where !transport.wasCancelled {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(transport.wasCancelled)
    }
}

/// A polling clock a test steps. The uploader sleeps on it twice per poll, strictly in turn: first as the limit of
/// the poll's read (the time-limit race waits for its timer before the loop goes on), then as the wait before the
/// next poll. A wait moves the clock at once; a read's limit fires at once when `readLimitsFire`, and otherwise
/// only ends when the read's answer cancels it.
private final class SteppedReadClock: @unchecked Sendable {
    private let lock = NSLock()
    private let readLimitsFire: Bool
    private var now: Duration = .zero
    private var sleeps: [Duration] = []

    init(readLimitsFire: Bool = false) {
        self.readLimitsFire = readLimitsFire
    }

    /// The limits the reads were given, in order.
    var readLimits: [Duration] {
        lock.withLock { sleeps.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element) }
    }
    /// The waits between the polls, in order.
    var waits: [Duration] {
        lock.withLock { sleeps.enumerated().filter { !$0.offset.isMultiple(of: 2) }.map(\.element) }
    }

    var timer: PollingTimer {
        PollingTimer(
            elapsed: { [self] in lock.withLock { now } },
            sleep: { [self] duration in try await step(duration) },
            isRealTime: true
        )
    }

    /// One sleep of the uploader on this clock: a read's limit or a wait (see the type's comment).
    private func step(_ duration: Duration) async throws {
        let isReadLimit = lock.withLock {
            sleeps.append(duration)
            let isReadLimit = !sleeps.count.isMultiple(of: 2)
            if !isReadLimit { now += duration }
            return isReadLimit
        }
        guard isReadLimit, duration > .zero, !readLimitsFire else { return }
        // Ended by the read's answer, which cancels the race's timer.
        try await Task.sleep(for: .seconds(3_600))
    }
}

/// Answers every read of a file at once with `status`, and a content facet in `state` (Cortex's numbers).
private struct FacetAnswer: HTTPTransport {
    let status: Int
    let state: Int?

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let url = try #require(request.url)
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)
        )
        let facet = state.map { #"{"name": "content", "state": \#($0)}"# } ?? #"{"name": "content"}"#
        return (Data(facet.utf8), response)
    }
}

/// Never answers; records that the read was cancelled.
private final class AnswerOnlyWhenCancelled: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    var wasCancelled: Bool { lock.withLock { cancelled } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        do {
            try await Task.sleep(for: .seconds(3_600))
        } catch {
            lock.withLock { cancelled = true }
            throw error
        }
        throw URLError(.timedOut)
    }
}
