// Decode and encode throughput of generated models next to hand-written synthesized Codable on the same payloads.
// Prints a table of the best of several rounds; the ratio is generated ÷ hand-written (lower is better).
import Foundation
import ModelRuntime

let rounds = 30

/// The best times of `rounds` runs of each, alternating between the two so that both see the same machine state.
func compare(_ generated: () throws -> Void, _ handWritten: () throws -> Void) rethrows -> (Duration, Duration) {
    var fastest = (Duration.seconds(1_000), Duration.seconds(1_000))
    for _ in 0..<rounds {
        var start = ContinuousClock.now
        try generated()
        fastest.0 = min(fastest.0, ContinuousClock.now - start)
        start = ContinuousClock.now
        try handWritten()
        fastest.1 = min(fastest.1, ContinuousClock.now - start)
    }
    return fastest
}

func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.2f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
}

func ratio(_ lhs: Duration, _ rhs: Duration) -> String {
    String(format: "%.2f×", (lhs / rhs))
}

struct Row {
    var name: String
    var times: (generated: Duration, handWritten: Duration)
}

var rows: [Row] = []
let decoder = JSONDecoder()
let isoDecoder = JSONDecoder()
isoDecoder.dateDecodingStrategy = .iso8601
let encoder = JSONEncoder()
let isoEncoder = JSONEncoder()
isoEncoder.dateEncodingStrategy = .iso8601

let generatedPatients = try decoder.decode([Patient].self, from: patients)
let handPatients = try decoder.decode([HandPatient].self, from: patients)
rows.append(
    Row(
        name: "decode plain",
        times: try compare(
            { _ = try decoder.decode([Patient].self, from: patients) },
            { _ = try decoder.decode([HandPatient].self, from: patients) }
        )
    )
)
rows.append(
    Row(
        name: "encode plain",
        times: try compare({ _ = try encoder.encode(generatedPatients) }, { _ = try encoder.encode(handPatients) })
    )
)
// ModelClient's path: the answer parsed into a JSONValue tree, then the models decoded from it. Both sides of the
// first row take it; the second sets it against the hand-written models through JSONDecoder, what an app without this
// runtime does.
rows.append(
    Row(
        name: "decode plain, both parsed and decoded as ModelClient does",
        times: try compare(
            { _ = try JSONValue(parsing: patients).decoded(as: [Patient].self) },
            { _ = try JSONValue(parsing: patients).decoded(as: [HandPatient].self) }
        )
    )
)
rows.append(
    Row(
        name: "decode plain as ModelClient does, hand-written through JSONDecoder",
        times: try compare(
            { _ = try JSONValue(parsing: patients).decoded(as: [Patient].self) },
            { _ = try decoder.decode([HandPatient].self, from: patients) }
        )
    )
)
let generatedAppointments = try decoder.decode([Appointment].self, from: appointments)
let handAppointments = try isoDecoder.decode([HandAppointment].self, from: appointments)
rows.append(
    Row(
        name: "decode dates",
        times: try compare(
            { _ = try decoder.decode([Appointment].self, from: appointments) },
            { _ = try isoDecoder.decode([HandAppointment].self, from: appointments) }
        )
    )
)
rows.append(
    Row(
        name: "encode dates",
        times: try compare(
            { _ = try encoder.encode(generatedAppointments) },
            { _ = try isoEncoder.encode(handAppointments) }
        )
    )
)
let generatedTweets = try decoder.decode([Tweet].self, from: tweets)
let handTweets = try decoder.decode([HandTweet].self, from: tweets)
rows.append(
    Row(
        name: "decode key paths + formatter",
        times: try compare(
            { _ = try decoder.decode([Tweet].self, from: tweets) },
            { _ = try decoder.decode([HandTweet].self, from: tweets) }
        )
    )
)
rows.append(
    Row(
        name: "encode key paths + formatter",
        times: try compare({ _ = try encoder.encode(generatedTweets) }, { _ = try encoder.encode(handTweets) })
    )
)
let generatedVisits = try decoder.decode([Visit].self, from: visits)
let handVisits = try decoder.decode([HandVisit].self, from: visits)
rows.append(
    Row(
        name: "decode references + files",
        times: try compare(
            { _ = try decoder.decode([Visit].self, from: visits) },
            { _ = try decoder.decode([HandVisit].self, from: visits) }
        )
    )
)
rows.append(
    Row(
        name: "encode references + files",
        times: try compare({ _ = try encoder.encode(generatedVisits) }, { _ = try encoder.encode(handVisits) })
    )
)

print("| \(count) models | generated (ms) | hand-written (ms) | ratio |")
print("| --- | --- | --- | --- |")
for row in rows {
    let (generated, handWritten) = row.times
    print(
        "| \(row.name) | \(milliseconds(generated)) | \(milliseconds(handWritten)) | \(ratio(generated, handWritten)) |"
    )
}
