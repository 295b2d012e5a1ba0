/// The checked schema: every name decided, every type known, every reference pointing at something.
public struct ResolvedSchema: Hashable, Sendable {
    public var objects: [ResolvedObject]
}

public struct ResolvedObject: Hashable, Sendable {
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
    public var isRequired: Bool
    public var definition: PropertyDefinition
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
    /// A Cortex type without a dedicated Swift type (Geometry, Binary, …), carried as JSON.
    case passedThrough(String)
    /// A reference to the object with this Swift name, or to an object the schema does not define (nil).
    case reference(target: String?)
    case enumeration(ResolvedEnum)
    case document(ResolvedDocument)
}
