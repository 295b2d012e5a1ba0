import Foundation
import ModelRuntime

/// A `multipart/form-data` body as storage services take uploads: every field first, the file last.
public struct MultipartFormData: Sendable, Hashable {
    /// The string that separates the parts; random unless given.
    public var boundary: String
    /// The parts added so far, without the closing boundary; send ``encoded``.
    public private(set) var body = Data()

    /// An empty form, with a random boundary unless one is given.
    public init(boundary: String = "model-generator-" + UUID().uuidString) {
        self.boundary = boundary
    }

    /// The `Content-Type` header's value, which names the boundary.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Adds a text field; storage services want these before the file.
    public mutating func addField(name: String, value: String) {
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n".utf8))
        body.append(Data(value.utf8))
        body.append(Data("\r\n".utf8))
    }

    /// Adds a file under the field `name`, announced as `fileName` of type `mime`, and returns where its bytes lie
    /// in the body (the same offsets in ``encoded``), so that progress can count the file's bytes alone.
    @discardableResult
    public mutating func addFile(name: String, fileName: String, mime: String, data: Data) -> Range<Int> {
        body.append(
            Data(
                ("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"; "
                    + "filename=\"\(Self.quoted(fileName))\"\r\nContent-Type: \(mime)\r\n\r\n").utf8
            )
        )
        let start = body.count
        body.append(data)
        body.append(Data("\r\n".utf8))
        return start..<start + data.count
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
