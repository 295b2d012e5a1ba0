import Foundation

/// An enumeration that keeps values its schema doesn't list (as `case undocumented(String)`), so that a newer server
/// doesn't break decoding; ``DecodingReport`` lists the undocumented values it meets.
public protocol OpenEnumeration {
    /// Whether the value is one the schema lists.
    var isDocumented: Bool { get }
}

/// What a payload lacked or carried beyond the model: defaults applied, optionals missing, undocumented enumeration
/// values, and keys the model doesn't define, kept or dropped, each with its key path.
///
/// Plain decoding pays nothing for it: ``decode(_:from:decoder:)`` decodes as usual, then compares the payload with
/// the model's own encoding.
public struct DecodingReport: Hashable, Sendable {
    /// What happened at a key path.
    public enum Kind: Hashable, Sendable {
        /// The payload lacked the key, and the model encodes a value for it: a default (``Entry/value``).
        case defaultApplied
        /// The payload lacked the key of an optional property, which is `nil`.
        case missingOptional
        /// An ``OpenEnumeration`` got a value its schema doesn't list (``Entry/value``).
        case unknownValue
        /// The model doesn't keep the key's value (``Entry/value``): typically a key it doesn't know, in a model
        /// generated with `keepUnknownMembers: false`.
        case droppedValue
        /// A key the model doesn't define, kept in its ``UnknownMembers`` and written back (``Entry/value``).
        case keptUnknown
    }

    /// One finding.
    public struct Entry: Hashable, Sendable {
        /// What happened.
        public var kind: Kind
        /// Where, e.g. `tweets[0].user.profile_image_url`; `""` for the root.
        public var keyPath: String
        /// The default applied, the unknown or dropped value; `nil` for a missing optional.
        public var value: JSONValue?

        /// Creates an entry.
        public init(kind: Kind, keyPath: String, value: JSONValue? = nil) {
            self.kind = kind
            self.keyPath = keyPath
            self.value = value
        }
    }

    /// The findings, in key-path order.
    public var entries: [Entry]

    /// Creates a report.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Whether the payload matched the model exactly.
    public var isEmpty: Bool {
        entries.isEmpty
    }

    /// Decodes `type` from `data` and reports how the payload differed from the model.
    ///
    /// The report comes from encoding the decoded value and comparing that with the payload, so it relies on the
    /// model encoding what it decoded, as generated models do. Values present on both sides count as matching even
    /// when written differently (`"…00Z"` vs `"…00.000Z"`); objects are compared key by key, and arrays of equal
    /// length element by element. An object the payload lacks altogether, such as the `user` of the key paths
    /// `user.name` and `user.profile_image_url`, is reported key by key, and one element sent alone that the model
    /// reads as a list of it (``OneOrMany``) as the list's element, `photos[0].caption`. Keys encoded with
    /// `encodeIfPresent(nil)` are the model's optionals; an optional whose key the model never writes (e.g. under a
    /// nested container it skips) can't be reported as missing.
    public static func decode<T: Codable>(
        _ type: T.Type,
        from data: Data,
        decoder: JSONDecoder = JSONDecoder()
    ) throws -> (value: T, report: DecodingReport) {
        let value = try decoder.decode(type, from: data)
        let input = try decoder.decode(JSONValue.self, from: data)
        let encoder = JSONValueEncoder()
        let output = try encoder.encode(value)
        var comparison = Comparison(nilKeyPaths: encoder.nilKeyPaths)
        comparison.compare(input, output, at: [])
        for (keyPath, value) in encoder.undocumentedValues {
            comparison.add(.unknownValue, keyPath, value)
        }
        for (keyPath, value) in encoder.keptValues {
            comparison.add(.keptUnknown, keyPath, value)
        }
        return (value, DecodingReport(entries: comparison.sortedEntries))
    }
}

