import Foundation
import ModelRuntime

// How the in-memory backends compare stored values, as MongoDB (under all three backends) does: numbers by value
// whatever their JSON spelling, strings by their UTF-8 bytes (so "é" and "e\u{301}" differ, as they do in MongoDB,
// where Swift's `==` would call them equal), and values of different kinds never equal and never ordered by `$gt`.

/// The kinds MongoDB brackets comparisons by, in its sort order.
enum ValueKind: Int, Comparable {
    case null = 0, number, string, object, array, bool, date

    static func < (a: ValueKind, b: ValueKind) -> Bool { a.rawValue < b.rawValue }

    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .int, .double, .bigInteger: self = .number
        case .string: self = .string
        case .object: self = instant(value) == nil ? .object : .date
        case .array: self = .array
        case .bool: self = .bool
        }
    }
}

/// The instant a Parse `{"__type":"Date","iso":…}` names, in whole milliseconds since 1970 (a JavaScript `Date`'s
/// precision); nil for any other value. parse-server stores such a value as a MongoDB Date, which compares with
/// another date as the instants do (`…00Z` is `…00.000Z`, `01:00+01:00` is `00:00Z`).
func instant(_ value: JSONValue) -> Double? {
    guard case .object(let members) = value, members["__type"] == "Date", let iso = members["iso"]?.stringValue else {
        return nil
    }
    return instant(iso: iso)
}

/// The instant ISO 8601 text names, in whole milliseconds since 1970 as ``instant(_:)`` counts them; nil for text
/// that names none.
func instant(iso: String) -> Double? {
    ISO8601DateCoding.millisecondsSince1970(from: iso).map(Double.init)
}

/// The instants of two values of which one is a Parse Date, the other read as one too: a Date, or ISO 8601 text,
/// which is how the models of the other backends write a date (the in-memory backend can't tell a field of dates
/// written as text from a field of text); nil when neither is a Date.
private func instants(_ a: JSONValue, _ b: JSONValue) -> (Double?, Double?)? {
    let (x, y) = (instant(a), instant(b))
    guard x != nil || y != nil else { return nil }
    return (x ?? a.stringValue.flatMap { instant(iso: $0) }, y ?? b.stringValue.flatMap { instant(iso: $0) })
}

/// What a value is compared as: a Parse `{"__type":"File","name":…}` as its name, which is all parse-server stores of
/// it (so a filter's File equals a stored one by name, whatever its `url`, and so does the name alone); anything else
/// as itself.
func comparable(_ value: JSONValue) -> JSONValue {
    guard case .object(let members) = value, members["__type"] == "File", let name = members["name"],
        case .string = name
    else { return value }
    return name
}

/// Equal as MongoDB's `$eq` compares two values (no array traversal: see `DocumentFilter`).
func sameValue(_ a: JSONValue, _ b: JSONValue) -> Bool {
    if let (x, y) = instants(a, b) { return x != nil && x == y }
    switch (comparable(a), comparable(b)) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(sameValue)
    case (.object(let x), .object(let y)):
        return x.count == y.count && x.allSatisfy { key, value in y[key].map { sameValue(value, $0) } ?? false }
    case (let x, let y):
        guard ValueKind(x) == .number, ValueKind(y) == .number else { return false }
        return compareNumbers(x, y) == .orderedSame
    }
}

/// The order of two values of one kind; nil when their kinds differ, where `$gt` and its kin match nothing.
func bracketedOrder(_ a: JSONValue, _ b: JSONValue) -> ComparisonResult? {
    if let (x, y) = instants(a, b) {
        guard let x, let y else { return nil }
        return compareNumbers(.double(x), .double(y))
    }
    let (a, b) = (comparable(a), comparable(b))
    guard ValueKind(a) == ValueKind(b) else { return nil }
    return mongoOrder(a, b)
}

