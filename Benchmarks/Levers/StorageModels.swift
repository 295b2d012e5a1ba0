import Foundation
import ModelRuntime

// The runtime side of `storage_models.py`, the lever #29's notes name after item 1's: a model holds its JSON object as
// one stored property, as Apollo iOS 1.0's `DataDict` does, and each of its properties reads and writes a member of
// it. A measurement, not a proposal: see `Benchmarks/README.md`.

/// A model's JSON object: the members the server sent or the app set, kept as they are.
public struct ModelStorage: Hashable, Sendable {
    public var members: [String: JSONValue]

    /// An empty object.
    public init() {
        members = [:]
    }

    /// The object `members`.
    public init(_ members: [String: JSONValue]) {
        self.members = members
    }

    /// The object `decoder` holds, once each of `fields` has been checked to decode as its type, so that a payload
    /// a model can't read is still an error when it is decoded, not when a property is read.
    public init(from decoder: any Decoder, checking fields: StoredFields) throws {
        if ObjectIdentifier(type(of: decoder)) == Self.treeDecoderType {
            // From `ModelClient`'s tree: the object is there already, and each member is checked where it is.
            let value = try decoder.singleValueContainer().decode(JSONValue.self)
            guard case .object(let members) = value else {
                throw DecodingError.typeMismatch(
                    [String: JSONValue].self,
                    .init(codingPath: decoder.codingPath, debugDescription: "Expected an object.")
                )
            }
            self.members = members
            for field in fields.fields where !field.accepts(members) {
                // The quick check refused it: decoding it the usual way throws the error, at its coding path.
                try field.decode(from: decoder)
            }
        } else {
            // Through `JSONDecoder`, each member the model reads is decoded as its own type, without trying kinds.
            let container = try decoder.container(keyedBy: JSONKey.self)
            var members: [String: JSONValue] = [:]
            for key in container.allKeys {
                members[key.stringValue] = try fields.decode(key, from: container)
            }
            self.members = members
            // Every member present was decoded as its type: what is left is those absent, and the bundle.
            for field in fields.fields where field.isRequiredOrWhole && !field.accepts(members) {
                try field.decode(from: decoder)
            }
        }
    }

    /// The type of `ModelClient`'s tree decoder, which ModelRuntime doesn't make public: learned once, by decoding.
    private static let treeDecoderType = try! JSONValue.object([:]).decoded(as: DecoderType.self).type

    private struct DecoderType: Decodable {
        let type: ObjectIdentifier
        init(from decoder: any Decoder) throws { type = ObjectIdentifier(Swift.type(of: decoder)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        for (key, value) in members {
            let key = JSONKey(key)
            switch value {
            case .null: try container.encodeNil(forKey: key)
            case .string(let text): try container.encode(text, forKey: key)
            case .int(let number): try container.encode(number, forKey: key)
            case .double(let number): try container.encode(number, forKey: key)
            case .bool(let flag): try container.encode(flag, forKey: key)
            default: try container.encode(value, forKey: key)
            }
        }
    }

    /// The member `key` as a `T`, or `nil` when it is absent or `null`.
    public func value<T: Decodable>(_ type: T.Type, _ key: String) -> T? {
        guard let json = members[key] else { return nil }
        switch json {
        case .null: return nil
        case .string(let text) where T.self == String.self: return unsafeBitCast(text, to: T.self)
        case .int(let number) where T.self == Int.self: return unsafeBitCast(number, to: T.self)
        case .int(let number) where T.self == Double.self: return unsafeBitCast(Double(number), to: T.self)
        case .double(let number) where T.self == Double.self: return unsafeBitCast(number, to: T.self)
        case .bool(let flag) where T.self == Bool.self: return unsafeBitCast(flag, to: T.self)
        case .object(let object):
            // A Document: its object, checked when the model was decoded, is its storage.
            if let backed = T.self as? any StorageBacked.Type {
                return (backed.init(storage: ModelStorage(object)) as! T)
            }
            if T.self == JSONValue.self { return unsafeBitCast(json, to: T.self) }
            return try? json.decoded(as: T.self)
        case .array(let elements) where T.self == [String].self:
            return unsafeBitCast(elements.compactMap(\.stringValue), to: T.self)
        default:
            if T.self == JSONValue.self { return unsafeBitCast(json, to: T.self) }
            // Checked when the model was decoded or the member set: this doesn't fail.
            return try? json.decoded(as: T.self)
        }
    }

    /// The member `key` of a required property, which decoding checked and the initializer set.
    public func required<T: Decodable>(_ type: T.Type, _ key: String) -> T {
        guard let value = value(type, key) else { preconditionFailure("\(key) is required") }
        return value
    }

    /// Sets the member `key`; `nil` takes it away, unless the server sent it as `null`, which stays.
    public mutating func set<T: Encodable>(_ key: String, _ value: T?) {
        guard let value else {
            if members[key] != .null { members[key] = nil }
            return
        }
        members[key] = Self.json(value)
    }

    /// The whole object as a `T`: the system properties' bundle, whose members are the model's own.
    public func whole<T: Decodable>(_ type: T.Type) -> T {
        // Checked when the model was decoded or the bundle set.
        try! JSONValue.object(members).decoded(as: T.self)
    }

    /// Sets the members `keys` from `value`, an encoded bundle: those it doesn't encode are taken away.
    public mutating func setWhole<T: Encodable>(_ value: T, replacing keys: [String]) {
        for key in keys { members[key] = nil }
        guard case .object(let bundle) = Self.json(value) else { return }
        members.merge(bundle) { _, new in new }
    }

    /// The members whose keys are not in `modeledKeys`.
    public func unknownMembers(_ modeledKeys: Set<String>) -> UnknownMembers {
        var unknown = UnknownMembers()
        for (key, value) in members where !modeledKeys.contains(key) { unknown[key] = value }
        return unknown
    }

    /// Replaces the members whose keys are not in `modeledKeys` with `unknown`'s.
    public mutating func setUnknownMembers(_ unknown: UnknownMembers, _ modeledKeys: Set<String>) {
        members = members.filter { modeledKeys.contains($0.key) }
        for member in unknown.members where !modeledKeys.contains(member.key) { members[member.key] = member.value }
    }

    private static func json<T: Encodable>(_ value: T) -> JSONValue {
        switch value {
        case let text as String: return .string(text)
        case let number as Int: return .int(number)
        case let number as Double: return .double(number)
        case let flag as Bool: return .bool(flag)
        case let json as JSONValue: return json
        default:
            // A runtime that generated this would encode into the tree directly, as its internal encoder does.
            let data = try! JSONEncoder().encode(value)
            return try! JSONValue(parsing: data)
        }
    }
}

/// What a model's decoding checks of one member: its key, its type, and whether it must be present.
/// A model's table of ``StoredField``s, and the same by key.
public struct StoredFields: Sendable {
    let fields: [StoredField]
    private let byKey: [String: StoredField]

