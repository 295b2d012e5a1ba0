import Foundation

/// Mia-Platform's CRUD service: `GET /<collection>/?_q={…}&_p=&_s=&_l=&_sk=&_st=`, and `GET /<collection>/count`.
public struct MiaDialect: QueryDialect {
    /// Sends `_q` base64-encoded, with the header `json-query-params-encoding: base64`, for proxies that mangle JSON
    /// in URLs.
    public var encodesQueryAsBase64: Bool
    /// The largest limit a query may ask for; `nil` for no cap (the old SDK documented 500).
    public var maximumLimit: Int?

    /// A Mia-Platform dialect; the defaults send `_q` as plain JSON and cap no limit.
    public init(encodesQueryAsBase64: Bool = false, maximumLimit: Int? = nil) {
        self.encodesQueryAsBase64 = encodesQueryAsBase64
        self.maximumLimit = maximumLimit
    }

    /// The operators of the CRUD service's `_q` (crud-service `lib/QueryParser.js`, `traverse`): MongoDB's without
    /// `$nor`, which it refuses at the top level; `$elemMatch` also on arrays of scalars; `$nearSphere` in the
    /// service's own form; `$text` at the top level. Regular expressions are `{"$regex":…,"$options":…}`.
    public static let filter = FilterRenderer(
        dialect: "mia",
        supportedOperators: [
            "$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$all", "$size", "$exists", "$regex", "$and",
            "$or", "$elemMatch", "$nearSphere", "$text",
        ],
        encodeValue: FilterRenderer.plainValue,
        encodeRegex: FilterRenderer.mongoRegex,
        refusalReasons: [
            "$nor":
                "Mia-Platform's CRUD service refuses it (\"Unknown operator: $nor\"; its query parser takes only $and, $or "
                + "and $text at the top level), and Condition.not and Condition.none are sent as $nor",
            "$geoWithin": "Mia-Platform's CRUD service takes only $nearSphere of the geo operators",
            "$within": "Mia-Platform's CRUD service takes only $nearSphere of the geo operators",
        ],
        encodeGeo: geo
    )

    /// The CRUD service's `$nearSphere`: `{"from": [longitude, latitude], "minDistance": m, "maxDistance": m}`, which
    /// it rewrites into MongoDB's (crud-service `lib/QueryParser.js`, `castNearSphere`). It has no other geo operator.
    public static func geo(_ geo: GeoOperator) throws -> [(key: String, value: QueryJSON)] {
        guard case .nearSphere(let center, let minimum, let maximum) = geo else {
            throw QueryError("the mia dialect has no \(geo.name) operator: its CRUD service takes only $nearSphere")
        }
        if maximum?.meters == 0 {
            // The service leaves out a distance of 0 (`if (value.maxDistance)`): it would match every point.
            throw QueryError("mia's $nearSphere leaves out a maximum distance of 0, which would match every point")
        }
        var members: [(key: String, value: QueryJSON)] = [("from", FilterRenderer.longitudeLatitude(center))]
        if let minimum { members.append(("minDistance", .double(minimum.meters))) }
        if let maximum { members.append(("maxDistance", .double(maximum.meters))) }
        return [("$nearSphere", .object(members))]
    }

    /// The list request: `GET /<plural>/` with `_q`, `_p` (or `_rawp`), `_s`, `_l`, `_sk` and `_st`. Throws for
    /// `expand`, which the CRUD service cannot do, and for `paths` combined with `excluding`.
    public func render(_ query: QueryParts) throws -> RenderedRequest {
        if !query.expansions.isEmpty { throw QueryError("mia's CRUD service cannot expand references") }
        var items = try filterItems(query)
        var projection = query.paths.map(\.dotted)
        // Mia returns every field unless a projection names some: included fields join a projection.
        if !projection.isEmpty { projection += query.includes.map(\.dotted).filter { !projection.contains($0) } }
        if !projection.isEmpty { items.append(URLQueryItem(name: "_p", value: projection.joined(separator: ","))) }
        if !query.exclusions.isEmpty {
            if !projection.isEmpty { throw QueryError("mia cannot both select (_p) and exclude (_rawp) fields") }
            // `_rawp` is the CRUD service's raw MongoDB projection, the one that can leave fields out.
            let projection = QueryJSON.object(query.exclusions.map { ($0.dotted, .int(0)) })
            items.append(URLQueryItem(name: "_rawp", value: projection.serialized))
        }
        if !query.sortKeys.isEmpty {
            let sort = query.sortKeys.map { ($0.isAscending ? "" : "-") + $0.path.dotted }.joined(separator: ",")
            items.append(URLQueryItem(name: "_s", value: sort))
        }
        if let limit = query.limit {
            try PageLimits.check(limit: limit, minimum: 1, maximum: maximumLimit, dialect: "mia")
            items.append(URLQueryItem(name: "_l", value: String(limit)))
        }
        if let skip = query.skip {
            try PageLimits.check(skip: skip)
            items.append(URLQueryItem(name: "_sk", value: String(skip)))
        }
        if let states = try Self.statesItem(query.states) { items.append(states) }
        return RenderedRequest(
            path: try PathSegment.basePath(query.pluralName) + "/",
            queryItems: items,
            headers: headers
        )
    }

    /// `_st`, the states joined by `,`; `nil` for none. A state is the app's text, which may come from a user: one
    /// that holds `,` would be two states (`PUBLIC,DELETED`), and an empty one none, so either is refused.
    static func statesItem(_ states: [String]) throws -> URLQueryItem? {
        if states.isEmpty { return nil }
        for state in states where state.isEmpty || state.contains(",") {
            throw QueryError(
                "\(quotedForMessage(state)) is not one Mia-Platform state (_st): a state is not empty and holds no ','"
            )
        }
        return URLQueryItem(name: "_st", value: states.joined(separator: ","))
    }

    /// The count request: `GET /<plural>/count` with the query's `_q` and `_st`, answered with a number. The service
    /// counts with MongoDB's `countDocuments`, which refuses `$nearSphere`; such a count is refused here.
    public func renderCount(_ query: QueryParts) throws -> RenderedRequest {
        if query.conditions.contains(where: { $0.holdsNearSphere { _ in true } }) {
            throw QueryError(
                "mia counts with MongoDB's countDocuments, which refuses $nearSphere; count within(_:of:) instead"
            )
        }
        var items = try filterItems(query)
        if let states = try Self.statesItem(query.states) { items.append(states) }
        return RenderedRequest(
            path: try PathSegment.basePath(query.pluralName) + "/count",
            queryItems: items,
            headers: headers
        )
    }

    private var headers: [String: String] {
        encodesQueryAsBase64 ? ["json-query-params-encoding": "base64"] : [:]
    }

    private func filterItems(_ query: QueryParts) throws -> [URLQueryItem] {
        guard !query.conditions.isEmpty else { return [] }
        let json = try Self.filter.renderMerged(query.conditions).serialized
        return [URLQueryItem(name: "_q", value: encodesQueryAsBase64 ? Data(json.utf8).base64EncodedString() : json)]
    }
}

extension WireDialect where Self == MiaDialect {
    /// Mia-Platform's CRUD service.
    public static var mia: MiaDialect { MiaDialect() }
}
