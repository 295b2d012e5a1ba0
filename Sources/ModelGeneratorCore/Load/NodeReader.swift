import Foundation

/// Reads typed values out of `SyntaxNode`s, reporting every mismatch at the node's location.
/// Each reader returns nil after reporting, so callers can go on and find the next problem.
struct NodeReader {
    var diagnostics = Diagnostics()
    /// Unknown keys of a file other tools write (a schema), kept for one summary line per file
    /// (`reportUnknownKeys`): a real export repeats the same key on every property, and a warning per occurrence
    /// would bury everything else. Nil where each unknown key is reported where it is (the config).
    var unknownKeys: [UnknownKey]?
    /// How many documents deep the properties being read are: 0 for an object's own.
    private var documentDepth = 0

    /// How deeply documents (Cortex's `Document` properties, Mia-Platform's and JSON Schema's nested objects) may
    /// nest in an object. The real schemas the tests read nest two deep; every level of the generated code is
    /// indented and named by its path, so each level deeper costs more output per property, and a limit keeps the
    /// output within a fixed multiple of the schema.
    static let documentNestingLimit = 32

    struct UnknownKey {
        var key: String
        /// Where the key was found, as "a property".
        var context: String
        var location: SourceLocation
        var hint: String?
    }

    /// `nodes.compactMap(read)`, on every core for a long list, with each node's diagnostics and unknown keys kept in
    /// the nodes' order, so the output is the same as one after another. A schema's object definitions are
    /// independent of each other, and reading them is a part of the run that would otherwise use one core.
    mutating func readEach<Value: Sendable>(
        _ nodes: [SyntaxNode],
        _ read: @Sendable (SyntaxNode, inout NodeReader) -> Value?
    ) -> [Value] {
        guard nodes.count >= concurrentMapMinimumCount else { return nodes.compactMap { read($0, &self) } }
        let collectsUnknownKeys = unknownKeys != nil
        let results = concurrentMap(nodes.count) { index in
            var reader = NodeReader(unknownKeys: collectsUnknownKeys ? [] : nil)
            let value = read(nodes[index], &reader)
            return (value, reader)
        }
        var values: [Value] = []
        for (value, reader) in results {
            diagnostics.append(contentsOf: reader.diagnostics)
            if let keys = reader.unknownKeys { unknownKeys?.append(contentsOf: keys) }
            if let value { values.append(value) }
        }
        return values
    }

    /// The properties `read` finds in the document `name`, one level deeper; nil after an error at `location` when
    /// that is deeper than ``documentNestingLimit``, before anything deeper is read.
    mutating func documentProperties(
        of name: String,
        at location: SourceLocation,
        _ read: (inout NodeReader) -> [PropertyDefinition]
    ) -> [PropertyDefinition]? {
        guard documentDepth < Self.documentNestingLimit else {
            diagnostics.error(
                "document '\(name)' is nested \(documentDepth + 1) levels deep; documents nest at most \(Self.documentNestingLimit) levels",
                at: location,
                hint: "flatten the schema, or give this property the type Any, which decodes as JSONValue"
            )
            return nil
        }
        documentDepth += 1
        defer { documentDepth -= 1 }
        return read(&self)
    }

    mutating func mapping(_ node: SyntaxNode, _ what: String) -> [SyntaxNode.Entry]? {
        if let entries = node.entries { return entries }
        diagnostics.error("\(what) must be a mapping, found \(node.kindDescription)", at: node.location)
        return nil
    }

    mutating func sequence(_ node: SyntaxNode, _ what: String) -> [SyntaxNode]? {
        if let elements = node.elements { return elements }
        diagnostics.error("\(what) must be a list, found \(node.kindDescription)", at: node.location)
        return nil
    }

    mutating func string(_ node: SyntaxNode, _ what: String) -> String? {
        if case .scalar(let text, let kind) = node.value, kind != .null { return text }
        diagnostics.error("\(what) must be a string, found \(node.kindDescription)", at: node.location)
        return nil
    }

