import Mustache

// The view models the templates lay out. Every decision about the Swift text is made when these are built
// (in `Translator`); templates only place the strings. Every key a template reads is always present (an
// empty list or false, never nil), because a mustache lookup that finds nothing falls back to the enclosing
// context and would silently pick up the parent's value.

/// One generated file.
public struct FileView: Sendable, TemplateView {
    public var headerLines: [String]
    public var imports: [String]
    public var declarations: [DeclarationView]
    /// The listing file's entries; empty in model files.
    public var listing: [ListingEntryView]
    public var access: String
    /// A one-entry listing's `static let all: … = [Type.self]`, broken inside its brackets when too long for its line.
    public var listingLines: [String] = []
    /// Filled in by the renderer: each declaration's text.
    var renderedDeclarations: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "headerLines": headerLines
        case "imports": imports
        case "declarations": renderedDeclarations
        case "listing": listing
        // swift-format writes a one-element list on one line, without the trailing comma.
        case "listingOnOneLine": listing.count == 1
        case "listingLines": listingLines
        case "access": access
        default: nil
        }
    }
}

/// A type declaration: exactly one of the three lists holds one element.
public struct DeclarationView: Sendable, TemplateView {
    public var structs: [StructView] = []
    public var enums: [EnumView] = []
    public var variantEnums: [VariantEnumView] = []

    /// The template that renders it.
    var templateName: String {
        !structs.isEmpty ? "struct" : !enums.isEmpty ? "enum" : "variantEnum"
    }

    public func value(named name: String) -> Any? {
        switch name {
        case "structs": structs
        case "enums": enums
        case "variantEnums": variantEnums
        default: nil
        }
    }
}

public struct StructView: Sendable, TemplateView {
    public var docLines: [String]
    public var access: String
    public var name: String
    /// The declaration up to its opening brace (`public struct Name: Codable, … {`), on more lines when it is long.
    public var declarationLines: [String]
    /// The conformances as one list without `MemberwiseEquatable`, for a user's own template written before
    /// `declarationLines`, which declares `static func ==` itself and renders as it always did.
    public var conformances: String
    public var properties: [PropertyView]
    /// The memberwise initializer's parameters, each already followed by its comma where one is needed.
    public var initParameters: [String]
    /// True when the parameters fit on the `init(` line.
    public var initOnOneLine: Bool
    public var initAssignments: [String]
    /// `initAssignments` as lines, each broken after its `=` when too long for its line.
    public var initAssignmentLines: [String]
    public var nestedTypes: [DeclarationView]
    /// The bodies of `init(from:)` and `encode(to:)`; empty for a struct without properties, whose synthesized
    /// coding is all it needs.
    public var decodeLines: [String] = []
    public var encodeLines: [String] = []
    /// `private static let` lines the coding uses.
    public var staticLines: [String] = []
    /// The body of `membersAreEqual` (the struct's `==`, from `MemberwiseEquatable`) before its `return true`: one
    /// `guard` per stored property. Empty for a struct without properties, whose synthesized `==` is all it needs.
    public var equalityLines: [String] = []
    /// The parameters one per line as swift-format breaks those too long for theirs, for an `init(` that doesn't fit
    /// on one line.
    public var initParameterLines: [String] = []

    /// Filled in by the renderer: each nested declaration's text, indented one level.
    var renderedNestedTypes: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "docLines": docLines
        case "access": access
        case "name": self.name
        case "declarationLines": declarationLines
        case "conformances": conformances
        case "properties": properties
        case "initParameters": initParameters
        case "initParameterLines": initParameterLines
        case "initParametersInline": initParameters.joined(separator: " ")
        case "initOnOneLine": initOnOneLine
        case "initAssignments": initAssignments
        case "initAssignmentLines": initAssignmentLines
        case "hasInitAssignments": !initAssignments.isEmpty
        case "nestedTypes": renderedNestedTypes
        case "decodeLines": decodeLines
        case "encodeLines": encodeLines
        case "hasCustomCoding": !decodeLines.isEmpty
        case "staticLines": staticLines
        case "hasStaticLines": !staticLines.isEmpty
        case "equalityLines": equalityLines
        case "hasEquality": !equalityLines.isEmpty
        default: nil
        }
    }
}

