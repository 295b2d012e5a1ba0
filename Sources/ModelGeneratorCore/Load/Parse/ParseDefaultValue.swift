import Foundation

/// Parse Server's check of a field's `defaultValue` (`SchemaController.js`, `validateSchemaData` and
/// `enforceFieldExists`): the type its `getType` finds the value to be must be the field's, a pointer's class
/// included, and a Relation has no default. A class that fails it is refused, so a default the reader keeps is one
/// the server holds, of the field's type.
///
/// A Defined Schema (Parse Server's `schema` option) reaches that check through Parse's JavaScript SDK
/// (`DefinedSchemas.js`, `handleFields`, calling `Parse.Schema`'s `addField`), which changes the default first: it
/// leaves a Relation's out, makes a Date of a Date field's (`new Date(value)`), wraps a Bytes field's as the
/// `base64` of one, and keeps a field's `targetClass` only for a Pointer or a Relation.
enum ParseDefaultValue {
    /// A type as Parse Server's schema writes it (`typeToString`): `String`, `Pointer<_User>`.
    struct FieldType {
        var type: String
        /// A pointer's or relation's class; any value a schema gives, since the server compares it as it is.
        var targetClass: SyntaxNode?

        var description: String {
            guard let targetClass, isTruthy(targetClass) else { return type }
            return "\(type)<\(text(of: targetClass))>"
        }

        /// `String` → `a String`, `Object` → `an Object`.
        var withArticle: String { (["A", "E", "I", "O", "U"].contains(type.prefix(1)) ? "an " : "a ") + description }

        /// `dbTypeMatchesObjectType`: the same type, and the same class compared as JavaScript's `!==` does.
        func matches(_ other: FieldType) -> Bool {
            type == other.type && strictlyEqual(targetClass, other.targetClass)
        }
    }

    /// What `getType` makes of a value.
    enum Reading {
        case type(FieldType)
        /// No type: `null`, and `{"__op": "Delete"}`, on which the server fails (its type is `null`).
        case noValue
        /// A `__type` without the members its kind needs, or one the server doesn't know: `This is not a valid <__type>`.
        case invalid(kind: String, needs: String?)
        /// An `__op` the server doesn't know (`unexpected op`), or one without the members `getType` reads.
        case badOperation(String)
    }

    /// The members each `__type` needs for `getObjectType` to take it as that type.
    static let requiredMembers: [String: [String]] = [
        "Pointer": ["className"], "Relation": ["className"], "File": ["name"], "Date": ["iso"],
        "GeoPoint": ["latitude", "longitude"], "Bytes": ["base64"], "Polygon": ["coordinates"],
    ]

