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
    /// The kind of value the registered model reads at `path`, when the fault refuses a value of another kind.
    var expected: ExpectedKind? = nil
    /// The other properties the same refusal is about, with the same code, after `path`: Cortex lists every missing
    /// required property, where the CRUD service's schema and parse-server stop at the first.
    var alsoRefused: [String] = []

    static func invalid(_ message: String, path: String? = nil) -> BackendFault {
        BackendFault(status: 400, code: "invalid", message: message, path: path)
    }

    /// An operand the backend can't read: an unknown operator of a field, `$in` of no array, an `Increment` of no
    /// number (Parse's `INVALID_JSON`, 107; the other backends answer it as they answer ``invalid(_:path:)``).
    static func badOperand(_ message: String, path: String? = nil) -> BackendFault {
        BackendFault(status: 400, code: "operand", message: message, path: path)
    }

    static func notFound(_ message: String) -> BackendFault {
        BackendFault(status: 404, code: "notFound", message: message)
    }
}

/// How a backend reads a MongoDB filter: which operators it accepts (any other is refused as the backend refuses
/// it) and its own forms. ``compile(_:)`` checks a filter once and turns it into a ``DocumentFilter``.
struct FilterRules {
    /// The operators the backend accepts.
    var operators: Set<String>
    /// The backend's name, for its refusals.
    var backend: String
    /// Cortex writes a regular expression as one string, `/pattern/flags`.
    var regexInSlashes = false
    /// Cortex matches a reference property (stored as `{"_id":…,"object":…}`) by its `_id`.
    var referencesByID = false
    /// Cortex and Mia-Platform's CRUD service store every `_id` as a MongoDB ObjectId and cast a filter's string for
    /// one to an ObjectId, which bson reads in either case: `{"_id": "5F0A…"}` finds `5f0a…`. Parse's `objectId` is a
    /// string whose case counts.
    var idsAreObjectIDs = false
    /// The operators accepted inside an `$elemMatch`, where a backend that passes its operand on unread lets
    /// MongoDB take any it evaluates; nil for `operators`.
    var elementMatchOperators: Set<String>? = nil
    /// Whether `$exists` takes any operand as MongoDB reads it, by its truth (`1` is `true`, `0` and `null` are
    /// `false`), where a backend that checks it first takes only `true` and `false`.
    var existsTakesAnyValue = false

    /// The deepest nesting of `$and`, `$or`, `$nor`, `$not` and `$elemMatch` read; deeper filters are refused.
    static let maximumDepth = 64

    /// The filter checked and compiled: every operator accepted by the backend and every operand of the right kind,
    /// regular expressions compiled once. Throws the backend's refusal otherwise, whatever the documents.
    func compile(_ filter: JSONValue) throws -> DocumentFilter {
        DocumentFilter(
            root: try node(filter, depth: 0),
            referencesByID: referencesByID,
            idsAreObjectIDs: idsAreObjectIDs
        )
    }

    /// Refuses an operator the backend doesn't accept: a field's (with its `path`) as a bad operand, as parse-server
    /// refuses one ("bad constraint").
    private func accept(_ operatorName: String, path: String? = nil) throws {
        guard operators.contains(operatorName) else {
            let message = "\(backend) does not accept the operator \(operatorName)"
            throw path == nil ? BackendFault.invalid(message) : BackendFault.badOperand(message, path: path)
        }
    }

    private func node(_ filter: JSONValue, depth: Int) throws -> DocumentFilter.Node {
        guard depth < Self.maximumDepth else {
            throw BackendFault.invalid("the filter nests deeper than \(Self.maximumDepth)")
        }
        guard case .object(let members) = filter else {
            throw BackendFault.invalid("a filter is an object, not \(describe(filter))")
        }
        var parts: [DocumentFilter.Node] = []
        for key in members.keys.sorted() {
            let condition = members[key]!
            switch key {
            case "$and", "$or", "$nor":
                try accept(key)
                guard case .array(let filters) = condition, !filters.isEmpty else {
                    throw BackendFault.invalid("\(key) takes a non-empty array of filters")
                }
                let nodes = try filters.map { try node($0, depth: depth + 1) }
                parts.append(key == "$and" ? .all(nodes) : key == "$or" ? .any(nodes) : .none(nodes))
            case _ where key.hasPrefix("$"):
                try accept(key)
                throw BackendFault.invalid("the in-memory \(backend) backend does not evaluate \(key)")
            default:
                parts.append(.field(try checkedSegments(key), try conditions(condition, field: key, depth: depth)))
            }
        }
        return .all(parts)
    }

