import ModelRuntime

// A lever measured for the unknown-members bound, not used by generated code: a coding key type per model whose
// `init?(stringValue:)` refuses the keys the model defines. JSONDecoder's `allKeys` makes a key of every key in the
// object through that initializer, so it then lists only the unknown ones, and a payload without any allocates
// nothing and filters nothing on our side. What's left is Foundation's own walk over the object's keys.

/// A model that can say, without hashing, whether a key is one of its own.
protocol DefinesKeys {
    static func defines(_ key: String) -> Bool
}

/// A key of `Model`'s objects that only exists, when made from a key the decoder found, for a key `Model` doesn't
/// define.
struct UnmodeledKey<Model: DefinesKeys>: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ key: String) { stringValue = key }

    init?(stringValue: String) {
        if Model.defines(stringValue) { return nil }
        self.stringValue = stringValue
    }

    init?(intValue: Int) { nil }
}

/// The benchmark's patient, both levels keeping what they don't define the way that key type allows.
struct FilteringPatient: Decodable, DefinesKeys {
    typealias Key = UnmodeledKey<FilteringPatient>
    var name: String?
    var age: Int?
    var score: Double?
    var active: Bool?
    var tags: [String]?
    var address: Address?
    var unknownKeys: [String]

    static func defines(_ key: String) -> Bool {
        switch key {
        case "c_name", "c_age", "c_score", "c_active", "c_tags", "c_address": true
        default: false
        }
    }

    struct Address: Decodable, DefinesKeys {
        typealias Key = UnmodeledKey<Address>
        var street: String?
        var city: String?
        var zip: String?
        var unknownKeys: [String]

        static func defines(_ key: String) -> Bool {
            switch key {
            case "c_street", "c_city", "c_zip": true
            default: false
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            street = try container.decodeIfPresent(String.self, forKey: Key("c_street"))
            city = try container.decodeIfPresent(String.self, forKey: Key("c_city"))
            zip = try container.decodeIfPresent(String.self, forKey: Key("c_zip"))
            unknownKeys = container.allKeys.map(\.stringValue)
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
        unknownKeys = container.allKeys.map(\.stringValue)
    }
}
