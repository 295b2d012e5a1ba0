// An object that several key paths of a mapped model pass through, opened once.

/// The object at a key path below a model's container, which the model's `init(from:)` reads several key paths
/// through: `user` for `user.name`, `user.profile_image_url` and the members of `user` it keeps.
///
/// `JSONDecoder` reads every member of an object each time a container of it is opened, so a model that reached
/// `user.name` and `user.profile_image_url` from its own container read `user` twice, and three times with its kept
/// members. The generator opens such an object once, with its container's `object(at:)`, and reads the
/// rest of each path from it. Every read answers and fails as the same read of the whole path from the model's
/// container does, and its errors spell the whole path (`user.name`, not `name`); where the object is missing,
/// `null` or no object, the read is the whole path's.
public struct KeyPathObject {
    /// The model's container, which the whole paths start from.
    private let root: KeyedDecodingContainer<JSONKey>
    /// The path from `root` to this object.
    private let path: [JSONKey]
    /// The object's container; `nil` when the path reaches no object.
    private let container: KeyedDecodingContainer<JSONKey>?

    fileprivate init(
        root: KeyedDecodingContainer<JSONKey>,
        path: [JSONKey],
        container: KeyedDecodingContainer<JSONKey>?
    ) {
        self.root = root
        self.path = path
        self.container = container
    }

    /// The object at `rest` below this one, opened once for the key paths that pass through it too.
    public func object(at rest: [JSONKey]) -> KeyPathObject {
        KeyPathObject(root: root, path: path + rest, container: container.flatMap { $0.nestedObject(at: rest) })
    }

    /// What `reading` answers for `rest` from this object's container, whose errors spell the path from the model's
    /// (`after` this object's path); where no object is there, what it answers for the whole path from the model's
    /// container. Each read is made once: a value that fails to decode fails once, however deep it is.
    private func read<T>(
        _ rest: [JSONKey],
        _ reading: (_ container: KeyedDecodingContainer<JSONKey>, _ path: [JSONKey], _ prefix: [JSONKey]) throws -> T
    ) throws -> T {
        if let container { return try reading(container, rest, path) }
        return try reading(root, path + rest, [])
    }

    /// What the model's container's `decode(_:at:)` answers for the whole path.
    public func decode<T: Decodable>(_ type: T.Type, at rest: [JSONKey]) throws -> T {
        try read(rest) { try $0.decode(type, at: $1, after: $2) }
    }

    /// What the model's container's `decodeIfPresent(_:at:)` answers for the whole path.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, at rest: [JSONKey]) throws -> T? {
        try read(rest) { try $0.decodeIfPresent(type, at: $1, after: $2) }
    }

    /// What the model's container's `decodeIfPresent(_:at:nulls:)` answers for the whole path, and records.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, at rest: [JSONKey], nulls: inout NullKeys) throws -> T? {
        try read(rest) {
            $0.nullRecorded(try $0.decodeIfPresent(type, at: $1, after: $2), at: $1, after: $2, in: &nulls)
        }
    }

    /// What the model's container's `decode(_:at:default:)` answers for the whole path.
    public func decode<T: Decodable>(
        _ type: T.Type,
        at rest: [JSONKey],
        default defaultValue: @autoclosure () throws -> T
    ) throws -> T {
        try read(rest) { try $0.decodeUnlessMissing(type, at: $1, after: $2) } ?? defaultValue()
    }

    /// What the model's container's `decode(at:formatter:userData:)` answers for the whole path.
    public func decode<F: ValueFormatter>(
        at rest: [JSONKey],
        formatter: F.Type,
        userData: F.UserData
    ) throws -> F.Value {
        try read(rest) { try $0.decode(at: $1, after: $2, formatter: formatter, userData: userData) }
    }

    /// What the model's container's `decodeIfPresent(at:formatter:userData:)` answers for the whole path.
    public func decodeIfPresent<F: ValueFormatter>(
        at rest: [JSONKey],
        formatter: F.Type,
        userData: F.UserData
    ) throws -> F.Value? {
        try read(rest) { try $0.decodeIfPresent(at: $1, after: $2, formatter: formatter, userData: userData) }
    }

    /// What the model's container's `decodeIfPresent(at:formatter:userData:nulls:)` answers for the whole path, and
    /// records.
    public func decodeIfPresent<F: ValueFormatter>(
        at rest: [JSONKey],
        formatter: F.Type,
        userData: F.UserData,
        nulls: inout NullKeys
    ) throws -> F.Value? {
        try read(rest) { container, path, prefix in
            let value = try container.decodeIfPresent(at: path, after: prefix, formatter: formatter, userData: userData)
            return container.nullRecorded(value, at: path, after: prefix, in: &nulls)
        }
    }

    /// What the model's container's `decode(at:formatter:userData:default:)` answers for the whole path.
    public func decode<F: ValueFormatter>(
        at rest: [JSONKey],
        formatter: F.Type,
        userData: F.UserData,
        default defaultValue: @autoclosure () throws -> F.Value
    ) throws -> F.Value {
        try read(rest) {
            try $0.decode(at: $1, after: $2, formatter: formatter, userData: userData, default: defaultValue())
        }
    }

    /// ``decode(at:formatter:userData:)`` for a formatter without user data.
    public func decode<F: ValueFormatter>(at rest: [JSONKey], formatter: F.Type) throws -> F.Value
    where F.UserData == NoUserData {
        try decode(at: rest, formatter: formatter, userData: NoUserData())
    }

    /// ``decodeIfPresent(at:formatter:userData:)`` for a formatter without user data.
    public func decodeIfPresent<F: ValueFormatter>(at rest: [JSONKey], formatter: F.Type) throws -> F.Value?
    where F.UserData == NoUserData {
        try decodeIfPresent(at: rest, formatter: formatter, userData: NoUserData())
    }

    /// ``decodeIfPresent(at:formatter:userData:nulls:)`` for a formatter without user data.
    public func decodeIfPresent<F: ValueFormatter>(
        at rest: [JSONKey],
        formatter: F.Type,
        nulls: inout NullKeys
    ) throws -> F.Value? where F.UserData == NoUserData {
        try decodeIfPresent(at: rest, formatter: formatter, userData: NoUserData(), nulls: &nulls)
    }

    /// ``decode(at:formatter:userData:default:)`` for a formatter without user data.
    public func decode<F: ValueFormatter>(
        at rest: [JSONKey],
        formatter: F.Type,
        default defaultValue: @autoclosure () throws -> F.Value
    ) throws -> F.Value where F.UserData == NoUserData {
        try decode(at: rest, formatter: formatter, userData: NoUserData(), default: defaultValue())
    }

    /// Keeps in `members` the members of this object whose keys are not in `modeledKeys` (the keys the model's key
    /// paths reach in it), for `encode(to:)` to write back: what a mapped model keeps of each object its key paths
    /// pass through. Nothing when the path reaches no object.
    public func keepUnknownMembers(besides modeledKeys: Set<String>, in members: inout UnknownMembers) throws {
        guard let container else { return }
        let kept = UnknownMembers(members: try container.unmodeledMembers(excluding: modeledKeys))
        members.setMembers(kept, at: path.map(\.stringValue))
    }
}

extension KeyedDecodingContainer where Key == JSONKey {
    /// The object at `path` below this container, for the key paths of a model that pass through it to read it
    /// once (``KeyPathObject``). Never throws: a path that reaches no object fails in the reads, as their own.
    public func object(at path: [JSONKey]) -> KeyPathObject {
        KeyPathObject(root: self, path: path, container: nestedObject(at: path))
    }
}