    /// A field's condition: an object of operators, or a value it equals.
    private func conditions(_ condition: JSONValue, field: String, depth: Int) throws -> [DocumentFilter.Condition] {
        guard depth < Self.maximumDepth else {
            throw BackendFault.invalid("the filter nests deeper than \(Self.maximumDepth)")
        }
        // An ObjectId's operands in their one spelling; the values found are spelled so when the filter runs.
        let isObjectID = idsAreObjectIDs && segments(field).last == "_id"
        func operand(_ value: JSONValue) -> JSONValue { isObjectID ? canonicalObjectIDs(value) : value }
        guard case .object(let members) = condition, members.keys.contains(where: { $0.hasPrefix("$") }) else {
            return [.equals(operand(condition))]
        }
        var result: [DocumentFilter.Condition] = []
        for key in members.keys.sorted() {
            let value = members[key]!
            guard key.hasPrefix("$") else {
                throw BackendFault.invalid("\(field) mixes operators and fields: \(key)", path: field)
            }
            if key == "$options" {
                guard members["$regex"] != nil else {
                    throw BackendFault.invalid("$options without $regex", path: field)
                }
                continue
            }
            try accept(key, path: field)
            switch key {
            case "$eq": result.append(.equals(operand(value)))
            case "$ne": result.append(.not([.equals(operand(value))]))
            case "$gt", "$gte", "$lt", "$lte":
                let accepted: Set<ComparisonResult> =
                    switch key {
                    case "$gt": [.orderedDescending]
                    case "$gte": [.orderedDescending, .orderedSame]
                    case "$lt": [.orderedAscending]
                    default: [.orderedAscending, .orderedSame]
                    }
                result.append(.compares(operand(value), accepted))
            case "$in": result.append(.equalsAny(try list(value, key, field).map(operand)))
            case "$nin": result.append(.not([.equalsAny(try list(value, key, field).map(operand))]))
            case "$all": result.append(.equalsEach(try list(value, key, field).map(operand)))
            case "$exists":
                if existsTakesAnyValue {
                    result.append(.exists(Self.truth(of: value)))
                    continue
                }
                guard case .bool(let wanted) = value else {
                    throw BackendFault.invalid("$exists takes true or false", path: field)
                }
                result.append(.exists(wanted))
            case "$size":
                guard let size = value.intValue else {
                    throw BackendFault.invalid("$size takes an integer", path: field)
                }
                result.append(.size(size))
            case "$regex":
                result.append(.matches(try regularExpression(value, options: members["$options"], field: field)))
            case "$not":
                result.append(.not(try conditions(value, field: field, depth: depth + 1)))
            case "$elemMatch":
                guard case .object(let inner) = value else {
                    throw BackendFault.invalid("$elemMatch takes an object", path: field)
                }
                let onValues = inner.keys.contains { $0.hasPrefix("$") && !["$and", "$or", "$nor"].contains($0) }
                var rules = self
                rules.operators = elementMatchOperators ?? operators
                result.append(
                    onValues
                        ? .elementMatchesValue(try rules.conditions(value, field: field, depth: depth + 1))
                        : .elementMatchesDocument(try rules.node(value, depth: depth + 1))
                )
            case "$containedBy":
                result.append(.containedBy(try list(value, key, field)))
            default:
                throw BackendFault.invalid("the in-memory \(backend) backend does not evaluate \(key)", path: field)
            }
        }
        return result
    }

    /// A value's truth as MongoDB reads an operand that stands for a boolean (BSON's `trueValue`, as `$exists` reads
    /// its operand): a boolean's own, a number other than 0, no null, any other value (text, an object, an array).
    private static func truth(of value: JSONValue) -> Bool {
        switch value {
        case .bool(let flag): flag
        case .null: false
        case .int, .double, .bigInteger: value.doubleValue != 0
        default: true
        }
    }

