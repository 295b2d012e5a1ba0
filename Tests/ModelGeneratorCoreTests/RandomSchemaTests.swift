import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// Random valid object definitions, seeded: every type, arrays of each, Documents several levels deep, keywords,
/// Swift's own type names and odd characters as names, references in cycles (an object to itself included),
/// expansions, variants and enums. Every schema must generate without a diagnostic; all their generated code
/// (models, queries and bodies, and for a quarter `testing`'s members) must compile in one build; and random
/// instances of every object must decode, re-encode to the same JSON, and decode again to an equal value.
///
/// Replay a failure with `TEST_DEPTH=<depth> RANDOM_SCHEMA_SEED=<seed> swift test --filter RandomSchemaTests`: both
/// are printed, and a run at one depth makes the same first schemas as a run at a greater one.
/// On threads of its own, not Swift concurrency's few pool threads: generation and a package build.
@Suite(.onOwnThread) struct RandomSchemaTests {
    /// 10 schemas, 100 at CI's TEST_DEPTH=10.
    static let schemaCount = TestDepth.cases(quick: 10)
    static let instancesPerObject = 4
    static let defaultSeed: UInt64 = 20_261_123

    @Test func randomSchemasGenerateCompileAndRoundTrip() async throws {
        let seed = ProcessInfo.processInfo.environment["RANDOM_SCHEMA_SEED"].flatMap(UInt64.init) ?? Self.defaultSeed
        var random = SeededRandom(state: seed)
        var modules: [String: [String: String]] = [:]
        var resources: [String: String] = [:]
        var checks: [String] = []
        var objectCount = 0
        for index in 0..<Self.schemaCount {
            let module = String(format: "RandomSchema%03d", index)
            var schema = RandomSchema.make(&random)
            let dialect = random.pick(["cortex", "mia", "parse"])
            schema.dialect = dialect
            // A quarter list `testing` too: each `Create`'s required members and files, for the in-memory backends.
            let generated = random.chance(0.25) ? "models, queries, bodies, testing" : "models, queries, bodies"
            let config = """
                schemas: [objects.json]
                output: Generated
                generate: [\(generated)]
                dialect: \(dialect)
                naming: { stripPrefixes: [\(random.chance(0.5) ? "c_" : "")] }
                """
            let schemaText = schema.json()
            let result = Pipeline.generate(
                configPath: "model-generator.yaml",
                files: .inMemory(["model-generator.yaml": config, "objects.json": schemaText])
            )
            guard !result.diagnostics.hasErrors, let resolved = result.schema else {
                Issue.record(
                    """
                    schema \(index) (seed \(seed)) was rejected:
                    \(result.diagnostics.sorted.map(\.description).joined(separator: "\n"))
                    \(schemaText)
                    """
                )
                continue
            }
            modules[module] = Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) })
            for (objectIndex, object) in resolved.objects.enumerated() {
                objectCount += 1
                for instance in 0..<Self.instancesPerObject {
                    let path = "Payloads/\(module)/\(objectIndex)-\(instance).json"
                    resources[path] = RandomSchema.jsonText(schema.instance(of: object.apiName, &random))
                    checks.append("check(\(module).\(object.swiftName).self, \(swiftLiteral(path)))")
                }
            }
        }
        print(
            "random schemas: \(Self.schemaCount) from seed \(seed) (TEST_DEPTH=\(TestDepth.factor)), \(objectCount) "
                + "objects, \(checks.count) instances"
        )
        try #require(modules.count == Self.schemaCount)

        let main = """
            import Foundation
            import ModelRuntime
            \(modules.keys.sorted().map { "import \($0)" }.joined(separator: "\n"))

            let root = URL(fileURLWithPath: CommandLine.arguments[1])

            /// Decodes a payload, encodes it again, and decodes that: the JSON must be the same and the values equal.
            /// Returns what went wrong, if anything.
            @MainActor func check<Model: Codable & Equatable>(_ type: Model.Type, _ path: String) -> String? {
                do {
                    let payload = try Data(contentsOf: root.appendingPathComponent(path))
                    let decoded = try JSONDecoder().decode(Model.self, from: payload)
                    let encoded = try JSONEncoder().encode(decoded)
                    let again = try JSONDecoder().decode(Model.self, from: encoded)
                    let sent = try JSONDecoder().decode(JSONValue.self, from: payload)
                    let written = try JSONDecoder().decode(JSONValue.self, from: encoded)
                    if sent != written {
                        return "\\(path) \\(Model.self): re-encoded as \\(String(decoding: encoded, as: UTF8.self))"
                    }
                    return again == decoded ? nil : "\\(path) \\(Model.self): not equal after a round trip"
                } catch {
                    return "\\(path) \\(Model.self): \\(error)"
                }
            }

            let failures = [
            \(checks.map { "    \($0)," }.joined(separator: "\n"))
            ].compactMap { $0 }

            print("round-tripped \\(\(checks.count) - failures.count) of \(checks.count) instances")
            for failure in failures.prefix(30) { print("FAILED", failure) }
            exit(failures.isEmpty ? 0 : 1)

            """
        let package = GeneratedPackage(
            name: "RandomSchemas",
            modules: modules,
            main: main,
            resources: resources
        )
        let output = try await package.buildAndRun()
        print(output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(output.contains("round-tripped \(checks.count) of \(checks.count) instances"))
    }

    private func swiftLiteral(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// A random schema and random instances of its objects.
struct RandomSchema {
    enum Kind: CaseIterable {
        case string, number, boolean, date, objectID, reference, file, document, any
    }

    struct Property {
        var name: String
        var kind: Kind
        var isArray = false
        var isRequired = false
        var isInteger = false
        var isDateOnly = false
        var isExpandable = false
        var enumValues: [String]? = nil
        var target: String? = nil
        var facets: [String] = []
        var properties: [Property] = []
    }

    struct Variant {
        var name: String
        var properties: [Property]
    }

    struct Object {
        var name: String
        var properties: [Property]
        var variants: [Variant]
    }

    var objects: [Object]
    /// The backend whose wire form the instances take: its system properties, references, dates and files.
    var dialect = "cortex"

    /// Names that trip up generators: Swift keywords, Swift's and the runtime's type names, the generated code's own
    /// member and type names, and characters that are not identifiers.
    static let propertyNames = [
        "c_name", "class", "default", "self", "Type", "init", "description", "hashValue", "c_first-name", "2fa",
        "naïve", "with space", "camelCase", "snake_case", "UPPER", "id", "object", "c_count", "protocol", "enum",
        "case", "in", "where", "Any", "Self", "true", "nil", "_private", "c_ünïcode", "fields", "Fields", "query",
        "CodingKeys", "encode", "subscript", "String", "Date", "c_date", "path", "create", "patch", "c_x.y", "$dollar",
        "c_tags", "value", "rawValue", "undocumented", "c_when", "validate", "c_Fields", "c_create", "type",
        // The stored property of the system properties, and system properties a schema declares itself.
        "system", "owner", "created",
    ]
    static let objectNames = [
        "c_thing", "Type", "class", "c_object", "c_list-item", "c_query", "c_condition", "c_string", "c_date",
        "c_reference", "Self", "Protocol", "c_json_value", "c_data", "c_über", "account", "c_2nd", "c_fields",
        "c_create", "c_patch", "c_schema_objects", "c_file_value", "c_facet", "c_int", "c_error",
    ]
    static let enumValues = [
        "a", "b c", "1", "default", "ÉTÉ", "x-y", "self", "none", "A", "_", "hashValue", "rawValue", "init", "Type",
    ]

    static func make(_ random: inout SeededRandom) -> RandomSchema {
        var names = objectNames
        names.shuffle(using: &random)
        let objectNames = Array(names.prefix(1 + random.below(4)))
        var objects: [Object] = []
        for name in objectNames {
            var used: Set<String> = []
            // A property called `type` would clash with the variants' discriminator.
            let hasVariants = random.chance(0.2)
            if hasVariants { used.insert(swiftKey("type")) }
            let properties = randomProperties(
                count: 1 + random.below(8),
                depth: 0,
                targets: objectNames,
                &used,
                &random
            )
            var variants: [Variant] = []
            if hasVariants {
                for variantIndex in 0..<(1 + random.below(3)) {
                    var variantUsed = used
                    variants.append(
                        Variant(
                            name: random.pick(["c_kind_\(variantIndex)", "c_\(variantIndex)st", "Type\(variantIndex)"]),
                            properties: randomProperties(
                                count: random.below(4),
                                depth: 0,
                                targets: objectNames,
                                &variantUsed,
                                &random
                            )
                        )
                    )
                }
            }
            objects.append(Object(name: name, properties: properties, variants: variants))
        }
        return RandomSchema(objects: objects)
    }

    static func randomProperties(
        count: Int,
        depth: Int,
        targets: [String],
        _ used: inout Set<String>,
        _ random: inout SeededRandom
    ) -> [Property] {
        var properties: [Property] = []
        for _ in 0..<count {
            let name = random.pick(propertyNames)
            // Names that differ only in case, prefix or punctuation are one Swift name: the generator rejects them
            // with a hint to rename one, so a valid schema has at most one of them.
            guard used.insert(swiftKey(name)).inserted else { continue }
            let kinds = depth >= 3 ? Kind.allCases.filter { $0 != .document } : Kind.allCases
            var property = Property(name: name, kind: random.pick(kinds))
            property.isArray = random.chance(0.25)
            property.isRequired = random.chance(0.4)
            switch property.kind {
            case .string where random.chance(0.3):
                var values = enumValues
                values.shuffle(using: &random)
                var cases: Set<String> = []
                property.enumValues = Array(values.prefix(1 + random.below(4))).filter {
                    cases.insert(swiftKey($0)).inserted
                }
            case .number: property.isInteger = random.chance(0.5)
            case .date: property.isDateOnly = random.chance(0.3)
            case .reference:
                property.target = random.pick(targets)
                property.isExpandable = random.chance(0.5)
            case .file:
                property.facets = random.chance(0.5) ? ["content", "c_thumbnail"] : ["content"]
            case .document:
                var nestedUsed: Set<String> = []
                property.properties = randomProperties(
                    count: 1 + random.below(4),
                    depth: depth + 1,
                    targets: targets,
                    &nestedUsed,
                    &random
                )
            default: break
            }
            properties.append(property)
        }
        return properties
    }

    /// What a name becomes in Swift, up to case: without the `c_` prefix and anything but letters and digits.
    static func swiftKey(_ name: String) -> String {
        var key = name.lowercased()
        if key.hasPrefix("c_") { key.removeFirst(2) }
        return String(key.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    // MARK: The schema as JSON

    func json() -> String {
        Self.jsonText([
            "objects": objects.map { object -> [String: Any] in
                var entry: [String: Any] = [
                    "name": object.name, "label": object.name, "properties": object.properties.map(Self.definition),
                ]
                if !object.variants.isEmpty {
                    entry["objectTypes"] = object.variants.map {
                        ["name": $0.name, "properties": $0.properties.map(Self.definition)] as [String: Any]
                    }
                }
                return entry
            }
        ])
    }

    static func definition(_ property: Property) -> [String: Any] {
        let typeNames: [Kind: String] = [
            .string: "String", .number: "Number", .boolean: "Boolean", .date: "Date", .objectID: "ObjectId",
            .reference: "Reference", .file: "File", .document: "Document", .any: "Any",
        ]
        var entry: [String: Any] = ["name": property.name, "type": typeNames[property.kind]!]
        if property.isArray { entry["array"] = true }
        if property.isInteger { entry["integer"] = true }
        if property.isDateOnly { entry["dateOnly"] = true }
        if property.isExpandable { entry["expandable"] = true }
        if let target = property.target { entry["sourceObject"] = target }
        var validators: [[String: Any]] = []
        if property.isRequired { validators.append(["name": "required"]) }
        if let values = property.enumValues {
            validators.append(["name": "stringEnum", "definition": ["values": values]])
        }
        if !validators.isEmpty { entry["validators"] = validators }
        if !property.facets.isEmpty {
            entry["processors"] = property.facets.map { ["name": $0, "mimes": ["image/png"]] }
        }
        if property.kind == .document { entry["properties"] = property.properties.map(definition) }
        return entry
    }

    static func jsonText(_ value: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: Random instances

    /// A payload as the server would send it for the object named `name`.
    func instance(of name: String, _ random: inout SeededRandom, depth: Int = 0) -> [String: Any] {
        let object = objects.first { $0.name == name }!
        var payload = fields(object.properties, depth: depth, &random)
        // What the backend puts in every read, unless the schema declares a property of that name itself.
        let declared = Set(object.properties.map(\.name) + object.variants.flatMap { $0.properties.map(\.name) })
        let system: [String: Any] =
            switch dialect {
            case "parse":
                [
                    "objectId": Self.objectID(&random), "createdAt": "2024-01-02T03:04:05.678Z",
                    "updatedAt": "2024-01-02T03:04:05.679Z",
                ]
            case "mia": ["_id": Self.objectID(&random)]
            default: ["_id": Self.objectID(&random), "object": name]
            }
        for (key, value) in system where !declared.contains(key) { payload[key] = value }
        // A system property the schema declares is in every read too.
        for property in object.properties where system[property.name] != nil && payload[property.name] == nil {
            payload[property.name] =
                property.isArray
                ? (0..<random.below(4)).map { _ in value(property, depth: depth, &random) }
                : value(property, depth: depth, &random)
        }
        if !object.variants.isEmpty {
            if random.chance(0.15) {
                // A type this schema doesn't know yet: kept as it was sent.
                payload["type"] = "c_new_kind"
                payload["c_extra"] = 1
            } else {
                let variant = random.pick(object.variants)
                payload.merge(fields(variant.properties, depth: depth, &random)) { first, _ in first }
                payload["type"] = variant.name
            }
        }
        return payload
    }

    func fields(_ properties: [Property], depth: Int, _ random: inout SeededRandom) -> [String: Any] {
        var payload: [String: Any] = [:]
        for property in properties where property.isRequired || random.chance(0.7) {
            if property.isArray {
                payload[property.name] = (0..<random.below(4)).map { _ in value(property, depth: depth, &random) }
            } else {
                payload[property.name] = value(property, depth: depth, &random)
            }
        }
        return payload
    }

    func value(_ property: Property, depth: Int, _ random: inout SeededRandom) -> Any {
        switch property.kind {
        case .string:
            if let values = property.enumValues {
                return random.chance(0.1) ? "not-yet-known" : random.pick(values)
            }
            return random.pick(["", "plain", "ünïcødé ✓", "quote \" and \\ backslash", "line\nbreak", "👩‍👩‍👧", "0"])
        case .number:
            return property.isInteger ? random.below(2001) - 1000 : Double(random.below(4001) - 2000) / 4
        case .boolean: return random.chance(0.5)
        case .date:
            let day = String(format: "2024-%02d-%02d", 1 + random.below(12), 1 + random.below(28))
            if property.isDateOnly { return day }
            let time =
                day
                + String(
                    format: "T%02d:%02d:%02d.%03dZ",
                    random.below(24),
                    random.below(60),
                    random.below(60),
                    random.below(1000)
                )
            return dialect == "parse" ? ["__type": "Date", "iso": time] as Any : time
        case .objectID: return Self.objectID(&random)
        case .reference where dialect == "parse":
            // A Pointer, or the included object.
            let id = Self.objectID(&random)
            let target = property.target!
            guard property.isExpandable, depth < 2, random.chance(0.3) else {
                return ["__type": "Pointer", "className": target, "objectId": id]
            }
            var included = instance(of: target, &random, depth: depth + 1)
            included["__type"] = "Object"
            included["className"] = target
            included["objectId"] = id
            return included
        case .reference:
            let id = Self.objectID(&random)
            let target = property.target!
            switch random.below(4) {
            case 0: return id
            case 1: return ["_id": id, "object": target]
            case 2 where property.isExpandable && depth < 2:
                var expansion = instance(of: target, &random, depth: depth + 1)
                expansion["_id"] = id
                // A target with an `object` property of its own, or of one of its types, keeps it (present or not):
                // the key is its value, not the reference's object name.
                let targetObject = objects.first { $0.name == target }!
                let ownsObjectKey = (targetObject.properties + targetObject.variants.flatMap(\.properties)).contains {
                    $0.name == "object"
                }
                if !ownsObjectKey { expansion["object"] = target }
                return expansion
            default: return ["_id": id, "object": target, "path": "/\(target)/\(id)"]
            }
        case .file where dialect == "parse":
            let name = "\(random.below(1000))-content.png"
            return ["__type": "File", "name": name, "url": "https://files.example/\(name)"]
        case .file:
            var file: [String: Any] = [
                "name": "content", "mime": "image/png", "size": random.below(100_000), "state": random.below(4),
                "path": "/c_files/\(random.below(1000))/content", "url": "https://files.example/\(random.below(1000))",
            ]
            if property.facets.count > 1 && random.chance(0.5) {
                file["facets"] = [["name": "c_thumbnail", "mime": "image/png", "state": 2]]
            }
            return file
        case .document:
            return fields(property.properties, depth: depth + 1, &random)
        case .any:
            return random.pick([
                ["free": ["form", 1, true, NSNull()]] as Any, "text", 12, [1, "two"] as Any, false,
                ["nested": ["deeper": ["x": 1.5]]] as Any,
            ])
        }
    }

    static func objectID(_ random: inout SeededRandom) -> String {
        (0..<24).map { _ in String("0123456789abcdef".randomElement(using: &random)!) }.joined()
    }
}
