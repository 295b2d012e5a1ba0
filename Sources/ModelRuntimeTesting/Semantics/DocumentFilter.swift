import Foundation
import ModelRuntime

/// Why a backend refuses a request: its status, a code in the backend's own words and a message. Each backend writes
/// it in its own error shape (`InMemoryDialect`).
struct BackendFault: Error, Sendable {
    var status: Int
    var code: String
    var message: String
    /// The property or path the fault is about, where there is one (Cortex's `path`).
    var path: String? = nil

    static func invalid(_ message: String, path: String? = nil) -> BackendFault {
        BackendFault(status: 400, code: "invalid", message: message, path: path)
    }

    static func notFound(_ message: String) -> BackendFault {
        BackendFault(status: 404, code: "notFound", message: message)
    }
}

/// A MongoDB filter, as the three backends evaluate the one they pass on to MongoDB: `$and`, `$or` and `$nor` of
/// filters, and per field `$eq $ne $gt $gte $lt $lte $in $nin $all $exists $size $elemMatch $regex $options $not`
/// (and Parse's `$containedBy`), with MongoDB's array traversal and missing-value rules. What each backend accepts
/// is checked before (each dialect's `operators`); geo and text operators are refused with a fault saying the
/// in-memory backend does not evaluate them.
struct DocumentFilter {
    /// The operators the backend accepts; any other is refused as the backend refuses it.
    var operators: Set<String>
    /// The backend's name, for its refusals.
    var backend: String
    /// Cortex writes a regular expression as one string, `/pattern/flags`.
    var regexInSlashes = false
    /// Cortex matches a reference property (stored as `{"_id":…,"object":…}`) by its `_id`.
    var referencesByID = false

    /// The deepest nesting of `$and`, `$or`, `$nor` and `$elemMatch` evaluated; deeper filters are refused.
    static let maximumDepth = 64

    func matches(_ document: JSONValue, _ filter: JSONValue) throws -> Bool {
        try matches(document, filter, depth: 0)
    }

    /// Checks the filter's operators without a document, so a refused operator is refused even on an empty
    /// collection, as the backend refuses it before it reads anything.
    func check(_ filter: JSONValue) throws {
        _ = try matches(.object([:]), filter, depth: 0)
    }

    private func matches(_ document: JSONValue, _ filter: JSONValue, depth: Int) throws -> Bool {
        guard depth < Self.maximumDepth else {
            throw BackendFault.invalid("the filter nests deeper than \(Self.maximumDepth)")
        }
        guard case .object(let members) = filter else {
            throw BackendFault.invalid("a filter is an object, not \(describe(filter))")
        }
        var result = true
        // Every member is evaluated (not only until one fails), so an operator the backend refuses is refused
        // whatever the document.
        for key in members.keys.sorted() {
            let condition = members[key]!
            let matched: Bool
            switch key {
            case "$and", "$or", "$nor":
                try accept(key)
                guard case .array(let parts) = condition, !parts.isEmpty else {
                    throw BackendFault.invalid("\(key) takes a non-empty array of filters")
                }
                let each = try parts.map { try matches(document, $0, depth: depth + 1) }
                matched =
                    key == "$and" ? each.allSatisfy { $0 } : key == "$or" ? each.contains(true) : !each.contains(true)
            case _ where key.hasPrefix("$"):
                try accept(key)
                throw BackendFault.invalid("the in-memory \(backend) backend does not evaluate \(key)")
            default:
                matched = try fieldMatches(values(at: segments(key), in: document), condition, field: key, depth: depth)
            }
            result = result && matched
        }
        return result
    }

    private func accept(_ operatorName: String) throws {
        guard operators.contains(operatorName) else {
            throw BackendFault.invalid("\(backend) does not accept the operator \(operatorName)")
        }
    }

