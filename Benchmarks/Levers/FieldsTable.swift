// The runtime side of fields_table.py (a lever of #29, measured, not generated): one generic `Fields` for every model,
// whose members are the model's own key paths, looked up through `@dynamicMemberLookup` in a table of JSON keys the
// model declares (`fieldKeys`), instead of a struct with a getter per field.
import ModelRuntime

/// A model or Document with a table from its key paths to their JSON keys.
public protocol FieldTableModel {
    static var fieldKeys: [PartialKeyPath<Self>: String] { get }
}

/// The fields of `Model` on `Root`'s side. The field's kind comes from the property's type; whether it may be absent
/// can't (generated models read required properties as optionals), so every field here is `MaybeAbsent`: the lever
/// loses that guarantee, which is one of the reasons it isn't generated.
@dynamicMemberLookup
public struct TableFields<Root, Model: FieldTableModel>: FieldCollection, SystemFieldsCarrying {
    private let prefix: FieldPath

    public init(_ prefix: FieldPath) {
        self.prefix = prefix
    }

    private func key(_ keyPath: PartialKeyPath<Model>) -> String {
        guard let key = Model.fieldKeys[keyPath] else { preconditionFailure("no JSON key for \(keyPath)") }
        return key
    }

    public subscript<Value: QueryValue>(dynamicMember keyPath: KeyPath<Model, Value>) -> ValueField<
        Root, Value, Present
    > {
        .init(prefix, key(keyPath))
    }

    public subscript<Value: QueryValue>(dynamicMember keyPath: KeyPath<Model, Value?>) -> ValueField<
        Root, Value, MaybeAbsent
    > {
        .init(prefix, key(keyPath))
    }

    public subscript<Element: QueryValue>(dynamicMember keyPath: KeyPath<Model, [Element]?>) -> ArrayField<
        Root, Element, MaybeAbsent
    > {
        .init(prefix, key(keyPath))
    }

    public subscript<Document: FieldTableModel>(dynamicMember keyPath: KeyPath<Model, Document?>) -> DocumentField<
        Root, TableFields<Root, Document>, MaybeAbsent
    > {
        .init(prefix, key(keyPath))
    }

    public subscript<Target: FieldTableModel & SchemaObject>(
        dynamicMember keyPath: KeyPath<Model, Reference<Target>?>
    ) -> ReferenceField<Root, TableFields<Root, Target>, MaybeAbsent> {
        .init(prefix, key(keyPath), target: Target.apiName)
    }

    public subscript(dynamicMember keyPath: KeyPath<Model, FileValue?>) -> FileField<Root, MaybeAbsent> {
        .init(prefix, key(keyPath))
    }

    public var system: CortexSystemFields<Root, UnknownFields<Root>> { .init(prefix) }
}
