import Foundation

/// A value in a query, before a dialect decides how to write it: a date is an ISO string in cortex and mia and a
/// `{"__type":"Date"}` object in parse; a reference is an id, or a parse Pointer.
public enum QueryLiteral: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number; NaN and infinities are rejected when the query is rendered.
    case double(Double)
    /// A string; URLs and enum values arrive as one too.
    case string(String)
    /// A date and time: an ISO 8601 string with milliseconds, or parse's `Date` object.
    case date(Date)
    /// A calendar date without a time, written as `2024-05-01`.
    case dateOnly(DateOnly)
    /// An id, written as its string.
    case objectID(ObjectID)
    /// A reference to the instance with id `id` of the object named `object`.
    case reference(id: String, object: String)
    /// Free-form JSON, written as it is.
    case json(JSONValue)
    /// Several values, as `in`, `notIn` and `containsAll` take them.
    case array([QueryLiteral])
}

extension QueryLiteral {
    /// True for NaN or an infinity anywhere in the value, or a big integer whose text is no integer: numbers JSON
    /// cannot hold.
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
    /// True for NaN or an infinity anywhere in the value, or a ``bigInteger(_:)`` whose text is no integer (one
    /// built in code could hold any text, which the request would then carry as JSON): numbers JSON cannot hold.
    var containsNonFiniteNumber: Bool {
        switch self {
        case .double(let value): !value.isFinite
        case .bigInteger(let digits): !JSONValue.isInteger(digits)
        case .array(let values): values.contains(where: \.containsNonFiniteNumber)
        case .object(let members): members.values.contains(where: \.containsNonFiniteNumber)
        default: false
        }
    }
}

/// A Swift value that can stand in a query condition.
public protocol QueryValue: Sendable {
    /// The value as a query literal, for the dialect to write.
    var queryLiteral: QueryLiteral { get }
}

/// Values with an order the server can compare: numbers, strings, dates and ids.
public protocol QueryComparable: QueryValue {}

extension String: QueryComparable {
    /// The string as it is.
    public var queryLiteral: QueryLiteral { .string(self) }
}

extension Int: QueryComparable {
    /// The number.
    public var queryLiteral: QueryLiteral { .int(self) }
}

extension Double: QueryComparable {
    /// The number; NaN and infinities are rejected when the query is rendered.
    public var queryLiteral: QueryLiteral { .double(self) }
}

extension Date: QueryComparable {
    /// The date, which each dialect writes in its own form.
    public var queryLiteral: QueryLiteral { .date(self) }
}

extension DateOnly: QueryComparable {
    /// The calendar date.
    public var queryLiteral: QueryLiteral { .dateOnly(self) }
}

extension ObjectID: QueryComparable {
    /// The id.
    public var queryLiteral: QueryLiteral { .objectID(self) }
}

extension Bool: QueryValue {
    /// The boolean.
    public var queryLiteral: QueryLiteral { .bool(self) }
}

extension URL: QueryValue {
    /// The URL's absolute string.
    public var queryLiteral: QueryLiteral { .string(absoluteString) }
}

extension JSONValue: QueryValue {
    /// The JSON value as it is.
    public var queryLiteral: QueryLiteral { .json(self) }
}

/// Generated enums that keep unknown values query by their raw value.
extension QueryValue where Self: RawRepresentable, RawValue == String {
    /// The raw value, as the server stores it; an `undocumented` value is sent unchanged.
    public var queryLiteral: QueryLiteral { .string(rawValue) }
}

/// What identifies a referenced instance: a Cortex or MongoDB `ObjectID`, or another backend's string id (Parse's
/// `objectId`).
public protocol ReferenceIdentifier: Sendable {
    /// The id as the server writes it in paths and references.
    var referenceID: String { get }
}

extension ObjectID: ReferenceIdentifier {
    /// The id's string.
    public var referenceID: String { description }
}

extension String: ReferenceIdentifier {
    /// The string itself.
    public var referenceID: String { self }
}
