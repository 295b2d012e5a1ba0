/// Options of a regular expression condition, written as MongoDB's `$options` letters.
public struct RegexOptions: OptionSet, Hashable, Sendable {
    /// The options as bits; use the named options instead.
    public let rawValue: Int
    /// Options from their bits; use the named options instead.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Letters match in either case.
    public static let caseInsensitive = RegexOptions(rawValue: 1 << 0)
    /// `^` and `$` match at line breaks.
    public static let multiline = RegexOptions(rawValue: 1 << 1)
    /// Whitespace in the pattern is ignored.
    public static let extended = RegexOptions(rawValue: 1 << 2)
    /// `.` matches line breaks too.
    public static let dotMatchesLineSeparators = RegexOptions(rawValue: 1 << 3)

    /// `imxs`, in that order.
    public var letters: String {
        [(Self.caseInsensitive, "i"), (.multiline, "m"), (.extended, "x"), (.dotMatchesLineSeparators, "s")]
            .filter { contains($0.0) }.map(\.1).joined()
    }
}

/// One operator applied to a field.
public enum FieldOperator: Hashable, Sendable {
    /// `$eq`: the field equals the value; an array field holds it.
    case equal(QueryLiteral)
    /// `$ne`: the field does not equal the value.
    case notEqual(QueryLiteral)
    /// `$gt`: the field is greater than the value.
    case greaterThan(QueryLiteral)
    /// `$gte`: the field is greater than or equal to the value.
    case greaterThanOrEqual(QueryLiteral)
    /// `$lt`: the field is less than the value.
    case lessThan(QueryLiteral)
    /// `$lte`: the field is less than or equal to the value.
    case lessThanOrEqual(QueryLiteral)
    /// `$in`: the field equals one of the values.
    case inList([QueryLiteral])
    /// `$nin`: the field equals none of the values.
    case notInList([QueryLiteral])
    /// `$all`: the array field holds every one of the values.
    case containsAll([QueryLiteral])
    /// `$size`: the array field has exactly this many elements.
    case size(Int)
    /// `$exists`: the field is present (`true`) or absent (`false`).
    case exists(Bool)
    /// A pattern, and options; prefix and suffix conditions arrive here with their value escaped.
    case regex(String, RegexOptions)
    /// `$containedBy` (Parse): every element of the array field is one of the values; an empty or absent array too.
    case containedBy([QueryLiteral])
    /// A condition on where a point lies: `$nearSphere`, `$within`, `$geoWithin` or `$geoIntersects`.
    case geo(GeoOperator)
    /// `$text` on one field (Parse): the field's text index matches the search.
    case text(TextSearch)
    /// `$inQuery` (Parse): the reference points at an instance the subquery selects.
    case inQuery(Subquery)
    /// `$notInQuery` (Parse): the reference points at no instance the subquery selects.
    case notInQuery(Subquery)
    /// `$select` (Parse): the value equals the field `key` of an instance the subquery selects.
    case select(Subquery, key: String)
    /// `$dontSelect` (Parse): the value equals the field `key` of no instance the subquery selects.
    case dontSelect(Subquery, key: String)

    /// The MongoDB operator name.
    public var name: String {
        switch self {
        case .equal: "$eq"
        case .notEqual: "$ne"
        case .greaterThan: "$gt"
        case .greaterThanOrEqual: "$gte"
        case .lessThan: "$lt"
        case .lessThanOrEqual: "$lte"
        case .inList: "$in"
        case .notInList: "$nin"
        case .containsAll: "$all"
        case .size: "$size"
        case .exists: "$exists"
        case .regex: "$regex"
        case .containedBy: "$containedBy"
        case .geo(let operation): operation.name
        case .text: "$text"
        case .inQuery: "$inQuery"
        case .notInQuery: "$notInQuery"
        case .select: "$select"
        case .dontSelect: "$dontSelect"
        }
    }
}

/// A condition on the instances of another object, for Parse's relational operators: the object's API name (its
/// class) and the conditions, with paths relative to that object.
public struct Subquery: Hashable, Sendable {
    /// The API name of the object the subquery selects from (Parse's class name).
    public var objectName: String
    /// The conditions that all hold for a selected instance.
    public var conditions: [ConditionNode]

    /// A subquery on `objectName`; the typed fields build these, so apps rarely need this.
    public init(objectName: String, conditions: [ConditionNode]) {
        self.objectName = objectName
        self.conditions = conditions
    }

    /// A subquery on `Model`, its condition built from the model's own fields.
    init<Model: QueryableModel>(on model: Model.Type, _ build: (Model.QueryFields) -> Condition<Model>) {
        self.init(objectName: Model.apiName, conditions: [build(Model.QueryFields(.root)).node])
    }
}

