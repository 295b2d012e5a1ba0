import Foundation
import ModelRuntime

// What crud-service's JSON Schemas of a collection say that a generated model doesn't: which fields take `null`, and
// what a Document must and may hold. `generate: [testing]` lists them in each `Create` (`nullableMembers`,
// `requiredDocumentMembers`, `closedDocuments`); without a registered `Create` that lists them, a `null` is stored as
// sent and a Document is taken as the model reads it.

extension MiaBackend {
    // MARK: Nulls

    /// `value`, which a write sends for `field` (a dotted path, an array's element by its index) and Fastify points at
    /// by `pointer`, with each `null` the collection's schema takes for no value of its own coerced as Fastify's Ajv
    /// coerces it (`coerceTypes: true`, crud-service `lib/validatorGetters.js`, `getAjvValidator`): a field that isn't
    /// `nullable` is a type, and `null` is its type's empty value (`tests/httpInterface.postList.test.js`, "allow
    /// nullable field": a `null` `price` is stored as 0). Text and a boolean take `""` and `false`; a date's and an
    /// ObjectId's `""` then fails the pattern of their schemas; an object and an array (a GeoPoint, a JSON Schema
    /// array) take none. Inside a Document and each element of an array, each member is its own field
    /// (`metadata.somethingNumber`). `ofElements` when `value` is one element of the array at `field` (`$push`'s).
    /// Each field's kind is the registered model's, read in `document` when given (see
    /// ``BackendState/fieldKind(at:in:reading:)``); a field of no known kind inside a Document keeps its `null`.
    static func coercingNulls(
        _ value: JSONValue,
        at field: String,
        pointer: String,
        ofElements: Bool = false,
        of collection: String,
        _ state: BackendState,
        reading document: JSONValue?
    ) throws -> JSONValue {
        guard let nullable = state.models[collection]?.createRules.nullableMembers else { return value }
        let parts = try checkedSegments(field)
        // An element by its index (`metadata.somethingArrayOfNumbers.0`) is one of the array's elements.
        let isElement = ofElements || parts.last.map { Int($0) != nil } ?? false
        let path = parts.filter { Int($0) == nil }
        let modeled = state.models[collection]?.modeledKeys ?? []

        func kind(at path: [String], ofElements: Bool) -> FieldKind? {
            let key = path.joined(separator: ".")
            return ofElements
                ? state.elementKind(at: key, in: collection, reading: document)
                : state.fieldKind(at: key, in: collection, reading: document)
        }

        func walk(_ value: JSONValue, _ path: [String], _ pointer: String, ofElements: Bool) throws -> JSONValue {
            switch value {
            case .null:
                if nullable.contains(path.joined(separator: ".")) { return .null }
                let topLevel = path.count == 1 && !ofElements && modeled.contains(path[0])
                return try emptyValue(
                    of: kind(at: path, ofElements: ofElements),
                    elements: kind(at: path, ofElements: true),
                    at: pointer,
                    topLevel: topLevel
                )
            case .object(let members):
                // A Document's members are fields of their own; an object of no known kind is free-form.
                guard kind(at: path, ofElements: ofElements) == .other else { return value }
                var coerced = members
                for (name, member) in members {
                    coerced[name] = try walk(member, path + [name], "\(pointer)/\(name)", ofElements: false)
                }
                return .object(coerced)
            case .array(let elements):
                guard !ofElements, kind(at: path, ofElements: false) == .array else { return value }
                return .array(
                    try elements.enumerated().map { index, element in
                        try walk(element, path, "\(pointer)/\(index)", ofElements: true)
                    }
                )
            default:
                return value
            }
        }
        return try walk(value, path, pointer, ofElements: isElement)
    }

