import ModelRuntime

/// The runtime side of `patch_storage.py`: the updates a `Patch` sets, by the field's order; a field not set reads
/// as its default (unchanged).
public struct PatchEntries: Sendable {
    private var entries: [Int: any Sendable] = [:]

    public init() {}

    public func value<Update: Sendable>(_ order: Int, default defaultValue: @autoclosure () -> Update) -> Update {
        entries[order] as? Update ?? defaultValue()
    }

    public mutating func set<Update: Sendable>(_ order: Int, _ update: Update) {
        entries[order] = update
    }
}
