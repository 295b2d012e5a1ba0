/// The checked schema: every name decided, every type known, every reference pointing at something.
public struct ResolvedSchema: Hashable, Sendable {
    public var objects: [ResolvedObject]
    /// The backend the schema was resolved for (the config's `dialect`, or its schema files'), whose types the
    /// properties' Swift spellings name (`ParseFile` or `FileValue`).
    public var dialect: GeneratorConfig.Dialect = .cortex

    /// The type, and file, that lists the object definitions (`SchemaObjects.swift`).
    static let listingName = "SchemaObjects"

    /// Whether the output has the listing: when the schema has an object definition.
    var hasListing: Bool { objects.contains(where: \.isListed) }
}

public struct ResolvedObject: Hashable, Sendable {
    /// The member that selects a typed object's type (Cortex's `type`), which its enum reads and writes.
    public static let typeKey = "type"

    public var apiName: String
    public var swiftName: String
    public var label: String?
    public var description: String?
    /// The path segment of the object's API calls.
    public var pluralName: String
    public var sourceFile: String
    public var location: SourceLocation
    /// Properties every instance has (for objects with variants: the ones the variants share).
    public var properties: [ResolvedProperty]
    /// Cortex `objectTypes`; empty for an object without variants.
    public var variants: [ResolvedVariant]
    /// True for object definitions (they have an API path); false for models that only a mapping defines.
    public var isListed = true
    /// What a config calls the object (`filter`, `naming.overrides`): an object definition its API name, as the
    /// schema files write it; a model only a mapping defines its class's Swift name, as the mappings' `type`,
    /// `object` and `collection` do.
    public var configName: String { isListed ? apiName : swiftName }
    /// Every base path a Mia-Platform collection is served at, the first being `pluralName`, when it has more than
    /// one (the Console's `internalEndpoints`); empty otherwise.
    public var miaEndpoints: [MiaEndpointDefinition] = []
}

public struct ResolvedVariant: Hashable, Sendable {
    /// The value of the `type` field that selects this variant.
    public var apiName: String
    public var swiftName: String
    /// The enum case that carries it.
    public var caseName: String
    public var label: String?
    public var description: String?
    /// The variant's own properties; the object's shared ones come first in the generated struct.
    public var properties: [ResolvedProperty]
}

public struct ResolvedProperty: Hashable, Sendable {
    public var apiName: String
    public var swiftName: String
    public var label: String?
    public var description: String?
    public var location: SourceLocation
    public var type: ResolvedType
    public var isArray: Bool
    /// True when the Swift property is not optional: the backend returns it in every read (an id), or a mapping's
    /// default fills it in. A property the schema requires on create may still be missing from a read (access,
    /// projections): `definition.isRequired` says what `Create` requires.
    public var isRequired: Bool
    /// The property as its schema defines it.
    public var definition: PropertyDefinition {
        get { sharedDefinition.value }
        set { sharedDefinition = SharedValue(newValue) }
    }
    /// A resolved property is copied many times on its way to the templates, and a definition holds some twenty
    /// strings and lists: behind one reference, a copy retains it once instead of each of them.
    private var sharedDefinition: SharedValue<PropertyDefinition>
    /// Where the value sits in the JSON; `[apiName]` for a plain property, empty for AppCoreKit's `@self`.
    public var keyPath: [String]
    /// The JSON value used when the key is missing (a mapping's `default`).
    public var defaultValue: SyntaxNode? {
        get { mappingCoding?.value.defaultValue }
        set { updateMappingCoding { $0.defaultValue = newValue } }
    }
    /// A `null` counts as missing instead of being an error (only meaningful with a default).
    public var nullAsMissing: Bool {
        get { mappingCoding?.value.nullAsMissing ?? false }
        set { updateMappingCoding { $0.nullAsMissing = newValue } }
    }
    /// The list may come as its one element alone (a mapping's `singleAsArray`), read through `OneOrMany`.
    public var singleAsArray: Bool {
        get { mappingCoding?.value.singleAsArray ?? false }
        set { updateMappingCoding { $0.singleAsArray = newValue } }
    }
    /// The app's `ValueFormatter` type that converts the JSON value.
    public var formatter: ResolvedFormatter? {
        get { mappingCoding?.value.formatter }
        set { updateMappingCoding { $0.formatter = newValue } }
    }
    /// What only a mapping sets, out of line and nil when none is set: held inline, the default's and the
    /// formatter's syntax nodes took about half of every resolved property's memory.
    private var mappingCoding: SharedValue<MappingCoding>?
    /// A property every instance of the backend carries (Cortex `created`, Mia `__STATE__`, Parse `createdAt`, …),
    /// whether or not the schema lists it.
    public var isSystemProperty = false

