import Foundation

/// Turns API names (`c_string_array`, `first-name`, `2fa`, `café`) into Swift names that read well.
/// Names are returned unescaped; `SwiftNaming.escaped` adds backticks where Swift needs them.
public struct SwiftNaming: Sendable {
    public var stripPrefixes: [String]

    public init(stripPrefixes: [String] = []) {
        // Longest first, so `c_x_` wins over `c_` when both are configured.
        self.stripPrefixes = stripPrefixes.sorted { $0.count > $1.count }
    }

    /// `c_stringArray` → `stringArray`, `_id` → `id`, `first-name` → `firstName`.
    public func propertyName(_ apiName: String) -> String {
        camelCase(words(stripped(apiName)), upperFirst: false)
    }

    /// `c_object` → `Object`, `c_in_person` → `InPerson`.
    public func typeName(_ apiName: String) -> String {
        camelCase(words(stripped(apiName)), upperFirst: true)
    }

    /// An enum case for a string value: `in-progress` → `inProgress`, `` → `empty`.
    public func caseName(_ value: String) -> String {
        value.isEmpty ? "empty" : camelCase(words(value), upperFirst: false)
    }

    func stripped(_ apiName: String) -> String {
        for prefix in stripPrefixes where apiName.hasPrefix(prefix) && apiName.count > prefix.count {
            return String(apiName.dropFirst(prefix.count))
        }
        return apiName
    }

