import Foundation

/// How to upload a file facet: the instructions a Cortex create or update response returns in a file's `uploads`
/// for each facet that awaits its bytes (typically a presigned S3 form post).
///
/// Keeps keys it doesn't model in ``additionalProperties``, so that re-encoding loses nothing.
public struct PendingUpload: Codable, Hashable, Sendable {
    /// One form field to send with the upload, in the order the server gave them.
    public struct Field: Codable, Hashable, Sendable {
        /// The form field's name, e.g. `x-amz-signature`.
        public var key: String
        /// The form field's value.
        public var value: String

        /// Creates a field.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The name of the facet this upload fills, e.g. `content`.
    public var name: String
    /// The largest accepted file, in bytes.
    public var maxFileSize: Int?
    /// The accepted MIME types (may contain wildcards such as `image/*`).
    public var mimes: [String]?
    /// The HTTP method to upload with, e.g. `POST`.
    public var uploadMethod: String?
    /// Where to send the upload (JSON key `uploadUrl`).
    public var uploadURL: URL?
    /// The name of the form field that carries the file's bytes.
    public var uploadKey: String?
    /// The form fields to send along, in order (a presigned post requires them as given).
    public var fields: [Field]
    /// The upload's state, usually ``FacetState/pending``.
    public var state: FacetState?
    /// The upload's other keys, and any modeled key the server sent as `null`, kept for re-encoding.
    public var additionalProperties: [String: JSONValue]

    /// Whether an empty ``fields`` encodes as `"fields": []` rather than omitting the key, as decoded.
    private var encodesEmptyFields = CodingDetail(false)

    /// Creates upload instructions, for tests and previews.
    public init(
        name: String,
        maxFileSize: Int? = nil,
        mimes: [String]? = nil,
        uploadMethod: String? = nil,
        uploadURL: URL? = nil,
        uploadKey: String? = nil,
        fields: [Field] = [],
        state: FacetState? = nil,
        additionalProperties: [String: JSONValue] = [:]
    ) {
        self.name = name
        self.maxFileSize = maxFileSize
        self.mimes = mimes
        self.uploadMethod = uploadMethod
        self.uploadURL = uploadURL
        self.uploadKey = uploadKey
        self.fields = fields
        self.state = state
        self.additionalProperties = additionalProperties
    }

    private static let modeledKeys: Set<String> = [
        "name", "maxFileSize", "mimes", "uploadMethod", "uploadUrl", "uploadKey", "fields", "state",
    ]

    /// Decodes the upload object; `name` is required, everything else optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        var additional = try container.unmodeledKeys(excluding: Self.modeledKeys)
        name = try container.decode(String.self, forKey: JSONKey("name"))
        maxFileSize = try container.decodeModeledKey(Int.self, "maxFileSize", additionalProperties: &additional)
        mimes = try container.decodeModeledKey([String].self, "mimes", additionalProperties: &additional)
        uploadMethod = try container.decodeModeledKey(String.self, "uploadMethod", additionalProperties: &additional)
        uploadURL = try container.decodeModeledKey(URL.self, "uploadUrl", additionalProperties: &additional)
        uploadKey = try container.decodeModeledKey(String.self, "uploadKey", additionalProperties: &additional)
        let decodedFields = try container.decodeModeledKey([Field].self, "fields", additionalProperties: &additional)
        fields = decodedFields ?? []
        encodesEmptyFields.value = decodedFields != nil
        state = try container.decodeModeledKey(FacetState.self, "state", additionalProperties: &additional)
        additionalProperties = additional
    }

    /// Encodes the upload object with all its kept keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        var writtenKeys: Set<String> = []
        try container.encodeModeledKey(name, "name", writtenKeys: &writtenKeys)
        try container.encodeModeledKey(maxFileSize, "maxFileSize", writtenKeys: &writtenKeys)
        try container.encodeModeledKey(mimes, "mimes", writtenKeys: &writtenKeys)
        try container.encodeModeledKey(uploadMethod, "uploadMethod", writtenKeys: &writtenKeys)
        try container.encodeModeledKey(uploadURL, "uploadUrl", writtenKeys: &writtenKeys)
        try container.encodeModeledKey(uploadKey, "uploadKey", writtenKeys: &writtenKeys)
        let encodesFields = !fields.isEmpty || encodesEmptyFields.value
        try container.encodeModeledKey(encodesFields ? fields : nil, "fields", writtenKeys: &writtenKeys)
        try container.encodeModeledKey(state, "state", writtenKeys: &writtenKeys)
        try container.encodeUnmodeledKeys(additionalProperties, except: writtenKeys)
    }
}
