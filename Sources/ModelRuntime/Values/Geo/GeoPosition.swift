import Foundation

/// A point as Mia-Platform's CRUD service serves a `GeoPoint` field: a GeoJSON position `[longitude, latitude]`,
/// optionally with an altitude (`[longitude, latitude, altitude]`).
///
/// The service stores the point as a GeoJSON `{"type": "Point", "coordinates": […]}` and answers with the bare
/// position; both decode, and the value encodes back in the form it was decoded from (a new one as the position).
public struct GeoPosition: Codable, Hashable, Sendable {
    /// Degrees east, -180 to 180.
    public var longitude: Double
    /// Degrees north, -90 to 90.
    public var latitude: Double
    /// The third number of the position, when there is one.
    public var altitude: Double?
    /// Whether the value came as a GeoJSON Point object rather than the bare position.
    private var encodesAsPoint = false

    /// The point at `longitude`, `latitude` (GeoJSON's order), with an optional altitude.
    public init(longitude: Double, latitude: Double, altitude: Double? = nil) {
        self.longitude = longitude
        self.latitude = latitude
        self.altitude = altitude
    }

    /// Decodes `[longitude, latitude(, altitude)]` or `{"type": "Point", "coordinates": […]}`.
    public init(from decoder: any Decoder) throws {
        let numbers: [Double]
        if (try? decoder.unkeyedContainer()) != nil {
            // An array is a position: an element that is no number is an error at its index.
            numbers = try decoder.singleValueContainer().decode([Double].self)
        } else {
            let container = try decoder.container(keyedBy: JSONKey.self)
            let type = try container.decode(String.self, forKey: JSONKey("type"))
            guard type == "Point" else {
                throw DecodingError.dataCorruptedError(
                    forKey: JSONKey("type"),
                    in: container,
                    debugDescription: "Expected a GeoJSON \"Point\", got \(quotedForMessage(type))"
                )
            }
            numbers = try container.decode([Double].self, forKey: JSONKey("coordinates"))
            encodesAsPoint = true
        }
        guard numbers.count == 2 || numbers.count == 3 else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "Expected [longitude, latitude] or [longitude, latitude, altitude], got \(numbers.count) numbers"
                )
            )
        }
        longitude = numbers[0]
        latitude = numbers[1]
        altitude = numbers.count == 3 ? numbers[2] : nil
    }

    /// The position's numbers, in GeoJSON's order.
    public var coordinates: [Double] { [longitude, latitude] + (altitude.map { [$0] } ?? []) }

    /// Encodes the position, or the GeoJSON Point it was decoded from.
    public func encode(to encoder: any Encoder) throws {
        if encodesAsPoint {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode("Point", forKey: JSONKey("type"))
            try container.encode(coordinates, forKey: JSONKey("coordinates"))
        } else {
            var container = encoder.singleValueContainer()
            try container.encode(coordinates)
        }
    }

    /// Points are equal when their numbers are; the form they encode to doesn't count.
    public static func == (lhs: GeoPosition, rhs: GeoPosition) -> Bool {
        lhs.coordinates == rhs.coordinates
    }

    /// Hashes the numbers, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(coordinates)
    }
}

/// A GeoJSON geometry, as Cortex stores a `Geometry` property: `{"type": "Point", "coordinates": [-10, 10]}`.
///
/// Coordinates are kept as nested arrays of numbers, so every GeoJSON geometry type (Point, LineString, Polygon and
/// their Multi forms) decodes and encodes back unchanged.
public struct GeoJSONGeometry: Codable, Hashable, Sendable {
    /// Nested arrays of numbers: a position, or a list of lists of positions.
    public indirect enum Coordinates: Codable, Hashable, Sendable {
        /// `[longitude, latitude(, altitude)]`.
        case position([Double])
        /// A list of coordinates: a line's positions, a polygon's rings, …
        case list([Coordinates])

        /// Decodes a position (an array of numbers) or a list of coordinates.
        public init(from decoder: any Decoder) throws {
            if let numbers = try? decoder.singleValueContainer().decode([Double].self) {
                self = .position(numbers)
            } else {
                self = .list(try [Coordinates](from: decoder))
            }
        }

        /// Encodes the nested arrays.
        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .position(let numbers): try numbers.encode(to: encoder)
            case .list(let elements): try elements.encode(to: encoder)
            }
        }
    }

    /// The GeoJSON type: `Point`, `LineString`, `Polygon`, `MultiPoint`, …
    public var type: String
    /// The geometry's coordinates.
    public var coordinates: Coordinates

    /// A geometry of `type` with `coordinates`.
    public init(type: String, coordinates: Coordinates) {
        self.type = type
        self.coordinates = coordinates
    }

    /// A GeoJSON Point at `longitude`, `latitude`.
    public static func point(longitude: Double, latitude: Double) -> GeoJSONGeometry {
        GeoJSONGeometry(type: "Point", coordinates: .position([longitude, latitude]))
    }

    /// Decodes `{"type", "coordinates"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        type = try container.decode(String.self, forKey: JSONKey("type"))
        coordinates = try container.decode(Coordinates.self, forKey: JSONKey("coordinates"))
    }

    /// Encodes `{"type", "coordinates"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(type, forKey: JSONKey("type"))
        try container.encode(coordinates, forKey: JSONKey("coordinates"))
    }
}
