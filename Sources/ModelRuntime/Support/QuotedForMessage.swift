/// `text` in double quotes for an error message, cut to its first `limit` characters when longer (with its length
/// given), so a hostile megabyte-long value can't make a megabyte-long message, and with what a terminal or a log
/// would act on written out: a quote and a backslash escaped, a line break, a tab, any other control character and
/// the bidirectional controls as escapes (`\n`, `\u{1b}`, `\u{202e}`), so a server's or an app's value can't end the
/// quote, forge a log line, color a terminal or reorder the text around it.
package func quotedForMessage(_ text: String, limit: Int = 64) -> String {
    var quoted = "\""
    let cut = appendEscaped(text, limit: limit, to: &quoted) { $0 == "\"" || $0 == "\\" }
    return quoted + (cut.map { "…\" (\($0) characters)" } ?? "\"")
}

/// `text` for a message that gives it unquoted (a server's error message after `HTTP 404:`, a request line), cut as
/// ``quotedForMessage(_:limit:)`` cuts it when `limit` isn't `nil`, with the same escapes but for quotes, and for
/// backslashes unless `escapingBackslashes`: a request line's JSON keeps its own escapes as they are.
package func escapedForMessage(_ text: String, limit: Int? = 64, escapingBackslashes: Bool = true) -> String {
    var escaped = ""
    let cut = appendEscaped(text, limit: limit, to: &escaped) { escapingBackslashes && $0 == "\\" }
    return escaped + (cut.map { "… (\($0) characters)" } ?? "")
}

/// Appends `text`, its first `limit` characters when it has more, to `output` with the escapes above and a backslash
/// before each scalar `needsBackslash` picks; returns `text`'s length in characters when it was cut.
private func appendEscaped(
    _ text: String,
    limit: Int?,
    to output: inout String,
    needsBackslash: (Unicode.Scalar) -> Bool
) -> Int? {
    // Counting characters costs the text's length: only a text that may be too long is counted.
    var cutLength: Int?
    if let limit, text.utf8.count > limit {
        let length = text.count
        if length > limit { cutLength = length }
    }
    let shown = cutLength == nil ? text[...] : text.prefix(limit ?? 0)
    for scalar in shown.unicodeScalars {
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
    return cutLength
}

/// Whether `scalar` is one of Unicode's bidirectional formatting characters (marks, embeddings, overrides and
/// isolates), which reorder the text displayed around them.
private func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}
