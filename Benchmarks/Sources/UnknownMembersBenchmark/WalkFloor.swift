// The least that learning an object's unknown keys can cost through JSONDecoder: `allKeys` through a key type that
// refuses every key, so that nothing is made, hashed or kept, and only Foundation's walk over the keys is left. No
// model that keeps unknown members through JSONDecoder's public API decodes faster than this.

/// A key that the decoder can't make from any key it finds: `allKeys` is always empty.
struct RefusingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ key: String) { stringValue = key }

    init?(stringValue: String) { nil }

    init?(intValue: Int) { nil }
}

/// The benchmark's patient, hand-written, listing both levels' keys or not.
struct WalkingPatient: Decodable {
    nonisolated(unsafe) static var listsKeys = false
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
            let container = try decoder.container(keyedBy: RefusingKey.self)
            street = try container.decodeIfPresent(String.self, forKey: RefusingKey("c_street"))
            city = try container.decodeIfPresent(String.self, forKey: RefusingKey("c_city"))
            zip = try container.decodeIfPresent(String.self, forKey: RefusingKey("c_zip"))
            if WalkingPatient.listsKeys { precondition(container.allKeys.isEmpty) }
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: RefusingKey.self)
        name = try container.decodeIfPresent(String.self, forKey: RefusingKey("c_name"))
        age = try container.decodeIfPresent(Int.self, forKey: RefusingKey("c_age"))
        score = try container.decodeIfPresent(Double.self, forKey: RefusingKey("c_score"))
        active = try container.decodeIfPresent(Bool.self, forKey: RefusingKey("c_active"))
        tags = try container.decodeIfPresent([String].self, forKey: RefusingKey("c_tags"))
        address = try container.decodeIfPresent(Address.self, forKey: RefusingKey("c_address"))
        if Self.listsKeys { precondition(container.allKeys.isEmpty) }
    }
}
