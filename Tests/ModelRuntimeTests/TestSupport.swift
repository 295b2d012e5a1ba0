import Foundation
import ModelRuntime

/// Decodes `json` with a plain `JSONDecoder`, as apps using generated models do.
func decode<Value: Decodable>(_ type: Value.Type, from json: String) throws -> Value {
    try JSONDecoder().decode(type, from: Data(json.utf8))
}

/// Encodes `value` with a plain `JSONEncoder` and parses the result, so that tests compare JSON documents rather
/// than strings whose key order varies.
func encodedJSON(_ value: some Encodable) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
}

/// Parses a JSON document.
func parsedJSON(_ json: String) throws -> JSONValue {
    try decode(JSONValue.self, from: json)
}

/// A coding path written like `items[1].when`, for readable expectations.
func pathDescription(_ codingPath: [any CodingKey]) -> String {
    var description = ""
    for key in codingPath {
        if let index = key.intValue {
            description += "[\(index)]"
        } else {
            description += description.isEmpty ? key.stringValue : "." + key.stringValue
        }
    }
    return description
}

extension DecodingError {
    /// The context of any decoding error.
    var context: Context? {
        switch self {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            context
        @unknown default:
            nil
        }
    }

    /// Whether this is `dataCorrupted`, the error for a well-typed but invalid value.
    var isDataCorrupted: Bool {
        if case .dataCorrupted = self { true } else { false }
    }
}
