import Foundation
import ModelRuntime

// A model written by hand the way the generator writes one from a mapping file: key paths, a default, formatters
// (one with user data, one `@self`) and an open enumeration.

struct Coordinate: Hashable, Sendable {
    var latitude: Double
    var longitude: Double
}

struct FormatterFailure: Error, Equatable {
    var reason: String
}

/// Reads a coordinate from two keys of the enclosing object, named by its user data.
enum CoordinateFormatter: ValueFormatter {
    struct UserData: Decodable, Sendable {
        var longitude: String
        var latitude: String
    }

    static func value(from raw: JSONValue, userData: UserData) throws -> Coordinate {
        guard let latitude = raw[userData.latitude]?.doubleValue, let longitude = raw[userData.longitude]?.doubleValue
        else { throw FormatterFailure(reason: "no \(userData.latitude)/\(userData.longitude)") }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    static func raw(from value: Coordinate, userData: UserData) throws -> JSONValue {
        guard value.latitude.isFinite else { throw FormatterFailure(reason: "latitude is not finite") }
        return [userData.latitude: .double(value.latitude), userData.longitude: .double(value.longitude)]
    }
}

struct Color: Hashable, Sendable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
}

/// Reads `"1DA1F2"`; takes no user data.
enum HexColorFormatter: ValueFormatter {
    static func value(from raw: String, userData: NoUserData) throws -> Color {
        guard raw.count == 6, let number = UInt32(raw, radix: 16) else {
            throw FormatterFailure(reason: "not a hex color: \(raw)")
        }
        return Color(red: UInt8(number >> 16), green: UInt8(number >> 8 & 0xFF), blue: UInt8(number & 0xFF))
    }

    static func raw(from value: Color, userData: NoUserData) throws -> String {
        String(format: "%02X%02X%02X", value.red, value.green, value.blue)
    }
}

enum Language: RawRepresentable, Codable, Hashable, Sendable, OpenEnumeration {
    case english
    case french
    /// A value the schema does not list, kept so that it encodes back unchanged.
    case undocumented(String)

    init(rawValue: String) {
        switch rawValue {
        case "en": self = .english
        case "fr": self = .french
        default: self = .undocumented(rawValue)
        }
    }

    var rawValue: String {
        switch self {
        case .english: "en"
        case .french: "fr"
        case .undocumented(let value): value
        }
    }

    var isDocumented: Bool {
        if case .undocumented = self { false } else { true }
    }
}

struct TweetModel: Codable, Hashable, Sendable {
    static let defaultImageURL = URL(string: "https://example.com/default.png")!

    /// `id_str`
    var id: String
    /// `user.name`, optional
    var userName: String?
    /// `user.profile_image_url`, with a default
    var profileImageURL: URL
    /// `user.profile_color`, optional, through a formatter
    var profileColor: Color?
    /// `@self` through a formatter with user data `{longitude: "long", latitude: "lat"}`
    var coordinate: Coordinate
    /// `lang`, an open enumeration
    var language: Language

    init(
        id: String,
        userName: String?,
        profileImageURL: URL,
        profileColor: Color?,
        coordinate: Coordinate,
        language: Language
    ) {
        self.id = id
        self.userName = userName
        self.profileImageURL = profileImageURL
        self.profileColor = profileColor
        self.coordinate = coordinate
        self.language = language
    }

    private static let coordinateUserData = Result {
        try JSONValue.object(["longitude": "long", "latitude": "lat"]).decoded(as: CoordinateFormatter.UserData.self)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        id = try container.decode(String.self, at: ["id_str"])
        userName = try container.decodeIfPresent(String.self, at: ["user", "name"])
        profileImageURL = try container.decode(
            URL.self,
            at: ["user", "profile_image_url"],
            default: Self.defaultImageURL
        )
        profileColor = try container.decodeIfPresent(at: ["user", "profile_color"], formatter: HexColorFormatter.self)
        coordinate = try SelfCoding.decode(
            from: decoder,
            formatter: CoordinateFormatter.self,
            userData: Self.coordinateUserData.get()
        )
        language = try container.decode(Language.self, at: ["lang"])
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(id, forKey: "id_str")
        var user = container.nestedContainer(keyedBy: JSONKey.self, forKey: "user")
        try user.encodeIfPresent(userName, forKey: "name")
        try user.encode(profileImageURL, forKey: "profile_image_url")
        try user.encodeIfPresent(profileColor, forKey: "profile_color", formatter: HexColorFormatter.self)
        try container.encode(language, forKey: "lang")
        try SelfCoding.encode(
            coordinate,
            to: encoder,
            formatter: CoordinateFormatter.self,
            userData: Self.coordinateUserData.get()
        )
    }
}
