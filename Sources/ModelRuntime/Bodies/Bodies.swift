import Foundation

/// A `Create` body that lists the members a create must send, generated under `generate: [testing]`: an in-memory
/// backend of `ModelRuntimeTesting` refuses a create without one, as the backend does.
public protocol RequiredCreateMembers: CreateBody {
    /// The wire names of the members every create sends.
    static var requiredMembers: Set<String> { get }
    /// The dotted wire paths of the object's file properties (`c_logo`, `c_address.c_photo`; of every variant, for
    /// a typed object), which an in-memory Cortex backend answers with upload instructions. Nil when not known (a
    /// body written by hand): the backend then takes any value shaped like a file upload for one.
    static var fileMembers: Set<String>? { get }
    /// The `type` of the variant the body creates, for a typed object's variant; nil otherwise.
    static var variantType: String? { get }
    /// The values the server gives the members a create leaves out, by wire path (a Document's member's dotted:
    /// `c_address.c_city`), where the schema says (Parse's `defaultValue`, a JSON Schema's `default`, Cortex's `static`
    /// default), which an in-memory backend gives them too.
    static var defaultMembers: [String: JSONValue] { get }
    /// The members the server makes a value of itself when a create leaves them out (Cortex's `autoGenerate` UUIDs), by
    /// wire path, which an in-memory backend makes too.
    static var generatedMembers: Set<String> { get }
    /// The dotted wire paths of the properties that take `null` (Mia-Platform's and JSON Schema's `nullable`): a
    /// Document's members below the Document's path, a document array's elements' below the array's
    /// (`c_parts.c_note`). Nil when not known. Mia-Platform's CRUD service coerces a `null` sent for any other
    /// property to its type's empty value (`0`, `""`, `false`) or refuses it, and an in-memory backend does too.
    static var nullableMembers: Set<String>? { get }
    /// The dotted wire paths of the members a Document must have wherever a write sends the Document (for a document
    /// array, each element), where its schema requires them (`c_address.c_city`), which an in-memory Mia-Platform
    /// backend refuses a Document without, as the CRUD service does.
    static var requiredDocumentMembers: Set<String> { get }
    /// The dotted wire paths of the Documents (a document array, for its elements) whose schema takes no member it
    /// doesn't define (JSON Schema's `additionalProperties: false`), which an in-memory Mia-Platform backend refuses a
    /// write of another member in, as the CRUD service does.
    static var closedDocuments: Set<String> { get }
}

extension RequiredCreateMembers {
    public static var fileMembers: Set<String>? { nil }
    public static var variantType: String? { nil }
    public static var defaultMembers: [String: JSONValue] { [:] }
    public static var generatedMembers: Set<String> { [] }
    public static var nullableMembers: Set<String>? { nil }
    public static var requiredDocumentMembers: Set<String> { [] }
    public static var closedDocuments: Set<String> { [] }
}

/// A generated create body: the members it sends and the schema's rules it checks first.
public protocol CreateBody: Sendable {
    /// The model the body creates; its `pluralName` is in the request's path.
    associatedtype Model: SchemaObject
    /// The body's members in schema order; properties left `nil` are not sent.
    var members: [BodyMember] { get }
    /// Every rule of the schema the body breaks, with JSON paths below `prefix`.
    func violations(at prefix: String) -> [Violation]
}

extension CreateBody {
    /// The members, after checking every rule: a body that breaks any is never sent.
    public func validatedMembers() throws -> [BodyMember] {
        let violations = violations(at: "") + BodyValue.object(members).nonFiniteNumberViolations(at: "")
        if !violations.isEmpty { throw ValidationError(violations: violations) }
        return members
    }

    /// The create request in `dialect`'s wire format.
    public func rendered(for dialect: some BodyDialect) throws -> RenderedRequest {
        try dialect.renderCreate(validatedMembers(), pluralName: Model.pluralName)
    }

    /// The body's files with the member path each sits at (`c_pictures[1]`), for the uploads that follow a create.
    public var files: [(path: String, upload: FileUpload)] {
        BodyValue.object(members).files(at: "")
    }
}

/// A generated update body.
public protocol UpdateBody: PatchBody {
    /// The model the update applies to; its `pluralName` is in the request's path.
    associatedtype Model: SchemaObject
    /// Every rule of the schema the update breaks, with JSON paths below `prefix`: a required property cleared, or a
    /// value set that breaks the property's rules.
    func violations(at prefix: String) -> [Violation]
}

extension UpdateBody {
    /// The requests that apply the update to the instance `id`, after checking every rule and that no path changes
    /// twice.
    public func rendered(id: some ReferenceIdentifier, for dialect: some BodyDialect) throws -> [RenderedRequest] {
        try dialect.renderUpdate(validatedOperations(), id: id.referenceID, pluralName: Model.pluralName)
    }

    /// The operations, after checking every rule and that no path changes twice: an update that breaks any is never
    /// sent.
    public func validatedOperations() throws -> [PatchOperation] {
        let violations = violations(at: "")
        if !violations.isEmpty { throw ValidationError(violations: violations) }
        return try checkedOperations()
    }
}

/// A Document's create body, nested in its object's.
public protocol DocumentBody: BodyValueConvertible {
    /// The Document's members in schema order; properties left `nil` are not sent.
    var members: [BodyMember] { get }
    /// Every rule of the schema the Document breaks, with JSON paths below `prefix`, the path of the property that
    /// holds it.
    func violations(at prefix: String) -> [Violation]
}

extension DocumentBody {
    /// The Document as a body object of its members.
    public var bodyValue: BodyValue { .object(members) }
}

extension BodyValue {
    /// The scalars and files inside a value, each with its path (`c_address.c_zip`, `c_pictures[1]`).
    private func leaves(at path: String) -> [(path: String, leaf: BodyValue)] {
        switch self {
        case .value, .file: [(path, self)]
        case .object(let members):
            members.flatMap { $0.value.leaves(at: path.isEmpty ? $0.key : "\(path).\($0.key)") }
        case .array(let elements): elements.enumerated().flatMap { $1.leaves(at: "\(path)[\($0)]") }
        }
    }

    /// A violation for each NaN or infinity inside the value, with its path: JSON cannot hold them, so a body holding
    /// one is refused rather than sent as invalid JSON.
    func nonFiniteNumberViolations(at path: String) -> [Violation] {
        leaves(at: path).compactMap { path, leaf in
            guard case .value(let literal) = leaf, literal.containsNonFiniteNumber else { return nil }
            return Violation(path: path, message: "is NaN or an infinity, which JSON cannot hold")
        }
    }

    /// The files inside a value, with their paths.
    package func files(at path: String) -> [(path: String, upload: FileUpload)] {
        leaves(at: path).compactMap { path, leaf in
            guard case .file(let upload) = leaf else { return nil }
            return (path, upload)
        }
    }
}

extension Reference: BodyValueConvertible {
    /// A reference is written as its id (parse: a Pointer to the target's class).
    public var bodyValue: BodyValue {
        let object = (Target.self as? any SchemaObject.Type)?.apiName ?? self.object ?? ""
        return .value(.reference(id: id.description, object: object))
    }
}

extension FieldUpdate where Value: ReferenceIdentifier {
    /// The operations of a reference property's update: ids written as references to `object`.
    public func referenceOperations(at path: String, object: String) -> [PatchOperation] {
        switch self {
        case .unchanged: []
        case .set(let id): [PatchOperation(path: path, kind: .set(.reference(id, object: object)))]
        case .null: [PatchOperation(path: path, kind: .unset)]
        }
    }
}
