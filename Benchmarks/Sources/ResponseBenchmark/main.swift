// What ModelRuntime does with a server's answer: JSONValue's parser next to JSONSerialization on the same bytes, and
// a 1 GiB answer through ModelClient, which must stop at the size limit and stay small.
//
//   ResponseBenchmark json                 decoding tables (best of several rounds)
//   ResponseBenchmark response MODE        one 1 GiB answer through ModelClient, then the process's peak memory;
//                                          MODE: streamed (no Content-Length), declared (Content-Length), endless
//   ResponseBenchmark list                 10,000 objects listed through ModelClient next to URLSession + JSONDecoder
// Each `response` run is its own process, so that its peak memory is that answer's alone.
import Foundation
import ModelRuntime
import ModelRuntimeClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fastest of `rounds` runs of each of `candidates`, alternating between them so that all see the same machine.
func fastest(rounds: Int, _ candidates: [() throws -> Void]) throws -> [Duration] {
    var best = Array(repeating: Duration.seconds(1_000), count: candidates.count)
    for _ in 0..<rounds {
        for (index, candidate) in candidates.enumerated() {
            let start = ContinuousClock.now
            try candidate()
            best[index] = min(best[index], ContinuousClock.now - start)
        }
    }
    return best
}

func milliseconds(_ duration: Duration, digits: Int = 1) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.\(digits)f", Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
}

func ratio(_ a: Duration, _ b: Duration) -> String {
    String(format: "%.2f×", (a / .nanoseconds(1)) / (b / .nanoseconds(1)))
}

func decodingTables() throws {
    let numbers = Data(("[" + (0..<5_000_000).map { String($0 % 1000) }.joined(separator: ",") + "]").utf8)
    var deepText = ""
    for level in 0..<500 { deepText += level.isMultiple(of: 2) ? "[" : #"{"k":"# }
    deepText += "1"
    for level in (0..<500).reversed() { deepText += level.isMultiple(of: 2) ? "]" : "}" }
    let deep = Data(deepText.utf8)
    let repeats = 1_000

    print(
        "| document | bytes | JSONValue(parsing:) (ms) | JSONSerialization (ms) | ratio | JSONDecoder → JSONValue (ms) | ratio |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    let flat = try fastest(
        rounds: 3,
        [
            { _ = try JSONValue(parsing: numbers) },
            { _ = try JSONSerialization.jsonObject(with: numbers) },
            { _ = try JSONDecoder().decode(JSONValue.self, from: numbers) },
        ]
    )
    print(
        "| 5,000,000 numbers in an array | \(numbers.count) | \(milliseconds(flat[0])) | \(milliseconds(flat[1])) | "
            + "\(ratio(flat[0], flat[1])) | \(milliseconds(flat[2])) | \(ratio(flat[2], flat[1])) |"
    )
    // Per document: the parser and JSONSerialization over 1,000 runs, Codable over 3 (it takes about a second).
    let nested = try fastest(
        rounds: 5,
        [
            { for _ in 0..<repeats { _ = try JSONValue(parsing: deep) } },
            { for _ in 0..<repeats { _ = try JSONSerialization.jsonObject(with: deep) } },
            { for _ in 0..<3 { _ = try JSONDecoder().decode(JSONValue.self, from: deep) } },
        ]
    )
    let perDocument = [nested[0] / repeats, nested[1] / repeats, nested[2] / 3]
    print(
        "| 500 deep, per document | \(deep.count) | \(milliseconds(perDocument[0], digits: 3)) | "
            + "\(milliseconds(perDocument[1], digits: 3)) | \(ratio(perDocument[0], perDocument[1])) | "
            + "\(milliseconds(perDocument[2], digits: 3)) | \(ratio(perDocument[2], perDocument[1])) |"
    )

    // A model whose `Any` property holds the deep document, as ModelClient decodes an answer (parsed, then decoded
    // from the tree) and as `JSONDecoder` does from the bytes.
    struct Holder: Decodable { var meta: JSONValue }
    let model = Data(#"{"meta": "#.utf8) + deep + Data("}".utf8)
    print("")
    print(
        "| model with a 500-deep `Any` property | bytes | parse + decoded(as:) (ms) | JSONSerialization (ms) | ratio "
            + "| JSONDecoder (ms) | ratio |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    let modelTimes = try fastest(
        rounds: 5,
        [
            { for _ in 0..<repeats { _ = try JSONValue(parsing: model).decoded(as: Holder.self) } },
            { for _ in 0..<repeats { _ = try JSONSerialization.jsonObject(with: model) } },
            { for _ in 0..<3 { _ = try JSONDecoder().decode(Holder.self, from: model) } },
        ]
    )
    let perModel = [modelTimes[0] / repeats, modelTimes[1] / repeats, modelTimes[2] / 3]
    print(
        "| per document | \(model.count) | \(milliseconds(perModel[0], digits: 3)) | "
            + "\(milliseconds(perModel[1], digits: 3)) | \(ratio(perModel[0], perModel[1])) | "
            + "\(milliseconds(perModel[2], digits: 3)) | \(ratio(perModel[2], perModel[1])) |"
    )
}

/// The process's peak resident memory so far, in MiB.
func peakMemoryMiB() -> Double {
    var usage = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
    #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
    #endif
}

/// Tests/GeneratedModelsTests/Semantics/response_server.py on 127.0.0.1, on the port it prints.
func startServer() throws -> (Process, Pipe, URL) {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Tests/GeneratedModelsTests/Semantics/response_server.py").standardized
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, "serve", "--lifetime", "120"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
        let byte = output.fileHandleForReading.readData(ofLength: 1)
        guard !byte.isEmpty else { throw CocoaError(.fileReadUnknown) }
        line += byte
    }
    let port = String(decoding: line, as: UTF8.self).dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)
    return (process, input, URL(string: "http://127.0.0.1:\(port)")!)
}

