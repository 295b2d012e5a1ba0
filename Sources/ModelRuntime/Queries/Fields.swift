// Typed field descriptors. Generated `Fields` structs hand them out, one per property, each knowing its JSON path;
// which operators exist depends on the field's type, so a condition that makes no sense does not compile.

/// Marks a field whose property is always present (required in the schema).
public enum Present: Sendable {}
/// Marks a field whose property may be absent: only these have `exists(_:)`.
public enum MaybeAbsent: Sendable {}

/// A generated struct of typed fields, built on a path prefix (the model's root, a document, or a reference).
public protocol FieldCollection: Sendable {
    associatedtype Root
    init(_ prefix: FieldPath)
}

/// Anything with a JSON path on `Root`'s side: every field, for projections and includes.
public protocol FieldPathRepresentable<Root>: Sendable {
    associatedtype Root
    var fieldPath: FieldPath { get }
}

/// Escapes the regular expression metacharacters of a literal, for prefix and suffix conditions.
public func regexEscaped(_ literal: String) -> String {
    var escaped = ""
    for character in literal {
        if "\\^$.|?*+()[]{}/-".contains(character) { escaped.append("\\") }
        escaped.append(character)
    }
    return escaped
}

/// A scalar property: a string, number, boolean, date, id, enum or JSON value.
public struct ValueField<Root, Value: QueryValue, Presence>: FieldPathRepresentable {
    public let fieldPath: FieldPath

    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }

    private func condition(_ operation: FieldOperator) -> Condition<Root> {
        Condition(.field(fieldPath, operation))
    }

    public func eq(_ value: Value) -> Condition<Root> { condition(.equal(value.queryLiteral)) }
    public func ne(_ value: Value) -> Condition<Root> { condition(.notEqual(value.queryLiteral)) }
    /// One of `values`; an empty list is rejected when the query is rendered.
    public func `in`(_ values: [Value]) -> Condition<Root> { condition(.inList(values.map(\.queryLiteral))) }
    /// None of `values`; an empty list is rejected when the query is rendered.
    public func notIn(_ values: [Value]) -> Condition<Root> { condition(.notInList(values.map(\.queryLiteral))) }
}

extension ValueField where Value: QueryComparable {
    public func gt(_ value: Value) -> Condition<Root> { Condition(.field(fieldPath, .greaterThan(value.queryLiteral))) }
    public func gte(_ value: Value) -> Condition<Root> {
        Condition(.field(fieldPath, .greaterThanOrEqual(value.queryLiteral)))
    }
    public func lt(_ value: Value) -> Condition<Root> { Condition(.field(fieldPath, .lessThan(value.queryLiteral))) }
    public func lte(_ value: Value) -> Condition<Root> {
        Condition(.field(fieldPath, .lessThanOrEqual(value.queryLiteral)))
    }
    public var ascending: SortKey<Root> { SortKey(path: fieldPath, isAscending: true) }
    public var descending: SortKey<Root> { SortKey(path: fieldPath, isAscending: false) }
}

extension ValueField where Value == String {
    /// Values starting with `prefix`, taken literally (regular expression characters in it are escaped). Only
    /// `.caseInsensitive` applies: the other options would change what the anchors or the literal mean.
    public func hasPrefix(_ prefix: String, options: RegexOptions = []) -> Condition<Root> {
        Condition(.field(fieldPath, .regex("^" + regexEscaped(prefix), options.intersection(.caseInsensitive))))
    }

    /// Values ending with `suffix`, taken literally. The end is anchored with `(?![\s\S])` rather than `$`, which
    /// in MongoDB's regular expressions also matches before a final line break.
    public func hasSuffix(_ suffix: String, options: RegexOptions = []) -> Condition<Root> {
        Condition(
            .field(fieldPath, .regex(regexEscaped(suffix) + "(?![\\s\\S])", options.intersection(.caseInsensitive)))
        )
    }

    /// Values matching a regular expression; an invalid pattern is rejected when the query is rendered.
    public func regex(_ pattern: String, options: RegexOptions = []) -> Condition<Root> {
        Condition(.field(fieldPath, .regex(pattern, options)))
    }
}

extension ValueField where Presence == MaybeAbsent {
    /// Whether the property is present.
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// An array property of scalars.
public struct ArrayField<Root, Element: QueryValue, Presence>: FieldPathRepresentable {
    public let fieldPath: FieldPath

    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }

    /// Arrays that contain `element`.
    public func contains(_ element: Element) -> Condition<Root> {
        Condition(.field(fieldPath, .equal(element.queryLiteral)))
    }

    /// Arrays that contain every one of `elements`.
    public func containsAll(_ elements: [Element]) -> Condition<Root> {
        Condition(.field(fieldPath, .containsAll(elements.map(\.queryLiteral))))
    }

