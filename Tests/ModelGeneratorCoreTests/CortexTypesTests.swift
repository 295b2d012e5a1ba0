import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// Every Cortex property type, and an org snapshot as editor tooling saves it: a JSON array of `{name, properties}`
/// with `Type[]` array types, `indexed`, Documents that list no properties and References without `sourceObject`.
/// The real snapshot this imitates (agilathonmg74/medable-agilathon `src/settings/objects.json` @ d3e44440) carries
/// no licence, so the shapes are written here: Cortex's standard objects `script` (`if`: Expression), `view`
/// (`pipeline`: Expression), `export` (`files`: Facet[]), and `account`'s `connections`, `posts` and `context`.
/// On threads of its own, not Swift concurrency's few pool threads: a package build.
@Suite(.onOwnThread) struct CortexTypesTests {
    static let snapshot = """
        [
          {"name": "account", "properties": [
            {"name": "c_study", "type": "Reference", "sourceObject": "c_study", "indexed": true},
            {"name": "connections", "type": "Reference[]"},
            {"name": "context", "type": "Reference"},
            {"name": "c_sites", "type": "ObjectId[]", "sourceObject": "c_site", "indexed": true},
            {"name": "profile", "type": "Document"},
            {"name": "c_tags", "type": "String[]"},
            {"name": "c_scores", "type": "Number[]"},
            {"name": "key", "type": "UUID"}
          ]},
          {"name": "c_study", "properties": [
            {"name": "c_name", "type": "String", "indexed": true},
            {"name": "c_events", "type": "Document[]"},
            {"name": "c_sites", "type": "Reference[]", "sourceObject": "c_site"},
            {"name": "c_start", "type": "Date"},
            {"name": "c_active", "type": "Boolean"},
            {"name": "c_extra", "type": "Any"}
          ]},
          {"name": "c_site", "properties": [{"name": "c_name", "type": "String"}]},
          {"name": "script", "properties": [
            {"name": "label", "type": "String"},
            {"name": "if", "type": "Expression"}
          ]},
          {"name": "view", "properties": [{"name": "pipeline", "type": "Expression"}]},
          {"name": "export", "properties": [
            {"name": "files", "type": "Facet[]"},
            {"name": "state", "type": "String"}
          ]},
          {"name": "c_every_type", "properties": [
            {"name": "c_any", "type": "Any"},
            {"name": "c_binary", "type": "Binary"},
            {"name": "c_boolean", "type": "Boolean"},
            {"name": "c_date", "type": "Date"},
            {"name": "c_note", "type": "Document", "properties": [{"name": "c_text", "type": "String"}]},
            {"name": "c_expression", "type": "Expression"},
            {"name": "c_facet", "type": "Facet"},
            {"name": "c_file", "type": "File"},
            {"name": "c_geometry", "type": "Geometry"},
            {"name": "c_list", "type": "List", "sourceObject": "c_site"},
            {"name": "c_number", "type": "Number"},
            {"name": "c_object_id", "type": "ObjectId"},
            {"name": "c_reference", "type": "Reference", "sourceObject": "c_site"},
            {"name": "c_set", "type": "Set"},
            {"name": "c_string", "type": "String"},
            {"name": "c_uuid", "type": "UUID"},
            {"name": "c_anys", "type": "Any", "array": true},
            {"name": "c_binaries", "type": "Binary[]"},
            {"name": "c_booleans", "type": "Boolean", "array": true},
            {"name": "c_dates", "type": "Date[]"},
            {"name": "c_items", "type": "Document", "array": true, "properties": [{"name": "c_text", "type": "String"}]},
            {"name": "c_expressions", "type": "Expression[]"},
            {"name": "c_facets", "type": "Facet", "array": true},
            {"name": "c_files", "type": "File[]"},
            {"name": "c_geometries", "type": "Geometry", "array": true},
            {"name": "c_numbers", "type": "Number[]"},
            {"name": "c_object_ids", "type": "ObjectId", "array": true},
            {"name": "c_references", "type": "Reference[]", "sourceObject": "c_site"},
            {"name": "c_sets", "type": "Set", "array": true},
            {"name": "c_strings", "type": "String[]"},
            {"name": "c_uuids", "type": "UUID", "array": true}
          ]}
        ]
        """

    static let config = """
        schemas: [objects.json]
        output: Generated
        generate: [models, queries, bodies]
        naming: { stripPrefixes: [c_] }
        strict: true
        """

    static func generated() -> GenerationResult {
        generate(config: config, ["objects.json": snapshot])
    }

    /// The Swift type of every property of `object`, by API name.
    static func types(of object: String, in result: GenerationResult) throws -> [String: String] {
        let resolved = try #require(result.schema?.objects.first { $0.apiName == object })
        let translator = Translator(config: GeneratorConfig(file: "c", output: Located("G", at: .start(of: "c"))))
        return Dictionary(uniqueKeysWithValues: resolved.properties.map { ($0.apiName, translator.typeSpelling($0)) })
    }

