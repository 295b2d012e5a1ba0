import Foundation

/// What an update does to one property: leave it, clear it, or set it. Three different things on the wire.
///
/// ```swift
/// var patch = Item.Patch()
/// patch.name = .set("Renamed")   // every member starts as .unchanged
/// patch.status = .null           // clears it: $unset in Mia, null in Cortex
/// let requests = try patch.rendered(id: item.id, for: .mia)
/// ```
public enum FieldUpdate<Value: BodyValueConvertible & Equatable>: Sendable, Equatable {
    /// Leaves the property as it is: nothing is sent for it. The default.
    case unchanged
    /// Sets the property to the value.
    ///
    /// Indirect, so that a `Patch` copies each of its updates with one reference whatever the value's type: the code
    /// the compiler writes to copy a `Patch` is smaller and the generated bodies compile faster.
    indirect case set(Value)
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
///
/// ```swift
/// var patch = Item.Patch()
/// patch.count.increment(by: 1)   // $inc in Mia, Increment in Parse
/// patch.price = .set(9.5)
/// ```
public struct NumberUpdate<Value: BodyValueConvertible & Numeric & Equatable>: Sendable, Equatable {
    /// Whether the number is left, set or cleared.
    public var change: FieldUpdate<Value> = .unchanged
    /// The increments and multiplications made with `increment(by:)` and `multiply(by:)`, in order.
    public private(set) var arithmetic: [PatchOperation] = []

    /// An update that leaves the number unchanged.
    public init() {}

    /// Sets the number to `value`.
    public static func set(_ value: Value) -> NumberUpdate {
        var update = NumberUpdate()
        update.change = .set(value)
        return update
    }

    /// Clears the number.
    public static var null: NumberUpdate {
        var update = NumberUpdate()
        update.change = .null
        return update
    }

    /// Adds `amount` on the server (Mia's `$inc`, Parse's `Increment`); Cortex has no increment and throws a
    /// ``BodyError`` when the update is rendered.
    public mutating func increment(by amount: Value) {
        arithmetic.append(PatchOperation(path: "", kind: .increment(amount.bodyValue)))
    }

    /// Multiplies by `factor` on the server (Mia's `$mul`); Cortex and Parse have no multiplication and throw a
    /// ``BodyError`` when the update is rendered.
    public mutating func multiply(by factor: Value) {
        arithmetic.append(PatchOperation(path: "", kind: .multiply(factor.bodyValue)))
    }

    /// The operations this update makes at `path`.
    public func operations(at path: String) -> [PatchOperation] {
        change.operations(at: path) + arithmetic.map { PatchOperation(path: path, kind: $0.kind) }
    }
}

/// A date's update: set or clear it, or let the server set it to its own time (mia's `$currentDate`), which does
/// not depend on the device's clock.
///
/// ```swift
/// var patch = Item.Patch()
/// patch.when = .serverTime   // Mia's $currentDate
/// ```
public struct DateUpdate: Sendable, Equatable {
    /// Whether the date is left, set or cleared.
    public var change: FieldUpdate<Date> = .unchanged
    /// True when the update sets the date to the server's time (``serverTime``).
    public private(set) var setsServerTime = false

    /// An update that leaves the date unchanged.
    public init() {}

    /// Sets the date to `date`.
    public static func set(_ date: Date) -> DateUpdate {
        var update = DateUpdate()
        update.change = .set(date)
        return update
    }

    /// Clears the date.
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

    /// The operations this update makes at `path`.
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
    /// No element operations: the array is only set or cleared.
    public enum SetOnly: ArrayOperations {}
    /// `push` only.
    public enum Push: AllowsPush {}
    /// `pull` only.
    public enum Pull: AllowsPull {}
    /// `addToSet` only.
    public enum AddToSet: AllowsAddToSet {}
    /// `push` and `pull`.
    public enum PushPull: AllowsPush, AllowsPull {}
    /// `push` and `addToSet`.
    public enum PushAddToSet: AllowsPush, AllowsAddToSet {}
    /// `pull` and `addToSet`.
    public enum PullAddToSet: AllowsPull, AllowsAddToSet {}
    /// `push`, `pull` and `addToSet`.
    public enum All: AllowsPush, AllowsPull, AllowsAddToSet {}
}

/// An array property's update: replace or clear the whole array, or (where the schema allows) push, pull or add
/// unique elements, in the order they are made. Operations that the schema does not allow do not compile.
///
/// ```swift
/// var patch = Clinic.Patch()
/// patch.tags.push(["pediatrics"])   // Clinic's tags are ArrayOperationSet.All
/// patch.tags.pull(["night shift"])  // the same array: applied after the push
/// let requests = try patch.rendered(id: clinic.id, for: .cortex)
/// // PATCH /c_clinics/<id> [{"op":"push","path":"c_tags","value":["pediatrics"]},
/// //                        {"op":"remove","path":"c_tags","value":["night shift"]}]
///
/// var other = Item.Patch()
/// other.tags.push(["x"])            // does not compile: Item's tags are ArrayOperationSet.SetOnly
/// ```
public struct ArrayUpdate<Element: BodyValueConvertible & Equatable, Operations: ArrayOperations>: Sendable, Equatable {
    /// Whether the whole array is left, replaced or cleared.
    public var change: FieldUpdate<[Element]> = .unchanged
    /// The pushes, pulls and additions, in the order they were made.
    public private(set) var elementOperations: [PatchOperation] = []

