import Foundation
import GoldenQueries
import ModelRuntime
import Testing

// Each backend's query operators, transcribed from its own source or documentation at a pinned commit, against what
// the typed API offers: an operator the typed API offers on a kind of field renders for a backend exactly when the
// backend accepts it there, and every operator a backend accepts is offered, or listed below as not typed yet with
// the reason.

/// The kinds of field the typed API has, named by the field type the generated `Fields` hand out.
enum FieldKind: String, CaseIterable, Sendable {
    /// `ValueField` of a string, number, boolean, date, id or enum.
    case scalar
    /// `ValueField<_, GeoPosition or ParseGeoPoint, _>`.
    case geoPoint
    /// `ValueField<_, JSONValue, _>`: Mia's `RawObject`, Cortex's Document without properties, Parse's `Object`.
    case json
    /// `ArrayField`.
    case scalarArray
    /// `DocumentField`.
    case document
    /// `DocumentArrayField`.
    case documentArray
    /// `ReferenceField`.
    case reference
    /// `ReferenceArrayField`.
    case referenceArray
    /// `FileField`.
    case file
    /// `ValueField<_, ParsePolygon, _>`: Parse's `Polygon`.
    case polygon
}

/// One backend's operators: at the top level, and per kind of field.
struct BackendOperatorTable: Sendable {
    var dialect: String
    /// Where the lists come from: repository @ commit : path, or the documentation page.
    var source: String
    var topLevel: Set<String>
    /// Operators the backend accepts on a field of each kind.
    var fields: [FieldKind: Set<String>]
    /// Operators the backend accepts that the typed API does not offer, with the reason: keyed `top $op` at the top
    /// level, `<kind> $op` on a kind of field, or `any $op` for a backend that does not distinguish field types.
    var notTyped: [String: String]
}

/// The operators the typed API can produce, found by building every condition it offers on a field of each kind.
enum OfferedOperators {
    /// A field whose type no golden model has, built as the generated `Fields` build theirs.
    private static func value<Value>(_ type: Value.Type) -> ValueField<Item, Value, MaybeAbsent> {
        ValueField(.root, "c_other")
    }

    /// Every condition the typed API offers, by kind of field, in the models generated for `dialect`; each call is
    /// one method of the field's type. The generator gives Mia's JSON values (`RawObject`) a `RawObjectField`.
    static func conditionsByKind(dialect: String) -> [FieldKind: [Condition<Item>]] {
        let item = Item.QueryFields(.root)
        let geo = value(GeoPosition.self)
        let point = GeoPosition(longitude: 1, latitude: 2)
        let polygon = value(ParsePolygon.self)
        let json = value(JSONValue.self)
        let rawObject = RawObjectField<Item, MaybeAbsent>(.root, "c_other")
        let owner = ReferenceField<Item, Item.Fields<Item>, MaybeAbsent>(.root, "c_owner", target: "c_item")
        let owners = ReferenceArrayField<Item, MaybeAbsent>(.root, "c_owners", target: "account")
        let file = FileField<Item, MaybeAbsent>(.root, "c_file")
        let id = ObjectID("65f000000000000000000001")!
        return [
            .scalar: [
                item.count.eq(1), item.count.ne(1), item.count.in([1]), item.count.notIn([1]), item.count.gt(1),
                item.count.gte(1), item.count.lt(1), item.count.lte(1), item.name.hasPrefix("a"),
                item.name.hasSuffix("a"), item.name.regex("a"), item.count.exists(),
                item.name.matchesText(TextSearch("a")), item.name.in(\Item.QueryFields.name, where: { $0.count.gt(1) }),
                item.name.notIn(\Item.QueryFields.name, where: { $0.count.gt(1) }),
            ],
            .geoPoint: [
                geo.eq(GeoPosition(longitude: 1, latitude: 2)), geo.ne(GeoPosition(longitude: 1, latitude: 2)),
                geo.in([GeoPosition(longitude: 1, latitude: 2)]), geo.notIn([GeoPosition(longitude: 1, latitude: 2)]),
                geo.exists(), geo.nearSphere(point, maximum: .kilometers(1)),
                geo.within(southwest: point, northeast: GeoPosition(longitude: 3, latitude: 4)),
                geo.within(polygon: [
                    point, GeoPosition(longitude: 3, latitude: 4), GeoPosition(longitude: 3, latitude: 2),
                ]),
                geo.within(.kilometers(1), of: point),
            ],
            .polygon: [polygon.contains(ParseGeoPoint(latitude: 2, longitude: 1))],
            .json: dialect == "mia"
                ? [rawObject.exists()]
                : [json.eq(.int(1)), json.ne(.int(1)), json.in([.int(1)]), json.notIn([.int(1)]), json.exists()],
            .scalarArray: [
                item.tags.contains("a"), item.tags.containsAll(["a"]), item.tags.containsAny(["a"]),
                item.tags.containsNone(["a"]), item.tags.size(1), item.tags.exists(),
                item.tags.elementMatch { $0.gt("a") }, item.tags.containsOnly(["a"]),
            ],
            .document: [item.size.exists()],
            .documentArray: [item.parts.elementMatch { $0.qty.gt(1) }, item.parts.size(1), item.parts.exists()],
            .reference: [
                owner.eq(id), owner.ne(id), owner.in([id]), owner.notIn([id]), owner.exists(),
                owner.in(where: { $0.count.gt(1) }), owner.notIn(where: { $0.count.gt(1) }),
            ],
            .referenceArray: [
                owners.contains(id), owners.containsAll([id]), owners.containsAny([id]), owners.containsNone([id]),
                owners.size(1), owners.exists(), owners.containsOnly([id]),
            ],
            .file: [file.exists()],
        ]
    }

