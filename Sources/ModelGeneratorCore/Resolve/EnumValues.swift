/// The values of a string enum (a Cortex `stringEnum` validator's `values`, a Mia-Platform field's or JSON Schema's
/// `enum`) as the backend reads them: the strings are the enum's cases, and any other value is left out, as no
/// String property can ever hold it.
enum EnumValues {
    /// The text of `node` when it is a string: in a JSON file, a JSON string; in a YAML file, a scalar that YAML
    /// 1.2's core schema reads as a string: the YAML parser here reads `yes`, `on` and `12:30` as YAML 1.1's
    /// booleans and numbers, and they are text. (js-yaml, mdctl's YAML parser, reads the core schema too, and a few
    /// more number forms, `0b11` and `1_000`, which stay text here.) Nil for a number, a boolean, null, a list or a
    /// mapping.
    static func string(_ node: SyntaxNode) -> String? {
        guard case .scalar(let text, let kind) = node.value else { return nil }
        if kind == .string { return text }
        if DocumentParser.isJSON(file: node.location.file) || isCoreSchemaNonString(text) { return nil }
        return text
    }

    /// The warning's message for `node`, a value that is no string, in the enum of `property`.
    static func leftOut(_ node: SyntaxNode, of property: String) -> String {
        let value = node.scalarText.map { "the enum value \($0.isEmpty ? "null" : $0)" } ?? "an enum value"
        return "\(value) of '\(property)' is \(node.kindDescription), not a string: it is left out of the enum"
    }

    /// Whether YAML 1.2's core schema reads the plain scalar `text` as null, a boolean, an integer or a float.
    static func isCoreSchemaNonString(_ text: String) -> Bool {
        let words: Set<String> = [
            "", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", ".nan", ".NaN", ".NAN",
        ]
        if words.contains(text) { return true }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let isOctal = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte) }
        let isHex = { (byte: UInt8) in
            isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
        }
        let bytes = Array(text.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "o") { return bytes.dropFirst(2).allSatisfy(isOctal) }
            if bytes[1] == UInt8(ascii: "x") { return bytes.dropFirst(2).allSatisfy(isHex) }
        }
        // [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?, and [-+]?\.(inf|Inf|INF)
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        if [".inf", ".Inf", ".INF"].contains(String(decoding: bytes[index...], as: UTF8.self)) { return true }
        func digits() -> Int {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return index - start
        }
        let integerDigits = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0, integerDigits == 0 { return false }
        } else if integerDigits == 0 {
            return false
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            if digits() == 0 { return false }
        }
        return index == bytes.count
    }
}