    /// Splits on anything that cannot be part of an identifier; camelCase humps inside a word are kept.
    func words(_ name: String) -> [String] {
        // Most names are ASCII: split them on their bytes, without Character's Unicode properties.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            return name.utf8.split { byte in
                !((0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte))
            }
            .map { String(decoding: $0, as: UTF8.self) }
        }
        // Fold accents first, so `café` reads `cafe` rather than losing the letter.
        let folded =
            name.utf8.allSatisfy { $0 < 0x80 }
            ? name : name.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = []
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                // A letter can carry invisible scalars (a zero-width joiner extends it); the name keeps only what
                // Swift reads as part of an identifier and a reader can see.
                current.unicodeScalars.append(
                    contentsOf: character.unicodeScalars.filter(SwiftText.isIdentifierCharacter)
                )
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    func camelCase(_ words: [String], upperFirst: Bool) -> String {
        guard !words.isEmpty else { return upperFirst ? "Unnamed" : "unnamed" }
        var result = ""
        for (index, word) in words.enumerated() {
            if index == 0 && !upperFirst {
                result += lowercasedLeadingCapitals(word)
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        // Identifiers cannot start with a digit (or a combining mark); a leading underscore keeps the digits readable
        // (`_2fa`).
        if let first = result.unicodeScalars.first, !SwiftText.isIdentifierHead(first) { result = "_" + result }
        return result
    }

    /// `URL` → `url`, `URLString` → `urlString`, `Name` → `name`, `iPhone` stays.
    private func lowercasedLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return word }
        if upperRun == characters.count { return word.lowercased() }
        let lowerCount = upperRun == 1 ? 1 : upperRun - 1
        return String(characters[..<lowerCount]).lowercased() + String(characters[lowerCount...])
    }

    /// The name as it must be written in a declaration: keywords get backticks.
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The name as an argument label in a call (`.init(default: value)`): any keyword but `inout` and `_` is a label
    /// there as it is, and the compiler warns of the backticks on the others.
    public static func argumentLabel(_ name: String) -> String {
        ["inout", "_"].contains(name) ? "`\(name)`" : name
    }

    /// Words Swift reserves in declarations and expressions.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "_",
    ]

    /// Names a property can't have: members the generated types get from their protocols (`Hashable`'s
    /// `hashValue`) or hold themselves (`unknownMembers`; a `Create`'s `members`, a `Patch`'s `operations`, a
    /// Document's `bodyValue`, beside the properties of the same names those bodies copy from the model), and
    /// functions their code calls unqualified, which a property of the same name would hide (`equalValues` in `==`).
    /// With them the private stored members of a model (`_nullKeys`) and of its query fields (`_prefix`), which only
    /// an override or a mapping can name, since a schema's leading underscores are dropped.
    /// Reserved whether or not the config generates bodies, so that adding them renames nothing.
    static let reservedMemberNames: Set<String> = [
        "hashValue", "equalValues", "unknownMembers", "members", "operations", "bodyValue", CustomCoding.nullKeysName,
        "_prefix",
    ]

    /// `name`, or `name + "Object"` with a warning at `location` when a model of that name would hide a type the
    /// generated code uses (`reservedTypeNames`), or, unless the user `chose` the name in `naming.overrides`, one
    /// that an app names (`appTypeNames`). `what` says what the type is made from (`object 'c_x'`,
    /// `mapping 'Optional'`), and the hint suggests a `naming.overrides` entry for `overrideKey`. A model names its
    /// file too: a name too long for one (`fileNameLimit`) is an error there.
    static func unreservedTypeName(
        _ name: String,
        for what: String,
        overrideKey: String,
        chosen: Bool = false,
        at location: SourceLocation,
        _ diagnostics: inout Diagnostics
    ) -> String {
        let hint = "choose another name with 'naming.overrides: { \(overrideKey): NewName }'"
        // `Any` + `Object` is Swift's `AnyObject`, reserved too: the suffix goes on until the name is free.
        var unreserved = name
        let isObjectiveCName = isObjectiveCFoundationName(name)
        if !chosen, isObjectiveCName { unreserved += "Object" }
        while reservedTypeNames.contains(unreserved) || (!chosen && appTypeNames.contains(unreserved)) {
            unreserved += "Object"
        }
        if unreserved != name {
            // Where a file imports Foundation and the models, neither's type of one name hides the other's.
            let reason =
                !reservedTypeNames.contains(name) && (foundationTypeNames.contains(name) || isObjectiveCName)
                ? "be ambiguous with Foundation's type of that name in every file that imports both"
                : "hide the type of that name"
            diagnostics.warning(
                "\(what) is named '\(unreserved)' in Swift, since '\(name)' would \(reason)",
                at: location,
                hint: hint
            )
        }
        if (unreserved + ".swift").utf8.count > fileNameLimit {
            diagnostics.error(
                "\(what) would be named '\(unreserved.prefix(40))…' in Swift, and its file's name would be longer than the \(fileNameLimit) bytes file systems allow",
                at: location,
                hint: hint
            )
        }
        return unreserved
    }

    /// Whether `name` is spelled as Foundation's Objective-C classes are (`NS` and a capital: `NSMutableDictionary`,
    /// which RestKit apps map into): an app's own classes don't take Apple's prefix, so a model of such a name is
    /// one of Foundation's, which ``foundationTypeNames`` leaves out by their number.
    static func isObjectiveCFoundationName(_ name: String) -> Bool {
        name.hasPrefix("NS") && name.dropFirst(2).first.map { $0.isASCII && $0.isUppercase } == true
    }

    /// The longest file name, in bytes, that the file systems apps are built on allow (`NAME_MAX` on Linux and
    /// macOS).
    static let fileNameLimit = 255

    /// `name`, or `name + "Property"` with a warning at `location` when a property of that name would hide what the
    /// generated code means by it: a reserved member, or a type its coding names in expressions (`URL.self`,
    /// `Owner.self`): the reserved type names and `modelNames` (the models' own names, and nested types already
    /// named).
    static func propertyName(
        _ name: String,
        for apiName: String,
        modelNames: Set<String>,
        at location: SourceLocation,
        hint: String? = nil,
        _ diagnostics: inout Diagnostics
    ) -> String {
        guard reservedMemberNames.contains(name) || reservedTypeNames.contains(name) || modelNames.contains(name)
        else { return name }
        diagnostics.warning(
            "property '\(apiName)' is named '\(name)Property' in Swift, since '\(name)' already means something else in the generated code",
            at: location,
            hint: hint
        )
        return name + "Property"
    }

    /// Type names the generated code uses itself; a generated type of the same name would hide them. With them the
    /// names generated types declare inside themselves (`typealias Model`, `Fields<Root>`), which would hide a model
    /// of that name there, and `AnyObject`, which the app's own code means by that name.
    static let reservedTypeNames: Set<String> = runtimeTypeNames.union([
        "Model", "Root", "AnyObject",
        "String", "Int", "Double", "Bool", "Date", "URL", "Data", "Optional", "Array", "Dictionary", "Set",
        "ObjectID", "Reference", "FileValue", "Facet", "JSONValue", "DateOnly", "ISO8601Date", "Codable",
        "Decodable", "Encodable", "Hashable", "Sendable", "Identifiable", "CodingKey", "CodingKeys", "Decoder",
        "Encoder", "RawRepresentable", "Error", "Swift", "Foundation", "ModelRuntime", "Type", "Self", "Any",
        "Protocol", "Never", "Void", "Fields", "IncludableFields", "ExpandableFields", "QueryFields", "SchemaObjects",
        "SchemaObject", "Create", "Patch", "FacetRules", "JSONKey", "SelfCoding", "Result", "ClearableProperty",
    ])

    /// Types an app's own code names beside the models: Swift's (``standardLibraryTypeNames``), Foundation's
    /// (``foundationTypeNames``), and the public types of the runtime's three libraries (``runtimeLibraryTypeNames``).
    /// A model of the same name hides such a type, or makes it ambiguous, in every file that imports the models. Only
    /// top-level models are renamed for them: a nested `Visit.Duration` hides nothing outside `Visit`.
    static let appTypeNames: Set<String> = standardLibraryTypeNames.union(runtimeLibraryTypeNames).union(
        foundationTypeNames
    )

    /// Types of Swift's standard library and concurrency that an app's own code names: a model of the same name (a
    /// Medable `c_task` is `Task`) would hide them in every file that imports the models, since a module's types hide
    /// the standard library's of the same name, and `Task { … }` there would no longer start a task.
    static let standardLibraryTypeNames: Set<String> = [
        "Task", "TaskGroup", "ThrowingTaskGroup", "DiscardingTaskGroup", "TaskPriority", "TaskLocal", "Actor",
        "MainActor", "GlobalActor", "AsyncStream", "AsyncThrowingStream", "AsyncSequence", "AsyncIteratorProtocol",
        "CheckedContinuation", "UnsafeContinuation", "CancellationError", "Duration", "Clock", "ContinuousClock",
        "SuspendingClock", "Character", "Substring", "StaticString", "Unicode", "Float", "Float16", "Float32",
        "Float64", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Range",
        "ClosedRange", "Sequence", "Collection", "Equatable", "Comparable", "Mirror", "Hasher", "Slice", "KeyPath",
        "Numeric", "Strideable", "Sendable", "Encodable", "Decodable",
    ]

    /// The public types of `ModelRuntime`, `ModelRuntimeClient` and `ModelRuntimeTesting` that generated code doesn't
    /// name (those are ``runtimeTypeNames``), but an app's does: a Medable `c_query` named `Query` hid the runtime's
    /// `Query<Model>` in every file importing the models, and a model `Page` made the client's `Page<Model>`
    /// ambiguous. `ReservedNamesTests` checks the list against the libraries' sources.
    static let runtimeLibraryTypeNames: Set<String> = [
        "AllowsAddToSet", "AllowsPull", "AllowsPush", "ArrayOperations", "BodyDialect", "BodyError", "Condition",
        "ConditionNode", "CortexDialect", "DatePatternFormatter", "DecodingReport", "ElementCondition", "ElementValue",
        "FacetState", "FieldOperator", "FieldPathRepresentable", "FileLocation", "FilterRenderer", "GeoCoordinate",
        "GeoDistance", "GeoOperator", "GeoPointValue", "IDSyntax", "ISO8601DateCodable", "ISO8601DateCoding",
        "InvalidObjectIDError", "KeyPathObject", "LenientBoolFormatter", "LenientDoubleFormatter",
        "LenientIntFormatter",
        "LenientStringFormatter", "MiaDialect", "MiaEndpoint", "MiaEndpoints", "MiaState", "MimeTypes",
        "NamedCodingKey",
        "NoUserData", "ParseDialect", "PatchBody", "PathSegment", "PendingUpload", "Query", "QueryComparable",
        "QueryDialect", "QueryError", "QueryJSON", "QueryLiteral", "QueryParts", "ReferenceIdentifier",
        "ReferenceValue",
        "RegexOptions", "RenderedRequest", "RequestPathError", "RestKitDateFormatter", "RestKitPatternDateFormatter",
        "SortKey", "Subquery", "TextSearch",
        "TextSearchPlacement",
        "UnconvertibleValue", "UploadedFile", "ValidationError", "ValueConditions", "ValueFormatter", "WireDialect",
        "WireEncodedValue",
        // ModelRuntimeClient
        "BatchError", "ClientDialect", "FileUploader", "HTTPTransport", "HTTPTransportError", "InvalidPolicyError",
        "ListEnvelope", "ListLayout", "ModelClient", "ModelClientError", "MultipartFormData", "Page",
        "ParseCredentials", "ParseSession",
        "PartialUpdateError", "PollingPolicy", "RedirectPolicy", "RequestHeaderError", "RetryPolicy", "ServerRefusal",
        "URLSessionTransport",
        "UploadError", "UploadProgress", "WriteAnswer",
        // ModelRuntimeTesting
        "BackendClock", "IDGenerator", "InMemoryBackend", "InMemoryBackendError", "InMemoryDialect", "RecordedRequest",
        "RequestMatch", "ScriptedFault", "StoredFile",
    ]

    /// The types of `ModelRuntime` that generated code names: a schema object of the same name would hide them in
    /// the module that holds the output. `ReservedNamesTests` checks the goldens name no other.
    static let runtimeTypeNames: Set<String> = [
        "ArrayField", "ArrayOperationSet", "ArrayUpdate", "BodyMember", "BodyValue", "BodyValueConvertible",
        "CommonPropertiesCarrying", "CortexList",
        "CortexSystemFields", "CortexSystemProperties", "CreateBody", "DateUpdate", "DocumentArrayElement",
        "DocumentArrayField", "DocumentBody", "DocumentField", "ExpandPath", "FacetRule", "FieldCollection",
        "FieldPath", "FieldUpdate", "FileField", "FileUpload", "GeoJSONGeometry", "GeoPosition", "IncludePath",
        "KeepsUnknownMembers", "MaybeAbsent", "MemberKey", "MemberwiseEquatable", "MiaSystemFields",
        "MiaSystemProperties", "NoClearableProperty", "NullKeys", "NumberUpdate", "ObjectTypeCoding", "OneOrMany",
        "OpenEnumeration",
        "ParseACL", "ParseBytes", "ParseDate", "ParseFile", "ParseGeoPoint", "ParseIdentifiable", "ParsePointer",
        "ParsePolygon",
        "ParseRelation", "ParseSystemFields", "ParseSystemProperties", "PatchOperation", "Present", "QueryValue",
        "QueryableModel", "RawObjectField", "ReferenceArrayField", "ReferenceField", "RelationField", "RelationUpdate",
        "RequiredCreateMembers", "SystemFieldsCarrying", "SystemPropertiesCarrying", "UUIDString", "UnknownFields",
        "UnknownMembers",
        "UpdateBody", "Validation", "ValueField", "Violation",
    ]
}