/// The total order MongoDB sorts by: first the kind, then the value.
func mongoOrder(_ a: JSONValue, _ b: JSONValue) -> ComparisonResult {
    let (a, b) = (comparable(a), comparable(b))
    let (kindA, kindB) = (ValueKind(a), ValueKind(b))
    if kindA != kindB { return kindA < kindB ? .orderedAscending : .orderedDescending }
    if kindA == .date, let x = instant(a), let y = instant(b) { return compareNumbers(.double(x), .double(y)) }
    switch (a, b) {
    case (.string(let x), .string(let y)): return compareBytes(x, y)
    case (.bool(let x), .bool(let y)): return x == y ? .orderedSame : (x ? .orderedDescending : .orderedAscending)
    case (.array(let x), .array(let y)): return compareSequences(x, y)
    case (.object(let x), .object(let y)):
        // Objects compare member by member in key order; stored objects have no order of their own here.
        let keysX = x.keys.sorted(by: { compareBytes($0, $1) == .orderedAscending })
        let keysY = y.keys.sorted(by: { compareBytes($0, $1) == .orderedAscending })
        for (keyX, keyY) in zip(keysX, keysY) {
            let keys = compareBytes(keyX, keyY)
            if keys != .orderedSame { return keys }
            let values = mongoOrder(x[keyX]!, y[keyY]!)
            if values != .orderedSame { return values }
        }
        return keysX.count == keysY.count
            ? .orderedSame : (keysX.count < keysY.count ? .orderedAscending : .orderedDescending)
    case (.null, .null): return .orderedSame
    default: return compareNumbers(a, b)
    }
}

private func compareSequences(_ x: [JSONValue], _ y: [JSONValue]) -> ComparisonResult {
    for (elementX, elementY) in zip(x, y) {
        let result = mongoOrder(elementX, elementY)
        if result != .orderedSame { return result }
    }
    return x.count == y.count ? .orderedSame : (x.count < y.count ? .orderedAscending : .orderedDescending)
}

func compareBytes(_ x: String, _ y: String) -> ComparisonResult {
    if x.utf8.elementsEqual(y.utf8) { return .orderedSame }
    return x.utf8.lexicographicallyPrecedes(y.utf8) ? .orderedAscending : .orderedDescending
}

/// Two numbers by value: ints exactly, anything with a double (or a big integer) as doubles.
private func compareNumbers(_ a: JSONValue, _ b: JSONValue) -> ComparisonResult {
    if case .int(let x) = a, case .int(let y) = b {
        return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
    }
    let x = a.doubleValue ?? .nan
    let y = b.doubleValue ?? .nan
    if x == y { return .orderedSame }
    return x < y ? .orderedAscending : .orderedDescending
}

/// `value` with every number as JavaScript holds it. All three servers are Node.js, whose `JSON.parse` reads every
/// number into a double: an integer past 2^53 (an int, or a big integer's digits) is stored and compared as the
/// nearest double, and answered as JavaScript writes that double (``javaScriptNumber(_:)``). One the doubles can't
/// hold, which JavaScript reads as `Infinity`, keeps its digits: `JSONValue` holds no infinity. Each level of `value`
/// is read once.
func javaScriptNumbers(_ value: JSONValue) -> JSONValue {
    switch value {
    case .int(let integer):
        guard integer.magnitude > 1 << 53 else { return value }
        return javaScriptNumber(Double(integer))
    case .bigInteger(let digits):
        guard let number = Double(digits), number.isFinite else { return value }
        return javaScriptNumber(number)
    case .double(let number):
        // A whole number `JSONValue` reads as a double (2^63, `1e19`) is written as JavaScript writes it too.
        guard number.isFinite, number.rounded() == number, number.magnitude > 0x1p53 else { return value }
        return javaScriptNumber(number)
    case .array(let elements): return .array(elements.map(javaScriptNumbers))
    case .object(let members): return .object(members.mapValues(javaScriptNumbers))
    case .null, .bool, .string: return value
    }
}