    /// What Ajv makes of a `null` for a field of `kind`, or its refusal at `pointer`: `""`, `0` and `false` for
    /// text, a number and a boolean; for a date and an ObjectId, `""`, which their schemas' patterns refuse
    /// (crud-service `lib/schemaGetters.js`, `validateDateSchemaCompatibility` and `objectIdType`); an object, a
    /// GeoPoint and an array inside a Document, Ajv coerces nothing to. A collection's `Array` field is typed as an
    /// array or one of its `elements` (`lib/JSONSchemaGenerator.js`, `generateArrayProperty`), which Ajv coerces the
    /// `null` to where the element is text, a number or a boolean. A top-level field of no known kind is a
    /// `RawObject`, an object; below it, a `null` of no known kind is kept.
    private static func emptyValue(
        of kind: FieldKind?,
        elements: @autoclosure () -> FieldKind?,
        at pointer: String,
        topLevel: Bool
    ) throws -> JSONValue {
        switch kind {
        case .string?: return ""
        case .number?, .integer?: return 0
        case .boolean?: return false
        case .date?: throw schemaFault("\(pointer) must match pattern \"\(datePattern)\"")
        case .objectID?: throw schemaFault(#"\#(pointer) must match pattern "^[a-fA-F\d]{24}$""#)
        case .array?:
            guard topLevel, let element = elements(), [.string, .number, .integer, .boolean].contains(element) else {
                throw schemaFault("\(pointer) must be array")
            }
            return try emptyValue(of: element, elements: nil, at: pointer, topLevel: false)
        case .geoPoint?: throw schemaFault("\(pointer) must be array")
        case .other?: throw schemaFault("\(pointer) must be object")
        case nil:
            guard topLevel else { return .null }
            throw schemaFault("\(pointer) must be object")
        }
    }

    /// A body's members with each `null` coerced as ``coercingNulls(_:at:pointer:ofElements:of:_:reading:)`` coerces
    /// it, each member at `pointer/<name>`; the service's own fields, which it sets itself, left as they are.
    static func coercingNulls(
        inMembers members: [String: JSONValue],
        pointer: String,
        of collection: String,
        _ state: BackendState
    ) throws -> [String: JSONValue] {
        var coerced = members
        for (name, value) in members.sorted(by: { $0.key < $1.key })
        where !systemProperties.contains(name) && name != "__STATE__" {
            coerced[name] = try coercingNulls(
                value,
                at: name,
                pointer: "\(pointer)/\(name)",
                of: collection,
                state,
                reading: .object(members)
            )
        }
        return coerced
    }

    /// An update's operators with each `null` the PATCH schema coerces coerced (crud-service
    /// `lib/JSONSchemaGenerator.js`, `propertiesPatchCommandsValidation`): a `$set`'s value as its field's, a
    /// `$.replace` as an element of its array, a `$.merge`'s members as the element's; each value `$push`,
    /// `$addToSet` and `$pull` take as an element of the array (their schemas are the array's items', or MongoDB's
    /// modifiers, whose values, `$each`'s elements too, are taken as they are); `$inc`'s and `$mul`'s `null` as a
    /// number's, 0. Read in `document`, the document updated, when there is one.
    static func coercingNulls(
        inOperators operators: [String: JSONValue],
        at pointer: String,
        of collection: String,
        _ state: BackendState,
        reading document: JSONValue?
    ) throws -> [String: JSONValue] {
        guard state.models[collection]?.createRules.nullableMembers != nil else { return operators }
        var coerced = operators
        for name in ["$set", "$setOnInsert", "$push", "$addToSet", "$pull", "$inc", "$mul"] {
            guard case .object(var members)? = operators[name] else { continue }
            for (field, operand) in members.sorted(by: { $0.key < $1.key }) {
                let at = "\(pointer)/\(name)/\(field)"
                func coerced(
                    _ value: JSONValue,
                    _ field: String,
                    _ pointer: String,
                    ofElements: Bool
                ) throws
                    -> JSONValue
                {
                    try coercingNulls(
                        value,
                        at: field,
                        pointer: pointer,
                        ofElements: ofElements,
                        of: collection,
                        state,
                        reading: document
                    )
                }
                switch name {
                case "$set", "$setOnInsert":
                    if field.hasSuffix(".$.replace") {
                        members[field] = try coerced(operand, String(field.dropLast(10)), at, ofElements: true)
                    } else if field.hasSuffix(".$.merge"), case .object(var merged) = operand {
                        let array = String(field.dropLast(8))
                        for (key, value) in merged {
                            merged[key] = try coerced(value, "\(array).\(key)", "\(at)/\(key)", ofElements: false)
                        }
                        members[field] = .object(merged)
                    } else {
                        members[field] = try coerced(operand, field, at, ofElements: false)
                    }
                case "$inc", "$mul":
                    if operand == .null { members[field] = 0 }
                default:
                    // MongoDB's modifiers (`$each`, `$in`) are taken as they are.
                    guard operand.objectValue?.keys.contains(where: { $0.hasPrefix("$") }) != true else { continue }
                    members[field] = try coerced(operand, field, at, ofElements: true)
                }
            }
            coerced[name] = .object(members)
        }
        return coerced
    }
}

extension MiaBackend {
    /// An update's operators with each `$inc` and `$mul` amount coerced to a number where the registered model reads
    /// the field as one, as the PATCH schema's Ajv coerces it (crud-service `lib/JSONSchemaGenerator.js`,
    /// `propertiesPatchCommandsValidation`: both operators list the collection's number fields and its `RawObject`
    /// schemas' number paths, typed `number`; `coerceTypes: true`): `"5"` is 5, `true` is 1, and text that spells no
    /// number is the schema's refusal at its pointer. An element by its index (`tagIds.0`) is read as the array's
    /// element. A field the model doesn't tell the kind of is left to MongoDB, which takes only a number.
    static func coercingAmounts(
        inOperators operators: [String: JSONValue],
        at pointer: String,
        of collection: String,
        _ state: BackendState,
        reading document: JSONValue?
    ) throws -> [String: JSONValue] {
        var coerced = operators
        for name in ["$inc", "$mul"] {
            guard case .object(var members)? = operators[name] else { continue }
            for (field, amount) in members.sorted(by: { $0.key < $1.key }) {
                let parts = try checkedSegments(field)
                let isElement = parts.last.map { Int($0) != nil } ?? false
                let path = parts.filter { Int($0) == nil }.joined(separator: ".")
                let kind =
                    isElement
                    ? state.elementKind(at: path, in: collection, reading: document)
                    : state.fieldKind(at: path, in: collection, reading: document)
                guard kind == .number else { continue }
                members[field] = try coercedScalar(amount, at: "\(pointer)/\(name)/\(field)", kind: kind)
            }
            coerced[name] = .object(members)
        }
        return coerced
    }

