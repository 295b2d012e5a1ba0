#!/usr/bin/env bash
# What a lever of #29 costs at run time: DecodeBenchmark's generated Patient (Sources/DecodeBenchmark/Generated, a
# plain model with a nested document, kept members on) as generated and as the lever's script rewrites it
# (LeverPatient, with the lever's runtime side), next to the hand-written synthesized HandPatient, on DecodeBenchmark's
# 2,000-patient payload. One release executable decodes through JSONDecoder and as ModelClient does (parsed into a
# JSONValue tree, then decoded from it) and encodes through JSONEncoder with the three in turn, and compares
# (membersAreEqual) with the generated and the lever's, and reads every property once (a lever that decodes on access
# pays there); best of 40 rounds, RUNS runs (default 3). It first checks that
# the lever's models decode, encode and compare as the generated ones do.
# usage: Benchmarks/lever-decode.sh Levers/table_coding.py [ARGUMENT…]   (the script from here or from Benchmarks/)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/common.sh"
script=$(lever_script "$1")
shift
repository=$(cd "$here/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/model-generator-lever-decode.XXXXXX")
trap 'rm -rf "$work"' EXIT
sources="$work/package/Sources/LeverDecode"
mkdir -p "$work/generated" "$sources"
cp "$here/Sources/DecodeBenchmark/Generated/Patient.swift" "$work/generated/"
apply_lever "$script" "$work/generated" "$work/lever" "$@"
cp "$here/Sources/DecodeBenchmark/Generated/Patient.swift" "$here/Sources/DecodeBenchmark/HandWritten.swift" \
    "$here/Sources/DecodeBenchmark/Payloads.swift" "$sources/"
sed 's/\bPatient\b/LeverPatient/g' "$work/lever/Patient.swift" >"$sources/LeverPatient.swift"
find "$work/lever" -name '*.swift' ! -name Patient.swift -exec cp {} "$sources/" \;
cat >"$work/package/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "LeverDecode",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "swift-model-generator", path: "$repository")],
    targets: [
        .executableTarget(
            name: "LeverDecode",
            dependencies: [.product(name: "ModelRuntime", package: "swift-model-generator")]
        )
    ]
)
MANIFEST
cat >"$sources/main.swift" <<'SWIFT'
import Foundation
import ModelRuntime

let rounds = 40