func response(_ mode: String) async throws {
    let (server, input, baseURL) = try startServer()
    defer {
        try? input.fileHandleForWriting.close()
        server.terminate()
    }
    let path =
        switch mode {
        case "declared": "/stream?bytes=1073741824&length=1"
        case "endless": "/endless"
        default: "/stream?bytes=1073741824&length=0"
        }
    let client = ModelClient(baseURL: baseURL, dialect: .cortex, retry: .never, timeout: .seconds(120))
    let before = peakMemoryMiB()
    let start = ContinuousClock.now
    let outcome: String
    do {
        _ = try await client.get(JSONValue.self, path: path)
        outcome = "read in full (unexpected)"
    } catch ModelClientError.responseTooLarge(_, let limit) {
        outcome = "ModelClientError.responseTooLarge(limit: \(limit))"
    } catch {
        outcome = "\(error)"
    }
    let elapsed = ContinuousClock.now - start
    print(
        "| \(mode) | \(outcome) | \(milliseconds(elapsed)) | \(String(format: "%.1f", before)) | "
            + "\(String(format: "%.1f", peakMemoryMiB())) |"
    )
}

/// A patient as the list benchmark reads it: a queryable model written by hand, with synthesized `Codable`.
struct Patient: QueryableModel {
    typealias QueryFields = UnknownFields<Patient>
    static let apiName = "c_patient"
    static let pluralName = "c_patients"

    struct Address: Codable, Hashable, Sendable {
        var c_street: String
        var c_city: String
        var c_zip: String
    }

    var _id: String
    var c_name: String
    var c_age: Int
    var c_score: Double
    var c_active: Bool
    var c_tags: [String]
    var c_address: Address
}

/// Cortex's list envelope, as an app would decode it with `JSONDecoder`.
struct PatientList: Decodable {
    var data: [Patient]
    var hasMore: Bool
}

/// One GET on a plain `URLSession`, as an app without the client would send it.
func fetch(_ url: URL, on session: URLSession) async throws -> Data {
    try await withCheckedThrowingContinuation { continuation in
        session.dataTask(with: url) { data, _, error in
            if let error {
                continuation.resume(throwing: error)
            } else {
                continuation.resume(returning: data ?? Data())
            }
        }.resume()
    }
}

func listing() async throws {
    let (server, input, baseURL) = try startServer()
    defer {
        try? input.fileHandleForWriting.close()
        server.terminate()
    }
    let client = ModelClient(baseURL: baseURL, dialect: .cortex, retry: .never)
    let session = URLSession(configuration: .default)
    let url = baseURL.appendingPathComponent("c_patients")
    _ = try await client.list(Patient.query)  // the server builds its answer once
    var best = (Duration.seconds(1_000), Duration.seconds(1_000))
    for _ in 0..<30 {
        var start = ContinuousClock.now
        let page = try await client.list(Patient.query)
        best.0 = min(best.0, ContinuousClock.now - start)
        start = ContinuousClock.now
        let plain = try JSONDecoder().decode(PatientList.self, from: try await fetch(url, on: session))
        best.1 = min(best.1, ContinuousClock.now - start)
        precondition(page.items.count == 10_000 && plain.data.count == 10_000 && page.items == plain.data)
    }
    print("| 10,000 patients | \(milliseconds(best.0)) | \(milliseconds(best.1)) | \(ratio(best.0, best.1)) |")
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "json": try decodingTables()
case "response": try await response(arguments.dropFirst().first ?? "streamed")
case "list": try await listing()
default:
    print("usage: ResponseBenchmark json | response streamed|declared|endless | list")
    exit(2)
}
