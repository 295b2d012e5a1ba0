import Foundation
import ModelRuntime

/// What a list request selects beyond its filter: the order, the page and the members each document keeps.
struct DocumentSelection {
    /// The sort keys in order: a dotted path and whether it ascends.
    var order: [(path: String, ascending: Bool)] = []
    var skip = 0
    var limit: Int?
    /// The members kept (dotted paths); empty keeps every member.
    var included: [String] = []
    /// The members left out (dotted paths).
    var excluded: [String] = []
    /// Members every answer keeps whatever the projection (`_id`, Parse's `objectId`…).
    var alwaysIncluded: [String] = []
    /// Whether an element of an array an included path goes through, of which the path keeps nothing, is left out
    /// (Cortex's reader keeps only elements with substance), rather than kept as `{}` (MongoDB's projection).
    var dropsElementsKeptEmpty = false
    /// Whether an `_id` sorts as the ObjectId it is (Cortex, Mia-Platform: see ``FilterRules/idsAreObjectIDs``),
    /// whatever the case it was stored in.
    var idsAreObjectIDs = false

    /// The page of `documents` (already filtered, in the order stored): sorted stably, so documents that tie keep
    /// the order they were stored in, as a collection scan returns them.
    func page(of documents: [JSONValue]) throws -> [JSONValue] {
        for path in order.map(\.path) + included + excluded { _ = try checkedSegments(path) }
        var sorted = documents
        if !order.isEmpty {
            // Each document's keys once, then a stable sort on them (ties keep the stored order).
            let keys = order.map { (segments($0.path), $0.ascending) }
            let decorated = documents.enumerated().map { index, document in
                (index, keys.map { sortKey(document, $0.0, $0.1) }, document)
            }
            sorted = decorated.sorted { a, b in
                for (position, (_, ascending)) in keys.enumerated() {
                    let result = Self.order(a.1[position], b.1[position])
                    if result != .orderedSame { return (result == .orderedAscending) == ascending }
                }
                return a.0 < b.0
            }.map(\.2)
        }
        let start = min(skip, sorted.count)
        let end = limit.map { start + min($0, sorted.count - start) } ?? sorted.count
        return sorted[start..<end].map(projected)
    }

    /// A document's sort key: an empty array, which MongoDB sorts below `null` and a missing value (first when
    /// ascending, last when descending), or a value.
    private enum SortKey {
        case emptyArray
        case value(JSONValue)
    }

    /// MongoDB's sort key of a document: the smallest of its keys ascending, the largest descending. Its keys are
    /// each value the path reaches, an array's elements in its place and an empty array below every value; and a
    /// null where the path reaches nothing, or goes on from nothing through an array (see ``sortsAsMissing(_:in:)``).
    private func sortKey(_ document: JSONValue, _ path: [String], _ ascending: Bool) -> SortKey {
        var values = values(at: path, in: document)
        if idsAreObjectIDs, path.last == "_id" { values = values.map(canonicalObjectIDs) }
        var keys: [SortKey] = []
        for value in values {
            if case .array(let elements) = value {
                keys += elements.isEmpty ? [.emptyArray] : elements.map(SortKey.value)
            } else {
                keys.append(.value(value))
            }
        }
        if keys.isEmpty || Self.sortsAsMissing(path[...], in: document) { keys.append(.value(.null)) }
        var best = keys[0]
        for key in keys.dropFirst() {
            let result = Self.order(key, best)
            if ascending ? result == .orderedAscending : result == .orderedDescending { best = key }
        }
        return best
    }

    /// Whether the sort key of `path` in `value` has a null, as MongoDB generates sort keys (as it generates an
    /// index's keys): a member a document doesn't have, a path that goes on from a value that is neither a document
    /// nor an array, and through an array, an element without the rest of the path, or an empty array.
    private static func sortsAsMissing(_ path: ArraySlice<String>, in value: JSONValue) -> Bool {
        guard let first = path.first else { return false }
        switch value {
        case .object(let members):
            guard let member = members[first] else { return true }
            return sortsAsMissing(path.dropFirst(), in: member)
        case .array(let elements):
            if let index = Int(first), String(index) == first, elements.indices.contains(index) {
                return sortsAsMissing(path.dropFirst(), in: elements[index])
            }
            return elements.isEmpty || elements.contains { sortsAsMissing(path, in: $0) }
        default:
            return true
        }
    }

