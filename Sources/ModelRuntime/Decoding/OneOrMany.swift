import Foundation

/// A list that the payload may send as a JSON array or as its one element alone (`"photos": {…}` for
/// `"photos": [{…}]`), for a mapping's `singleAsArray: true`.
///
/// RestKit put a single object into a to-many relationship, and from 0.20 a single value into an `NSArray`
/// attribute, as a list of one; the import from RestKit writes `singleAsArray` on such properties, and the generated
/// model decodes them through this type and stores its ``elements``. Other models stay strict.
///
/// Decoding reads an array as `[Element]` does, and any other value except `null` as one `Element`. `null` is no
/// element: it throws `valueNotFound`, as for `[Element]`, so that an optional property reads it as `nil` through
/// `decodeIfPresent`. A value that is neither an array nor an `Element` throws `typeMismatch` at the property's coding
/// path, naming both; an error inside the element (a member of the one object) keeps its own, longer path.
///
/// Encoding writes ``elements`` as a JSON array whatever the payload sent: the model keeps the list, not which shape
/// the server used, and RestKit's inverse mapping wrote the collection as an array too. (Generated models encode
/// their `[Element]` property directly, which writes the same array.)
///
/// An array costs what `[Element]` costs. A single element costs one failed request for an array container, whose
/// error the decoder builds before this type reads the value as an element.
public struct OneOrMany<Element: Decodable>: Decodable {
    /// The elements: the array's, or the one element the payload sent alone.
    public var elements: [Element]

    /// A list of `elements`.
    public init(_ elements: [Element]) {
        self.elements = elements
    }

    /// Reads an array, or one element alone as a list of one.
    public init(from decoder: any Decoder) throws {
        let list: any UnkeyedDecodingContainer
        do {
            list = try decoder.unkeyedContainer()
        } catch DecodingError.typeMismatch, DecodingError.valueNotFound {
            elements = [try Self.element(from: decoder)]
            return
        }
        elements = try Self.elements(of: list)
    }

    private static func elements(of list: any UnkeyedDecodingContainer) throws -> [Element] {
        var list = list
        var elements: [Element] = []
        elements.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd {
            elements.append(try list.decode(Element.self))
        }
        return elements
    }

    /// The value that is not an array, as one element; `null` is none.
    private static func element(from decoder: any Decoder) throws -> Element {
        let value = try decoder.singleValueContainer()
        // Spelled only for an error.
        func keyPath() -> String { decoder.codingPath.map { JSONKey($0) }.keyPathDescription }
        if value.decodeNil() {
            throw DecodingError.valueNotFound(
                [Element].self,
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "Expected \([Element].self) or one \(Element.self) at '\(keyPath())' but found null"
                )
            )
        }
        do {
            return try value.decode(Element.self)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.count == decoder.codingPath.count {
            // The value itself is of another kind; a mismatch deeper inside the element keeps its own path.
            throw DecodingError.typeMismatch(
                [Element].self,
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "Expected \([Element].self) or one \(Element.self) at '\(keyPath())': \(context.debugDescription)",
                    underlyingError: DecodingError.typeMismatch(Element.self, context)
                )
            )
        }
    }
}

extension OneOrMany: Encodable where Element: Encodable {
    /// Writes ``elements`` as a JSON array, whichever shape the payload had.
    public func encode(to encoder: any Encoder) throws {
        try elements.encode(to: encoder)
    }
}

extension OneOrMany: Equatable where Element: Equatable {}
extension OneOrMany: Hashable where Element: Hashable {}
extension OneOrMany: Sendable where Element: Sendable {}