    /// The combinators of `Condition`.
    static var topLevelConditions: [Condition<Item>] {
        let item = Item.QueryFields(.root)
        return [
            item.count.eq(1).and(item.count.eq(2)), item.count.eq(1).or(item.count.eq(2)), .not(item.count.eq(1)),
            .matchesText(TextSearch("a")),
            .relatedTo(\Item.QueryFields.linked, of: ObjectID("65f000000000000000000001")!),
        ]
    }

    /// The operator a condition built on one field applies to it.
    static func fieldOperator(_ node: ConditionNode) -> String? {
        switch node {
        case .field(_, let operation): operation.name
        case .elementMatch, .elementValueMatch: "$elemMatch"
        case .and, .or, .nor, .text, .relatedTo: nil
        }
    }

    /// The combinator at the top of a condition.
    static func topLevelOperator(_ node: ConditionNode) -> String? {
        switch node {
        case .and: "$and"
        case .or: "$or"
        case .nor: "$nor"
        case .text: "$text"
        case .relatedTo: "$relatedTo"
        case .field, .elementMatch, .elementValueMatch: nil
        }
    }

    static func byKind(dialect: String) -> [FieldKind: Set<String>] {
        conditionsByKind(dialect: dialect).mapValues { Set($0.compactMap { fieldOperator($0.node) }) }
    }
}

