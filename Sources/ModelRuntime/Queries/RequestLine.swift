import Foundation

extension RenderedRequest: CustomStringConvertible {
    /// The request as a person reads it: `GET /c_books?where={"c_title":"Dune"}&limit=20`, with the query string
    /// left unencoded, and a JSON body after a space (`PUT /c_books/5a2f… {"c_title":"Dune"}`). For logs and
    /// `print`; ``url(relativeTo:)`` is what goes on the wire. A control character or a bidirectional control in a
    /// user's value is written as an escape (`\u{1b}`), so a logged request can't color a terminal, forge the next
    /// log line or reorder the text around it.
    public var description: String {
        var line = "\(method) \(path)"
        if !queryItems.isEmpty {
            line += "?" + queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        }
        if let body { line += " " + body.serialized }
        return escapedForMessage(line, limit: nil)
    }
}
