import Foundation
import ModelRuntime

// What a careful person writes by hand for the same payloads, with synthesized Codable: the baseline.

struct HandPatient: Codable, Hashable {
    struct Address: Codable, Hashable {
        var street: String?
        var city: String?
        var zip: String?

        enum CodingKeys: String, CodingKey {
            case street = "c_street"
            case city = "c_city"
            case zip = "c_zip"
        }
    }

    var name: String
    var age: Int?
    var score: Double?
    var active: Bool?
    var tags: [String]?
    var address: Address?

    enum CodingKeys: String, CodingKey {
        case name = "c_name"
        case age = "c_age"
        case score = "c_score"
        case active = "c_active"
        case tags = "c_tags"
        case address = "c_address"
    }
}

/// Decoded with `JSONDecoder.dateDecodingStrategy = .iso8601`, the baseline's way to read dates.
struct HandAppointment: Codable, Hashable {
    var title: String
    var starts: Date
    var ends: Date?

    enum CodingKeys: String, CodingKey {
        case title = "c_title"
        case starts = "c_starts"
        case ends = "c_ends"
    }
}

/// The tweet as its JSON is shaped: no key paths, no formatter.
struct HandTweet: Codable, Hashable {
    struct User: Codable, Hashable {
        var name: String
        var profile_image_url: URL?
    }

    var id_str: String
    var text: String
    var user: User
    var coordinates: [Double]
}

/// The formatter the mapped tweet uses: `[longitude, latitude]` to a pair.
enum CoordinatePair: ValueFormatter {
    struct Pair: Hashable, Sendable {
        var longitude: Double
        var latitude: Double
    }

    struct NotAPair: Error {}

    static func value(from raw: [Double], userData: NoUserData) throws -> Pair {
        guard raw.count == 2 else { throw NotAPair() }
        return Pair(longitude: raw[0], latitude: raw[1])
    }

    static func raw(from value: Pair, userData: NoUserData) throws -> [Double] {
        [value.longitude, value.latitude]
    }
}

/// References as the wire has them, `{"_id", "object", "path"}`, and a file with its facets: plain structs.
struct HandVisit: Codable, Hashable {
    struct Reference: Codable, Hashable {
        var _id: String
        var object: String?
        var path: String?
    }

    struct Facet: Codable, Hashable {
        var name: String
        var mime: String?
        var filename: String?
        var size: Int?
        var state: Int?
        var url: URL?
        var path: String?
        var ETag: String?
    }

    struct File: Codable, Hashable {
        var name: String?
        var mime: String?
        var filename: String?
        var size: Int?
        var state: Int?
        var url: URL?
        var path: String?
        var ETag: String?
        var facets: [Facet]?
    }

    var title: String
    var patient: Reference?
    var creator: Reference?
    var photo: File?

    enum CodingKeys: String, CodingKey {
        case title = "c_title"
        case patient = "c_patient"
        case creator = "c_creator"
        case photo = "c_photo"
    }
}