    private func list(_ operand: JSONValue, _ operatorName: String, _ field: String) throws -> [JSONValue] {
        guard case .array(let elements) = operand else {
            throw BackendFault.badOperand("\(operatorName) takes an array", path: field)
        }
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
            throw BackendFault.badOperand("$regex takes a string", path: field)
        }
        var flags = options?.stringValue ?? ""
        if regexInSlashes {
            guard pattern.hasPrefix("/"), let end = pattern.lastIndex(of: "/"), end != pattern.startIndex else {
                throw BackendFault.invalid("cortex writes a regular expression as /pattern/flags", path: field)
            }
            flags = String(pattern[pattern.index(after: end)...])
            pattern = String(pattern[pattern.index(after: pattern.startIndex)..<end])
        }
        // MongoDB's PCRE takes only `\n` for a line's end (`.` matches `\r` and U+2028, and `$` doesn't stop before
        // them), where ICU takes every Unicode line separator.
        var regexOptions: NSRegularExpression.Options = [.useUnixLineSeparators]
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
            // Case-insensitive (by the `i` option, or `(?i)` in the pattern) as MongoDB's PCRE folds case.
            let folding = regexOptions.contains(.caseInsensitive) || pattern.contains("(?")
            return try NSRegularExpression(
                pattern: folding ? simplyCaseFolded(pattern) : pattern,
                options: regexOptions
            )
        } catch {
            throw BackendFault.invalid("\(pattern) is not a regular expression", path: field)
        }
    }
}

/// A checked MongoDB filter, as the three backends evaluate the one they pass on to MongoDB: `$and`, `$or` and
/// `$nor` of filters, and per field `$eq $ne $gt $gte $lt $lte $in $nin $all $exists $size $elemMatch $regex $not`
/// (and Parse's `$containedBy`), with MongoDB's array traversal and missing-value rules. Geo and text operators are
/// refused when compiled, with a fault saying the in-memory backend does not evaluate them.
struct DocumentFilter: @unchecked Sendable {
    // @unchecked: NSRegularExpression is immutable and documented thread-safe, but not marked Sendable.

    indirect enum Node {
        case all([Node])
        case any([Node])
        case none([Node])
        case field([String], [Condition])
    }

    indirect enum Condition {
        case equals(JSONValue)
        case equalsAny([JSONValue])
        case equalsEach([JSONValue])
        case compares(JSONValue, Set<ComparisonResult>)
        case exists(Bool)
        case size(Int)
        case matches(NSRegularExpression)
        case not([Condition])
        case elementMatchesValue([Condition])
        case elementMatchesDocument(Node)
        case containedBy([JSONValue])
    }

    let root: Node
    let referencesByID: Bool
    let idsAreObjectIDs: Bool

    func matches(_ document: JSONValue) -> Bool {
        matches(document, root)
    }

    private func matches(_ document: JSONValue, _ node: Node) -> Bool {
        switch node {
        case .all(let nodes): nodes.allSatisfy { matches(document, $0) }
        case .any(let nodes): nodes.contains { matches(document, $0) }
        case .none(let nodes): !nodes.contains { matches(document, $0) }
        case .field(let path, let conditions):
            // An `_id`: the document's own, a reference's or a document element's.
            if idsAreObjectIDs, path.last == "_id" {
                satisfies(values(at: path, in: document).map(canonicalObjectIDs), path, document, conditions)
            } else {
                satisfies(values(at: path, in: document), path, document, conditions)
            }
        }
    }