    /// The order of two sort keys.
    private static func order(_ a: SortKey, _ b: SortKey) -> ComparisonResult {
        switch (a, b) {
        case (.emptyArray, .emptyArray): .orderedSame
        case (.emptyArray, .value): .orderedAscending
        case (.value, .emptyArray): .orderedDescending
        case (.value(let a), .value(let b)): mongoOrder(a, b)
        }
    }

    /// The document with only the members the projection keeps; throws for a path deeper than MongoDB nests.
    func project(_ document: JSONValue) throws -> JSONValue {
        for path in included + excluded { _ = try checkedSegments(path) }
        return projected(document)
    }

    /// `project(_:)` once the paths are checked (`page(of:)` checks them once for the whole page).
    private func projected(_ document: JSONValue) -> JSONValue {
        guard case .object(var members) = document else { return document }
        if !included.isEmpty {
            var kept: [String: JSONValue] = [:]
            for path in included + alwaysIncluded {
                Self.copy(segments(path)[...], from: members, into: &kept)
            }
            if dropsElementsKeptEmpty {
                for path in included {
                    let segments = segments(path)
                    guard segments.count > 1, let first = segments.first, let member = kept[first] else { continue }
                    kept[first] = Self.droppingEmptyElements(segments.dropFirst(), of: member)
                }
            }
            members = kept
        }
        for path in excluded where !alwaysIncluded.contains(path) {
            Self.remove(segments(path)[...], from: &members)
        }
        return .object(members)
    }

    /// Copies the member at `path` from `source` into `target`, as MongoDB's inclusion projection keeps it: through
    /// an array, the path goes on in each element (an array in it too), an element that is no document is left out,
    /// and a document without the path stays an empty one (`{"a.b": 1}` of `{"a": [{"b": 1}, {"c": 2}, 3]}` is
    /// `{"a": [{"b": 1}, {}]}`).
    private static func copy(
        _ path: ArraySlice<String>,
        from source: [String: JSONValue],
        into target: inout [String: JSONValue]
    ) {
        guard let first = path.first, let value = source[first] else { return }
        let rest = path.dropFirst()
        if rest.isEmpty {
            target[first] = value
            return
        }
        if let kept = kept(rest, of: value, in: target[first]) { target[first] = kept }
    }

    /// What the inclusion of `path` keeps of `value`, merged into what `target` kept of it by other paths; nil for
    /// a value that is neither a document nor an array.
    private static func kept(_ path: ArraySlice<String>, of value: JSONValue, in target: JSONValue?) -> JSONValue? {
        switch value {
        case .object(let inner):
            var kept = target?.objectValue ?? [:]
            copy(path, from: inner, into: &kept)
            return .object(kept)
        case .array(let elements):
            // Each element keeps what other paths kept of it: the kept array has an entry for every document or
            // array element, in order.
            let previous = target?.arrayValue ?? []
            var index = 0
            var result: [JSONValue] = []
            for element in elements {
                guard element.objectValue != nil || element.arrayValue != nil else { continue }
                let earlier = index < previous.count ? previous[index] : nil
                if let kept = kept(path, of: element, in: earlier) { result.append(kept) }
                index += 1
            }
            return .array(result)
        default:
            return nil
        }
    }

    /// `value`, what an inclusion kept, without the elements of the arrays `path` (the rest of an included path) goes
    /// through that are empty documents: those it kept nothing of.
    private static func droppingEmptyElements(_ path: ArraySlice<String>, of value: JSONValue) -> JSONValue {
        switch value {
        case .object(var members):
            guard path.count > 1, let first = path.first, let member = members[first] else { return value }
            members[first] = droppingEmptyElements(path.dropFirst(), of: member)
            return .object(members)
        case .array(let elements):
            return .array(
                elements.compactMap { element in
                    if case .object(let members) = element, members.isEmpty { return nil }
                    return droppingEmptyElements(path, of: element)
                }
            )
        default:
            return value
        }
    }

    /// Removes the member at `path`, as MongoDB's exclusion projection does: through an array, from each document
    /// element (an array in it too); other elements stay.
    private static func remove(_ path: ArraySlice<String>, from members: inout [String: JSONValue]) {
        guard let first = path.first else { return }
        let rest = path.dropFirst()
        if rest.isEmpty {
            members[first] = nil
            return
        }
        if let value = members[first] { members[first] = removing(rest, from: value) }
    }

    private static func removing(_ path: ArraySlice<String>, from value: JSONValue) -> JSONValue {
        switch value {
        case .object(var inner):
            remove(path, from: &inner)
            return .object(inner)
        case .array(let elements): return .array(elements.map { removing(path, from: $0) })
        default: return value
        }
    }
}