enum BackendOperatorTables {
    /// `operators` on each of `kinds`, not typed for `reason`.
    static func notTyped(_ kinds: [FieldKind], _ operators: [String], _ reason: String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: kinds.flatMap { kind in operators.map { ("\(kind.rawValue) \($0)", reason) } })
    }

    /// The orderings and patterns a backend accepts on values that are neither ordered nor strings.
    static func unordered(_ kinds: [FieldKind]) -> [String: String] {
        notTyped(kinds, ["$gt", "$gte", "$lt", "$lte"], "the value is not ordered")
            .merging(notTyped(kinds, ["$regex"], "a pattern matches strings")) { $1 }
    }

    /// Equality with a whole element of an array of documents, which depends on the order of the element's keys.
    static let wholeElementEquality = notTyped(
        [.documentArray],
        ["$eq", "$in", "$nin", "$all"],
        "whole-element equality depends on the order of the element's keys"
    )

    /// Mia-Platform's CRUD service, `_q`: `traverse` and the `supportedTypes` of each operator function.
    /// Source: mia-platform/crud-service @ bd427899a7d7b52090203447a868f889b1e559ef : lib/QueryParser.js
    /// (lines 138-250 `supportedTypes`, 260-276 `traverseOperatorFunctions`, 284-296 `traverse`).
    static let mia: BackendOperatorTable = {
        // callCastFunctionOnValue: string, boolean, number, integer, Date, ObjectId, GeoPoint; Array: false.
        let castOnValue: Set = ["$gt", "$lt", "$gte", "$lte", "$ne", "$regex"]
        // callEq, callCastFunctionOnArray (`$in $nin $all`), callExists: every type but RawObject, which has only
        // `$exists` (`[RAWOBJECTTYPE]: true, [JSON_SCHEMA_OBJECT_TYPE]: true`).
        let eqAndLists: Set = ["$eq", "$in", "$nin", "$all"]
        return BackendOperatorTable(
            dialect: "mia",
            source: "mia-platform/crud-service @ bd427899a7d7b52090203447a868f889b1e559ef : lib/QueryParser.js",
            topLevel: ["$and", "$or", "$text"],
            fields: [
                // string, number, integer, boolean, Date, ObjectId (an enum is a string; a reference an ObjectId).
                .scalar: castOnValue.union(eqAndLists).union(["$exists"]),
                .reference: castOnValue.union(eqAndLists).union(["$exists"]),
                // castNearSphere: GeoPoint only.
                .geoPoint: castOnValue.union(eqAndLists).union(["$exists", "$nearSphere"]),
                // RawObject: `$exists` only. A bare value or an object without `$` keys is passed through as an
                // equality (`traverse`, lines 310-320), but `callEq` refuses RawObject, and the renderer writes
                // `{"$eq":…}` when conditions on one key merge: the typed API offers no equality there.
                .json: ["$exists"],
                .document: ["$exists"],
                // Array (Array_string, Array_number, Array_RawObject, arrays of objects): callElemMatch and callSize
                // accept Array only; castOnValue refuses it.
                .scalarArray: eqAndLists.union(["$exists", "$elemMatch", "$size"]),
                .documentArray: eqAndLists.union(["$exists", "$elemMatch", "$size"]),
                .referenceArray: eqAndLists.union(["$exists", "$elemMatch", "$size"]),
                // Mia has no file type: a file is a RawObject.
                .file: ["$exists"],
            ],
            notTyped: [
                "referenceArray $elemMatch": "Mia has no reference type: an array of ids is an array of scalars"
            ]
            .merging(notTyped([.scalar, .geoPoint, .reference], ["$all"], "on a scalar it means no more than eq")) {
                $1
            }
            .merging(unordered([.geoPoint, .reference])) { $1 }
            .merging(wholeElementEquality) { $1 }
        )
    }()

    /// Parse Server's `where`: `validateQuery` (top level) and `transformConstraint` (per field), which do not
    /// distinguish field types; the REST guide lists the same.
    /// Source: parse-community/parse-server @ 7ea2a2953e9202d43ddb53ded309fbd26245d45c :
    /// src/Controllers/DatabaseController.js (`specialQueryKeys`, `validateQuery`, lines 58-129) and
    /// src/Adapters/Storage/Mongo/MongoTransform.js (`transformConstraint`, lines 654-957; `default:` throws
    /// "bad constraint" for `$elemMatch $size $not $type $mod`); parse-community/docs @
    /// fb6e96b541f541f86b7c5d9dda443b148d0ae601 : _includes/rest/queries.md (lines 91-105).
    static let parse: BackendOperatorTable = {
        let constraints: Set = [
            "$lt", "$lte", "$gt", "$gte", "$exists", "$ne", "$eq", "$in", "$nin", "$all", "$regex", "$containedBy",
            "$text", "$nearSphere", "$within", "$geoWithin", "$geoIntersects", "$inQuery", "$notInQuery", "$select",
            "$dontSelect",
        ]
        return BackendOperatorTable(
            dialect: "parse",
            source: "parse-community/parse-server @ 7ea2a2953e9202d43ddb53ded309fbd26245d45c : "
                + "src/Controllers/DatabaseController.js, src/Adapters/Storage/Mongo/MongoTransform.js",
            topLevel: ["$and", "$or", "$nor", "$relatedTo"],
            fields: Dictionary(uniqueKeysWithValues: FieldKind.allCases.map { ($0, constraints) }),
            notTyped: [:]
        )
    }()

    /// Medable Cortex's `where`. Cortex's server is not public: the docs page's comparison table, and the iOS SDK's
    /// `MDAPIParameterFactory.h`, which documents `$elemMatch` for arrays of documents only.
    /// Sources: https://docs.medable.com/cortex-api/querying/query-operators (Comparison Operators: `$eq $gt $gte $lt
    /// $lte $ne $in $nin`; Logical: `$and $or`) and Medable/iOS-SDK @ af1839129bcaa470ef4f247de325c64de52eac2e :
    /// Cortex/MedableCortex.framework/Headers/MDAPIParameterFactory.h (lines 218-284: `$gt $gte $lt $lte $in $and
    /// $or $regex $all $size $elemMatch`). Nothing citable documents `$exists`, `$nor` or `$not`.
    static let cortex: BackendOperatorTable = {
        let comparison: Set = ["$eq", "$gt", "$gte", "$lt", "$lte", "$ne", "$in", "$nin", "$regex"]
        let arrays: Set = ["$eq", "$in", "$nin", "$all", "$size"]
        return BackendOperatorTable(
            dialect: "cortex",
            source: "docs.medable.com Query Operators; Medable/iOS-SDK @ af1839129bcaa470ef4f247de325c64de52eac2e : "
                + "Cortex/MedableCortex.framework/Headers/MDAPIParameterFactory.h",
            topLevel: ["$and", "$or"],
            fields: [
                .scalar: comparison,
                .geoPoint: comparison,
                .json: comparison,
                .reference: comparison,
                .scalarArray: arrays,
                .referenceArray: arrays,
                .documentArray: arrays.union(["$elemMatch"]),
                .document: [],
                .file: [],
            ],
            notTyped: unordered([.geoPoint, .json, .reference]).merging(wholeElementEquality) { $1 }
        )
    }()
}

