import BlockingTestSupport
import Foundation
import ModelRuntime
import Testing

/// Payloads a server (or someone in the middle) could send to break a client: every one must end in a thrown
/// `DecodingError` that says where, never a trap, a stack overflow or a megabyte-long message.
@Suite struct HostilePayloadTests {
    /// A value of `Value` under the key `value` of the second element, so every error's path is `[1].value`.
    struct Holder<Value: Codable & Sendable>: Codable, Sendable {
        var value: Value
    }

    struct Task: Codable, Hashable, Sendable {
        var name: String?
        var parent: Reference<Task>?
    }

    /// Decodes `[{"value": <valid>}, {"value": <hostile>}]` and returns the error, which must be a `DecodingError`.
    private func decodingError<Value: Codable & Sendable>(
        _: Value.Type,
        valid: String,
        hostile: String
    ) -> DecodingError? {
        do {
            _ = try decode([Holder<Value>].self, from: "[{\"value\": \(valid)}, {\"value\": \(hostile)}]")
            return nil
        } catch let error as DecodingError {
            return error
        } catch {
            Issue.record("\(hostile) threw \(Swift.type(of: error)), not a DecodingError: \(error)")
            return nil
        }
    }

    private func expectErrorAtValue<Value: Codable & Sendable>(
        _ type: Value.Type,
        valid: String,
        hostile: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for payload in hostile {
            guard let error = decodingError(type, valid: valid, hostile: payload) else {
                Issue.record("\(payload.prefix(80)) decoded as \(Value.self)", sourceLocation: sourceLocation)
                continue
            }
            let path = error.context.map { pathDescription($0.codingPath) } ?? ""
            #expect(path.hasPrefix("[1].value"), "\(payload.prefix(80)): \(error)", sourceLocation: sourceLocation)
        }
    }

    static let wrongKinds = ["42", "-1.5", "true", "false", "null", "{}", "[]", "[1, 2]", "{\"a\": 1}", "\"\""]

    @Test func wrongTypesForEveryRuntimeValueNameTheirPath() {
        expectErrorAtValue(
            ObjectID.self,
            valid: "\"5a2f1b7c9d3e4f5a6b7c8d9e\"",
            hostile: Self.wrongKinds + ["\"5a2f1b7c9d3e4f5a6b7c8d9\"", "\"5a2f1b7c9d3e4f5a6b7c8d9g\"", "\"zzzz\""]
        )
        expectErrorAtValue(
            ISO8601Date<Date>.self,
            valid: "\"2026-11-22T10:15:30.000Z\"",
            hostile: Self.wrongKinds + [
                "\"2026-13-01T00:00:00Z\"", "\"2026-02-30T00:00:00Z\"", "\"2026-11-22T25:00:00Z\"", "\"2026-11-22\"",
                "\"2026-11-22T10:15:30.000+99:00\"", "\"99999999999-11-22T10:15:30Z\"", "\"NaN\"",
            ]
        )
        expectErrorAtValue(
            DateOnly.self,
            valid: "\"2026-11-22\"",
            hostile: Self.wrongKinds + ["\"2026-02-30\"", "\"0000-00-00\"", "\"2026-11-22T00:00:00Z\"", "\"-1-01-01\""]
        )
        expectErrorAtValue(
            Reference<JSONValue>.self,
            valid: "\"5a2f1b7c9d3e4f5a6b7c8d9e\"",
            hostile: [
                "42", "true", "[]", "\"not an id\"", "{\"_id\": 42}", "{\"_id\": \"bad\"}", "{\"object\": \"x\"}",
            ]
        )
        expectErrorAtValue(
            FileValue.self,
            valid: "{\"name\": \"content\", \"mime\": \"image/png\"}",
            hostile: [
                "42", "\"file\"", "true", "[]", "{\"facets\": 3}", "{\"facets\": [42]}", "{\"uploads\": {}}",
                "{\"name\": \"content\", \"size\": 1.5}", "{\"name\": \"content\", \"state\": 1e19}",
            ]
        )
        expectErrorAtValue(
            Int.self,
            valid: "1",
            hostile: ["\"1\"", "true", "{}", "[]", "null"]
        )
    }

