import Foundation

/// The backends' own value types in queries and bodies: written as the JSON they encode to, which is the form the
/// backend reads (a Parse GeoPoint as `{"__type": "GeoPoint", …}`, a Mia position as `[longitude, latitude]`).
public protocol WireEncodedValue: QueryValue, BodyValueConvertible, Encodable {}

extension WireEncodedValue {
    /// The value's JSON.
    public var queryLiteral: QueryLiteral {
        // These types encode only numbers, strings and JSON values, which can't fail.
        .json((try? JSONValueEncoder().encode(self)) ?? .null)
    }

    /// The value's JSON.
    public var bodyValue: BodyValue { .value(queryLiteral) }
}

extension UUIDString: WireEncodedValue {}
extension GeoJSONGeometry: WireEncodedValue {}
extension Facet: WireEncodedValue {}
extension GeoPosition: WireEncodedValue {}
extension ParseGeoPoint: WireEncodedValue {}
extension ParsePolygon: WireEncodedValue {}
extension ParseBytes: WireEncodedValue {}
extension ParseACL: WireEncodedValue {}
extension ParseFile: WireEncodedValue {}
