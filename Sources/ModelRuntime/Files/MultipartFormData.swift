import Foundation

/// A `multipart/form-data` body as storage services take uploads: every field first, the file last.
public struct MultipartFormData: Sendable, Hashable {
    public var boundary: String
    public private(set) var body = Data()

    public init(boundary: String = "model-generator-" + UUID().uuidString) {
        self.boundary = boundary
    }

    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    public mutating func addField(name: String, value: String) {
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n".utf8))
        body.append(Data(value.utf8))
        body.append(Data("\r\n".utf8))
    }

    public mutating func addFile(name: String, fileName: String, mime: String, data: Data) {
        body.append(
            Data(
                ("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"; "
                    + "filename=\"\(Self.quoted(fileName))\"\r\nContent-Type: \(mime)\r\n\r\n").utf8
            )
        )
        body.append(data)
        body.append(Data("\r\n".utf8))
    }

    /// The body with its closing boundary.
    public var encoded: Data {
        body + Data("--\(boundary)--\r\n".utf8)
    }

    /// A name inside a quoted header parameter: quotes and backslashes escaped as quoted strings do it, and line
    /// breaks, which would end the header, percent-encoded as browsers send them.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }
}
