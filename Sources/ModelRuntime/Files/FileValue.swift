/// The value of a Cortex file property: its facets (the uploaded `content` and processed renditions such as a
/// `thumbnail`) and, right after a create or update, the uploads it awaits.
///
/// Cortex sends the `content` facet's keys at the top level, the other facets in `facets`, and upload instructions in
/// `uploads`. Decoding and re-encoding reproduces that object, unknown keys included.
public struct FileValue: Codable, Hashable, Sendable {
    /// The facets: `content` first when present, then the others in the order received.
    ///
    /// When encoding, the first facet goes to the top level if it is named `content`; the rest go into `facets`.
    public var facets: [Facet]
    /// Instructions for the uploads the file awaits; empty once uploaded.
    public var uploads: [PendingUpload]
    /// Top-level keys outside the facets and uploads, kept for re-encoding; these only occur when the top level holds
    /// no content facet (no `name` key), since otherwise the content facet keeps them.
    public var additionalProperties: [String: JSONValue]

    /// Which empty arrays were sent, so that `"facets": []` and `"uploads": []` encode again as received.
    private var sentEmptyArrays = CodingDetail((facets: false, uploads: false))

    /// Creates a file value, for tests and previews.
    public init(facets: [Facet] = [], uploads: [PendingUpload] = [], additionalProperties: [String: JSONValue] = [:]) {
        self.facets = facets
        self.uploads = uploads
        self.additionalProperties = additionalProperties
    }

    /// The uploaded file itself (the `content` facet), when there is one.
    public var content: Facet? {
        self[facet: "content"]
    }

    /// The first facet called `name`, e.g. `file[facet: "thumbnail"]`.
    public subscript(facet name: String) -> Facet? {
        facets.first { $0.name == name }
    }

    private static let arrayKeys: Set<String> = ["facets", "uploads"]

    /// Decodes a file property value; the top level is read as the content facet when it has a `name`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        var additional: [String: JSONValue] = [:]
        facets = []
        if container.contains(JSONKey("name")) {
            facets.append(try Facet(from: container, ignoring: Self.arrayKeys))
        } else {
            additional = try container.unmodeledKeys(excluding: Self.arrayKeys)
        }
        let otherFacets = try container.decodeModeledKey([Facet].self, "facets", additionalProperties: &additional)
        facets += otherFacets ?? []
        let decodedUploads = try container.decodeModeledKey(
            [PendingUpload].self,
            "uploads",
            additionalProperties: &additional
        )
        uploads = decodedUploads ?? []
        additionalProperties = additional
        sentEmptyArrays.value = (facets: otherFacets?.isEmpty ?? false, uploads: decodedUploads?.isEmpty ?? false)
    }

    /// Encodes the content facet at the top level, the other facets in `facets`, and `uploads`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        var writtenKeys: Set<String> = []
        var otherFacets = facets[...]
        if let first = facets.first, first.name == "content" {
            writtenKeys = try first.encode(into: &container)
            otherFacets = otherFacets.dropFirst()
        }
        let encodesFacets = !otherFacets.isEmpty || sentEmptyArrays.value.facets
        try container.encodeModeledKey(encodesFacets ? Array(otherFacets) : nil, "facets", writtenKeys: &writtenKeys)
        let encodesUploads = !uploads.isEmpty || sentEmptyArrays.value.uploads
        try container.encodeModeledKey(encodesUploads ? uploads : nil, "uploads", writtenKeys: &writtenKeys)
        try container.encodeUnmodeledKeys(additionalProperties, except: writtenKeys)
    }
}