/// A double as JavaScript writes it: a whole one as the shortest digits that read back as the double, then zeros
/// (2^60 is `1152921504606847000`, not its exact `1152921504606846976`), an int when `Int` holds them and else those
/// digits as a big integer (the in-memory backends' form of it, which an answer writes as it is); a fraction, and
/// from 10^21 on, where JavaScript writes an exponent, the double. Swift's `description` finds the same shortest
/// digits.
func javaScriptNumber(_ number: Double) -> JSONValue {
    let text = number.description
    let negative = text.hasPrefix("-")
    let parts = text.dropFirst(negative ? 1 : 0).split(separator: "e", maxSplits: 1)
    let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    let pieces = parts[0].split(separator: ".", maxSplits: 1)
    let fraction = pieces.count > 1 && pieces[1] != "0" ? String(pieces[1]) : ""
    guard number.magnitude < 1e21, exponent >= fraction.count else { return .double(number) }
    let digits = (negative ? "-" : "") + pieces[0] + fraction + String(repeating: "0", count: exponent - fraction.count)
    return Int(digits).map(JSONValue.int) ?? .bigInteger(digits)
}

/// `elements` with `values` appended: every one (MongoDB's `$push`, Parse's `Add`), or when `unique` each that no
/// element equals yet, those appended before it included (`$addToSet`, Parse's `AddUnique`).
func appending(_ values: [JSONValue], to elements: [JSONValue], unique: Bool) -> [JSONValue] {
    var result = elements
    for value in values where !unique || !result.contains(where: { sameValue($0, value) }) {
        result.append(value)
    }
    return result
}

/// A dotted path's segments: `c_size.c_width` → `["c_size", "c_width"]`.
func segments(_ path: String) -> [String] {
    path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
}

/// The most segments a path a write or a filter names may have: MongoDB refuses documents nested deeper than 100.
let maximumPathSegments = 100

/// `segments(path)`, refused when there are more than MongoDB nests.
func checkedSegments(_ path: String) throws -> [String] {
    let parts = segments(path)
    guard parts.count <= maximumPathSegments else {
        throw BackendFault.invalid("\(path.prefix(40))… has more than \(maximumPathSegments) segments")
    }
    return parts
}

/// The values a dotted path reaches in `document`, as MongoDB's queries see them: through an array of documents
/// the path goes on in each element (and a numeric segment names an element), so `c_parts.c_label` reaches every
/// part's label. Empty when the path reaches nothing.
func values(at path: [String], in document: JSONValue) -> [JSONValue] {
    var current: [JSONValue] = [document]
    for segment in path {
        var next: [JSONValue] = []
        for value in current {
            switch value {
            case .object(let members):
                if let member = members[segment] { next.append(member) }
            case .array(let elements):
                if let index = Int(segment), String(index) == segment, elements.indices.contains(index) {
                    next.append(elements[index])
                }
                for case .object(let members) in elements {
                    if let member = members[segment] { next.append(member) }
                }
            default: break
            }
        }
        current = next
        if current.isEmpty { break }
    }
    return current
}

/// `value` as JavaScript's `String(value)` writes it, as parse-server's messages and Ajv's coercion to a string do:
/// an array's elements joined by commas (`a,b`), an object `[object Object]`, `null` nothing, a whole number without
/// a fraction.
func javaScriptString(_ value: JSONValue) -> String {
    switch value {
    case .null: ""
    case .bool(let flag): flag ? "true" : "false"
    case .string(let text): text
    case .int(let number): String(number)
    case .bigInteger(let digits): digits
    case .double(let number):
        number == number.rounded(.towardZero) && abs(number) < 1e21 ? wholeNumberText(number) : number.description
    case .array(let elements): elements.map(javaScriptString).joined(separator: ",")
    case .object: "[object Object]"
    }
}

/// A whole number under 1e21 as JavaScript writes it: every digit, none in exponent form (`1e20` is
/// `100000000000000000000`). Past Int64, Swift's description gives the shortest digits that read back, as
/// JavaScript's do, in exponent form; the rest are zeros.
private func wholeNumberText(_ number: Double) -> String {
    if abs(number) < 0x1p63 { return String(Int64(number)) }
    let text = number.description
    guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else { return text }
    let digits = text[..<e].filter(\.isNumber)
    return (number < 0 ? "-" : "") + digits + String(repeating: "0", count: max(0, exponent + 1 - digits.count))
}
