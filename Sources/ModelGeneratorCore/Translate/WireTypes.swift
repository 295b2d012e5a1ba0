/// The Swift types of the values whose wire form is the backend's own: references, files, dates and geo values.
///
/// One table per dialect, chosen once from the config's `dialect`: the generator spells a type from the table
/// rather than asking which backend it writes for (DESIGN.md, "Wire encodings belong to the dialect").
struct WireTypes: Sendable {
    /// The generic type of a reference: `Reference` (Cortex's `{"_id", "object"}`) or `ParsePointer`.
    var reference: String
    /// The id type of a reference, as bodies take it.
    var referenceID: String
    /// The type of a file: Cortex's facets (`FileValue`) or Parse's `{"__type": "File"}`.
    var file: String
    /// The type that codes a `Date` property: an ISO 8601 string, or Parse's `{"__type": "Date"}`. It is generic
    /// (`ISO8601Date<Date?>`) when `dateWrapperIsGeneric`, and wraps one `Date` otherwise.
    var dateWrapper: String
    var dateWrapperIsGeneric: Bool
    /// The type of a `GeoPoint`: Mia's GeoJSON position or Parse's `{"__type": "GeoPoint"}`.
    var geoPoint: String
    /// The query field of a JSON value property (`JSONValue`) when the backend compares it with nothing: Mia's
    /// `RawObject` takes only `$exists`. Nil where it is a `ValueField`, with `eq` and the lists.
    var uncomparedJSONField: String? = nil

    static let cortex = WireTypes(
        reference: "Reference",
        referenceID: "ObjectID",
        file: "FileValue",
        dateWrapper: "ISO8601Date",
        dateWrapperIsGeneric: true,
        geoPoint: "GeoPosition"
    )
    /// Mia-Platform writes references, dates and geo points as Cortex does; its `RawObject` takes only `$exists`.
    static let mia: WireTypes = {
        var types = WireTypes.cortex
        types.uncomparedJSONField = "RawObjectField"
        return types
    }()
    static let parse = WireTypes(
        reference: "ParsePointer",
        referenceID: "String",
        file: "ParseFile",
        dateWrapper: "ParseDate",
        dateWrapperIsGeneric: false,
        geoPoint: "ParseGeoPoint"
    )

    /// Dates that are plain ISO 8601 strings in every backend: the system timestamps (Parse's `createdAt`).
    static let systemDates = WireTypes.cortex

    static func of(_ dialect: GeneratorConfig.Dialect) -> WireTypes {
        switch dialect {
        case .cortex: .cortex
        case .mia: .mia
        case .parse: .parse
        }
    }

    /// The Swift spelling of one value of a type (not of an array or optional of it).
    func spelling(of type: ResolvedType) -> String {
        switch type {
        case .string: "String"
        case .double: "Double"
        case .int: "Int"
        case .bool: "Bool"
        case .date: "Date"
        case .dateOnly: "DateOnly"
        case .objectID: "ObjectID"
        case .file: file
        case .any, .passedThrough: "JSONValue"
        case .reference(let target): "\(reference)<\(target ?? "JSONValue")>"
        case .list(let target): "CortexList<\(target ?? "JSONValue")>"
        case .relation(let target): "ParseRelation<\(target ?? "JSONValue")>"
        case .uuid: "UUIDString"
        case .geometry: "GeoJSONGeometry"
        case .facet: "Facet"
        case .geoPoint: geoPoint
        case .polygon: "ParsePolygon"
        case .bytes: "ParseBytes"
        case .acl: "ParseACL"
        case .enumeration(let enumeration): enumeration.swiftName
        case .document(let document): document.swiftName
        case .url: "URL"
        case .named(let name): name
        }
    }
}
