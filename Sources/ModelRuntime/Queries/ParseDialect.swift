import Foundation

/// Parse Server: `GET /classes/<Class>?where={…}&order=&limit=&skip=&keys=&include=`, or the same as a `POST` body
/// with `"_method":"GET"` when the URL would be too long.
public struct ParseDialect: QueryDialect {
    /// URLs longer than this go as a `POST` with the query in the body.
    public var maximumURLLength: Int
    /// The base URL's length, counted into `maximumURLLength`.
    public var baseURLLength: Int
    /// The largest limit a query may ask for; `nil` for no cap.
    public var maximumLimit: Int?

    /// A Parse dialect; by default a URL longer than 2000 characters goes as a `POST`, and no limit is capped.
    public init(maximumURLLength: Int = 2000, baseURLLength: Int = 0, maximumLimit: Int? = nil) {
        self.maximumURLLength = maximumURLLength
        self.baseURLLength = baseURLLength
        self.maximumLimit = maximumLimit
    }

    /// The operators of Parse Server's `where` (parse-server `DatabaseController.js` `validateQuery` and
    /// `MongoTransform.js` `transformConstraint`, `RestQuery.js` for the relational ones): MongoDB's without `$size`
    /// and `$elemMatch`, with Parse's geo forms, `$text` on a field, `$containedBy`, `$inQuery`, `$notInQuery`,
    /// `$select`, `$dontSelect` and `$relatedTo`. Parse writes dates as `{"__type":"Date","iso":…}` and references
    /// as Pointers.
    public static let filter = FilterRenderer(
        dialect: "parse",
        supportedOperators: [
            "$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$all", "$exists", "$regex", "$and", "$or",
            "$nor", "$containedBy", "$text", "$nearSphere", "$within", "$geoWithin", "$geoIntersects", "$inQuery",
            "$notInQuery", "$select", "$dontSelect", "$relatedTo",
        ],
        encodeValue: value,
        encodeRegex: FilterRenderer.mongoRegex,
        refusalReasons: [
            "$size": "Parse Server refuses it (\"bad constraint: $size\")",
            "$elemMatch": "Parse Server refuses it (\"bad constraint: $elemMatch\")",
        ],
        encodeGeo: geo,
        encodeTextSearch: { search in .object([("$search", textSearch(search))]) },
        textSearchPlacement: .field,
        standaloneOperators: ["$containedBy", "$text"],
        operatorsBecomingFilterKeys: ["$containedBy": "$nor", "$text": "$text"],
        operatorsFoldedTogether: [["$in", "$inQuery", "$select"]],
        keysExcludingEachOther: [["$relatedTo", "$or"], ["$relatedTo", "$and"]]
    )

    /// A point as Parse writes it in queries: `{"__type": "GeoPoint", "latitude", "longitude"}`.
    private static func geoPoint(_ point: GeoCoordinate) -> QueryJSON {
        .object([
            ("__type", .string("GeoPoint")), ("latitude", .double(point.latitude)),
            ("longitude", .double(point.longitude)),
        ])
    }

    /// Parse's geo forms (REST guide, GeoPoints; parse-server `MongoTransform.js`): `$nearSphere` with
    /// `$maxDistance` in radians beside it (the one form its find, its count and Live Query all read),
    /// `$within` `$box`, `$geoWithin` `$polygon` or `$centerSphere` (`[longitude, latitude]` and radians),
    /// `$geoIntersects` `$point`. Parse has no minimum distance.
    public static func geo(_ geo: GeoOperator) throws -> [(key: String, value: QueryJSON)] {
        switch geo {
        case .nearSphere(let center, let minimum, let maximum):
            if minimum != nil {
                throw QueryError("the parse dialect's $nearSphere has no minimum distance, only a maximum")
            }
            var members: [(key: String, value: QueryJSON)] = [("$nearSphere", geoPoint(center))]
            if let maximum {
                members.append(
                    (
                        "$maxDistance",
                        .double(maximum.radians(earthRadiusInMeters: GeoDistance.parseEarthRadiusInMeters))
                    )
                )
            }
            return members
        case .withinBox(let southwest, let northeast):
            return [("$within", .object([("$box", .array([geoPoint(southwest), geoPoint(northeast)]))]))]
        case .withinPolygon(let corners):
            return [("$geoWithin", .object([("$polygon", .array(corners.map(geoPoint)))]))]
        case .withinSphere(let center, let radius):
            return FilterRenderer.centerSphere(
                center,
                radius,
                earthRadiusInMeters: GeoDistance.parseEarthRadiusInMeters
            )
        case .intersectsPoint(let point):
            return [("$geoIntersects", .object([("$point", geoPoint(point))]))]
        }
    }

