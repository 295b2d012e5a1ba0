// The runtime side of generic_create.py (a lever of #29, measured, not generated): one create body for every model,
// set through key paths into the model's table of creatable fields, instead of a struct per model. A prototype for
// measuring build cost, not a finished API: the required members are the parameters of a generated static
// `create(…)` function, so leaving one out stays a compile error.
import ModelRuntime

public enum CreateRule: Sendable {
    case reference(String)
    case files([FacetRule])
}

/// One creatable field: its JSON key, its place among the model's fields, its rules.
public struct CreateField<Value: BodyValueConvertible>: Sendable {
    public let key: String
    public let index: Int
    public let rules: [CreateRule]

    public init(_ key: String, _ index: Int, rules: [CreateRule] = []) {
        self.key = key
        self.index = index
        self.rules = rules
    }
}

public protocol CreatableModel: SchemaObject {
    associatedtype CreateFields: Sendable
    static var createFields: CreateFields { get }
}

private struct StoredMember: Sendable {
    var key: String
    var rules: [CreateRule]
    var value: any BodyValueConvertible
}

@dynamicMemberLookup
public struct GenericCreate<Model: CreatableModel>: CreateBody {
    private var values: [Int: StoredMember] = [:]

    public init() {}

    public subscript<Value>(dynamicMember field: KeyPath<Model.CreateFields, CreateField<Value>>) -> Value? {
        get { self[Model.createFields[keyPath: field]] }
        set { self[Model.createFields[keyPath: field]] = newValue }
    }

    public subscript<Value>(_ field: CreateField<Value>) -> Value? {
        get { values[field.index]?.value as? Value }
        set { values[field.index] = newValue.map { StoredMember(key: field.key, rules: field.rules, value: $0) } }
    }

    public var members: [BodyMember] {
        values.sorted { $0.key < $1.key }.map { _, member in
            for case .reference(let object) in member.rules {
                if let id = member.value as? ObjectID { return BodyMember(member.key, .reference(id, object: object)) }
            }
            return BodyMember(member.key, member.value.bodyValue)
        }
    }

    public func violations(at prefix: String) -> [Violation] {
        values.sorted { $0.key < $1.key }.flatMap { _, member -> [Violation] in
            if let document = member.value as? any DocumentBody {
                return document.violations(at: prefix + member.key + ".")
            }
            for case .files(let rules) in member.rules {
                return Validation.file(member.value as? FileUpload, rules: rules, at: prefix, member.key)
            }
            return []
        }
    }
}