/// The best time of each body, in milliseconds, over `rounds` rounds that run them in turn.
func fastest(_ bodies: [() throws -> Void]) throws -> [Double] {
    var best = [Double](repeating: .infinity, count: bodies.count)
    for _ in 0..<rounds {
        for (index, body) in bodies.enumerated() {
            let start = ContinuousClock.now
            try body()
            let (seconds, attoseconds) = (ContinuousClock.now - start).components
            best[index] = min(best[index], Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
        }
    }
    return best
}

func row(_ name: String, _ times: [Double]) {
    let cells = times.map { String(format: "%.2f", $0) } + [String(format: "%.3f", times[1] / times[0])]
        + (times.count > 2 ? [String(format: "%.2f×", times[0] / times[2]), String(format: "%.2f×", times[1] / times[2])]
            : ["", ""])
    print("| \(name) | " + (times.count > 2 ? cells : cells.prefix(2) + [""] + cells.suffix(3)).joined(separator: " | ") + " |")
}

let decoder = JSONDecoder()
let encoder = JSONEncoder()
let generated = try decoder.decode([Patient].self, from: patients)
let lever = try decoder.decode([LeverPatient].self, from: patients)
let handWritten = try decoder.decode([HandPatient].self, from: patients)
// The lever must read, write and compare what the generated models do before its time means anything.
let fromTree = try JSONValue(parsing: patients).decoded(as: [LeverPatient].self)
let generatedJSON = try JSONValue(parsing: encoder.encode(generated))
for decoded in [lever, fromTree] {
    let decodedJSON = try JSONValue(parsing: encoder.encode(decoded))
    precondition(decodedJSON == generatedJSON, "the lever encodes differently")
}
for index in generated.indices.dropLast() {
    for other in [index, index + 1] {
        precondition(
            LeverPatient.membersAreEqual(lever[index], lever[other])
                == Patient.membersAreEqual(generated[index], generated[other]),
            "the lever compares differently"
        )
    }
}

print("| \(count) patients, best of \(rounds) rounds (ms) | generated | lever | hand-written | lever ÷ generated | generated ÷ hand-written | lever ÷ hand-written |")
print("| --- | --- | --- | --- | --- | --- | --- |")
row("decode through JSONDecoder", try fastest([
    { _ = try decoder.decode([Patient].self, from: patients) },
    { _ = try decoder.decode([LeverPatient].self, from: patients) },
    { _ = try decoder.decode([HandPatient].self, from: patients) },
]))
row("decode as ModelClient does", try fastest([
    { _ = try JSONValue(parsing: patients).decoded(as: [Patient].self) },
    { _ = try JSONValue(parsing: patients).decoded(as: [LeverPatient].self) },
    { _ = try JSONValue(parsing: patients).decoded(as: [HandPatient].self) },
]))
row("encode through JSONEncoder", try fastest([
    { _ = try encoder.encode(generated) },
    { _ = try encoder.encode(lever) },
    { _ = try encoder.encode(handWritten) },
]))
/// Reads every property of every patient once, as an app showing them would: a lever that decodes on access pays
/// here what it saves in decoding.
func readAll(_ patients: [Patient]) -> Int {
    patients.reduce(0) { sum, patient in
        sum &+ (patient.name?.utf8.count ?? 0) &+ (patient.age ?? 0) &+ Int(patient.score ?? 0)
            &+ (patient.active == true ? 1 : 0) &+ (patient.tags?.count ?? 0)
            &+ (patient.address?.street?.utf8.count ?? 0) &+ (patient.address?.city?.utf8.count ?? 0)
            &+ (patient.address?.zip?.utf8.count ?? 0)
    }
}
func readAll(_ patients: [LeverPatient]) -> Int {
    patients.reduce(0) { sum, patient in
        sum &+ (patient.name?.utf8.count ?? 0) &+ (patient.age ?? 0) &+ Int(patient.score ?? 0)
            &+ (patient.active == true ? 1 : 0) &+ (patient.tags?.count ?? 0)
            &+ (patient.address?.street?.utf8.count ?? 0) &+ (patient.address?.city?.utf8.count ?? 0)
            &+ (patient.address?.zip?.utf8.count ?? 0)
    }
}
func readAll(_ patients: [HandPatient]) -> Int {
    patients.reduce(0) { sum, patient in
        sum &+ patient.name.utf8.count &+ (patient.age ?? 0) &+ Int(patient.score ?? 0)
            &+ (patient.active == true ? 1 : 0) &+ (patient.tags?.count ?? 0)
            &+ (patient.address?.street?.utf8.count ?? 0) &+ (patient.address?.city?.utf8.count ?? 0)
            &+ (patient.address?.zip?.utf8.count ?? 0)
    }
}
precondition(readAll(lever) == readAll(generated), "the lever reads differently")
row("read every property once", try fastest([
    { precondition(readAll(generated) != 0) },
    { precondition(readAll(lever) != 0) },
    { precondition(readAll(handWritten) != 0) },
]))
row("decode as ModelClient does, then read every property once", try fastest([
    { let decoded = try JSONValue(parsing: patients).decoded(as: [Patient].self); precondition(readAll(decoded) != 0) },
    { let decoded = try JSONValue(parsing: patients).decoded(as: [LeverPatient].self); precondition(readAll(decoded) != 0) },
    { let decoded = try JSONValue(parsing: patients).decoded(as: [HandPatient].self); precondition(readAll(decoded) != 0) },
]))
let (generatedCopy, leverCopy) = (generated.map { $0 }, lever.map { $0 })
row("membersAreEqual, \(count) equal pairs", try fastest([
    { precondition(zip(generated, generatedCopy).allSatisfy { Patient.membersAreEqual($0, $1) }) },
    { precondition(zip(lever, leverCopy).allSatisfy { LeverPatient.membersAreEqual($0, $1) }) },
]))
SWIFT
quietly swift build -c release --package-path "$work/package"
for run in $(seq "${RUNS:-3}"); do
    echo "run $run of $(basename "$script") $*"
    "$(swift build -c release --package-path "$work/package" --show-bin-path)/LeverDecode"
done