    /// Parse's `$search` value: `{"$term": terms}` and the options that are set (parse-server `MongoTransform.js`,
    /// `$text`).
    private static func textSearch(_ search: TextSearch) -> QueryJSON {
        .object([("$term", .string(search.terms))] + FilterRenderer.textSearchOptions(search))
    }

    /// A literal as Parse writes it: dates as `{"__type":"Date","iso":…}`, references as Pointers to the target's
    /// class, everything else as plain JSON.
    public static func value(_ literal: QueryLiteral) -> QueryJSON {
        switch literal {
        case .date(let date):
            .object([("__type", .string("Date")), ("iso", .string(ISO8601DateCoding.string(from: date)))])
        case .reference(let id, let object):
            .object([("__type", .string("Pointer")), ("className", .string(object)), ("objectId", .string(id))])
        case .array(let values): .array(values.map(value))
        default: FilterRenderer.plainValue(literal)
        }
    }

    /// The list request: `GET /classes/<Class>` with `where`, `order`, `limit`, `skip`, `keys`, `excludeKeys` and
    /// `include`, or a `POST` with `"_method":"GET"` when the URL would be longer than `maximumURLLength`.
    public func render(_ query: QueryParts) throws -> RenderedRequest {
        if !query.states.isEmpty { throw QueryError("document states (_st) are a mia feature; parse has none") }
        var members: [(key: String, value: QueryJSON)] = []
        if !query.conditions.isEmpty { members.append(("where", try Self.filter.renderMerged(query.conditions))) }
        if !query.sortKeys.isEmpty {
            members.append(
                (
                    "order",
                    .string(query.sortKeys.map { ($0.isAscending ? "" : "-") + $0.path.dotted }.joined(separator: ","))
                )
            )
        }
        if let limit = query.limit {
            try PageLimits.check(limit: limit, minimum: 0, maximum: maximumLimit, dialect: "parse")
            members.append(("limit", .int(limit)))
        }
        if let skip = query.skip {
            try PageLimits.check(skip: skip)
            members.append(("skip", .int(skip)))
        }
        var keys = query.paths.map(\.dotted)
        // parse-server projects before it includes: a pointer left out of `keys` has nothing to include.
        let alsoSelected = query.includes.map(\.dotted) + query.expansions.map(\.dotted)
        if !keys.isEmpty {
            for key in alsoSelected where !keys.contains(key) { keys.append(key) }
        }
        if !keys.isEmpty { members.append(("keys", .string(keys.joined(separator: ",")))) }
        if !query.exclusions.isEmpty {
            members.append(("excludeKeys", .string(query.exclusions.map(\.dotted).joined(separator: ","))))
        }
        if !query.expansions.isEmpty {
            members.append(("include", .string(query.expansions.map(\.dotted).joined(separator: ","))))
        }
        return request(members, path: "/classes" + (try PathSegment.collectionPath(query.pluralName)))
    }

    /// Parse counts with `count=1` and no results (`limit=0`). Counting, Parse Server turns a `$nearSphere` into the
    /// circle of its maximum distance, so one without a maximum is refused.
    public func renderCount(_ query: QueryParts) throws -> RenderedRequest {
        if !query.states.isEmpty { throw QueryError("document states (_st) are a mia feature; parse has none") }
        if query.conditions.contains(where: { $0.holdsNearSphere { $0.maximum == nil } }) {
            throw QueryError(
                "parse counts a $nearSphere as the circle of its maximum distance; give it a maximum, or count "
                    + "within(_:of:)"
            )
        }
        var members: [(key: String, value: QueryJSON)] = []
        if !query.conditions.isEmpty { members.append(("where", try Self.filter.renderMerged(query.conditions))) }
        members += [("count", .int(1)), ("limit", .int(0))]
        return request(members, path: "/classes" + (try PathSegment.collectionPath(query.pluralName)))
    }

    private func request(_ members: [(key: String, value: QueryJSON)], path: String) -> RenderedRequest {
        let items = members.map { member in
            URLQueryItem(name: member.key, value: Self.queryValue(member.value))
        }
        let rendered = RenderedRequest(path: path, queryItems: items)
        if baseURLLength + path.count + 1 + rendered.percentEncodedQuery.count <= maximumURLLength {
            return rendered
        }
        return RenderedRequest(method: "POST", path: path, body: .object([("_method", .string("GET"))] + members))
    }

    /// A member as a URL parameter: strings as they are, numbers as digits, objects as JSON.
    private static func queryValue(_ value: QueryJSON) -> String {
        switch value {
        case .string(let text): text
        default: value.serialized
        }
    }
}

extension WireDialect where Self == ParseDialect {
    /// Parse Server.
    public static var parse: ParseDialect { ParseDialect() }
}
