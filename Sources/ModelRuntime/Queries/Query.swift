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
///
/// Start one with the model's `query`; the closures get the model's typed fields, so a misspelled field or an
/// operator that doesn't fit its type does not compile.
///
/// ```swift
/// let query = Item.query
///     .where { $0.count.gt(3).and($0.active.eq(true)) }
///     .sort { [$0.price.descending, $0.name.ascending] }
///     .skip(20).limit(10)
///     .paths { [$0.name, $0.price] }
/// let request = try query.rendered(for: .cortex)
/// ```
public struct Query<Model: QueryableModel>: Sendable {
    /// Conditions added one by one with `where`; they all hold, and render merged into one object where their
    /// keys allow.
    public private(set) var conditions: [Condition<Model>] = []
    /// Sort keys in the order given: the first decides, the later ones break ties.
    public private(set) var sortKeys: [SortKey<Model>] = []
    /// The most results to return; `nil` leaves it to the server.
    public private(set) var limit: Int?
    /// How many results to skip before the first one returned; `nil` for none.
    public private(set) var skip: Int?
    /// The only paths to return; empty returns every property.
    public private(set) var paths: [FieldPath] = []
    /// Paths to leave out of the results (the rest come back).
    public private(set) var exclusions: [FieldPath] = []
    /// Properties marked `optional: true` to return as well.
    public private(set) var includes: [FieldPath] = []
    /// References the server should expand into the objects they reference.
    public private(set) var expansions: [FieldPath] = []
    /// Mia-Platform's document states (`_st`), such as `PUBLIC` and `DRAFT`.
    public private(set) var states: [String] = []

    /// A query for every instance, in the server's order; a model's `query` (`Item.query`) is the usual start.
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

    /// Adds several sort keys, in order, after the ones already given.
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

    /// Asks for one property marked `optional: true`, which the server leaves out otherwise.
    public func include(_ build: (Model.IncludableFields) -> IncludePath<Model>) -> Query {
        with { $0.includes.append(build(Model.IncludableFields(.root)).fieldPath) }
    }

    /// Asks the server to expand references marked `expandable`.
    public func expand(_ build: (Model.ExpandableFields) -> [ExpandPath<Model>]) -> Query {
        with { $0.expansions += build(Model.ExpandableFields(.root)).map(\.fieldPath) }
    }

    /// Asks the server to expand one reference marked `expandable`.
    public func expand(_ build: (Model.ExpandableFields) -> ExpandPath<Model>) -> Query {
        with { $0.expansions.append(build(Model.ExpandableFields(.root)).fieldPath) }
    }

    /// Mia-Platform only: the document states to return.
    public func states(_ states: [String]) -> Query { with { $0.states = states } }
}