/// Compares a payload (input) with the model's encoding of it (output).
private struct Comparison {
    /// The key paths of properties encoded with `encodeIfPresent(nil)`.
    let nilKeyPaths: Set<[JSONKey]>
    /// Their keys, by the path of their object.
    let nilKeys: [[JSONKey]: [String]]
    /// Every path that some nil key path goes through.
    let pathsAboveNilKeys: Set<[JSONKey]>
    private var found: [(keyPath: [JSONKey], kind: DecodingReport.Kind, value: JSONValue?)] = []

    init(nilKeyPaths: [[JSONKey]]) {
        self.nilKeyPaths = Set(nilKeyPaths)
        nilKeys = Dictionary(grouping: nilKeyPaths, by: { Array($0.dropLast()) }).mapValues {
            $0.map(\.last!.stringValue)
        }
        pathsAboveNilKeys = Set(nilKeyPaths.flatMap { path in (0..<path.count).map { Array(path[..<$0]) } })
    }

    mutating func compare(_ input: JSONValue?, _ output: JSONValue?, at path: [JSONKey]) {
        switch (input, output) {
        case (.object(let input), .object(let output)):
            compareMembers(input, output, at: path)
        case (.array(let input), .array(let output)) where input.count == output.count:
            for index in input.indices {
                compare(input[index], output[index], at: path + [JSONKey(intValue: index)])
            }
        case (let lone?, .array(let output)) where output.count == 1 && lone.arrayValue == nil && lone != .null:
            // One element sent alone, which the model reads as a list of it (`OneOrMany`): the list's element.
            compare(lone, output[0], at: path + [JSONKey(intValue: 0)])
        case (let input?, nil):
            if !nilKeyPaths.contains(path) { add(.droppedValue, path, input) }
        case (nil, .object(let output)) where !output.isEmpty || pathsAboveNilKeys.contains(path):
            // An object the payload lacks comes from key paths (`user.name`): report them one by one.
            compareMembers([:], output, at: path)
        case (nil, let output?):
            add(.defaultApplied, path, output)
        case (.null?, let output?) where output != .null:
            // A `null` the mapping counts as missing, which the model filled in.
            add(.defaultApplied, path, output)
        case (nil, nil):
            if nilKeyPaths.contains(path) { add(.missingOptional, path, nil) }
        default:
            break  // Present on both sides.
        }
    }

    private mutating func compareMembers(
        _ input: [String: JSONValue],
        _ output: [String: JSONValue],
        at path: [JSONKey]
    ) {
        let keys = Set(input.keys).union(output.keys).union(nilKeys[path] ?? [])
        for key in keys {
            compare(input[key], output[key], at: path + [JSONKey(key)])
        }
    }

    mutating func add(_ kind: DecodingReport.Kind, _ path: [JSONKey], _ value: JSONValue?) {
        found.append((path, kind, value))
    }

    /// The entries ordered by key path (array indexes numerically), with their key paths spelled out.
    var sortedEntries: [DecodingReport.Entry] {
        found.sorted { lhs, rhs in
            if lhs.keyPath == rhs.keyPath { return lhs.kind.order < rhs.kind.order }
            return lhs.keyPath.lexicographicallyPrecedes(rhs.keyPath) { $0.precedes($1) }
        }
        .map { DecodingReport.Entry(kind: $0.kind, keyPath: $0.keyPath.keyPathDescription, value: $0.value) }
    }
}

extension JSONKey {
    /// Orders array indexes numerically, before object keys, which are ordered by their strings.
    fileprivate func precedes(_ other: JSONKey) -> Bool {
        switch (intValue, other.intValue) {
        case (let index?, let otherIndex?): index < otherIndex
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): stringValue < other.stringValue
        }
    }
}

extension DecodingReport.Kind {
    fileprivate var order: Int {
        switch self {
        case .defaultApplied: 0
        case .missingOptional: 1
        case .unknownValue: 2
        case .droppedValue: 3
        case .keptUnknown: 4
        }
    }
}
