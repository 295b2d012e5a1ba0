import Foundation

/// Medable Cortex: `GET /<plural>?where={…}&sort={…}&skip=&limit=&paths[]=&include[]=&expand[]=`.
public struct CortexDialect: QueryDialect {
    /// The largest page Cortex returns.
    public var maximumLimit: Int

    /// A Cortex dialect whose queries may ask for at most `maximumLimit` results a page.
    public init(maximumLimit: Int = 1000) {
        self.maximumLimit = maximumLimit
    }

    /// Cortex's operators, as Medable documents them (the Query Operators page and the iOS SDK's
    /// `MDAPIParameterFactory.h`); `$elemMatch` only on arrays of documents. Regular expressions are written as
    /// `/pattern/flags`.
    public static let filter = FilterRenderer(
        dialect: "cortex",
        supportedOperators: [
            "$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$all", "$size", "$regex", "$and", "$or",
            "$elemMatch",
        ],
        encodeValue: FilterRenderer.plainValue,
        encodeRegex: { pattern, options in [("$regex", .string("/\(pattern)/\(options.letters)"))] },
        matchesScalarElements: false,
        refusalReasons: [
            "$exists": "Medable documents no $exists for Cortex",
            "$nor": "Medable documents no $nor for Cortex, and Condition.not and Condition.none are sent as $nor",
            "$elemMatch": "Medable documents $elemMatch for arrays of documents only",
        ]
    )

    /// The list request: `GET /<plural>` with `where`, `sort`, `skip`, `limit`, `paths[]`, `include[]` and `expand[]`.
    /// Throws for what Cortex lacks: `exists`, `not`, `none`, `excluding` and `states`.
    public func render(_ query: QueryParts) throws -> RenderedRequest {
        if !query.states.isEmpty { throw QueryError("document states (_st) are a mia feature; cortex has none") }
        if !query.exclusions.isEmpty {
            throw QueryError("cortex selects paths to return (paths[]) but cannot exclude them")
        }
        var items: [URLQueryItem] = []
        if !query.conditions.isEmpty {
            items.append(URLQueryItem(name: "where", value: try Self.filter.renderMerged(query.conditions).serialized))
        }
        if !query.sortKeys.isEmpty {
            let sort = QueryJSON.object(query.sortKeys.map { ($0.path.dotted, .int($0.isAscending ? 1 : -1)) })
            items.append(URLQueryItem(name: "sort", value: sort.serialized))
        }
        if let skip = query.skip {
            try PageLimits.check(skip: skip)
            items.append(URLQueryItem(name: "skip", value: String(skip)))
        }
        if let limit = query.limit {
            try PageLimits.check(limit: limit, minimum: 1, maximum: maximumLimit, dialect: "cortex")
            items.append(URLQueryItem(name: "limit", value: String(limit)))
        }
        items += query.paths.map { URLQueryItem(name: "paths[]", value: $0.dotted) }
        items += query.includes.map { URLQueryItem(name: "include[]", value: $0.dotted) }
        items += query.expansions.map { URLQueryItem(name: "expand[]", value: $0.dotted) }
        return RenderedRequest(path: try PathSegment.collectionPath(query.pluralName), queryItems: items)
    }

    /// Cortex lists report `hasMore` rather than a total; counting is a `$count` stage of an aggregation pipeline.
    public func renderCount(_ query: QueryParts) throws -> RenderedRequest {
        if !query.states.isEmpty { throw QueryError("document states (_st) are a mia feature; cortex has none") }
        var stages: [QueryJSON] = []
        if !query.conditions.isEmpty {
            stages.append(.object([("$match", try Self.filter.renderMerged(query.conditions))]))
        }
        stages.append(
            .object([("$group", .object([("_id", .null), ("count", .object([("$count", .string("_id"))]))]))])
        )
        return RenderedRequest(
            path: try PathSegment.collectionPath(query.pluralName),
            queryItems: [URLQueryItem(name: "pipeline", value: QueryJSON.array(stages).serialized)]
        )
    }
}

/// Checks of limit and skip shared by the dialects.
enum PageLimits {
    static func check(limit: Int, minimum: Int, maximum: Int?, dialect: String) throws {
        if limit < minimum { throw QueryError("a limit of \(limit) is below \(dialect)'s minimum of \(minimum)") }
        if let maximum, limit > maximum {
            throw QueryError("a limit of \(limit) is above \(dialect)'s maximum of \(maximum)")
        }
    }

    static func check(skip: Int) throws {
        if skip < 0 { throw QueryError("skip must be zero or more, not \(skip)") }
    }
}

extension WireDialect where Self == CortexDialect {
    /// Medable Cortex.
    public static var cortex: CortexDialect { CortexDialect() }
}