public struct PropertyView: Sendable, TemplateView {
    public var docLines: [String]
    public var access: String
    public var name: String
    public var type: String
    /// `var name: Type`, on the lines swift-format gives it (``CodeLayout/property(_:type:opensBody:)``).
    public var declarationLines: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "docLines": docLines
        case "access": access
        case "name": self.name
        case "type": type
        case "declarationLines": declarationLines
        default: nil
        }
    }
}

public struct EnumView: Sendable, TemplateView {
    public struct Case: Sendable, TemplateView {
        public var name: String
        public var rawValue: String
        /// `case "raw": self = .name` in `init(rawValue:)` and `case .name: "raw"` in `rawValue`, as swift-format lays
        /// them out; empty where the enum is not declared from them (`ClearableProperty`).
        public var initLines: [String] = []
        public var rawValueLines: [String] = []
        /// `case name` (`case name = "raw"` in `ClearableProperty`), the case's declaration, broken after `case` (after
        /// the `=`) when it doesn't fit.
        public var declarationLines: [String] = []

        public func value(named name: String) -> Any? {
            switch name {
            case "name": self.name
            case "rawValue": rawValue
            case "initLines": initLines
            case "rawValueLines": rawValueLines
            case "declarationLines": declarationLines
            default: nil
            }
        }
    }

    public var docLines: [String]
    public var access: String
    public var name: String
    public var cases: [Case]
    public var undocumentedCase: String
    /// The declaration up to its opening brace (`public enum Name: RawRepresentable, … {`), on more lines when it is
    /// long.
    public var declarationLines: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "docLines": docLines
        case "access": access
        case "name": self.name
        case "cases": cases
        case "undocumentedCase": undocumentedCase
        case "declarationLines": declarationLines
        default: nil
        }
    }
}

/// An object with Cortex `objectTypes`: an enum over its `type` field, each case carrying its own struct.
public struct VariantEnumView: Sendable, TemplateView {
    public struct Case: Sendable, TemplateView {
        public var name: String
        public var typeName: String
        public var apiName: String
        /// `case name(TypeName)`, one level inside the enum, as swift-format breaks it when too long for its line.
        public var declarationLines: [String]
        /// The case's lines in the switches of `type`, `init(from:)` and `encode(to:)`, which sit two levels deep,
        /// as swift-format lays them out.
        public var typeLines: [String]
        public var decodeLines: [String]
        public var encodeLines: [String]

        public func value(named name: String) -> Any? {
            switch name {
            case "name": self.name
            case "typeName": typeName
            case "apiName": apiName
            case "declarationLines": declarationLines
            case "typeLines": typeLines
            case "decodeLines": decodeLines
            case "encodeLines": encodeLines
            default: nil
            }
        }
    }

    public var docLines: [String]
    public var access: String
    public var name: String
    public var conformances: String
    public var cases: [Case]
    public var undocumentedCase: String
    /// The variants' structs, then the types their shared properties declare.
    public var nestedTypes: [DeclarationView]
    /// The declaration up to its opening brace (`public enum Name: Codable, … {`), on more lines when it is long.
    public var declarationLines: [String] = []
    /// Filled in by the renderer: each nested declaration's text, indented one level.
    var renderedNestedTypes: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "docLines": docLines
        case "access": access
        case "name": self.name
        case "conformances": conformances
        case "cases": cases
        case "undocumentedCase": undocumentedCase
        case "nestedTypes": renderedNestedTypes
        case "declarationLines": declarationLines
        default: nil
        }
    }
}

