import Foundation

/// An update of a Parse Relation: objects to relate and objects to unrelate, sent as `AddRelation` and
/// `RemoveRelation` (Parse takes one of the two per field and request, so an update that does both sends two).
public struct RelationUpdate<ID: ReferenceIdentifier & Hashable>: Sendable, Hashable {
    /// The ids of the objects to relate.
    public var added: [ID] = []
    /// The ids of the objects to unrelate.
    public var removed: [ID] = []

    /// No change.
    public init() {}

    /// Relates the objects `ids`.
    public mutating func add(_ ids: [ID]) { added += ids }

    /// Unrelates the objects `ids`.
    public mutating func remove(_ ids: [ID]) { removed += ids }

    /// The operations at `path`, each id written as a Pointer to `object`.
    public func operations(at path: String, object: String) -> [PatchOperation] {
        var operations: [PatchOperation] = []
        if !added.isEmpty {
            operations.append(
                PatchOperation(path: path, kind: .addRelation(added.map { .reference($0, object: object) }))
            )
        }
        if !removed.isEmpty {
            operations.append(
                PatchOperation(path: path, kind: .removeRelation(removed.map { .reference($0, object: object) }))
            )
        }
        return operations
    }
}

extension ParsePointer: BodyValueConvertible {
    /// A pointer is written as itself: `{"__type": "Pointer", "className", "objectId"}`.
    public var bodyValue: BodyValue { .value(.reference(id: id, object: className)) }
}
