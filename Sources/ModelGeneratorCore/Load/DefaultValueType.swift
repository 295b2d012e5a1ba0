extension PropertyDefinition {
    /// What JSON a value of the property's type is, as a message says it (`a string`, `a list of whole numbers`), for
    /// the types whose values JSON holds in one way; nil for the rest (Any, references, files, geometry), whose
    /// defaults are not checked.
    var valueKind: String? {
        let element: (one: String, many: String)
        switch type.value {
        case "String", "ObjectId", "UUID", "Date": element = ("a string", "strings")
        case "Number": element = isInteger ? ("a whole number", "whole numbers") : ("a number", "numbers")
        case "Boolean", "Bool": element = ("a boolean", "booleans")
        case "Document": element = ("a mapping", "mappings")
        default: return nil
        }
        return isArray ? "a list of \(element.many)" : element.one
    }

    /// What of `value` is no value of the property's type: the value, or for an array property given a list, its
    /// first element that is none; nil when it is one, and for a type ``valueKind`` doesn't describe. An array
    /// property takes one element too, as Cortex's static default of a String array does (`"email"`) and the CRUD
    /// service's Ajv, which makes an array of it.
    func partOutsideType(of value: SyntaxNode) -> SyntaxNode? {
        guard valueKind != nil else { return nil }
        func isElement(_ node: SyntaxNode) -> Bool {
            switch (type.value, node.value) {
            case ("String", .scalar(_, .string)), ("ObjectId", .scalar(_, .string)), ("UUID", .scalar(_, .string)),
                ("Date", .scalar(_, .string)), ("Boolean", .scalar(_, .bool)), ("Bool", .scalar(_, .bool)),
                ("Document", .mapping):
                true
            case ("Number", .scalar(let text, .int)), ("Number", .scalar(let text, .double)):
                !isInteger || JSONLiteral.number(text).flatMap(Double.init).map { $0 == $0.rounded() } == true
            default: false
            }
        }
        guard isArray, let elements = value.elements else { return isElement(value) ? nil : value }
        return elements.first { !isElement($0) }
    }
}

extension NodeReader {
    /// Keeps the property's default value when it is a value of the property's type; otherwise warns at it, with
    /// `hint`, and the property has no default. For backends that load a schema whatever its defaults are, where a
    /// default of another type is no value the server holds for the property: without it, a create sends the
    /// property itself.
    mutating func checkDefaultValue(of property: inout PropertyDefinition, hint: String) {
        guard case .value(let value)? = property.serverDefault, let outside = property.partOutsideType(of: value),
            let expected = property.valueKind
        else { return }
        let isElement = property.isArray && value.elements != nil
        let found = isElement ? "a list holding \(outside.kindDescription)" : value.kindDescription
        diagnostics.warning(
            "the default value of '\(property.name.value)' is \(found), where \(expected) is expected; it is ignored",
            at: value.location,
            hint: hint
        )
        property.serverDefault = nil
    }
}
