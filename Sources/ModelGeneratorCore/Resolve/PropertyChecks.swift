/// Checks that catch a typo before it silently changes a generated type: a validator name Cortex doesn't have (a
/// misspelled `stringEnum` would make an enum a plain `String`), and a flag set on a type it means nothing for
/// (`integer: true` on a String).
enum PropertyChecks {
    /// Cortex's validators, and the ones the generator reads (`required`, `string`, `stringEnum`, `number`).
    static let validatorNames = [
        "required", "string", "stringEnum", "number", "numberEnum", "date", "dateEnum", "email", "url", "hostname",
        "locale", "pattern", "phoneNumber", "printableString", "customName", "timeZone", "dotPath", "uniqueInArray",
        "options", "expression", "adhoc", "json",
    ]

    /// Flags that mean something for one property type only, and that type.
    static let typedFlags: [(flag: String, type: String)] = [
        ("integer", "Number"), ("dateOnly", "Date"), ("expandable", "Reference"),
    ]

    /// Checks `definition`; `addressesItsKey` says whether the output addresses the property by its key in queries or
    /// updates (the config generates `queries` or `bodies`), where a key that reads as an operator or a path misleads.
    static func check(_ definition: PropertyDefinition, addressesItsKey: Bool, _ diagnostics: inout Diagnostics) {
        let name = definition.name.value
        if addressesItsKey { checkWireName(definition, &diagnostics) }
        for validator in definition.validators where !validatorNames.contains(validator.name.value) {
            diagnostics.error(
                "unknown validator '\(validator.name.value)' on '\(name)'",
                at: validator.name.location,
                hint: Suggestion.hint(for: validator.name.value, in: validatorNames)
                    ?? "Cortex's validators are \(validatorNames.joined(separator: ", "))"
            )
        }
        let type = definition.type.value
        for (flag, flagType) in typedFlags where type != flagType {
            guard let location = definition.flagLocations[flag] else { continue }
            diagnostics.error(
                "'\(flag): true' only applies to \(flagType) properties; '\(name)' is a \(type)",
                at: location,
                hint: "remove '\(flag)', or make '\(name)' a \(flagType)"
            )
        }
    }

    /// A name the backends' query and update languages read as something else than one key: one that starts with `$`
    /// is an operator there (a filter on `$where` would send JavaScript for the server to run), and a `.` makes a
    /// path into a document (`a.b` is `b` inside `a`), so filters and updates of the property would address another
    /// value. A warning, not an error: a model still decodes and encodes the key as it is. Parse's and Cortex's own
    /// names allow neither.
    private static func checkWireName(_ definition: PropertyDefinition, _ diagnostics: inout Diagnostics) {
        let name = definition.name.value
        let reading =
            if name.hasPrefix("$") {
                "starts with '$', which queries and updates read as an operator"
            } else if name.contains(".") {
                "holds '.', which queries and updates read as a path into a document"
            } else {
                nil as String?
            }
        guard let reading else { return }
        diagnostics.warning(
            "property '\(name)' \(reading): its query field and updates address another value than its key",
            at: definition.name.location,
            hint: "give the field a name of letters, digits and '_' in the backend's schema"
        )
    }
}
