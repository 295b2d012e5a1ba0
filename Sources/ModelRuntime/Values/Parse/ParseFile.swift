import Foundation

/// A file a Parse object refers to: `{"__type": "File", "name": "…profile.png", "url": "https://…"}`.
///
/// Parse stores the bytes apart from the object (`POST /files/<name>`); the object holds the stored file's name and,
/// when read, its URL.
public struct ParseFile: Codable, Hashable, Sendable {
    /// The stored file's name, as Parse gave it when the file was uploaded.
    public var name: String
    /// Where the file can be downloaded; Parse sends it in reads, and a write may leave it out.
    public var url: String?

    /// A file stored under `name`.
    public init(name: String, url: String? = nil) {
        self.name = name
        self.url = url
    }

    /// Decodes `{"__type": "File", "name", "url"}`.
    public init(from decoder: any Decoder) throws {
        let container = try ParseTypedValue.container(
            decoder,
            type: "File",
            describing: "a Parse file {\"__type\": \"File\", \"name\": …}"
        )
        name = try container.decode(String.self, forKey: JSONKey("name"))
        url = try container.decodeIfPresent(String.self, forKey: JSONKey("url"))
    }

    /// Encodes `{"__type": "File", "name", "url"}`, leaving out a URL it doesn't have.
    public func encode(to encoder: any Encoder) throws {
        var container = try ParseTypedValue.container(encoder, type: "File")
        try container.encode(name, forKey: JSONKey("name"))
        try container.encodeIfPresent(url, forKey: JSONKey("url"))
    }
}
