import Foundation

/// A value in a request body, before a dialect decides how to write it: dates, references and files differ
/// between cortex, mia and parse.
public indirect enum BodyValue: Sendable, Hashable {
    /// A scalar, a reference or `null`.
    case value(QueryLiteral)
    /// A Document: members in schema order.
    case object([BodyMember])
    /// An array of values.
    case array([BodyValue])
    /// A file: its facets' names in Cortex, the uploaded file in Parse; Mia takes no files in bodies.
    case file(FileUpload)

    /// A JSON `null`.
    public static let null = BodyValue.value(.null)
}

extension BodyValue {
    /// A generated Document as an update that sets it whole writes it, with what it was decoded with beyond its
    /// properties' values, which the server would otherwise lose: its `id` first (a document array element's `_id`,
    /// by which the server keeps the element rather than make a new one), then `members`, then `null` for each key
    /// that held `null` when it was decoded (`nulls`) and that no member writes, then the members its schema doesn't
    /// define (`kept`); each of the last two sorted by key, so the same document is the same bytes every time however
    /// the decoder listed its keys, and each key once, a member's first.
    ///
    /// Cortex, which makes its elements' ids, writes each `_id` of an array once (a copy of an element goes as a new
    /// one) and pushes elements without theirs (``CortexDialect``); ``ArrayUpdate/update(elementWithID:setting:)``
    /// sets only the values an element has.
    public static func document(
        _ members: [BodyMember],
        id: ObjectID? = nil,
        nulls: NullKeys = NullKeys(),
        kept: UnknownMembers = UnknownMembers()
    ) -> BodyValue {
        var written = Set(members.map(\.key))
        var document: [BodyMember] = []
        if let id, written.insert(documentIDKey).inserted { document.append(BodyMember(documentIDKey, id.bodyValue)) }
        document += members
        // An `_id` that held `null` is none: the server gives the element one.
        for key in nulls.sortedKeys where key != documentIDKey && written.insert(key).inserted {
            document.append(BodyMember(key, .null))
        }
        for member in kept.members.sorted(by: { $0.key < $1.key }) where written.insert(member.key).inserted {
            document.append(BodyMember(member.key, member.value.bodyValue))
        }
        return .object(document)
    }

    /// The key of a document array element's id.
    static let documentIDKey = "_id"

    /// This value without its `_id` member, when it is an object: a document array element pushed as a new one.
    var withoutDocumentID: BodyValue {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { $0.key != Self.documentIDKey })
    }
}

/// One key of a body object.
public struct BodyMember: Sendable, Hashable {
    /// The member's JSON key, such as `c_name`.
    public var key: String
    /// The member's value.
    public var value: BodyValue

    /// A member that writes `value` under `key`.
    public init(_ key: String, _ value: BodyValue) {
        self.key = key
        self.value = value
    }
}

/// What can stand in a body: every property type of a generated model.
public protocol BodyValueConvertible: Sendable {
    /// The value as it goes into a body.
    var bodyValue: BodyValue { get }
}

/// Strings go into bodies as they are.
extension String: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
/// Whole numbers go into bodies as numbers.
extension Int: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
/// Numbers go into bodies as numbers.
extension Double: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
/// Booleans go into bodies as `true` or `false`.
extension Bool: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
/// Dates go into bodies in the dialect's form: an ISO 8601 string, or parse's `Date` object.
extension Date: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
/// Calendar dates go into bodies as `yyyy-MM-dd`.
extension DateOnly: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
/// Ids go into bodies as their string.
extension ObjectID: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
/// URLs go into bodies as their absolute string.
extension URL: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
/// Free-form JSON goes into bodies as it is.
extension JSONValue: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
/// Files go into bodies in the dialect's way: facet names in Cortex, the uploaded file in Parse.
extension FileUpload: BodyValueConvertible { public var bodyValue: BodyValue { .file(self) } }

extension Array: BodyValueConvertible where Element: BodyValueConvertible {
    /// The elements, as a body array.
    public var bodyValue: BodyValue { .array(map(\.bodyValue)) }
}

extension BodyValueConvertible where Self: RawRepresentable, RawValue == String {
    /// The raw value, as the server stores it.
    public var bodyValue: BodyValue { .value(.string(rawValue)) }
}

/// A reference in a body: the referenced instance's id, and the object it belongs to (parse writes a Pointer).
public struct ReferenceValue: BodyValueConvertible, Hashable {
    /// The referenced instance's id.
    public var id: String
    /// The referenced object's API name, which parse writes as the Pointer's class.
    public var object: String

    /// A reference to the instance `id` of the object named `object`.
    public init(id: some ReferenceIdentifier, object: String) {
        self.id = id.referenceID
        self.object = object
    }

    /// The reference as a body value.
    public var bodyValue: BodyValue { .value(.reference(id: id, object: object)) }
}

extension BodyValue {
    /// A reference to the instance `id` of the object named `object`.
    public static func reference(_ id: some ReferenceIdentifier, object: String) -> BodyValue {
        .value(.reference(id: id.referenceID, object: object))
    }

    /// References to instances of the object named `object`.
    public static func references<ID: ReferenceIdentifier>(_ ids: [ID], object: String) -> BodyValue {
        .array(ids.map { reference($0, object: object) })
    }
}