@Suite struct BackendOperatorTests {
    static let dialects: [(table: BackendOperatorTable, dialect: any QueryDialect)] = [
        (BackendOperatorTables.mia, MiaDialect()),
        (BackendOperatorTables.parse, ParseDialect()),
        (BackendOperatorTables.cortex, CortexDialect()),
    ]

    /// Whether `condition` renders for `dialect`.
    static func renders(_ condition: Condition<Item>, _ dialect: any QueryDialect) -> Result<Void, QueryError> {
        do {
            _ = try Item.query.where { _ in condition }.rendered(for: dialect)
            return .success(())
        } catch let error as QueryError {
            return .failure(error)
        } catch {
            return .failure(QueryError("\(error)"))
        }
    }

    /// Every condition the typed API offers renders for a backend exactly when the backend accepts its operator on
    /// that kind of field; what the backend refuses is a render error that names the operator.
    @Test(arguments: [0, 1, 2]) func offeredOperatorsRenderExactlyWhereTheBackendAcceptsThem(index: Int) {
        let (table, dialect) = Self.dialects[index]
        for (kind, conditions) in OfferedOperators.conditionsByKind(dialect: table.dialect) {
            let accepted = table.fields[kind] ?? []
            for condition in conditions {
                guard let name = OfferedOperators.fieldOperator(condition.node) else { continue }
                switch Self.renders(condition, dialect) {
                case .success where !accepted.contains(name):
                    Issue.record(
                        "\(table.dialect) renders \(name) on a \(kind.rawValue) field, which \(table.source) refuses"
                    )
                case .failure(let error) where accepted.contains(name):
                    Issue.record(
                        "\(table.dialect) refuses \(name) on a \(kind.rawValue) field, which \(table.source) accepts: \(error)"
                    )
                case .failure(let error):
                    #expect(error.description.contains(name), "\(error) does not name \(name)")
                default:
                    break
                }
            }
        }
        for condition in OfferedOperators.topLevelConditions {
            guard let name = OfferedOperators.topLevelOperator(condition.node) else { continue }
            switch Self.renders(condition, dialect) {
            case .success where !table.topLevel.contains(name):
                Issue.record("\(table.dialect) renders \(name), which \(table.source) refuses at the top level")
            case .failure(let error) where table.topLevel.contains(name):
                Issue.record("\(table.dialect) refuses \(name), which \(table.source) accepts: \(error)")
            case .failure(let error):
                #expect(error.description.contains(name), "\(error) does not name \(name)")
            default:
                break
            }
        }
    }

