import Foundation
import ModelRuntime
import Testing

/// Reads `user.links.home` two ways, as generated models did and do: along the whole path from the model's
/// container, and through `user` and `links` opened once (`KeyPathObject`). Each read is kept as what it answered
/// or the error it threw, spelled out.
private struct TwoWayProbe: Decodable {
    enum Read: CaseIterable, Sendable {
        case required, ifPresent, withDefault, formatted, formattedIfPresent, formattedWithDefault
        case lenient, lenientIfPresent, lenientWithDefault
    }

    /// The read the probes being decoded make.
    @TaskLocal static var read = Read.required
    static let dates = DatePatternFormatter.UserData(format: "yyyy-MM-dd")

    let wholePath: String
    let throughObjects: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let read = Self.read
        wholePath = Self.answer { try Self.read(read, at: ["user", "links", "home"], from: container) }
        throughObjects = Self.answer {
            let links = container.object(at: ["user"]).object(at: ["links"])
            return try Self.read(read, at: ["home"], from: links)
        }
    }

    private static func answer(_ read: () throws -> String?) -> String {
        do {
            return "value \(try read() ?? "nil")"
        } catch {
            return "error \(error)"
        }
    }

    private static func read(
        _ read: Read,
        at path: [JSONKey],
        from container: KeyedDecodingContainer<JSONKey>
    )
        throws -> String?
    {
        let fallback = Date(timeIntervalSince1970: 0)
        switch read {
        case .required: return try container.decode(String.self, at: path)
        case .ifPresent: return try container.decodeIfPresent(String.self, at: path)
        case .withDefault: return try container.decode(String.self, at: path, default: "default")
        case .formatted:
            return "\(try container.decode(at: path, formatter: DatePatternFormatter.self, userData: dates))"
        case .formattedIfPresent:
            return try container.decodeIfPresent(at: path, formatter: DatePatternFormatter.self, userData: dates)
                .map { "\($0)" }
        case .formattedWithDefault:
            let date = try container.decode(
                at: path,
                formatter: DatePatternFormatter.self,
                userData: dates,
                default: fallback
            )
            return "\(date)"
        case .lenient: return try container.decode(at: path, formatter: LenientStringFormatter.self)
        case .lenientIfPresent: return try container.decodeIfPresent(at: path, formatter: LenientStringFormatter.self)
        case .lenientWithDefault:
            return try container.decode(at: path, formatter: LenientStringFormatter.self, default: "default")
        }
    }

    private static func read(_ read: Read, at path: [JSONKey], from object: KeyPathObject) throws -> String? {
        let fallback = Date(timeIntervalSince1970: 0)
        switch read {
        case .required: return try object.decode(String.self, at: path)
        case .ifPresent: return try object.decodeIfPresent(String.self, at: path)
        case .withDefault: return try object.decode(String.self, at: path, default: "default")
        case .formatted: return "\(try object.decode(at: path, formatter: DatePatternFormatter.self, userData: dates))"
        case .formattedIfPresent:
            return try object.decodeIfPresent(at: path, formatter: DatePatternFormatter.self, userData: dates)
                .map { "\($0)" }
        case .formattedWithDefault:
            let date = try object.decode(
                at: path,
                formatter: DatePatternFormatter.self,
                userData: dates,
                default: fallback
            )
            return "\(date)"
        case .lenient: return try object.decode(at: path, formatter: LenientStringFormatter.self)
        case .lenientIfPresent: return try object.decodeIfPresent(at: path, formatter: LenientStringFormatter.self)
        case .lenientWithDefault:
            return try object.decode(at: path, formatter: LenientStringFormatter.self, default: "default")
        }
    }
}

/// A mapped model nested in itself through an opened object, as the generator writes
/// `name: data.name, children: data.children`; it counts the nodes it decodes.
private struct Node: Decodable {
    final class Count: @unchecked Sendable {
        // Decoding runs on one thread; the count is read after it.
        var nodes = 0
    }

