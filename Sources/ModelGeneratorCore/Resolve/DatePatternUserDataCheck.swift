/// Checks the user data of ModelRuntime's date pattern formatters (`DatePatternFormatter`,
/// `RestKitPatternDateFormatter`) when generating, where a mistake has a line: otherwise the model would fail on the
/// first date it decodes, and a misspelled `writeFormat` would quietly write dates in the reading pattern.
enum DatePatternUserDataCheck {
    /// The formatters whose `UserData` is `DatePatternFormatter.UserData`.
    static let formatterNames: Set<String> = ["DatePatternFormatter", "RestKitPatternDateFormatter"]
    /// Its keys: the patterns are text, the time zone a name.
    static let keys = ["format", "writeFormat", "timeZone"]

    /// Checks `userData` (nil when the mapping gives none) of `property`, whose formatter is `formatter`.
    static func check(
        _ userData: SyntaxNode?,
        of property: String,
        formatter: Located<String>,
        _ diagnostics: inout Diagnostics
    ) {
        guard formatterNames.contains(formatter.value) else { return }
        guard let userData, !userData.isNull else {
            diagnostics.error(
                "'\(property)' names \(formatter.value) without user data, which says the pattern its dates come in",
                at: formatter.location,
                hint:
                    "add 'userData: { format: \"…\" }' with the DateFormatter pattern, such as \"yyyy-MM-dd HH:mm:ss\""
            )
            return
        }
        var reader = NodeReader()
        defer { diagnostics.append(contentsOf: reader.diagnostics) }
        guard let entries = reader.mapping(userData, "the user data of '\(property)'") else { return }
        reader.checkKeys(entries, known: keys, in: "the user data of \(formatter.value)", severity: .error)
        if !entries.contains(where: { $0.name == "format" }) {
            reader.diagnostics.error(
                "the user data of '\(property)' has no 'format', the pattern \(formatter.value) reads dates in",
                at: userData.location,
                hint: "add 'format: \"…\"' with the DateFormatter pattern, such as \"yyyy-MM-dd HH:mm:ss\""
            )
        }
        // `null` is an absent key, as the runtime decodes `writeFormat` and `timeZone`; `format` must be there.
        for entry in entries where !(entry.value.isNull && entry.name != "format") {
            switch entry.name {
            case "format", "writeFormat": checkPattern(entry, of: property, &reader.diagnostics)
            case "timeZone" where !entry.value.isString:
                reader.diagnostics.error(
                    "'timeZone' in the user data of '\(property)' must be a time zone's name, found \(entry.value.kindDescription)",
                    at: entry.value.location,
                    hint: "write a name such as \"Europe/Paris\" or \"UTC\""
                )
            default: break
            }
        }
    }

    /// A pattern is text with at least one date field: one without writes every date as the same text, or reads none.
    private static func checkPattern(_ entry: SyntaxNode.Entry, of property: String, _ diagnostics: inout Diagnostics) {
        let key = entry.name
        guard case .scalar(let text, .string) = entry.value.value else {
            diagnostics.error(
                "'\(key)' in the user data of '\(property)' must be a date pattern, found \(entry.value.kindDescription)",
                at: entry.value.location,
                hint: "write the DateFormatter pattern in quotes, such as \(key): \"yyyy-MM-dd HH:mm:ss\""
            )
            return
        }
        guard DatePattern(format: text, timeZone: nil, location: entry.value.location).fields.isEmpty else { return }
        let consequence =
            key == "format"
            ? "no text reads as a date in it"
            : "every date would be written as '\(text)'"
        diagnostics.error(
            "'\(key)' in the user data of '\(property)' has no date field (such as yyyy, MM or dd), so \(consequence)",
            at: entry.value.location,
            hint: key == "format"
                ? "write the DateFormatter pattern the dates come in, such as \"yyyy-MM-dd HH:mm:ss\""
                : "write the DateFormatter pattern the server is sent, or remove 'writeFormat' to write dates in 'format'"
        )
    }
}
