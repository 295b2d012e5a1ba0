// Foundation's JSONDecoder (swift-foundation#1604, Swift 6 on Linux and Apple platforms) reports a number that does
// not fit the requested type, such as `1.5` or `1e19` for an `Int`, as "The given data was not valid JSON." with no
// coding path. Inside the runtime's own `init(from:)`s the error is still an internal, non-`DecodingError` value
// when it passes by, so it can be given the path of the key being decoded.

extension KeyedDecodingContainer {
    /// `decode(_:forKey:)`, with any error that isn't a `DecodingError` turned into `dataCorrupted` at `key`.
    func decodeLocatingErrors<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        do {
            return try decode(type, forKey: key)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.locating(error, as: T.self, at: codingPath + [key])
        }
    }

    /// `decodeIfPresent(_:forKey:)`, with any error that isn't a `DecodingError` turned into `dataCorrupted` at `key`.
    func decodeIfPresentLocatingErrors<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        do {
            return try decodeIfPresent(type, forKey: key)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.locating(error, as: T.self, at: codingPath + [key])
        }
    }
}

extension DecodingError {
    static func locating(_ error: any Error, as type: Any.Type, at codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(
            .init(
                codingPath: codingPath,
                debugDescription: "The value is not a valid \(type): \(error)",
                underlyingError: error
            )
        )
    }
}
