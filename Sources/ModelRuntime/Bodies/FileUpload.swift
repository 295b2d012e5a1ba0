import Foundation

/// A file to upload into a File property: named facets, each with its bytes and mime type.
///
/// ```swift
/// var create = Clinic.Create(name: "Northside")
/// create.logo = FileUpload(facets: ["content": .init(data: png, mime: "image/png")])
/// ```
public struct FileUpload: Sendable, Hashable {
    /// One facet's upload: its bytes, its mime type and, optionally, the file name to announce.
    public struct Facet: Sendable, Hashable {
        /// The facet's bytes.
        public var data: Data
        /// The mime type, such as `image/jpeg`, checked against the schema's processors before anything is sent.
        public var mime: String
        /// The file name sent to the server; made from the facet's name and mime type when not given.
        public var fileName: String?

        /// A facet; without a `mime`, the type comes from `fileName`'s extension.
        public init(data: Data, mime: String? = nil, fileName: String? = nil) {
            self.data = data
            self.mime = mime ?? fileName.flatMap(MimeTypes.type(forFileName:)) ?? "application/octet-stream"
            self.fileName = fileName
        }
    }

    /// Facet name → facet, such as `content` or `c_original`.
    public var facets: [String: Facet]

    /// A file of these facets, by facet name.
    public init(facets: [String: Facet]) {
        self.facets = facets
    }

    /// The facets in name order, so bodies and uploads are deterministic.
    public var orderedFacets: [(name: String, facet: Facet)] {
        facets.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The name a facet is announced under: its own, or `<facet>.<extension of its mime>`.
    public func fileName(ofFacet name: String) -> String {
        guard let facet = facets[name] else { return name }
        return facet.fileName ?? name + "." + MimeTypes.fileExtension(for: facet.mime)
    }
}

/// The common mime types by file extension, for facets given without a type.
public enum MimeTypes {
    static let byExtension: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "heic": "image/heic",
        "webp": "image/webp", "pdf": "application/pdf", "json": "application/json", "txt": "text/plain",
        "csv": "text/csv", "mp4": "video/mp4", "mov": "video/quicktime", "mp3": "audio/mpeg", "m4a": "audio/mp4",
        "wav": "audio/wav", "zip": "application/zip", "svg": "image/svg+xml", "html": "text/html",
    ]

    /// The mime type of a file name's extension, whatever its case (`IMG_1399.JPG` is `image/jpeg`); `nil` for an
    /// extension not in the list.
    public static func type(forFileName name: String) -> String? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return byExtension[name[name.index(after: dot)...].lowercased()]
    }

    /// The file extension of a mime type (`jpg` for `image/jpeg`); `bin` for a type not in the list.
    public static func fileExtension(for mime: String) -> String {
        if mime == "image/jpeg" { return "jpg" }
        return byExtension.filter { $0.value == mime }.keys.sorted().first ?? "bin"
    }
}
