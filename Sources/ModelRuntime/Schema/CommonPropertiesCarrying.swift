// A Cortex object with `objectTypes` is an enum with a struct per type, and every type has the object's own
// properties as well as its own. Written out in each type's struct, they repeated the object's declaration, coding and
// comparison once per type: Medable's `c_step_response` declares 22 properties and 24 types, 17,000 generated lines
// in one file. Each type's struct now keeps them in one stored value of a generated `Common` struct, and this protocol
// lets them read and write as the struct's own, so `response.cStudy` reads as before.

/// A struct of one type of a typed object (a Cortex object type) whose object's own properties, which every type has,
/// sit in ``common``; each of them also reads and writes as a member of the struct (`response.cStudy`). A property
/// the struct declares itself wins over one of `common`.
@dynamicMemberLookup
public protocol CommonPropertiesCarrying {
    /// The generated struct of the object's own properties, `Common`, nested in the object's enum.
    associatedtype CommonProperties
    /// The object's own properties, decoded from and encoded into the type's own JSON object.
    var common: CommonProperties { get set }
}

extension CommonPropertiesCarrying {
    /// One of the object's own properties as a member of the type's struct: `response.cStudy` is
    /// `response.common.cStudy`.
    public subscript<Value>(dynamicMember member: WritableKeyPath<CommonProperties, Value>) -> Value {
        get { common[keyPath: member] }
        set { common[keyPath: member] = newValue }
    }
}

// The same-type requirement lets the compiler infer the struct's `ID` from this `id`, which it doesn't from an
// extension constrained on `CommonProperties` alone.
extension CommonPropertiesCarrying where Self: Identifiable, CommonProperties: Identifiable, ID == CommonProperties.ID {
    /// The instance's id, the object's own: what makes each type's struct `Identifiable`.
    public var id: ID { common.id }
}
