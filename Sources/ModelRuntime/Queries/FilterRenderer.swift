import Foundation

/// Renders conditions as MongoDB-style filter JSON, the language all three built-in dialects speak, with the
/// dialect's own value encoding and set of operators.
public struct FilterRenderer: Sendable {
    /// The dialect's name, for error messages.
    public var dialect: String
    /// Operators the dialect's server understands; anything else is a thrown error, never a request it rejects.
    public var supportedOperators: Set<String>
    /// How the dialect writes a value.
    public var encodeValue: @Sendable (QueryLiteral) -> QueryJSON
    /// How the dialect writes a regular expression: the members of the operator object.
    public var encodeRegex: @Sendable (_ pattern: String, _ options: RegexOptions) -> [(key: String, value: QueryJSON)]
    /// Whether `$elemMatch` may hold operators on the elements of an array of scalars
    /// (`{"scores":{"$elemMatch":{"$gt":5}}}`), besides conditions on the fields of an array of documents.
    public var matchesScalarElements: Bool
    /// Why the backend refuses an operator that is not in `supportedOperators`, by operator, for the error message;
    /// under `$elemMatch`, why it refuses it on arrays of scalars when `matchesScalarElements` is false.
    public var refusalReasons: [String: String]

    /// A renderer for a dialect: its name for messages, its operators, and how it writes values and regular
    /// expressions; whether `$elemMatch` works on arrays of scalars, and why the backend refuses the operators it
    /// refuses. The built-in dialects' `filter`s are examples.
    public init(
        dialect: String,
        supportedOperators: Set<String>,
        encodeValue: @escaping @Sendable (QueryLiteral) -> QueryJSON,
        encodeRegex: @escaping @Sendable (String, RegexOptions) -> [(key: String, value: QueryJSON)],
        matchesScalarElements: Bool = true,
        refusalReasons: [String: String] = [:]
    ) {
        self.dialect = dialect
        self.supportedOperators = supportedOperators
        self.encodeValue = encodeValue
        self.encodeRegex = encodeRegex
        self.matchesScalarElements = matchesScalarElements
        self.refusalReasons = refusalReasons
    }

    /// Every operator MongoDB's query language has that the builder produces.
    public static let allOperators: Set<String> = [
        "$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$all", "$size", "$exists", "$regex", "$and", "$or",
        "$nor", "$elemMatch",
    ]

    /// Conditions that must all hold (a query's `where` calls), as one filter object: conditions on one key merge into
    /// one operator object (`{"$gte":5,"$lte":10}`), while explicit `and`/`or` stay arrays.
    public func renderMerged(_ nodes: [ConditionNode]) throws -> QueryJSON {
        var members: [(key: String, value: QueryJSON)] = []
        var operatorsByKey: [String: [(key: String, value: QueryJSON)]] = [:]
        var keyOrder: [String] = []
        var conflict = false
        for node in nodes {
            switch node {
            case .field(let path, let operation):
                try checkFilterable(path)
                let key = path.dotted
                let rendered = try render(operation)
                if var existing = operatorsByKey[key] {
                    if existing.contains(where: { existing in rendered.contains { $0.key == existing.key } }) {
                        conflict = true
                    }
                    existing += rendered
                    operatorsByKey[key] = existing
                } else {
                    operatorsByKey[key] = rendered
                    keyOrder.append(key)
                }
            case .elementMatch(let path, let inner):
                try checkFilterable(path)
                try require("$elemMatch")
                let key = path.dotted
                if operatorsByKey[key] != nil { conflict = true }
                operatorsByKey[key, default: []].append(("$elemMatch", try renderMerged([inner])))
                if !keyOrder.contains(key) { keyOrder.append(key) }
            case .elementValueMatch(let path, let operations):
                try checkFilterable(path)
                let key = path.dotted
                if operatorsByKey[key] != nil { conflict = true }
                operatorsByKey[key, default: []].append(("$elemMatch", try renderElementOperators(operations)))
                if !keyOrder.contains(key) { keyOrder.append(key) }
            case .and(let inner), .or(let inner), .nor(let inner):
                let name = logicalName(node)
                try require(name)
                if inner.isEmpty { throw QueryError("an empty \(name) matches nothing the server can express") }
                if operatorsByKey[name] != nil { conflict = true }
                operatorsByKey[name] = [(name, .array(try inner.map { try renderMerged([$0]) }))]
                keyOrder.append(name)
            }
        }
        if conflict {
            // The same operator twice on one key cannot share an object: every condition keeps its own.
            try require("$and")
            return .object([("$and", .array(try nodes.map { try renderMerged([$0]) }))])
        }
        for key in keyOrder {
            guard let operators = operatorsByKey[key] else { continue }
            if key.hasPrefix("$") {
                members.append((key, operators[0].value))
            } else if operators.count == 1, operators[0].key == "$eq", !operators[0].value.hasOperatorKeys {
                // Equality alone is written as the plain value, as every dialect's documentation does.
                members.append((key, operators[0].value))
            } else {
                members.append((key, .object(operators)))
            }
        }
        return .object(members)
    }

