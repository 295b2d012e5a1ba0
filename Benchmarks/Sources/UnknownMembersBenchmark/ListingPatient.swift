import ModelRuntime

// The benchmark's patient decoded by hand through JSONDecoder, as the lean model does (each property by its key),
// listing its containers' keys or not: `allKeys` is the only way Codable has to learn a key it didn't ask for. The key
// type decides what the list costs besides Foundation's walk over the object's keys: `JSONKey` makes a key of each,
// `RefusingKey` none, which leaves the walk alone, the least that learning an unknown key can cost through JSONDecoder.

/// How many levels list their keys: none, the patient's, or the patient's and its address's.
nonisolated(unsafe) var listedLevels = 0

/// A key that the decoder can't make from any key it finds: `allKeys` is always empty.
struct RefusingKey: NamedCodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ key: String) { stringValue = key }

    init?(stringValue: String) { nil }

    init?(intValue: Int) { nil }
}

struct ListingPatient<Key: NamedCodingKey>: Decodable {
    var name: String?
    var age: Int?
    var score: Double?
    var active: Bool?
    var tags: [String]?
    var address: Address?

    struct Address: Decodable {
        var street: String?
        var city: String?
        var zip: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            street = try container.decodeIfPresent(String.self, forKey: Key("c_street"))
            city = try container.decodeIfPresent(String.self, forKey: Key("c_city"))
            zip = try container.decodeIfPresent(String.self, forKey: Key("c_zip"))
            if listedLevels > 1 { precondition(container.allKeys.count <= 3) }
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        name = try container.decodeIfPresent(String.self, forKey: Key("c_name"))
        age = try container.decodeIfPresent(Int.self, forKey: Key("c_age"))
        score = try container.decodeIfPresent(Double.self, forKey: Key("c_score"))
        active = try container.decodeIfPresent(Bool.self, forKey: Key("c_active"))
        tags = try container.decodeIfPresent([String].self, forKey: Key("c_tags"))
        address = try container.decodeIfPresent(Address.self, forKey: Key("c_address"))
        if listedLevels > 0 { precondition(container.allKeys.count <= 6) }
    }
}