    @Test func everyCortexTypeHasASwiftTypeWithoutAWord() throws {
        let result = Self.generated()
        // Strict: a single warning would be an error.
        #expect(messages(result).isEmpty, "\(messages(result))")
        let types = try Self.types(of: "c_every_type", in: result)
        let expected: [String: String] = [
            "c_any": "JSONValue?", "c_binary": "JSONValue?", "c_boolean": "Bool?", "c_date": "Date?",
            "c_note": "Note?", "c_expression": "JSONValue?", "c_facet": "Facet?", "c_file": "FileValue?",
            "c_geometry": "GeoJSONGeometry?", "c_list": "CortexList<Site>?", "c_number": "Double?",
            "c_object_id": "ObjectID?", "c_reference": "Reference<Site>?", "c_set": "JSONValue?",
            "c_string": "String?", "c_uuid": "UUIDString?",
            "c_anys": "[JSONValue]?", "c_binaries": "[JSONValue]?", "c_booleans": "[Bool]?", "c_dates": "[Date]?",
            "c_items": "[Item]?", "c_expressions": "[JSONValue]?", "c_facets": "[Facet]?",
            "c_files": "[FileValue]?", "c_geometries": "[GeoJSONGeometry]?", "c_numbers": "[Double]?",
            "c_object_ids": "[ObjectID]?", "c_references": "[Reference<Site>]?", "c_sets": "[JSONValue]?",
            "c_strings": "[String]?", "c_uuids": "[UUIDString]?",
        ]
        for (name, type) in expected {
            #expect(types[name] == type, "\(name)")
        }
    }

    @Test func documentsWithoutPropertiesAreJSONAndReferencesWithoutATargetReferenceJSON() throws {
        let result = Self.generated()
        #expect(messages(result).isEmpty, "\(messages(result))")
        let account = try Self.types(of: "account", in: result)
        #expect(account["profile"] == "JSONValue?")
        #expect(account["connections"] == "[Reference<JSONValue>]?")
        #expect(account["context"] == "Reference<JSONValue>?")
        #expect(account["c_sites"] == "[ObjectID]?")
        #expect(try Self.types(of: "c_study", in: result)["c_events"] == "[JSONValue]?")
        #expect(try Self.types(of: "script", in: result)["if"] == "JSONValue?")
        #expect(try Self.types(of: "export", in: result)["files"] == "[Facet]?")
    }

    /// The snapshot's output builds with warnings as errors, and instances carrying each unusual type decode and
    /// encode back unchanged: an expression, a list of facets, a document the definition says nothing about.
    @Test func theSnapshotBuildsAndItsInstancesRoundTrip() async throws {
        let result = Self.generated()
        #expect(messages(result).isEmpty, "\(messages(result))")
        let main = #"""
            import CortexSnapshot
            import Foundation
            import ModelRuntime

            func roundTrip<Model: Codable>(_ json: String, as type: Model.Type) {
                do {
                    let model = try JSONDecoder().decode(Model.self, from: Data(json.utf8))
                    let encoded = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(model))
                    let input = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
                    print("\(Model.self): \(encoded == input ? "unchanged" : "changed: \(encoded)")")
                } catch {
                    print("\(Model.self): \(error)")
                }
            }

            roundTrip(
                #"{"_id": "5d52d176bb652c661e96d9df", "object": "script", "label": "On create", "if": {"$and": [{"$eq": ["$$ROOT.c_type", "a"]}, true]}}"#,
                as: Script.self
            )
            roundTrip(
                #"{"_id": "5d52d176bb652c661e96d9e0", "object": "view", "pipeline": [{"$match": {"c_active": true}}, {"$limit": 10}]}"#,
                as: View.self
            )
            roundTrip(
                #"{"_id": "5d52d176bb652c661e96d9e1", "object": "export", "state": "ready", "files": [{"name": "content", "mime": "application/x-ndjson", "object": "facet", "resourceId": "696f47ee-bed0-4598-9ba4-3ada0c7f60a8", "size": 120, "state": 2}]}"#,
                as: Export.self
            )
            roundTrip(
                #"{"_id": "5d52d176bb652c661e96d9e2", "object": "account", "profile": {"_id": "5d52d176bb652c661e96d9e3", "any": [1, "two"]}, "connections": [{"_id": "5d52d176bb652c661e96d9e4", "object": "connection", "path": "/connections/5d52d176bb652c661e96d9e4"}], "context": {"_id": "5d52d176bb652c661e96d9e5", "object": "c_study"}, "key": "696f47ee-bed0-4598-9ba4-3ada0c7f60a8"}"#,
                as: Account.self
            )
            roundTrip(
                #"{"_id": "5d52d176bb652c661e96d9e6", "object": "c_study", "c_events": [{"_id": "5d52d176bb652c661e96d9e7", "c_kind": "visit"}], "c_sites": ["5d52d176bb652c661e96d9e8"]}"#,
                as: Study.self
            )

            """#
        let output = try await GeneratedPackage(
            name: "CortexSnapshot",
            modules: ["CortexSnapshot": Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) })],
            main: main
        ).buildAndRun()
        #expect(
            output.split(separator: "\n") == [
                "Script: unchanged", "View: unchanged", "Export: unchanged", "Account: unchanged", "Study: unchanged",
            ]
        )
    }
}
