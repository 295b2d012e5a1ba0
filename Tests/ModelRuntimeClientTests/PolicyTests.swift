import Foundation
import ModelRuntime
import ModelRuntimeClient
import Testing

/// Retry and polling policies refuse, when made, values that would trap or wait forever at the first retry.
@Suite struct PolicyTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, 101, 0.5, 0, -2])
    func aMultiplierThatCantWorkIsRefused(multiplier: Double) {
        #expect(throws: InvalidPolicyError.self) { try RetryPolicy(multiplier: multiplier) }
        #expect(throws: InvalidPolicyError.self) { try PollingPolicy(multiplier: multiplier) }
    }

    @Test(arguments: [Duration.seconds(-1), .seconds(3601), .seconds(Int64.max)])
    func aDelayOutsideZeroToAnHourIsRefused(delay: Duration) {
        #expect(throws: InvalidPolicyError.self) { try RetryPolicy(initialDelay: delay) }
        #expect(throws: InvalidPolicyError.self) { try RetryPolicy(maximumDelay: delay) }
        #expect(throws: InvalidPolicyError.self) { try PollingPolicy(initialDelay: delay) }
        #expect(throws: InvalidPolicyError.self) { try PollingPolicy(maximumDelay: delay) }
    }

    @Test(arguments: [0, -1, 101, Int.max])
    func anAttemptCountOutsideOneToAHundredIsRefused(attempts: Int) {
        #expect(throws: InvalidPolicyError.self) { try RetryPolicy(maxAttempts: attempts) }
    }

    @Test func aPollingTimeoutOverADayIsRefused() {
        #expect(throws: InvalidPolicyError.self) { try PollingPolicy(timeout: .seconds(86_401)) }
        #expect(throws: InvalidPolicyError.self) { try PollingPolicy(timeout: .seconds(-1)) }
    }

    @Test func theMessageNamesTheValue() throws {
        let error = try #require(throws: InvalidPolicyError.self) { try RetryPolicy(multiplier: .nan) }
        #expect(error.description.contains("multiplier"))
        #expect(error.description.contains("nan"))
    }

    @Test func valuesAtTheBoundsAreKept() throws {
        let retry = try RetryPolicy(maxAttempts: 100, initialDelay: .seconds(3600), multiplier: 100)
        #expect(retry.maxAttempts == 100)
        #expect(retry.multiplier == 100)
        #expect(retry.initialDelay == .seconds(3600))
        let polling = try PollingPolicy(initialDelay: .zero, multiplier: 1, maximumDelay: .zero, timeout: .zero)
        #expect(polling.multiplier == 1)
        #expect(RetryPolicy.standard == (try RetryPolicy()))
        #expect(PollingPolicy.standard == (try PollingPolicy()))
        #expect(RetryPolicy.never.maxAttempts == 1)
    }
}