    /// The default value a field keeps, nil after reporting one Parse Server refuses or one it holds no value of.
    /// `className` and `name` are the class's and the field's; `type` and `targetClass` the field's type, as the
    /// schema writes it, and its class (nil for a type without one); `node` the field's definition;
    /// `isDefinedSchema` when the field is a Defined Schema's, whose default Parse's JavaScript SDK changes first.
    static func checked(
        _ value: SyntaxNode,
        of name: String,
        in className: String,
        type: String,
        targetClass: String?,
        node: SyntaxNode,
        isDefinedSchema: Bool,
        _ diagnostics: inout Diagnostics
    ) -> SyntaxNode? {
        let field = "the default value of field '\(name)' of '\(className)'"
        var value = value
        var fieldType = FieldType(type: type)
        if let targetClass {
            fieldType.targetClass = SyntaxNode(.scalar(targetClass, .string), at: node.location)
        } else if !isDefinedSchema {
            // The server compares a String's `targetClass` as a pointer's, and finds none on the value.
            fieldType.targetClass = node["targetClass"]
        }
        if isDefinedSchema {
            if type == "Relation" {
                diagnostics.warning(
                    "\(field) is ignored: Parse's JavaScript SDK, which saves a Defined Schema, leaves a Relation's default out",
                    at: value.location
                )
                return nil
            }
            if (type == "Date" || type == "Bytes") && isTruthy(value) {
                guard let converted = sdkConverted(value, type: type) else {
                    diagnostics.warning(
                        "\(field) is ignored: Parse's JavaScript SDK, which saves a Defined Schema, "
                            + (type == "Date"
                                ? "makes a Date of it with new Date(…), which takes a string or a number"
                                : "wraps it as the 'base64' of a Bytes, which is a string"),
                        at: value.location,
                        hint: type == "Date"
                            ? "write the date as JavaScript's toISOString() does, \"2000-01-01T00:00:00.000Z\""
                            : "write the bytes as base64 text, \"ParseA==\""
                    )
                    return nil
                }
                value = converted
            }
        }
        let serverRefuses = "Parse Server refuses the class"
        switch reading(of: value) {
        case .noValue where type == "Relation" && !value.isNull:
            // `getType`'s `null` for a Delete is an object to `typeof`, which the server refuses for a Relation before
            // it fails on it.
            diagnostics.error(
                "\(field) is the operation Delete, but the field is \(fieldType.withArticle), which can't have a default value",
                at: value.location,
                hint: "\(serverRefuses): \"The 'default value' option is not applicable for \(fieldType.description)\""
            )
            return nil
        case .noValue:
            diagnostics.warning(
                "\(field) is \(value.isNull ? "null" : "the operation Delete"), which is no value: Parse Server fails on it, and the field has no default here",
                at: value.location,
                hint: "leave 'defaultValue' out"
            )
            return nil
        case .invalid(let kind, let needs):
            let what =
                needs.map { "is no valid \(kind), which needs \($0)" }
                ?? "has the '__type' \(kind), which Parse Server doesn't know"
            diagnostics.error(
                "\(field) \(what); the field is \(fieldType.withArticle)",
                at: value.location,
                hint: "\(serverRefuses): \"This is not a valid \(kind)\""
            )
            return nil
        case .badOperation(let operation):
            diagnostics.error(
                "\(field) is the operation \(operation), which is no value Parse Server can store; the field is \(fieldType.withArticle)",
                at: value.location,
                hint: "\(serverRefuses): a default is a value, not an '__op'"
            )
            return nil
        case .type(let found) where type == "Relation":
            // `getType` of a pointer or relation is an object: the server says so; of anything else, a mismatch.
            let serverSays =
                found.type == "Pointer" || found.type == "Relation"
                ? "The 'default value' option is not applicable for \(fieldType.description)"
                : mismatch(className, name, fieldType, found)
            diagnostics.error(
                "\(field) is \(found.withArticle), but the field is \(fieldType.withArticle), which can't have a default value",
                at: value.location,
                hint: "\(serverRefuses): \"\(serverSays)\""
            )
            return nil
        case .type(let found):
            guard fieldType.matches(found) else {
                let targetClassOfNoPointer =
                    fieldType.targetClass != nil && targetClass == nil
                    ? " (it compares the field's 'targetClass' too, which only a Pointer or a Relation has)" : ""
                diagnostics.error(
                    "\(field) is \(found.withArticle), but the field is \(fieldType.withArticle)",
                    at: value.location,
                    hint:
                        "\(serverRefuses)\(targetClassOfNoPointer): \"\(mismatch(className, name, fieldType, found))\""
                )
                return nil
            }
            return value
        }
    }

    /// Parse Server's words for a default of another type.
    private static func mismatch(
        _ className: String,
        _ name: String,
        _ expected: FieldType,
        _ found: FieldType
    )
        -> String
    {
        "schema mismatch for \(className).\(name) default value; expected \(expected.description) but got \(found.description)"
    }

    /// What `getType` makes of a value: a JSON scalar is a Boolean, a String or a Number, the rest is
    /// `getObjectType`'s.
    static func reading(of value: SyntaxNode) -> Reading {
        switch value.value {
        case .scalar(_, .bool): .type(FieldType(type: "Boolean"))
        case .scalar(_, .string): .type(FieldType(type: "String"))
        case .scalar(_, .int), .scalar(_, .double): .type(FieldType(type: "Number"))
        case .scalar(_, .null): .noValue
        case .sequence, .mapping: objectReading(of: value)
        }
    }