    /// Every operator a backend accepts on a kind of field is offered there, or listed as not typed with a reason;
    /// and the list of what is not typed holds nothing the typed API offers, so it shrinks as the API grows.
    @Test(arguments: [0, 1, 2]) func everyAcceptedOperatorIsOfferedOrListed(index: Int) {
        let table = Self.dialects[index].table
        let offered = OfferedOperators.byKind(dialect: table.dialect)
        let allOffered = offered.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        let allOfferedTopLevel = Set(
            OfferedOperators.topLevelConditions.compactMap {
                OfferedOperators.topLevelOperator($0.node)
            }
        )
        var missing: Set<String> = []
        for (kind, accepted) in table.fields {
            if table.dialect == "parse" {
                // Parse does not distinguish field types: an operator it accepts is offered on some kind.
                missing.formUnion(accepted.subtracting(allOffered).map { "any \($0)" })
            } else {
                missing.formUnion(accepted.subtracting(offered[kind] ?? []).map { "\(kind.rawValue) \($0)" })
            }
        }
        missing.formUnion(table.topLevel.subtracting(allOfferedTopLevel).map { "top \($0)" })
        #expect(
            missing == Set(table.notTyped.keys),
            """
            \(table.dialect) (\(table.source)): accepted but not offered, and not listed: \
            \(missing.subtracting(table.notTyped.keys).sorted()); listed but offered: \
            \(Set(table.notTyped.keys).subtracting(missing).sorted())
            """
        )
    }

    /// The dialects' declared operators are the tables' own: an operator the renderer has is accepted somewhere,
    /// and an operator of MongoDB's language the builder produces that a backend accepts is in its renderer.
    @Test func renderersDeclareTheTablesOperators() {
        let renderers = ["mia": MiaDialect.filter, "parse": ParseDialect.filter, "cortex": CortexDialect.filter]
        for (table, _) in Self.dialects {
            let renderer = renderers[table.dialect]!
            let accepted = table.fields.values.reduce(into: table.topLevel) { $0.formUnion($1) }
                .intersection(FilterRenderer.allOperators)
            #expect(renderer.supportedOperators == accepted, "\(table.dialect)")
        }
    }

    // MARK: - Refused operators are render errors that say why

    @Test func miaRefusesNorAndNotSayingSo() throws {
        for query in [Item.query.where { .not($0.name.eq("a")) }, Item.query.where { .none([$0.name.eq("a")]) }] {
            let error = #expect(throws: QueryError.self) { try query.rendered(for: .mia) }
            #expect(error?.description.contains("$nor") == true)
            #expect(error?.description.contains("Mia-Platform's CRUD service refuses it") == true)
        }
    }

    @Test func parseRefusesSizeAndElementMatchSayingSo() throws {
        for (query, name) in [
            (Item.query.where { $0.tags.size(1) }, "$size"),
            (Item.query.where { $0.tags.elementMatch { $0.eq("a") } }, "$elemMatch"),
            (Item.query.where { $0.parts.elementMatch { $0.qty.gt(1) } }, "$elemMatch"),
        ] {
            let error = #expect(throws: QueryError.self) { try query.rendered(for: .parse) }
            #expect(error?.description.contains("bad constraint: \(name)") == true, "\(String(describing: error))")
        }
    }

    @Test func cortexRefusesElementMatchOnScalarsSayingSo() throws {
        let error = #expect(throws: QueryError.self) {
            try Item.query.where { $0.tags.elementMatch { $0.eq("a") } }.rendered(for: .cortex)
        }
        #expect(error?.description.contains("arrays of scalars") == true, "\(String(describing: error))")
        #expect(throws: Never.self) {
            try Item.query.where { $0.parts.elementMatch { $0.qty.gt(1) } }.rendered(for: .cortex)
        }
    }

    /// A full-text search searches whole instances, so MongoDB and crud-service (`traverseTextSearchQuery`) refuse
    /// one inside an element match or a `$nor`.
    @Test func textSearchStaysOutOfElementMatchesAndNegations() throws {
        let inElement = Item.query.where { $0.parts.elementMatch { _ in .matchesText(TextSearch("bolt")) } }
        let error = #expect(throws: QueryError.self) { try inElement.rendered(for: .mia) }
        #expect(error?.description.contains("inside an elementMatch") == true, "\(String(describing: error))")
        let mongo = MongoDialect.filter
        let negated = #expect(throws: QueryError.self) {
            try mongo.renderMerged([Condition<Item>.not(.matchesText(TextSearch("bolt"))).node])
        }
        #expect(negated?.description.contains("inside a $nor") == true, "\(String(describing: negated))")
        #expect(
            try mongo.renderMerged([
                Condition<Item>.matchesText(TextSearch("bolt")).or(Item.QueryFields(.root).count.gt(1)).node
            ])
            .serialized == #"{"$or":[{"$text":{"$search":"bolt"}},{"c_count":{"$gt":1}}]}"#
        )
    }

    /// Parse Server turns a field holding `$containedBy` into a `$nor` of the filter and one holding `$text` into its
    /// `$text`: two of them on one level, or one beside an explicit `$nor`, would overwrite each other.
    @Test func parseKeepsApartFieldsThatBecomeTheSameFilterKey() throws {
        let beside = Item.query.where { $0.tags.containsOnly(["a"]) }.where { .not($0.name.eq("x")) }
        #expect(
            try beside.queryItems(dialect: .parse).first?.value
                == #"{"$and":[{"c_tags":{"$containedBy":["a"]}},{"$nor":[{"c_name":"x"}]}]}"#
        )
        let twoSearches = Item.query.where { $0.name.matchesText(TextSearch("a")) }.where {
            $0.status.eq(.open).or($0.name.matchesText(TextSearch("b")))
        }
        let error = #expect(throws: QueryError.self) { try twoSearches.rendered(for: .parse) }
        #expect(error?.description.contains("one $text") == true, "\(String(describing: error))")
    }

    // MARK: - Element conditions on arrays of scalars

    @Test func elementMatchOnScalarsRendersOneOperatorObject() throws {
        let query = Item.query.where { $0.tags.elementMatch { $0.gte("b").and($0.lt("r"), $0.ne("blue")) } }
        #expect(
            try query.queryItems(dialect: .mia)
                == [URLQueryItem(name: "_q", value: #"{"c_tags":{"$elemMatch":{"$gte":"b","$lt":"r","$ne":"blue"}}}"#)]
        )
        let prefix = Item.query.where { $0.tags.elementMatch { $0.hasPrefix("r", options: .caseInsensitive) } }
        #expect(
            try prefix.queryItems(dialect: .mia)
                == [URLQueryItem(name: "_q", value: #"{"c_tags":{"$elemMatch":{"$regex":"^r","$options":"i"}}}"#)]
        )
    }

    @Test func elementMatchOnScalarsRefusesWhatOneObjectCannotHold() throws {
        let twice = Item.query.where { $0.tags.elementMatch { $0.gt("a").and($0.gt("b")) } }
        let error = #expect(throws: QueryError.self) { try twice.rendered(for: .mia) }
        #expect(error?.description.contains("$gt appears twice") == true, "\(String(describing: error))")
        let empty = Item.query.where { $0.tags.elementMatch { _ in ElementCondition([]) } }
        #expect(throws: QueryError.self) { try empty.rendered(for: .mia) }
        let emptyList = Item.query.where { $0.tags.elementMatch { $0.in([]) } }
        #expect(throws: QueryError.self) { try emptyList.rendered(for: .mia) }
    }
}
