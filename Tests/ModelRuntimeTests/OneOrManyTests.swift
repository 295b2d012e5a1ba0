import Foundation
import ModelRuntime
import Testing

/// `OneOrMany`, which models imported from RestKit read their to-many relationships and (from RestKit 0.20) array
/// attributes with: an array, or its one element sent alone, as RestKit's mapping operation put a single object into
/// a collection. Each case runs through `JSONDecoder` and through the client's tree decoder (`decoded(as:)`).
@Suite struct OneOrManyTests {
    struct Photo: Codable, Hashable {
        var url: String
        var position: Int?
    }

    /// A model as the generator writes one for `photos: { collection: Photo, singleAsArray: true, optional: true }`
    /// and `tags: { type: "[String]", singleAsArray: true }`.
    struct Observation: Codable, Hashable {
        var photos: [Photo]?
        var tags: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: JSONKey.self)
            photos = try container.decodeIfPresent(OneOrMany<Photo>.self, forKey: JSONKey("photos"))?.elements
            tags = try container.decode(OneOrMany<String>.self, at: ["tags"]).elements
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encodeIfPresent(photos, forKey: JSONKey("photos"))
            try container.encode(tags, forKey: JSONKey("tags"))
        }
    }

    enum Path: CaseIterable {
        case jsonDecoder, tree
    }

    private func decoded<T: Decodable>(_ type: T.Type, _ json: String, through path: Path) throws -> T {
        switch path {
        case .jsonDecoder: try JSONDecoder().decode(type, from: Data(json.utf8))
        case .tree: try JSONValue(parsing: Data(json.utf8)).decoded(as: type)
        }
    }

    private func decodingError(_ json: String, through path: Path) -> DecodingError? {
        do {
            _ = try decoded(Observation.self, json, through: path)
            return nil
        } catch {
            return error as? DecodingError
        }
    }

    @Test(arguments: Path.allCases) func oneObjectOrAnArrayIsTheList(through path: Path) throws {
        let one = try decoded(
            Observation.self,
            #"{"photos": {"url": "https://example.com/1.jpg", "position": 0}, "tags": "bird"}"#,
            through: path
        )
        #expect(one.photos == [Photo(url: "https://example.com/1.jpg", position: 0)])
        #expect(one.tags == ["bird"])

        let many = try decoded(
            Observation.self,
            #"{"photos": [{"url": "a"}, {"url": "b", "position": 1}], "tags": ["bird", "shore"]}"#,
            through: path
        )
        #expect(many.photos == [Photo(url: "a"), Photo(url: "b", position: 1)])
        #expect(many.tags == ["bird", "shore"])
        #expect(try decoded(Observation.self, #"{"photos": [], "tags": []}"#, through: path).photos == [])
    }

    @Test(arguments: Path.allCases) func nullAndMissingAreNoElement(through path: Path) throws {
        #expect(try decoded(Observation.self, #"{"photos": null, "tags": []}"#, through: path).photos == nil)
        #expect(try decoded(Observation.self, #"{"tags": []}"#, through: path).photos == nil)

        // `null` is no element: not a list of one `nil`, nor a mismatch.
        let null = try #require(decodingError(#"{"tags": null}"#, through: path))
        guard case .valueNotFound(let type, let context) = null else { Issue.record("\(null)"); return }
        #expect(ObjectIdentifier(type) == ObjectIdentifier([String].self))
        #expect(pathDescription(context.codingPath) == "tags")
        #expect(context.debugDescription == "Expected Array<String> or one String at 'tags' but found null")

        let missing = try #require(decodingError(#"{"photos": []}"#, through: path))
        guard case .keyNotFound(let key, _) = missing else { Issue.record("\(missing)"); return }
        #expect(key.stringValue == "tags")
    }

    @Test(arguments: Path.allCases) func anotherKindOfValueIsAMismatchAtTheProperty(through path: Path) throws {
        let text = try #require(decodingError(#"{"photos": "a.jpg", "tags": []}"#, through: path))
        guard case .typeMismatch(let type, let context) = text else { Issue.record("\(text)"); return }
        #expect(ObjectIdentifier(type) == ObjectIdentifier([Photo].self))
        #expect(pathDescription(context.codingPath) == "photos")
        #expect(context.debugDescription.hasPrefix("Expected Array<Photo> or one Photo at 'photos': "))

        let number = try #require(decodingError(#"{"tags": {"name": "bird"}}"#, through: path))
        guard case .typeMismatch(let numberType, let numberContext) = number else {
            Issue.record("\(number)")
            return
        }
        #expect(ObjectIdentifier(numberType) == ObjectIdentifier([String].self))
        #expect(pathDescription(numberContext.codingPath) == "tags")
    }

    @Test(arguments: Path.allCases) func aMismatchInsideTheOneElementKeepsItsPath(through path: Path) throws {
        let error = try #require(decodingError(#"{"photos": {"url": 5}, "tags": []}"#, through: path))
        guard case .typeMismatch(let type, let context) = error else { Issue.record("\(error)"); return }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
        #expect(pathDescription(context.codingPath) == "photos.url")

        let inArray = try #require(decodingError(#"{"photos": [{"url": "a"}, {"url": 5}], "tags": []}"#, through: path))
        #expect(pathDescription(inArray.context?.codingPath ?? []) == "photos[1].url")
    }

    @Test func encodingWritesAnArrayWhicheverShapeWasRead() throws {
        let one = try decode(Observation.self, from: #"{"photos": {"url": "a"}, "tags": "bird"}"#)
        #expect(try encodedJSON(one) == parsedJSON(#"{"photos": [{"url": "a"}], "tags": ["bird"]}"#))
        let wrapped = try decode(OneOrMany<Int>.self, from: "7")
        #expect(wrapped == OneOrMany([7]))
        #expect(try encodedJSON(wrapped) == parsedJSON("[7]"))
    }

    /// `DecodingReport` looks inside one element sent alone as it does inside an array's: what the element lacked or
    /// carried beyond the model is reported at the list's element.
    @Test func theReportLooksInsideTheOneElement() throws {
        let json = #"{"photos": {"url": "https://example.com/1.jpg", "caption": "a heron"}, "tags": "bird"}"#
        let (observation, report) = try DecodingReport.decode(Observation.self, from: Data(json.utf8))
        #expect(observation.tags == ["bird"])
        #expect(
            report.entries == [
                .init(kind: .droppedValue, keyPath: "photos[0].caption", value: "a heron"),
                .init(kind: .missingOptional, keyPath: "photos[0].position"),
            ]
        )
        let asArrays = #"{"photos": [{"url": "https://example.com/1.jpg", "caption": "a heron"}], "tags": ["bird"]}"#
        #expect(try DecodingReport.decode(Observation.self, from: Data(asArrays.utf8)).report == report)
    }
}
