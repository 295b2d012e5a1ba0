/// `text` in double quotes for an error message, cut to its first `limit` Unicode scalars when longer (with its length
/// given), so a hostile megabyte-long value can't make a megabyte-long message, and with what a terminal or a log
/// would act on written out: a quote and a backslash escaped, a line break, a tab, any other control character and
/// the bidirectional controls as escapes (`\n`, `\u{1b}`, `\u{202e}`), so a server's or an app's value can't end the
/// quote, forge a log line, color a terminal or reorder the text around it.
package func quotedForMessage(_ text: String, limit: Int = 64) -> String {
    var quoted = "\""
    let length = appendEscaped(text, limit: limit, to: &quoted) { $0 == "\"" || $0 == "\\" }
    return quoted + (length.map { "…\" (\($0) characters)" } ?? "\"")
}

/// `text` for a message that gives it unquoted (a server's error message after `HTTP 404:`, a request line, a whole
/// description), cut as ``quotedForMessage(_:limit:)`` cuts it when `limit` isn't `nil`, with its control and
/// bidirectional characters written as the same escapes. Quotes and backslashes stay as they are, so text that
/// already holds escapes (a server's JSON, a message made with ``quotedForMessage(_:limit:)``) reads as it did:
/// escaping it again changes nothing.
package func escapedForMessage(_ text: String, limit: Int? = 64) -> String {
    var escaped = ""
    let length = appendEscaped(text, limit: limit, to: &escaped) { _ in false }
    return escaped + (length.map { "… (\($0) characters)" } ?? "")
}

/// Appends `text`, its first `limit` Unicode scalars when it has more, to `output` with the escapes above and a
/// backslash before each scalar `needsBackslash` picks; returns `text`'s length in scalars when it was cut. The cut
/// counts scalars, not characters: one character can hold any number of combining marks.
private func appendEscaped(
    _ text: String,
    limit: Int?,
    to output: inout String,
    needsBackslash: (Unicode.Scalar) -> Bool
) -> Int? {
    var written = 0
    for scalar in text.unicodeScalars {
        if let limit, written == limit {
            // Counting costs the text's length: only a text that is too long is counted.
            return text.unicodeScalars.count
        }
        written += 1
        switch scalar {
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        default:
            if needsBackslash(scalar) {
                output += "\\"
                output.unicodeScalars.append(scalar)
            } else if scalar.properties.generalCategory == .control || isBidirectionalControl(scalar) {
                output += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
    }
    return nil
}

/// Whether `scalar` is one of Unicode's bidirectional formatting characters (marks, embeddings, overrides and
/// isolates), which reorder the text displayed around them.
private func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}