    @TaskLocal static var count = Count()

    let name: String
    let children: [Node]?

    init(from decoder: any Decoder) throws {
        Self.count.nodes += 1
        let container = try decoder.container(keyedBy: JSONKey.self)
        let data = container.object(at: ["data"])
        name = try data.decode(String.self, at: ["name"])
        children = try data.decodeIfPresent([Node].self, at: ["children"])
    }
}

@Suite struct KeyPathObjectTests {
    /// Every way the path can be there or not: each object missing, `null`, not an object or empty, and the value
    /// present, `null`, of another type, or a date.
    static let payloads = [
        #"{"user": {"links": {"home": "2024-05-06"}}}"#,
        #"{"user": {"links": {"home": "h"}}}"#,
        #"{}"#,
        #"{"user": null}"#,
        #"{"user": 5}"#,
        #"{"user": {}}"#,
        #"{"user": {"links": null}}"#,
        #"{"user": {"links": [1]}}"#,
        #"{"user": {"links": {}}}"#,
        #"{"user": {"links": {"home": null}}}"#,
        #"{"user": {"links": {"home": 7}}}"#,
        #"{"user": {"links": {"home": {"a": 1}}}}"#,
    ]

    /// Through both decoders a model meets, every read through opened objects answers what the same read along the
    /// whole path answers: the same value, or the same error with the same coding path and words.
    @Test(arguments: payloads)
    func readsThroughOpenedObjectsAnswerAsTheWholePath(json: String) throws {
        let data = Data("[\(json)]".utf8)
        for read in TwoWayProbe.Read.allCases {
            try TwoWayProbe.$read.withValue(read) {
                let viaFoundation = try JSONDecoder().decode([TwoWayProbe].self, from: data)[0]
                #expect(viaFoundation.throughObjects == viaFoundation.wholePath, "\(read), JSONDecoder")
                let viaTree = try JSONValue(parsing: data).decoded(as: [TwoWayProbe].self)[0]
                #expect(viaTree.throughObjects == viaTree.wholePath, "\(read), the client's tree")
            }
        }
    }

    /// The probe tells answers apart: a payload that has the value reads it, one that doesn't fails.
    @Test func theProbeSeesValuesAndErrors() throws {
        let decoder = JSONDecoder()
        let present = try decoder.decode([TwoWayProbe].self, from: Data("[\(Self.payloads[1])]".utf8))[0]
        #expect(present.throughObjects == "value h")
        let missing = try decoder.decode([TwoWayProbe].self, from: Data("[\(Self.payloads[5])]".utf8))[0]
        #expect(missing.throughObjects.hasPrefix("error "))
        #expect(missing.throughObjects.contains("user.links"))
    }

    /// A value that fails to decode below an opened object fails once: each node of a chain is decoded once, not
    /// once more for each level above it (which read a chain 20 deep a million times).
    @Test func aFailureDeepInsideIsDecodedOnce() throws {
        var json = #"{"data": {"name": 5}}"#
        for level in 0..<20 { json = #"{"data": {"name": "n\#(level)", "children": [\#(json)]}}"# }
        let data = Data(json.utf8)
        let decoders: [(String, () throws -> Node)] = [
            ("JSONDecoder", { try JSONDecoder().decode(Node.self, from: data) }),
            ("the client's tree", { try JSONValue(parsing: data).decoded(as: Node.self) }),
        ]
        for (name, decode) in decoders {
            let count = Node.Count()
            let error = Node.$count.withValue(count) { () -> (any Error)? in
                do {
                    _ = try decode()
                    return nil
                } catch {
                    return error
                }
            }
            #expect(count.nodes == 21, "\(name)")
            guard case .typeMismatch(_, let context) = error as? DecodingError else {
                Issue.record("\(name): expected typeMismatch, got \(String(describing: error))")
                continue
            }
            #expect(context.codingPath.count == 20 * 3 + 2, "\(name): \(context.codingPath)")
        }
    }
}
