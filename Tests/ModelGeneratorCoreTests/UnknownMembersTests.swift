import Testing

@testable import ModelGeneratorCore

/// Which structs keep the members their schema doesn't define (`unknownMembers`), and the config switch that turns it
/// off. `FidelityTests` (GeneratedModelsTests) checks what the kept members do at run time.
@Suite struct UnknownMembersTests {
    static let objects = """
        objects:
          - name: c_item
            properties:
              - { name: c_name, type: String }
              - name: c_size
                type: Document
                properties:
                  - { name: c_width, type: Number }
        """

    @Test func everyStructKeepsThemByDefaultWithTheKeysItReads() throws {
        let result = generate(["objects.yaml": Self.objects])
        let item = try #require(file(result, "Item.swift"), "\(result.files.map(\.path))")
        // The model and its nested document each keep their own.
        #expect(item.components(separatedBy: "public var unknownMembers: UnknownMembers = .init()").count == 3)
        #expect(item.contains(#"private static let _modeledKeys: Set<String> = ["c_width"]"#))
        #expect(item.contains(#""c_name""#))
        #expect(item.contains("try container.unknownMembers(Self._modeledKeys, of: decoder)"))
        #expect(item.contains("guard equalValues(lhs.unknownMembers, rhs.unknownMembers)"))
    }

    @Test func theConfigTurnsThemOff() throws {
        let result = generate(config: defaultConfig + "\nkeepUnknownMembers: false\n", ["objects.yaml": Self.objects])
        #expect(result.diagnostics.all.isEmpty, "\(messages(result))")
        let item = try #require(file(result, "Item.swift"))
        #expect(!item.contains("unknownMembers") && !item.contains("_modeledKeys"))
    }

    @Test func aPropertyNamedUnknownMembersIsRenamed() throws {
        let objects = """
            objects:
              - name: c_item
                properties:
                  - { name: unknownMembers, type: String }
            """
        let result = generate(["objects.yaml": objects])
        #expect(messages(result).contains { $0.contains("is named 'unknownMembersProperty' in Swift") })
        #expect(file(result, "Item.swift")?.contains("public var unknownMembersProperty: String?") == true)
    }
}
