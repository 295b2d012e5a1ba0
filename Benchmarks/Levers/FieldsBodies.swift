// The runtime side of the fields-bodies lever (fields_bodies.py): one create body and one update for every model,
// addressed through key paths into the model's query fields. A prototype for measuring build and type-check cost,
// not a finished API: it renders members and operations, and checks nothing.
import Foundation
import ModelRuntime

public protocol FieldsPatchUpdate: Sendable {
    init()
    func operations(at path: String) -> [PatchOperation]
}

extension FieldUpdate: FieldsPatchUpdate {
    public init() { self = .unchanged }
}

extension NumberUpdate: FieldsPatchUpdate {}
extension DateUpdate: FieldsPatchUpdate {}
extension ArrayUpdate: FieldsPatchUpdate {}

/// An update of an instance of `Model`, each member a key path into its query fields.
@dynamicMemberLookup
public struct FieldsPatch<Model: QueryableModel>: UpdateBody {
    private var updates: [String: any FieldsPatchUpdate] = [:]
    private var order: [String] = []

    public init() {}

    /// The update that turns `original` into `edited`: every top-level member whose JSON differs is set or cleared.
    public init(from original: Model, to edited: Model) {
        let encoder = JSONEncoder()
        guard let before = try? JSONValue(parsing: encoder.encode(original)),
            let after = try? JSONValue(parsing: encoder.encode(edited)),
            case .object(let old) = before, case .object(let new) = after
        else { return }
        for (key, value) in new.sorted(by: { $0.key < $1.key }) where old[key] != value {
            self[key] = FieldUpdate<JSONValue>.set(value)
        }
        for key in old.keys.sorted() where new[key] == nil {
            self[key] = FieldUpdate<JSONValue>.null
        }
    }

    private static var fields: Model.QueryFields { Model.QueryFields(.root) }

    private subscript<Update: FieldsPatchUpdate>(_ path: String) -> Update {
        get { updates[path] as? Update ?? Update() }
        set {
            if updates[path] == nil { order.append(path) }
            updates[path] = newValue
        }
    }

    public subscript<Value, Presence>(
        dynamicMember field: KeyPath<Model.QueryFields, ValueField<Model, Value, Presence>>
    ) -> FieldUpdate<Value> where Value: BodyValueConvertible & Equatable {
        get { self[Self.fields[keyPath: field].fieldPath.dotted] }
        set { self[Self.fields[keyPath: field].fieldPath.dotted] = newValue }
    }

    public subscript<Value, Presence>(
        dynamicMember field: KeyPath<Model.QueryFields, ValueField<Model, Value, Presence>>
    ) -> NumberUpdate<Value> where Value: BodyValueConvertible & Equatable & Numeric {
        get { self[Self.fields[keyPath: field].fieldPath.dotted] }
        set { self[Self.fields[keyPath: field].fieldPath.dotted] = newValue }
    }

    public subscript<Presence>(
        dynamicMember field: KeyPath<Model.QueryFields, ValueField<Model, Date, Presence>>
    ) -> DateUpdate {
        get { self[Self.fields[keyPath: field].fieldPath.dotted] }
        set { self[Self.fields[keyPath: field].fieldPath.dotted] = newValue }
    }

    public subscript<Element, Presence>(
        dynamicMember field: KeyPath<Model.QueryFields, ArrayField<Model, Element, Presence>>
    ) -> ArrayUpdate<Element, ArrayOperationSet.SetOnly> where Element: BodyValueConvertible & Equatable {
        get { self[Self.fields[keyPath: field].fieldPath.dotted] }
        set { self[Self.fields[keyPath: field].fieldPath.dotted] = newValue }
    }

    public subscript<Target, Presence>(
        dynamicMember field: KeyPath<Model.QueryFields, ReferenceField<Model, Target, Presence>>
    ) -> FieldUpdate<ObjectID> {
        get { self[Self.fields[keyPath: field].fieldPath.dotted] }
        set { self[Self.fields[keyPath: field].fieldPath.dotted] = newValue }
    }

    public subscript<Presence>(
        dynamicMember field: KeyPath<Model.QueryFields, FileField<Model, Presence>>
    ) -> FieldUpdate<FileUpload> {
        get { self[Self.fields[keyPath: field].fieldPath.dotted] }
        set { self[Self.fields[keyPath: field].fieldPath.dotted] = newValue }
    }

    public var operations: [PatchOperation] {
        order.flatMap { updates[$0]?.operations(at: $0) ?? [] }
    }

    public func violations(at prefix: String) -> [Violation] { [] }
}

/// The body that creates an instance of `Model`, each member a key path into its query fields; the model's static
/// `create(…)` takes the required ones.
@dynamicMemberLookup
public struct FieldsCreate<Model: QueryableModel>: CreateBody {
    private var values: [String: BodyValue] = [:]
    private var order: [String] = []

    public init() {}

    public subscript(key key: String) -> BodyValue? {
        get { values[key] }
        set {
            if values[key] == nil { order.append(key) }
            values[key] = newValue
        }
    }

    private static var fields: Model.QueryFields { Model.QueryFields(.root) }

    public subscript<Value, Presence>(
        dynamicMember field: KeyPath<Model.QueryFields, ValueField<Model, Value, Presence>>
    ) -> Value? where Value: BodyValueConvertible {
        get { nil }
        set { self[key: Self.fields[keyPath: field].fieldPath.dotted] = newValue?.bodyValue }
    }

    public subscript<Element, Presence>(
        dynamicMember field: KeyPath<Model.QueryFields, ArrayField<Model, Element, Presence>>
    ) -> [Element]? where Element: BodyValueConvertible {
        get { nil }
        set { self[key: Self.fields[keyPath: field].fieldPath.dotted] = newValue?.bodyValue }
    }

    public subscript<Target, Presence>(
        dynamicMember field: KeyPath<Model.QueryFields, ReferenceField<Model, Target, Presence>>
    ) -> ObjectID? {
        get { nil }
        set {
            let field = Self.fields[keyPath: field]
            self[key: field.fieldPath.dotted] = newValue.map { .reference($0, object: field.targetName) }
        }
    }

    public subscript<Presence>(
        dynamicMember field: KeyPath<Model.QueryFields, FileField<Model, Presence>>
    ) -> FileUpload? {
        get { nil }
        set { self[key: Self.fields[keyPath: field].fieldPath.dotted] = newValue?.bodyValue }
    }

    public var members: [BodyMember] {
        order.compactMap { key in values[key].map { BodyMember(key, $0) } }
    }

    public func violations(at prefix: String) -> [Violation] { [] }
}