public struct ListingEntryView: Sendable, TemplateView {
    public var apiName: String
    public var pluralName: String
    public var typeName: String
    public var comma: String
    /// The `MiaEndpoint(…)` elements of a collection served at several base paths; empty for any other object.
    public var endpointLines: [String] = []
    /// `Type.self,` in the listing, `extension Type: SchemaObject {` with its `apiName` and `pluralName`, and
    /// `extension Type: MiaEndpoints {`, on the lines swift-format gives them.
    public var entryLines: [String] = []
    public var declarationLines: [String] = []
    public var nameLines: [String] = []
    public var endpointsDeclarationLines: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "apiName": apiName
        case "pluralName": pluralName
        case "typeName": typeName
        case "comma": comma
        case "hasEndpoints": !endpointLines.isEmpty
        case "endpointLines": endpointLines
        case "entryLines": entryLines
        case "declarationLines": declarationLines
        case "nameLines": nameLines
        case "endpointsDeclarationLines": endpointsDeclarationLines
        default: nil
        }
    }
}

/// A model's query builder: the part of its file after the model (without header or imports there).
public struct QueryFileView: Sendable, TemplateView {
    public var access: String
    public var modelName: String
    public var includable: [QueryFieldView]
    public var expandable: [QueryFieldView]
    public var fieldsStructs: [FieldsStructView]
    /// Enums the fields compare, which need `QueryValue`.
    public var queryValueEnums: [String]
    /// Their `extension Name: QueryValue {}` declarations, each after an empty line, as swift-format lays them out.
    public var queryValueLines: [String] = []
    /// `extension Model: QueryableModel {`, its `typealias QueryFields = Fields<Model>`, and the
    /// `typealias Root = Model` of its includable and expandable fields, on the lines swift-format gives them.
    public var declarationLines: [String] = []
    public var queryFieldsLines: [String] = []
    public var rootLines: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "access": access
        case "modelName": modelName
        case "includable": includable
        case "hasIncludable": !includable.isEmpty
        case "expandable": expandable
        case "hasExpandable": !expandable.isEmpty
        case "fieldsStructs": fieldsStructs
        case "queryValueEnums": queryValueEnums
        case "hasQueryValueEnums": !queryValueEnums.isEmpty
        case "queryValueLines": queryValueLines
        case "declarationLines": declarationLines
        case "queryFieldsLines": queryFieldsLines
        case "rootLines": rootLines
        default: nil
        }
    }
}

/// The `Fields` struct of a model or document.
public struct FieldsStructView: Sendable, TemplateView {
    public var owner: String
    public var access: String
    /// `FieldCollection`, and `SystemFieldsCarrying` when the model keeps its system properties in one value.
    public var conformances: String
    public var fields: [QueryFieldView]
    /// The model the fields describe (`typealias Model`), for an object's own fields; nil for a document's.
    public var model: String?
    /// `extension Owner {`, and `typealias Model = Model` for an object's own fields, on the lines swift-format gives
    /// them.
    public var extensionLines: [String] = []
    public var modelLines: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "modelLines": modelLines
        case "owner": owner
        case "access": access
        case "conformances": conformances
        case "fields": fields
        case "hasModel": model != nil
        case "model": model
        case "extensionLines": extensionLines
        default: nil
        }
    }
}

/// One typed field: `var name: Type { .init(_prefix, arguments) }`.
public struct QueryFieldView: Sendable, TemplateView {
    public var docLines: [String]
    public var name: String
    public var type: String
    /// The arguments after the path prefix: the key and, for references, the target; empty for the `system` field.
    public var arguments: String
    /// `var name: Type {`, on the lines swift-format gives it (``CodeLayout/property(_:type:opensBody:)``).
    public var declarationLines: [String]
    /// `.init(_prefix, arguments)`, the body, on the lines swift-format gives it.
    public var initLines: [String]

    /// A field declared in a `Fields` struct (or `IncludableFields`), two levels deep.
    init(docLines: [String], name: String, type: String, arguments: [String], access: String, lineLength: Int) {
        self.docLines = docLines
        self.name = name
        self.type = type
        self.arguments = arguments.joined(separator: ", ")
        declarationLines = CodeLayout(lineLength: lineLength, indent: 8)
            .property("\(access)var \(name)", type: type, opensBody: true)
        initLines = CodeLayout(lineLength: lineLength, indent: 12).call(".init", ["_prefix"] + arguments)
    }

