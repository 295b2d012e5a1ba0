import Foundation
import Testing

@testable import ModelGeneratorCore

/// The JSON Schema that editors use for `model-generator.yaml` and the config decoder must agree on every key, type,
/// value and default.
@Suite struct ConfigSchemaTests {
    static var schema: [String: Any] {
        let url = GoldenTests.goldensDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Schemas/model-generator.schema.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    static var properties: [String: [String: Any]] {
        schema["properties"] as? [String: [String: Any]] ?? [:]
    }

    @Test func theSchemaHasExactlyTheConfigsKeys() {
        #expect(Set(Self.properties.keys) == Set(GeneratorConfig.keys))
        #expect(Self.schema["additionalProperties"] as? Bool == false)
        let naming = Self.properties["naming"]?["properties"] as? [String: Any] ?? [:]
        #expect(Set(naming.keys) == Set(GeneratorConfig.namingKeys))
        let filter = Self.properties["filter"]?["properties"] as? [String: Any] ?? [:]
        #expect(Set(filter.keys) == Set(GeneratorConfig.filterKeys))
        #expect(Self.properties["filter"]?["additionalProperties"] as? Bool == false)
    }

    @Test func choicesMatchTheDecodersEnumerations() {
        #expect(
            Self.properties["accessModifier"]?["enum"] as? [String]
                == GeneratorConfig.AccessModifier.allCases.map(\.rawValue)
        )
        #expect(Self.properties["dialect"]?["enum"] as? [String] == GeneratorConfig.Dialect.allCases.map(\.rawValue))
        let items = Self.properties["generate"]?["items"] as? [String: Any]
        #expect(items?["enum"] as? [String] == GeneratorConfig.OutputKind.allCases.map(\.rawValue))
    }

    @Test func defaultsMatchTheDecodersDefaults() throws {
        let (loaded, _) = ConfigLoader.load("schemas: [a.yaml]\n", file: "c.yaml")
        let config = try #require(loaded)
        #expect(Self.properties["output"]?["default"] as? String == config.output.value)
        #expect(Self.properties["accessModifier"]?["default"] as? String == config.accessModifier.rawValue)
        #expect(Self.properties["dialect"]?["default"] as? String == config.dialect.rawValue)
        #expect(Self.properties["generate"]?["default"] as? [String] == config.generate.map(\.rawValue))
        #expect(Self.properties["allowOutputAnywhere"]?["default"] as? Bool == config.allowOutputAnywhere)
        #expect(Self.properties["strict"]?["default"] as? Bool == config.strict)
        #expect(Self.properties["keepUnknownMembers"]?["default"] as? Bool == config.keepUnknownMembers)
    }

    /// Every key the schema allows is read by the decoder without an error, with a value of the schema's type.
    @Test func aConfigUsingEveryKeyDecodes() {
        let text = """
            schemas: [a.yaml]
            mappings: b.mappings
            headers: [Headers, Model.h]
            output: Out
            accessModifier: package
            generate: [models, queries, bodies]
            dialect: parse
            samples: { T: t.json }
            naming: { stripPrefixes: [c_], overrides: { c_a: A } }
            templates: T
            additionalImports: [X]
            additionalFileComments: [y]
            allowOutputAnywhere: true
            strict: true
            keepUnknownMembers: false
            filter: { objects: [c_a, B] }
            """
        let (config, diagnostics) = ConfigLoader.load(text, file: "c.yaml")
        #expect(config?.strict == true)
        #expect(config?.keepUnknownMembers == false)
        #expect(config?.filter?.objects.map(\.value) == ["c_a", "B"])
        #expect(diagnostics.all.isEmpty)
    }
}

/// `model-generator init`'s config: it loads cleanly and names the user's input.
@Suite struct ConfigTemplateTests {
    @Test(arguments: [
        (String?.none, String?.none), ("org.ndjson", nil), (nil, "app.mappings"), ("org.ndjson", "app.mappings"),
    ])
    func theTemplateLoadsWithoutComplaint(_ export: String?, _ mappings: String?) throws {
        let text = ConfigTemplate.make(cortexExport: export, mappings: mappings)
        let (loaded, diagnostics) = ConfigLoader.load(text, file: "model-generator.yaml")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let config = try #require(loaded)
        let mappingsOnly = export == nil && mappings != nil
        #expect(config.schemas.map(\.value) == (mappingsOnly ? [] : [export ?? ConfigTemplate.starterSchemaPath]))
        #expect(config.mappings.map(\.value) == (mappings.map { [$0] } ?? []))
        #expect(config.naming.stripPrefixes == (export == nil ? [] : ["c_"]))
        // Queries and bodies are built on object definitions, which mappings alone don't have.
        #expect(config.generate == (mappingsOnly ? [.models] : [.models, .queries, .bodies]))
        #expect(config.samples.isEmpty)
    }

    @Test func theTemplateNamesEverySample() throws {
        let text = ConfigTemplate.make(
            mappings: "app.mappings",
            samples: [("TweetModel", "payloads/tweet one.json"), ("TimelineModel", "timeline.json")]
        )
        let (loaded, diagnostics) = ConfigLoader.load(text, file: "model-generator.yaml")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let config = try #require(loaded)
        #expect(
            config.samples.mapValues(\.value) == [
                "TweetModel": "payloads/tweet one.json", "TimelineModel": "timeline.json",
            ]
        )
    }

    /// What `init` writes in an empty folder generates every output kind without a single diagnostic.
    @Test func theStarterSchemaGeneratesWithoutComplaint() {
        let result = generate(
            config: ConfigTemplate.make(),
            [ConfigTemplate.starterSchemaPath: ConfigTemplate.starterSchema]
        )
        #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.all)")
        #expect(
            result.files.map(\.path).sorted() == ["Item.swift", "SchemaObjects.swift"]
        )
    }

    @Test func aGeneratedConfigGeneratesFromACortexExport() throws {
        let export = try TestFiles.disk.read(
            GoldenTests.goldensDirectory.appendingPathComponent("CortexExport/schema/export.ndjson").path
        )
        let result = generate(config: ConfigTemplate.make(cortexExport: "org.ndjson"), ["org.ndjson": export])
        #expect(!result.diagnostics.hasErrors)
        #expect(result.files.map(\.path).contains("Clinic.swift"))
    }
}
