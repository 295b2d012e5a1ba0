// Typed field descriptors. Generated `Fields` structs hand them out, one per property, each knowing its JSON path;
// which operators exist depends on the field's type, so a condition that makes no sense does not compile.

/// Marks a field whose property is always present (required in the schema).
public enum Present: Sendable {}
/// Marks a field whose property may be absent: only these have `exists(_:)`.
public enum MaybeAbsent: Sendable {}

/// A generated struct of typed fields, built on a path prefix (the model's root, a document, or a reference).
public protocol FieldCollection: Sendable {
    /// The model whose conditions these fields build: the query's model, also for the fields of its Documents and
    /// references.
    associatedtype Root
    /// Fields whose paths start with `prefix`: ``FieldPath/root`` for the model itself, or the path of the Document or
    /// reference they belong to.
    init(_ prefix: FieldPath)
    /// The model whose instances these fields describe: a generated model's own fields name it, so that a
    /// reference to the model can take conditions on its instances (Parse's `$inQuery`); a Document's have none.
    associatedtype Model = Never
}

/// Anything with a JSON path on `Root`'s side: every field, for projections and includes.
public protocol FieldPathRepresentable<Root>: Sendable {
    /// The model the path belongs to.
    associatedtype Root
    /// The JSON path the server knows the field by, such as `c_address.c_city`.
    var fieldPath: FieldPath { get }
}

/// Escapes the regular expression metacharacters of a literal, for prefix and suffix conditions: the pattern matches
/// exactly the literal's Unicode scalars, in every dialect.
///
/// The literal is taken scalar by scalar, as regular expression engines read a pattern, not character by character
/// as Swift compares strings: a metacharacter that a combining mark or a prepended mark joins into one `Character`
/// with its neighbour (`"|\u{301}"`, `"\u{600}|"`) is still a metacharacter to the engine, and is escaped.
public func regexEscaped(_ literal: String) -> String {
    var escaped = String.UnicodeScalarView()
    for scalar in literal.unicodeScalars {
        // MongoDB refuses a pattern holding a NUL (code 51091): written as `\x00` in a group of its own, which every
        // engine reads as one, whatever follows (PostgreSQL reads `\x` and every hex digit after it).
        if scalar == "\u{0}" {
            escaped.append(contentsOf: "(?:\\x00)".unicodeScalars)
            continue
        }
        if regexMetacharacters.contains(scalar) { escaped.append("\\") }
        escaped.append(scalar)
    }
    return String(escaped)
}

/// The scalars a regular expression reads as syntax (outside a character class, and `-` within one) in MongoDB's
/// PCRE, ICU (`NSRegularExpression`), JavaScript (Cortex's `/pattern/`) and Python; `/` ends Cortex's pattern.
private let regexMetacharacters = Set("\\^$.|?*+()[]{}/-".unicodeScalars)

/// What conditions on one scalar value are built on: a scalar property (``ValueField``), or the element of an array
/// of scalars inside `elementMatch` (``ElementValue``). Only the operators that fit the value's type exist: `gt`
/// needs an ordered value, `hasPrefix` a string.
public protocol ValueConditions<Value>: Sendable {
    /// The value's Swift type, which the operators take.
    associatedtype Value: QueryValue
    /// What an operator builds: a ``Condition`` on a model, or an ``ElementCondition`` on an element.
    associatedtype Built
    /// The condition that applies `operation` to the value; the named operators call it, so apps rarely need it.
    func applying(_ operation: FieldOperator) -> Built
}

extension ValueConditions {
    /// Values equal to `value` (`$eq`).
    ///
    /// ```swift
    /// Item.query.where { $0.status.eq(.open) }
    /// ```
    public func eq(_ value: Value) -> Built { applying(.equal(value.queryLiteral)) }
    /// Values other than `value` (`$ne`).
    public func ne(_ value: Value) -> Built { applying(.notEqual(value.queryLiteral)) }
    /// One of `values`; an empty list is rejected when the query is rendered.
    public func `in`(_ values: [Value]) -> Built { applying(.inList(values.map(\.queryLiteral))) }
    /// None of `values`; an empty list is rejected when the query is rendered.
    public func notIn(_ values: [Value]) -> Built { applying(.notInList(values.map(\.queryLiteral))) }
}