    @Test func nestingTenThousandLevelsDeepIsRejectedNotOverflowed() throws {
        let depth = 10_000
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        let expansions =
            String(repeating: "{\"_id\":\"5a2f1b7c9d3e4f5a6b7c8d9e\",\"name\":\"t\",\"parent\":", count: depth)
            + "null" + String(repeating: "}", count: depth)
        for payload in [arrays, objects] {
            #expect(throws: DecodingError.self) { try decode(JSONValue.self, from: payload) }
            #expect(throws: DecodingError.self) { try decode([Holder<JSONValue>].self, from: "[\(payload)]") }
            #expect(throws: DecodingError.self) { try decode(FileValue.self, from: payload) }
        }
        #expect(throws: DecodingError.self) { try decode(Task.self, from: expansions) }
        #expect(throws: DecodingError.self) { try decode(Reference<Task>.self, from: expansions) }
    }

    /// The deepest payload the parser accepts goes through every recursive part of the runtime: decoding,
    /// equality, hashing, re-encoding, the decoding report and the query JSON a value becomes.
    // Seconds of decoding: on a thread of its own, not one of Swift concurrency's few pool threads.
    @Test(.onOwnThread) func theDeepestAcceptedPayloadGoesThroughEveryRecursivePart() throws {
        let depth = deepestAcceptedDepth()
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let value = try decode(JSONValue.self, from: arrays)
        // Foundation's encoder may refuse what its parser just accepted; either way it ends in a thrown error.
        do {
            #expect(try parsedJSON(String(decoding: JSONEncoder().encode(value), as: UTF8.self)) == value)
        } catch {
            #expect(error is EncodingError, "not an EncodingError: \(type(of: error))")
        }
        #expect(Set([value, value]).count == 1)
        #expect(QueryJSON(value).serialized == arrays)
        #expect(QueryJSON(value).jsonValue == value)
        let report = try DecodingReport.decode(JSONValue.self, from: Data(arrays.utf8)).report
        #expect(report.isEmpty)

        let chain =
            String(repeating: "{\"_id\":\"5a2f1b7c9d3e4f5a6b7c8d9e\",\"name\":\"t\",\"parent\":", count: depth / 2)
            + "null" + String(repeating: "}", count: depth / 2)
        let task = try decode(Reference<Task>.self, from: chain)
        var levels = 0
        var current: Reference<Task>? = task
        while let reference = current {
            levels += 1
            current = reference.expanded?.parent
        }
        #expect(levels == depth / 2)
        let reencoded = try JSONEncoder().encode(task)
        #expect(try JSONDecoder().decode(Reference<Task>.self, from: reencoded) == task)
        #expect(Set([task, task]).count == 1)
    }

    /// How deep Foundation's parser lets JSON nest here (512 today), found rather than assumed so the test follows
    /// Foundation if it changes.
    private func deepestAcceptedDepth() -> Int {
        var accepted = 1
        for depth in stride(from: 64, through: 4096, by: 64) {
            let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            guard (try? decode(JSONValue.self, from: arrays)) != nil else { break }
            accepted = depth
        }
        return accepted
    }

