/// A mapping context as written in a mapping file (YAML or AppCoreKit `.mappings`): how JSON maps onto one Swift
/// type. Both spellings load into this one shape.
public struct MappingContextDefinition: Hashable, Sendable {
    /// The context's identifier: the YAML key, or the `.mappings` key such as `$TweetModel`.
    public var name: Located<String>
    /// The Swift type it produces (`@class`); nil for a template that is only inherited.
    public var swiftType: Located<String>?
    /// The object definition it refines (`object:` / `@source`).
    public var source: Located<String>?
    /// Contexts whose properties come first, in order (`@inherits`).
    public var inherits: [Located<String>] = []
    public var properties: [MappedPropertyDefinition] = []
    /// JSON name → Swift name, for properties of the refined object definition (MMDataObject's `setAlias`).
    public var aliases: [Alias] = []
    /// JSON name → formatter type, for properties of the refined object definition.
    public var formatters: [FormatterAssignment] = []
    /// The mapping file the context is written in.
    public var file: String
    /// For an AppCoreKit context that holds only property attributes, such as a transform
    /// (`"$trimmed_string": {"@transformClass": …, "@transformSelector": …}`): the attributes, which properties take
    /// with their own `@inherits`.
    public var attributes: MappedPropertyDefinition?

    public struct Alias: Hashable, Sendable {
        public var jsonName: Located<String>
        public var swiftName: Located<String>
    }

    public struct FormatterAssignment: Hashable, Sendable {
        public var jsonName: Located<String>
        public var formatter: Located<String>
    }
}

public struct MappedPropertyDefinition: Hashable, Sendable {
    /// The Swift property's name.
    public var name: Located<String>
    /// Where the value sits in the JSON, dotted (`user.profile_image_url`), or `@self` for the whole object.
    /// Nil means the property's own name.
    public var keyPath: Located<String>?
    /// An explicit Swift type (`type` / `@type`): `String`, `URL`, `[TweetModel]`, …
    public var type: Located<String>?
    public var isOptional: Bool?
    public var defaultValue: SyntaxNode?
    /// A `null` in the JSON counts as missing (and takes the default) instead of being an error.
    public var nullAsMissing = false
    /// A list may come as its one element alone, which reads as a list of one (`singleAsArray` / `@singleAsArray`),
    /// as RestKit read a to-many relationship; nil when the mapping does not say.
    public var singleAsArray: Located<Bool>?
    /// The app's `ValueFormatter` type: `formatter`, or in `.mappings` the name of `@transformSelector`
    /// (`trimmedString:` → `TrimmedString`), since one transform class often holds many transforms; `@transformClass`
    /// names it only when there is no selector.
    public var formatter: Located<String>?
    /// AppCoreKit's `@transformClass`, kept for the formatter's name when no selector is given.
    public var transformClass: Located<String>?
    /// Contexts holding only attributes that this property takes first (AppCoreKit's `@inherits` on a property).
    public var inherits: [Located<String>] = []
    public var userData: SyntaxNode?
    /// A nested model (`object` / `@object`).
    public var object: ObjectMapping?
    /// True for `collection:` and `@collection`, false when explicitly single, nil when the sample must tell.
    public var isCollection: Bool?
    public var location: SourceLocation
}

/// The model a property's JSON object (or each element of its array) maps to.
public indirect enum ObjectMapping: Hashable, Sendable {
    /// Another context, by its identifier (`$UserModel`) or Swift type name (`UserModel`).
    case named(Located<String>, swiftType: Located<String>?)
    /// Mappings written in place, with their own `@class`.
    case inline(MappingContextDefinition)
}