extension ValueConditions where Value: QueryComparable {
    /// Values greater than `value` (`$gt`): larger numbers, later dates, strings that sort after it.
    ///
    /// ```swift
    /// Item.query.where { $0.count.gt(3) }
    /// ```
    public func gt(_ value: Value) -> Built { applying(.greaterThan(value.queryLiteral)) }
    /// Values greater than or equal to `value` (`$gte`).
    public func gte(_ value: Value) -> Built { applying(.greaterThanOrEqual(value.queryLiteral)) }
    /// Values less than `value` (`$lt`).
    public func lt(_ value: Value) -> Built { applying(.lessThan(value.queryLiteral)) }
    /// Values less than or equal to `value` (`$lte`).
    public func lte(_ value: Value) -> Built { applying(.lessThanOrEqual(value.queryLiteral)) }
}

extension ValueConditions where Value == String {
    /// Values starting with `prefix`, taken literally (regular expression characters in it are escaped). Only
    /// `.caseInsensitive` applies: the other options would change what the anchors or the literal mean.
    public func hasPrefix(_ prefix: String, options: RegexOptions = []) -> Built {
        applying(.regex("^" + regexEscaped(prefix), options.intersection(.caseInsensitive)))
    }

    /// Values ending with `suffix`, taken literally. The end is anchored with `(?![\s\S])` rather than `$`, which
    /// in MongoDB's regular expressions also matches before a final line break.
    public func hasSuffix(_ suffix: String, options: RegexOptions = []) -> Built {
        applying(.regex(regexEscaped(suffix) + "(?![\\s\\S])", options.intersection(.caseInsensitive)))
    }

    /// Values matching a regular expression; an invalid pattern is rejected when the query is rendered.
    public func regex(_ pattern: String, options: RegexOptions = []) -> Built {
        applying(.regex(pattern, options))
    }
}

/// A scalar property: a string, number, boolean, date, id, enum or JSON value.
///
/// Its conditions are the methods of ``ValueConditions``, and only those that fit the value's type exist: `gt` needs
/// an ordered value, `hasPrefix` a string, `exists` a property that may be absent.
///
/// ```swift
/// Item.query
///     .where { $0.count.gt(3).and($0.status.eq(.open)) }
///     .where { $0.name.hasPrefix("mar", options: .caseInsensitive) }
///     .sort { $0.price.descending }
/// ```
public struct ValueField<Root, Value: QueryValue, Presence>: FieldPathRepresentable, ValueConditions {
    /// The property's JSON path, such as `c_bpm` or `c_size.c_width`.
    public let fieldPath: FieldPath

    /// The field at `key` below `prefix`. Generated `Fields` structs create their fields; apps don't need to.
    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }

    /// The condition that the property satisfies `operation`.
    public func applying(_ operation: FieldOperator) -> Condition<Root> { Condition(.field(fieldPath, operation)) }
}

extension ValueField where Value == String {
    /// Instances whose field matches the full-text search (Parse's `$text`, on the field's text index).
    ///
    /// ```swift
    /// Post.query.where { $0.title.matchesText(TextSearch("coffee -decaf", language: "english")) }
    /// ```
    public func matchesText(_ search: TextSearch) -> Condition<Root> { applying(.text(search)) }
}

extension ValueField where Value: QueryComparable {
    /// A sort key for `Query.sort`: the smallest value first.
    ///
    /// ```swift
    /// Item.query.sort { [$0.price.descending, $0.name.ascending] }
    /// ```
    public var ascending: SortKey<Root> { SortKey(path: fieldPath, isAscending: true) }
    /// A sort key for `Query.sort`: the largest value first.
    public var descending: SortKey<Root> { SortKey(path: fieldPath, isAscending: false) }
}