    public func value(named name: String) -> Any? {
        switch name {
        case "docLines": docLines
        case "name": self.name
        case "type": type
        case "initArguments": arguments.isEmpty ? "_prefix" : "_prefix, " + arguments
        case "declarationLines": declarationLines
        case "initLines": initLines
        default: nil
        }
    }
}

/// A model's bodies: the last part of its file (without header or imports there).
public struct BodyFileView: Sendable, TemplateView {
    public var access: String
    public var bodies: [BodyStructsView]
    public var documents: [DocumentBodyView]
    /// Enums the bodies send, which need `BodyValueConvertible`.
    public var convertibleEnums: [String]
    /// Their `extension Name: BodyValueConvertible {}` declarations, each after an empty line, as swift-format lays
    /// them out.
    public var convertibleEnumLines: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "access": access
        case "bodies": bodies
        case "documents": documents
        case "convertibleEnums": convertibleEnums
        case "convertibleEnumLines": convertibleEnumLines
        default: nil
        }
    }
}

/// The `Create` and `Patch` of one object (or one variant of a typed object).
public struct BodyStructsView: Sendable, TemplateView {
    public var owner: String
    public var model: String
    public var access: String
    public var create: CreateView
    /// What `Create` conforms to.
    public var createConformances = "CreateBody"
    /// The create of a typed object's shared properties (`Visit.Common.Create`): no body of its own, since a create
    /// names its type, but the members every type's `Create` holds in `common`.
    public var createIsShared = false
    public var patch: PatchView
    /// What `Patch` conforms to.
    public var patchConformances = "UpdateBody"
    public var facetRules: [FacetRulesView]
    /// `generate: [testing]`: the declarations of the wire names a create must send, the object's file paths and
    /// the variant's type, in lines; nil otherwise.
    public var requiredMembersLines: [String]? = nil
    /// `extension Owner {` and `extension Owner.Create: RequiredCreateMembers {`, on the lines swift-format gives them.
    public var extensionLines: [String] = []
    public var requiredMembersDeclarationLines: [String] = []
    /// `typealias Model = Model` in `Create` and `Patch`, on the lines swift-format gives it.
    public var modelLines: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "owner": owner
        case "model": model
        case "access": access
        case "create": create
        case "createConformances": createConformances
        case "createIsShared": createIsShared
        case "patch": patch
        case "patchConformances": patchConformances
        case "facetRules": facetRules
        case "hasFacetRules": !facetRules.isEmpty
        case "listsRequiredMembers": requiredMembersLines != nil
        case "requiredMembersLines": requiredMembersLines ?? []
        case "extensionLines": extensionLines
        case "requiredMembersDeclarationLines": requiredMembersDeclarationLines
        case "modelLines": modelLines
        default: nil
        }
    }
}

/// A document's `Create`, and the lines that make the model's document struct a body value.
public struct DocumentBodyView: Sendable, TemplateView {
    public var owner: String
    public var access: String
    public var create: CreateView
    public var modelMemberLines: [String]
    /// The value `bodyValue` returns, after `modelMemberLines` filled `members`: `return .object(members)`, or
    /// `.document(…)` with what a decoded document keeps.
    public var valueLines: [String]
    public var facetRules: [FacetRulesView]
    /// An element of a Cortex document array, which has an `_id` of its own that updates can name.
    public var isArrayElement = false
    /// The element's optional, writable properties, which an update can clear in one element (`ClearableProperty`):
    /// each case's name and its API key.
    public var clearableProperties: [EnumView.Case] = []
    /// `extension Owner: BodyValueConvertible… {`, on the lines swift-format gives it.
    public var declarationLines: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "declarationLines": declarationLines
        case "isArrayElement": isArrayElement
        case "clearableProperties": clearableProperties
        case "hasClearableProperties": !clearableProperties.isEmpty
        case "owner": owner
        case "access": access
        case "create": create
        case "modelMemberLines": modelMemberLines
        case "hasModelMemberLines": !modelMemberLines.isEmpty
        case "valueLines": valueLines
        case "facetRules": facetRules
        case "hasFacetRules": !facetRules.isEmpty
        default: nil
        }
    }
}

