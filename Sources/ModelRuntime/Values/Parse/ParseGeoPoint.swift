import Foundation

/// A point on Earth as Parse writes it: `{"__type": "GeoPoint", "latitude": 40.0, "longitude": -30.0}`.
public struct ParseGeoPoint: Codable, Hashable, Sendable {
    /// Degrees north, -90 to 90.
    public var latitude: Double
    /// Degrees east, -180 to 180.
    public var longitude: Double

    /// The point at `latitude`, `longitude`.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Decodes `{"__type": "GeoPoint", "latitude", "longitude"}`.
    public init(from decoder: any Decoder) throws {
        let container = try ParseTypedValue.container(
            decoder,
            type: "GeoPoint",
            describing: "a Parse GeoPoint {\"__type\": \"GeoPoint\", \"latitude\": …, \"longitude\": …}"
        )
        latitude = try container.decode(Double.self, forKey: JSONKey("latitude"))
        longitude = try container.decode(Double.self, forKey: JSONKey("longitude"))
    }

    /// Encodes `{"__type": "GeoPoint", "latitude", "longitude"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = try ParseTypedValue.container(encoder, type: "GeoPoint")
        try container.encode(latitude, forKey: JSONKey("latitude"))
        try container.encode(longitude, forKey: JSONKey("longitude"))
    }
}

/// An area as Parse writes it: `{"__type": "Polygon", "coordinates": [[latitude, longitude], …]}`.
///
/// Parse's order is latitude first, unlike GeoJSON's.
public struct ParsePolygon: Codable, Hashable, Sendable {
    /// The corners, in order.
    public var points: [ParseGeoPoint]

    /// The polygon with these corners.
    public init(points: [ParseGeoPoint]) {
        self.points = points
    }

    /// Decodes `{"__type": "Polygon", "coordinates": [[latitude, longitude], …]}`.
    public init(from decoder: any Decoder) throws {
        let container = try ParseTypedValue.container(
            decoder,
            type: "Polygon",
            describing: "a Parse Polygon {\"__type\": \"Polygon\", \"coordinates\": [[latitude, longitude], …]}"
        )
        let pairs = try container.decode([[Double]].self, forKey: JSONKey("coordinates"))
        points = try pairs.map { pair in
            guard pair.count == 2 else {
                throw DecodingError.dataCorruptedError(
                    forKey: JSONKey("coordinates"),
                    in: container,
                    debugDescription: "Expected [latitude, longitude] pairs, got \(pair.count) numbers"
                )
            }
            return ParseGeoPoint(latitude: pair[0], longitude: pair[1])
        }
    }

    /// Encodes `{"__type": "Polygon", "coordinates": [[latitude, longitude], …]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = try ParseTypedValue.container(encoder, type: "Polygon")
        try container.encode(points.map { [$0.latitude, $0.longitude] }, forKey: JSONKey("coordinates"))
    }
}
