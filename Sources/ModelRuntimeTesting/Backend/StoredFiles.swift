import Foundation
import ModelRuntime

/// A file's bytes as an in-memory backend stored them from an upload.
public struct StoredFile: Sendable, Hashable {
    /// Where the backend serves it below its base URL: a Cortex facet's path (`/c_offices/<id>/c_logo/content`), or
    /// Parse's `/files/<stored name>`.
    public var path: String
    /// The `Content-Type` it was uploaded with.
    public var mime: String
    /// The bytes.
    public var data: Data
}

/// The parts of a `multipart/form-data` body, as storage reads a form upload: each part's name, file name,
/// `Content-Type` and bytes. One pass over the body.
enum MultipartForm {
    struct Part {
        var name: String
        var fileName: String?
        var mime: String?
        var data: Data
    }

    static func parts(of body: Data, contentType: String) throws -> [Part] {
        guard let range = contentType.range(of: "boundary=") else {
            throw BackendFault.invalid("a form upload's Content-Type names its boundary")
        }
        var boundary = String(contentType[range.upperBound...].prefix { $0 != ";" })
        if boundary.hasPrefix("\""), boundary.hasSuffix("\""), boundary.count >= 2 {
            boundary = String(boundary.dropFirst().dropLast())
        }
        let delimiter = Data("--\(boundary)".utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        var parts: [Part] = []
        guard var start = body.range(of: delimiter)?.upperBound else {
            throw BackendFault.invalid("the form upload has no part")
        }
        while let next = body.range(of: delimiter, in: start..<body.endIndex) {
            var content = body[start..<next.lowerBound]
            // Each part starts after the delimiter's line break and ends before the next delimiter's.
            if content.starts(with: Data("\r\n".utf8)) { content = content.dropFirst(2) }
            if content.suffix(2) == Data("\r\n".utf8) { content = content.dropLast(2) }
            guard let split = content.range(of: headerEnd) else {
                throw BackendFault.invalid("a part of the form upload has no headers")
            }
            let headers = String(decoding: content[content.startIndex..<split.lowerBound], as: UTF8.self)
            var part = Part(name: "", data: Data(content[split.upperBound...]))
            for line in headers.components(separatedBy: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-type:") {
                    part.mime = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
                } else if lower.hasPrefix("content-disposition:") {
                    part.name = parameter("name", in: line) ?? ""
                    part.fileName = parameter("filename", in: line)
                }
            }
            parts.append(part)
            start = next.upperBound
            if body[start...].starts(with: Data("--".utf8)) { break }
        }
        return parts
    }

    /// `name="value"` of a header line.
    private static func parameter(_ name: String, in line: String) -> String? {
        for piece in line.split(separator: ";") {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix(name + "=") else { continue }
            var value = String(trimmed.dropFirst(name.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }
}
