// Parse's relational operators: conditions that hold through the instances of another class, which Parse Server
// resolves by running the inner query first (parse-server `RestQuery.js`).

/// A Parse `Relation` property: the instances related to one instance are queried from their own class with
/// `Condition.relatedTo(_:of:)`.
public struct RelationField<Root, Target>: FieldPathRepresentable {
    /// The Relation property's JSON path.
    public let fieldPath: FieldPath

    /// The field at `key` below `prefix`. Generated `Fields` structs create their fields; apps don't need to.
    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }
}

extension ReferenceField where TargetFields.Model: QueryableModel {
    /// Instances whose reference points at an instance that matches the condition, built from the target's own
    /// fields (Parse's `$inQuery`).
    ///
    /// ```swift
    /// GameScore.query.where { $0.game.in(where: { $0.title.eq("Chess") }) }
    /// ```
    public func `in`(where build: (TargetFields.Model.QueryFields) -> Condition<TargetFields.Model>) -> Condition<Root>
    {
        Condition(.field(fieldPath, .inQuery(Subquery(on: TargetFields.Model.self, build))))
    }

    /// Instances whose reference points at no instance that matches the condition (Parse's `$notInQuery`).
    public func notIn(
        where build: (TargetFields.Model.QueryFields) -> Condition<TargetFields.Model>
    ) -> Condition<Root> {
        Condition(.field(fieldPath, .notInQuery(Subquery(on: TargetFields.Model.self, build))))
    }
}

extension ValueField {
    /// Instances whose value equals the field `key` of an instance of `Target` that matches the condition (Parse's
    /// `$select`): the value and the key have the same type.
    ///
    /// ```swift
    /// Player.query.where { $0.hometown.in(\Team.QueryFields.city, where: { $0.wins.gt(10) }) }
    /// ```
    public func `in`<Target: QueryableModel, KeyPresence>(
        _ key: KeyPath<Target.QueryFields, ValueField<Target, Value, KeyPresence>>,
        where build: (Target.QueryFields) -> Condition<Target>
    ) -> Condition<Root> {
        Condition(.field(fieldPath, .select(Subquery(on: Target.self, build), key: Self.path(of: key))))
    }

    /// Instances whose value equals the field `key` of no instance of `Target` that matches the condition (Parse's
    /// `$dontSelect`).
    public func notIn<Target: QueryableModel, KeyPresence>(
        _ key: KeyPath<Target.QueryFields, ValueField<Target, Value, KeyPresence>>,
        where build: (Target.QueryFields) -> Condition<Target>
    ) -> Condition<Root> {
        Condition(.field(fieldPath, .dontSelect(Subquery(on: Target.self, build), key: Self.path(of: key))))
    }

    /// The dotted path of `Target`'s field `key`.
    private static func path<Target: QueryableModel, KeyPresence>(
        of key: KeyPath<Target.QueryFields, ValueField<Target, Value, KeyPresence>>
    ) -> String {
        Target.QueryFields(.root)[keyPath: key].fieldPath.dotted
    }
}