    /// An update that leaves the array unchanged.
    public init() {}

    /// Replaces the whole array with `elements`.
    public static func set(_ elements: [Element]) -> ArrayUpdate {
        var update = ArrayUpdate()
        update.change = .set(elements)
        return update
    }

    /// Clears the array.
    public static var null: ArrayUpdate {
        var update = ArrayUpdate()
        update.change = .null
        return update
    }

    /// The operations this update makes at `path`; those on one element (``update(elementWithID:setting:)``)
    /// below it, at `path.<_id>.<key>`.
    public func operations(at path: String) -> [PatchOperation] {
        change.operations(at: path)
            + elementOperations.map { operation in
                var operation = operation
                operation.path = operation.path.isEmpty ? path : path + "." + operation.path
                return operation
            }
    }

    /// Adds an element operation; one of the same kind right before it takes the new elements instead, so that
    /// `push(["a"])` then `push(["b"])` is one push, as every backend can send it.
    fileprivate mutating func add(_ kind: PatchOperation.Kind) {
        if let last = elementOperations.last, last.path.isEmpty, let merged = last.kind.appending(kind) {
            elementOperations[elementOperations.count - 1].kind = merged
        } else {
            elementOperations.append(PatchOperation(path: "", kind: kind))
        }
    }
}

/// A document array's element that Cortex names by its own `_id` (generated structs of Cortex document arrays
/// conform): an update can change, clear or remove one element without sending the whole array.
public protocol DocumentArrayElement: BodyValueConvertible {
    /// The element's properties an update may clear: the optional ones the client can write, each with its API key
    /// as its raw value.
    associatedtype ClearableProperty: RawRepresentable<String>
}

/// The `ClearableProperty` of an element whose properties are all required: there is nothing to clear.
public enum NoClearableProperty: RawRepresentable, Sendable {
    /// No raw value names a property.
    public init?(rawValue: String) { nil }

    /// Never called: there is no value.
    public var rawValue: String {
        switch self {}
    }
}

extension ArrayUpdate where Element: DocumentArrayElement {
    /// Sets, in the element whose `_id` is `id`, each property that `values` has a value for, and nothing else:
    /// Cortex's `{"op":"set","path":"c_parts.<_id>.c_qty",…}`. Only Cortex addresses an element by its `_id`; the other
    /// dialects refuse such an update when it is rendered.
    ///
    /// ```swift
    /// var patch = Item.Patch()
    /// patch.parts.update(elementWithID: part.id!, setting: Item.Part(qty: 3))
    /// // PATCH /c_items/<id> [{"op":"set","path":"c_parts.<part _id>.c_qty","value":3}]
    /// ```
    public mutating func update(elementWithID id: ObjectID, setting values: Element) {
        guard case .object(let members) = values.bodyValue else { return }
        // A decoded element's body holds its `_id`, which names the element here and is no value to set, and its
        // keys that held `null`, which it has no value for.
        for member in members where member.key != BodyValue.documentIDKey && member.value != .null {
            var operation = PatchOperation(path: "\(id).\(member.key)", kind: .set(member.value))
            operation.elementID = id
            elementOperations.append(operation)
        }
    }

    /// Clears `properties` in the element whose `_id` is `id`, and nothing else: Cortex's
    /// `{"op":"remove","path":"c_parts.<_id>.c_label"}`. Only the element's optional properties can be named.
    ///
    /// ```swift
    /// var patch = Item.Patch()
    /// patch.parts.clear([.label], inElementWithID: part.id!)
    /// ```
    public mutating func clear(_ properties: [Element.ClearableProperty], inElementWithID id: ObjectID) {
        for property in properties {
            var operation = PatchOperation(path: "\(id).\(property.rawValue)", kind: .unset)
            operation.elementID = id
            elementOperations.append(operation)
        }
    }

