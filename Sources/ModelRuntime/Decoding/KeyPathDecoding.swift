// Decoding of JSON key paths such as `["user", "profile_image_url"]`, which mapping files use to flatten nested
// payloads into one model; a one-key path is a plain key.

extension KeyedDecodingContainer where Key == JSONKey {
    /// Decodes the value at `path` below this container.
    ///
    /// Errors spell the whole key path, so a payload without `user` reports `user.profile_image_url` rather than
    /// just `user`:
    /// - a missing key anywhere along the path throws `keyNotFound(path.last, context)` whose `codingPath` holds
    ///   the keys before the last one;
    /// - an intermediate value that is not an object throws `typeMismatch` at that value's path;
    /// - `null` (anywhere along the path) throws `valueNotFound`, as `JSONDecoder` does for a plain key.
    public func decode<T: Decodable>(_ type: T.Type, at path: [JSONKey]) throws -> T {
        try decode(type, at: path, after: [])
    }

    /// ``decode(_:at:)`` of `path` below this container, which is the object at `prefix` below the model's: the
    /// errors spell the path from there (``KeyPathObject``).
    func decode<T: Decodable>(_ type: T.Type, at path: [JSONKey], after prefix: [JSONKey]) throws -> T {
        // The common case costs one lookup per key: the decoder's own errors already spell the path when every
        // object along it is there.
        if let holder = nestedObject(at: path.dropLast()) {
            return try holder.decodeLocatingErrors(type, forKey: path[path.count - 1])
        }
        switch try lookUp(path, after: prefix) {
        case .present(let container, let key): return try container.decodeLocatingErrors(type, forKey: key)
        case .missing(let index): throw keyNotFound(path, missingIndex: index, after: prefix)
        case .null(let index): throw valueNotFound(type, nullIndex: index, in: path, after: prefix, reason: "")
        }
    }

