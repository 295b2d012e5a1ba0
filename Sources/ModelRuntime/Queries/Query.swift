/// A generated model that queries can ask for: its typed fields, and the properties a query may include or expand.
public protocol QueryableModel: SchemaObject {
    /// The model's fields, with conditions on `Self`.
    associatedtype QueryFields: FieldCollection where QueryFields.Root == Self
    /// Properties marked `optional: true`.
    associatedtype IncludableFields: FieldCollection = UnknownFields<Self> where IncludableFields.Root == Self
    /// References marked `expandable`.
    associatedtype ExpandableFields: FieldCollection = UnknownFields<Self> where ExpandableFields.Root == Self
}

extension QueryableModel {
    /// A query for instances of this model: the entry point of the typed query builder.
    public static var query: Query<Self> { Query() }
}

/// What to ask the server for: conditions, order, page, projection, includes and expansions, in a form every
/// dialect renders. A value: every method returns a new query.
public struct Query<Model: QueryableModel>: Sendable {
    /// Conditions added one by one with `where`; they all hold, and render merged into one object where their
    /// keys allow.
    public private(set) var conditions: [Condition<Model>] = []
    public private(set) var sortKeys: [SortKey<Model>] = []
    public private(set) var limit: Int?
    public private(set) var skip: Int?
    public private(set) var paths: [FieldPath] = []
    /// Paths to leave out of the results (the rest come back).
    public private(set) var exclusions: [FieldPath] = []
    public private(set) var includes: [FieldPath] = []
    public private(set) var expansions: [FieldPath] = []
    /// Mia-Platform's document states (`_st`), such as `PUBLIC` and `DRAFT`.
    public private(set) var states: [String] = []

    public init() {}

    private func with(_ change: (inout Query) -> Void) -> Query {
        var copy = self
        change(&copy)
        return copy
    }

    /// Adds a condition; every condition of a query must hold.
    public func `where`(_ build: (Model.QueryFields) -> Condition<Model>) -> Query {
        with { $0.conditions.append(build(Model.QueryFields(.root))) }
    }

    /// Adds sort keys after the ones already given; the order of keys is kept.
    public func sort(_ build: (Model.QueryFields) -> SortKey<Model>) -> Query {
        with { $0.sortKeys.append(build(Model.QueryFields(.root))) }
    }

    public func sort(_ build: (Model.QueryFields) -> [SortKey<Model>]) -> Query {
        with { $0.sortKeys += build(Model.QueryFields(.root)) }
    }

    /// At most `count` results; a negative count, or one above the dialect's maximum, is rejected when rendered.
    public func limit(_ count: Int) -> Query { with { $0.limit = count } }

    /// Skips the first `count` results; a negative count is rejected when rendered.
    public func skip(_ count: Int) -> Query { with { $0.skip = count } }

    /// Returns only these paths (and what the server always returns, such as `_id`).
    public func paths(_ build: (Model.QueryFields) -> [any FieldPathRepresentable<Model>]) -> Query {
        with { $0.paths += build(Model.QueryFields(.root)).map(\.fieldPath) }
    }

    /// Returns everything but these paths.
    public func excluding(_ build: (Model.QueryFields) -> [any FieldPathRepresentable<Model>]) -> Query {
        with { $0.exclusions += build(Model.QueryFields(.root)).map(\.fieldPath) }
    }

    /// Asks for properties marked `optional: true`, which the server leaves out otherwise.
    public func include(_ build: (Model.IncludableFields) -> [IncludePath<Model>]) -> Query {
        with { $0.includes += build(Model.IncludableFields(.root)).map(\.fieldPath) }
    }

    public func include(_ build: (Model.IncludableFields) -> IncludePath<Model>) -> Query {
        with { $0.includes.append(build(Model.IncludableFields(.root)).fieldPath) }
    }

    /// Asks the server to expand references marked `expandable`.
    public func expand(_ build: (Model.ExpandableFields) -> [ExpandPath<Model>]) -> Query {
        with { $0.expansions += build(Model.ExpandableFields(.root)).map(\.fieldPath) }
    }

    public func expand(_ build: (Model.ExpandableFields) -> ExpandPath<Model>) -> Query {
        with { $0.expansions.append(build(Model.ExpandableFields(.root)).fieldPath) }
    }

    /// Mia-Platform only: the document states to return.
    public func states(_ states: [String]) -> Query { with { $0.states = states } }
}
