@_exported import ModelRuntime

/// A point on the map, as AppCoreKit's `CLLocationCoordinate2D` was.
public struct Coordinate: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The app's transform (`@transformSelector` `coordinate2DFromDictionary:userData:error:` in the mappings, which
/// names it): reads the coordinate from the fields its user data names (`long`/`lat` at the root, through `@self`),
/// or from Twitter's `coordinates` array.
public enum Coordinate2DFromDictionary: ValueFormatter {
    public struct UserData: Decodable, Sendable {
        public var longitude: String
        public var latitude: String
    }

    public struct NoCoordinate: Error {}

    public static func value(from raw: JSONValue, userData: UserData) throws -> Coordinate {
        if let longitude = raw[userData.longitude]?.doubleValue, let latitude = raw[userData.latitude]?.doubleValue {
            return Coordinate(latitude: latitude, longitude: longitude)
        }
        if let pair = raw["coordinates"]?.arrayValue, pair.count == 2, let longitude = pair[0].doubleValue,
            let latitude = pair[1].doubleValue
        {
            return Coordinate(latitude: latitude, longitude: longitude)
        }
        throw NoCoordinate()
    }

    public static func raw(from value: Coordinate, userData: UserData) throws -> JSONValue {
        [userData.longitude: .double(value.longitude), userData.latitude: .double(value.latitude)]
    }
}
