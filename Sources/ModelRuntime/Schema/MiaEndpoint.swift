/// One base path a Mia-Platform CRUD service serves a collection at (an element of the Console's
/// `internalEndpoints`), with the `__STATE__` a document created through it gets when its body names none.
public struct MiaEndpoint: Sendable, Hashable {
    /// The path of the calls below the client's base URL, without its leading slash: `internal/books`.
    public var basePath: String
    /// The state of a document created through this path without one; nil when the collection leaves it to the
    /// service, which creates documents as `DRAFT`.
    public var defaultState: MiaState?

    /// An endpoint, as the generated code lists them.
    public init(basePath: String, defaultState: MiaState?) {
        self.basePath = basePath
        self.defaultState = defaultState
    }
}

/// A Mia-Platform collection the CRUD service serves at several base paths: the same documents with the same fields
/// at each, typically one per `__STATE__` a create gets. The model's ``SchemaObject/pluralName`` is the first, and
/// the typed calls of `ModelClient` use it; the others are reached with `ModelClient.get(_:path:queryItems:)` and
/// `ModelClient.post(_:to:answer:)`.
public protocol MiaEndpoints: SchemaObject {
    /// Every base path of the collection, in the order the Console lists them: the first is
    /// ``SchemaObject/pluralName``.
    static var internalEndpoints: [MiaEndpoint] { get }
}