/// One element of an array of scalars, inside `ArrayField.elementMatch`: the operators of ``ValueConditions`` on it
/// build an ``ElementCondition``.
///
/// ```swift
/// Item.query.where { $0.scores.elementMatch { $0.gt(5).and($0.lt(10)) } }
/// ```
public struct ElementValue<Value: QueryValue>: ValueConditions {
    /// The element; `ArrayField.elementMatch` hands it out, so apps don't need to create one.
    public init() {}

    /// The condition that the element satisfies `operation`.
    public func applying(_ operation: FieldOperator) -> ElementCondition<Value> { ElementCondition([operation]) }
}

extension ValueField where Presence == MaybeAbsent {
    /// Whether the property is present.
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// An array property of scalars.
public struct ArrayField<Root, Element: QueryValue, Presence>: FieldPathRepresentable {
    /// The array property's JSON path.
    public let fieldPath: FieldPath

    /// The field at `key` below `prefix`. Generated `Fields` structs create their fields; apps don't need to.
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

    /// Arrays that contain at least one of `elements` (`$in`); an empty list is rejected when the query is rendered.
    public func containsAny(_ elements: [Element]) -> Condition<Root> {
        Condition(.field(fieldPath, .inList(elements.map(\.queryLiteral))))
    }

    /// Arrays that contain none of `elements` (`$nin`), and instances without the array; an empty list is rejected
    /// when the query is rendered.
    public func containsNone(_ elements: [Element]) -> Condition<Root> {
        Condition(.field(fieldPath, .notInList(elements.map(\.queryLiteral))))
    }

    /// Arrays with exactly `count` elements.
    public func size(_ count: Int) -> Condition<Root> { Condition(.field(fieldPath, .size(count))) }

    /// Arrays whose every element is one of `elements`, empty and absent arrays included (Parse's `$containedBy`).
    public func containsOnly(_ elements: [Element]) -> Condition<Root> {
        Condition(.field(fieldPath, .containedBy(elements.map(\.queryLiteral))))
    }

    /// Arrays with at least one element that satisfies every operator of the condition, built on the element itself
    /// (`$elemMatch`): unlike two separate conditions, one element must satisfy them all.
    ///
    /// ```swift
    /// Item.query.where { $0.scores.elementMatch { $0.gt(5).and($0.lt(10)) } }
    /// ```
    public func elementMatch(_ build: (ElementValue<Element>) -> ElementCondition<Element>) -> Condition<Root> {
        Condition(.elementValueMatch(fieldPath, build(ElementValue()).operators))
    }
}

extension ArrayField where Presence == MaybeAbsent {
    /// Whether the property is present: `exists()`, or `exists(false)` for instances without it.
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// A Document property: its sub-properties are reached through it (`$0.address.city`).
@dynamicMemberLookup
public struct DocumentField<Root, Fields: FieldCollection, Presence>: FieldPathRepresentable
where Fields.Root == Root {
    /// The Document property's JSON path, which its sub-fields' paths start with.
    public let fieldPath: FieldPath

    /// The field at `key` below `prefix`. Generated `Fields` structs create their fields; apps don't need to.
    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }

    /// A field of the Document, with its path below the Document's: `$0.size.width.gt(1)`.
    public subscript<Member>(dynamicMember member: KeyPath<Fields, Member>) -> Member {
        Fields(fieldPath)[keyPath: member]
    }
}

extension DocumentField where Presence == MaybeAbsent {
    /// Whether the Document is present: `exists()`, or `exists(false)` for instances without it.
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// An array of Documents: conditions on its elements go through `elementMatch`, with the element's own fields.
public struct DocumentArrayField<Root, ElementFields: FieldCollection, Presence>: FieldPathRepresentable {
    /// The array property's JSON path.
    public let fieldPath: FieldPath

    /// The field at `key` below `prefix`. Generated `Fields` structs create their fields; apps don't need to.
    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }

    /// Arrays with at least one element matching the condition, built from the element's own fields (`$elemMatch`).
    ///
    /// ```swift
    /// Item.query.where { $0.parts.elementMatch { $0.label.eq("x").and($0.qty.gt(1)) } }
    /// ```
    public func elementMatch(_ build: (ElementFields) -> Condition<ElementFields.Root>) -> Condition<Root> {
        Condition(.elementMatch(fieldPath, build(ElementFields(.root)).node))
    }

    /// Arrays with exactly `count` elements (`$size`).
    public func size(_ count: Int) -> Condition<Root> { Condition(.field(fieldPath, .size(count))) }
}

extension DocumentArrayField where Presence == MaybeAbsent {
    /// Whether the array is present: `exists()`, or `exists(false)` for instances without it.
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// A Reference property. Conditions compare the referenced id; the target's fields are reachable through it for
/// projections (`$0.owner.name`), and a filter through a reference is rejected when the query is rendered.
@dynamicMemberLookup
public struct ReferenceField<Root, TargetFields: FieldCollection, Presence>: FieldPathRepresentable
where TargetFields.Root == Root {
    /// The reference property's JSON path.
    public let fieldPath: FieldPath
    /// The referenced object's API name, which parse writes as the Pointer's class.
    public let targetName: String

    /// The field at `key` below `prefix`, referencing the object whose API name is `target`. Generated `Fields` structs
    /// create their fields; apps don't need to.
    public init(_ prefix: FieldPath, _ key: String, target: String) {
        fieldPath = prefix.appending(key)
        targetName = target
    }

    private func literal(_ id: some ReferenceIdentifier) -> QueryLiteral {
        .reference(id: id.referenceID, object: targetName)
    }

    /// Instances that reference the instance `id`.
    ///
    /// ```swift
    /// GameScore.query.where { $0.owner.eq("hello") }
    /// ```
    public func eq(_ id: some ReferenceIdentifier) -> Condition<Root> {
        Condition(.field(fieldPath, .equal(literal(id))))
    }
    /// Instances that do not reference the instance `id`.
    public func ne(_ id: some ReferenceIdentifier) -> Condition<Root> {
        Condition(.field(fieldPath, .notEqual(literal(id))))
    }
    /// Instances that reference one of `ids`; an empty list is rejected when the query is rendered.
    public func `in`<ID: ReferenceIdentifier>(_ ids: [ID]) -> Condition<Root> {
        Condition(.field(fieldPath, .inList(ids.map(literal))))
    }
    /// Instances that reference none of `ids`; an empty list is rejected when the query is rendered.
    public func notIn<ID: ReferenceIdentifier>(_ ids: [ID]) -> Condition<Root> {
        Condition(.field(fieldPath, .notInList(ids.map(literal))))
    }

    /// A field of the referenced object, for `paths` (`$0.creator.name.first`); a condition on it is rejected when the
    /// query is rendered, since filters cannot look into referenced objects.
    public subscript<Member>(dynamicMember member: KeyPath<TargetFields, Member>) -> Member {
        TargetFields(fieldPath.throughReference)[keyPath: member]
    }
}

extension ReferenceField where Presence == MaybeAbsent {
    /// Whether the reference is present: `exists()`, or `exists(false)` for instances without it.
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// An array of references.
public struct ReferenceArrayField<Root, Presence>: FieldPathRepresentable {
    /// The array property's JSON path.
    public let fieldPath: FieldPath
    /// The referenced object's API name, which parse writes as each Pointer's class.
    public let targetName: String

    /// The field at `key` below `prefix`, referencing the object whose API name is `target`. Generated `Fields` structs
    /// create their fields; apps don't need to.
    public init(_ prefix: FieldPath, _ key: String, target: String) {
        fieldPath = prefix.appending(key)
        targetName = target
    }

    private func literal(_ id: some ReferenceIdentifier) -> QueryLiteral {
        .reference(id: id.referenceID, object: targetName)
    }

    /// Arrays that reference the instance `id`.
    public func contains(_ id: some ReferenceIdentifier) -> Condition<Root> {
        Condition(.field(fieldPath, .equal(literal(id))))
    }

