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
