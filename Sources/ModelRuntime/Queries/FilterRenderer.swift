import Foundation

/// Where a dialect's full-text search (`$text`) stands in a filter.
public enum TextSearchPlacement: Sendable {
    /// At the top level, over the collection's text index: MongoDB's and Mia-Platform's form.
    case topLevel
    /// On one field, over its text index: Parse Server's form.
    case field
}

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
    /// How the dialect writes a geo condition: the members of the field's operator object (`$nearSphere` and the
    /// distances beside it, or one `$geoWithin`). It throws for a form the backend can't take.
    public var encodeGeo: @Sendable (GeoOperator) throws -> [(key: String, value: QueryJSON)]
    /// How the dialect writes a full-text search: the value of its `$text`.
    public var encodeTextSearch: @Sendable (TextSearch) -> QueryJSON
    /// Where the dialect's `$text` stands, when `supportedOperators` has it.
    public var textSearchPlacement: TextSearchPlacement
    /// Operators the backend reads only alone in their field's operator object, so another condition on the same
    /// field goes into an `$and` beside it. Parse Server rewrites an object holding `$containedBy` into a `$nor` of
    /// the whole object, and one holding `$text` into the `$text` alone (parse-server `MongoTransform.js`,
    /// `transformQueryKeyValue`): anything beside them would be negated or dropped. `$nearSphere` always stands
    /// alone (with the distances a dialect writes beside it).
    public var standaloneOperators: Set<String>
    /// Field operators whose object the server turns into a key of the filter itself, by operator: Parse Server turns
    /// a field holding `$containedBy` into `$nor` and one holding `$text` into `$text`, so two of them, or one and an
    /// explicit `$nor`, on one level would overwrite each other; they go into an `$and` instead.
    public var operatorsBecomingFilterKeys: [String: String]
    /// Operators that can't share a field's object, because the server folds them into one: Parse Server adds the
    /// results of `$inQuery` and `$select` to the field's `$in` (`RestQuery.js`), which would make them either-or.
    public var operatorsFoldedTogether: [Set<String>]
    /// Filter keys that can't share one level, because the server reads only one of them there: Parse Server
    /// resolves `$relatedTo` only where no `$or` or `$and` stands beside it (`DatabaseController.js`,
    /// `reduceRelationKeys`). They go into an `$and` instead.
    public var keysExcludingEachOther: [Set<String>]

    /// A renderer for a dialect: its name for messages, its operators, and how it writes values and regular
    /// expressions; whether `$elemMatch` works on arrays of scalars, and why the backend refuses the operators it
    /// refuses. The built-in dialects' `filter`s are examples.
    public init(
        dialect: String,
        supportedOperators: Set<String>,
        encodeValue: @escaping @Sendable (QueryLiteral) -> QueryJSON,
        encodeRegex: @escaping @Sendable (String, RegexOptions) -> [(key: String, value: QueryJSON)],
        matchesScalarElements: Bool = true,
        refusalReasons: [String: String] = [:],
        encodeGeo: @escaping @Sendable (GeoOperator) throws -> [(key: String, value: QueryJSON)] = FilterRenderer
            .mongoGeo,
        encodeTextSearch: @escaping @Sendable (TextSearch) -> QueryJSON = FilterRenderer.mongoTextSearch,
        textSearchPlacement: TextSearchPlacement = .topLevel,
        standaloneOperators: Set<String> = [],
        operatorsBecomingFilterKeys: [String: String] = [:],
        operatorsFoldedTogether: [Set<String>] = [],
        keysExcludingEachOther: [Set<String>] = []
    ) {
        self.operatorsBecomingFilterKeys = operatorsBecomingFilterKeys
        self.operatorsFoldedTogether = operatorsFoldedTogether
        self.keysExcludingEachOther = keysExcludingEachOther
        self.textSearchPlacement = textSearchPlacement
        self.dialect = dialect
        self.supportedOperators = supportedOperators
        self.encodeValue = encodeValue
        self.encodeRegex = encodeRegex
        self.matchesScalarElements = matchesScalarElements
        self.refusalReasons = refusalReasons
        self.encodeGeo = encodeGeo
        self.encodeTextSearch = encodeTextSearch
        self.standaloneOperators = standaloneOperators
    }

    /// Every operator of MongoDB's query language that the builder produces.
    public static let mongoOperators: Set<String> = [
        "$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$all", "$size", "$exists", "$regex", "$and", "$or",
        "$nor", "$elemMatch", "$nearSphere", "$geoWithin", "$geoIntersects", "$text",
    ]

    /// Every operator the builder produces: MongoDB's, and those only Parse Server has (`$within`, `$containedBy`,
    /// its relational operators).
    public static let allOperators: Set<String> = mongoOperators.union([
        "$within", "$containedBy", "$inQuery", "$notInQuery", "$select", "$dontSelect", "$relatedTo",
    ])

    /// Conditions that must all hold (a query's `where` calls), as one filter object: conditions on one key merge into
    /// one operator object (`{"$gte":5,"$lte":10}`), while explicit `and`/`or` stay arrays.
    ///
    /// Throws for what MongoDB refuses whatever the dialect: more than one full-text search or `$nearSphere` in one
    /// query, both together, a search inside a `$nor` or an element match, a `$nearSphere` inside an `$or`, a `$nor`
    /// or an element match; and for a `$relatedTo` inside a `$nor` or an element match, where Parse Server never
    /// resolves it.
    public func renderMerged(_ nodes: [ConditionNode]) throws -> QueryJSON {
        var placement = Placement()
        for node in nodes { try placement.check(node) }
        if placement.textSearches > 1 {
            throw QueryError("a query can hold one $text search; \(dialect) refuses a second")
        }
        if placement.nearSpheres > 1 {
            throw QueryError("a query can hold one $nearSphere; \(dialect) refuses a second")
        }
        if placement.textSearches > 0 && placement.nearSpheres > 0 {
            throw QueryError("a query can't hold both a $text search and a $nearSphere")
        }
        return try renderNodes(nodes)
    }

    /// Where the operators that must stand at a query's top levels are, counted over one query (a subquery counts
    /// apart: the server runs it as a query of its own).
    private struct Placement {
        var textSearches = 0
        var nearSpheres = 0

        /// Counts `node`'s searches and `$nearSphere`s, throwing for one where MongoDB or Parse Server can't take it.
        mutating func check(_ node: ConditionNode, within enclosing: String? = nil) throws {
            switch node {
            case .text, .field(_, .text):
                textSearches += 1
                if let enclosing, enclosing != "$or" {
                    throw QueryError("a $text search searches whole instances; it can't stand inside \(enclosing)")
                }
            case .field(_, .geo(.nearSphere)):
                nearSpheres += 1
                if let enclosing {
                    throw QueryError("$nearSphere orders the whole result; it can't stand inside \(enclosing)")
                }
            case .relatedTo:
                if let enclosing, enclosing != "$or" {
                    throw QueryError("Parse Server resolves $relatedTo only at the top level, in $or and in $and")
                }
            case .field, .elementValueMatch:
                break
            case .elementMatch(_, let inner):
                try check(inner, within: "an elementMatch")
            case .and(let inner):
                for node in inner { try check(node, within: enclosing) }
            case .or(let inner):
                for node in inner { try check(node, within: enclosing ?? "$or") }
            case .nor(let inner):
                for node in inner { try check(node, within: "a $nor (Condition.not or Condition.none)") }
            }
        }
    }

    private func renderNodes(_ nodes: [ConditionNode]) throws -> QueryJSON {
        var members: [(key: String, value: QueryJSON)] = []
        var operatorsByKey: [String: [(key: String, value: QueryJSON)]] = [:]
        var keyOrder: [String] = []
        /// The keys of the filter itself that the nodes take, as the server reads them.
        var filterKeys: [String] = []
        var conflict = false
        for node in nodes {
            switch node {
            case .field(let path, let operation):
                try checkFilterable(path)
                let key = path.dotted
                let rendered = try render(operation)
                if let filterKey = rendered.lazy.compactMap({ operatorsBecomingFilterKeys[$0.key] }).first {
                    filterKeys.append(filterKey)
                }
                if var existing = operatorsByKey[key] {
                    let names = Set((existing + rendered).map(\.key))
                    if existing.contains(where: { existing in rendered.contains { $0.key == existing.key } })
                        || !names.isDisjoint(with: standaloneOperators.union(["$nearSphere"]))
                        || operatorsFoldedTogether.contains(where: { $0.intersection(names).count > 1 })
                    {
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
                operatorsByKey[key, default: []].append(("$elemMatch", try renderNodes([inner])))
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
                operatorsByKey[name] = [(name, .array(try inner.map { try renderNodes([$0]) }))]
                keyOrder.append(name)
                filterKeys.append(name)
            case .text(let search):
                try requireTextSearch(search, at: .topLevel)
                operatorsByKey["$text"] = [("$text", encodeTextSearch(search))]
                keyOrder.append("$text")
                filterKeys.append("$text")
            case .relatedTo(let objectName, let id, let key):
                try require("$relatedTo")
                let pointer = encodeValue(.reference(id: id, object: objectName))
                operatorsByKey["$relatedTo"] = [("$relatedTo", .object([("object", pointer), ("key", .string(key))]))]
                keyOrder.append("$relatedTo")
                filterKeys.append("$relatedTo")
            }
        }
        // Two conditions that are one key of the filter itself, as the server reads it, would overwrite each other.
        if Set(filterKeys).count < filterKeys.count
            || keysExcludingEachOther.contains(where: { $0.intersection(filterKeys).count > 1 })
        {
            conflict = true
        }
        if conflict {
            // The same operator twice on one key cannot share an object: every condition keeps its own.
            try require("$and")
            return .object([("$and", .array(try nodes.map { try renderNodes([$0]) }))])
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
        case .containedBy(let values):
            return [("$containedBy", .array(values.map(encodeValue)))]
        case .geo(let geo):
            try checkGeo(geo)
            return try encodeGeo(geo)
        case .text(let search):
            try requireTextSearch(search, at: .field)
            return [("$text", encodeTextSearch(search))]
        case .inQuery(let subquery), .notInQuery(let subquery):
            return [
                (
                    operation.name,
                    .object([
                        ("where", try renderMerged(subquery.conditions)), ("className", .string(subquery.objectName)),
                    ])
                )
            ]
        case .select(let subquery, let key), .dontSelect(let subquery, let key):
            let query = QueryJSON.object([
                ("className", .string(subquery.objectName)), ("where", try renderMerged(subquery.conditions)),
            ])
            return [(operation.name, .object([("query", query), ("key", .string(key))]))]
        }
    }

    private func requireTextSearch(_ search: TextSearch, at placement: TextSearchPlacement) throws {
        try require("$text")
        if placement != textSearchPlacement {
            throw QueryError(
                textSearchPlacement == .field
                    ? "\(dialect) takes $text on a string field (matchesText on the field), not at the top level"
                    : "\(dialect) takes $text at the top level (Condition.matchesText), not on a field"
            )
        }
        if search.terms.isEmpty { throw QueryError("a $text search needs terms to search for") }
    }

    /// Coordinates on the globe, distances of zero or more, and polygons with three corners or more: anything else
    /// is refused here rather than by the server.
    private func checkGeo(_ geo: GeoOperator) throws {
        func check(_ point: GeoCoordinate) throws {
            guard (-90...90).contains(point.latitude), (-180...180).contains(point.longitude) else {
                throw QueryError(
                    "\(geo.name) needs latitudes from -90 to 90 and longitudes from -180 to 180, not "
                        + "\(point.latitude), \(point.longitude)"
                )
            }
        }
        func check(_ distance: GeoDistance?) throws {
            if let distance, distance.meters < 0 {
                throw QueryError("\(geo.name) needs distances of zero or more, not \(distance.meters) m")
            }
        }
        switch geo {
        case .nearSphere(let center, let minimum, let maximum):
            try check(center)
            try check(minimum)
            try check(maximum)
            if let minimum, let maximum, minimum.meters > maximum.meters {
                throw QueryError("$nearSphere's minimum distance is beyond its maximum: nothing can match")
            }
        case .withinBox(let southwest, let northeast):
            try check(southwest)
            try check(northeast)
            // Parse Live Query matches nothing in such a box (parse-server `QueryTools.js`, `$within`).
            if southwest.latitude > northeast.latitude || southwest.longitude > northeast.longitude {
                throw QueryError(
                    "$within's south-west corner must be south and west of its north-east corner; a box across the "
                        + "180th meridian is two boxes in an or"
                )
            }
        case .withinPolygon(let corners):
            if corners.count < 3 { throw QueryError("$geoWithin needs a polygon of three corners or more") }
            for corner in corners { try check(corner) }
        case .withinSphere(let center, let radius):
            try check(center)
            try check(radius)
        case .intersectsPoint(let point):
            try check(point)
        }
    }

    /// NaN and infinities have no JSON form: a query holding one is refused, never sent as invalid JSON.
    private func checkFinite(_ operation: FieldOperator) throws {
        let values: [QueryLiteral] =
            switch operation {
            case .equal(let value), .notEqual(let value), .greaterThan(let value), .greaterThanOrEqual(let value),
                .lessThan(let value), .lessThanOrEqual(let value):
                [value]
            case .inList(let values), .notInList(let values), .containsAll(let values), .containedBy(let values):
                values
            case .size, .exists, .regex, .text, .inQuery, .notInQuery, .select, .dontSelect: []
            case .geo(let geo): geo.numbers.filter { !$0.isFinite }.map { QueryLiteral.double($0) }
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

    /// MongoDB's own geo forms, for GeoJSON points, with distances in meters: `$nearSphere` with `$geometry`,
    /// `$geoWithin` with a GeoJSON polygon (its edges are great circles) or `$centerSphere` (radians on MongoDB's
    /// 6,378.1 km sphere, so that a radius means what the same distance means to `$nearSphere`), `$geoIntersects`
    /// with a point. MongoDB has no `$within` box on a sphere: it is refused.
    public static func mongoGeo(_ geo: GeoOperator) throws -> [(key: String, value: QueryJSON)] {
        switch geo {
        case .nearSphere(let center, let minimum, let maximum):
            var members: [(key: String, value: QueryJSON)] = [("$geometry", geoJSONPoint(center))]
            if let minimum { members.append(("$minDistance", .double(minimum.meters))) }
            if let maximum { members.append(("$maxDistance", .double(maximum.meters))) }
            return [("$nearSphere", .object(members))]
        case .withinBox:
            throw QueryError("$within with a box is Parse's; MongoDB's $geoWithin takes a polygon or a sphere")
        case .withinPolygon(let corners):
            // A GeoJSON polygon, whose ring ends where it starts: the legacy `$polygon` matches no GeoJSON point.
            guard let first = corners.first, corners.count >= 3 else {
                throw QueryError("$geoWithin needs a polygon of three corners or more")
            }
            let ring = (corners + [first]).map(longitudeLatitude)
            let polygon = QueryJSON.object([("type", .string("Polygon")), ("coordinates", .array([.array(ring)]))])
            return [("$geoWithin", .object([("$geometry", polygon)]))]
        case .withinSphere(let center, let radius):
            return centerSphere(center, radius, earthRadiusInMeters: GeoDistance.mongoEarthRadiusInMeters)
        case .intersectsPoint(let point):
            return [("$geoIntersects", .object([("$geometry", geoJSONPoint(point))]))]
        }
    }

    /// `$geoWithin` a `$centerSphere` of `[longitude, latitude]` and the radius in radians on an Earth of
    /// `earthRadiusInMeters`: MongoDB's form, and the one both Parse Server's database transform and its Live Query
    /// read.
    public static func centerSphere(
        _ center: GeoCoordinate,
        _ radius: GeoDistance,
        earthRadiusInMeters: Double
    ) -> [(key: String, value: QueryJSON)] {
        let sphere = QueryJSON.array([
            longitudeLatitude(center), .double(radius.radians(earthRadiusInMeters: earthRadiusInMeters)),
        ])
        return [("$geoWithin", .object([("$centerSphere", sphere)]))]
    }

    /// `[longitude, latitude]`, GeoJSON's order.
    public static func longitudeLatitude(_ point: GeoCoordinate) -> QueryJSON {
        .array([.double(point.longitude), .double(point.latitude)])
    }

    /// `{"type": "Point", "coordinates": [longitude, latitude]}`.
    public static func geoJSONPoint(_ point: GeoCoordinate) -> QueryJSON {
        .object([("type", .string("Point")), ("coordinates", longitudeLatitude(point))])
    }

    /// MongoDB's `$text` value: `{"$search": terms}` and the options that are set.
    public static func mongoTextSearch(_ search: TextSearch) -> QueryJSON {
        .object([("$search", .string(search.terms))] + textSearchOptions(search))
    }

    /// The options of a search that are set: `$language`, `$caseSensitive`, `$diacriticSensitive`, in that order.
    public static func textSearchOptions(_ search: TextSearch) -> [(key: String, value: QueryJSON)] {
        var members: [(key: String, value: QueryJSON)] = []
        if let language = search.language { members.append(("$language", .string(language))) }
        if let value = search.isCaseSensitive { members.append(("$caseSensitive", .bool(value))) }
        if let value = search.isDiacriticSensitive { members.append(("$diacriticSensitive", .bool(value))) }
        return members
    }

    /// MongoDB's own form: `{"$regex": pattern, "$options": "i"}`.
    public static func mongoRegex(_ pattern: String, _ options: RegexOptions) -> [(key: String, value: QueryJSON)] {
        var members: [(key: String, value: QueryJSON)] = [("$regex", .string(pattern))]
        if !options.isEmpty { members.append(("$options", .string(options.letters))) }
        return members
    }
}
