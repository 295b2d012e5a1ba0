import Foundation

/// The members of a JSON object that its model doesn't define, kept when the model is decoded and written back when
/// it is encoded, so that reading an instance and writing it again loses nothing: a property renamed in the backend,
/// or added on the server before the app regenerated its models.
///
/// Generated models hold one as `unknownMembers` (unless the config's `keepUnknownMembers` is `false`). Kept members
/// take part in `==` and hashing, since two values that encode differently are not equal; JSON objects have no order,
/// so neither do these comparisons. A model's `Patch(from:to:)` doesn't send its own: a patch says what the app changed.
/// A nested document's go with it when a patch sets the document whole (``BodyValue/document(_:id:nulls:kept:)``),
/// since the server replaces the document.
/// ``DecodingReport`` lists them as ``DecodingReport/Kind/keptUnknown``.
public struct UnknownMembers: Hashable, Sendable {
    /// One kept member.
    public struct Member: Hashable, Sendable {
        /// The member's key.
        public var key: String
        /// Its value, as received.
        public var value: JSONValue
    }

    /// The kept members, in the order the decoder listed them (`JSONDecoder` doesn't keep the payload's order).
    public private(set) var members: [Member] = []

    /// None kept.
    public init() {}

    /// Whether nothing is kept, here or in an object a key path reads.
    public var isEmpty: Bool { members.isEmpty && nested.isEmpty }

    /// The kept value of `key`; setting `nil` removes it. A key the model defines is written by the model's own
    /// property, not from here.
    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Kept `members`, in their order.
    init(members: some Sequence<Member>) {
        self.members = Array(members)
    }

    /// The members kept of the objects a mapped model reads through key paths, by the object's path: of
    /// `{"user": {"name": "Ann", "id": 7}}` read through `user.name`, `["user"]` keeps `id`, which the model writes
    /// back beside `name`. Empty for a model without key paths.
    private var nested: [[String]: UnknownMembers] = [:]

    /// The members kept of the object at `path` (`["user"]`, `["meta", "links"]`) that none of the model's key paths
    /// reaches; none for a path the model reads no object at. A key a key path reaches is written by the model's
    /// property, not from here.
    public func members(at path: [String]) -> UnknownMembers {
        path.isEmpty ? UnknownMembers(members: members) : nested[path] ?? UnknownMembers()
    }

    /// Keeps `kept` as the members of the object at `path`, in place of what was kept there.
    public mutating func setMembers(_ kept: UnknownMembers, at path: [String]) {
        if path.isEmpty {
            members = kept.members
        } else {
            nested[path] = kept.members.isEmpty ? nil : UnknownMembers(members: kept.members)
        }
    }

    /// Whether anything is kept in the object at `path` or in an object inside it: what makes a model write that
    /// object when none of its own properties there has a value.
    public func keepsMembers(under path: [String]) -> Bool {
        nested.keys.contains { $0.starts(with: path) }
    }

    /// Equal when the same keys hold the same values, in any order, here and in every object a key path reads.
    public static func == (lhs: UnknownMembers, rhs: UnknownMembers) -> Bool {
        guard lhs.nested == rhs.nested else { return false }
        // Nearly every model keeps none: settled without building dictionaries.
        if lhs.members.isEmpty || rhs.members.isEmpty { return lhs.members.isEmpty && rhs.members.isEmpty }
        return lhs.members.count == rhs.members.count && lhs.dictionary == rhs.dictionary
    }

    /// Hashes the members in an order of their own, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        if members.isEmpty {
            hasher.combine(0)
        } else {
            hasher.combine(dictionary)
        }
        if !nested.isEmpty { hasher.combine(nested) }
    }

    private var dictionary: [String: JSONValue] {
        Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}

extension KeyedDecodingContainer {
    /// The members whose keys are not in `modeledKeys`: what a generated `init(from:)` keeps. `decoder` is the one
    /// this container came from: decoding from a ``JSONValue`` tree, as `ModelClient` does, its object is read
    /// directly, without listing the container's keys through `allKeys`, whose generic code costs about as much as
    /// decoding a few properties.
    public func unknownMembers(_ modeledKeys: Set<String>, of decoder: any Decoder) throws -> UnknownMembers {
        try unknownMembers(modeledKeys, of: decoder, presentKeys: nil)
    }

    /// The members whose keys are not in `modeledKeys`, when `counted` is the record of decoding the model, which
    /// counted the model's keys it found in the object, each once (``NullKeys/presentKeys``). From a ``JSONValue``
    /// tree, an object with no more members than that has none to keep, which is settled without looking at its keys:
    /// filtering them cost a tenth of the model's decoding (`Benchmarks/unknown-members.sh`). `JSONDecoder` doesn't
    /// say how many members an object has, so through it this lists them as ``unknownMembers(_:of:)`` does.
    public func unknownMembers(
        _ modeledKeys: Set<String>,
        of decoder: any Decoder,
        counted: NullKeys
    ) throws
        -> UnknownMembers
    {
        try unknownMembers(modeledKeys, of: decoder, presentKeys: counted.presentKeys)
    }

    private func unknownMembers(
        _ modeledKeys: Set<String>,
        of decoder: any Decoder,
        presentKeys: Int?
    ) throws
        -> UnknownMembers
    {
        if let members = JSONValueDecoder.objectMembers(of: decoder) {
            if members.count == presentKeys {
                // A count that is wrong loses members silently; every debug build (the tests) checks it.
                assert(members.keys.allSatisfy(modeledKeys.contains), "a model counted a key it doesn't read")
                return UnknownMembers()
            }
            return UnknownMembers(
                members: members.lazy.filter { !modeledKeys.contains($0.key) }.map {
                    UnknownMembers.Member(key: $0.key, value: $0.value)
                }
            )
        }
        // Through Foundation's JSONDecoder, listing the keys is most of the cost (Benchmarks/unknown-members.sh); a
        // container keyed by `MemberKey` lists only the unknown ones.
        return UnknownMembers(members: try unmodeledMembers(excluding: modeledKeys))
    }
}

extension KeyedEncodingContainer where Key == JSONKey {
    /// Writes `members` except those whose key is in `modeledKeys`: what a generated `encode(to:)` writes back.
    public mutating func encodeUnknown(_ members: UnknownMembers, _ modeledKeys: Set<String>) throws {
        for member in members.members where !modeledKeys.contains(member.key) {
            try encode(KeptValue(value: member.value), forKey: JSONKey(member.key))
        }
    }
}

/// A kept member's value on its way out: it encodes as its JSON, and ``DecodingReport``'s encoder notes where.
struct KeptValue: Encodable {
    let value: JSONValue

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}