    private struct MappingCoding: Hashable, Sendable {
        var defaultValue: SyntaxNode?
        var nullAsMissing = false
        var singleAsArray = false
        var formatter: ResolvedFormatter?
    }

    private mutating func updateMappingCoding(_ update: (inout MappingCoding) -> Void) {
        var coding = mappingCoding?.value ?? MappingCoding()
        update(&coding)
        // Nil when nothing is set, so that properties compare and hash as they did with the fields inline.
        mappingCoding = coding == MappingCoding() ? nil : SharedValue(coding)
    }

    init(
        apiName: String,
        swiftName: String,
        label: String?,
        description: String?,
        location: SourceLocation,
        type: ResolvedType,
        isArray: Bool,
        isRequired: Bool,
        definition: PropertyDefinition
    ) {
        self.init(
            apiName: apiName,
            swiftName: swiftName,
            label: label,
            description: description,
            location: location,
            type: type,
            isArray: isArray,
            isRequired: isRequired,
            definition: SharedValue(definition)
        )
    }

    /// A property that keeps `definition` as it is, shared with whatever else holds it (a backend's system
    /// property, the same in every model).
    init(
        apiName: String,
        swiftName: String,
        label: String?,
        description: String?,
        location: SourceLocation,
        type: ResolvedType,
        isArray: Bool,
        isRequired: Bool,
        definition: SharedValue<PropertyDefinition>
    ) {
        self.apiName = apiName
        self.swiftName = swiftName
        self.label = label
        self.description = description
        self.location = location
        self.type = type
        self.isArray = isArray
        self.isRequired = isRequired
        self.sharedDefinition = definition
        self.keyPath = [apiName]
    }
}

/// An immutable value behind a reference, compared and hashed by the value: a struct that holds one is copied with
/// one retain. Setting a new value means making a new `SharedValue`, so copies never see each other's changes.
final class SharedValue<Value: Hashable & Sendable>: Hashable, Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    static func == (lhs: SharedValue, rhs: SharedValue) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

public struct ResolvedFormatter: Hashable, Sendable {
    public var typeName: String
    /// `@transformUserData`: JSON that reaches the formatter as its typed `UserData`.
    public var userData: SyntaxNode?
}

extension ResolvedFormatter {
    /// ModelRuntime's lenient formatters, whose `Value` is the property's own type and which read a JSON literal of
    /// that type as itself.
    static let literalPreservingNames: Set<String> = [
        "LenientIntFormatter", "LenientDoubleFormatter", "LenientBoolFormatter", "LenientStringFormatter",
    ]

    /// Whether a default is checked and written as a plain literal of the property's type, rather than converted
    /// through the formatter in a static of its own: what the import from RestKit writes for every scalar.
    var takesLiteralDefault: Bool {
        userData == nil && Self.literalPreservingNames.contains(typeName)
    }
}

public struct ResolvedEnum: Hashable, Sendable {
    public struct Case: Hashable, Sendable {
        public var rawValue: String
        public var swiftName: String
    }

    public var swiftName: String
    public var cases: [Case]
    /// The case that keeps values the schema does not list.
    public var undocumentedCaseName: String
}

public struct ResolvedDocument: Hashable, Sendable {
    public var swiftName: String
    public var properties: [ResolvedProperty]
}

public indirect enum ResolvedType: Hashable, Sendable {
    case string
    case double
    case int
    case bool
    case date
    case dateOnly
    case objectID
    case file
    case any
    /// A Cortex type whose wire form no public file shows (Binary, Set), carried as JSON.
    case passedThrough(String)
    /// A reference to the object with this Swift name, or to an object the schema does not define (nil).
    case reference(target: String?)
    /// Cortex `List`: a read-only page of instances of the object with this Swift name (nil: undefined).
    case list(target: String?)
    /// Parse `Relation`: the many objects of the class with this Swift name (nil: undefined) related to this one.
    case relation(target: String?)
    /// Cortex `UUID`.
    case uuid
    /// Cortex `Geometry`: GeoJSON.
    case geometry
    /// Cortex `Facet`: one rendition of a file (`{"object": "facet", "name", "mime", …}`), as standard objects
    /// list them (`export.files`).
    case facet
    /// Mia-Platform and Parse `GeoPoint`.
    case geoPoint
    /// Parse `Polygon`.
    case polygon
    /// Parse `Bytes`.
    case bytes
    /// Parse `ACL`.
    case acl
    case enumeration(ResolvedEnum)
    case document(ResolvedDocument)
    case url
    /// A type spelled as given: a mapped model, an app type a formatter produces, or `Formatter.Value`.
    case named(String)
}
