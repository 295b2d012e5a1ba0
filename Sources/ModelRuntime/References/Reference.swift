/// The value of a Cortex reference property: the target's id, plus the target itself when the server expanded it.
///
/// `Target` is the generated model of the referenced object, or ``JSONValue`` for objects the schema doesn't define
/// (such as `account`). The expansion is stored out of line, so a model can refer to its own type
/// (`struct Task { var parent: Reference<Task>? }`).
///
/// Decodes a bare id string, an object `{"_id", "object", "path"}`, or an expansion (an object with any other key,
/// decoded as `Target`; a mismatch throws, since it means the schema and the data disagree). Encodes back to the form
/// it was decoded from.
public struct Reference<Target: Codable & Hashable & Sendable>: Codable, Hashable, Sendable, Identifiable,
    CustomReflectable
{
    /// The referenced object's id.
    public var id: ObjectID { stored.value.id }
    /// The referenced object's name (e.g. `"account"`), when the server sent it.
    public var object: String? { stored.value.object }
    /// The API path of the referenced instance (e.g. `"/accounts/<id>"`), when the server sent it.
    public var path: String? { stored.value.path }

    /// The referenced object, when the server expanded the reference.
    public var expanded: Target? {
        get { stored.value.expanded }
        set { stored.update { $0.expanded = newValue } }
    }

    /// Whether an unexpanded reference encodes as `{"_id": …}` rather than the bare id string even without an
    /// `object` or `path`, because that is how it was decoded.
    private var encodesAsObject: Bool { stored.value.encodesAsObject }

    /// Everything the reference holds, out of line: a model copies it with one reference (see `OutOfLine`), and
    /// `Reference<Self>` doesn't make a model infinitely large.
    private var stored: OutOfLine<Values>

    /// Shows the fields, as if they were stored here.
    public var customMirror: Mirror { stored.mirror(of: self) }

    private struct Values: Sendable {
        var id: ObjectID
        var object: String?
        var path: String?
        var expanded: Target?
        var encodesAsObject = false
    }

    /// Creates a reference; it encodes as the bare id when it has nothing but an id.
    public init(id: ObjectID, object: String? = nil, path: String? = nil, expanded: Target? = nil) {
        stored = OutOfLine(Values(id: id, object: object, path: path, expanded: expanded))
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
                stored = OutOfLine(Values(id: try ObjectID(validating: string)))
            } catch let error as InvalidObjectIDError {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error)
                )
            }
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
        var values = Values(id: try container.decode(ObjectID.self, forKey: JSONKey("_id")), encodesAsObject: true)
        if container.allKeys.contains(where: { !Self.referenceKeys.contains($0.stringValue) }) {
            // An expanded target may have `object` or `path` properties of its own, of other types: those are the
            // target's, and stay in it when encoded again.
            values.object = (try? container.decodeIfPresent(String.self, forKey: JSONKey("object"))) ?? nil
            values.path = (try? container.decodeIfPresent(String.self, forKey: JSONKey("path"))) ?? nil
            values.expanded = try Target(from: decoder)
        } else {
            values.object = try container.decodeIfPresent(String.self, forKey: JSONKey("object"))
            values.path = try container.decodeIfPresent(String.self, forKey: JSONKey("path"))
        }
        stored = OutOfLine(values)
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
