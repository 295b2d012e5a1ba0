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
print(
    String(
        format: "decode plain: kept %.2f ms, lean %.2f ms, ratio %.3f",
        decoding.kept / .milliseconds(1),
        decoding.lean / .milliseconds(1),
        decoding.kept / decoding.lean
    )
)
print(
    String(
        format: "encode plain: kept %.2f ms, lean %.2f ms, ratio %.3f",
        encoding.kept / .milliseconds(1),
        encoding.lean / .milliseconds(1),
        encoding.kept / encoding.lean
    )
)
print(
    String(
        format: "decode plain from the client's tree: kept %.2f ms, lean %.2f ms, ratio %.3f",
        treeDecoding.kept / .milliseconds(1),
        treeDecoding.lean / .milliseconds(1),
        treeDecoding.kept / treeDecoding.lean
    )
)

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
print(
    String(
        format: "listing the keys (allKeys) alone: with %.2f ms, without %.2f ms, ratio %.3f",
        listing.kept / .milliseconds(1),
        listing.lean / .milliseconds(1),
        listing.kept / listing.lean
    )
)

// The lever above: both levels keep their unknown keys through a key type that refuses the defined ones, against the
// same hand-written model without listing any keys (TopLevel), through JSONDecoder.
TopLevel.listsKeys = false
let filtered = try decoder.decode([FilteringPatient].self, from: patients)
precondition(filtered.allSatisfy { $0.unknownKeys.isEmpty && $0.address?.unknownKeys.isEmpty == true })
let filtering = try best(
    { _ = try decoder.decode([FilteringPatient].self, from: patients) },
    { _ = try decoder.decode([TopLevel].self, from: patients) }
)
print(
    String(
        format: "keeping through a key type that refuses defined keys: with %.2f ms, without %.2f ms, ratio %.3f",
        filtering.kept / .milliseconds(1),
        filtering.lean / .milliseconds(1),
        filtering.kept / filtering.lean
    )
)
