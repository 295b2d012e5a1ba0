/// A coding key made from a member's name: the keys of the containers generated models decode from (``JSONKey``,
/// ``MemberKey``), which a model's system properties read from too.
public protocol NamedCodingKey: CodingKey {
    /// The key of the member named `name`.
    init(_ name: String)
}

/// A model that keeps the members its schema doesn't define, and says which keys it reads itself.
public protocol KeepsUnknownMembers {
    /// The keys the model's own properties read; every other member of its JSON object is kept in `unknownMembers`.
    static var modeledKeys: Set<String> { get }
}

/// The coding key of a model that keeps unknown members: the key `init(from:)` asks for, and, when the decoder lists
/// an object's keys, only the keys `Model` doesn't read.
///
/// `JSONDecoder` lists a container's keys (`allKeys`) by making a key of each through `init?(stringValue:)`. This
/// type refuses the keys `Model` reads there, so the list holds only the members to keep, and a payload without any
/// allocates nothing for them: listing every key and filtering it afterwards cost as much as decoding a few
/// properties (`Benchmarks/unknown-members.sh`).
public struct MemberKey<Model: KeepsUnknownMembers>: NamedCodingKey, Hashable, Sendable {
    /// The JSON object key.
    public let stringValue: String

    /// The key named `key`, one the model reads.
    public init(_ key: String) {
        self.stringValue = key
    }

    /// A key the decoder found: `nil` for a key the model reads, so that `allKeys` lists only the unknown ones.
    public init?(stringValue: String) {
        if Model.modeledKeys.contains(stringValue) { return nil }
        self.stringValue = stringValue
    }

    /// Never a key: a model's members are named.
    public var intValue: Int? { nil }

    /// Never a key: a model's members are named.
    public init?(intValue: Int) { nil }
}