    /// Arrays that reference every one of `ids`; an empty list is rejected when the query is rendered.
    public func containsAll<ID: ReferenceIdentifier>(_ ids: [ID]) -> Condition<Root> {
        Condition(.field(fieldPath, .containsAll(ids.map(literal))))
    }

    /// Arrays that reference at least one of `ids` (`$in`); an empty list is rejected when the query is rendered.
    public func containsAny<ID: ReferenceIdentifier>(_ ids: [ID]) -> Condition<Root> {
        Condition(.field(fieldPath, .inList(ids.map(literal))))
    }

    /// Arrays that reference none of `ids` (`$nin`), and instances without the array; an empty list is rejected when
    /// the query is rendered.
    public func containsNone<ID: ReferenceIdentifier>(_ ids: [ID]) -> Condition<Root> {
        Condition(.field(fieldPath, .notInList(ids.map(literal))))
    }

    /// Arrays with exactly `count` references (`$size`).
    public func size(_ count: Int) -> Condition<Root> { Condition(.field(fieldPath, .size(count))) }

    /// Arrays that reference only instances among `ids`, empty and absent arrays included (Parse's `$containedBy`).
    public func containsOnly<ID: ReferenceIdentifier>(_ ids: [ID]) -> Condition<Root> {
        Condition(.field(fieldPath, .containedBy(ids.map(literal))))
    }
}

extension ReferenceArrayField where Presence == MaybeAbsent {
    /// Whether the array is present: `exists()`, or `exists(false)` for instances without it.
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// A JSON object property that the backend can only ask whether it is there: Mia-Platform's `RawObject` without a
/// schema, on which the CRUD service refuses every operator but `$exists` (crud-service `lib/QueryParser.js`). It can
/// be projected too.
public struct RawObjectField<Root, Presence>: FieldPathRepresentable {
    /// The property's JSON path.
    public let fieldPath: FieldPath

    /// The field at `key` below `prefix`. Generated `Fields` structs create their fields; apps don't need to.
    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }
}

extension RawObjectField where Presence == MaybeAbsent {
    /// Whether the property is present: `exists()`, or `exists(false)` for instances without it.
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// A File property: it can be projected, and asked whether it is there.
public struct FileField<Root, Presence>: FieldPathRepresentable {
    /// The File property's JSON path.
    public let fieldPath: FieldPath

    /// The field at `key` below `prefix`. Generated `Fields` structs create their fields; apps don't need to.
    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }
}

extension FileField where Presence == MaybeAbsent {
    /// Whether the file is present: `exists()`, or `exists(false)` for instances without one.
    public func exists(_ present: Bool = true) -> Condition<Root> { Condition(.field(fieldPath, .exists(present))) }
}

/// The fields of an object the schema does not define (a reference to Cortex's `account`): none are known.
public struct UnknownFields<Root>: FieldCollection {
    /// No fields: the object is not in the schema, so nothing about it is known.
    public init(_ prefix: FieldPath) {}
}

/// A property marked `optional: true`, which the server returns only when a query includes it.
public struct IncludePath<Root>: Sendable {
    /// The property's JSON path, sent in the query's includes.
    public let fieldPath: FieldPath

    /// The property at `key` below `prefix`; generated `IncludableFields` structs create these.
    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }
}

/// A reference marked `expandable`, which a query can ask the server to expand.
public struct ExpandPath<Root>: Sendable {
    /// The reference's JSON path, sent in the query's expansions.
    public let fieldPath: FieldPath

    /// The reference at `key` below `prefix`; generated `ExpandableFields` structs create these.
    public init(_ prefix: FieldPath, _ key: String) {
        fieldPath = prefix.appending(key)
    }
}

/// One key of a sort order: a field and a direction, made with a field's `ascending` or `descending`.
public struct SortKey<Root>: Sendable, Hashable {
    /// The path of the field sorted by.
    public let path: FieldPath
    /// True for the smallest value first, false for the largest first.
    public let isAscending: Bool
}
