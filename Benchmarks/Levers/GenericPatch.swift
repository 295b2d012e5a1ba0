// The runtime side of the generic-Patch lever (generic_patch.py): one update type for every model, addressed through
// key paths into the model's table of writable fields. A prototype for measuring build cost, not a finished API:
// it renders operations but checks only what the table says.
import ModelRuntime

public enum PatchRule: Sendable {
    case required
    case reference(String)
    case files([FacetRule])
}

public protocol PatchUpdate: Sendable, Equatable {
    init()
    func operations(at path: String, rules: [PatchRule]) -> [PatchOperation]
}

extension FieldUpdate: PatchUpdate {
    public init() { self = .unchanged }
    public func operations(at path: String, rules: [PatchRule]) -> [PatchOperation] { operations(at: path) }
}

extension NumberUpdate: PatchUpdate {
    public func operations(at path: String, rules: [PatchRule]) -> [PatchOperation] { operations(at: path) }
}

extension DateUpdate: PatchUpdate {
    public func operations(at path: String, rules: [PatchRule]) -> [PatchOperation] { operations(at: path) }
}

extension ArrayUpdate: PatchUpdate {
    public func operations(at path: String, rules: [PatchRule]) -> [PatchOperation] { operations(at: path) }
}

/// One writable field: its JSON key, its place among the model's fields, its rules.
public struct PatchField<Update: PatchUpdate>: Sendable {
    public let path: String
    public let index: Int
    public let rules: [PatchRule]

    public init(_ path: String, _ index: Int, rules: [PatchRule] = []) {
        self.path = path
        self.index = index
        self.rules = rules
    }
}

public protocol PatchableModel: SchemaObject {
    associatedtype PatchFields: Sendable
    static var patchFields: PatchFields { get }
    static func difference(from original: Self, to edited: Self, into patch: inout GenericPatch<Self>)
}

private struct StoredUpdate: Sendable {
    var path: String
    var rules: [PatchRule]
    var update: any PatchUpdate
}

@dynamicMemberLookup
public struct GenericPatch<Model: PatchableModel>: UpdateBody {
    private var updates: [Int: StoredUpdate] = [:]

    public init() {}

    public init(from original: Model, to edited: Model) {
        Model.difference(from: original, to: edited, into: &self)
    }

    public subscript<Update>(dynamicMember field: KeyPath<Model.PatchFields, PatchField<Update>>) -> Update {
        get { self[Model.patchFields[keyPath: field]] }
        set { self[Model.patchFields[keyPath: field]] = newValue }
    }

    public subscript<Update>(_ field: PatchField<Update>) -> Update {
        get { updates[field.index]?.update as? Update ?? Update() }
        set { updates[field.index] = StoredUpdate(path: field.path, rules: field.rules, update: newValue) }
    }

    public var operations: [PatchOperation] {
        updates.sorted { $0.key < $1.key }.flatMap {
            $0.value.update.operations(at: $0.value.path, rules: $0.value.rules)
        }
    }

    public func violations(at prefix: String) -> [Violation] { [] }
}