    /// `getObjectType`: a list is an Array; a mapping is what its `__type` says, else what its `$ne` is, else what its
    /// `__op` makes, else an Object. It reads `$ne` and a batch's first operation with itself, where a scalar (which
    /// has none of those members) is an Object. Each step goes one level into the value, which the parser bounds.
    private static func objectReading(of value: SyntaxNode) -> Reading {
        if value.elements != nil { return .type(FieldType(type: "Array")) }
        guard value.entries != nil else { return .type(FieldType(type: "Object")) }
        if let kindNode = value["__type"], isTruthy(kindNode) {
            let kind = text(of: kindNode)
            guard kindNode.isString, let members = requiredMembers[kind] else {
                return .invalid(kind: kind, needs: nil)
            }
            let present = members.allSatisfy { member in
                guard let memberValue = value[member] else { return false }
                // A GeoPoint's coordinates only need to be there (`!= null`), where the others need a true value.
                return kind == "GeoPoint" ? !memberValue.isNull : isTruthy(memberValue)
            }
            guard present else {
                return .invalid(kind: kind, needs: members.map { "its '\($0)'" }.joined(separator: " and "))
            }
            let isToClass = kind == "Pointer" || kind == "Relation"
            return .type(FieldType(type: kind, targetClass: isToClass ? value["className"] : nil))
        }
        if let unequal = value["$ne"], isTruthy(unequal) { return objectReading(of: unequal) }
        guard let operationNode = value["__op"], isTruthy(operationNode) else {
            return .type(FieldType(type: "Object"))
        }
        let operation = text(of: operationNode)
        switch operationNode.isString ? operation : "" {
        case "Increment": return .type(FieldType(type: "Number"))
        case "Delete": return .noValue
        case "Add", "AddUnique", "Remove": return .type(FieldType(type: "Array"))
        case "AddRelation", "RemoveRelation":
            // The class of its first object, without which the server fails.
            guard let first = value["objects"]?.elements?.first else {
                return .badOperation("\(operation) without 'objects'")
            }
            return .type(FieldType(type: "Relation", targetClass: first.entries != nil ? first["className"] : nil))
        case "Batch":
            // Its first operation, without which, or with null for which, the server fails.
            guard let first = value["ops"]?.elements?.first, !first.isNull else {
                return .badOperation("Batch without a first operation")
            }
            return objectReading(of: first)
        default: return .badOperation(operation)
        }
    }

    /// The default a Defined Schema's Date or Bytes field gets from Parse's JavaScript SDK, nil for one the generator
    /// can't tell: a Date's ISO 8601 text as JavaScript's `toISOString()` writes it (which `new Date(…)` reads back
    /// to itself), a Bytes' text.
    private static func sdkConverted(_ value: SyntaxNode, type: String) -> SyntaxNode? {
        guard case .scalar(let text, .string) = value.value else { return nil }
        if type == "Date" {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            formatter.timeZone = TimeZone(identifier: "UTC")
            guard text.count == 24, text.hasSuffix("Z"), let date = formatter.date(from: text),
                formatter.string(from: date) == text
            else { return nil }
        }
        let key = type == "Date" ? "iso" : "base64"
        func scalar(_ text: String) -> SyntaxNode { SyntaxNode(.scalar(text, .string), at: value.location) }
        return SyntaxNode(
            .mapping([
                SyntaxNode.Entry(key: scalar("__type"), value: scalar(type)),
                SyntaxNode.Entry(key: scalar(key), value: value),
            ]),
            at: value.location
        )
    }

    /// Whether JavaScript takes the value as true in a condition (`if (obj.iso)`): all but `false`, `0`, `""` and
    /// `null`. An empty list or mapping is true.
    static func isTruthy(_ node: SyntaxNode) -> Bool {
        switch node.value {
        case .scalar(_, .null): false
        case .scalar(let text, .string): !text.isEmpty
        case .scalar(let text, .bool): JSONLiteral.bool(text) == "true"
        case .scalar(let text, .int), .scalar(let text, .double):
            JSONLiteral.number(text).flatMap(Double.init).map { $0 != 0 } ?? !text.lowercased().hasSuffix("nan")
        case .sequence, .mapping: true
        }
    }

    /// JavaScript's `===` of two JSON values, nil being `undefined`: scalars of one kind and value; a list or a
    /// mapping is never equal to another.
    static func strictlyEqual(_ left: SyntaxNode?, _ right: SyntaxNode?) -> Bool {
        switch (left?.value, right?.value) {
        case (nil, nil): true
        case (.scalar(let a, .string)?, .scalar(let b, .string)?): a == b
        case (.scalar(_, .null)?, .scalar(_, .null)?): true
        case (.scalar(let a, .bool)?, .scalar(let b, .bool)?): JSONLiteral.bool(a) == JSONLiteral.bool(b)
        case (.scalar(let a, let aKind)?, .scalar(let b, let bKind)?)
        where (aKind == .int || aKind == .double) && (bKind == .int || bKind == .double):
            // A number JSON has none of (`.nan`, a malformed base 60) equals nothing, as `NaN === NaN` is false.
            JSONLiteral.number(a).flatMap(Double.init).map { JSONLiteral.number(b).flatMap(Double.init) == $0 } ?? false
        default: false
        }
    }

    /// A value as a message shows it: a string's text, anything else as JSON.
    static func text(of node: SyntaxNode) -> String {
        if case .scalar(let text, .string) = node.value { return text }
        return JSONLiteral.json(node)
    }
}
