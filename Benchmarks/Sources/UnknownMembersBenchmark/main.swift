// What keeping unknown members costs a plain model's decoding when the payload has none: the same object definition
// generated twice, once as every app gets it (KeptModels) and once with `keepUnknownMembers: false` (LeanModels), both
// public in a module of their own, so that the two differ only in the switch. Rounds alternate between the two, and
// each side keeps its best. Prints the kept ÷ lean ratio of decoding and of encoding; unknown-members.sh runs this
// three times and prints the median.
import Foundation
import KeptModels
import LeanModels
import ModelRuntime

let count = 2_000
let rounds = 40

let patients = Data(
    ("["
        + (0..<count).map { index in
            #"{"c_name": "Patient \#(index)", "c_age": \#(20 + index % 60), "c_score": \#(Double(index) / 7), "c_active": \#(index % 2 == 0), "c_tags": ["a", "b"], "c_address": {"c_street": "\#(index) Main St", "c_city": "Springfield", "c_zip": "12345"}}"#
        }.joined(separator: ",") + "]").utf8
)

/// The best time of each over `rounds` alternating rounds.
func best(_ kept: () throws -> Void, _ lean: () throws -> Void) rethrows -> (kept: Duration, lean: Duration) {
    var fastest = (kept: Duration.seconds(1_000), lean: Duration.seconds(1_000))
    for round in 0..<rounds {
        // Which side goes first alternates too, so neither always runs on a warmer cache.
        for side in round % 2 == 0 ? [0, 1] : [1, 0] {
            let start = ContinuousClock.now
            if side == 0 { try kept() } else { try lean() }
            let elapsed = ContinuousClock.now - start
            if side == 0 {
                fastest.kept = min(fastest.kept, elapsed)
            } else {
                fastest.lean = min(fastest.lean, elapsed)
            }
        }
    }
    return fastest
}

/// Prints one line of times and their ratio, as unknown-members.sh reads it: `<label>: kept … ms, lean … ms, ratio …`.
func report(_ label: String, _ times: (kept: Duration, lean: Duration), sides: (String, String) = ("kept", "lean")) {
    let shown = [times.kept, times.lean].map { String(format: "%.2f", $0 / .milliseconds(1)) }
    let ratio = String(format: "%.3f", times.kept / times.lean)
    print("\(label): \(sides.0) \(shown[0]) ms, \(sides.1) \(shown[1]) ms, ratio \(ratio)")
}

let decoder = JSONDecoder()
let encoder = JSONEncoder()
let keptPatients = try decoder.decode([KeptModels.Patient].self, from: patients)
let leanPatients = try decoder.decode([LeanModels.Patient].self, from: patients)
precondition(keptPatients.allSatisfy(\.unknownMembers.isEmpty), "the payload has no unknown member")

let decoding = try best(
    { _ = try decoder.decode([KeptModels.Patient].self, from: patients) },
    { _ = try decoder.decode([LeanModels.Patient].self, from: patients) }
)
// The client's path: the answer parsed into a JSONValue tree once, then each model decoded from it.
let tree = try JSONValue(parsing: patients)
let treeDecoding = try best(
    { _ = try tree.decoded(as: [KeptModels.Patient].self) },
    { _ = try tree.decoded(as: [LeanModels.Patient].self) }
)
let encoding = try best({ _ = try encoder.encode(keptPatients) }, { _ = try encoder.encode(leanPatients) })
report("decode plain", decoding)
report("encode plain", encoding)
report("decode plain from the client's tree", treeDecoding)

// Where the cost through JSONDecoder is: the top level of the same payload decoded by hand, once as the lean model does
// (each property by its key) and once also listing the container's keys, which is the only way Codable has to learn a
// key it didn't ask for. Both read the same container; nothing else differs.
struct TopLevel: Decodable {
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
            let container = try decoder.container(keyedBy: JSONKey.self)
            street = try container.decodeIfPresent(String.self, forKey: "c_street")
            city = try container.decodeIfPresent(String.self, forKey: "c_city")
            zip = try container.decodeIfPresent(String.self, forKey: "c_zip")
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        name = try container.decodeIfPresent(String.self, forKey: "c_name")
        age = try container.decodeIfPresent(Int.self, forKey: "c_age")
        score = try container.decodeIfPresent(Double.self, forKey: "c_score")
        active = try container.decodeIfPresent(Bool.self, forKey: "c_active")
        tags = try container.decodeIfPresent([String].self, forKey: "c_tags")
        address = try container.decodeIfPresent(Address.self, forKey: "c_address")
        if Self.listsKeys { precondition(container.allKeys.count == 6) }
    }
}

let listing = try best(
    {
        TopLevel.listsKeys = true
        _ = try decoder.decode([TopLevel].self, from: patients)
    },
    {
        TopLevel.listsKeys = false
        _ = try decoder.decode([TopLevel].self, from: patients)
    }
)
report("listing the keys (allKeys) alone", listing, sides: ("with", "without"))

// The lever above: both levels keep their unknown keys through a key type that refuses the defined ones, against the
// same hand-written model without listing any keys (TopLevel), through JSONDecoder.
TopLevel.listsKeys = false
let filtered = try decoder.decode([FilteringPatient].self, from: patients)
precondition(filtered.allSatisfy { $0.unknownKeys.isEmpty && $0.address?.unknownKeys.isEmpty == true })
let filtering = try best(
    { _ = try decoder.decode([FilteringPatient].self, from: patients) },
    { _ = try decoder.decode([TopLevel].self, from: patients) }
)
report("keeping through a key type that refuses defined keys", filtering, sides: ("with", "without"))

// The floor (WalkFloor.swift): Foundation's walk over both levels' keys, with nothing made from them.
let walk = try best(
    {
        WalkingPatient.listsKeys = true
        _ = try decoder.decode([WalkingPatient].self, from: patients)
    },
    {
        WalkingPatient.listsKeys = false
        _ = try decoder.decode([WalkingPatient].self, from: patients)
    }
)
report("walking the keys (allKeys) with nothing made from them", walk, sides: ("with", "without"))