public struct CreateView: Sendable, TemplateView {
    public var properties: [BodyPropertyView] = []
    public var initParameters: [String] = []
    public var initAssignments: [String] = []
    /// `initAssignments` as lines, each broken after its `=` when too long for its line.
    public var initAssignmentLines: [String] = []
    /// True when the initializer's parameters fit on its line.
    public var initOnOneLine = true
    /// The parameters, each followed by its comma where one is needed, one per line as swift-format breaks those too
    /// long for theirs, for an `init(` that doesn't fit on one line.
    public var initParameterLines: [String] = []
    public var memberLines: [String] = []
    public var violationLines: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "properties": properties
        case "hasProperties": !properties.isEmpty
        case "initParametersInline": initParameters.joined(separator: ", ")
        case "initParameters": initParameters.enumerated().map { $0 == initParameters.count - 1 ? $1 : $1 + "," }
        case "initOnOneLine": initOnOneLine
        case "initParameterLines": initParameterLines
        case "initAssignments": initAssignments
        case "initAssignmentLines": initAssignmentLines
        case "hasInitAssignments": !initAssignments.isEmpty
        case "memberLines": memberLines
        case "hasMemberLines": !memberLines.isEmpty
        case "violationLines": violationLines
        case "hasViolationLines": !violationLines.isEmpty
        default: nil
        }
    }
}

public struct PatchView: Sendable, TemplateView {
    public var properties: [BodyPropertyView] = []
    /// `self.name = .unchanged` for each property: `init()` sets them, rather than each property having an initial
    /// value, which the compiler would turn into a function of its own (see `Benchmarks/README.md`).
    public var initLines: [String] = []
    public var operationLines: [String] = []
    /// `init(from original: Owner, to edited: Owner) {`, its parameters on lines of their own when it is long.
    public var differenceSignatureLines: [String] = []
    public var differenceLines: [String] = []
    public var violationLines: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "properties": properties
        case "differenceSignatureLines": differenceSignatureLines
        case "initLines": initLines
        case "hasInitLines": !initLines.isEmpty
        case "operationLines": operationLines
        case "hasOperationLines": !operationLines.isEmpty
        case "differenceLines": differenceLines
        case "violationLines": violationLines
        case "hasViolationLines": !violationLines.isEmpty
        default: nil
        }
    }
}

public struct BodyPropertyView: Sendable, TemplateView {
    public var docLines: [String]
    public var access: String
    public var name: String
    public var type: String
    /// `var name: Type`, on the lines swift-format gives it (``CodeLayout/property(_:type:opensBody:)``).
    public var declarationLines: [String]

    /// A property of a body struct, nested one level in a model's extension: two levels deep.
    init(docLines: [String], access: String, name: String, type: String, lineLength: Int) {
        self.docLines = docLines
        self.access = access
        self.name = name
        self.type = type
        declarationLines = CodeLayout(lineLength: lineLength, indent: 8).property("\(access)var \(name)", type: type)
    }

    public func value(named name: String) -> Any? {
        switch name {
        case "docLines": docLines
        case "access": access
        case "name": self.name
        case "type": type
        case "declarationLines": declarationLines
        default: nil
        }
    }
}

/// The facets of one File property: `static let name: [FacetRule] = [...]`.
public struct FacetRulesView: Sendable, TemplateView {
    public var name: String
    public var ruleLines: [String]
    /// The only rule, when the list fits on its declaration's line.
    public var inlineRule: String?
    /// `static let name: [FacetRule] = [rule]`, for an inline rule, on the lines swift-format gives it.
    public var declarationLines: [String] = []

    public func value(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "ruleLines": ruleLines
        case "inlineRule": inlineRule ?? ""
        case "isInline": inlineRule != nil
        case "declarationLines": declarationLines
        default: nil
        }
    }
}
