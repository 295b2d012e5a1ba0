/// A Parse class's model, identified by its `objectId`, so that SwiftUI's `List` and `ForEach`, and any other API
/// over `Identifiable`, take its instances as they take a Cortex or Mia-Platform model's, whose `id` is its `_id`.
///
/// Generated models of Parse classes conform unless a property of theirs is named `id` in Swift (a field of the class's
/// own, which keeps its name) or `naming.overrides` renames `objectId`.
public protocol ParseIdentifiable: Identifiable where ID == String {
    /// The id Parse Server gave the object when it was created.
    var objectId: String { get }
}

extension ParseIdentifiable {
    /// The object's `objectId`.
    public var id: String { objectId }
}
