// A model keeps its backend's system properties (Cortex's `created`, `owner`, …) in one stored value of a runtime type
// instead of one generated property each: every model carries the same ones, and written out per model they made
// generated code about 40% larger and slower to generate and compile. These protocols let the model and its query
// fields offer the members of that value as their own, so `clinic.created` and `$0.created.gt(date)` read as before.

/// A generated model whose backend's system properties sit in ``system``; each of them also reads and writes as a
/// member of the model (`clinic.owner`). A property the model declares itself wins over one of `system`.
@dynamicMemberLookup
public protocol SystemPropertiesCarrying {
    /// The runtime type holding the system properties: ``CortexSystemProperties``, ``MiaSystemProperties`` or
    /// ``ParseSystemProperties``.
    associatedtype SystemProperties
    /// The system properties, decoded from and encoded into the model's own JSON object.
    var system: SystemProperties { get set }
}

extension SystemPropertiesCarrying {
    /// A system property as a member of the model: `clinic.created` is `clinic.system.created`.
    public subscript<Value>(dynamicMember member: WritableKeyPath<SystemProperties, Value>) -> Value {
        get { system[keyPath: member] }
        set { system[keyPath: member] = newValue }
    }
}

/// A generated `Fields` struct whose system fields sit in ``system``; each is also a field of the struct, so
/// `$0.created.gt(date)` and `$0.updated.descending` type-check as the model's own fields do.
@dynamicMemberLookup
public protocol SystemFieldsCarrying: FieldCollection {
    /// ``CortexSystemFields``, ``MiaSystemFields`` or ``ParseSystemFields``. Unconstrained: the fields of `account`
    /// hold `CortexSystemFields<Root, Account.Fields<Root>>`, and a `FieldCollection` requirement here would make
    /// that conformance refer to itself.
    associatedtype SystemFields
    /// The typed fields of the system properties, on the same path prefix.
    var system: SystemFields { get }
}

extension SystemFieldsCarrying {
    /// A system field as a field of the struct: `$0.created` is `$0.system.created`.
    public subscript<Field>(dynamicMember member: KeyPath<SystemFields, Field>) -> Field {
        system[keyPath: member]
    }
}
