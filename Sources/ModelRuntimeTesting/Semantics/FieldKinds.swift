import Foundation
import ModelRuntime

/// What a registered model reads a field as: the collection's field type, which Mia-Platform's CRUD service casts a
/// filter's values and a query parameter's text by.
enum FieldKind: Sendable, Equatable {
    case string, number, boolean, date, objectID
    /// A number the model reads only when it is whole (an `Int`): a JSON Schema `integer`, which crud-service's
    /// schemas keep apart from `number`.
    case integer
    /// An array (the service's `Array` type), which its query parser takes some operators of and not others.
    case array
    /// An object, or a value of a type of its own that takes none of the others: nothing to cast.
    case other
}

extension BackendState {
    /// The kind the model registered for `collection` reads at `path`, a filter's key (an array's index in it
    /// skipped, as crud-service reads its field definitions: `lib/QueryParser.utils.js`,
    /// `getFieldDefinitionNameFromQuery`). Found by putting a value of each kind in place of the field's in a stored
    /// document the model decodes, and seeing which the model reads; nil without a model, without such a document
    /// that has the field's parent, or for a field the model doesn't read or reads as any value. A `candidate`
    /// document about to be stored is tried first.
    func fieldKind(at path: String, in collection: String, reading candidate: JSONValue? = nil) -> FieldKind? {
        guard let model = models[collection] else { return nil }
        let parts = segments(path).filter { segment in !segment.isEmpty && !segment.allSatisfy(\.isASCIIDigit) }
        guard !parts.isEmpty else { return nil }
        // A few documents at most: the first the model reads that has the field's parent answers.
        for document in (candidate.map { [$0] } ?? []) + documents(collection).prefix(20) {
            guard (try? model.check(document)) != nil else { continue }
            func reads(_ value: JSONValue) -> Bool? {
                guard let probe = Self.setting(parts[...], in: document, to: value) else { return nil }
                return (try? model.check(probe)) != nil
            }
            guard let readsText = reads("x") else { continue }
            // A field the model doesn't read, or reads as any JSON value, takes text and a number alike: unknown.
            if readsText { return reads(1) == true ? nil : .string }
            if reads("0123456789abcdef01234567") == true { return .objectID }
            if reads("2026-01-02T03:04:05.678Z") == true || reads("2026-01-02") == true { return .date }
            if reads(1) == true { return reads(1.5) == true ? .number : .integer }
            if reads(true) == true { return .boolean }
            if reads([]) == true { return .array }
            return .other
        }
        return nil
    }

    /// `document` with `value` at `path`, through an array into each of its documents; nil where the path's parent
    /// isn't there.
    private static func setting(_ path: ArraySlice<String>, in document: JSONValue, to value: JSONValue) -> JSONValue? {
        guard let first = path.first else { return value }
        switch document {
        case .object(var members):
            if path.count == 1 {
                members[first] = value
                return .object(members)
            }
            guard let member = members[first], let changed = setting(path.dropFirst(), in: member, to: value) else {
                return nil
            }
            members[first] = changed
            return .object(members)
        case .array(let elements):
            var changed = false
            let result = elements.map { element -> JSONValue in
                guard element.objectValue != nil, let new = setting(path, in: element, to: value) else {
                    return element
                }
                changed = true
                return new
            }
            return changed ? .array(result) : nil
        default:
            return nil
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
