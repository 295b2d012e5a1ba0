/// Infers Swift types from sample payloads: ISO 8601 strings are dates, http(s) strings URLs, whole numbers `Int`,
/// other numbers `Double`, objects nested structs, arrays their elements' merged type; `null` or a missing key makes
/// a value optional.
indirect enum SampleType: Hashable, Sendable {
    case null
    case bool
    case int
    case double
    case string
    case date
    case dateOnly
    case url
    /// Fields in the order they were first seen; `optional` when some sample lacked the key or had `null`.
    case object([Field])
    case array(SampleType)
    case emptyArray
    /// Values of different kinds in different samples.
    case mixed

    struct Field: Hashable, Sendable {
        var name: String
        var type: SampleType
        var isOptional: Bool
        var location: SourceLocation
    }

    init(_ node: SyntaxNode) {
        switch node.value {
        case .scalar(_, .null): self = .null
        case .scalar(_, .bool): self = .bool
        case .scalar(_, .int): self = .int
        case .scalar(_, .double): self = .double
        case .scalar(let text, .string): self = Self.classify(text)
        case .sequence(let elements):
            guard let first = elements.first else {
                self = .emptyArray
                return
            }
            self = .array(elements.dropFirst().reduce(SampleType(first)) { $0.merged(with: SampleType($1)) })
        case .mapping(let entries):
            self = .object(
                entries.map { entry in
                    let type = SampleType(entry.value)
                    return Field(name: entry.name, type: type, isOptional: type == .null, location: entry.key.location)
                }
            )
        }
    }

    static func classify(_ text: String) -> SampleType {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= bytes.count && bytes[range].allSatisfy { $0 >= 48 && $0 <= 57 }
        }
        let isDay =
            bytes.count >= 10 && digits(0..<4) && bytes[4] == UInt8(ascii: "-") && digits(5..<7)
            && bytes[7] == UInt8(ascii: "-") && digits(8..<10)
        if isDay && bytes.count == 10 { return .dateOnly }
        if isDay && bytes.count >= 19 && (bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"))
            && digits(11..<13) && bytes[13] == UInt8(ascii: ":") && digits(14..<16) && bytes[16] == UInt8(ascii: ":")
            && digits(17..<19)
        {
            return .date
        }
        let lowered = text.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return .url }
        return .string
    }

    /// The type that holds values of both types.
    func merged(with other: SampleType) -> SampleType {
        switch (self, other) {
        case _ where self == other: return self
        case (.null, _): return other
        case (_, .null): return self
        case (.int, .double), (.double, .int): return .double
        case (.emptyArray, .array), (.array, .emptyArray): return self == .emptyArray ? other : self
        case (.array(let lhs), .array(let rhs)): return .array(lhs.merged(with: rhs))
        case (.date, .string), (.string, .date), (.url, .string), (.string, .url), (.dateOnly, .string),
            (.string, .dateOnly), (.date, .url), (.url, .date), (.dateOnly, .date), (.date, .dateOnly),
            (.dateOnly, .url), (.url, .dateOnly):
            return .string
        case (.object(let lhs), .object(let rhs)):
            var fields = lhs
            for field in rhs {
                if let index = fields.firstIndex(where: { $0.name == field.name }) {
                    fields[index].type = fields[index].type.merged(with: field.type)
                    fields[index].isOptional = fields[index].isOptional || field.isOptional
                } else {
                    var added = field
                    added.isOptional = true
                    fields.append(added)
                }
            }
            for index in fields.indices where !rhs.contains(where: { $0.name == fields[index].name }) {
                fields[index].isOptional = true
            }
            return .object(fields)
        default:
            return .mixed
        }
    }
}

/// What a key path finds in a sample.
enum SampleLookup {
    case found(SyntaxNode)
    case missing
    /// The path goes into a value that is not an object; `prefix` is the part that reached it.
    case intoScalar(prefix: [String], kind: String)

    static func lookUp(_ path: [String], in node: SyntaxNode) -> SampleLookup {
        var current = node
        for (index, key) in path.enumerated() {
            guard let entries = current.entries else {
                return .intoScalar(prefix: Array(path[..<index]), kind: current.kindDescription)
            }
            guard let next = entries.first(where: { $0.name == key })?.value else { return .missing }
            current = next
        }
        return .found(current)
    }
}