    /// A string that must not be empty, such as a name.
    mutating func name(_ node: SyntaxNode, _ what: String) -> String? {
        guard let text = string(node, what) else { return nil }
        if text.allSatisfy(\.isWhitespace) {
            diagnostics.error("\(what) must not be empty", at: node.location)
            return nil
        }
        // A path with a NUL ends there for every system call, which then reads or writes somewhere else.
        if text.utf8.contains(0) {
            diagnostics.error("\(what) must not hold a NUL character", at: node.location)
            return nil
        }
        return text
    }

    /// The non-empty string under `key` of a mapping, with its location. When the key is missing, `missing` is the
    /// error (at the mapping); `what` names the value in the errors about it.
    mutating func requiredName(
        _ key: String,
        of node: SyntaxNode,
        missing: String,
        what: String,
        hint: String? = nil
    ) -> Located<String>? {
        guard let value = node[key] else {
            diagnostics.error(missing, at: node.location, hint: hint)
            return nil
        }
        return name(value, what).map { Located($0, at: value.location) }
    }

    mutating func bool(_ node: SyntaxNode, _ what: String) -> Bool? {
        if case .scalar(let text, .bool) = node.value {
            return ["true", "yes", "on", "y"].contains(text.lowercased())
        }
        diagnostics.error("\(what) must be true or false, found \(node.kindDescription)", at: node.location)
        return nil
    }

    mutating func int(_ node: SyntaxNode, _ what: String) -> Int? {
        if case .scalar(let text, .int) = node.value, let value = Int(text) { return value }
        if case .scalar(let text, .double) = node.value, let value = Double(text), value == value.rounded(),
            let exact = Int(exactly: value)
        {
            return exact
        }
        // `18446744073709551616` and `1e400` are whole numbers, just not ones a count can be: say so.
        if case .scalar(let text, let kind) = node.value, kind == .int || kind == .double, let value = Double(text),
            value == value.rounded(), Int(exactly: value) == nil
        {
            diagnostics.error(
                "\(what) is \(text), beyond the whole numbers it can be (\(Int.min) to \(Int.max))",
                at: node.location
            )
            return nil
        }
        diagnostics.error("\(what) must be a whole number, found \(node.kindDescription)", at: node.location)
        return nil
    }

    /// An array property's `minItems` and `maxItems` (either node nil or null when not given): counts, not negative,
    /// and the least no more than the most. Either would generate a validation no array passes.
    mutating func itemCounts(min: SyntaxNode?, max: SyntaxNode?, of name: String) -> (min: Int?, max: Int?) {
        func count(_ node: SyntaxNode?, _ key: String) -> Int? {
            guard let node, !node.isNull, let value = int(node, "'\(key)' of '\(name)'") else { return nil }
            if value < 0 {
                diagnostics.error(
                    "'\(key)' of '\(name)' is \(value); a count of items can't be negative",
                    at: node.location
                )
                return nil
            }
            return value
        }
        let least = count(min, "minItems")
        let most = count(max, "maxItems")
        if let least, let most, least > most, let max {
            diagnostics.error(
                "'maxItems' of '\(name)' is \(most), less than its 'minItems' (\(least)): no array of it would be valid",
                at: max.location
            )
            return (nil, nil)
        }
        return (least, most)
    }

    mutating func stringList(_ node: SyntaxNode, _ what: String) -> [Located<String>]? {
        guard let elements = sequence(node, what) else { return nil }
        return elements.compactMap { element in
            string(element, "each entry of \(what)").map { Located($0, at: element.location) }
        }
    }

