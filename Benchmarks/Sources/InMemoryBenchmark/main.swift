// A filter and a sort over 10,000 stored objects, answering one page of 100 through ModelClient, against each
// in-memory backend (#30's bound: a median under 50 ms in a release build). Prints the median and the fastest of
// `rounds` runs per dialect.
import Foundation
import InMemoryModels
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting

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