/// The structure of a condition, which dialects render; independent of the model so dialects need no generics.
public indirect enum ConditionNode: Sendable, Hashable {
    /// One operator applied to the field at a path.
    case field(FieldPath, FieldOperator)
    /// `$and`: every one of the conditions holds.
    case and([ConditionNode])
    /// `$or`: at least one of the conditions holds.
    case or([ConditionNode])
    /// `$nor`: none of the conditions holds; `Condition.not` is a `nor` of one.
    case nor([ConditionNode])
    /// The elements of a document array, at least one of which matches `Node` (relative to the element).
    case elementMatch(FieldPath, ConditionNode)
    /// The elements of an array of scalars, at least one of which satisfies every one of the operators
    /// (`{"scores":{"$elemMatch":{"$gt":5,"$lt":10}}}`).
    case elementValueMatch(FieldPath, [FieldOperator])
    /// `$text` at the top level (MongoDB, Mia-Platform): the collection's text index matches the search.
    case text(TextSearch)
    /// `$relatedTo` (Parse): the instance is in the Relation `key` of the instance `id` of the object `objectName`.
    case relatedTo(objectName: String, id: String, key: String)
}

/// A condition on one element of an array of scalars, built inside `ArrayField.elementMatch`: operators that one
/// element must satisfy together. It has `and` but no `or`: MongoDB's `$elemMatch` on scalars takes operators only.
public struct ElementCondition<Element>: Sendable {
    /// The operators one element must satisfy, in the order written.
    public let operators: [FieldOperator]

    /// A condition of these operators; `ElementValue` builds them, so apps rarely need this.
    public init(_ operators: [FieldOperator]) {
        self.operators = operators
    }

    /// This condition and every one of `others`, on the same element.
    public func and(_ others: ElementCondition...) -> ElementCondition {
        ElementCondition(operators + others.flatMap(\.operators))
    }
}

/// A condition on instances of `Root`, built from `Root`'s typed fields. Conditions on another model's fields do
/// not type-check, so a query can only ask about its own model.
public struct Condition<Root>: Sendable {
    /// The condition's structure without its model, as dialects render it.
    public let node: ConditionNode

    /// A condition with this structure; the typed fields build conditions, so apps rarely need this.
    public init(_ node: ConditionNode) {
        self.node = node
    }

    /// Both this condition and every one of `others`, rendered as `$and`.
    public func and(_ others: Condition...) -> Condition {
        Condition(.and([node] + others.map(\.node)))
    }

    /// This condition or any of `others`, rendered as `$or`.
    public func or(_ others: Condition...) -> Condition {
        Condition(.or([node] + others.map(\.node)))
    }

    /// All of `conditions`, rendered as `$and`.
    public static func all(_ conditions: [Condition]) -> Condition {
        Condition(.and(conditions.map(\.node)))
    }

    /// Any of `conditions`, rendered as `$or`.
    public static func any(_ conditions: [Condition]) -> Condition {
        Condition(.or(conditions.map(\.node)))
    }

    /// None of `conditions`, rendered as `$nor`.
    public static func none(_ conditions: [Condition]) -> Condition {
        Condition(.nor(conditions.map(\.node)))
    }

    /// The opposite of `condition`, rendered as `$nor` with one element (which, unlike `$not`, works on compound
    /// conditions too).
    public static func not(_ condition: Condition) -> Condition {
        Condition(.nor([condition.node]))
    }

    /// Instances whose text index matches `search` (`$text` at the top level, as MongoDB and Mia-Platform's CRUD
    /// service take it); the collection needs a text index, which the schema does not describe. One per query.
    ///
    /// ```swift
    /// Plate.query.where { _ in .matchesText(TextSearch("margherita", language: "italian")) }
    /// ```
    public static func matchesText(_ search: TextSearch) -> Condition {
        Condition(.text(search))
    }
}

extension Condition where Root: QueryableModel {
    /// Instances in the Relation `relation` of the instance `id` of `Owner` (Parse's `$relatedTo`): the players in a
    /// game score's `opponents`.
    ///
    /// ```swift
    /// Player.query.where { _ in .relatedTo(\GameScore.QueryFields.opponents, of: scoreID) }
    /// ```
    public static func relatedTo<Owner: QueryableModel>(
        _ relation: KeyPath<Owner.QueryFields, RelationField<Owner, Root>>,
        of id: some ReferenceIdentifier
    ) -> Condition {
        let field = Owner.QueryFields(.root)[keyPath: relation]
        return Condition(.relatedTo(objectName: Owner.apiName, id: id.referenceID, key: field.fieldPath.dotted))
    }
}

/// A full-text search, as MongoDB's `$text` takes it: the terms (words, `"quoted phrases"`, `-excluded` words), and
/// the options the server's text index reads. Options left `nil` are not sent, so the server's defaults hold.
public struct TextSearch: Hashable, Sendable {
    /// What to search for.
    public var terms: String
    /// The language whose stop words and stemming apply (`"english"`, `"none"`); `nil` for the index's own.
    public var language: String?
    /// Whether letters must match in case.
    public var isCaseSensitive: Bool?
    /// Whether letters must match in their diacritics (`é` and `e`).
    public var isDiacriticSensitive: Bool?

    /// A search for `terms`, with options to send only where set.
    public init(
        _ terms: String,
        language: String? = nil,
        isCaseSensitive: Bool? = nil,
        isDiacriticSensitive: Bool? = nil
    ) {
        self.terms = terms
        self.language = language
        self.isCaseSensitive = isCaseSensitive
        self.isDiacriticSensitive = isDiacriticSensitive
    }
}