    /// Whether the values a field's path reached satisfy its condition: an object of operators, or a value it
    /// equals.
    private func fieldMatches(_ found: [JSONValue], _ condition: JSONValue, field: String, depth: Int) throws -> Bool {
        guard case .object(let members) = condition, members.keys.contains(where: { $0.hasPrefix("$") }) else {
            return equals(found, condition)
        }
        var result = true
        for key in members.keys.sorted() {
            let operand = members[key]!
            guard key.hasPrefix("$") else {
                throw BackendFault.invalid("\(field) mixes operators and fields: \(key)", path: field)
            }
            if key == "$options" {
                guard members["$regex"] != nil else {
                    throw BackendFault.invalid("$options without $regex", path: field)
                }
                continue
            }
            try accept(key)
            let matched: Bool
            switch key {
            case "$eq": matched = equals(found, operand)
            case "$ne": matched = !equals(found, operand)
            case "$gt", "$gte", "$lt", "$lte": matched = compares(found, key, operand)
            case "$in": matched = try list(operand, key).contains { equals(found, $0) }
            case "$nin": matched = try !list(operand, key).contains { equals(found, $0) }
            case "$all":
                let required = try list(operand, key)
                matched = !required.isEmpty && required.allSatisfy { equals(found, $0) }
            case "$exists":
                guard case .bool(let wanted) = operand else {
                    throw BackendFault.invalid("$exists takes true or false", path: field)
                }
                matched = found.isEmpty != wanted
            case "$size":
                guard let size = operand.intValue else {
                    throw BackendFault.invalid("$size takes an integer", path: field)
                }
                matched = found.contains { $0.arrayValue?.count == size }
            case "$regex":
                let regex = try regularExpression(operand, options: members["$options"], field: field)
                matched = candidates(found).contains { value in
                    guard case .string(let text) = value else { return false }
                    return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                }
            case "$not":
                matched = try !fieldMatches(found, operand, field: field, depth: depth + 1)
            case "$elemMatch":
                guard case .object(let inner) = operand else {
                    throw BackendFault.invalid("$elemMatch takes an object", path: field)
                }
                let onValues = inner.keys.contains { $0.hasPrefix("$") && !["$and", "$or", "$nor"].contains($0) }
                matched = try found.contains { value in
                    guard case .array(let elements) = value else { return false }
                    return try elements.contains { element in
                        if onValues {
                            return try fieldMatches([element], operand, field: field, depth: depth + 1)
                        }
                        guard case .object = element else { return false }
                        return try matches(element, operand, depth: depth + 1)
                    }
                }
            case "$containedBy":
                // Parse: every element of the array is in the list; a missing or empty array too.
                let allowed = try list(operand, key)
                matched = found.allSatisfy { value in
                    let elements = value.arrayValue ?? [value]
                    return elements.allSatisfy { element in allowed.contains { sameValue(element, $0) } }
                }
            default:
                throw BackendFault.invalid("the in-memory \(backend) backend does not evaluate \(key)", path: field)
            }
            result = result && matched
        }
        return result
    }

    /// The values a condition is tried on: each value found and, for an array, each of its elements too.
    private func candidates(_ found: [JSONValue]) -> [JSONValue] {
        found.flatMap { value -> [JSONValue] in
            if case .array(let elements) = value { return [value] + elements }
            return [value]
        }
    }

    /// MongoDB's equality: a missing value equals `null`; an array equals a value it holds, or an equal array.
    private func equals(_ found: [JSONValue], _ operand: JSONValue) -> Bool {
        if case .null = operand, found.isEmpty { return true }
        return candidates(found).contains { value in
            if sameValue(value, operand) { return true }
            if referencesByID, case .string = operand, case .object(let members) = value, let id = members["_id"] {
                return sameValue(id, operand)
            }
            return false
        }
    }

    private func compares(_ found: [JSONValue], _ operatorName: String, _ operand: JSONValue) -> Bool {
        candidates(found).contains { value in
            guard let result = bracketedOrder(value, operand) else { return false }
            switch operatorName {
            case "$gt": return result == .orderedDescending
            case "$gte": return result != .orderedAscending
            case "$lt": return result == .orderedAscending
            default: return result != .orderedDescending
            }
        }
    }

    private func list(_ operand: JSONValue, _ operatorName: String) throws -> [JSONValue] {
        guard case .array(let elements) = operand else { throw BackendFault.invalid("\(operatorName) takes an array") }
        return elements
    }

    /// The pattern as MongoDB reads it (`$regex` and `$options`, or Cortex's `/pattern/flags`).
    private func regularExpression(
        _ operand: JSONValue,
        options: JSONValue?,
        field: String
    ) throws
        -> NSRegularExpression
    {
        guard case .string(var pattern) = operand else {
            throw BackendFault.invalid("$regex takes a string", path: field)
        }
        var flags = options?.stringValue ?? ""
        if regexInSlashes {
            guard pattern.hasPrefix("/"), let end = pattern.lastIndex(of: "/"), end != pattern.startIndex else {
                throw BackendFault.invalid("cortex writes a regular expression as /pattern/flags", path: field)
            }
            flags = String(pattern[pattern.index(after: end)...])
            pattern = String(pattern[pattern.index(after: pattern.startIndex)..<end])
        }
        var regexOptions: NSRegularExpression.Options = []
        for flag in flags {
            switch flag {
            case "i": regexOptions.insert(.caseInsensitive)
            case "m": regexOptions.insert(.anchorsMatchLines)
            case "s": regexOptions.insert(.dotMatchesLineSeparators)
            case "x": regexOptions.insert(.allowCommentsAndWhitespace)
            default: throw BackendFault.invalid("unknown regular expression option \(flag)", path: field)
            }
        }
        do {
            return try NSRegularExpression(pattern: pattern, options: regexOptions)
        } catch {
            throw BackendFault.invalid("\(pattern) is not a regular expression", path: field)
        }
    }
}

/// A value named in a message: its kind, never its text.
func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool: "a boolean"
    case .int, .double, .bigInteger: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
}
