import Foundation

/// What an update does to one property: leave it, clear it, or set it. Three different things on the wire.
public enum FieldUpdate<Value: BodyValueConvertible & Equatable>: Sendable, Equatable {
    case unchanged
    case set(Value)
    /// Clears the property (`$unset`, `{"__op":"Delete"}`, or `null`).
    case null

    /// The difference between two values of an optional property.
    public static func difference(from original: Value?, to edited: Value?) -> FieldUpdate {
        if original == edited { return .unchanged }
        return edited.map { .set($0) } ?? .null
    }

    /// The operations this update makes at `path`.
    public func operations(at path: String) -> [PatchOperation] {
        switch self {
        case .unchanged: []
        case .set(let value): [PatchOperation(path: path, kind: .set(value.bodyValue))]
        case .null: [PatchOperation(path: path, kind: .unset)]
        }
    }
}

/// A number's update: set or clear it, or change it on the server (`$inc`, `$mul`, parse's `Increment`), which is
/// safe when several clients change it at once.
public struct NumberUpdate<Value: BodyValueConvertible & Numeric & Equatable>: Sendable, Equatable {
    public var change: FieldUpdate<Value> = .unchanged
    public private(set) var arithmetic: [PatchOperation] = []

    public init() {}

    public static func set(_ value: Value) -> NumberUpdate {
        var update = NumberUpdate()
        update.change = .set(value)
        return update
    }

    public static var null: NumberUpdate {
        var update = NumberUpdate()
        update.change = .null
        return update
    }

    public mutating func increment(by amount: Value) {
        arithmetic.append(PatchOperation(path: "", kind: .increment(amount.bodyValue)))
    }

    public mutating func multiply(by factor: Value) {
        arithmetic.append(PatchOperation(path: "", kind: .multiply(factor.bodyValue)))
    }

    public func operations(at path: String) -> [PatchOperation] {
        change.operations(at: path) + arithmetic.map { PatchOperation(path: path, kind: $0.kind) }
    }
}

/// A date's update: set or clear it, or let the server set it to its own time (mia's `$currentDate`), which does
/// not depend on the device's clock.
public struct DateUpdate: Sendable, Equatable {
    public var change: FieldUpdate<Date> = .unchanged
    public private(set) var setsServerTime = false

    public init() {}

    public static func set(_ date: Date) -> DateUpdate {
        var update = DateUpdate()
        update.change = .set(date)
        return update
    }

    public static var null: DateUpdate {
        var update = DateUpdate()
        update.change = .null
        return update
    }

    /// The server's time, when the update is applied.
    public static var serverTime: DateUpdate {
        var update = DateUpdate()
        update.setsServerTime = true
        return update
    }

    public func operations(at path: String) -> [PatchOperation] {
        change.operations(at: path) + (setsServerTime ? [PatchOperation(path: path, kind: .currentDate)] : [])
    }
}

/// The array operations a property allows, from the schema's `canPush`, `canPull` and `uniqueValues`.
public protocol ArrayOperations {}
/// Arrays the server lets clients append to (`canPush`).
public protocol AllowsPush: ArrayOperations {}
/// Arrays the server lets clients remove elements from (`canPull`).
public protocol AllowsPull: ArrayOperations {}
/// Arrays of unique values (`uniqueValues`): elements are added only when absent.
public protocol AllowsAddToSet: ArrayOperations {}

/// Marker types naming every combination of array operations, for `ArrayUpdate`'s second parameter.
public enum ArrayOperationSet {
    public enum SetOnly: ArrayOperations {}
    public enum Push: AllowsPush {}
    public enum Pull: AllowsPull {}
    public enum AddToSet: AllowsAddToSet {}
    public enum PushPull: AllowsPush, AllowsPull {}
    public enum PushAddToSet: AllowsPush, AllowsAddToSet {}
    public enum PullAddToSet: AllowsPull, AllowsAddToSet {}
    public enum All: AllowsPush, AllowsPull, AllowsAddToSet {}
}

/// An array property's update: replace or clear the whole array, or (where the schema allows) push, pull or add
/// unique elements. Operations that the schema does not allow do not compile.
public struct ArrayUpdate<Element: BodyValueConvertible & Equatable, Operations: ArrayOperations>: Sendable, Equatable {
    public var change: FieldUpdate<[Element]> = .unchanged
    public private(set) var elementOperations: [PatchOperation] = []

    public init() {}

    public static func set(_ elements: [Element]) -> ArrayUpdate {
        var update = ArrayUpdate()
        update.change = .set(elements)
        return update
    }

    public static var null: ArrayUpdate {
        var update = ArrayUpdate()
        update.change = .null
        return update
    }

    public func operations(at path: String) -> [PatchOperation] {
        change.operations(at: path) + elementOperations.map { PatchOperation(path: path, kind: $0.kind) }
    }

    fileprivate mutating func add(_ kind: PatchOperation.Kind) {
        elementOperations.append(PatchOperation(path: "", kind: kind))
    }
}

extension ArrayUpdate where Operations: AllowsPush {
    /// Appends elements on the server.
    public mutating func push(_ elements: [Element]) { add(.push(elements.map(\.bodyValue))) }
}

extension ArrayUpdate where Operations: AllowsPull {
    /// Removes every element equal to one of `elements` on the server.
    public mutating func pull(_ elements: [Element]) { add(.pull(elements.map(\.bodyValue))) }
}

extension ArrayUpdate where Operations: AllowsAddToSet {
    /// Adds the elements the array does not hold yet.
    public mutating func addToSet(_ elements: [Element]) { add(.addToSet(elements.map(\.bodyValue))) }
}

/// One change an update makes, at a JSON path.
public struct PatchOperation: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case set(BodyValue)
        case unset
        case increment(BodyValue)
        case multiply(BodyValue)
        case push([BodyValue])
        case pull([BodyValue])
        case addToSet([BodyValue])
        /// mia's `$currentDate`: the server's time.
        case currentDate
    }

    public var path: String
    public var kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }
}

/// A generated update body: the operations it makes, and a check that no path is changed twice.
public protocol PatchBody: Sendable {
    /// Every operation, in schema order.
    var operations: [PatchOperation] { get }
}

extension PatchBody {
    /// True when the update changes nothing; sending it would be pointless.
    public var isEmpty: Bool { operations.isEmpty }

    /// The operations, after checking that each path is changed once: two operations on one path contradict each
    /// other on every backend.
    public func checkedOperations() throws -> [PatchOperation] {
        let operations = operations
        var seen: Set<String> = []
        for operation in operations where !seen.insert(operation.path).inserted {
            throw BodyError("'\(operation.path)' is changed twice in one update; make it one operation")
        }
        return operations
    }
}

/// Why a body could not be sent; nothing is sent.
public struct BodyError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
