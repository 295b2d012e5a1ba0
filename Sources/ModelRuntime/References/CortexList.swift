import Foundation

/// The value of a Cortex `List` property: a page of instances of the listed object, read-only.
///
/// Cortex answers a List property as a list envelope, `{"object": "list", "data": […], "hasMore": false}`; the
/// instances decode as `Target` (the generated model of the list's source object, or ``JSONValue``). Every other
/// member of the envelope is kept, so the value encodes back unchanged. Lists are read, never written: they are
/// left out of `Create` and `Patch` bodies.
public struct CortexList<Target: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The instances on this page.
    public let data: [Target]
    /// Whether the server has more instances than this page holds.
    public let hasMore: Bool?
    /// The envelope's other members (`object`, `path`, …), as sent.
    public let otherMembers: [String: JSONValue]

    /// A page of `data`.
    public init(data: [Target], hasMore: Bool? = nil, otherMembers: [String: JSONValue] = ["object": "list"]) {
        self.data = data
        self.hasMore = hasMore
        self.otherMembers = otherMembers
    }

    /// Decodes the list envelope.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        data = try container.decodeIfPresent([Target].self, forKey: JSONKey("data")) ?? []
        hasMore = try container.decodeIfPresent(Bool.self, forKey: JSONKey("hasMore"))
        var others: [String: JSONValue] = [:]
        for key in container.allKeys where key.stringValue != "data" && key.stringValue != "hasMore" {
            others[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        otherMembers = others
    }

    /// Encodes the envelope with its members as they were.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        for (key, value) in otherMembers.sorted(by: { $0.key < $1.key }) {
            try container.encode(value, forKey: JSONKey(key))
        }
        try container.encode(data, forKey: JSONKey("data"))
        try container.encodeIfPresent(hasMore, forKey: JSONKey("hasMore"))
    }
}