    /// Whether the values a field's path reached in `document` satisfy every condition (`document` nil for an
    /// element of an array `$elemMatch` tries, which is there).
    private func satisfies(
        _ found: [JSONValue],
        _ path: [String],
        _ document: JSONValue?,
        _ conditions: [Condition]
    ) -> Bool {
        // A null equals what the path doesn't reach, as MongoDB reads it: computed once, when a condition asks.
        var missing: Bool?
        func equals(_ found: [JSONValue], _ operand: JSONValue) -> Bool {
            if case .null = operand {
                if missing == nil { missing = document.map { isMissing(path[...], in: $0) } ?? false }
                if missing == true { return true }
            }
            return self.equals(found, operand)
        }
        return conditions.allSatisfy { condition in
            switch condition {
            case .equals(let operand): equals(found, operand)
            case .equalsAny(let operands): operands.contains { equals(found, $0) }
            case .equalsEach(let operands): !operands.isEmpty && operands.allSatisfy { equals(found, $0) }
            case .compares(let operand, let accepted):
                // `$gte` and `$lte` of null match null and missing values, as `$eq` does; `$gt` and `$lt` nothing.
                operand == .null
                    ? accepted.contains(.orderedSame) && equals(found, .null)
                    : candidates(found).contains { bracketedOrder($0, operand).map(accepted.contains) ?? false }
            case .exists(let wanted): found.isEmpty != wanted
            case .size(let size): found.contains { $0.arrayValue?.count == size }
            case .matches(let regex):
                candidates(found).contains { value in
                    guard case .string(let text) = value else { return false }
                    return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                }
            case .not(let inner): !satisfies(found, path, document, inner)
            case .elementMatchesValue(let inner):
                found.contains { value in
                    guard case .array(let elements) = value else { return false }
                    return elements.contains { satisfies([$0], [], nil, inner) }
                }
            case .elementMatchesDocument(let node):
                found.contains { value in
                    guard case .array(let elements) = value else { return false }
                    return elements.contains { element in
                        guard case .object = element else { return false }
                        return matches(element, node)
                    }
                }
            case .containedBy(let allowed):
                // Parse: what parse-server makes of it, `$nor` of an `$elemMatch` `$nin`: no element outside the
                // list. A missing or empty array matches, and so does a value that is no array.
                found.allSatisfy { value in
                    (value.arrayValue ?? []).allSatisfy { element in allowed.contains { sameValue(element, $0) } }
                }
            }
        }
    }

    /// The values a condition is tried on: each value found and, for an array, each of its elements too.
    private func candidates(_ found: [JSONValue]) -> [JSONValue] {
        guard found.contains(where: { $0.arrayValue != nil }) else { return found }
        return found.flatMap { value -> [JSONValue] in
            if case .array(let elements) = value { return [value] + elements }
            return [value]
        }
    }

    /// MongoDB's equality of the values found: an array equals a value it holds, or an equal array. (A missing
    /// value equals `null`: see ``isMissing(_:in:)``.)
    private func equals(_ found: [JSONValue], _ operand: JSONValue) -> Bool {
        return candidates(found).contains { value in
            if sameValue(value, operand) { return true }
            if referencesByID, case .string = operand, case .object(let members) = value, let id = members["_id"] {
                return idsAreObjectIDs
                    ? sameValue(canonicalObjectIDs(id), canonicalObjectIDs(operand)) : sameValue(id, operand)
            }
            return false
        }
    }
}

/// Whether `path` is missing in `value` as MongoDB's `{path: null}` reads it, so that null equals it: a member the
/// document doesn't have, a path that goes on from a value that is neither a document nor an array (`{"a.b": null}`
/// of `{"a": 4}`), and through an array, a document element without the rest of the path (`{"a": [{"b": 3}, {}]}`).
/// An array without such an element (`[]`, `[1, 2]`, `[[]]`) is not missing it; a numeric segment names an element.
func isMissing(_ path: ArraySlice<String>, in value: JSONValue) -> Bool {
    guard let first = path.first else { return false }
    switch value {
    case .object(let members):
        guard let member = members[first] else { return true }
        return isMissing(path.dropFirst(), in: member)
    case .array(let elements):
        if let index = Int(first), String(index) == first, elements.indices.contains(index),
            !isMissing(path.dropFirst(), in: elements[index])
        {
            return false
        }
        return elements.contains { element in element.objectValue != nil && isMissing(path, in: element) }
    default:
        return true
    }
}

/// A string that is an ObjectId in its one spelling, lowercase, and so each string of an array (what a path to `_id`s
/// reaches through an array); any other value as it is.
func canonicalObjectIDs(_ value: JSONValue) -> JSONValue {
    if case .array(let elements) = value { return .array(elements.map(canonicalObjectID)) }
    return canonicalObjectID(value)
}

