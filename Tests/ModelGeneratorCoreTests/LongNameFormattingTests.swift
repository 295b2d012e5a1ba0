import BlockingTestSupport
import Foundation
import ModelGeneratorCore
import Testing

/// Generated code is a fixed point of swift-format (the repository's `.swift-format`, the one CI lints the goldens
/// with) for any length of name, not only the goldens': inputs of every backend whose object, property and type names
/// are long enough to break declarations, generic arguments, guards, switch cases and literals across lines, each
/// generated with models, queries and bodies and run through `swift format` as it ships with the toolchain.
@Suite(.onOwnThread) struct LongNameFormattingTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Name lengths: each input's names run from its length to a few characters past it, so that the lines built from
    /// them cross the line length at many places. From 80 on a name and its type fill most of a line, or more than
    /// one, so that swift-format breaks where it otherwise wouldn't (after modifiers and labels, before `.`s, `in` and
    /// `+`, inside generic arguments) or leaves a line too long that it cannot break; at 100 a `try Name(` is one
    /// column too long, which swift-format leaves whole.
    static let lengths = [12, 20, 28, 44, 52, 64, 80, 96, 100, 110, 128]

    @Test func generatedCodeWithLongNamesIsWhatSwiftFormatWouldWrite() async throws {
        var cases: [(name: String, config: String, files: [String: String])] = []
        let generate = "generate: [models, queries, bodies]\n"
        for length in Self.lengths {
            cases.append(("cortex\(length)", generate + "naming:\n  stripPrefixes: [c_]\n", ["a.json": cortex(length)]))
            cases.append(("cortexPrefixed\(length)", generate, ["a.json": cortex(length)]))
            cases.append(("parse\(length)", generate + "dialect: parse\n", ["a.json": parse(length)]))
            cases.append(("mia\(length)", generate, ["a.json": mia(length)]))
        }
        // Names at the lengths where a line just fits or just doesn't: a query field whose `{` moves alone, a guard
        // whose `else {` does, a set literal of exactly the line length.
        for count in [25, 39] {
            let name = String(repeating: "d", count: count)
            let object = json([
                "name": "a", "label": "A", "object": "object",
                "properties": [
                    [
                        "name": name, "label": "D", "type": "Document",
                        "properties": [["name": "s", "label": "S", "type": "String"]],
                    ]
                ],
            ])
            cases.append(("field\(count)", generate, ["a.json": object]))
        }
        // Enum values whose cases don't fit on their lines, nor on their switches' lines.
        let values = [name("", 90, 0), name("", 118, 1), name("", 130, 2)]
        let enumeration = json([
            "name": name("c_", 40, 3), "label": "E", "object": "object",
            "properties": [
                [
                    "name": name("c_", 44, 4), "label": "S", "type": "String",
                    "validators": [["name": "stringEnum", "definition": ["values": values]]],
                ]
            ],
        ])
        cases.append(("longEnumValues", generate, ["a.json": enumeration]))
        cases.append(
            ("role", generate + "dialect: parse\n", ["a.json": #"{"results":[{"className":"_Role","fields":{}}]}"#])
        )
        let taskAssignment = try String(
            contentsOf: Self.packageRoot.appendingPathComponent(
                "Tests/RealSchemas/cortex/env-objects/c_task_assignment.json"
            ),
            encoding: .utf8
        )
        cases.append(("taskAssignment", generate, ["a.json": taskAssignment]))
        cases.append(
            ("taskAssignmentStripped", generate + "naming:\n  stripPrefixes: [c_]\n", ["a.json": taskAssignment])
        )

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("long-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var generated: [String: String] = [:]
        for (name, config, files) in cases {
            let result = ModelGeneratorCoreTests.generate(config: "schemas: [a.json]\n" + config, files)
            #expect(!result.diagnostics.hasErrors, "\(name): \(messages(result))")
            for file in result.files where file.path.hasSuffix(".swift") {
                generated["\(name)/\(file.path)"] = file.contents
            }
        }
        for (path, contents) in generated {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(contents.utf8).write(to: url)
        }
        let configuration = Self.packageRoot.appendingPathComponent(".swift-format").path
        let run = try await onOwnThread {
            try runProgram(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "swift", "format", "format", "--in-place", "--recursive", "--configuration", configuration,
                    folder.path,
                ],
                mergingErrors: true
            )
        }
        try #require(run.status == 0, "swift format failed: \(run.output)")
        #expect(!generated.isEmpty)
        for path in generated.keys.sorted() {
            let formatted = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            let expected = generated[path] ?? ""
            #expect(
                formatted == expected,
                "\(path) is not what swift format writes:\n\(firstDifference(expected, formatted))"
            )
        }
    }

    /// The first lines where `generated` and `formatted` differ, for the failure message.
    private func firstDifference(_ generated: String, _ formatted: String) -> String {
        let old = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let new = formatted.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        let shown = { (lines: [Substring]) in lines[line..<min(line + 4, lines.count)].joined(separator: "\n") }
        return "line \(line + 1), generated:\n\(shown(old))\nswift format:\n\(shown(new))"
    }

    // MARK: Inputs

    private static let words = ["assignment", "availability", "notification", "schedule", "dependency", "participant"]

    /// A snake_case name of exactly `count` characters after `prefix`, of words picked by `seed`.
    private func name(_ prefix: String, _ count: Int, _ seed: Int) -> String {
        var text = ""
        var index = seed
        while text.count < count {
            text += (text.isEmpty ? "" : "_") + Self.words[index % Self.words.count]
            index += 1
        }
        var cut = String(text.prefix(count))
        while cut.hasSuffix("_") { cut.removeLast() }
        return prefix + cut + String(repeating: "x", count: count - cut.count)
    }

    /// A name without underscores, for Parse classes and fields and Mia fields.
    private func camelName(_ count: Int, _ seed: Int) -> String {
        name("", count, seed).replacingOccurrences(of: "_", with: "")
    }

    private func json(_ value: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Cortex objects with objectTypes, documents, document arrays inside documents, references to a defined and an
    /// undefined object, enumerated strings, validated numbers and strings, files and Any.
    private func cortex(_ length: Int) -> String {
        let other = name("c_", length + 3, 1)
        func properties(_ first: Int) -> [[String: Any]] {
            (first..<first + 3).flatMap { offset -> [[String: Any]] in
                let count = length + offset
                let named = { (seed: Int) in name("c_", count, seed) }
                return [
                    [
                        "name": named(0), "label": "S", "type": "String",
                        "validators": [
                            ["name": "required"],
                            [
                                "name": "stringEnum",
                                "definition": ["values": [name("", count, 4), name("", count + 2, 5)]],
                            ],
                        ],
                    ],
                    [
                        "name": named(1), "label": "N", "type": "Number",
                        "validators": [["name": "number", "definition": ["min": 0, "max": 100]]],
                    ],
                    [
                        "name": named(2), "label": "D", "type": "Document",
                        "properties": [
                            [
                                "name": named(3), "label": "S", "type": "String",
                                "validators": [["name": "string", "definition": ["min": 1, "max": 10]]],
                            ],
                            [
                                "name": named(4), "label": "DA", "type": "Document", "array": true,
                                "properties": [["name": named(5), "label": "V", "type": "String"]],
                            ],
                        ],
                    ],
                    [
                        "name": named(3), "label": "DA", "type": "Document", "array": true,
                        "properties": [["name": named(0), "label": "V", "type": "Date"]],
                    ],
                    ["name": named(4), "label": "R", "type": "Reference", "sourceObject": other, "expandable": true],
                    // Spelled backwards: forwards, a long one is close enough to `other` to read as a misspelling.
                    [
                        "name": named(5), "label": "U", "type": "Reference",
                        "sourceObject": "c_elsewhere_" + String(name("", count, 5).reversed()),
                    ],
                    [
                        "name": named(0) + "_list", "label": "SA", "type": "String", "array": true, "maxItems": 10,
                        "validators": [["name": "stringEnum", "definition": ["values": ["x", "y"]]]],
                    ],
                    ["name": named(1) + "_file", "label": "F", "type": "File"],
                    ["name": named(2) + "_flag", "label": "B", "type": "Boolean", "optional": true],
                    ["name": named(3) + "_any", "label": "Any", "type": "Any"],
                ]
            }
        }
        return json([
            [
                "name": name("c_", length, 0), "label": "A", "object": "object",
                "objectTypes": [
                    ["label": "V1", "name": name("c_", length + 1, 2), "properties": properties(0)],
                    ["label": "V2", "name": name("c_", length + 7, 3), "properties": properties(2)],
                ],
                "properties": properties(1),
            ],
            ["name": other, "label": "B", "object": "object", "properties": properties(0)],
        ])
    }

    /// Parse classes (one of them `_User`) with a field of every Parse type, pointers to a defined and an undefined
    /// class, relations, and required fields; and `_Role`.
    private func parse(_ length: Int) -> String {
        let first = camelName(length, 0).capitalized
        let second = camelName(length + 2, 1).capitalized
        func fields(_ count: Int, other: String) -> [String: Any] {
            var fields: [String: Any] = [
                "objectId": ["type": "String"], "createdAt": ["type": "Date"], "updatedAt": ["type": "Date"],
                "ACL": ["type": "ACL"],
            ]
            for offset in 0..<3 {
                let types = ["String", "Number", "Boolean", "Date", "Array", "Object", "File", "GeoPoint", "Polygon"]
                for (seed, type) in types.enumerated() {
                    fields[camelName(count + offset, seed) + "\(seed)"] =
                        ["type": type, "required": offset == 1] as [String: Any]
                }
                fields[camelName(count + offset, 0) + "P"] = ["type": "Pointer", "targetClass": other]
                fields[camelName(count + offset, 1) + "R"] = ["type": "Relation", "targetClass": other]
                fields[camelName(count + offset, 2) + "U"] = ["type": "Pointer", "targetClass": "Missing"]
            }
            return fields
        }
        return json([
            "results": [
                ["className": first, "fields": fields(length, other: second)],
                ["className": second, "fields": fields(length + 1, other: first)],
                ["className": "_User", "fields": fields(length, other: first)],
                ["className": "_Role", "fields": [String: Any]()],
            ]
        ])
    }

    /// A Mia-Platform collection with its standard fields and, at several lengths, nullable and plain values, a
    /// GeoPoint, RawObjects with schemas holding arrays of objects, and arrays of them.
    private func mia(_ length: Int) -> String {
        var fields: [[String: Any]] = [
            ["name": "_id", "type": "ObjectId", "required": true],
            ["name": "__STATE__", "type": "string", "required": true],
            ["name": "creatorId", "type": "string", "required": true],
            ["name": "createdAt", "type": "Date", "required": true],
            ["name": "updaterId", "type": "string", "required": true],
            ["name": "updatedAt", "type": "Date", "required": true],
        ]
        for offset in 0..<3 {
            let named = { (seed: Int) in camelName(length + offset, seed) }
            let object: [String: Any] = [
                "type": "object",
                "properties": [
                    named(1): ["type": "string"],
                    named(2): [
                        "type": "array", "items": ["type": "object", "properties": [named(3): ["type": "number"]]],
                    ],
                ],
                "required": [named(1)],
            ]
            fields += [
                ["name": named(0), "type": "string", "required": true, "nullable": true],
                ["name": named(1), "type": "number"],
                ["name": named(2), "type": "GeoPoint"],
                ["name": named(3), "type": "RawObject", "schema": object],
                ["name": named(4), "type": "Array", "items": ["type": "RawObject", "schema": object]],
                ["name": named(5), "type": "Array", "items": ["type": "string"]],
                ["name": named(0) + "At", "type": "Date", "nullable": true],
                ["name": named(1) + "Flag", "type": "boolean"],
            ]
        }
        return json([
            "name": name("", length, 2).replacingOccurrences(of: "_", with: "-"),
            "endpointBasePath": "/things", "defaultState": "DRAFT", "fields": fields,
        ])
    }
}
