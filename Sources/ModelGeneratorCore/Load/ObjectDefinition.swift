/// An object definition as written in a schema file, before any checking beyond its shape.
public struct ObjectDefinition: Hashable, Sendable {
    public var name: Located<String>
    public var label: String?
    public var pluralName: String?
    public var description: String?
    public var properties: [PropertyDefinition]
    /// Cortex's typed variants of one object (`objectTypes`).
    public var objectTypes: [ObjectTypeDefinition]
    /// The schema file this definition came from, as the config names it.
    public var sourceFile: String
    /// The backend whose own file this definition was read from.
    public var format: SchemaFormat = .objects
    /// Mia-Platform's `defaultState`: the `__STATE__` the CRUD service gives an instance created without one.
    public var defaultState: String?
    /// The Mia-Platform Console's internal endpoints after the first (whose path is `pluralName` and whose state is
    /// `defaultState`): more base paths the CRUD service serves the same documents at.
    public var otherEndpoints: [MiaEndpointDefinition] = []

    /// Read from Cortex's own files (an export or mdctl's `env/objects/`), where every instance also carries the
    /// built-in `_id`.
    public var isFromCortexExport: Bool { format == .cortex }
}

public struct ObjectTypeDefinition: Hashable, Sendable {
    public var name: Located<String>
    public var label: String?
    public var description: String?
    public var properties: [PropertyDefinition]
}

/// What a server gives a property that a create leaves out.
public enum ServerDefault: Hashable, Sendable {
    /// A value the schema gives: Parse's `defaultValue`, a JSON Schema's `default`, Cortex's `static` default.
    case value(SyntaxNode)
    /// A value the server makes when it creates the instance, as the schema names it: Cortex's `env` default with its
    /// value (`now`, `increment`), its `expression` default with the expression, a UUID's `autoGenerate`.
    case computed(kind: String, detail: SyntaxNode?)
}

extension [PropertyDefinition] {
    /// The same properties, each array of them or of their Documents offering every array operation: a backend whose
    /// updates may push onto, pull from and add to any array (Mia-Platform's CRUD service's `$push`, `$pull` and
    /// `$addToSet`, Parse's `Add`, `Remove` and `AddUnique`), where Cortex says per property.
    func allowingEveryArrayOperation() -> [PropertyDefinition] {
        map { property in
            var property = property
            if property.isArray { (property.canPush, property.canPull, property.hasUniqueValues) = (true, true, true) }
            property.properties = property.properties.allowingEveryArrayOperation()
            return property
        }
    }
}

public struct PropertyDefinition: Hashable, Sendable {
    public var name: Located<String>
    public var type: Located<String>
    public var label: String?
    public var description: String?
    public var isArray = false
    public var isInteger = false
    public var isDateOnly = false
    public var sourceObject: Located<String>?
    public var isExpandable = false
    /// Subproperties of a Document.
    public var properties: [PropertyDefinition] = []
    /// Facets of a File.
    public var facets: [FacetDefinition] = []
    public var validators: [ValidatorDefinition] = []
    public var isRequired = false
    /// The backend may send `null` for the property (Mia-Platform's and JSON Schema's `nullable: true`).
    public var isNullable = false
    /// A Document (of a document array, each element) whose schema takes no member it doesn't define (JSON Schema's
    /// `additionalProperties: false`), which the backend refuses.
    public var isClosed = false
    /// Cortex's `optional: true`: not returned unless a query asks for it.
    public var isOptionalInResponses = false
    public var isReadable = true
    public var isWritable = true
    public var isCreatable = false
    public var isIndexed = false
    /// What the server gives the property when a create leaves it out, where the schema says: a create may then leave
    /// it out even when it is required.
    public var serverDefault: ServerDefault?
    /// Whether a create must send the property, which makes it a parameter of `Create`'s initializer: the schema's
    /// `required` (not whether reads always carry it), and not one the server fills in.
    public var isRequiredOnCreate: Bool { isRequired && serverDefault == nil }
    public var minItems: Int?
    public var maxItems: Int?
    public var canPush = false
    public var canPull = false
    public var hasUniqueValues = false
    /// Where each flag set to true was written (`integer` → its value's location), to point at one that doesn't fit.
    public var flagLocations: [String: SourceLocation] = [:]

    public init(name: Located<String>, type: Located<String>) {
        self.name = name
        self.type = type
    }
}

public struct FacetDefinition: Hashable, Sendable {
    public var name: Located<String>
    public var mimes: [String] = []
    public var isRequired = false
    public var maxFileSize: Int?
    /// False for facets the server makes itself (a thumbnail): a client cannot upload them.
    public var allowsUpload = true
}

public struct ValidatorDefinition: Hashable, Sendable {
    public var name: Located<String>
    /// The validator's options, such as `values` of a `stringEnum` or `min`/`max` of a `string`.
    public var definition: SyntaxNode?
}

/// One of the base paths a Mia-Platform CRUD service serves a collection at (the Console's `internalEndpoints`).
public struct MiaEndpointDefinition: Hashable, Sendable {
    /// The path of the API calls, without its leading slash.
    public var basePath: String
    /// The `__STATE__` a document created through this path gets when its body has none.
    public var defaultState: String?
}