    @Test func hugeAndNonFiniteNumbersAreErrorsOrExactValues() throws {
        for literal in ["1e400", "-1e400", "NaN", "Infinity", "-Infinity", "0x10", "01", "1.", ".5", "+1"] {
            #expect(throws: DecodingError.self, "\(literal)") { try decode(JSONValue.self, from: "[\(literal)]") }
            #expect(throws: DecodingError.self, "\(literal)") {
                try decode(Holder<Double>.self, from: "{\"value\": \(literal)}")
            }
        }
        // Beyond Int, an integer keeps its digits rather than becoming the nearest double.
        #expect(
            try decode(JSONValue.self, from: "123456789012345678901234567890")
                == .bigInteger("123456789012345678901234567890")
        )
        #expect(try decode(JSONValue.self, from: "9223372036854775807") == .int(.max))
        #expect(try decode(JSONValue.self, from: "-9223372036854775808") == .int(.min))
        #expect(try decode(JSONValue.self, from: "1e-400") == .int(0))
        for literal in ["9223372036854775808", "1.5", "1e300", "-1e19"] {
            #expect(throws: DecodingError.self, "\(literal)") {
                try decode(Holder<Int>.self, from: "{\"value\": \(literal)}")
            }
        }
    }

    @Test func nonFiniteNumbersAreNeverEncodedAsInvalidJSON() {
        for number in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try JSONEncoder().encode(JSONValue.double(number)) }
            #expect(throws: EncodingError.self) { try JSONEncoder().encode(["a": JSONValue.array([.double(number)])]) }
        }
    }

    @Test func duplicateKeysDecodeToOneOfTheirValuesAndEncodeOnce() throws {
        let first = "5a2f1b7c9d3e4f5a6b7c8d9e"
        let second = "5a2f1b7c9d3e4f5a6b7c8d9f"
        let reference = try decode(
            Reference<JSONValue>.self,
            from: "{\"_id\": \"\(first)\", \"_id\": \"\(second)\", \"object\": \"account\"}"
        )
        #expect([first, second].contains(reference.id.description))
        #expect(try encodedJSON(reference)["_id"] == .string(reference.id.description))
        let value = try decode(JSONValue.self, from: "{\"a\": 1, \"a\": \"two\", \"b\": [1, 1]}")
        #expect(value.objectValue?.count == 2)
        #expect([JSONValue.int(1), "two"].contains(value["a"] ?? .null))
    }

    @Test func veryLongStringsDecodeOrFailWithAShortMessage() throws {
        let long = String(repeating: "a", count: 4_000_000)
        #expect(try decode(Holder<JSONValue>.self, from: "{\"value\": \"\(long)\"}").value == .string(long))
        for type in [ObjectID.self, ISO8601Date<Date>.self, DateOnly.self, Reference<JSONValue>.self]
            as [any Codable.Type]
        {
            do {
                _ = try JSONDecoder().decode(type, from: Data("\"\(long)\"".utf8))
                Issue.record("a 4 MB string decoded as \(type)")
            } catch let error as DecodingError {
                let message = error.context?.debugDescription ?? ""
                #expect(message.count < 300, "\(type): \(message.prefix(300))")
                #expect(message.contains("4000000 characters"), "\(type): \(message.prefix(300))")
            }
        }
        let digits = String(repeating: "1", count: 100_000)
        #expect(throws: DecodingError.self) { try decode(Holder<Int>.self, from: "{\"value\": \(digits)}") }
    }

    /// A server's keys are as long as it likes: a syntax error after a 4 MB key, a key of one character and a
    /// million combining marks, or below keys of 100 KB each many levels deep, says where in a short message, and the
    /// error's coding path still holds every key whole.
    @Test func aSyntaxErrorAfterHugeKeysHasAShortMessage() throws {
        let marks = "a" + String(repeating: "\u{301}", count: 1_000_000)
        for key in [String(repeating: "k", count: 4_000_000), marks] {
            for document in ["{\"\(key)\" 1}", "{\"\(key)\": [1, x]}", "{\"\(key)\": {\"a\": tru}}"] {
                do {
                    _ = try JSONValue(parsing: Data(document.utf8))
                    Issue.record("\(document.suffix(20)) parsed")
                } catch let error as DecodingError {
                    let message = error.context?.debugDescription ?? ""
                    #expect(message.unicodeScalars.count < 500, "\(message.prefix(300))")
                    // The key's start is quoted: its letter, or its first marks (one character, which `contains`
                    // would compare whole).
                    let quoted = key == marks ? message.unicodeScalars.contains("\u{301}") : message.contains("kkkk…")
                    #expect(quoted, "\(message.prefix(300))")
                }
            }
        }
        let deep = String(repeating: "{\"\(String(repeating: "d", count: 100_000))\": ", count: 50) + "x"
        do {
            _ = try JSONValue(parsing: Data(deep.utf8))
            Issue.record("the deep document parsed")
        } catch let error as DecodingError {
            #expect((error.context?.debugDescription.count ?? 0) < 500)
            #expect(error.context?.codingPath.count == 50)
            #expect(error.context?.codingPath.first?.stringValue.count == 100_000)
        }
    }

    /// An integer of millions of digits keeps them in the tree (a `bigInteger`), but an error that it doesn't fit a
    /// property quotes 64 of them and says how many there were.
    @Test func aHugeIntegerThatDoesNotFitHasAShortMessage() throws {
        let digits = String(repeating: "7", count: 4_000_000)
        let tree = try JSONValue(parsing: Data("{\"value\": \(digits)}".utf8))
        for type in [Holder<Int>.self, Holder<Int32>.self, Holder<UInt8>.self] as [any Decodable.Type] {
            do {
                _ = try tree.decoded(as: type)
                Issue.record("4 million digits decoded as \(type)")
            } catch let error as DecodingError {
                let message = error.context?.debugDescription ?? ""
                #expect(message.count < 200, "\(type): \(message.prefix(200))")
                #expect(message.contains("7777… (4000000 characters)"), "\(type): \(message.prefix(200))")
                #expect(error.context.map { pathDescription($0.codingPath) } == "value")
            }
        }
    }
}
