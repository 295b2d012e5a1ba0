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
    /// A GeoPoint: an array of two or three numbers, which the service's schemas type as an array and its query
    /// parser as a type of its own.
    case geoPoint
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
        kind(at: path, in: collection, ofElements: false, reading: candidate)
    }

    /// The kind the model registered for `collection` reads in each element of the array at `path`, as
    /// ``fieldKind(at:in:reading:)`` finds a field's: `.number` for an array of numbers, `.other` for a document
    /// array's; nil where the field is no array the model reads.
    func elementKind(at path: String, in collection: String, reading candidate: JSONValue? = nil) -> FieldKind? {
        kind(at: path, in: collection, ofElements: true, reading: candidate)
    }

    /// Whether the model registered for `collection` reads the field at `path` as any JSON value (a Mia-Platform
    /// `RawObject` without a schema, a `JSONValue` property): false without a model, or without a stored document
    /// that has the field's parent to show it.
    func readsAnyValue(at path: String, in collection: String) -> Bool {
        guard fieldKind(at: path, in: collection) == nil, let model = models[collection],
            let parts = Self.fieldParts(path)
        else { return false }
        return model.fieldKinds[Self.kindKey(parts, ofElements: false)] == .some(nil)
    }

    /// A filter's key as the path of the field whose kind is found: its segments without an array's indexes; nil
    /// for a key of indexes alone.
    private static func fieldParts(_ path: String) -> [String]? {
        let parts = segments(path).filter { segment in !segment.isEmpty && !segment.allSatisfy(\.isASCIIDigit) }
        return parts.isEmpty ? nil : parts
    }

    /// The key a field's kind is kept by in `fieldKinds`: `[]`, which can't be in a path's segment, for the kind of
    /// its elements.
    private static func kindKey(_ parts: [String], ofElements: Bool) -> String {
        parts.joined(separator: ".") + (ofElements ? "[]" : "")
    }

    private func kind(
        at path: String,
        in collection: String,
        ofElements: Bool,
        reading candidate: JSONValue?
    ) -> FieldKind? {
        guard let model = models[collection], let parts = Self.fieldParts(path) else { return nil }
        let key = Self.kindKey(parts, ofElements: ofElements)
        if let found = model.fieldKinds[key] { return found }
        guard
            let found = probedFieldKind(
                at: parts,
                ofElements: ofElements,
                of: model,
                in: collection,
                reading: candidate
            )
        else { return nil }
        model.fieldKinds[key] = found
        return found
    }

    /// The kind `model` reads at `parts` (in each element of the array there, `ofElements`), found by decoding a
    /// document with a value of each kind put there: nil when no document has the field's parent, `.some(nil)` when
    /// the model reads no one kind there.
    private func probedFieldKind(
        at parts: [String],
        ofElements: Bool,
        of model: RegisteredModel,
        in collection: String,
        reading candidate: JSONValue?
    ) -> FieldKind?? {
        // A few documents at most: the first the model reads that has the field's parent answers.
        for document in (candidate.map { [$0] } ?? []) + documents(collection).prefix(20) {
            guard (try? model.check(document)) != nil else { continue }
            func reads(_ value: JSONValue) -> Bool? {
                let placed: JSONValue = ofElements ? [value] : value
                guard let probe = Self.setting(parts[...], in: document, to: placed) else { return nil }
                return (try? model.check(probe)) != nil
            }
            guard let readsText = reads("x") else { continue }
            // A field the model doesn't read, or reads as any JSON value, takes text and a number alike: unknown.
            if readsText { return reads(1) == true ? .some(nil) : .string }
            if reads("0123456789abcdef01234567") == true { return .objectID }
            if reads("2026-01-02T03:04:05.678Z") == true || reads("2026-01-02") == true { return .date }
            if reads(1) == true { return reads(1.5) == true ? .number : .integer }
            if reads(true) == true { return .boolean }
            if reads([]) == true { return .array }
            if reads([0, 0]) == true { return .geoPoint }
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

/// The kinds of a registered model's fields, by path, as ``BackendState/fieldKind(at:in:reading:)`` found them: they
/// are the model's types, whichever document showed them, so each is found once. Each field of every document a
/// write stores is cast by its kind, and finding one takes up to eight decodes of a document: a bulk create of 50,000
/// documents spent most of its time there. A field no document showed yet is looked for again.
final class FoundFieldKinds: @unchecked Sendable {
    private let lock = NSLock()
    private var kinds: [String: FieldKind?] = [:]

    /// The kind found at `path`: nil when none was looked for yet, `.some(nil)` when the model reads no one kind.
    subscript(path: String) -> FieldKind?? {
        get { lock.withLock { kinds[path] } }
        set { lock.withLock { kinds[path] = newValue } }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
