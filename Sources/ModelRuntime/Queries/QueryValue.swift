import Foundation

/// A value in a query, before a dialect decides how to write it: a date is an ISO string in cortex and mia and a
/// `{"__type":"Date"}` object in parse; a reference is an id, or a parse Pointer.
public enum QueryLiteral: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case date(Date)
    case dateOnly(DateOnly)
    case objectID(ObjectID)
    /// A reference to the instance with id `id` of the object named `object`.
    case reference(id: String, object: String)
    case json(JSONValue)
    case array([QueryLiteral])
}

extension QueryLiteral {
    /// True for NaN or an infinity anywhere in the value, which JSON cannot hold.
    public var containsNonFiniteNumber: Bool {
        switch self {
        case .double(let value): !value.isFinite
        case .array(let values): values.contains(where: \.containsNonFiniteNumber)
        case .json(let value): value.containsNonFiniteNumber
        default: false
        }
    }
}

extension JSONValue {
    var containsNonFiniteNumber: Bool {
        switch self {
        case .double(let value): !value.isFinite
        case .array(let values): values.contains(where: \.containsNonFiniteNumber)
        case .object(let members): members.values.contains(where: \.containsNonFiniteNumber)
        default: false
        }
    }
}

/// A Swift value that can stand in a query condition.
public protocol QueryValue: Sendable {
    var queryLiteral: QueryLiteral { get }
}

/// Values with an order the server can compare: numbers, strings, dates and ids.
public protocol QueryComparable: QueryValue {}

extension String: QueryComparable {
    public var queryLiteral: QueryLiteral { .string(self) }
}

extension Int: QueryComparable {
    public var queryLiteral: QueryLiteral { .int(self) }
}

extension Double: QueryComparable {
    public var queryLiteral: QueryLiteral { .double(self) }
}

extension Date: QueryComparable {
    public var queryLiteral: QueryLiteral { .date(self) }
}

extension DateOnly: QueryComparable {
    public var queryLiteral: QueryLiteral { .dateOnly(self) }
}

extension ObjectID: QueryComparable {
    public var queryLiteral: QueryLiteral { .objectID(self) }
}

extension Bool: QueryValue {
    public var queryLiteral: QueryLiteral { .bool(self) }
}

extension URL: QueryValue {
    public var queryLiteral: QueryLiteral { .string(absoluteString) }
}

extension JSONValue: QueryValue {
    public var queryLiteral: QueryLiteral { .json(self) }
}

/// Generated enums that keep unknown values query by their raw value.
extension QueryValue where Self: RawRepresentable, RawValue == String {
    public var queryLiteral: QueryLiteral { .string(rawValue) }
}

/// What identifies a referenced instance: a Cortex or MongoDB `ObjectID`, or another backend's string id (Parse's
/// `objectId`).
public protocol ReferenceIdentifier: Sendable {
    var referenceID: String { get }
}

extension ObjectID: ReferenceIdentifier {
    public var referenceID: String { description }
}

extension String: ReferenceIdentifier {
    public var referenceID: String { self }
}
