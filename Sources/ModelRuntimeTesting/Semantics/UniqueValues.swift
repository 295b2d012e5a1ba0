import ModelRuntime

/// The documents of one collection by their values of the members it keeps unique (its unique indexes), found by
/// value as MongoDB's index finds them, instead of by a pass over every document: a request that writes many
/// documents (a bulk create, a patch of a whole collection) checks each against one of these, kept up to date as it
/// writes, so that it costs time linear in the collection's size and not its square.
struct UniqueValues {
    /// A coarse grouping of values: two values that ``sameValue(_:_:)`` calls equal always share one, and
    /// `sameValue` decides between the values of one bucket.
    private enum Bucket: Hashable {
        case null
        case bool(Bool)
        case number(Double)
        case text(String)
        case instant(Double)
        /// An object, by its members' names, which equal objects share.
        case object([String])
        /// An array, by its count.
        case array(Int)
    }

    /// The documents' positions and values, by member and then bucket.
    private var entries: [String: [Bucket: [(position: Int, value: JSONValue)]]] = [:]
    /// The members kept unique, in a fixed order so that the first duplicate named is always the same.
    private let members: [String]
    /// Whether a null is a value the index holds (parse-server's sparse index leaves out a missing member, not a
    /// null one); otherwise a null is never a duplicate.
    let nullIsAValue: Bool

    /// The index of `documents`' values of `members`, each document at its position in the collection.
    init(_ documents: [JSONValue], members: Set<String>, nullIsAValue: Bool) {
        self.members = members.sorted()
        self.nullIsAValue = nullIsAValue
        for (position, document) in documents.enumerated() { insert(document, at: position) }
    }

    /// The first member kept unique whose value in `document` another document holds (not the one at
    /// `replacing`); nil when there is none.
    func duplicatedMember(of document: JSONValue, replacing: Int?) -> String? {
        members.first { member in
            guard let value = indexed(document, member) else { return false }
            return Self.buckets(of: value).contains { bucket in
                entries[member]?[bucket]?.contains { $0.position != replacing && sameValue($0.value, value) } ?? false
            }
        }
    }

    /// Adds `document`'s values, the document at `position`.
    mutating func insert(_ document: JSONValue, at position: Int) {
        for member in members {
            guard let value = indexed(document, member) else { continue }
            for bucket in Self.buckets(of: value) {
                entries[member, default: [:]][bucket, default: []].append((position, value))
            }
        }
    }

    /// Takes out `document`'s values, the document at `position`, before it is replaced.
    mutating func remove(_ document: JSONValue, at position: Int) {
        for member in members {
            guard let value = indexed(document, member) else { continue }
            for bucket in Self.buckets(of: value) {
                entries[member]?[bucket]?.removeAll { $0.position == position }
            }
        }
    }

    /// The value of `member` that the index holds: none for a missing member, nor for a null unless `nullIsAValue`.
    private func indexed(_ document: JSONValue, _ member: String) -> JSONValue? {
        guard let value = document[member], nullIsAValue || value != .null else { return nil }
        return value
    }

    /// The buckets `value` is found in: one, and for text that reads as an instant also that instant's, since a
    /// Parse Date equals the ISO 8601 text of its instant.
    private static func buckets(of value: JSONValue) -> [Bucket] {
        if let instant = instant(value) { return [.instant(instant)] }
        switch comparable(value) {
        case .null: return [.null]
        case .bool(let flag): return [.bool(flag)]
        case .string(let text): return [.text(text)] + (instant(iso: text).map { [.instant($0)] } ?? [])
        case .object(let members): return [.object(members.keys.sorted())]
        case .array(let elements): return [.array(elements.count)]
        case let number: return [.number(number.doubleValue ?? 0)]
        }
    }
}