    // MARK: Documents

    /// Refuses `value`, which a write sends for `field` (a dotted path, an array's element by its index) and Fastify
    /// points at by `pointer`, where a Document in it breaks its schema (crud-service `lib/schemaGetters.js`,
    /// `rawObjectTypeSchema`, which keeps a `RawObject`'s `required` and `additionalProperties`): one that lacks a
    /// member its schema requires (`tests/httpInterface.postList.test.js`, "nested object field can have required
    /// properties"), the first in code-point order; one whose schema takes no member it doesn't define that has
    /// one (`additionalProperties: false`, "nested object can have additionalProperties false"), the first in
    /// code-point order that the registered model doesn't define in `document`, the document written with `value`
    /// in it (without one, no member is told apart). An element of a collection's `Array` field is refused in the
    /// words of the field's `anyOf`, an array or one element (`lib/JSONSchemaGenerator.js`, `generateArrayProperty`;
    /// "array of object items can have required properties": `body/attachments/0 must have required property
    /// 'name', body/attachments must be object, body/attachments must match a schema in anyOf`). `ofElements` when
    /// `value` is one element of the array at `field`, `pushed` when an update adds it (`$push`, `$addToSet`,
    /// `$pull`'s condition), whose schema for a collection's field is the element's or MongoDB's modifiers
    /// (`mongoOperatorSchema`; `tests/httpInterface.patchById.special.test.js`, "fails if missing to push a required
    /// field of an object").
    static func checkDocuments(
        _ value: JSONValue,
        at field: String,
        pointer: String,
        ofElements: Bool = false,
        pushed: Bool = false,
        of collection: String,
        _ state: BackendState,
        in document: JSONValue?
    ) throws {
        guard let rules = DocumentRules(of: collection, state, in: document) else { return }
        try checkDocuments(value, at: field, pointer: pointer, ofElements: ofElements, pushed: pushed, rules)
    }

    /// What ``checkDocuments(_:at:pointer:ofElements:pushed:of:_:in:)`` reads of a collection's registered model and
    /// of the document written, once for a whole body: the members each Document requires, and the members the model
    /// keeps without defining them, listed when a closed Document first asks (a listing decodes the whole document).
    final class DocumentRules {
        let collection: String
        let state: BackendState
        let document: JSONValue?
        let closedDocuments: Set<String>
        /// The members each Document requires, by the Document's path.
        let required: [String: [String]]
        private var undefined: Set<String>?

        /// Nil when the collection's model registered no Document rules.
        init?(of collection: String, _ state: BackendState, in document: JSONValue?) {
            guard let model = state.models[collection],
                !model.createRules.requiredDocumentMembers.isEmpty || !model.createRules.closedDocuments.isEmpty
            else { return nil }
            var required: [String: [String]] = [:]
            for path in model.createRules.requiredDocumentMembers.sorted() {
                guard let dot = path.lastIndex(of: ".") else { continue }
                required[String(path[..<dot]), default: []].append(String(path[path.index(after: dot)...]))
            }
            (self.collection, self.state, self.document) = (collection, state, document)
            self.closedDocuments = model.createRules.closedDocuments
            self.required = required
        }

        /// Whether the model keeps the member at `path` of the document without defining it.
        func isUndefined(_ path: String) throws -> Bool {
            guard let document, let model = state.models[collection] else { return false }
            if undefined == nil {
                let listed = try state.refusingUndecodable(of: collection) {
                    try model.checkListingUnknownMembers(document)
                }
                undefined = Set(listed.map { $0.joined(separator: ".") })
            }
            return undefined?.contains(path) ?? false
        }
    }

