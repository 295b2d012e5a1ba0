// A filter and a sort over 10,000 stored objects, answering one page of 100 through ModelClient, against each
// in-memory backend (#30's bound: a median under 50 ms in a release build). Prints the median and the fastest of
// `rounds` runs per dialect, then the time of hostile requests at two sizes.
import Foundation
import InMemoryModels
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let count = 10_000
let rounds = 31

/// The stored patients, as the dialect holds them (Parse's id member is objectId).
func documents(idKey: String) -> [JSONValue] {
    (0..<count).map { index -> JSONValue in
        let address: [String: JSONValue] = [
            "c_street": .string("\(index) Main St"), "c_city": .string("Springfield"), "c_zip": .string("12345"),
        ]
        var members: [String: JSONValue] = [:]
        members[idKey] = .string(String(format: "65%022x", index + 1))
        members["c_name"] = .string("Patient \(index)")
        members["c_age"] = .int(20 + index % 60)
        members["c_score"] = .double(Double(index % 977) / 7)
        members["c_active"] = .bool(index % 3 != 0)
        members["c_tags"] = .array([.string("a"), .string(index % 2 == 0 ? "even" : "odd")])
        members["c_address"] = .object(address)
        return .object(members)
    }
}

let query = Patient.query
    .where { $0.age.gte(30).and($0.active.eq(true)) }
    .where { $0.name.hasPrefix("Patient 1") }
    .sort { $0.score.descending }
    .skip(100)
    .limit(100)

print("| dialect | matching | page | median | fastest |")
print("| --- | --- | --- | --- | --- |")
for (name, dialect, idKey) in [
    ("cortex", InMemoryDialect.cortex, "_id"), ("mia", .mia, "_id"), ("parse", .parse, "objectId"),
] {
    let backend = InMemoryBackend(dialect)
    try await backend.insert(documents(idKey: idKey), into: Patient.pluralName)
    let client = backend.client()
    let matching = try await client.count(query)
    var times: [Duration] = []
    var pageSize = 0
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        let page = try await client.list(query)
        times.append(ContinuousClock.now - start)
        pageSize = page.items.count
    }
    times.sort()
    func ms(_ duration: Duration) -> String {
        String(
            format: "%.1f ms",
            Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3
        )
    }
    print("| \(name) | \(matching) | \(pageSize) | \(ms(times[rounds / 2])) | \(ms(times[0])) |")
}

// Requests built to cost more than their size: a Parse `order` of many keys and a Mia-Platform querystring of many
// field parameters, each at two sizes a doubling apart. Work linear in the request takes about twice as long at the
// larger size; each of these was quadratic once (200,000 keys or 100,000 parameters took minutes). Fastest of 5.
print("")
print("| hostile request | sizes | smaller | larger | ratio |")
print("| --- | --- | --- | --- | --- |")
func fastest(_ rounds: Int, _ body: () async throws -> Void) async throws -> Duration {
    var best = Duration.seconds(1_000)
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        try await body()
        best = min(best, ContinuousClock.now - start)
    }
    return best
}
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
let parse = InMemoryBackend(.parse)
try await parse.insert([["objectId": "a1", "n": 2], ["objectId": "a2", "n": 1]], into: "T")
let mia = InMemoryBackend(.mia(defaultState: .public))
try await mia.insert([["c_name": "a"]], into: "c_items")
let hostile: [(String, Int, (Int) async throws -> Void)] = [
    (
        "Parse `order` keys", 100_000,
        { size in
            let order = (0..<size).map { "k\($0)" }.joined(separator: ",")
            let request = RenderedRequest(path: "/classes/T", queryItems: [.init(name: "order", value: order)])
            _ = try await parse.send(try request.urlRequest(relativeTo: parse.baseURL))
        }
    ),
    (
        "Mia-Platform field parameters", 100_000,
        { size in
            let items = (0..<size).map { URLQueryItem(name: "f\($0)", value: "x") }
            let request = RenderedRequest(path: "/c_items/count", queryItems: items)
            _ = try await mia.send(try request.urlRequest(relativeTo: mia.baseURL))
        }
    ),
]
for (name, size, request) in hostile {
    let smaller = try await fastest(5) { try await request(size) }
    let larger = try await fastest(5) { try await request(2 * size) }
    print(
        "| \(name) | \(size) → \(2 * size) | \(String(format: "%.3f s", seconds(smaller))) | "
            + "\(String(format: "%.3f s", seconds(larger))) | \(String(format: "%.2f", seconds(larger) / seconds(smaller))) |"
    )
}
