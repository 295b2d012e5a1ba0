import Foundation

/// How many items a stage needs before it spreads them over the cores: below it, handing them out costs more than it
/// saves.
let concurrentMapMinimumCount = 64

/// `(0..<count).map(transform)`, computed on every core and returned in index order. For stages whose items are
/// independent (object definitions to read, objects to resolve): they would otherwise leave all but one core idle.
func concurrentMap<Value: Sendable>(_ count: Int, _ transform: @Sendable (Int) -> Value) -> [Value] {
    let results = IndexedResults<Value>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        results.set(index, transform(index))
    }
    return results.all
}

/// One slot per index, filled from several threads.
private final class IndexedResults<Value: Sendable>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Value) {
        lock.withLock { slots[index] = value }
    }

    /// Every slot; each has been set once `concurrentPerform` returns.
    var all: [Value] {
        lock.withLock { slots.map { $0! } }
    }
}
