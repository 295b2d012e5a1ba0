import Foundation
import ModelRuntime
import Testing

/// Reads `user.links.home` two ways, as generated models did and do: along the whole path from the model's
/// container, and through `user` and `links` opened once (`KeyPathObject`). Each read is kept as what it answered
/// or the error it threw, spelled out.
private struct TwoWayProbe: Decodable, KeepsUnknownMembers {
    enum Read: CaseIterable, Sendable {
        case required, ifPresent, withDefault, formatted, formattedIfPresent, formattedWithDefault
        case lenient, lenientIfPresent, lenientWithDefault
    }

    /// The read the probes being decoded make.
    @TaskLocal static var read = Read.required
    static let dates = DatePatternFormatter.UserData(format: "yyyy-MM-dd")

    static let modeledKeys: Set<String> = ["user"]

    let wholePath: String
    let throughObjects: String
    /// Both reads again from a container keyed by `MemberKey`, read through `JSONKey` as a generated mapped model
    /// reads its key paths (`keyed(by:)`); errors spelled by their keys' names, since the keys' types differ.
    let memberKeyWholePath: String
    let memberKeyThroughObjects: String
    /// The same reads from a container keyed by `JSONKey`, errors spelled the same way.
    let spelledWholePath: String
    let spelledThroughObjects: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let read = Self.read
        wholePath = Self.answer { try Self.read(read, at: ["user", "links", "home"], from: container) }
        throughObjects = Self.answer {
            let links = container.object(at: ["user"]).object(at: ["links"])
            return try Self.read(read, at: ["home"], from: links)
        }
        spelledWholePath = Self.spelledAnswer { try Self.read(read, at: ["user", "links", "home"], from: container) }
        spelledThroughObjects = Self.spelledAnswer {
            try Self.read(read, at: ["home"], from: container.object(at: ["user"]).object(at: ["links"]))
        }
        let keyPaths = try decoder.container(keyedBy: MemberKey<Self>.self).keyed(by: JSONKey.self)
        memberKeyWholePath = Self.spelledAnswer { try Self.read(read, at: ["user", "links", "home"], from: keyPaths) }
        memberKeyThroughObjects = Self.spelledAnswer {
            try Self.read(read, at: ["home"], from: keyPaths.object(at: ["user"]).object(at: ["links"]))
        }
    }

    private static func answer(_ read: () throws -> String?) -> String {
        do {
            return "value \(try read() ?? "nil")"
        } catch {
            return "error \(error)"
        }
    }

    /// ``answer(_:)``, with a `DecodingError` spelled by its case, its coding path's names and its description.
    private static func spelledAnswer(_ read: () throws -> String?) -> String {
        do {
            return "value \(try read() ?? "nil")"
        } catch let error as DecodingError {
            let context: DecodingError.Context
            let kind: String
            switch error {
            case .keyNotFound(let key, let found): (kind, context) = ("keyNotFound \(key.stringValue)", found)
            case .valueNotFound(let type, let found): (kind, context) = ("valueNotFound \(type)", found)
            case .typeMismatch(let type, let found): (kind, context) = ("typeMismatch \(type)", found)
            case .dataCorrupted(let found): (kind, context) = ("dataCorrupted", found)
            @unknown default: return "error \(error)"
            }
            let path = context.codingPath.map(\.stringValue).joined(separator: "/")
            return "error \(kind) at \(path): \(context.debugDescription)"
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
                for (probe, decoder) in [(viaFoundation, "JSONDecoder"), (viaTree, "the client's tree")] {
                    #expect(probe.memberKeyWholePath == probe.spelledWholePath, "\(read), \(decoder)")
                    #expect(probe.memberKeyThroughObjects == probe.spelledThroughObjects, "\(read), \(decoder)")
                }
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

/// Every read of a container keyed by `MemberKey`, made directly and through `keyed(by: JSONKey.self)`.
private struct RekeyedProbe: Decodable, KeepsUnknownMembers {
    static let modeledKeys: Set<String> = ["b", "s", "d", "f", "i", "i8", "i16", "i32", "i64", "u", "u8", "u16"]

    /// Each read's answer, directly and through the view.
    let direct: [String]
    let rekeyed: [String]
    let listedKeys: [String]
    let nestedKeys: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberKey<Self>.self)
        direct = try Self.reads(container)
        let view = container.keyed(by: JSONKey.self)
        rekeyed = try Self.reads(view)
        listedKeys = view.allKeys.map(\.stringValue).sorted()
        nestedKeys = try view.nestedContainer(keyedBy: JSONKey.self, forKey: "o").allKeys.map(\.stringValue).sorted()
    }

    private static func reads<Key: NamedCodingKey>(_ container: KeyedDecodingContainer<Key>) throws -> [String] {
        func key(_ name: String) -> Key { Key(name) }
        let required: [String] = [
            "\(try container.decode(Bool.self, forKey: key("b")))",
            try container.decode(String.self, forKey: key("s")),
            "\(try container.decode(Double.self, forKey: key("d")))",
            "\(try container.decode(Float.self, forKey: key("f")))",
            "\(try container.decode(Int.self, forKey: key("i")))",
            "\(try container.decode(Int8.self, forKey: key("i8")))",
            "\(try container.decode(Int16.self, forKey: key("i16")))",
            "\(try container.decode(Int32.self, forKey: key("i32")))",
            "\(try container.decode(Int64.self, forKey: key("i64")))",
            "\(try container.decode(UInt.self, forKey: key("u")))",
            "\(try container.decode(UInt8.self, forKey: key("u8")))",
            "\(try container.decode(UInt16.self, forKey: key("u16")))",
            "\(try container.decode(UInt32.self, forKey: key("u32")))",
            "\(try container.decode(UInt64.self, forKey: key("u64")))",
            "\(try container.decode([Int].self, forKey: key("a")))",
            "\(container.contains(key("s"))) \(try container.decodeNil(forKey: key("n")))",
        ]
        let optional: [String] = [
            "\(String(describing: try container.decodeIfPresent(Bool.self, forKey: key("b"))))",
            "\(String(describing: try container.decodeIfPresent(String.self, forKey: key("n"))))",
            "\(String(describing: try container.decodeIfPresent(Double.self, forKey: key("missing"))))",
            "\(String(describing: try container.decodeIfPresent(Float.self, forKey: key("f"))))",
            "\(String(describing: try container.decodeIfPresent(Int.self, forKey: key("i"))))",
            "\(String(describing: try container.decodeIfPresent(Int8.self, forKey: key("i8"))))",
            "\(String(describing: try container.decodeIfPresent(Int16.self, forKey: key("i16"))))",
            "\(String(describing: try container.decodeIfPresent(Int32.self, forKey: key("i32"))))",
            "\(String(describing: try container.decodeIfPresent(Int64.self, forKey: key("i64"))))",
            "\(String(describing: try container.decodeIfPresent(UInt.self, forKey: key("u"))))",
            "\(String(describing: try container.decodeIfPresent(UInt8.self, forKey: key("u8"))))",
            "\(String(describing: try container.decodeIfPresent(UInt16.self, forKey: key("u16"))))",
            "\(String(describing: try container.decodeIfPresent(UInt32.self, forKey: key("u32"))))",
            "\(String(describing: try container.decodeIfPresent(UInt64.self, forKey: key("u64"))))",
            "\(String(describing: try container.decodeIfPresent([Int].self, forKey: key("a"))))",
        ]
        var list = try container.nestedUnkeyedContainer(forKey: key("a"))
        let first = try list.decode(Int.self)
        let nested = try container.superDecoder(forKey: key("o")).container(keyedBy: JSONKey.self)
        return required + optional + ["\(first)", "\(nested.allKeys.count)"]
    }
}

