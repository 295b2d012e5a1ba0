import Foundation
import Testing

@testable import ModelGeneratorCore

/// `Schemas/object-definitions.schema.json`, which editors use for schema files, allows exactly the keys the loader
/// reads (its own and Cortex's ignored ones), requires what the loader requires, and names the same types and
/// validators.
@Suite struct ObjectDefinitionSchemaTests {
    static var schema: [String: Any] {
        let url = CommandLineTests.packageRoot.appendingPathComponent("Schemas/object-definitions.schema.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    static func definition(_ name: String) -> [String: Any] {
        (schema["$defs"] as? [String: Any])?[name] as? [String: Any] ?? [:]
    }

    static func properties(_ name: String) -> [String: [String: Any]] {
        definition(name)["properties"] as? [String: [String: Any]] ?? [:]
    }

    @Test(arguments: [
        ("object", CortexKeys.object, CortexKeys.ignoredObjectKeys, ["name"]),
        ("objectType", CortexKeys.objectType, CortexKeys.ignoredObjectTypeKeys, ["name"]),
        ("property", CortexKeys.property, CortexKeys.ignoredPropertyKeys, ["name", "type"]),
        ("facet", CortexKeys.facet, CortexKeys.ignoredFacetKeys, ["name"]),
        ("validator", CortexKeys.validator, CortexKeys.ignoredValidatorKeys, ["name"]),
    ])
    func eachLevelHasExactlyTheLoadersKeys(
        _ name: String,
        _ known: [String],
        _ ignored: Set<String>,
        _ required: [String]
    ) {
        #expect(Set(Self.properties(name).keys) == Set(known).union(ignored))
        #expect(Self.definition(name)["additionalProperties"] as? Bool == false)
        #expect(Self.definition(name)["required"] as? [String] == required)
    }

    @Test func typesAndValidatorsAreTheGeneratorsOwn() {
        let type = Self.properties("property")["type"]?["anyOf"] as? [[String: Any]] ?? []
        #expect(type.first?["enum"] as? [String] == PropertyTypeName.known)
        #expect(Self.properties("validator")["name"]?["enum"] as? [String] == PropertyChecks.validatorNames)
        #expect(Self.schema["required"] as? [String] == ["objects"])
    }

    /// The flags the loader reads as true or false are booleans in the schema too.
    @Test func flagsAreBooleans() {
        let flags = [
            "array", "integer", "dateOnly", "expandable", "required", "optional", "readable", "writable", "creatable",
            "indexed", "canPush", "canPull", "uniqueValues",
        ]
        for flag in flags {
            #expect(Self.properties("property")[flag]?["type"] as? String == "boolean", "\(flag)")
        }
        #expect(Self.properties("facet")["required"]?["type"] as? String == "boolean")
        #expect(Self.properties("facet")["allowUpload"]?["type"] as? String == "boolean")
    }

    /// Every key of the golden object definitions, which the loader reads without a warning, is one the schema
    /// allows at that level.
    @Test(arguments: [
        "Medable/schema/objects.yaml", "Naming/schema/objects.json", "Queries/schema/objects.yaml",
        "Things/schema/objects.yaml",
    ])
    func theGoldenSchemasUseOnlyAllowedKeys(_ path: String) throws {
        let file = GoldenTests.goldensDirectory.appendingPathComponent(path).path
        let root = try #require(
            try DocumentParser.parse(String(contentsOfFile: file, encoding: .utf8), file: file).get()
        )
        var unknown: [String] = []
        func check(_ node: SyntaxNode, against definition: String) {
            guard case .mapping(let entries) = node.value else { return }
            let allowed = Self.properties(definition)
            for entry in entries {
                if allowed[entry.name] == nil { unknown.append("\(definition).\(entry.name)") }
                let nested: String? =
                    switch (definition, entry.name) {
                    case ("object", "properties"), ("objectType", "properties"), ("property", "properties"): "property"
                    case ("object", "objectTypes"): "objectType"
                    case ("property", "processors"): "facet"
                    case ("property", "validators"): "validator"
                    default: nil
                    }
                if let nested, case .sequence(let items) = entry.value.value {
                    for item in items { check(item, against: nested) }
                }
            }
        }
        let objects = root["objects"]?.elements ?? []
        for object in objects { check(object, against: "object") }
        #expect(objects.count > 0)
        #expect(unknown.isEmpty, "\(unknown)")
    }
}
