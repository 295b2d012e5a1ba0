import Foundation
import ModelRuntime

/// A point on the map, as AppCoreKit's `CLLocationCoordinate2D` was.
public struct Coordinate: Hashable, Sendable {
    /// How the payload wrote the point, so that it encodes back the same way.
    public enum Layout: Hashable, Sendable {
        /// `"coordinates": [longitude, latitude]`, as Twitter's payload does.
        case array
        /// Two fields named by the transformer's user data, as in the `@self` example.
        case fields
    }

    public var latitude: Double
    public var longitude: Double
    public var layout: Layout

    public init(latitude: Double, longitude: Double, layout: Layout = .fields) {
        self.latitude = latitude
        self.longitude = longitude
        self.layout = layout
    }
}

/// AppCoreKit's `MyTransformers` example with `coordinate2DFromDictionary:userData:error:`, as the Swift formatter the
/// mapping names after that selector: reads the longitude and latitude from the fields the user data names, or from
/// Twitter's `coordinates` array.
public enum Coordinate2DFromDictionary: ValueFormatter {
    public struct UserData: Decodable, Sendable {
        public var longitude: String
        public var latitude: String
    }

    public struct MissingCoordinates: Error, CustomStringConvertible {
        public var description: String
    }

    public static func value(from raw: JSONValue, userData: UserData) throws -> Coordinate {
        if let longitude = raw[userData.longitude]?.doubleValue, let latitude = raw[userData.latitude]?.doubleValue {
            return Coordinate(latitude: latitude, longitude: longitude, layout: .fields)
        }
        if let pair = raw["coordinates"]?.arrayValue, pair.count == 2, let longitude = pair[0].doubleValue,
            let latitude = pair[1].doubleValue
        {
            return Coordinate(latitude: latitude, longitude: longitude, layout: .array)
        }
        throw MissingCoordinates(description: "no '\(userData.longitude)'/'\(userData.latitude)' and no 'coordinates'")
    }

    public static func raw(from value: Coordinate, userData: UserData) throws -> JSONValue {
        switch value.layout {
        case .array: ["coordinates": [.double(value.longitude), .double(value.latitude)]]
        case .fields: [userData.longitude: .double(value.longitude), userData.latitude: .double(value.latitude)]
        }
    }
}

/// MMDataObject's formatter pair: `lolify` on the way in, `unlolify` on the way out.
public enum Lolify: ValueFormatter {
    public static func value(from raw: String, userData: NoUserData) throws -> String {
        "LOL!!!! " + raw
    }

    public static func raw(from value: String, userData: NoUserData) throws -> String {
        String(value.dropFirst(8))
    }
}
