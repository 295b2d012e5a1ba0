import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// `map` run on all cores; the results keep the order of the elements.
    func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let results = ResultSlots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.store(transform(self[index]), at: index)
        }
        return results.values
    }
}

/// Slots the concurrent iterations fill, one each; the lock makes the writes safe to publish.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ value: Value, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
