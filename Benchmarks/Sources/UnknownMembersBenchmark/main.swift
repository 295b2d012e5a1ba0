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

// Where the cost through JSONDecoder is (ListingPatient.swift): the same hand-written decoding, listing the top level's
// keys or not. Both read the same container; nothing else differs.
typealias TopLevel = ListingPatient<JSONKey>
let listing = try best(
    {
        listedLevels = 1
        _ = try decoder.decode([TopLevel].self, from: patients)
    },
    {
        listedLevels = 0
        _ = try decoder.decode([TopLevel].self, from: patients)
    }
)
report("listing the keys (allKeys) alone", listing, sides: ("with", "without"))

// The lever above: both levels keep their unknown keys through a key type that refuses the defined ones, against the
// same hand-written model without listing any keys (TopLevel), through JSONDecoder.
listedLevels = 0
let filtered = try decoder.decode([FilteringPatient].self, from: patients)
precondition(filtered.allSatisfy { $0.unknownKeys.isEmpty && $0.address?.unknownKeys.isEmpty == true })
let filtering = try best(
    { _ = try decoder.decode([FilteringPatient].self, from: patients) },
    { _ = try decoder.decode([TopLevel].self, from: patients) }
)
report("keeping through a key type that refuses defined keys", filtering, sides: ("with", "without"))

// The floor: Foundation's walk over both levels' keys, with nothing made from them.
let walk = try best(
    {
        listedLevels = 2
        _ = try decoder.decode([ListingPatient<RefusingKey>].self, from: patients)
    },
    {
        listedLevels = 0
        _ = try decoder.decode([ListingPatient<RefusingKey>].self, from: patients)
    }
)
report("walking the keys (allKeys) with nothing made from them", walk, sides: ("with", "without"))
