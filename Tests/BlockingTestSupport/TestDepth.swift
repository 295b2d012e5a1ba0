import Foundation

/// How many cases the suites whose cost grows with a case count run: the fuzzing, random-schema and property tests.
///
/// `TEST_DEPTH` multiplies each suite's quick count. It is 1 when unset, which keeps `swift test` to a few minutes;
/// `.ci/run` sets it to 10, which gives the deep counts (5,000 fuzzed inputs, 100 random schemas). The deep and the
/// quick runs differ only in these counts: every assertion runs in both.
public enum TestDepth {
    /// The multiplier, from `TEST_DEPTH` (a whole number from 1 to 1,000), 1 when unset.
    ///
    /// A value that isn't such a number stops the run with a message rather than quietly running the quick counts:
    /// a CI run meant to be deep must not pass shallow.
    public static let factor: Int = {
        guard let text = ProcessInfo.processInfo.environment["TEST_DEPTH"] else { return 1 }
        guard let value = Int(text), (1...1_000).contains(value) else {
            fatalError("TEST_DEPTH must be a whole number from 1 to 1000 (1 unless set; CI uses 10), not '\(text)'")
        }
        return value
    }()

    /// The number of cases a suite runs: its quick count times ``factor``.
    public static func cases(quick: Int) -> Int { quick * factor }
}
