/// `text` in double quotes for an error message, cut to its first 64 characters when longer (with its length
/// given), so a hostile megabyte-long value can't make a megabyte-long message, and with what a terminal or a log
/// would act on written out: a quote and a backslash escaped, a line break, a tab, any other control character and
/// the bidirectional controls as escapes (`\n`, `\u{1b}`, `\u{202e}`), so a server's or an app's value can't end the
/// quote, forge a log line, color a terminal or reorder the text around it.
func quotedForMessage(_ text: String) -> String {
    let limit = 64
    let cut = text.utf8.count > limit && text.count > limit
    var quoted = "\""
    for scalar in (cut ? text.prefix(limit) : text[...]).unicodeScalars {
        switch scalar {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        case "\n": quoted += "\\n"
        case "\r": quoted += "\\r"
        case "\t": quoted += "\\t"
        default:
            if scalar.properties.generalCategory == .control || isBidirectionalControl(scalar) {
                quoted += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                quoted.unicodeScalars.append(scalar)
            }
        }
    }
    return cut ? quoted + "…\" (\(text.count) characters)" : quoted + "\""
}

/// Whether `scalar` is one of Unicode's bidirectional formatting characters (marks, embeddings, overrides and
/// isolates), which reorder the text displayed around them.
private func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}