    /// Arrays with exactly `count` elements.
    public func size(_ count: Int) -> Condition<Root> { Condition(.field(fieldPath, .size(count))) }
}

extension ArrayField where Presence == MaybeAbsent {
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// A Document property: its sub-properties are reached through it (`$0.address.city`).
@dynamicMemberLookup
public struct DocumentField<Root, Fields: FieldCollection, Presence>: FieldPathRepresentable
where Fields.Root == Root {
    public let fieldPath: FieldPath

    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }

    public subscript<Member>(dynamicMember member: KeyPath<Fields, Member>) -> Member {
        Fields(fieldPath)[keyPath: member]
    }
}

extension DocumentField where Presence == MaybeAbsent {
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// An array of Documents: conditions on its elements go through `elementMatch`, with the element's own fields.
public struct DocumentArrayField<Root, ElementFields: FieldCollection, Presence>: FieldPathRepresentable {
    public let fieldPath: FieldPath

    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }

    /// Arrays with at least one element matching the condition.
    public func elementMatch(_ build: (ElementFields) -> Condition<ElementFields.Root>) -> Condition<Root> {
        Condition(.elementMatch(fieldPath, build(ElementFields(.root)).node))
    }

    public func size(_ count: Int) -> Condition<Root> { Condition(.field(fieldPath, .size(count))) }
}

extension DocumentArrayField where Presence == MaybeAbsent {
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// A Reference property. Conditions compare the referenced id; the target's fields are reachable through it for
/// projections (`$0.owner.name`), and a filter through a reference is rejected when the query is rendered.
@dynamicMemberLookup
public struct ReferenceField<Root, TargetFields: FieldCollection, Presence>: FieldPathRepresentable
where TargetFields.Root == Root {
    public let fieldPath: FieldPath
    /// The referenced object's API name, which parse writes as the Pointer's class.
    public let targetName: String

    public init(_ prefix: FieldPath, _ key: String, target: String) {
        fieldPath = prefix.appending(key)
        targetName = target
    }

    private func literal(_ id: some ReferenceIdentifier) -> QueryLiteral {
        .reference(id: id.referenceID, object: targetName)
    }

    public func eq(_ id: some ReferenceIdentifier) -> Condition<Root> {
        Condition(.field(fieldPath, .equal(literal(id))))
    }
    public func ne(_ id: some ReferenceIdentifier) -> Condition<Root> {
        Condition(.field(fieldPath, .notEqual(literal(id))))
    }
    public func `in`<ID: ReferenceIdentifier>(_ ids: [ID]) -> Condition<Root> {
        Condition(.field(fieldPath, .inList(ids.map(literal))))
    }
    public func notIn<ID: ReferenceIdentifier>(_ ids: [ID]) -> Condition<Root> {
        Condition(.field(fieldPath, .notInList(ids.map(literal))))
    }

    public subscript<Member>(dynamicMember member: KeyPath<TargetFields, Member>) -> Member {
        TargetFields(fieldPath.throughReference)[keyPath: member]
    }
}

extension ReferenceField where Presence == MaybeAbsent {
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// An array of references.
public struct ReferenceArrayField<Root, Presence>: FieldPathRepresentable {
    public let fieldPath: FieldPath
    public let targetName: String

    public init(_ prefix: FieldPath, _ key: String, target: String) {
        fieldPath = prefix.appending(key)
        targetName = target
    }

    public func contains(_ id: some ReferenceIdentifier) -> Condition<Root> {
        Condition(.field(fieldPath, .equal(.reference(id: id.referenceID, object: targetName))))
    }

    public func containsAll<ID: ReferenceIdentifier>(_ ids: [ID]) -> Condition<Root> {
        Condition(.field(fieldPath, .containsAll(ids.map { .reference(id: $0.referenceID, object: targetName) })))
    }

    public func size(_ count: Int) -> Condition<Root> { Condition(.field(fieldPath, .size(count))) }
}

extension ReferenceArrayField where Presence == MaybeAbsent {
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// A File property: it can be projected, and asked whether it is there.
public struct FileField<Root, Presence>: FieldPathRepresentable {
    public let fieldPath: FieldPath

    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }
}

extension FileField where Presence == MaybeAbsent {
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// The fields of an object the schema does not define (a reference to Cortex's `account`): none are known.
public struct UnknownFields<Root>: FieldCollection {
    public init(_ prefix: FieldPath) {}
}

/// A property marked `optional: true`, which the server returns only when a query includes it.
public struct IncludePath<Root>: Sendable {
    public let fieldPath: FieldPath

    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }
}

/// A reference marked `expandable`, which a query can ask the server to expand.
public struct ExpandPath<Root>: Sendable {
    public let fieldPath: FieldPath

    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }
}

/// One key of a sort order.
public struct SortKey<Root>: Sendable, Hashable {
    public let path: FieldPath
    public let isAscending: Bool
}