    /// Reports keys outside `known`. Unknown keys are errors in files only we define (the config) and
    /// warnings where other tools may have written them (schemas exported from a server), except a near miss of
    /// one of `typeDeciding`: `sourceObjct` would quietly make a `Reference<Book>` a `Reference<JSONValue>`.
    mutating func checkKeys(
        _ entries: [SyntaxNode.Entry],
        known: [String],
        ignored: Set<String> = [],
        typeDeciding: Set<String> = [],
        in what: String,
        severity: Diagnostic.Severity
    ) {
        var seen: [String: SourceLocation] = [:]
        for entry in entries {
            let key = entry.name
            if let first = seen[key] {
                diagnostics.error("duplicate key '\(key)' in \(what); the first is at \(first)", at: entry.key.location)
                continue
            }
            seen[key] = entry.key.location
            if known.contains(key) || ignored.contains(key) { continue }
            // A key read without a word (`indexes`) is one a misspelling may have meant as much as a used one.
            let hint = Suggestion.hint(for: key, in: known + ignored.sorted())
            if let intended = Suggestion.closest(to: key, in: known), typeDeciding.contains(intended) {
                diagnostics.error(
                    "unknown key '\(key)' in \(what), which would leave out '\(intended)' and change the Swift type",
                    at: entry.key.location,
                    hint: hint
                )
                continue
            }
            if severity == .warning, unknownKeys != nil {
                unknownKeys?.append(UnknownKey(key: key, context: what, location: entry.key.location, hint: hint))
                continue
            }
            switch severity {
            case .error: diagnostics.error("unknown key '\(key)' in \(what)", at: entry.key.location, hint: hint)
            case .warning, .note:
                diagnostics.warning("unknown key '\(key)' in \(what)", at: entry.key.location, hint: hint)
            }
        }
    }
}

extension NodeReader {
    /// The opening every definition of a schema file shares (an object, a property, a collection, a field, a Parse
    /// class…): the node must be a mapping, its keys are checked (an unknown one is a warning: other tools write
    /// these files), and it needs a non-empty name under `key`. Nil after reporting.
    mutating func namedDefinition(
        _ node: SyntaxNode,
        _ what: String,
        key: String = "name",
        known: [String],
        ignored: Set<String> = [],
        typeDeciding: Set<String> = [],
        missing: String? = nil
    ) -> Located<String>? {
        guard let entries = mapping(node, what) else { return nil }
        checkKeys(entries, known: known, ignored: ignored, typeDeciding: typeDeciding, in: what, severity: .warning)
        return requiredName(
            key,
            of: node,
            missing: missing ?? "\(what) needs a '\(key)'",
            what: "the '\(key)' of \(what)"
        )
    }

    /// The non-empty `type` of the property or field `name` (`kind` says which), one of `types`.
    mutating func requiredType(
        of node: SyntaxNode,
        _ kind: String,
        _ name: String,
        oneOf types: [String]
    )
        -> Located<String>?
    {
        requiredName(
            "type",
            of: node,
            missing: "\(kind) '\(name)' needs a 'type'",
            what: "the 'type' of '\(name)'",
            hint: "one of \(types.joined(separator: ", "))"
        )
    }
}

extension NodeReader {
    /// One warning for all the unknown keys collected, at the first of them: each key once, with how often it
    /// occurs and a "did you mean" where one is close.
    mutating func reportUnknownKeys() {
        guard let keys = unknownKeys, let first = keys.first else { return }
        unknownKeys = []
        if keys.count == 1 {
            diagnostics.warning("unknown key '\(first.key)' in \(first.context)", at: first.location, hint: first.hint)
            return
        }
        // Each key in each kind of place once, in the order they first occur.
        var order: [String] = []
        var seen: [String: (key: UnknownKey, count: Int)] = [:]
        for key in keys {
            let id = key.key + "\u{0}" + key.context
            if seen[id] == nil { order.append(id) }
            seen[id, default: (key, 0)].count += 1
        }
        let listed = order.map { id in
            let (key, count) = seen[id]!
            return "'\(key.key)' in \(key.context)" + (count > 1 ? " (\(count) times)" : "")
                + (key.hint.map { " (\($0))" } ?? "")
        }
        diagnostics.warning(
            "\(keys.count) unknown keys, ignored: \(listed.joined(separator: ", "))",
            at: first.location
        )
    }
}

/// A value with the place it was read from.
public struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