    private func logicalName(_ node: ConditionNode) -> String {
        switch node {
        case .and: "$and"
        case .or: "$or"
        case .nor: "$nor"
        default: ""
        }
    }

    private func require(_ name: String) throws {
        guard supportedOperators.contains(name) else {
            let reason = refusalReasons[name].map { ": \($0)" } ?? ""
            throw QueryError("the \(dialect) dialect has no \(name) operator\(reason)")
        }
    }

    /// The operator object of an `$elemMatch` on scalars: each operator once, since one object cannot hold a key
    /// twice and `$elemMatch` on scalars takes no `$and`.
    private func renderElementOperators(_ operations: [FieldOperator]) throws -> QueryJSON {
        try require("$elemMatch")
        guard matchesScalarElements else {
            let reason = refusalReasons["$elemMatch"].map { ": \($0)" } ?? ""
            throw QueryError(
                "the \(dialect) dialect has $elemMatch only on arrays of documents, not on arrays of scalars\(reason)"
            )
        }
        if operations.isEmpty {
            throw QueryError("an elementMatch without operators matches nothing a server can express")
        }
        var members: [(key: String, value: QueryJSON)] = []
        for operation in operations {
            let rendered = try render(operation)
            if let repeated = rendered.first(where: { new in members.contains { $0.key == new.key } }) {
                throw QueryError(
                    "\(repeated.key) appears twice in one elementMatch; one element's operators share one object"
                )
            }
            members += rendered
        }
        return .object(members)
    }

    private func checkFilterable(_ path: FieldPath) throws {
        if let depth = path.referenceDepth {
            let reference = path.components[..<depth].joined(separator: ".")
            throw QueryError(
                "'\(path.dotted)' goes through the reference '\(reference)': \(dialect) filters cannot look into referenced objects"
            )
        }
    }

    private func render(_ operation: FieldOperator) throws -> [(key: String, value: QueryJSON)] {
        try require(operation.name)
        try checkFinite(operation)
        switch operation {
        case .equal(let value), .notEqual(let value), .greaterThan(let value), .greaterThanOrEqual(let value),
            .lessThan(let value), .lessThanOrEqual(let value):
            return [(operation.name, encodeValue(value))]
        case .inList(let values), .notInList(let values), .containsAll(let values):
            if values.isEmpty {
                throw QueryError(
                    "\(operation.name) needs at least one value; an empty list selects nothing or everything"
                )
            }
            return [(operation.name, .array(values.map(encodeValue)))]
        case .size(let count):
            if count < 0 { throw QueryError("$size needs a count of zero or more, not \(count)") }
            return [("$size", .int(count))]
        case .exists(let present):
            return [("$exists", .bool(present))]
        case .regex(let pattern, let options):
            do {
                _ = try NSRegularExpression(pattern: pattern)
            } catch {
                throw QueryError("'\(pattern)' is not a valid regular expression")
            }
            return encodeRegex(pattern, options)
        }
    }

    /// NaN and infinities have no JSON form: a query holding one is refused, never sent as invalid JSON.
    private func checkFinite(_ operation: FieldOperator) throws {
        let values: [QueryLiteral] =
            switch operation {
            case .equal(let value), .notEqual(let value), .greaterThan(let value), .greaterThanOrEqual(let value),
                .lessThan(let value), .lessThanOrEqual(let value):
                [value]
            case .inList(let values), .notInList(let values), .containsAll(let values): values
            case .size, .exists, .regex: []
            }
        if values.contains(where: \.containsNonFiniteNumber) {
            throw QueryError("\(operation.name) compares with NaN or an infinity, which JSON cannot hold")
        }
    }

    /// Values as cortex and mia write them: dates as ISO 8601 with milliseconds and `Z`, ids and references as the
    /// id string.
    public static func plainValue(_ literal: QueryLiteral) -> QueryJSON {
        switch literal {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .date(let date): .string(ISO8601DateCoding.string(from: date))
        case .dateOnly(let day): .string(day.description)
        case .objectID(let id): .string(id.description)
        case .reference(let id, _): .string(id)
        case .json(let value): QueryJSON(value)
        case .array(let values): .array(values.map(plainValue))
        }
    }

    /// MongoDB's own form: `{"$regex": pattern, "$options": "i"}`.
    public static func mongoRegex(_ pattern: String, _ options: RegexOptions) -> [(key: String, value: QueryJSON)] {
        var members: [(key: String, value: QueryJSON)] = [("$regex", .string(pattern))]
        if !options.isEmpty { members.append(("$options", .string(options.letters))) }
        return members
    }
}