private func canonicalObjectID(_ value: JSONValue) -> JSONValue {
    guard case .string(let text) = value, let id = ObjectID(text) else { return value }
    return .string(id.description)
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

/// `pattern` with each letter outside a character class in a class of its own (`ß` → `[ß]`), so that a
/// case-insensitive match folds it as MongoDB's PCRE does, one character to one: by simple case folding, where ICU
/// (`NSRegularExpression`) folds a literal fully, so that `ß` matches `SS` and `ss` matches `ß`. A class is folded
/// simply by both. Escapes, classes, group syntax and `\Q…\E` keep their meaning; other characters stay as they are.
func simplyCaseFolded(_ pattern: String) -> String {
    let scalars = Array(pattern.unicodeScalars)
    var out = String.UnicodeScalarView()
    var index = 0
    func copy(_ count: Int = 1) {
        let end = min(index + count, scalars.count)
        out.append(contentsOf: scalars[index..<end])
        index = end
    }
    /// Copies through the first `terminator` (included), or to the end.
    func copy(through terminator: Unicode.Scalar) {
        while index < scalars.count {
            let scalar = scalars[index]
            copy()
            if scalar == terminator { return }
        }
    }
    func isFolded(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.properties.isAlphabetic
        }
    }
    func literal(_ scalar: Unicode.Scalar) {
        if isFolded(scalar) {
            out.append("[")
            out.append(scalar)
            out.append("]")
        } else if scalar.isASCII, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar) {
            out.append("\\")
            out.append(scalar)
        } else {
            out.append(scalar)
        }
    }
    while index < scalars.count {
        let scalar = scalars[index]
        let next = index + 1 < scalars.count ? scalars[index + 1] : nil
        switch scalar {
        case "\\":
            guard let next else {
                copy()
                break
            }
            switch next {
            case "Q":
                // Quoted text: each character a literal of its own.
                index += 2
                while index < scalars.count {
                    if scalars[index] == "\\", index + 1 < scalars.count, scalars[index + 1] == "E" {
                        index += 2
                        break
                    }
                    literal(scalars[index])
                    index += 1
                }
            case "x", "o", "p", "P", "N", "g", "k", "u", "U":
                let after = index + 2 < scalars.count ? scalars[index + 2] : nil
                switch after {
                case "{": copy(through: "}")
                case "<": copy(through: ">")
                case "'":
                    copy(3)
                    copy(through: "'")
                default:
                    // `\xhh`, `\uhhhh`, `\Uhhhhhhhh`, `\pL`, `\g1`: the escape and its fixed digits.
                    let digits: Int =
                        switch next {
                        case "x": 2
                        case "u": 4
                        case "U": 8
                        default: 1
                        }
                    copy(2 + digits)
                }
            case "c": copy(3)
            default: copy(2)
            }
        case "[":
            // A class, nested ones (`[[:alpha:]]`, ICU's `[a[b]]`) in it, as ICU reads it.
            var depth = 0
            repeat {
                let current = scalars[index]
                if current == "\\" {
                    copy(2)
                    continue
                }
                if current == "[" {
                    depth += 1
                    copy()
                    // A `]` right after the opening (or `[^`) is a member.
                    if index < scalars.count, scalars[index] == "^" { copy() }
                    if index < scalars.count, scalars[index] == "]" { copy() }
                    continue
                }
                if current == "]" { depth -= 1 }
                copy()
            } while depth > 0 && index < scalars.count
        case "(" where next == "?":
            copy(2)
            guard index < scalars.count else { break }
            let first = scalars[index]
            let second = index + 1 < scalars.count ? scalars[index + 1] : nil
            if first == "#" || first == "&" || first == "R" || (first == "P" && (second == "=" || second == ">")) {
                // A comment, or a call or reference by name: names, not letters to match.
                copy(through: ")")
            } else if first == "'" {
                copy()
                copy(through: "'")
            } else {
                // Flags, a name or a lookaround's opening, up to where the group's pattern starts.
                while index < scalars.count {
                    let current = scalars[index]
                    copy()
                    if ":)>=!|".unicodeScalars.contains(current) { break }
                }
            }
        default:
            if isFolded(scalar) {
                literal(scalar)
                index += 1
            } else {
                copy()
            }
        }
    }
    return String(out)
}