@Suite struct RekeyedDecodingContainerTests {
    static let payload = #"""
        [{"b": true, "s": "text", "d": 1.5, "f": 2.5, "i": -3, "i8": -8, "i16": -16, "i32": -32, "i64": -64,
          "u": 1, "u8": 8, "u16": 16, "u32": 32, "u64": 64, "a": [7, 9], "n": null, "o": {"x": 1, "y": 2}}]
        """#

    /// Through both decoders a model meets, each read through the view answers what the same read of the base
    /// answers, and the view lists what the base lists: for `MemberKey`, only the keys its model doesn't read.
    @Test func aRekeyedContainerReadsWhatItsBaseReads() throws {
        let data = Data(Self.payload.utf8)
        let probes = [
            ("JSONDecoder", try JSONDecoder().decode([RekeyedProbe].self, from: data)[0]),
            ("the client's tree", try JSONValue(parsing: data).decoded(as: [RekeyedProbe].self)[0]),
        ]
        for (decoder, probe) in probes {
            #expect(probe.rekeyed == probe.direct, "\(decoder)")
            #expect(probe.direct[0] == "true" && probe.direct[1] == "text" && probe.direct.last == "2", "\(decoder)")
            #expect(probe.listedKeys == ["a", "n", "o", "u32", "u64"], "\(decoder)")
            #expect(probe.nestedKeys == ["x", "y"], "\(decoder)")
        }
    }

    /// A read of the wrong type fails through the view as it fails on the base, at the same coding path.
    @Test func aFailedReadFailsAtTheSamePath() throws {
        struct Failing: Decodable, KeepsUnknownMembers {
            static let modeledKeys: Set<String> = ["s"]
            init(from decoder: any Decoder) throws {
                _ = try decoder.container(keyedBy: MemberKey<Self>.self).keyed(by: JSONKey.self)
                    .decode(Int.self, forKey: "s")
            }
        }
        do {
            _ = try JSONDecoder().decode([Failing].self, from: Data(#"[{"s": "x"}]"#.utf8))
            Issue.record("a string decoded as an Int")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 0", "s"])
        }
    }
}

/// The 128-bit reads, which `KeyedDecodingContainerProtocol` gives a default that throws, and the keys listed through
/// `MemberKey`, each read through `keyed(by:)`.
private struct WideRekeyedProbe: Decodable, KeepsUnknownMembers {
    static let modeledKeys: Set<String> = ["big", "huge"]

    /// Each 128-bit read, directly and through the view.
    let direct: [String]
    let rekeyed: [String]
    /// The keys of a container keyed by `JSONKey`, listed through `MemberKey`.
    let listedAsMembers: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberKey<Self>.self)
        direct = Self.reads(container)
        rekeyed = Self.reads(container.keyed(by: JSONKey.self))
        let plain = try decoder.container(keyedBy: JSONKey.self)
        listedAsMembers = plain.keyed(by: MemberKey<Self>.self).allKeys.map(\.stringValue).sorted()
    }

    private static func reads<Key: NamedCodingKey>(_ container: KeyedDecodingContainer<Key>) -> [String] {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return [] }
        func answer(_ read: () throws -> String) -> String {
            do { return try read() } catch { return "error \(error)" }
        }
        return [
            answer { "\(try container.decode(Int128.self, forKey: Key("big")))" },
            answer { "\(try container.decode(UInt128.self, forKey: Key("huge")))" },
            answer { "\(String(describing: try container.decodeIfPresent(Int128.self, forKey: Key("big"))))" },
            answer { "\(String(describing: try container.decodeIfPresent(UInt128.self, forKey: Key("huge"))))" },
            answer { "\(String(describing: try container.decodeIfPresent(Int128.self, forKey: Key("missing"))))" },
        ]
    }
}

extension RekeyedDecodingContainerTests {
    /// A 128-bit number the base's decoder reads is read through the view too (the protocol's own reads throw that
    /// the decoder has none), and a view through `MemberKey` lists only the keys its model doesn't read, as a
    /// container keyed by `MemberKey` lists them.
    @Test func aRekeyedContainerReads128BitNumbersAndListsKeysItsKeyTypeMakes() throws {
        let data = Data(#"[{"big": -12345678901234567890123, "huge": 98765432109876543210987, "other": 1}]"#.utf8)
        let probes = [
            ("JSONDecoder", try JSONDecoder().decode([WideRekeyedProbe].self, from: data)[0]),
            ("the client's tree", try JSONValue(parsing: data).decoded(as: [WideRekeyedProbe].self)[0]),
        ]
        for (decoder, probe) in probes {
            #expect(probe.rekeyed == probe.direct, "\(decoder)")
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                #expect(probe.direct.first == "-12345678901234567890123", "\(decoder): \(probe.direct)")
            }
            #expect(probe.listedAsMembers == ["other"], "\(decoder)")
        }
    }
}
