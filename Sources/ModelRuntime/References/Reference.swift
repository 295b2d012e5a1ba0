/// The value of a Cortex reference property: the target's id, plus the target itself when the server expanded it.
///
/// `Target` is the generated model of the referenced object, or ``JSONValue`` for objects the schema doesn't define
/// (such as `account`). The expansion is stored out of line, so a model can refer to its own type
/// (`struct Task { var parent: Reference<Task>? }`).
///
/// Decodes a bare id string, an object `{"_id", "object", "path"}`, or an expansion (an object with any other key,
/// decoded as `Target`; a mismatch throws, since it means the schema and the data disagree). Encodes back to the form
/// it was decoded from.
public struct Reference<Target: Codable & Hashable & Sendable>: Codable, Hashable, Sendable, Identifiable {
    /// The referenced object's id.
    public let id: ObjectID
    /// The referenced object's name (e.g. `"account"`), when the server sent it.
    public let object: String?
    /// The API path of the referenced instance (e.g. `"/accounts/<id>"`), when the server sent it.
    public let path: String?

    /// The referenced object, when the server expanded the reference.
    public var expanded: Target? {
        get { expansion?.value }
        set { expansion = newValue.map(Expansion.init) }
    }

    /// Holds the expansion out of line so that `Reference<Self>` doesn't make a model infinitely large.
    private final class Expansion: Sendable {
        let value: Target

        init(_ value: Target) {
            self.value = value
        }
    }

    private var expansion: Expansion?
    /// Whether an unexpanded reference encodes as `{"_id": …}` rather than the bare id string even without an
    /// `object` or `path`, because that is how it was decoded.
    private var encodesAsObject = false

    /// Creates a reference; it encodes as the bare id when it has nothing but an id.
    public init(id: ObjectID, object: String? = nil, path: String? = nil, expanded: Target? = nil) {
        self.id = id
        self.object = object
        self.path = path
        self.expanded = expanded
    }

    /// A reference to the object with `id`, which encodes as the bare id string (how Cortex accepts references in
    /// writes).
    public static func id(_ id: ObjectID) -> Reference {
        Reference(id: id)
    }

    /// The keys that describe the reference itself rather than an expanded target.
    private static var referenceKeys: Set<String> { ["_id", "object", "path"] }

    /// Decodes a bare id string, a `{"_id", "object", "path"}` object, or an expansion.
    public init(from decoder: any Decoder) throws {
        let singleValue = try decoder.singleValueContainer()
        if let string = try? singleValue.decode(String.self) {
            do {
                id = try ObjectID(validating: string)
            } catch let error as InvalidObjectIDError {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error)
                )
            }
            object = nil
            path = nil
            return
        }

        let container: KeyedDecodingContainer<JSONKey>
        do {
            container = try decoder.container(keyedBy: JSONKey.self)
        } catch DecodingError.typeMismatch(_, let context) {
            throw DecodingError.typeMismatch(
                Reference.self,
                .init(
                    codingPath: context.codingPath,
                    debugDescription: "Expected a reference: an ObjectID string or an object with \"_id\"",
                    underlyingError: context.underlyingError
                )
            )
        }
        id = try container.decode(ObjectID.self, forKey: JSONKey("_id"))
        encodesAsObject = true
        if container.allKeys.contains(where: { !Self.referenceKeys.contains($0.stringValue) }) {
            // An expanded target may have `object` or `path` properties of its own, of other types: those are the
            // target's, and stay in it when encoded again.
            object = (try? container.decodeIfPresent(String.self, forKey: JSONKey("object"))) ?? nil
            path = (try? container.decodeIfPresent(String.self, forKey: JSONKey("path"))) ?? nil
            expanded = try Target(from: decoder)
        } else {
            object = try container.decodeIfPresent(String.self, forKey: JSONKey("object"))
            path = try container.decodeIfPresent(String.self, forKey: JSONKey("path"))
        }
    }

    /// Encodes the form the reference was decoded from: the bare id, `{"_id", "object", "path"}`, or the expanded
    /// target's fields together with `_id`, `object` and `path`.
    public func encode(to encoder: any Encoder) throws {
        if let expanded {
            // `_id`, and `object`/`path` when known, come from the reference; the target's own values are skipped so
            // that no key is written twice.
            var skippedKeys: Set<String> = ["_id"]
            if object != nil { skippedKeys.insert("object") }
            if path != nil { skippedKeys.insert("path") }
            let expansionEncoder = ExpansionEncoder(wrapping: encoder, skippingKeys: skippedKeys)
            try expanded.encode(to: expansionEncoder)
            var container = try expansionEncoder.finish()
            try encodeReferenceKeys(into: &container)
        } else if encodesAsObject || object != nil || path != nil {
            var container = encoder.container(keyedBy: JSONKey.self)
            try encodeReferenceKeys(into: &container)
        } else {
            var container = encoder.singleValueContainer()
            try container.encode(id)
        }
    }

    private func encodeReferenceKeys(into container: inout KeyedEncodingContainer<JSONKey>) throws {
        try container.encode(id, forKey: JSONKey("_id"))
        // `object` and `path` are what the server sent, not optional properties of a model: written only when
        // present, so a decoding report does not list them as missing.
        if let object { try container.encode(object, forKey: JSONKey("object")) }
        if let path { try container.encode(path, forKey: JSONKey("path")) }
    }

    /// References are equal when their id, object, path and expansion are; the JSON form they encode to doesn't
    /// count.
    public static func == (lhs: Reference, rhs: Reference) -> Bool {
        lhs.id == rhs.id && lhs.object == rhs.object && lhs.path == rhs.path && lhs.expanded == rhs.expanded
    }

    /// Hashes the id, object and path but not the expansion, which keeps hashing cheap and is consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(object)
        hasher.combine(path)
    }
}

extension Reference where Target: Identifiable, Target.ID == ObjectID {
    /// A reference to `target`, carrying it as the expansion.
    public init(_ target: Target, object: String? = nil, path: String? = nil) {
        self.init(id: target.id, object: object, path: path, expanded: target)
    }
}
