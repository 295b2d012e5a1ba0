import Foundation

/// A value in a request body, before a dialect decides how to write it: dates, references and files differ
/// between cortex, mia and parse.
public indirect enum BodyValue: Sendable, Hashable {
    case value(QueryLiteral)
    /// A Document: members in schema order.
    case object([BodyMember])
    case array([BodyValue])
    case file(FileUpload)

    public static let null = BodyValue.value(.null)
}

/// One key of a body object.
public struct BodyMember: Sendable, Hashable {
    public var key: String
    public var value: BodyValue

    public init(_ key: String, _ value: BodyValue) {
        self.key = key
        self.value = value
    }
}

/// What can stand in a body: every property type of a generated model.
public protocol BodyValueConvertible: Sendable {
    var bodyValue: BodyValue { get }
}

extension String: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
extension Int: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
extension Double: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
extension Bool: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
extension Date: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
extension DateOnly: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
extension ObjectID: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
extension URL: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
extension JSONValue: BodyValueConvertible { public var bodyValue: BodyValue { .value(queryLiteral) } }
extension FileUpload: BodyValueConvertible { public var bodyValue: BodyValue { .file(self) } }

extension Array: BodyValueConvertible where Element: BodyValueConvertible {
    public var bodyValue: BodyValue { .array(map(\.bodyValue)) }
}

extension BodyValueConvertible where Self: RawRepresentable, RawValue == String {
    public var bodyValue: BodyValue { .value(.string(rawValue)) }
}

/// A reference in a body: the referenced instance's id, and the object it belongs to (parse writes a Pointer).
public struct ReferenceValue: BodyValueConvertible, Hashable {
    public var id: String
    public var object: String

    public init(id: some ReferenceIdentifier, object: String) {
        self.id = id.referenceID
        self.object = object
    }

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
