/// A YAML or JSON node with the place it was read from. Every later stage reports problems at these
/// locations, so the loader keeps one for every key and value.
public struct SyntaxNode: Hashable, Sendable {
    /// What a scalar was resolved as by the YAML core schema (JSON's literals resolve the same way).
    public enum ScalarKind: Hashable, Sendable {
        case string
        case int
        case double
        case bool
        case null
    }

    // Not indirect: arrays already hold nested nodes out of line, and a box per scalar was most of the memory a
    // large export took.
    public enum Value: Hashable, Sendable {
        case scalar(String, ScalarKind)
        case sequence([SyntaxNode])
        case mapping([Entry])
    }

    public struct Entry: Hashable, Sendable {
        public var key: SyntaxNode
        public var value: SyntaxNode
        /// The key's text, kept because every lookup compares it; keys that are not scalars have an empty name.
        public let name: String

        public init(key: SyntaxNode, value: SyntaxNode) {
            self.key = key
            self.value = value
            self.name = key.scalarText ?? ""
        }
    }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    public var scalarText: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    public var entries: [Entry]? {
        if case .mapping(let entries) = value { return entries }
        return nil
    }

    public var elements: [SyntaxNode]? {
        if case .sequence(let elements) = value { return elements }
        return nil
    }

    public var isString: Bool {
        if case .scalar(_, .string) = value { return true }
        return false
    }

    public var isNull: Bool {
        if case .scalar(_, .null) = value { return true }
        return false
    }

    /// The value of the first entry with this key, for mappings.
    public subscript(key: String) -> SyntaxNode? {
        entries?.first { $0.name == key }?.value
    }

    /// A short name for the node's shape, for messages such as "expected a list, found a string".
    public var kindDescription: String {
        switch value {
        case .scalar(_, .string): "a string"
        case .scalar(_, .int): "a number"
        case .scalar(_, .double): "a number"
        case .scalar(_, .bool): "a boolean"
        case .scalar(_, .null): "null"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

extension SyntaxNode {
    /// The same tree with every location moved to another file name.
    func relocated(to file: String) -> SyntaxNode {
        var copy = self
        copy.location.file = file
        switch value {
        case .scalar: break
        case .sequence(let elements): copy.value = .sequence(elements.map { $0.relocated(to: file) })
        case .mapping(let entries):
            copy.value = .mapping(
                entries.map { Entry(key: $0.key.relocated(to: file), value: $0.value.relocated(to: file)) }
            )
        }
        return copy
    }

    /// A mapping without one of its keys.
    func removing(key: String) -> SyntaxNode {
        guard let entries else { return self }
        return SyntaxNode(.mapping(entries.filter { $0.name != key }), at: location)
    }
}