    private static func checkDocuments(
        _ value: JSONValue,
        at field: String,
        pointer: String,
        ofElements: Bool = false,
        pushed: Bool = false,
        _ rules: DocumentRules
    ) throws {
        let parts = try checkedSegments(field)
        let isElement = ofElements || pushed || parts.last.map { Int($0) != nil } ?? false
        let path = parts.filter { Int($0) == nil }
        let required = rules.required

        /// `suffix`: Ajv's further refusals of the value that holds this one, in Fastify's words.
        func walk(_ value: JSONValue, _ path: [String], _ pointer: String, ofElements: Bool, suffix: String) throws {
            let key = path.joined(separator: ".")
            switch value {
            case .object(let members):
                if let missing = (required[key] ?? []).first(where: { members[$0] == nil }) {
                    throw schemaFault("\(pointer) must have required property '\(missing)'\(suffix)")
                }
                if rules.closedDocuments.contains(key),
                    let extra = try members.keys.sorted().first(where: { try rules.isUndefined("\(key).\($0)") })
                {
                    throw BackendFault(
                        status: 400,
                        code: "additionalProperty",
                        message: "\(pointer) must NOT have additional properties\(suffix). Property \"\(extra)\" is "
                            + "not defined in validation schema",
                        path: extra
                    )
                }
                for name in members.keys.sorted() {
                    try walk(members[name]!, path + [name], "\(pointer)/\(name)", ofElements: false, suffix: suffix)
                }
            case .array(let elements) where !ofElements:
                // A collection's field is an `Array` of the service's, whose `anyOf` refuses an element it refuses as
                // the field's one element too; below it, a JSON Schema array.
                let anyOf =
                    path.count == 1 ? ", \(pointer) must be object, \(pointer) must match a schema in anyOf" : ""
                for (index, element) in elements.enumerated() {
                    try walk(element, path, "\(pointer)/\(index)", ofElements: true, suffix: anyOf + suffix)
                }
            default:
                break
            }
        }
        // MongoDB's modifiers refuse a collection field's element as they refuse any value without one of them.
        let modifiers = ["$", "$each", "$sort", "$in", "$position", "$each"]
        let pushedSuffix =
            pushed && path.count == 1
            ? modifiers.map { ", \(pointer) must have required property '\($0)'" }.joined()
                + ", \(pointer) must match a schema in anyOf, \(pointer) must match a schema in anyOf"
            : ""
        try walk(value, path, pointer, ofElements: isElement, suffix: pushedSuffix)
    }

    /// Refuses a body's members as ``checkDocuments(_:at:pointer:ofElements:pushed:of:_:in:)`` refuses each, at
    /// `pointer/<name>`, in `document`, the document created.
    static func checkDocuments(
        inMembers members: [String: JSONValue],
        pointer: String,
        of collection: String,
        _ state: BackendState,
        in document: JSONValue?
    ) throws {
        guard let rules = DocumentRules(of: collection, state, in: document) else { return }
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            try checkDocuments(value, at: name, pointer: "\(pointer)/\(name)", rules)
        }
    }

    /// Refuses an update's operators as ``checkDocuments(_:at:pointer:ofElements:pushed:of:_:in:)`` refuses what
    /// each writes (crud-service `lib/JSONSchemaGenerator.js`, `propertiesPatchCommandsValidation`): a `$set`'s and a
    /// `$setOnInsert`'s value as its field's, a `$.replace` as an element of its array (a `$.merge`'s schema takes any
    /// member and requires none), the value `$push`, `$addToSet` and `$pull` take as an element (not one of MongoDB's
    /// modifiers, `$each`'s elements included, which their schema takes as they are). In `document`, the document
    /// updated.
    static func checkDocuments(
        inOperators operators: [String: JSONValue],
        at pointer: String,
        of collection: String,
        _ state: BackendState,
        in document: JSONValue?
    ) throws {
        guard let rules = DocumentRules(of: collection, state, in: document) else { return }
        for name in ["$set", "$setOnInsert", "$push", "$addToSet", "$pull"] {
            for (field, operand) in (operators[name]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
                let at = "\(pointer)/\(name)/\(field)"
                if name == "$set" || name == "$setOnInsert" {
                    guard !field.hasSuffix(".$.merge") else { continue }
                    let replaced = field.hasSuffix(".$.replace")
                    try checkDocuments(
                        operand,
                        at: replaced ? String(field.dropLast(10)) : field,
                        pointer: at,
                        ofElements: replaced,
                        rules
                    )
                } else if operand.objectValue?.keys.contains(where: { $0.hasPrefix("$") }) != true {
                    try checkDocuments(
                        operand,
                        at: field,
                        pointer: at,
                        pushed: true,
                        rules
                    )
                }
            }
        }
    }
}
