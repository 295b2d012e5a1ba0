// Foundation's JSONDecoder (swift-foundation#1604, Swift 6 on Linux and Apple platforms) reports a number that does
// not fit the requested type, such as `1.5` or `1e19` for an `Int` or `1e400` for a `Double`, as "The given data was
// not valid JSON." with no coding path. Inside an `init(from:)` the error is still an internal, non-`DecodingError`
// value when it passes by, so it can be given the path of the key being decoded: the runtime's own types and the
// generated models' number properties decode through these.

extension KeyedDecodingContainer {
    /// `decode(_:forKey:)`, with any error that isn't a `DecodingError` turned into `dataCorrupted` at `key`.
    @inlinable
    public func decodeLocatingErrors<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try locatingErrors(of: T.self, at: key) { try decode(type, forKey: key) }
    }

    /// `decodeIfPresent(_:forKey:)`, with any error that isn't a `DecodingError` turned into `dataCorrupted` at `key`.
    @inlinable
    func decodeIfPresentLocatingErrors<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try locatingErrors(of: T.self, at: key) { try decodeIfPresent(type, forKey: key) }
    }

    @inlinable
    func locatingErrors<Result>(of type: Any.Type, at key: Key, _ decode: () throws -> Result) throws -> Result {
        do {
            return try decode()
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [key],
                    debugDescription: "The value is not a valid \(type): \(error)",
                    underlyingError: error
                )
            )
        }
    }
}