    public init(_ fields: [StoredField]) {
        self.fields = fields
        byKey = Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The member `key` of `container`, decoded as the field of that key reads it, or as any JSON.
    func decode(_ key: JSONKey, from container: KeyedDecodingContainer<JSONKey>) throws -> JSONValue {
        guard let field = byKey[key.stringValue], !(try container.decodeNil(forKey: key)) else {
            return try container.decode(JSONValue.self, forKey: key)
        }
        switch field.kind {
        case .string: return .string(try container.decode(String.self, forKey: key))
        case .int: return .int(try container.decode(Int.self, forKey: key))
        case .bool: return .bool(try container.decode(Bool.self, forKey: key))
        case .double:
            // As the tree keeps a number: integral values are ints.
            let number = try container.decode(Double.self, forKey: key)
            if let integer = Int(exactly: number) { return .int(integer) }
            return .double(number)
        case .decoded(let type):
            let value = try container.decode(type, forKey: key)
            if let backed = value as? any StorageBacked { return .object(backed.storage.members) }
            return try container.decode(JSONValue.self, forKey: key)
        case .any, .whole: return try container.decode(JSONValue.self, forKey: key)
        }
    }
}

/// A model backed by its JSON object.
public protocol StorageBacked {
    var storage: ModelStorage { get }
    /// The model of `storage`, which was checked when it was decoded.
    init(storage: ModelStorage)
}

public struct StoredField: Sendable {
    fileprivate enum Kind: Sendable {
        case string, int, double, bool, any
        case decoded(any (Decodable & Sendable).Type)
        case whole(any (Decodable & Sendable).Type)
    }

    fileprivate let key: String
    private let isRequired: Bool
    fileprivate let kind: Kind

    public init(_ key: String, _ type: any (Decodable & Sendable).Type, required: Bool = false) {
        self.key = key
        isRequired = required
        kind =
            switch type {
            case is String.Type: .string
            case is Int.Type: .int
            case is Double.Type: .double
            case is Bool.Type: .bool
            case is JSONValue.Type: .any
            default: .decoded(type)
            }
    }

    /// The whole object decoded as `type`: the system properties' bundle.
    public init(whole type: any (Decodable & Sendable).Type) {
        key = ""
        isRequired = false
        kind = .whole(type)
    }

    var isRequiredOrWhole: Bool {
        if case .whole = kind { return true }
        return isRequired
    }

    /// Whether the member decodes as this field's type; only a `false` is looked at again.
    func accepts(_ members: [String: JSONValue]) -> Bool {
        if case .whole(let type) = kind { return (try? JSONValue.object(members).decoded(as: type)) != nil }
        guard let value = members[key], value != .null else { return !isRequired }
        switch (kind, value) {
        case (.string, .string), (.int, .int), (.double, .int), (.double, .double), (.bool, .bool), (.any, _):
            return true
        case (.decoded(let type), _): return (try? value.decoded(as: type)) != nil
        default: return false
        }
    }

    /// Decodes the member from `decoder`'s object as the generated models do, for its error.
    func decode(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        switch kind {
        case .whole(let type): _ = try type.init(from: decoder)
        case .string: _ = try decodeMember(String.self, container)
        case .int: _ = try decodeMember(Int.self, container)
        case .double: _ = try decodeMember(Double.self, container)
        case .bool: _ = try decodeMember(Bool.self, container)
        case .any: _ = try decodeMember(JSONValue.self, container)
        case .decoded(let type): _ = try decodeMember(type, container)
        }
    }

    private func decodeMember<T: Decodable>(_ type: T.Type, _ container: KeyedDecodingContainer<JSONKey>) throws -> T? {
        isRequired
            ? try container.decode(T.self, forKey: JSONKey(key))
            : try container.decodeIfPresent(T.self, forKey: JSONKey(key))
    }
}