    /// Decodes the value at `path` below this container, or returns `nil` when a key along the path is missing or
    /// its value is `null`; an intermediate value that is not an object still throws `typeMismatch`, since it means
    /// the payload's shape differs from the mapping.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, at path: [JSONKey]) throws -> T? {
        try decodeIfPresent(type, at: path, after: [])
    }

    /// ``decodeIfPresent(_:at:)`` of `path` below this container, which is the object at `prefix` below the
    /// model's.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, at path: [JSONKey], after prefix: [JSONKey]) throws -> T? {
        if let holder = nestedObject(at: path.dropLast()) {
            return try holder.decodeIfPresentLocatingErrors(type, forKey: path[path.count - 1])
        }
        return switch try lookUp(path, after: prefix) {
        case .present(let container, let key): try container.decodeIfPresentLocatingErrors(type, forKey: key)
        case .missing, .null: nil
        }
    }

    /// ``decodeIfPresent(_:at:)``, recording in `nulls` where the answer `nil` came from a `null`: the value at the
    /// end of the path, or an object along it, by its key path from the model's object, so that `encode(to:)` writes
    /// the `null` back where it was.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, at path: [JSONKey], nulls: inout NullKeys) throws -> T? {
        nullRecorded(try decodeIfPresent(type, at: path, after: []), at: path, after: [], in: &nulls)
    }

    /// `value`, having recorded in `nulls`, when it is `nil`, the first `null` along `path` below this container,
    /// which is the object at `prefix` below the model's. Only a read that found no value walks the path again.
    func nullRecorded<T>(_ value: T?, at path: [JSONKey], after prefix: [JSONKey], in nulls: inout NullKeys) -> T? {
        guard case .none = value else { return value }
        var container = self
        for (index, key) in path.enumerated() {
            guard container.contains(key) else { break }
            if (try? container.decodeNil(forKey: key)) == true {
                nulls.insert(path: (prefix + path[...index]).map(\.stringValue))
                break
            }
            guard index < path.count - 1,
                let object = try? container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
            else { break }
            container = object
        }
        return nil
    }

    /// Decodes the value at `path` below this container, or returns `defaultValue` when a key along the path is
    /// missing.
    ///
    /// `null` throws `valueNotFound`: a default stands in for an absent key only, so that a server sending `null`
    /// is noticed. A mapping can accept `null` too (`nullAsMissing`), which the generator writes as
    /// `decodeIfPresent(_:at:) ?? default`. `defaultValue` may throw: the generator converts a default it has no
    /// Swift literal for (an array's) from the mapping's JSON, and a failed conversion is thrown here.
    public func decode<T: Decodable>(
        _ type: T.Type,
        at path: [JSONKey],
        default defaultValue: @autoclosure () throws -> T
    ) throws -> T {
        try decodeUnlessMissing(type, at: path, after: []) ?? defaultValue()
    }

    /// The value at `path`, or `nil` when a key along it is missing; `null` throws `valueNotFound`. This container
    /// is the object at `prefix` below the model's.
    func decodeUnlessMissing<T: Decodable>(_ type: T.Type, at path: [JSONKey], after prefix: [JSONKey]) throws -> T? {
        if let holder = nestedObject(at: path.dropLast()),
            let value = try holder.decodeIfPresentLocatingErrors(type, forKey: path[path.count - 1])
        {
            return value
        }
        let reason = ", which a default does not replace (map the property with nullAsMissing to accept null)"
        switch try lookUp(path, after: prefix) {
        case .present(let container, let key):
            if try container.decodeNil(forKey: key) {
                throw valueNotFound(type, nullIndex: path.count - 1, in: path, after: prefix, reason: reason)
            }
            return try container.decodeLocatingErrors(type, forKey: key)
        case .missing:
            return nil
        case .null(let index):
            throw valueNotFound(type, nullIndex: index, in: path, after: prefix, reason: reason)
        }
    }

    /// The container of the object at `path`; `nil` where a key along it is missing, `null` or not an object, and
    /// the caller then walks the path again with `lookUp` to say exactly what is wrong.
    func nestedObject(at path: some Collection<JSONKey>) -> KeyedDecodingContainer<JSONKey>? {
        var container = self
        for key in path {
            guard let object = try? container.nestedContainer(keyedBy: JSONKey.self, forKey: key) else { return nil }
            container = object
        }
        return container
    }

    /// Walks `path` down to the container that holds its last key; an error spells the path after `prefix`.
    private func lookUp(_ path: [JSONKey], after prefix: [JSONKey]) throws -> KeyPathLookup {
        guard let lastKey = path.last else { preconditionFailure("A key path needs at least one key") }
        var container = self
        for (index, key) in path.dropLast().enumerated() {
            guard container.contains(key) else { return .missing(index: index) }
            if try container.decodeNil(forKey: key) { return .null(index: index) }
            do {
                container = try container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
            } catch let error as DecodingError {
                guard case .typeMismatch = error else { throw error }
                let keyPath = path[...index]
                let description =
                    "Expected an object at '\((prefix + keyPath).keyPathDescription)' to look up "
                    + "'\(path[index + 1].stringValue)'"
                throw DecodingError.typeMismatch(
                    [String: JSONValue].self,
                    .init(codingPath: codingPath(to: keyPath), debugDescription: description, underlyingError: error)
                )
            }
        }
        guard container.contains(lastKey) else { return .missing(index: path.count - 1) }
        return .present(container, lastKey)
    }

    /// This container's coding path followed by `keys`.
    func codingPath(to keys: some Sequence<JSONKey>) -> [any CodingKey] {
        codingPath + keys.map { $0 as any CodingKey }
    }

    private func keyNotFound(_ path: [JSONKey], missingIndex: Int, after prefix: [JSONKey]) -> DecodingError {
        var description = "No value for '\((prefix + path[...missingIndex]).keyPathDescription)'"
        if missingIndex < path.count - 1 {
            description += " to look up '\((prefix + path).keyPathDescription)'"
        }
        return .keyNotFound(
            path[path.count - 1],
            .init(codingPath: codingPath(to: path.dropLast()), debugDescription: description)
        )
    }

    private func valueNotFound(
        _ type: Any.Type,
        nullIndex: Int,
        in path: [JSONKey],
        after prefix: [JSONKey],
        reason: String
    ) -> DecodingError {
        let nullPath = path[...nullIndex]
        let whole = (prefix + path).keyPathDescription
        let description =
            nullIndex == path.count - 1
            ? "Expected \(type) at '\(whole)' but found null"
            : "Expected \(type) at '\(whole)' but '\((prefix + nullPath).keyPathDescription)' is null"
        return .valueNotFound(type, .init(codingPath: codingPath(to: nullPath), debugDescription: description + reason))
    }
}

/// Where a key path leads.
private enum KeyPathLookup {
    /// The last key is present in `container` (its value may be `null`).
    case present(KeyedDecodingContainer<JSONKey>, JSONKey)
    /// The key at `index` is missing.
    case missing(index: Int)
    /// The intermediate value of the key at `index` is `null`.
    case null(index: Int)
}
