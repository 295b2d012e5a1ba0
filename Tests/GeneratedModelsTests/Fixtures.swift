import Foundation
import ModelRuntime

/// Payloads under `Fixtures/`, read from the source tree.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures"
    )

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// Decodes with a plain `JSONDecoder()`: generated models need no configured strategies.
    static func decode<T: Decodable>(_ type: T.Type, from name: String) throws -> T {
        try JSONDecoder().decode(type, from: data(name))
    }
}

/// JSON as a value, to compare payloads whatever their key order and spacing.
func json(_ data: Data) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: data)
}

func encoded<T: Encodable>(_ value: T) throws -> Data {
    try JSONEncoder().encode(value)
}

/// Decodes `value`'s encoding back, to check that a model survives the trip unchanged.
func roundTripped<T: Codable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: encoded(value))
}