    /// Removes the element whose `_id` is `id`: Cortex's `{"op":"remove","path":"c_parts","value":["<_id>"]}`.
    public mutating func remove(elementWithID id: ObjectID) {
        var operation = PatchOperation(path: "", kind: .pull([.value(.string(id.description))]))
        operation.elementID = id
        elementOperations.append(operation)
    }
}

extension ArrayUpdate where Operations: AllowsPush {
    /// Appends elements on the server. On Cortex a pushed element is a new one: a document array element's `_id`
    /// stays behind, and Cortex gives it one.
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
    /// What an operation does.
    public enum Kind: Sendable, Hashable {
        /// Sets the value.
        case set(BodyValue)
        /// Clears the property.
        case unset
        /// Adds an amount on the server.
        case increment(BodyValue)
        /// Multiplies by a factor on the server.
        case multiply(BodyValue)
        /// Appends the elements.
        case push([BodyValue])
        /// Removes every element equal to one of these.
        case pull([BodyValue])
        /// Adds the elements the array does not hold yet.
        case addToSet([BodyValue])
        /// mia's `$currentDate`: the server's time.
        case currentDate
        /// Parse's `AddRelation`: relates these objects (references) to this one.
        case addRelation([BodyValue])
        /// Parse's `RemoveRelation`: unrelates these objects (references) from this one.
        case removeRelation([BodyValue])

        /// This element operation with `next`'s elements added, when both are the same kind; else `nil`.
        func appending(_ next: Kind) -> Kind? {
            switch (self, next) {
            case (.push(let first), .push(let second)): .push(first + second)
            case (.pull(let first), .pull(let second)): .pull(first + second)
            case (.addToSet(let first), .addToSet(let second)): .addToSet(first + second)
            default: nil
            }
        }
    }

    /// The JSON path of the property changed, such as `c_when`.
    public var path: String
    /// What the operation does there.
    public var kind: Kind
    /// The `_id` of the document array element the operation changes or removes, as only Cortex can.
    public var elementID: ObjectID?

    /// An operation of `kind` at `path`.
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// True for a push, pull or add-to-set (and parse's relation changes): an operation on some elements, which
    /// can follow another such operation on the same array, where a set, clear or arithmetic must stand alone.
    var changesElements: Bool {
        switch kind {
        case .push, .pull, .addToSet, .addRelation, .removeRelation: true
        case .set, .unset, .increment, .multiply, .currentDate: false
        }
    }

    /// `operations` in order, cut into steps in which no path is changed twice: the requests of a backend that takes
    /// one operation per field and request (Mia-Platform's MongoDB operators, Parse's `__op`), when one array gets
    /// two kinds of element change.
    public static func steps(_ operations: [PatchOperation]) -> [[PatchOperation]] {
        var steps: [[PatchOperation]] = []
        var paths: Set<String> = []
        for operation in operations {
            if steps.isEmpty || !paths.insert(operation.path).inserted {
                steps.append([])
                paths = [operation.path]
            }
            steps[steps.count - 1].append(operation)
        }
        return steps
    }

    /// Throws for an operation on one document array element named by its `_id`, which only Cortex has.
    static func refuseElementAddressing(_ operations: [PatchOperation], dialect: String) throws {
        guard let operation = operations.first(where: { $0.elementID != nil }) else { return }
        throw BodyError(
            "\(dialect) can't address an array element by its _id (the update of '\(operation.path)'); only cortex "
                + "can. Set the whole array instead"
        )
    }

    /// The NaNs and infinities among the operation's values, which JSON cannot hold.
    func nonFiniteNumberViolations() -> [Violation] {
        switch kind {
        case .set(let value), .increment(let value), .multiply(let value):
            value.nonFiniteNumberViolations(at: path)
        case .push(let values), .pull(let values), .addToSet(let values), .addRelation(let values),
            .removeRelation(let values):
            // The elements' places in the stored array are the server's to decide: the path is the array's.
            values.flatMap { $0.nonFiniteNumberViolations(at: path) }
        case .unset, .currentDate: []
        }
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

    /// The operations, after checking that a path changed by a set, a clear or arithmetic is changed by nothing else
    /// (such operations contradict each other on every backend; element changes such as a push and a pull of one
    /// array do not, and apply in order) and that no value is NaN or an infinity, which JSON cannot hold.
    public func checkedOperations() throws -> [PatchOperation] {
        let operations = operations
        var elementPaths: Set<String> = []
        var wholePaths: Set<String> = []
        for operation in operations {
            let clashes =
                operation.changesElements
                ? wholePaths.contains(operation.path)
                : wholePaths.contains(operation.path) || elementPaths.contains(operation.path)
            if clashes {
                throw BodyError(
                    "'\(operation.path)' is changed twice in one update, and one of the changes sets, clears or "
                        + "computes it; make it one operation"
                )
            }
            if operation.changesElements {
                elementPaths.insert(operation.path)
            } else {
                wholePaths.insert(operation.path)
            }
        }
        let violations = operations.flatMap { $0.nonFiniteNumberViolations() }
        if !violations.isEmpty { throw ValidationError(violations: violations) }
        return operations
    }
}

/// Why a body could not be sent; nothing is sent.
public struct BodyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the operation or the path: one the dialect lacks, or a path changed twice.
    public var description: String

    /// An error with the message `description`, for an app's own dialect to throw.
    public init(_ description: String) {
        self.description = description
    }
}
