import Foundation

/// The value of a Parse Pointer field: the target's class and `objectId`, plus the target itself when the query
/// asked for it with `include`.
///
/// Decodes `{"__type": "Pointer", "className", "objectId"}`, or the included object `{"__type": "Object",
/// "className", "objectId", …its fields}` (decoded as `Target`). Encodes back to the form it was decoded from.
/// `Target` is the generated model of the target class, or ``JSONValue`` for a class the schema doesn't define.
public struct ParsePointer<Target: Codable & Hashable & Sendable>: Codable, Hashable, Sendable, Identifiable {
    /// The target's `objectId`.
    public let id: String
    /// The target's class, such as `"Player"` or `"_User"`.
    public let className: String

    /// The target, when the server included it.
    public var included: Target? {
        get { inclusion?.value }
        set { inclusion = newValue.map(Inclusion.init) }
    }

    /// Holds the included target out of line so that `ParsePointer<Self>` doesn't make a model infinitely large.
    private final class Inclusion: Sendable {
        let value: Target

        init(_ value: Target) {
            self.value = value
        }
    }

    private var inclusion: Inclusion?

    /// A pointer to the object `id` of `className`.
    public init(id: String, className: String, included: Target? = nil) {
        self.id = id
        self.className = className
        self.included = included
    }

    /// Decodes a Pointer or an included Object.
    public init(from decoder: any Decoder) throws {
        let container: KeyedDecodingContainer<JSONKey>
        do {
            container = try decoder.container(keyedBy: JSONKey.self)
        } catch DecodingError.typeMismatch(_, let context) {
            throw DecodingError.typeMismatch(
                ParsePointer.self,
                .init(
                    codingPath: context.codingPath,
                    debugDescription: "Expected a Parse Pointer {\"__type\": \"Pointer\", \"className\", \"objectId\"}"
                )
            )
        }
        let type = try container.decode(String.self, forKey: JSONKey("__type"))
        guard type == "Pointer" || type == "Object" else {
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey("__type"),
                in: container,
                debugDescription:
                    "Expected a Parse \"Pointer\" or an included \"Object\", got \(quotedForMessage(type))"
            )
        }
        id = try container.decode(String.self, forKey: JSONKey("objectId"))
        className = try container.decode(String.self, forKey: JSONKey("className"))
        if type == "Object" { included = try Target(from: decoder) }
    }

    /// Encodes the Pointer, or the included object with `"__type": "Object"`.
    public func encode(to encoder: any Encoder) throws {
        var container: KeyedEncodingContainer<JSONKey>
        if let included {
            // The target writes its own fields; the keys that make it a Parse Object come from the pointer.
            let inclusionEncoder = ExpansionEncoder(
                wrapping: encoder,
                skippingKeys: ["__type", "className", "objectId"]
            )
            try included.encode(to: inclusionEncoder)
            container = try inclusionEncoder.finish()
            try container.encode("Object", forKey: JSONKey("__type"))
        } else {
            container = encoder.container(keyedBy: JSONKey.self)
            try container.encode("Pointer", forKey: JSONKey("__type"))
        }
        try container.encode(className, forKey: JSONKey("className"))
        try container.encode(id, forKey: JSONKey("objectId"))
    }

    /// Pointers are equal when their target's id, class and inclusion are.
    public static func == (lhs: ParsePointer, rhs: ParsePointer) -> Bool {
        lhs.id == rhs.id && lhs.className == rhs.className && lhs.included == rhs.included
    }

    /// Hashes the id and class but not the inclusion, which keeps hashing cheap and is consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(className)
    }
}

/// A Parse Relation field as an object holds it: `{"__type": "Relation", "className": "Player"}`.
///
/// The related objects are not in the object: query them (`$relatedTo`), and change them with a patch's
/// `AddRelation`/`RemoveRelation`. `Target` is the generated model of the related class.
public struct ParseRelation<Target: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The class of the related objects.
    public let className: String

    /// A relation to objects of `className`.
    public init(className: String) {
        self.className = className
    }

    /// Decodes `{"__type": "Relation", "className"}`.
    public init(from decoder: any Decoder) throws {
        let container = try ParseTypedValue.container(
            decoder,
            type: "Relation",
            describing: "a Parse Relation {\"__type\": \"Relation\", \"className\": …}"
        )
        className = try container.decode(String.self, forKey: JSONKey("className"))
    }

    /// Encodes `{"__type": "Relation", "className"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = try ParseTypedValue.container(encoder, type: "Relation")
        try container.encode(className, forKey: JSONKey("className"))
    }
}
