import Foundation

/// One stored rendition of a Cortex file, such as the uploaded `content` or a generated `thumbnail`.
///
/// Models the keys apps use and keeps every other key (`creator`, `location`, `width`, `private`, …) in
/// ``additionalProperties``, so that decoding and re-encoding a facet loses nothing.
public struct Facet: Codable, Hashable, Sendable {
    /// The facet's name: `content` for the uploaded file, or the name of a processor's output (e.g. `thumbnail`).
    public var name: String
    /// The MIME type, e.g. `image/jpeg`.
    public var mime: String?
    /// The uploaded file's name.
    public var filename: String?
    /// The size in bytes.
    public var size: Int?
    /// Where the facet is in processing; only ``FacetState/ready`` facets can be downloaded.
    public var state: FacetState?
    /// A signed download URL, present when the facet is ready.
    public var url: URL?
    /// The API path that streams the facet, e.g. `/accounts/<id>/image/content`.
    public var path: String?
    /// The content hash (JSON key `ETag`), useful as a cache key.
    public var etag: String?
    /// The facet's other keys, and any modeled key the server sent as `null`, kept for re-encoding.
    public var additionalProperties: [String: JSONValue]

    /// Creates a facet, for tests and previews.
    public init(
        name: String,
        mime: String? = nil,
        filename: String? = nil,
        size: Int? = nil,
        state: FacetState? = nil,
        url: URL? = nil,
        path: String? = nil,
        etag: String? = nil,
        additionalProperties: [String: JSONValue] = [:]
    ) {
        self.name = name
        self.mime = mime
        self.filename = filename
        self.size = size
        self.state = state
        self.url = url
        self.path = path
        self.etag = etag
        self.additionalProperties = additionalProperties
    }

    /// The JSON keys the typed properties hold.
    static let modeledKeys: Set<String> = ["name", "mime", "filename", "size", "state", "url", "path", "ETag"]

    /// Decodes a facet object; `name` is required, everything else optional.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.container(keyedBy: JSONKey.self), ignoring: [])
    }

    /// Decodes the facet from `container`, leaving out `ignoredKeys` (used for the file's root object, whose `facets`
    /// and `uploads` aren't part of its content facet).
    init(from container: KeyedDecodingContainer<JSONKey>, ignoring ignoredKeys: Set<String>) throws {
        var additional = try container.unmodeledKeys(excluding: Self.modeledKeys.union(ignoredKeys))
        name = try container.decode(String.self, forKey: JSONKey("name"))
        mime = try container.decodeModeledKey(String.self, "mime", additionalProperties: &additional)
        filename = try container.decodeModeledKey(String.self, "filename", additionalProperties: &additional)
        size = try container.decodeModeledKey(Int.self, "size", additionalProperties: &additional)
        state = try container.decodeModeledKey(FacetState.self, "state", additionalProperties: &additional)
        url = try container.decodeModeledKey(URL.self, "url", additionalProperties: &additional)
        path = try container.decodeModeledKey(String.self, "path", additionalProperties: &additional)
        etag = try container.decodeModeledKey(String.self, "ETag", additionalProperties: &additional)
        additionalProperties = additional
    }

    /// Encodes the facet object with all its kept keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try encode(into: &container)
    }

    /// Encodes the facet's keys into `container` (also used for the file's root object), returning the keys written.
    @discardableResult
    func encode(into container: inout KeyedEncodingContainer<JSONKey>) throws -> Set<String> {
        var writtenKeys: Set<String> = []
        try container.encodeModeledKey(name, "name", writtenKeys: &writtenKeys)
        try container.encodeModeledKey(mime, "mime", writtenKeys: &writtenKeys)
        try container.encodeModeledKey(filename, "filename", writtenKeys: &writtenKeys)
        try container.encodeModeledKey(size, "size", writtenKeys: &writtenKeys)
        try container.encodeModeledKey(state, "state", writtenKeys: &writtenKeys)
        try container.encodeModeledKey(url, "url", writtenKeys: &writtenKeys)
        try container.encodeModeledKey(path, "path", writtenKeys: &writtenKeys)
        try container.encodeModeledKey(etag, "ETag", writtenKeys: &writtenKeys)
        try container.encodeUnmodeledKeys(additionalProperties, except: writtenKeys)
        return writtenKeys.union(additionalProperties.keys)
    }
}
